package locality

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestDiversity(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(6, 6))
	mk := func(name string, n int, f func() float64) Observations {
		o := synthetic(n, 10, func(int) float64 { return f() })
		o.Name = name
		return o
	}
	a := mk("a", 20000, rng.Float64)
	b := mk("b", 20000, rng.Float64)
	c := mk("c", 2000, func() float64 { return rng.Float64() / 4 }) // only the lowest quarter
	df, err := Diversity([]Observations{a, b, c}, DiversityOptions{Reps: 100})
	if err != nil {
		t.Fatal(err)
	}
	dev := df.Col("max_deviation").Float()
	rnd := df.Col("random_deviation").Float()
	// c is about 1/21 of the pool, so the global distribution is close to
	// uniform; c fills the lowest quarter: about 6 of 24 ranges, m ≈
	// (1/6 − 1/24)/(23/24) ≈ 0.13.
	if dev[2] < 0.10 || dev[0] > 0.03 || dev[1] > 0.03 {
		t.Errorf("deviations %v", dev)
	}
	for i, v := range rnd {
		if math.IsNaN(v) || v <= 0 || v > 0.05 {
			t.Errorf("log %d random deviation %v", i, v)
		}
	}
	// Equal weights make c a third of the global distribution: a and b
	// move away from it, c comes closer.
	eq, err := Diversity([]Observations{a, b, c}, DiversityOptions{SkipBootstrap: true, Weighting: EqualWeighted})
	if err != nil {
		t.Fatal(err)
	}
	ed := eq.Col("max_deviation").Float()
	if ed[0] <= dev[0] || ed[2] >= dev[2] {
		t.Errorf("equal weights: deviations %v, job weights %v", ed, dev)
	}
	if _, err := Diversity([]Observations{a}, DiversityOptions{}); err == nil {
		t.Error("one log: no error")
	}
}

// TestDiversityLowerFloor: with tied values whole in the lower range the
// ranges hold unequal shares of the global mass, so a random sample's
// deviation has a floor that does not shrink with its size, the same for
// every log; with split ties it shrinks as 1/√N. Worked by hand, r = 4:
// 40% of the jobs have value 0, the rest one each of 1…60 (1% each); the
// bounds F⁻¹(k/4) are 0, 10 and 35, so the lower ranges hold {0} 40%,
// 1…10 10%, 11…35 25%, 36…60 25%, and m of an exact sample is
// (0.40 − 0.25)/(1 − 0.25) = 0.2.
func TestDiversityLowerFloor(t *testing.T) {
	t.Parallel()
	mk := func(name string, n int) Observations {
		o := synthetic(n, 10, func(i int) float64 {
			if i%100 < 40 {
				return 0
			}
			return float64(i%100 - 39)
		})
		o.Name = name
		return o
	}
	small, large := mk("small", 1000), mk("large", 100000)
	for _, tt := range []struct {
		ties   Ties
		lo, hi [2]float64 // bounds of the random deviation of small, large
	}{
		{TiesLower, [2]float64{0.17, 0.23}, [2]float64{0.195, 0.205}},
		{TiesSplit, [2]float64{0.005, 0.05}, [2]float64{0.0005, 0.005}},
	} {
		df, err := Diversity([]Observations{small, large}, DiversityOptions{Ranges: 4, Ties: tt.ties, Reps: 200, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		rnd := df.Col("random_deviation").Float()
		t.Logf("%s: random deviations %v", tt.ties, rnd)
		if rnd[0] < tt.lo[0] || rnd[0] > tt.lo[1] || rnd[1] < tt.hi[0] || rnd[1] > tt.hi[1] {
			t.Errorf("%s: random deviations %v, want %v and %v", tt.ties, rnd, tt.lo, tt.hi)
		}
	}
}
