package fit

import (
	"math"
	"math/rand/v2"
)

// HyperGamma is a mixture of two Gamma distributions (Lublin and Feitelson,
// section 3.1) with five parameters: with probability P a draw comes from
// Gamma(Alpha1, Beta1), otherwise from Gamma(Alpha2, Beta2). Betas are scales:
//
//	f(x) = P·g(x; α1, β1) + (1−P)·g(x; α2, β2),  g(x; α, β) = x^(α−1) e^(−x/β) / (Γ(α) β^α).
//
// In Table 2 of the paper (runtimes, natural log of seconds) the columns are
// α1 β1 α2 β2 p, and component 1 is the short one.
type HyperGamma struct {
	P             float64
	Alpha1, Beta1 float64
	Alpha2, Beta2 float64

	Src rand.Source
}

// Component returns component i (1 or 2) as a Gamma sharing h's source.
// It panics for other i.
func (h HyperGamma) Component(i int) Gamma {
	switch i {
	case 1:
		return Gamma{Alpha: h.Alpha1, Beta: h.Beta1, Src: h.Src}
	case 2:
		return Gamma{Alpha: h.Alpha2, Beta: h.Beta2, Src: h.Src}
	}
	panic("fit: HyperGamma component must be 1 or 2")
}

// Prob returns the mixture density at x.
func (h HyperGamma) Prob(x float64) float64 {
	return h.P*h.Component(1).Prob(x) + (1-h.P)*h.Component(2).Prob(x)
}

// LogProb returns the log of the mixture density at x, computed stably.
func (h HyperGamma) LogProb(x float64) float64 {
	return logMix(h.P, h.Component(1).LogProb(x), h.Component(2).LogProb(x))
}

// CDF returns P·G1(x) + (1−P)·G2(x).
func (h HyperGamma) CDF(x float64) float64 {
	return h.P*h.Component(1).CDF(x) + (1-h.P)*h.Component(2).CDF(x)
}

// Survival returns 1 − CDF(x) computed from the component survival functions.
func (h HyperGamma) Survival(x float64) float64 {
	return h.P*h.Component(1).Survival(x) + (1-h.P)*h.Component(2).Survival(x)
}

// Quantile returns the inverse of the CDF. There is no closed form: it is
// found by bisection between the component quantiles at p, to full double
// precision. It panics if p is outside [0, 1].
func (h HyperGamma) Quantile(p float64) float64 {
	checkProb(p)
	return mixtureQuantile(h.CDF, p, h.Component(1).Quantile(p), h.Component(2).Quantile(p))
}

// Rand returns a random draw: one uniform chooses the component, then the
// component's Gamma sampler (gonum's Marsaglia–Tsang) draws the value.
func (h HyperGamma) Rand() float64 {
	if uniform(h.Src) < h.P {
		return h.Component(1).Rand()
	}
	return h.Component(2).Rand()
}

// Mean returns P·α1β1 + (1−P)·α2β2.
func (h HyperGamma) Mean() float64 {
	return h.P*h.Alpha1*h.Beta1 + (1-h.P)*h.Alpha2*h.Beta2
}

// Variance returns the mixture variance E[X²] − E[X]², with E[X²] of a
// component α(α+1)β².
func (h HyperGamma) Variance() float64 {
	m := h.Mean()
	m2 := h.P*h.Alpha1*(h.Alpha1+1)*h.Beta1*h.Beta1 + (1-h.P)*h.Alpha2*(h.Alpha2+1)*h.Beta2*h.Beta2
	return m2 - m*m
}

// NumParameters returns 5.
func (HyperGamma) NumParameters() int { return 5 }

// ToHyperErlang returns the hyper-Erlang approximation described at the end of
// Lublin and Feitelson section 5.2: each α is rounded to the nearest integer
// (at least 1) and β is changed to keep the component mean αβ. The rates of
// the result are 1/β'.
func (h HyperGamma) ToHyperErlang() HyperErlang {
	k1 := max(1, int(math.Round(h.Alpha1)))
	k2 := max(1, int(math.Round(h.Alpha2)))
	m1 := h.Alpha1 * h.Beta1
	m2 := h.Alpha2 * h.Beta2
	return HyperErlang{P: h.P, K1: k1, Rate1: float64(k1) / m1, K2: k2, Rate2: float64(k2) / m2, Src: h.Src}
}
