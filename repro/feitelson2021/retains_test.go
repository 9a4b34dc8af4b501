package feitelson2021

import (
	"strings"
	"testing"
)

// TestRetains: Fig. 19's "sessions retain their length despite increasing
// load" compares two ratios of replicate means, so it holds only beyond
// twice the standard error of their difference: the delta method on each
// replicate's linearised value, the replicates paired across α and load.
// Worked by hand (jobs per session [replicate][EASY, α = 1]): at 1× {1.98,
// 2.48}, {2.02, 2.52}, at 2× {1.78, 2.48}, {1.82, 2.52}: ratios 1.0 and
// 0.9, linearised values ±0.001, SE 0.001, so 0.1 holds. With α = 1 at 1×
// {2.6, 2.4} and at 2× {2.2, 2.4} the ratio 0.92 leads by 0.02, the
// linearised values are ±0.0758 and 2 SE 0.152: it does not. With one
// replicate the error is not measured: the text says so.
func TestRetains(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name        string
		first, end  [][]float64
		want        bool
		twoSE, diff string
	}{
		{"paired, far beyond", [][]float64{{1.98, 2.48}, {2.02, 2.52}}, [][]float64{{1.78, 2.48}, {1.82, 2.52}}, true, "2 SE 0.002", "+0.100"},
		{"within the paired error", [][]float64{{1.98, 2.6}, {2.02, 2.4}}, [][]float64{{1.78, 2.2}, {1.82, 2.4}}, false, "2 SE 0.152", "+0.020"},
		{"one replicate", [][]float64{{2.0, 2.5}}, [][]float64{{1.8, 2.3}}, true, "not measured", "+0.020"},
	} {
		mean := func(x [][]float64) []float64 {
			m := make([]float64, len(x[0]))
			for _, row := range x {
				for a, v := range row {
					m[a] += v / float64(len(x))
				}
			}
			return m
		}
		r := &Fig19Result{reps: len(tt.first), jsRep: map[float64][][]float64{1: tt.first, 2: tt.end},
			jobsPerSession: map[float64][]float64{1: mean(tt.first), 2: mean(tt.end)}}
		keep, easy := r.jobsPerSession[2][1]/r.jobsPerSession[1][1], r.jobsPerSession[2][0]/r.jobsPerSession[1][0]
		got, text := r.retains(keep, easy, 1, 2, 1)
		if got != tt.want || !strings.Contains(text, tt.twoSE) || !strings.Contains(text, tt.diff) {
			t.Errorf("%s: retains %v %q; want %v, %q and %q", tt.name, got, text, tt.want, tt.diff, tt.twoSE)
		}
	}
}
