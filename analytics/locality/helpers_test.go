package locality

import (
	"math"
	"os"
	"sync"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// loadLog reads a PWA log through datasets.Load. It skips the test when
// TRACELAB_DATA is unset; when it is set, a missing log fails the test.
func loadLog(tb testing.TB, name string) *datasets.Trace {
	tb.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		tb.Skip("TRACELAB_DATA not set")
	}
	logMu.Lock()
	defer logMu.Unlock()
	if t, ok := logCache[name]; ok {
		return t
	}
	t, err := datasets.Load(name)
	if err != nil {
		tb.Fatalf("load %s: %v", name, err)
	}
	logCache[name] = t
	return t
}

var (
	logMu    sync.Mutex
	logCache = map[string]*datasets.Trace{}
)

func observe(tb testing.TB, tr *datasets.Trace, a Attribute) Observations {
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
		t[i] = float64(i) * days * Day / float64(n)
		v[i] = value(i)
	}
	o, err := NewObservations("synthetic", Runtime, t, v)
	if err != nil {
		panic(err)
	}
	return o
}

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }
