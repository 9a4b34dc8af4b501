package feitelson2007

import (
	"math"
	"strings"
	"testing"
)

// TestSeedSpread: the replicate summary of fig10/autocorrelation, worked by
// hand. {1, 2, 3, 6}: range 1–6, mean 3, sample variance (4+1+0+9)/3 = 14/3,
// standard error √(14/3)/2 = 1.0801, two values at least 3. One value: no
// standard error.
func TestSeedSpread(t *testing.T) {
	t.Parallel()
	lo, hi, mean, se, n := seedSpread([]float64{1, 2, 3, 6}, 3)
	if lo != 1 || hi != 6 || mean != 3 || math.Abs(se-math.Sqrt(14.0/3)/2) > 1e-12 || n != 2 {
		t.Errorf("seedSpread: %v %v %v %v %v, want 1 6 3 %v 2", lo, hi, mean, se, n, math.Sqrt(14.0/3)/2)
	}
	if _, _, mean, se, n := seedSpread([]float64{4}, 3); mean != 4 || se != 0 || n != 1 {
		t.Errorf("one value: mean %v, se %v, n %v; want 4, 0, 1", mean, se, n)
	}
}

// TestSeedText: the note says the seeds settle the difference only when
// the mean lies more than 2 standard errors below 3. Hand-worked: {1, 1.2,
// 1.4, 1.6} has mean 1.3 and SE 0.129 (2 SE 0.26): settled; {1.2, 3.0,
// 0.7} (the quick mode's first three seeds) has mean 1.63 and SE 0.70:
// 1.63 + 1.40 ≥ 3, not settled.
func TestSeedText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		xs   []float64
		want string
	}{
		{[]float64{1, 1.2, 1.4, 1.6}, "is not one seed's"},
		{[]float64{1.2, 3.0, 0.7}, "do not settle"},
	} {
		r := &Fig10Result{seedLag50: c.xs}
		if got := r.seedText(); !strings.Contains(got, c.want) {
			t.Errorf("%v: %q, want it to say %q", c.xs, got, c.want)
		}
	}
}
