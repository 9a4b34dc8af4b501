package fit

import (
	"fmt"
	"math"
)

// FitTwoStageUniform returns the maximum-likelihood two-stage uniform
// distribution (Lublin and Feitelson, sections 3.1 and 4.3) for x with
// optional weights w, with Low = min x and High = max x. It is
// FitTwoStageUniformRange(x, w, min x, max x).
func FitTwoStageUniform(x, w []float64) (TwoStageUniform, Result, error) {
	if _, _, err := checkData(x, w, anyReal); err != nil {
		return TwoStageUniform{}, Result{}, err
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, v := range x {
		if weight(w, i) > 0 {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return FitTwoStageUniformRange(x, w, lo, hi)
}

// FitTwoStageUniformRange returns the maximum-likelihood two-stage uniform
// distribution with the given Low and High (low ≤ min x, max x ≤ high; the
// paper's model uses Low = min − 0.2 and High = log2 of the machine size),
// maximising over Med and P.
//
// For a fixed Med the best P is the weight fraction of the lower stage, and
// the profile log-likelihood is W1·log(W1/(W(m−l))) + W2·log(W2/(W(h−m))).
// With Low = min x this is unbounded as Med ↓ Low (the minimum gets density
// P/(Med−Low)), and likewise as Med ↑ High = max x, so an unrestricted MLE
// does not exist. Med is therefore restricted to the observed values: it is
// searched exhaustively over every distinct data value v with Low < v < High
// in one pass over the sorted sample, trying both assignments of the
// observations equal to v: to the upper stage (Med = v; the pdf is
// right-continuous) or to the lower stage (returned as Med =
// math.Nextafter(v, +Inf)); candidates with a zero-width stage holding
// observations are excluded. Between consecutive data values the profile is
// convex in m, so these candidates are the local maxima of the profile away
// from the two degenerate ends. The tie rule matters for discrete data such
// as log2 sizes, where powers of two make large ties; the CDF at Med is P
// either way. Result.LogLik is Σw·LogProb of the returned distribution.
// Errors: ErrTooFew, ErrNonFinite, ErrConstant, ErrWeights, and an error when
// no data value lies strictly between low and high or the range does not
// cover the data.
func FitTwoStageUniformRange(x, w []float64, low, high float64) (TwoStageUniform, Result, error) {
	n, sw, err := checkData(x, w, anyReal)
	if err != nil {
		return TwoStageUniform{}, Result{N: n}, err
	}
	if !(low < high) || math.IsInf(low, 0) || math.IsInf(high, 0) {
		return TwoStageUniform{}, Result{N: n}, fmt.Errorf("fit: two-stage uniform range [%v, %v] is empty or infinite", low, high)
	}
	xs, ws := make([]float64, 0, n), make([]float64, 0, n)
	for i, v := range x {
		if wi := weight(w, i); wi > 0 {
			if v < low || v > high {
				return TwoStageUniform{}, Result{N: n}, fmt.Errorf("fit: value %v outside the two-stage uniform range [%v, %v]", v, low, high)
			}
			xs = append(xs, v)
			ws = append(ws, wi)
		}
	}
	xs, ws = sortedWeighted(xs, ws)
	xlogy := func(a, b float64) float64 { // a·log(b), 0 when a = 0
		if a == 0 {
			return 0
		}
		return a * math.Log(b)
	}
	// profile log-likelihood with lower weight w1 and med m
	prof := func(w1, m float64) float64 {
		w2 := sw - w1
		if (w1 > 0 && !(m > low)) || (w2 > 0 && !(high > m)) {
			return math.Inf(-1)
		}
		return xlogy(w1, w1/(sw*(m-low))) + xlogy(w2, w2/(sw*(high-m)))
	}
	best := math.Inf(-1)
	var bestMed, bestW1 float64
	below := 0.0 // weight of observations < current value
	distinct := 0
	for k := 0; k < len(xs); {
		v := xs[k]
		at := 0.0
		j := k
		for ; j < len(xs) && xs[j] == v; j++ {
			at += ws[j]
		}
		if v > low && v < high {
			distinct++
			// ties to the upper stage: Med = v
			if l := prof(below, v); l > best {
				best, bestMed, bestW1 = l, v, below
			}
			// ties to the lower stage: Med = v⁺
			vp := math.Nextafter(v, math.Inf(1))
			if l := prof(below+at, vp); l > best && vp < high {
				best, bestMed, bestW1 = l, vp, below+at
			}
		}
		below += at
		k = j
	}
	if distinct == 0 || math.IsInf(best, -1) {
		return TwoStageUniform{}, Result{N: n}, fmt.Errorf("fit: no data value strictly inside (%v, %v) to place the middle point", low, high)
	}
	u := TwoStageUniform{Low: low, Med: bestMed, High: high, P: bestW1 / sw}
	// Recompute the log-likelihood from the returned distribution.
	var ll float64
	for i, v := range xs {
		ll += ws[i] * u.LogProb(v)
	}
	return u, Result{LogLik: ll, N: n, Converged: true}, nil
}
