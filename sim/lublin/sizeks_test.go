package lublin

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/internal/rapidtest"
)

// twoStageTest is the CDF of log2 size under a two-stage uniform (1.5,
// 4.2, 7.3, 0.6), as fitted to a small machine.
func twoStageTest(x float64) float64 { return twoStageCDF(x, 1.5, 4.2, 7.3, 0.6) }

// TestParallelSizeCDF: the closed form equals the sum of the masses
// (ParallelSizePMF) at every size, with a bound on power-of-two sizes and
// without.
func TestParallelSizeCDF(t *testing.T) {
	t.Parallel()
	for _, high := range []float64{7.3, math.Inf(1), -1} {
		for _, q := range []float64{0, 0.4, 1} {
			var sum float64
			for n := 1; n <= 2000; n++ {
				sum += ParallelSizePMF(n, twoStageTest, q, high)
				if got := ParallelSizeCDF(n, twoStageTest, q, high); !scalar.EqualWithinAbs(got, sum, 1e-12) {
					t.Fatalf("high %v q %v: CDF(%d) = %v, sum of PMF %v", high, q, n, got, sum)
				}
			}
		}
	}
	if ParallelSizeCDF(0, twoStageTest, 0.4, 7.3) != 0 || ParallelSizeCDF(1<<62, twoStageTest, 0.4, 7.3) != 1 {
		t.Error("CDF at 0 and at 2^62")
	}
}

// sizeKSDense is SizeKS as defined: every size from 1 to the largest.
func sizeKSDense(sizes []int, cdf func(float64) float64, q, high float64) float64 {
	maxSize, n := 0, 0
	for _, s := range sizes {
		if s >= 1 {
			maxSize, n = max(maxSize, s), n+1
		}
	}
	count := make([]int, maxSize+1)
	for _, s := range sizes {
		if s >= 1 {
			count[s]++
		}
	}
	var fe, fm, d float64
	for k := 1; k <= maxSize; k++ {
		fe += float64(count[k]) / float64(n)
		fm += ParallelSizePMF(k, cdf, q, high)
		d = math.Max(d, math.Abs(fe-fm))
	}
	return d
}

// TestSizeKSSparse: checking only the observed sizes and their
// neighbours gives the distance of the definition (every size).
func TestSizeKSSparse(t *testing.T) {
	t.Parallel()
	rapidtest.Check(t, func(rt *rapid.T) {
		sizes := rapid.SliceOfN(rapid.IntRange(-1, 300), 1, 60).Draw(rt, "sizes")
		q := rapid.Float64Range(0, 1).Draw(rt, "q")
		high := rapid.SampledFrom([]float64{7.3, 5, math.Inf(1)}).Draw(rt, "high")
		got := SizeKS(sizes, twoStageTest, q, high)
		if got.N == 0 {
			if !math.IsNaN(got.D) {
				rt.Fatalf("no size ≥ 1: D = %v, want NaN", got.D)
			}
			return
		}
		if want := sizeKSDense(sizes, twoStageTest, q, high); !scalar.EqualWithinAbs(got.D, want, 1e-12) {
			rt.Fatalf("D = %v, dense %v", got.D, want)
		}
	})
}

// TestSizeKSHugeJob: one job of 2^51 processors (issue 25: model lublin
// once allocated a count per processor) costs no more than any other.
func TestSizeKSHugeJob(t *testing.T) {
	t.Parallel()
	sizes := []int{2, 4, 4, 8, 16, 1 << 51}
	r := SizeKS(sizes, twoStageTest, 0.4, 7.3)
	if r.N != 6 || !(r.D > 0 && r.D <= 1) || r.At > 1<<51 {
		t.Errorf("SizeKS = %+v", r)
	}
}
