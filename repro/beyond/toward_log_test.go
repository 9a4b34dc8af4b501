package beyond

import (
	"math"
	"testing"
)

// TestTowardLog: modelled estimates move the wait toward the log's real
// estimates only when the replicates' mean is closer to the real wait than
// the exact estimates' wait is by more than 2 SE of that mean. Worked by
// hand: replicates {100, 104} (mean 102, SD 2√2, SE 2), real 100, exact
// 110: distance 2 + 4 < 10 holds; exact 105: 2 + 4 > 5 does not (closer,
// within the noise); one replicate: strictly.
func TestTowardLog(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		modelled    []float64
		real, exact float64
		want        bool
		se          float64
	}{
		{[]float64{100, 104}, 100, 110, true, 2},
		{[]float64{100, 104}, 100, 105, false, 2},
		{[]float64{102}, 100, 105, true, 0},
	} {
		got, se := towardLog(tt.modelled, tt.real, tt.exact)
		if got != tt.want || math.Abs(se-tt.se) > 1e-12 {
			t.Errorf("towardLog(%v, %v, %v) = %v, %v; want %v, %v", tt.modelled, tt.real, tt.exact, got, se, tt.want, tt.se)
		}
	}
}
