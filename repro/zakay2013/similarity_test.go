package zakay2013

import "testing"

// TestNextPowerOfTwo: processor counts rounded up to partition sizes
// (Table II's powers-of-two reading); unknown counts stay unknown.
func TestNextPowerOfTwo(t *testing.T) {
	for _, tt := range []struct{ p, want int }{
		{-1, -1}, {0, 0}, {1, 1}, {2, 2}, {3, 4}, {4, 4}, {5, 8}, {64, 64}, {65, 128}, {1000, 1024},
	} {
		if got := nextPowerOfTwo(tt.p); got != tt.want {
			t.Errorf("nextPowerOfTwo(%d) = %d, want %d", tt.p, got, tt.want)
		}
	}
}
