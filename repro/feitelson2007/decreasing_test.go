package feitelson2007

import (
	"math"
	"testing"
)

// TestDecreasingPaired: Fig. 11's "M'_med decreases as θ grows" is a
// direction over means of random sequences, so by the ledger's word rule it
// holds when the fall from the smallest θ to the largest lies beyond 2 SE of
// the difference and no step between neighbours rises beyond 2 SE (a flat
// stretch within the noise is no rise). Sequence s of every θ shares its
// seed, so each difference's error is that of the sequences' paired
// differences. Worked by hand with 2 sequences per θ ([θ][sequence]).
func TestDecreasingPaired(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name         string
		vals         [][]float64
		want         bool
		rise, riseSE float64 // the step nearest a rise beyond 2 SE
		fall, fallSE float64
	}{
		// Every sequence falls by the same steps: paired SE 0.
		{"falls", [][]float64{{0.17, 0.19}, {0.07, 0.09}, {0.03, 0.05}, {0.02, 0.04}}, true, -0.01, 0, 0.15, 0},
		// The last step rises by 0.005 in both sequences: beyond its
		// paired 2 SE of 0. Taken as unpaired (each mean's SE 0.01) its
		// 2 SE would be 0.028 and hide it.
		{"a rise the pairing shows", [][]float64{{0.17, 0.19}, {0.07, 0.09}, {0.02, 0.04}, {0.025, 0.045}}, false, 0.005, 0, 0.145, 0},
		// The last step: +0.015 and −0.005, mean 0.005, SE 0.01; the fall
		// 0.135 and 0.155, SE 0.01.
		{"flat end within the noise", [][]float64{{0.17, 0.19}, {0.07, 0.09}, {0.02, 0.04}, {0.035, 0.035}}, true, 0.005, 0.01, 0.145, 0.01},
		// Falls of −0.010 and +0.020: mean 0.005, SE 0.015.
		{"no fall beyond 2 SE", [][]float64{{0.030, 0.040}, {0.034, 0.034}, {0.033, 0.033}, {0.040, 0.020}}, false, -0.001, 0, 0.005, 0.015},
	} {
		d := decreasingPaired(tt.vals)
		if got := d.holds(); got != tt.want {
			t.Errorf("%s: holds %v, want %v (%+v)", tt.name, got, tt.want, d)
		}
		near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
		if !near(d.rise, tt.rise) || !near(d.riseSE, tt.riseSE) || !near(d.fall, tt.fall) || !near(d.fallSE, tt.fallSE) {
			t.Errorf("%s: rise %v (SE %v), fall %v (SE %v); want %v (%v), %v (%v)", tt.name, d.rise, d.riseSE, d.fall, d.fallSE, tt.rise, tt.riseSE, tt.fall, tt.fallSE)
		}
	}
	for _, bad := range [][][]float64{{{1}}, {{1, 2}, {1}}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%v: no panic", bad)
				}
			}()
			decreasingPaired(bad)
		}()
	}
}
