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
