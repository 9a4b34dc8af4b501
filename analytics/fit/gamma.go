package fit

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"
)

// Gamma is the Gamma distribution in the parameterisation of Lublin and
// Feitelson, section 3.1, with shape Alpha and SCALE Beta:
//
//	f(x; α, β) = x^(α−1) e^(−x/β) / (Γ(α) β^α),  x > 0,
//
// so that the mean is αβ and the variance αβ². Gamma is a thin wrapper around
// gonum's distuv.Gamma, whose Beta is a rate (1/β here).
type Gamma struct {
	// Alpha is the shape parameter; it must be positive.
	Alpha float64
	// Beta is the scale parameter; it must be positive.
	Beta float64

	Src rand.Source
}

// Distuv returns the equivalent gonum distribution (rate = 1/Beta).
func (g Gamma) Distuv() distuv.Gamma {
	return distuv.Gamma{Alpha: g.Alpha, Beta: 1 / g.Beta, Src: g.Src}
}

// CDF returns the cumulative distribution function at x.
func (g Gamma) CDF(x float64) float64 { return g.Distuv().CDF(x) }

// Survival returns 1 − CDF(x), computed without cancellation.
func (g Gamma) Survival(x float64) float64 { return g.Distuv().Survival(x) }

// Prob returns the probability density at x.
func (g Gamma) Prob(x float64) float64 { return math.Exp(g.LogProb(x)) }

// LogProb returns the log of the probability density at x.
func (g Gamma) LogProb(x float64) float64 { return g.Distuv().LogProb(x) }

// Quantile returns the inverse of the CDF. It panics if p is outside [0, 1].
func (g Gamma) Quantile(p float64) float64 {
	if p < 0 || p > 1 {
		panic("fit: Gamma quantile outside [0, 1]")
	}
	return g.Distuv().Quantile(p)
}

// Rand returns a random draw. It panics if Alpha or Beta is not positive.
func (g Gamma) Rand() float64 {
	if !(g.Alpha > 0 && g.Beta > 0) {
		panic("fit: Gamma parameters must be positive")
	}
	return g.Distuv().Rand()
}

// Mean returns αβ.
func (g Gamma) Mean() float64 { return g.Alpha * g.Beta }

// Variance returns αβ².
func (g Gamma) Variance() float64 { return g.Alpha * g.Beta * g.Beta }

// StdDev returns the standard deviation √α β.
func (g Gamma) StdDev() float64 { return math.Sqrt(g.Alpha) * g.Beta }

// Mode returns (α−1)β, or 0 when α < 1.
func (g Gamma) Mode() float64 {
	if g.Alpha < 1 {
		return 0
	}
	return (g.Alpha - 1) * g.Beta
}

// NumParameters returns 2.
func (Gamma) NumParameters() int { return 2 }

// gammaLogPDF is the log density of a Gamma (shape a, scale b) written for the
// EM inner loop: c + (a−1)·logx − x/b with c = −lgamma(a) − a·log(b).
type gammaLogPDF struct {
	c, am1, invB float64
}

func newGammaLogPDF(a, b float64) gammaLogPDF {
	lg, _ := math.Lgamma(a)
	return gammaLogPDF{c: -lg - a*math.Log(b), am1: a - 1, invB: 1 / b}
}
