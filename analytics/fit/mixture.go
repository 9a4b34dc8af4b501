package fit

import (
	"math"
	"math/rand/v2"
)

// uniform returns a uniform draw in [0, 1) from src, or from the global
// source when src is nil (the same construction as rand.Rand.Float64).
func uniform(src rand.Source) float64 {
	if src == nil {
		return rand.Float64()
	}
	return float64(src.Uint64()<<11>>11) / (1 << 53)
}

// logMix returns log(p·e^a + (1−p)·e^b) without overflow.
func logMix(p, a, b float64) float64 {
	switch {
	case p <= 0:
		return b
	case p >= 1:
		return a
	}
	la := math.Log(p) + a
	lb := math.Log1p(-p) + b
	if math.IsInf(la, -1) && math.IsInf(lb, -1) {
		return math.Inf(-1)
	}
	if la > lb {
		return la + math.Log1p(math.Exp(lb-la))
	}
	return lb + math.Log1p(math.Exp(la-lb))
}

// mixtureQuantile inverts a continuous, non-decreasing cdf on the bracket
// [lo, hi] (cdf(lo) ≤ p ≤ cdf(hi)) by safeguarded bisection to full double
// precision. The quantile of a two-component mixture always lies between the
// quantiles of its components at the same p, which gives the bracket.
func mixtureQuantile(cdf func(float64) float64, p, lo, hi float64) float64 {
	if lo > hi {
		lo, hi = hi, lo
	}
	if lo == hi {
		return lo
	}
	for i := 0; i < 200; i++ {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if cdf(mid) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

func checkProb(p float64) {
	if !(p >= 0 && p <= 1) {
		panic("fit: quantile probability outside [0, 1]")
	}
}
