package beyond

import (
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Interval is a mean with its 95% confidence interval.
type Interval struct {
	Mean, Lo, Hi float64
	N            int // the number of replicates
}

// meanCI returns the mean of x with the 95% confidence interval of
// Student's t (n−1 degrees of freedom). One value (a deterministic
// version) is its own interval. It panics on an empty x.
func meanCI(x []float64) Interval {
	if len(x) == 0 {
		panic("beyond: mean of no replicate")
	}
	m, sd := stat.MeanStdDev(x, nil)
	if len(x) == 1 {
		return Interval{Mean: x[0], Lo: x[0], Hi: x[0], N: 1}
	}
	h := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(len(x) - 1)}.Quantile(0.975) * sd / math.Sqrt(float64(len(x)))
	return Interval{Mean: m, Lo: m - h, Hi: m + h, N: len(x)}
}

// frameOf returns the columns first followed by one float column per
// name, row i of them holding rows[i] (one value per name).
func frameOf(first []series.Series, names []string, rows [][]float64) dataframe.DataFrame {
	cols := make([][]float64, len(names))
	for c := range cols {
		cols[c] = make([]float64, len(rows))
	}
	for i, r := range rows {
		for c, v := range r {
			cols[c][i] = v
		}
	}
	for c, h := range names {
		first = append(first, series.New(cols[c], series.Float, h))
	}
	return dataframe.New(first...)
}
