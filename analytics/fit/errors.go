package fit

import (
	"errors"
	"fmt"
	"math"
)

// MinPoints is the smallest number of observations (with positive weight)
// the fitting functions accept.
const MinPoints = 10

// Errors returned for data that cannot be fitted. They are wrapped with
// details; test for them with errors.Is.
var (
	ErrTooFew      = errors.New("fit: fewer than 10 observations")
	ErrNonFinite   = errors.New("fit: NaN or infinite value")
	ErrNonPositive = errors.New("fit: non-positive value where the distribution needs x > 0")
	ErrNegative    = errors.New("fit: negative value where the distribution needs x ≥ 0")
	ErrConstant    = errors.New("fit: all values are equal")
	ErrWeights     = errors.New("fit: weights must be finite, non-negative and not all zero")
	ErrCollapsed   = errors.New("fit: EM mixture component collapsed")
	// ErrPointMass is the collapse of an EM component onto a single value
	// of the sample (a tie, e.g. many jobs of one runtime), where a
	// mixture of continuous densities has an unbounded likelihood; it
	// wraps ErrCollapsed.
	ErrPointMass = fmt.Errorf("%w onto a point mass", ErrCollapsed)
)

// Result describes a fit.
type Result struct {
	// LogLik is the (weighted) log-likelihood Σ w_i log f(x_i) of the
	// returned distribution; with nil weights every w_i is 1.
	LogLik float64
	// N is the number of observations with positive weight.
	N int
	// Iterations is the number of Newton (Gamma MLE) or EM iterations of the
	// returned fit; 0 for closed-form fits.
	Iterations int
	// Converged reports whether the iteration met its tolerance before its
	// iteration limit (always true for closed-form fits).
	Converged bool
	// Restarts is the number of additional random EM starts that were run.
	Restarts int
	// Excluded is the number of EM starts left out because a component
	// collapsed (lost its weight or became a point mass, ErrPointMass);
	// Fallbacks the number of the fixed fallback starts run because the
	// first (Init) start was excluded (see FitHyperGamma).
	Excluded, Fallbacks int
}

// support says what values a distribution accepts.
type support int

const (
	anyReal support = iota
	nonNegative
	positive
)

// checkData validates x and the optional weights w. It panics if w is not nil
// and has a different length (a programmer error) and returns an error for
// bad data. It returns the number of observations with positive weight and
// their total weight.
func checkData(x, w []float64, s support) (n int, sumW float64, err error) {
	if w != nil && len(w) != len(x) {
		panic("fit: weights and data have different lengths")
	}
	first := math.NaN()
	constant := true
	for i, v := range x {
		wi := 1.0
		if w != nil {
			wi = w[i]
			if !(wi >= 0) || math.IsInf(wi, 1) {
				return 0, 0, fmt.Errorf("%w (weight %d is %v)", ErrWeights, i, wi)
			}
			if wi == 0 {
				continue
			}
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, 0, fmt.Errorf("%w (x[%d] = %v)", ErrNonFinite, i, v)
		}
		switch {
		case s == positive && v <= 0:
			return 0, 0, fmt.Errorf("%w (x[%d] = %v)", ErrNonPositive, i, v)
		case s == nonNegative && v < 0:
			return 0, 0, fmt.Errorf("%w (x[%d] = %v)", ErrNegative, i, v)
		}
		if n == 0 {
			first = v
		} else if v != first {
			constant = false
		}
		n++
		sumW += wi
	}
	if n < MinPoints {
		return n, sumW, fmt.Errorf("%w (got %d)", ErrTooFew, n)
	}
	if math.IsInf(sumW, 0) {
		return n, sumW, fmt.Errorf("%w (their sum overflows float64)", ErrWeights)
	}
	if !(sumW > 0) {
		return n, sumW, ErrWeights
	}
	if constant {
		return n, sumW, fmt.Errorf("%w (%v)", ErrConstant, first)
	}
	return n, sumW, nil
}

// weight returns w[i], or 1 when w is nil.
func weight(w []float64, i int) float64 {
	if w == nil {
		return 1
	}
	return w[i]
}
