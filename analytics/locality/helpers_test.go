package locality

import (
	"math"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/datasets/datasetstest"
)

// loadLog reads a PWA log, shared between tests (datasetstest.Load).
func loadLog(tb testing.TB, name string) *datasets.Trace {
	tb.Helper()
	return datasetstest.Load(tb, name)
}

func observe(tb testing.TB, tr *datasets.Trace, a datasets.Attribute) Observations {
	tb.Helper()
	o, err := Observe(tr, a)
	if err != nil {
		tb.Fatal(err)
	}
	return o
}

// synthetic returns observations with n jobs evenly spread over days days
// whose values come from value(i).
func synthetic(n int, days float64, value func(i int) float64) Observations {
	t := make([]float64, n)
	v := make([]float64, n)
	for i := range t {
		t[i] = float64(i) * days * datasets.Day / float64(n)
		v[i] = value(i)
	}
	o, err := NewObservations("synthetic", datasets.Runtime, t, v)
	if err != nil {
		panic(err)
	}
	return o
}

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }
