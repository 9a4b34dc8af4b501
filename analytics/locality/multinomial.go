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
//
// pw, when not nil, memoises the powers q^m of the binomials (see powers):
// it must have been made for this p (newPowers(len(p))) and used with no
// other.
func multinomial(n int, p []float64, rng *rand.PCG, out []int, pw *powers) {
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
		var tab *[]float64
		if pw != nil {
			tab = &pw.tab[c]
		}
		k := binomial(n, p[c]/rest, rng, tab)
		out[c] = k
		n -= k
		rest -= p[c]
	}
}

// binomial draws from Bin(n, p) exactly by inversion of the CDF (the BINV
// algorithm of Kachitvichyanukul and Schmeiser, 1988), on the smaller of p
// and 1−p, in chunks of trials whose mean is at most 200 so that q^m never
// underflows. Its cost is O(n·min(p, 1−p)).
//
// tab, when not nil, keeps math.Pow(q, m) at index m for reuse by later
// draws with the same p (see powers); nil computes every power.
func binomial(n int, p float64, rng *rand.PCG, tab *[]float64) int {
	if p <= 0 || n == 0 {
		return 0
	}
	if p >= 1 {
		return n
	}
	if p > 0.5 {
		return n - binomial(n, 1-p, rng, tab)
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
		r := power(q, m, tab)
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

// powers memoises, per cell c of a multinomial distribution p, the powers
// q_c^m that binomial computes with math.Pow: q_c is fixed by p[c] and the
// sum of the cells after it, which is the same at every draw (multinomial
// reaches cell c with the same rest, or not at all), so each q_c^m is
// computed once and then read. The values are math.Pow's, so the draws are
// the same as without the memo. The bootstrap draws the same slice sizes
// at every repetition, so most powers are read rather than computed.
type powers struct {
	tab [][]float64 // tab[c][m] = q_c^m; 0 when not computed yet
}

// newPowers returns an empty memo for a distribution of cells cells.
func newPowers(cells int) *powers { return &powers{tab: make([][]float64, cells)} }

// maxMemoPower bounds the exponents powers keeps (the tables' length): a
// larger m is computed each time.
const maxMemoPower = 1 << 16

// power returns math.Pow(q, m), kept in *tab at index m when tab is not
// nil and m < maxMemoPower. A power of 0 (underflow) is computed again
// each time.
func power(q float64, m int, tab *[]float64) float64 {
	if tab == nil || m >= maxMemoPower {
		return math.Pow(q, float64(m))
	}
	t := *tab
	if m >= len(t) {
		t = append(t, make([]float64, max(m+1, 2*len(t))-len(t))...)
		*tab = t
	}
	if v := t[m]; v != 0 {
		return v
	}
	v := math.Pow(q, float64(m))
	t[m] = v
	return v
}
