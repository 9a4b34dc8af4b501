package feitelson2021

import (
	"math"
	"strings"
	"testing"
)

// TestRetains: Fig. 19's "sessions retain their length despite increasing
// load" compares two ratios of replicate means, so it holds only beyond
// twice the standard error of their difference (the delta method). Worked
// by hand: 2 replicates of SD 0.02·√2 (SE of a mean 0.02); jobs per session
// at 1× (EASY, α = 1) 2.0 and 2.5, at 2× 1.8 and 2.5: ratios 1.0 and 0.9,
// SE √(1·2·(0.02/2.5)² + 0.81·((0.02/1.8)² + (0.02/2)²)) = 0.01758, so 0.1
// holds; with 2.3 at 2× for α = 1 the ratio 0.92 leads by 0.02 < 2 SE
// 0.0346. With one replicate the error is not measured: the text says so.
func TestRetains(t *testing.T) {
	t.Parallel()
	sd := 0.02 * math.Sqrt2
	for _, tt := range []struct {
		endLast float64
		reps    int
		want    bool
		twoSE   string
	}{
		{2.5, 2, true, "2 SE 0.035"},
		{2.3, 2, false, "2 SE 0.035"},
		{2.3, 1, true, "not measured"},
	} {
		r := &Fig19Result{reps: tt.reps, sessionSD: map[float64]float64{1: sd, 2: sd},
			jobsPerSession: map[float64][]float64{1: {2.0, 2.5}, 2: {1.8, tt.endLast}}}
		keep, easy := tt.endLast/2.5, 1.8/2.0
		got, text := r.retains(keep, easy, 1, 2, 1)
		if got != tt.want || !strings.Contains(text, tt.twoSE) {
			t.Errorf("α = 1 at 2×: %v, reps %d: retains %v %q; want %v and %q", tt.endLast, tt.reps, got, text, tt.want, tt.twoSE)
		}
	}
}
