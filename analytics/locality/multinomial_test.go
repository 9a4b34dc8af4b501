package locality

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// The sample mean and variance of 100,000 draws match n·p and n·p·(1−p)
// within 5 standard errors, for small and large means (chunked).
func TestBinomial(t *testing.T) {
	t.Parallel()
	rng := rand.NewPCG(1, 2)
	for _, tt := range []struct {
		n int
		p float64
	}{{1, 0.3}, {10, 0.05}, {700, 1.0 / 24}, {60, 0.5}, {100, 0.9}, {5000, 0.3}, {3, 1}, {7, 0}} {
		const draws = 100000
		var s, s2 float64
		for range draws {
			x := float64(binomial(tt.n, tt.p, rng, nil))
			if x < 0 || x > float64(tt.n) {
				t.Fatalf("Bin(%d, %v) gave %v", tt.n, tt.p, x)
			}
			s += x
			s2 += x * x
		}
		mean := s / draws
		v := s2/draws - mean*mean
		wantMean := float64(tt.n) * tt.p
		wantVar := wantMean * (1 - tt.p)
		if se := math.Sqrt(wantVar / draws); math.Abs(mean-wantMean) > 5*se+1e-12 {
			t.Errorf("Bin(%d, %v): mean %v, want %v ± %v", tt.n, tt.p, mean, wantMean, 5*se)
		}
		// The variance of the sample variance is about 2σ⁴/draws for
		// near-normal counts; allow 10%.
		if math.Abs(v-wantVar) > 0.1*wantVar+1e-12 {
			t.Errorf("Bin(%d, %v): variance %v, want %v", tt.n, tt.p, v, wantVar)
		}
	}
}

// The frequencies of Bin(5, 0.3) match its probability mass function.
func TestBinomialPMF(t *testing.T) {
	t.Parallel()
	rng := rand.NewPCG(5, 6)
	// C(5,k) 0.3^k 0.7^(5−k)
	pmf := []float64{0.16807, 0.36015, 0.3087, 0.1323, 0.02835, 0.00243}
	const draws = 200000
	var f [6]float64
	for range draws {
		f[binomial(5, 0.3, rng, nil)]++
	}
	for k, want := range pmf {
		se := math.Sqrt(want * (1 - want) / draws)
		if got := f[k] / draws; math.Abs(got-want) > 5*se {
			t.Errorf("P(X=%d) = %v, want %v ± %v", k, got, want, 5*se)
		}
	}
}

// Multinomial counts sum to n and each cell is Bin(n, p_c).
func TestMultinomial(t *testing.T) {
	t.Parallel()
	rng := rand.NewPCG(3, 4)
	p := []float64{0.5, 0, 0.2, 0.25, 0.05}
	const n, draws = 300, 50000
	out := make([]int, len(p))
	sum := make([]float64, len(p))
	for range draws {
		multinomial(n, p, rng, out, nil)
		tot := 0
		for c, k := range out {
			tot += k
			sum[c] += float64(k)
		}
		if tot != n {
			t.Fatalf("counts %v sum to %d", out, tot)
		}
	}
	for c, pc := range p {
		want := n * pc
		se := math.Sqrt(n * pc * (1 - pc) / draws)
		if got := sum[c] / draws; math.Abs(got-want) > 5*se+1e-12 {
			t.Errorf("cell %d: mean %v, want %v ± %v", c, got, want, 5*se)
		}
	}
}

// TestMultinomialPowers checks that the memo of powers changes no draw:
// two streams with the same seed, one drawing with a memo kept across
// every draw (as a bootstrap worker keeps it across repetitions) and one
// without, give the same counts, for distributions with a cell above 1/2
// (binomial's flipped branch), empty cells, tiny cells (long chunks) and
// sizes from 0 to past maxMemoPower.
func TestMultinomialPowers(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SliceOfN(rapid.OneOf(rapid.Float64Range(0, 1), rapid.Just(0.0), rapid.Float64Range(0, 1e-4), rapid.Just(5.0)),
			1, 40).Draw(t, "weights")
		var total float64
		for _, x := range w {
			total += x
		}
		if total == 0 {
			w[0], total = 1, 1
		}
		p := make([]float64, len(w))
		for c := range w {
			p[c] = w[c] / total
		}
		sizes := rapid.SliceOfN(rapid.OneOf(rapid.IntRange(0, 3000), rapid.IntRange(maxMemoPower-50, maxMemoPower+50)),
			1, 12).Draw(t, "sizes")
		seed := rapid.Uint64().Draw(t, "seed")
		a, b := rand.NewPCG(seed, 1), rand.NewPCG(seed, 1)
		pw := newPowers(len(p))
		oa, ob := make([]int, len(p)), make([]int, len(p))
		for range 20 {
			for _, n := range sizes {
				multinomial(n, p, a, oa, pw)
				multinomial(n, p, b, ob, nil)
				if !slices.Equal(oa, ob) {
					t.Fatalf("Mult(%d, %v): with the memo %v, without %v", n, p, oa, ob)
				}
			}
		}
	})
}
