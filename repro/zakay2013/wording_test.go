package zakay2013

import (
	"math"
	"testing"
)

// TestAboutRange: "about 70–85%" is the printed range widened by half a
// unit of its digit (0.695–0.855) and twice the cell's standard error
// (fractionSE: over 10000 users about 0.0045 at 0.69, so 0.69 is in; over
// 1000000 users about 0.00046, so 0.69 is out).
func TestAboutRange(t *testing.T) {
	for _, tt := range []struct {
		v    float64
		n    int
		want bool
	}{
		{0.695, 1000000, true},
		{0.855, 1000000, true},
		{0.69, 1000000, false},
		{0.86, 1000000, false},
		{0.69, 10000, true},
		{math.NaN(), 100, false},
	} {
		if got := aboutRange(tt.v, tt.n); got != tt.want {
			t.Errorf("aboutRange(%v, %d) = %v, want %v", tt.v, tt.n, got, tt.want)
		}
	}
}
