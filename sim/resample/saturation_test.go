package resample

import (
	"math"
	"slices"
	"testing"
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
		{name: "no drop", weekly: []int{1, 1, 1, 1, 10}, opts: SaturationOptions{Drop: -1, Threshold: 1},
			suffix: []int{1, 1, 1, 1, 10}, used: 5, slope: 1.8, saturated: true},
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
