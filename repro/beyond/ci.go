package beyond

import (
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/confidence"
)

// Interval is a mean with its 95% confidence interval.
type Interval = confidence.Interval

// meanCI returns the mean of x with its 95% confidence interval
// (confidence.Mean95). It panics on an empty x.
func meanCI(x []float64) Interval { return confidence.Mean95(x) }

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
