package stationarity

import (
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestMeasureHostile: a machine size or submit time no reader produces is
// an error naming it. Before: Procs 2^40 gave loads of 8e-14; a submit of
// 1e300 said the log was "shorter than a week per window" (int(weeks)
// overflowed), NaN that it spanned NaN days; Procs −1 said the header had
// no machine size.
func TestMeasureHostile(t *testing.T) {
	t.Parallel()
	base := func() *datasets.Trace {
		tr := datasets.NewTrace("hostile", 300)
		tr.Header.MaxProcs = 16
		for i := range 300 {
			jb := datasets.UnknownJob()
			jb.JobID, jb.Submit, jb.Runtime, jb.Procs, jb.Wait = i+1, float64(i)*datasets.Week/10, 100, 1+i%8, 0
			tr.Append(jb)
		}
		return tr
	}
	if _, err := Measure(base(), Options{}); err != nil {
		t.Fatalf("ordinary log: %v", err)
	}
	for _, c := range []struct {
		name    string
		change  func(tr *datasets.Trace)
		opts    Options
		wantErr string
	}{
		{"Procs 2^40", nil, Options{Procs: 1 << 40}, "machine size out of range"},
		{"Procs −1", nil, Options{Procs: -1}, "machine size -1"},
		{"submit 1e300", func(tr *datasets.Trace) { tr.Submit[5] = 1e300 }, Options{}, "row 5) has submit time 1e+300"},
		{"submit NaN", func(tr *datasets.Trace) { tr.Submit[7] = math.NaN() }, Options{}, "row 7) has submit time NaN"},
	} {
		tr := base()
		if c.change != nil {
			c.change(tr)
		}
		if _, err := Measure(tr, c.opts); err == nil || !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.wantErr)
		}
	}
}
