package feitelson2007

import (
	"math"
	"testing"
)

// TestDecreasingMeans: Fig. 11's "M'_med decreases as θ grows" is a
// direction over means of random sequences, so by the ledger's word rule it
// holds when the fall from the smallest θ to the largest lies beyond 2 SE of
// the difference and no step between neighbours rises beyond 2 SE (a flat
// stretch within the noise is no rise). The cases are worked by hand: SEs
// of 0.003 give a step's SE √2·0.003 = 0.00424 (2 SE 0.00849).
func TestDecreasingMeans(t *testing.T) {
	t.Parallel()
	se := []float64{0.003, 0.003, 0.003, 0.003}
	for _, tt := range []struct {
		name  string
		means []float64
		want  bool
		rise  float64 // the step nearest a rise beyond 2 SE
	}{
		{"falls", []float64{0.18, 0.08, 0.04, 0.03}, true, -0.01},
		{"flat end within the noise", []float64{0.18, 0.08, 0.03, 0.035}, true, 0.005},
		{"a rise beyond 2 SE", []float64{0.18, 0.08, 0.03, 0.04}, false, 0.01},
		{"no fall beyond 2 SE", []float64{0.035, 0.034, 0.033, 0.030}, false, -0.001},
	} {
		d := decreasingMeans(tt.means, se)
		if got := d.holds(); got != tt.want {
			t.Errorf("%s: holds %v, want %v (%+v)", tt.name, got, tt.want, d)
		}
		if math.Abs(d.rise-tt.rise) > 1e-12 || math.Abs(d.riseSE-math.Sqrt2*0.003) > 1e-12 {
			t.Errorf("%s: rise %v (SE %v), want %v (SE %v)", tt.name, d.rise, d.riseSE, tt.rise, math.Sqrt2*0.003)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("one mean: no panic")
		}
	}()
	decreasingMeans([]float64{1}, []float64{0})
}
