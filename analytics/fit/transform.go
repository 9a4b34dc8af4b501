package fit

import (
	"fmt"
	"math"
)

// Log returns the natural logarithm of every value, the transformation Lublin
// and Feitelson apply to runtimes and inter-arrival times before fitting
// (sections 5.1 and 7.1). It returns ErrNonPositive for a value ≤ 0 and
// ErrNonFinite for NaN or ±Inf, naming the first offending index; callers
// decide beforehand how to treat unknown (NaN) or zero measures.
func Log(x []float64) ([]float64, error) { return logBase(x, math.Log) }

// Log2 returns the base-2 logarithm of every value, the transformation used
// for job sizes (section 4.3). Errors as for Log.
func Log2(x []float64) ([]float64, error) { return logBase(x, math.Log2) }

func logBase(x []float64, f func(float64) float64) ([]float64, error) {
	out := make([]float64, len(x))
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%w (x[%d] = %v)", ErrNonFinite, i, v)
		}
		if v <= 0 {
			return nil, fmt.Errorf("%w (x[%d] = %v)", ErrNonPositive, i, v)
		}
		out[i] = f(v)
	}
	return out, nil
}
