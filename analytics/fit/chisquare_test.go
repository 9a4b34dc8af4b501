package fit

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

func TestChiSquareScipy(t *testing.T) {
	t.Parallel()
	// scipy 1.10.1: obs = bincount(min(floor(10·F(x)), 9)), F the CDF of
	// expon(scale=2), x = −2.2·log(1−u) with Park–Miller(11), n = 1000;
	// scipy.stats.chisquare(obs, ddof=1) = (9.66, 0.2897047855100814).
	u := parkMiller(11, 1000)
	x := make([]float64, len(u))
	for i, v := range u {
		x[i] = -2.2 * math.Log1p(-v)
	}
	r := ChiSquare(x, 10, distuv.Exponential{Rate: 0.5}.CDF, 1)
	if math.Abs(r.Stat-9.66) > 1e-9 || math.Abs(r.P-0.2897047855100814) > 1e-9 || r.DF != 8 || r.N != 1000 {
		t.Errorf("ChiSquare = %+v, want stat 9.66 p 0.2897047855100814 df 8", r)
	}
}

func TestChiSquareCounts(t *testing.T) {
	t.Parallel()
	// Hand-computed: (10−8)²/8 + (6−8)²/8 + (8−8)²/8 + (0−0) skipped = 1,
	// df = 3 − 1 = 2, P = e^(−1/2) (χ² with 2 df has survival e^(−x/2)).
	r := ChiSquareCounts([]float64{10, 6, 8, 0}, []float64{8, 8, 8, 0}, 0)
	if r.Stat != 1 || r.DF != 2 || math.Abs(r.P-math.Exp(-0.5)) > 1e-14 {
		t.Errorf("ChiSquareCounts = %+v", r)
	}
	// Equal totals: Σ (m−d)²/(m+d) of section 7.3: (3−1)²/4 + (1−3)²/4 + 0 = 2.
	r = ChiSquareTwoSampleCounts([]float64{3, 1, 2}, []float64{1, 3, 2}, 0)
	if math.Abs(r.Stat-2) > 1e-14 || r.DF != 2 {
		t.Errorf("ChiSquareTwoSampleCounts = %+v, want stat 2 df 2", r)
	}
	// Unequal totals (A = 6, B = 12): (√2·3 − 2/√2)²/5 + … computed directly.
	a, b := []float64{3, 1, 2}, []float64{2, 6, 4}
	ka, kb := math.Sqrt(2), math.Sqrt(0.5)
	want := math.Pow(ka*3-kb*2, 2)/5 + math.Pow(ka*1-kb*6, 2)/7 + math.Pow(ka*2-kb*4, 2)/6
	if r := ChiSquareTwoSampleCounts(a, b, 0); math.Abs(r.Stat-want) > 1e-12 {
		t.Errorf("unequal totals: %v, want %v", r.Stat, want)
	}
}

func TestChiSquareBinnings(t *testing.T) {
	t.Parallel()
	// Draws from the model itself should not be rejected; draws from a
	// different model should be, with both binnings and against a CDF or a
	// sampled reference.
	model := HyperGamma{P: 0.685, Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03, Src: rand.NewPCG(1, 2)}
	other := HyperGamma{P: 0.6, Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03, Src: rand.NewPCG(3, 4)}
	same := drawN(model, 5000)
	diff := drawN(other, 5000)
	ref := drawN(model, 5000)
	for _, b := range []Binning{EqualProbability, EqualWidth} {
		o := ChiOptions{Bins: 20, Binning: b}
		if r := ChiSquareWith(same, model.CDF, o); r.P < 0.001 || r.DF != 19 {
			t.Errorf("binning %d: model vs itself %+v", b, r)
		}
		if r := ChiSquareWith(diff, model.CDF, o); r.P > 1e-6 {
			t.Errorf("binning %d: other model not rejected %+v", b, r)
		}
		if r := ChiSquareSample(same, ref, o); r.P < 0.001 {
			t.Errorf("binning %d: sample vs reference %+v", b, r)
		}
		if r := ChiSquareSample(diff, ref, o); r.P > 1e-4 { // the two-sample test has less power
			t.Errorf("binning %d: other sample not rejected %+v", b, r)
		}
	}
	// Equal-width bins by hand: x = 0, 0.5, 1.5, …, 9.5, 10 against the
	// uniform CDF on [0, 10]; 5 bins with edges 2, 4, 6, 8 hold 3 2 2 2 3
	// observations, 2.4 expected each: χ² = (0.36+0.16·3+0.36)/2.4 = 0.5.
	x := []float64{0, 10, math.NaN()}
	for v := 0.5; v < 10; v++ {
		x = append(x, v)
	}
	r := ChiSquareWith(x, func(x float64) float64 { return math.Min(1, math.Max(0, x/10)) },
		ChiOptions{Bins: 5, Binning: EqualWidth})
	if r.N != 12 || r.DF != 4 || math.Abs(r.Stat-0.5) > 1e-12 {
		t.Errorf("equal-width by hand: %+v, want stat 0.5 df 4 n 12", r)
	}
}
