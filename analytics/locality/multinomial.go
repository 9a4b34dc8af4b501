package locality

import (
	"math"
	"math/rand/v2"
)

// multinomial draws the counts of n independent draws among len(p) cells
// with probabilities p (summing to 1) into out, exactly, as a sequence of
// conditional binomials: n_c ~ Bin(n − Σ_{k<c} n_k, p_c / Σ_{k≥c} p_k).
// Its cost grows with the expected counts, not with n: a slice of 700
// jobs in 24 ranges costs 24 binomials of mean ≈ 30 instead of 700 draws.
func multinomial(n int, p []float64, rng *rand.PCG, out []int) {
	rest := 1.0
	for c := range p {
		if n == 0 {
			out[c] = 0
			continue
		}
		if c == len(p)-1 || p[c] >= rest {
			out[c] = n
			n = 0
			continue
		}
		k := binomial(n, p[c]/rest, rng)
		out[c] = k
		n -= k
		rest -= p[c]
	}
}

// binomial draws from Bin(n, p) exactly by inversion of the CDF (the BINV
// algorithm of Kachitvichyanukul and Schmeiser, 1988), on the smaller of p
// and 1−p, in chunks of trials whose mean is at most 200 so that q^m never
// underflows. Its cost is O(n·min(p, 1−p)).
func binomial(n int, p float64, rng *rand.PCG) int {
	if p <= 0 || n == 0 {
		return 0
	}
	if p >= 1 {
		return n
	}
	if p > 0.5 {
		return n - binomial(n, 1-p, rng)
	}
	q := 1 - p
	chunk := n
	if float64(n)*p > 200 {
		chunk = max(1, int(200/p))
	}
	total := 0
	for n > 0 {
		m := min(chunk, n)
		n -= m
		s := p / q
		a := float64(m+1) * s
		r := math.Pow(q, float64(m))
		u := float64(rng.Uint64()>>11) / (1 << 53)
		x := 0
		for u > r && x < m {
			u -= r
			x++
			r *= a/float64(x) - s
		}
		total += x
	}
	return total
}
