package plots

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// BarsOptions controls Bars. The zero value draws vertical bars.
type BarsOptions struct {
	Axes
	// Horizontal draws bars from the y axis, categories down the side.
	Horizontal bool
}

// Bars draws a bar chart: one bar per category for each group, the groups
// side by side within a category, in the palette (an Original group, the
// paper's values say, in black; a group with Color set in Palette[Color-1],
// to keep a series' colour across figures), and named in the legend (a single group
// makes a plain bar chart; its label, if any, goes to the legend). Each
// group's Values align with categories. NaN values draw no bar. LogX and LogY
// are ignored: bar lengths start at zero. It returns an error when a group's
// length differs from the number of categories, for ±Inf values, or for no
// categories.
func Bars(categories []string, groups []Sample, opts BarsOptions) (*plot.Plot, error) {
	if len(categories) == 0 || len(groups) == 0 {
		return nil, errors.New("plots: Bars: no categories or no groups")
	}
	opts.LogX, opts.LogY = false, false
	p := newPlot(opts.Axes)
	// The bars of a category share 200pt / #bars, at most 20pt each.
	width := vg.Length(math.Max(1, math.Min(20, 200/float64(len(categories)*len(groups)))))
	for gi, g := range groups {
		if len(g.Values) != len(categories) {
			return nil, fmt.Errorf("plots: Bars: group %q has %d values for %d categories", g.Label, len(g.Values), len(categories))
		}
		vs := make(plotter.Values, len(g.Values))
		for i, v := range g.Values {
			if math.IsInf(v, 0) {
				return nil, fmt.Errorf("plots: Bars: group %q, category %q: infinite value", g.Label, categories[i])
			}
			if !math.IsNaN(v) {
				vs[i] = v
			}
		}
		b, err := plotter.NewBarChart(vs, width)
		if err != nil {
			return nil, fmt.Errorf("plots: Bars: %w", err)
		}
		b.Color = SeriesStyle(gi).Color
		if g.Color > 0 {
			b.Color = Palette[(g.Color-1)%len(Palette)]
		}
		if g.Role == Original {
			b.Color = OriginalColor
		}
		b.LineStyle.Width = 0
		b.Horizontal = opts.Horizontal
		b.Offset = width * vg.Length(float64(gi)-float64(len(groups)-1)/2)
		p.Add(b)
		if g.Label != "" {
			p.Legend.Add(g.Label, b)
		}
	}
	// Half a category of room on both ends, and bars from 0.
	cat, val := &p.X, &p.Y
	if opts.Horizontal {
		p.NominalY(categories...)
		cat, val = &p.Y, &p.X
	} else {
		p.NominalX(categories...)
	}
	cat.Min, cat.Max = -0.5, float64(len(categories))-0.5
	val.Min, val.Max = min(val.Min, 0), max(val.Max, 0)
	val.Max += 0.05 * (val.Max - val.Min)
	return p, nil
}
