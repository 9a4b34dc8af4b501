package resample

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func TestBinomialMoments(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	for _, c := range []struct {
		n int
		p float64
	}{{437, 2.3 / 437}, {82, 0.5}, {10, 0.99}} {
		const draws = 100000
		var s, s2 float64
		for range draws {
			k := float64(binomial(rng, c.n, c.p))
			s += k
			s2 += k * k
		}
		mean := s / draws
		vr := s2/draws - mean*mean
		// Binomial mean n·p and variance n·p·(1−p); the standard error of
		// the mean of 10⁵ draws is √(var/10⁵).
		wantM, wantV := float64(c.n)*c.p, float64(c.n)*c.p*(1-c.p)
		if math.Abs(mean-wantM) > 5*math.Sqrt(wantV/draws) {
			t.Errorf("Binomial(%d, %v): mean %v, want %v", c.n, c.p, mean, wantM)
		}
		if math.Abs(vr-wantV) > 0.03*wantV {
			t.Errorf("Binomial(%d, %v): variance %v, want %v", c.n, c.p, vr, wantV)
		}
	}
	if binomial(rng, 5, 0) != 0 || binomial(rng, 5, 1) != 5 {
		t.Error("binomial with p = 0 or 1")
	}
}

func TestStochasticRound(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	const draws = 100000
	s := 0
	for range draws {
		k := stochasticRound(rng, 6.62)
		if k != 6 && k != 7 {
			t.Fatalf("stochasticRound(6.62) = %d", k)
		}
		s += k
	}
	// Mean 6.62; the standard error is √(0.62·0.38/10⁵) ≈ 0.0015.
	if m := float64(s) / draws; math.Abs(m-6.62) > 0.008 {
		t.Errorf("mean %v, want 6.62", m)
	}
}

func TestDistinct(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, 50).Draw(rt, "n")
		k := rapid.IntRange(0, n).Draw(rt, "k")
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 0))
		scratch := identity(n)
		got := slices.Clone(distinct(rng, k, scratch))
		if len(got) != k {
			rt.Fatalf("%d indices, want %d", len(got), k)
		}
		seen := map[int]bool{}
		for _, i := range got {
			if i < 0 || i >= n || seen[i] {
				rt.Fatalf("bad or repeated index %d in %v", i, got)
			}
			seen[i] = true
		}
		s := slices.Clone(scratch)
		slices.Sort(s)
		if !slices.Equal(s, identity(n)) {
			rt.Fatalf("scratch no longer a permutation: %v", scratch)
		}
		w := make([]float64, n)
		for i := range w {
			w[i] = float64(rapid.IntRange(0, 5).Draw(rt, "w"))
		}
		got = weightedDistinct(rng, w, k)
		seen = map[int]bool{}
		zeroSeen := false
		for _, i := range got {
			if seen[i] {
				rt.Fatalf("weightedDistinct repeated %d", i)
			}
			seen[i] = true
			if w[i] == 0 {
				zeroSeen = true
			} else if zeroSeen {
				rt.Fatalf("a positive weight after a zero weight: %v", got)
			}
		}
	})
}

func TestWeightedDistinctProportional(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	w := []float64{1, 2, 3, 4}
	var first [4]int
	const draws = 100000
	for range draws {
		first[weightedDistinct(rng, w, 1)[0]]++
	}
	for i, c := range first {
		p := w[i] / 10
		if got := float64(c) / draws; math.Abs(got-p) > 5*math.Sqrt(p*(1-p)/draws) {
			t.Errorf("index %d drawn first with frequency %v, want %v", i, got, p)
		}
	}
}

func TestRounds(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 30).Draw(rt, "n")
		count := rapid.IntRange(0, 100).Draw(rt, "count")
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 0))
		got := rounds(count, n, func(k int) []int { return distinct(rng, k, identity(n)) })
		if len(got) != count {
			rt.Fatalf("%d draws, want %d", len(got), count)
		}
		uses := make([]int, n)
		for _, i := range got {
			uses[i]++
		}
		// Every index is used ⌊count/n⌋ or ⌈count/n⌉ times: all before any
		// twice (2013 §6.3).
		for i, u := range uses {
			if u != count/n && u != count/n+1 {
				rt.Fatalf("index %d used %d times, count %d, n %d", i, u, count, n)
			}
		}
	})
}
