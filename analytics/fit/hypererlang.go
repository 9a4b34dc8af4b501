package fit

import (
	"math"
	"math/rand/v2"
)

// HyperErlang is a mixture of two Erlang distributions, the special case of
// HyperGamma with integer shapes (Lublin and Feitelson, sections 3.1 and 5.2):
// with probability P a draw is the sum of K1 exponentials with rate Rate1,
// otherwise the sum of K2 exponentials with rate Rate2. In the paper's scale
// parameterisation β = 1/Rate.
type HyperErlang struct {
	P     float64
	K1    int
	Rate1 float64
	K2    int
	Rate2 float64

	Src rand.Source
}

// Component returns component i (1 or 2) as a Gamma with integer shape and
// scale 1/rate, sharing h's source. It panics for other i.
func (h HyperErlang) Component(i int) Gamma {
	switch i {
	case 1:
		return Gamma{Alpha: float64(h.K1), Beta: 1 / h.Rate1, Src: h.Src}
	case 2:
		return Gamma{Alpha: float64(h.K2), Beta: 1 / h.Rate2, Src: h.Src}
	}
	panic("fit: HyperErlang component must be 1 or 2")
}

// HyperGamma returns h as a HyperGamma (α = K, β = 1/Rate).
func (h HyperErlang) HyperGamma() HyperGamma {
	return HyperGamma{P: h.P, Alpha1: float64(h.K1), Beta1: 1 / h.Rate1,
		Alpha2: float64(h.K2), Beta2: 1 / h.Rate2, Src: h.Src}
}

// Prob returns the mixture density at x.
func (h HyperErlang) Prob(x float64) float64 { return h.HyperGamma().Prob(x) }

// LogProb returns the log of the mixture density at x.
func (h HyperErlang) LogProb(x float64) float64 { return h.HyperGamma().LogProb(x) }

// CDF returns the mixture CDF at x.
func (h HyperErlang) CDF(x float64) float64 { return h.HyperGamma().CDF(x) }

// Survival returns 1 − CDF(x).
func (h HyperErlang) Survival(x float64) float64 { return h.HyperGamma().Survival(x) }

// Quantile returns the inverse of the CDF (numerical, see HyperGamma.Quantile).
func (h HyperErlang) Quantile(p float64) float64 { return h.HyperGamma().Quantile(p) }

// Mean returns P·K1/λ1 + (1−P)·K2/λ2.
func (h HyperErlang) Mean() float64 {
	return h.P*float64(h.K1)/h.Rate1 + (1-h.P)*float64(h.K2)/h.Rate2
}

// Variance returns the mixture variance.
func (h HyperErlang) Variance() float64 { return h.HyperGamma().Variance() }

// NumParameters returns 5.
func (HyperErlang) NumParameters() int { return 5 }

// erlangDirectMax is the largest shape drawn as a product of uniforms; larger
// shapes use the Gamma sampler.
const erlangDirectMax = 32

// Rand returns a random draw. Shapes up to 32 are drawn as −log(u1·…·uk)/λ
// (the reason the paper suggests the hyper-Erlang: no rejection step); larger
// shapes use gonum's Gamma sampler. It panics if a K or rate is not positive.
func (h HyperErlang) Rand() float64 {
	k, rate := h.K2, h.Rate2
	if uniform(h.Src) < h.P {
		k, rate = h.K1, h.Rate1
	}
	if k < 1 || !(rate > 0) {
		panic("fit: HyperErlang needs K ≥ 1 and positive rates")
	}
	if k > erlangDirectMax {
		return Gamma{Alpha: float64(k), Beta: 1 / rate, Src: h.Src}.Rand()
	}
	prod, logSum := 1.0, 0.0
	for j := 0; j < k; j++ {
		prod *= 1 - uniform(h.Src) // in (0, 1]
		if prod < 1e-280 {
			logSum += math.Log(prod)
			prod = 1
		}
	}
	return -(logSum + math.Log(prod)) / rate
}
