package stationarity

import (
	"errors"
	"math"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// hourly returns 30 weeks of one job an hour on a machine of 100
// processors: 50 processors for 1800 s (load 0.25), the runtime scaled by
// firstThird in the first ten weeks; one job in 24 of unknown runtime.
func hourly(firstThird float64) *datasets.Trace {
	tr := datasets.NewTrace("hourly", 0)
	tr.Header.MaxProcs = 100
	n := 30 * 7 * 24
	for i := range n {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.Wait, j.Procs, j.Runtime = i+1, float64(i)*3600, 0, 50, 1800
		if i < n/3 {
			j.Runtime *= firstThird
		}
		if i%24 == 5 {
			j.Runtime = math.NaN()
		}
		tr.Append(j)
	}
	return tr
}

func TestMeasure(t *testing.T) {
	for _, tt := range []struct {
		name       string
		firstThird float64
		load0      float64 // the first window's load
		drift      float64
		rtRejected int // runtime tests rejecting at 1%
	}{
		// 23 of 24 jobs known: 0.25·23/24.
		{"stationary", 1, 0.25 * 23 / 24, 0, 0},
		// first third at half the runtime: loads x/2, x, x → mean 5x/6,
		// drift |0.5/(5/6) − 1| = 0.4; runtime differs between 0–1 and 0–2.
		{"first third half", 0.5, 0.125 * 23 / 24, 0.4, 2},
	} {
		r, err := Measure(hourly(tt.firstThird), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Windows) != 3 || len(r.Tests) != 9 {
			t.Fatalf("%s: %d windows, %d tests", tt.name, len(r.Windows), len(r.Tests))
		}
		// The first window holds 1680 jobs (the last submission closes the last).
		if r.Windows[0].Jobs != 1680 || math.Abs(r.Windows[0].Load-tt.load0) > 1e-3 {
			t.Errorf("%s: window 0 %d jobs load %v, want 1680, %v", tt.name, r.Windows[0].Jobs, r.Windows[0].Load, tt.load0)
		}
		if r.Windows[0].LoadJobs != 1680*23/24 {
			t.Errorf("%s: window 0 counts %d jobs in its load, want the 1610 of known runtime", tt.name, r.Windows[0].LoadJobs)
		}
		if math.Abs(r.Drift()-tt.drift) > 2e-3 {
			t.Errorf("%s: drift %v, want %v", tt.name, r.Drift(), tt.drift)
		}
		if rej, n := r.Rejected("runtime", 0.01); rej != tt.rtRejected || n != 3 {
			t.Errorf("%s: runtime rejected %d of %d, want %d of 3", tt.name, rej, n, tt.rtRejected)
		}
		if rej, _ := r.Rejected("procs", 0.01); rej != 0 {
			t.Errorf("%s: the size mix does not change, %d tests reject", tt.name, rej)
		}
		if df := r.WindowFrame(); df.Nrow() != 3 || df.Err != nil {
			t.Errorf("%s: window frame %v", tt.name, df)
		}
		if df := r.TestFrame(); df.Nrow() != 9 || df.Err != nil {
			t.Errorf("%s: test frame %v", tt.name, df)
		}
	}
}

func TestMeasureErrors(t *testing.T) {
	tr := hourly(1)
	for _, o := range []Options{{Windows: 1}, {Windows: MaxWindows + 1}, {Windows: 60}} {
		if _, err := Measure(tr, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	if _, err := Measure(tr, Options{Windows: 60}); !errors.Is(err, ErrTooShort) {
		t.Errorf("60 windows of 3.5 days: %v, want ErrTooShort", err)
	}
	empty := datasets.NewTrace("empty", 0)
	empty.Header.MaxProcs = 4
	if _, err := Measure(empty, Options{}); err == nil {
		t.Error("empty log: no error")
	}
	// A window whose jobs all have an unknown runtime has no load (not 0).
	blind := hourly(1)
	for i := range blind.Len() / 3 {
		blind.Runtime[i] = math.NaN()
	}
	if _, err := Measure(blind, Options{}); err == nil {
		t.Error("first third of unknown runtimes: no error")
	}
}
