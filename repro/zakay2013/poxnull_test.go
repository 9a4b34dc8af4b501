package zakay2013

import (
	"math/rand/v2"
	"testing"

	"github.com/tracelab/tracelab/analytics/selfsim"
)

// TestPoxLineHoldsOnNoise is why fig6/*/r2 ("close to a straight line",
// §5.3) is a check: the pox plot of independent counts (Poisson arrivals,
// no correlation at all) passes the same test, R² ≥ straightLine, so its
// agreement cannot tell a log from noise.
func TestPoxLineHoldsOnNoise(t *testing.T) {
	for _, tt := range []struct {
		n    int
		seed uint64
	}{{20000, 1}, {50000, 2}, {100000, 3}} {
		rng := rand.New(rand.NewPCG(tt.seed, 6))
		x := make([]float64, tt.n)
		for i := range x { // Poisson(3) counts: unit-rate arrivals in a bin of 3
			for s := rng.ExpFloat64(); s < 3; s += rng.ExpFloat64() {
				x[i]++
			}
		}
		p, err := selfsim.PoxPlot(x, selfsim.PoxOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if r2 := rSquared(p); r2 < straightLine {
			t.Errorf("n = %d: R² %.3f of independent counts below %g: the test would discriminate", tt.n, r2, straightLine)
		}
	}
}
