package fit

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"
)

// HyperExponential is the two-stage hyper-exponential distribution of Lublin
// and Feitelson, section 3.1: with probability P a draw comes from an
// exponential with rate Rate1, otherwise from one with rate Rate2 (the paper
// writes the means θ1 = 1/Rate1 and θ2 = 1/Rate2):
//
//	f(x) = P·λ1·e^(−λ1 x) + (1−P)·λ2·e^(−λ2 x),  x ≥ 0.
type HyperExponential struct {
	P            float64
	Rate1, Rate2 float64

	Src rand.Source
}

// Component returns component i (1 or 2) as a gonum exponential sharing h's
// source. It panics for other i.
func (h HyperExponential) Component(i int) distuv.Exponential {
	switch i {
	case 1:
		return distuv.Exponential{Rate: h.Rate1, Src: h.Src}
	case 2:
		return distuv.Exponential{Rate: h.Rate2, Src: h.Src}
	}
	panic("fit: HyperExponential component must be 1 or 2")
}

// Prob returns the mixture density at x.
func (h HyperExponential) Prob(x float64) float64 {
	if x < 0 {
		return 0
	}
	return h.P*h.Rate1*math.Exp(-h.Rate1*x) + (1-h.P)*h.Rate2*math.Exp(-h.Rate2*x)
}

// LogProb returns the log of the mixture density at x, computed stably.
func (h HyperExponential) LogProb(x float64) float64 {
	if x < 0 {
		return math.Inf(-1)
	}
	return logMix(h.P, math.Log(h.Rate1)-h.Rate1*x, math.Log(h.Rate2)-h.Rate2*x)
}

// CDF returns P·(1−e^(−λ1 x)) + (1−P)·(1−e^(−λ2 x)).
func (h HyperExponential) CDF(x float64) float64 {
	if x < 0 {
		return 0
	}
	return -(h.P*math.Expm1(-h.Rate1*x) + (1-h.P)*math.Expm1(-h.Rate2*x))
}

// Survival returns P·e^(−λ1 x) + (1−P)·e^(−λ2 x).
func (h HyperExponential) Survival(x float64) float64 {
	if x < 0 {
		return 1
	}
	return h.P*math.Exp(-h.Rate1*x) + (1-h.P)*math.Exp(-h.Rate2*x)
}

// Quantile returns the inverse of the CDF, found by bisection between the
// component quantiles at p (no closed form). It panics if p is outside [0, 1].
func (h HyperExponential) Quantile(p float64) float64 {
	checkProb(p)
	if p == 1 {
		return math.Inf(1)
	}
	q1 := -math.Log1p(-p) / h.Rate1
	q2 := -math.Log1p(-p) / h.Rate2
	return mixtureQuantile(h.CDF, p, q1, q2)
}

// Rand returns a random draw.
func (h HyperExponential) Rand() float64 {
	if uniform(h.Src) < h.P {
		return h.Component(1).Rand()
	}
	return h.Component(2).Rand()
}

// Mean returns P/λ1 + (1−P)/λ2.
func (h HyperExponential) Mean() float64 { return h.P/h.Rate1 + (1-h.P)/h.Rate2 }

// Variance returns 2P/λ1² + 2(1−P)/λ2² − Mean².
func (h HyperExponential) Variance() float64 {
	m := h.Mean()
	return 2*h.P/(h.Rate1*h.Rate1) + 2*(1-h.P)/(h.Rate2*h.Rate2) - m*m
}

// NumParameters returns 3.
func (HyperExponential) NumParameters() int { return 3 }
