package similarityplot

import (
	"fmt"
	"image/color"

	"github.com/tracelab/tracelab/analytics/similarity"
	"github.com/tracelab/tracelab/plots"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Distances draws Fig. 1 (2013 §3): a statistic of the similarity between
// jobs against their distance in sessions, one line with points per
// result, labelled "trace attribute"; the y axis spans [0, 1]. It returns
// the error of plots.Lines when nothing can be drawn.
func Distances(stat similarity.Statistic, results ...similarity.Result) (*plot.Plot, error) {
	var xy []plots.XY
	for _, r := range results {
		x := make([]float64, len(r.Distances.Distance))
		for i, d := range r.Distances.Distance {
			x[i] = float64(d)
		}
		xy = append(xy, plots.XY{Label: fmt.Sprintf("%s %s", r.Trace, r.Attribute), X: x, Y: stat.Column(r.Distances)})
	}
	p, err := plots.Lines(xy, plots.LinesOptions{Points: true,
		Axes: plots.Axes{XLabel: "distance [sessions]", YLabel: stat.String()}})
	if err != nil {
		return nil, err
	}
	p.Y.Min, p.Y.Max = 0, 1
	return p, nil
}

// Bootstrap draws Fig. 2 (2013 §3): the histogram of the replicates'
// within-session similarity (Within.Mean) and a vertical line at the
// observed value. The binned range spans the replicates and the observed
// value. It returns the error of plots.Hist when no replicate is finite.
func Bootstrap(b similarity.Bootstrap) (*plot.Plot, error) {
	lo, hi := b.Observed.Mean, b.Observed.Mean
	for _, v := range b.Mean {
		lo, hi = min(lo, v), max(hi, v)
	}
	pad := (hi - lo) * 0.02
	p, err := plots.Hist(b.Mean, plots.HistOptions{Min: lo - pad, Max: hi + pad, Bins: 50,
		Axes: plots.Axes{Title: fmt.Sprintf("%s %s: %d randomised replicates", b.Trace, b.Attribute, len(b.Mean)),
			XLabel: "average similarity within sessions", YLabel: "replicates"}})
	if err != nil {
		return nil, err
	}
	line, err := plotter.NewLine(plotter.XYs{{X: b.Observed.Mean, Y: 0}, {X: b.Observed.Mean, Y: p.Y.Max}})
	if err != nil {
		return nil, err
	}
	line.Color = color.RGBA{R: 200, A: 255}
	line.Width = vg.Points(2)
	p.Add(line)
	p.Legend.Add("original log", line)
	return p, nil
}
