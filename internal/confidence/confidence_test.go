package confidence

import (
	"math"
	"testing"
)

// TestMean95: Student's t interval, checked against scipy:
// scipy.stats.t.interval(0.95, 3, loc=2.5, scale=stats.sem([1,2,3,4]))
// = (0.4457, 4.5543).
func TestMean95(t *testing.T) {
	ci := Mean95([]float64{1, 2, 3, 4})
	if ci.Mean != 2.5 || math.Abs(ci.Lo-0.4457) > 1e-4 || math.Abs(ci.Hi-4.5543) > 1e-4 || ci.N != 4 {
		t.Errorf("Mean95 = %+v", ci)
	}
	if one := Mean95([]float64{7}); one.Lo != 7 || one.Hi != 7 || one.N != 1 {
		t.Errorf("one value: %+v", one)
	}
}
