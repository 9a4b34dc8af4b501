package similarityplot

import (
	"fmt"

	"github.com/tracelab/tracelab/analytics/similarity"
	"github.com/tracelab/tracelab/plots"
	"gonum.org/v1/plot"
)

// Distances draws Fig. 1 (2013 §3): a statistic of the similarity between
// jobs against their distance in sessions, one line with points per
// result, labelled by its attribute in words (the results are of one
// log); the y axis spans [0, 1]. It returns the error of plots.Lines when
// nothing can be drawn.
func Distances(stat similarity.Statistic, results ...similarity.Result) (*plot.Plot, error) {
	var xy []plots.XY
	for _, r := range results {
		x := make([]float64, len(r.Distances.Distance))
		for i, d := range r.Distances.Distance {
			x[i] = float64(d)
		}
		xy = append(xy, plots.XY{Label: plots.Label(r.Attribute.String()), X: x, Y: stat.Column(r.Distances)})
	}
	p, err := plots.Lines(xy, plots.LinesOptions{Points: true,
		Axes: plots.Axes{XLabel: "distance [sessions]", YLabel: stat.String(), IntegerX: true}})
	if err != nil {
		return nil, err
	}
	p.Y.Min, p.Y.Max = 0, 1
	return p, nil
}

// Bootstrap draws Fig. 2 (2013 §3): the histogram of the replicates'
// within-session similarity (Within.Mean) and the observed value as a
// bold black line — written at the axis' edge when far from the
// replicates, which would otherwise shrink to a few bars
// (plots.HistValue). It returns the error of plots.Hist when no replicate
// is finite.
func Bootstrap(b similarity.Bootstrap) (*plot.Plot, error) {
	return plots.HistValue(b.Mean, b.Observed.Mean, fmt.Sprintf("%d randomised replicates", len(b.Mean)), "original",
		plots.HistOptions{Bins: 30, Axes: plots.Axes{Title: plots.Label(b.Attribute.String()),
			XLabel: "average similarity within sessions", YLabel: "replicates"}})
}
