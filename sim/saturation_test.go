package sim

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

func TestDetectSaturation(t *testing.T) {
	t.Parallel()
	ramp := func(n, a, b int) []int { // a + b·k
		v := make([]int, n)
		for k := range v {
			v[k] = a + b*k
		}
		return v
	}
	cases := []struct {
		name      string
		weekly    []int
		opts      SaturationOptions
		suffix    []int
		used      int
		slope     float64
		saturated bool
	}{
		{name: "constant", weekly: []int{5, 5, 5, 5, 5}, suffix: []int{5, 5, 5, 5, 5}, used: 4, slope: 0},
		// Growth of 3 jobs a week: slope 3 (closed form), saturated.
		{name: "growing", weekly: ramp(10, 2, 3), suffix: ramp(10, 2, 3), used: 8, slope: 3, saturated: true},
		// A fluctuation that drains away: the suffix minimum removes it.
		{name: "fluctuation", weekly: []int{2, 40, 80, 30, 3, 2, 4, 3, 2, 3},
			suffix: []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 3}, used: 8, slope: 0},
		// A rise in the last 20% only is dropped before the regression.
		{name: "late rise", weekly: []int{1, 1, 1, 1, 1, 1, 1, 1, 50, 90},
			suffix: []int{1, 1, 1, 1, 1, 1, 1, 1, 50, 90}, used: 8, slope: 0},
		// Exactly one job a week more is not above the threshold.
		{name: "threshold", weekly: ramp(6, 0, 1), suffix: ramp(6, 0, 1), used: 5, slope: 1},
		{name: "no drop", weekly: []int{1, 1, 1, 1, 10}, opts: SaturationOptions{NoDrop: true, Threshold: 1},
			suffix: []int{1, 1, 1, 1, 10}, used: 5, slope: 1.8, saturated: true},
		// The relative threshold: 3 jobs a week is below 0.5% of 1,000
		// arrivals a week (5), above 0.5% of 100 (still the absolute 1).
		{name: "relative", weekly: ramp(10, 2, 3), opts: SaturationOptions{Relative: 0.005, ArrivalsPerWeek: 1000},
			suffix: ramp(10, 2, 3), used: 8, slope: 3},
		{name: "relative, few arrivals", weekly: ramp(10, 2, 3), opts: SaturationOptions{Relative: 0.005, ArrivalsPerWeek: 100},
			suffix: ramp(10, 2, 3), used: 8, slope: 3, saturated: true},
		{name: "too short", weekly: []int{7}, suffix: []int{7}, used: 1, slope: math.NaN()},
		{name: "empty", weekly: nil, suffix: []int{}, used: 0, slope: math.NaN()},
	}
	for _, c := range cases {
		s := DetectSaturation(c.weekly, c.opts)
		if !slices.Equal(s.SuffixMin, c.suffix) || s.Used != c.used || s.Saturated != c.saturated {
			t.Errorf("%s: suffix %v used %d saturated %v, want %v %d %v", c.name, s.SuffixMin, s.Used, s.Saturated,
				c.suffix, c.used, c.saturated)
		}
		if !(math.Abs(s.Slope-c.slope) < 1e-12 || math.IsNaN(s.Slope) && math.IsNaN(c.slope)) {
			t.Errorf("%s: slope %v, want %v", c.name, s.Slope, c.slope)
		}
	}
}

// headerless returns a log without a header in the manner of

// Negative options are a programmer's error: DetectSaturation panics.
func TestDetectSaturationNegative(t *testing.T) {
	t.Parallel()
	for _, o := range []SaturationOptions{{Drop: -1}, {Drop: 1}, {Threshold: -1}, {Relative: -0.1}, {ArrivalsPerWeek: -5}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("DetectSaturation(%+v) did not panic", o)
				}
			}()
			DetectSaturation([]int{1, 2, 3}, o)
		}()
	}
}

// METACENTRUM-2009-2: for 12 weeks, jobs of 1 to 60 processors (widest 60)
// arriving every 10 minutes, each running 3 hours with no wait, so that 18
// run at once, on up to 43 + 44 + … + 60 = 927 processors.
func headerless() *datasets.Trace {
	n := int(12 * datasets.Week / 600)
	tr := datasets.NewTrace("headerless", n)
	for i := range n {
		j := datasets.UnknownJob()
		j.JobID, j.User, j.Submit, j.Wait, j.Runtime = i+1, 1+i%7, float64(i)*600, 0, 3*3600
		j.Procs, j.ReqTime = 1+i%60, 3*3600
		tr.Append(j)
	}
	return tr
}

// TestReplayMachineAndSaturation: a headerless log replays on the peak
// processors in use (so it runs as logged), and on its widest job's size
// (what a machine size from the widest job would give) the replay is
// flagged as saturated.
func TestReplayMachineAndSaturation(t *testing.T) {
	t.Parallel()
	tr := headerless()
	cases := []struct {
		name      string
		procs     int
		wantProcs int
		wantRule  datasets.SizeRule
		saturated bool
	}{
		{"inferred", 0, 927, datasets.SizePeakInUse, false},
		{"widest job", 60, 60, datasets.SizeGiven, true},
	}
	for _, c := range cases {
		r, err := Replay(tr, &EASY{}, Options{Procs: c.procs})
		if err != nil {
			t.Fatal(err)
		}
		s := r.Saturation(ReplaySaturation)
		if r.Procs != c.wantProcs || r.ProcsRule != c.wantRule || s.Saturated != c.saturated {
			t.Errorf("%s: procs %d (%v), saturated %v (slope %.1f, threshold %.1f); want %d (%v), %v",
				c.name, r.Procs, r.ProcsRule, s.Saturated, s.Slope, s.Threshold, c.wantProcs, c.wantRule, c.saturated)
		}
	}
	// No start times and no size: the caller must give one.
	for i := range tr.Wait {
		tr.Wait[i] = math.NaN()
	}
	if _, err := Replay(tr, &EASY{}, Options{}); !errors.Is(err, datasets.ErrNoMachineSize) {
		t.Errorf("no waits, no header: %v, want ErrNoMachineSize", err)
	}
}
