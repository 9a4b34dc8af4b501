package feitelson2021

import "testing"

// TestWaitLess: the caption of Fig. 15 with feedback says which share of
// the resampled logs wait less than the original's own feedback
// simulation (hand-counted).
func TestWaitLess(t *testing.T) {
	for _, c := range []struct {
		waits []float64
		ref   float64
		want  string
	}{
		{[]float64{1, 2, 3, 4}, 3.5, "75% of the resampled logs wait less"},
		{[]float64{1, 2, 3}, 2, "33% of the resampled logs wait less"}, // a tie is not less
		{[]float64{5}, 1, "0% of the resampled logs wait less"},
		{nil, 1, "no resampled log"},
	} {
		if got := waitLess(c.waits, c.ref); got != c.want {
			t.Errorf("waitLess(%v, %g) = %q, want %q", c.waits, c.ref, got, c.want)
		}
	}
}
