package fit

import (
	"math"
	"math/rand/v2"
)

// TwoStageUniform is the two-stage ("two-phase") uniform distribution of
// Lublin and Feitelson, section 3.1, used for log2 of job sizes (section 4.3,
// Table 1): its CDF is two straight lines through (Low, 0), (Med, P) and
// (High, 1). Equivalently, with probability P a draw is uniform on
// [Low, Med), otherwise uniform on [Med, High]:
//
//	f(x) = P/(Med−Low)      for Low ≤ x < Med,
//	f(x) = (1−P)/(High−Med) for Med ≤ x ≤ High.
//
// The parameters must satisfy Low ≤ Med ≤ High, Low < High and 0 ≤ P ≤ 1;
// a stage of zero width must have zero probability.
type TwoStageUniform struct {
	Low, Med, High float64
	// P is the probability of the lower stage, CDF(Med). (It cannot be
	// named Prob: that is the density method.)
	P float64

	Src rand.Source
}

// Prob returns the density at x (the pdf is right-continuous at Med).
func (u TwoStageUniform) Prob(x float64) float64 {
	switch {
	case x < u.Low || x > u.High:
		return 0
	case x < u.Med:
		return u.P / (u.Med - u.Low)
	default:
		return (1 - u.P) / (u.High - u.Med)
	}
}

// LogProb returns the log of the density at x.
func (u TwoStageUniform) LogProb(x float64) float64 { return math.Log(u.Prob(x)) }

// CDF returns the piecewise-linear CDF through (Low,0), (Med,P), (High,1).
func (u TwoStageUniform) CDF(x float64) float64 {
	switch {
	case x < u.Low:
		return 0
	case x >= u.High:
		return 1
	case x < u.Med:
		return u.P * (x - u.Low) / (u.Med - u.Low)
	default:
		return u.P + (1-u.P)*(x-u.Med)/(u.High-u.Med)
	}
}

// Survival returns 1 − CDF(x).
func (u TwoStageUniform) Survival(x float64) float64 { return 1 - u.CDF(x) }

// Quantile returns the inverse of the CDF in closed form. It panics if p is
// outside [0, 1].
func (u TwoStageUniform) Quantile(p float64) float64 {
	checkProb(p)
	if p <= u.P && u.P > 0 {
		return u.Low + p/u.P*(u.Med-u.Low)
	}
	if u.P >= 1 {
		return u.Med
	}
	return u.Med + (p-u.P)/(1-u.P)*(u.High-u.Med)
}

// Rand returns a random draw: one uniform chooses the stage, a second places
// the value uniformly within it.
func (u TwoStageUniform) Rand() float64 {
	v := uniform(u.Src)
	if uniform(u.Src) < u.P {
		return u.Low + v*(u.Med-u.Low)
	}
	return u.Med + v*(u.High-u.Med)
}

// Mean returns P·(Low+Med)/2 + (1−P)·(Med+High)/2.
func (u TwoStageUniform) Mean() float64 {
	return u.P*(u.Low+u.Med)/2 + (1-u.P)*(u.Med+u.High)/2
}

// Variance returns the variance of the two-stage uniform.
func (u TwoStageUniform) Variance() float64 {
	m2 := u.P*(u.Low*u.Low+u.Low*u.Med+u.Med*u.Med)/3 +
		(1-u.P)*(u.Med*u.Med+u.Med*u.High+u.High*u.High)/3
	m := u.Mean()
	return m2 - m*m
}

// NumParameters returns 4.
func (TwoStageUniform) NumParameters() int { return 4 }
