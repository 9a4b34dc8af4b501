package selfsimplot

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
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
	p, err := plots.Scatter([]plots.XY{{Label: "R/S", X: n, Y: rs}}, plots.ScatterOptions{Radius: 1.2,
		Axes: plots.Axes{Title: title, XLabel: "n [time units]", YLabel: "R/S", LogX: true, LogY: true}})
	if err != nil {
		return nil, err
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range n {
		lo, hi = min(lo, x), max(hi, x)
	}
	if err := line(p, lo, hi, h, intercept, fmt.Sprintf("H = %.3f", h), draw.LineStyle{Color: color.RGBA{R: 200, A: 255}, Width: vg.Points(1.5)}); err != nil {
		return nil, err
	}
	return p, nil
}

// line adds log10 y = b + h·log10 x between lo and hi.
func line(p *plot.Plot, lo, hi, h, b float64, label string, style draw.LineStyle) error {
	f := func(x float64) float64 { return math.Pow(10, b+h*math.Log10(x)) }
	l, err := plotter.NewLine(plotter.XYs{{X: lo, Y: f(lo)}, {X: hi, Y: f(hi)}})
	if err != nil {
		return err
	}
	l.LineStyle = style
	p.Add(l)
	if label != "" {
		p.Legend.Add(label, l)
	}
	return nil
}

// Lines draws Fig 7: the regression lines of several logs (or of a log and
// its resampled versions) between nMin and nMax, with dashed lines of
// slope ½ and 1 through the first line's value at nMin for reference. df
// has columns log, h, intercept (one row per line: selfsim.HurstResult's H
// and Intercept).
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
	var names []string
	for _, c := range df.Names() {
		if c == "log" {
			names = df.Col("log").Records()
		}
	}
	if names == nil {
		return nil, errors.New("selfsimplot: frame has no column \"log\"")
	}
	if len(h) == 0 {
		return nil, errors.New("selfsimplot: Lines: no rows")
	}
	p := plot.New()
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = title, "n [time units]", "R/S"
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	p.Legend.Top, p.Legend.Left = true, true
	for i := range h {
		st := draw.LineStyle{Color: plotutil.Color(i), Width: vg.Points(1.5)}
		if err := line(p, nMin, nMax, h[i], b[i], fmt.Sprintf("%s (H %.2f)", names[i], h[i]), st); err != nil {
			return nil, err
		}
	}
	y0 := b[0] + h[0]*math.Log10(nMin)
	for _, ref := range []float64{0.5, 1} {
		st := draw.LineStyle{Color: color.Gray{Y: 90}, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}
		if err := line(p, nMin, nMax, ref, y0-ref*math.Log10(nMin), fmt.Sprintf("H = %g", ref), st); err != nil {
			return nil, err
		}
	}
	return p, nil
}
