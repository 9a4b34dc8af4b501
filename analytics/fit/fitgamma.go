package fit

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat/distuv"
)

// FitExponential returns the maximum-likelihood exponential distribution for
// x with optional weights w (nil means all weights are 1): the rate is
// Σw / Σw·x, the inverse of the weighted mean (Lublin and Feitelson, section
// 3.2.2, derive θ = mean for the mean parameterisation). x must be ≥ 0.
// Errors: ErrTooFew, ErrNonFinite, ErrNegative, ErrConstant, ErrWeights.
func FitExponential(x, w []float64) (distuv.Exponential, Result, error) {
	n, sw, err := checkData(x, w, nonNegative)
	if err != nil {
		return distuv.Exponential{}, Result{N: n}, err
	}
	var swx float64
	for i, v := range x {
		swx += weight(w, i) * v
	}
	rate := sw / swx
	ll := sw*math.Log(rate) - rate*swx
	return distuv.Exponential{Rate: rate}, Result{LogLik: ll, N: n, Converged: true}, nil
}

// FitGamma returns the maximum-likelihood Gamma distribution (shape α, scale
// β) for x > 0 with optional weights w (nil means all weights are 1).
//
// With the weighted means m = Σw·x/Σw and l = Σw·log x/Σw, the likelihood
// equations reduce to
//
//	log α − ψ(α) = s = log m − l,   β = m/α,
//
// which is solved by Newton's method in log α starting from Minka's
// approximation α0 = (3 − s + √((s−3)² + 24s)) / (12s); ψ is gonum's
// mathext.Digamma (an asymptotic series is used for α ≥ 20, where
// log α − ψ(α) is tiny). This is the estimator of Matlab's gamfit used by
// Lublin and Feitelson and of scipy.stats.gamma.fit(x, floc=0).
// Errors: ErrTooFew, ErrNonFinite, ErrNonPositive, ErrConstant, ErrWeights.
func FitGamma(x, w []float64) (Gamma, Result, error) {
	n, sw, err := checkData(x, w, positive)
	if err != nil {
		return Gamma{}, Result{N: n}, err
	}
	// The Gamma family is closed under scaling: when Σw·x overflows
	// (values near MaxFloat64), fit x·2^k, exactly, and scale back.
	k := 0
	swx, swl := gammaSums(x, w, k)
	if math.IsInf(swx, 0) {
		_, kx := math.Frexp(floats.Max(x))
		_, kw := math.Frexp(sw)
		k = -kx - kw
		swx, swl = gammaSums(x, w, k)
	}
	a, b, it, ok := gammaMLE(sw, swx, swl)
	if !(a > 0) || !(b > 0) || math.IsInf(a, 0) {
		return Gamma{}, Result{N: n}, fmt.Errorf("%w (log mean − mean log = %v)", ErrConstant, math.Log(swx/sw)-swl/sw)
	}
	ll := gammaLogLik(a, b, sw, swx, swl) + sw*float64(k)*math.Ln2 // densities scale by 2^k
	return Gamma{Alpha: a, Beta: math.Ldexp(b, -k)}, Result{LogLik: ll, N: n, Iterations: it, Converged: ok}, nil
}

// gammaSums returns Σw·x·2^k and Σw·log(x·2^k) over the weighted values
// (k is 0 but for values near MaxFloat64). log(2^k) is k·ln 2, as
// math.Log is inexact for subnormal numbers.
func gammaSums(x, w []float64, k int) (swx, swl float64) {
	scale, logScale := math.Ldexp(1, k), float64(k)*math.Ln2
	for i, v := range x {
		wi := weight(w, i)
		if wi == 0 {
			continue
		}
		swx += wi * v * scale
		swl += wi * (math.Log(v) + logScale)
	}
	return swx, swl
}

// gammaLogLik returns Σw log f(x; a, b) from the weighted sums.
func gammaLogLik(a, b, sw, swx, swl float64) float64 {
	lg, _ := math.Lgamma(a)
	return sw*(-lg-a*math.Log(b)) + (a-1)*swl - swx/b
}

// gammaMLE solves the Gamma likelihood equations from the weighted sums
// Σw, Σw·x and Σw·log x. It returns NaN parameters when the data carry no
// spread (s ≤ 0).
func gammaMLE(sw, swx, swl float64) (a, b float64, iters int, converged bool) {
	mean := swx / sw
	s := math.Log(mean) - swl/sw
	if !(s > 0) || math.IsInf(s, 0) {
		return math.NaN(), math.NaN(), 0, false
	}
	a, iters, converged = shapeFromS(s)
	return a, mean / a, iters, converged
}

// shapeFromS solves log α − ψ(α) = s for α > 0 (s > 0). The left side is
// decreasing and convex in log α, so Newton's method in y = log α from
// Minka's starting point converges monotonically after the first step; a
// bracket guards against overshooting. It stops when the relative change of
// α is below 1e-14 (typically 3–5 iterations).
func shapeFromS(s float64) (a float64, iters int, converged bool) {
	a = (3 - s + math.Sqrt((s-3)*(s-3)+24*s)) / (12 * s)
	lo, hi := 0.0, math.Inf(1) // bracket in α
	for iters = 1; iters <= 100; iters++ {
		g := logMinusDigamma(a) - s // decreasing in α
		if g == 0 {
			return a, iters, true
		}
		if g > 0 {
			lo = max(lo, a)
		} else {
			hi = min(hi, a)
		}
		dg := a * (1/a - trigamma(a)) // d g / d log α  (< 0)
		next := a * math.Exp(-g/dg)
		if !(next > lo && next < hi) || math.IsNaN(next) {
			switch {
			case math.IsInf(hi, 1):
				next = 2 * a
			case lo == 0:
				next = a / 2
			default:
				next = math.Sqrt(lo * hi)
			}
		}
		if math.Abs(next-a) <= 1e-14*a {
			return next, iters, true
		}
		a = next
	}
	return a, iters - 1, false
}

// logMinusDigamma returns log α − ψ(α). For α ≥ 20 it uses the asymptotic
// series 1/(2α) + 1/(12α²) − 1/(120α⁴) + 1/(252α⁶) − 1/(240α⁸) + 1/(132α¹⁰)
// (DLMF 5.11.2), which avoids cancellation; below it uses mathext.Digamma.
func logMinusDigamma(a float64) float64 {
	if a < 20 {
		return math.Log(a) - mathext.Digamma(a)
	}
	r := 1 / a
	r2 := r * r
	return r/2 + r2*(1.0/12-r2*(1.0/120-r2*(1.0/252-r2*(1.0/240-r2/132))))
}

// trigamma returns ψ'(x) = ζ(2, x) for x > 0 (DLMF 25.11.12: the Hurwitz
// zeta function of gonum's mathext).
func trigamma(x float64) float64 { return mathext.Zeta(2, x) }
