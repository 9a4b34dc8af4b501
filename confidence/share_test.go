package confidence

import (
	"math"
	"testing"
)

// TestShareSE: √(p(1−p)/n) worked by hand: p = 0.1, n = 100 gives 0.03; a
// share of 0 or 1 has no sampling error.
func TestShareSE(t *testing.T) {
	for _, tt := range []struct {
		p    float64
		n    int
		want float64
	}{{0.1, 100, 0.03}, {0.5, 25, 0.1}, {0, 10, 0}, {1, 10, 0}} {
		if got := ShareSE(tt.p, tt.n); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("ShareSE(%v, %d) = %v, want %v", tt.p, tt.n, got, tt.want)
		}
	}
}
