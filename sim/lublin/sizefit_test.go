package lublin

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
)

func TestFitSizeRoundingRecovers(t *testing.T) {
	t.Parallel()
	p, _ := PaperParams(128)
	s := p.Classes[0].Size
	s.Serial = 0
	rng := rand.New(rand.NewPCG(5, 5))
	sizes := make([]int, 100_000)
	for i := range sizes {
		sizes[i] = s.Rand(rng)
	}
	got, err := FitSizeRounding(sizes, 0.8, 7)
	if err != nil {
		t.Fatal(err)
	}
	// the paper's model at 128 processors: m = 4.5, p = 0.86, p2 = 0.75
	if !scalar.EqualWithinAbs(got.TwoStage.Med, 4.5, 0.05) || !scalar.EqualWithinAbs(got.TwoStage.P, 0.86, 0.01) ||
		!scalar.EqualWithinAbs(got.Pow2, 0.75, 0.01) {
		t.Errorf("FitSizeRounding = %+v, want m 4.5, p 0.86, p2 0.75", got)
	}
	if got.TwoStage.Low != 0.8 || got.TwoStage.High != 7 {
		t.Errorf("ends %v, %v", got.TwoStage.Low, got.TwoStage.High)
	}
	cdf := got.TwoStage.CDF
	if ks := SizeKS(sizes, cdf, got.Pow2, 7); ks.D > 0.01 {
		t.Errorf("KS D of the fitted model %v", ks.D)
	}
	if _, err := FitSizeRounding([]int{2, 4, 1}, 0.8, 7); err == nil {
		t.Error("three sizes accepted")
	}
	if _, err := FitSizeRounding(sizes, 7, 0.8); err == nil {
		t.Error("empty range accepted")
	}
}
