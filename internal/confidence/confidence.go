// Package confidence gives the confidence interval of a mean over
// replicates, as the experiments report it.
package confidence

import (
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Interval is a mean with its 95% confidence interval.
type Interval struct {
	Mean, Lo, Hi float64
	N            int // the number of replicates
}

// Mean95 returns the mean of x with the 95% confidence interval of
// Student's t (n−1 degrees of freedom). One value (a deterministic
// version) is its own interval. It panics on an empty x.
func Mean95(x []float64) Interval {
	if len(x) == 0 {
		panic("confidence: mean of no replicate")
	}
	m, sd := stat.MeanStdDev(x, nil)
	if len(x) == 1 {
		return Interval{Mean: x[0], Lo: x[0], Hi: x[0], N: 1}
	}
	h := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(len(x) - 1)}.Quantile(0.975) * sd / math.Sqrt(float64(len(x)))
	return Interval{Mean: m, Lo: m - h, Hi: m + h, N: len(x)}
}
