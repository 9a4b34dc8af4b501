package selfsimplot

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/plots"
)

// Pox draws Fig 6: the pox plot of R/S against the subset size n on log-log
// axes, with the regression line log10 R/S = intercept + h·log10 n. df has
// columns n, rs (Pox.Frame).
func Pox(df dataframe.DataFrame, h, intercept float64, title string) (*plot.Plot, error) {
	n, err := plots.FloatColumn(df, "n")
	if err != nil {
		return nil, err
	}
	rs, err := plots.FloatColumn(df, "rs")
	if err != nil {
		return nil, err
	}
	p, err := plots.Scatter([]plots.XY{{Label: "R/S of a subset", X: n, Y: rs, Role: plots.Variant}}, plots.ScatterOptions{Radius: 1.2,
		Axes: plots.Axes{Title: title, XLabel: "subset size n [10-minute intervals]", YLabel: "R/S", LogX: true, LogY: true}})
	if err != nil {
		return nil, err
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range n {
		lo, hi = min(lo, x), max(hi, x)
	}
	l, err := line(p, lo, hi, h, intercept, plots.SeriesStyle(1))
	if err != nil {
		return nil, err
	}
	p.Legend.Add("regression line (slope H)", l)
	return p, nil
}

// line adds log10 y = b + h·log10 x between lo and hi.
func line(p *plot.Plot, lo, hi, h, b float64, style draw.LineStyle) (*plotter.Line, error) {
	f := func(x float64) float64 { return math.Pow(10, b+h*math.Log10(x)) }
	l, err := plotter.NewLine(plotter.XYs{{X: lo, Y: f(lo)}, {X: hi, Y: f(hi)}})
	if err != nil {
		return nil, err
	}
	l.LineStyle = style
	p.Add(l)
	return l, nil
}

// Lines draws Fig 7: the regression lines of an original log (the first
// row, bold black) and of its resampled versions (the other rows, thin and
// light) between nMin and nMax (the slopes H are for the title: the
// legend is the same for every log), with guides of slope ½ (dashed) and 1
// (dotted) through the original's value at nMin. df has columns h and
// intercept (one row per line: selfsim.HurstResult's H and Intercept).
func Lines(df dataframe.DataFrame, nMin, nMax float64, title string) (*plot.Plot, error) {
	if !(nMin > 0 && nMax > nMin) {
		return nil, errors.New("selfsimplot: Lines needs 0 < nMin < nMax")
	}
	h, err := plots.FloatColumn(df, "h")
	if err != nil {
		return nil, err
	}
	b, err := plots.FloatColumn(df, "intercept")
	if err != nil {
		return nil, err
	}
	if len(h) == 0 {
		return nil, errors.New("selfsimplot: Lines: no rows")
	}
	p := plots.New(plots.Axes{Title: title, XLabel: "subset size n [10-minute intervals]", YLabel: "R/S", LogX: true, LogY: true})
	y0 := b[0] + h[0]*math.Log10(nMin)
	// Drawn guides first, the original last (on top); keyed the other way.
	type entry struct {
		label string
		l     *plotter.Line
	}
	var key []entry
	for i, ref := range []float64{0.5, 1} {
		l, err := line(p, nMin, nMax, ref, y0-ref*math.Log10(nMin), plots.GuideStyle(i))
		if err != nil {
			return nil, err
		}
		key = append(key, entry{fmt.Sprintf("slope H = %s", map[float64]string{0.5: "½", 1: "1"}[ref]), l})
	}
	for i := 1; i < len(h); i++ {
		l, err := line(p, nMin, nMax, h[i], b[i], plots.VariantStyle())
		if err != nil {
			return nil, err
		}
		if i == 1 {
			key = append(key, entry{fmt.Sprintf("%d resampled logs", len(h)-1), l})
		}
	}
	l, err := line(p, nMin, nMax, h[0], b[0], plots.OriginalStyle())
	if err != nil {
		return nil, err
	}
	key = append(key, entry{"original", l})
	for i := len(key) - 1; i >= 0; i-- {
		p.Legend.Add(key[i].label, key[i].l)
	}
	return p, nil
}
