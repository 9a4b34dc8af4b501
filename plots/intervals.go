package plots

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Interval is a labelled series of estimates with their confidence
// intervals, one per category of an Intervals plot: Mean[i] within
// [Lo[i], Hi[i]]; a NaN Mean draws nothing, a NaN bound no bar.
type Interval struct {
	Label        string
	Mean, Lo, Hi []float64
	// Role says how the series is drawn (see Role).
	Role Role
}

// IntervalsOptions controls Intervals.
type IntervalsOptions struct {
	Axes
	// Reference draws a horizontal guide at this value (1 for a ratio, 0
	// for a difference), named ReferenceLabel in the key; NaN for none.
	Reference      float64
	ReferenceLabel string
}

// Intervals plots estimates with confidence intervals by category (a
// nominal x axis): for each category, each series' mean as a marker and
// its interval as a bar, the series side by side, in the theme's colours
// by Role, with an optional reference line. It returns an error when a
// series' lengths differ from the categories' or nothing is drawable.
func Intervals(categories []string, series []Interval, opts IntervalsOptions) (*plot.Plot, error) {
	if len(categories) == 0 || len(series) == 0 {
		return nil, errors.New("plots: Intervals: no categories or no series")
	}
	opts.LogX = false
	p := New(opts.Axes)
	if !math.IsNaN(opts.Reference) {
		l, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: opts.Reference}, {X: float64(len(categories)) - 0.5, Y: opts.Reference}})
		if err != nil {
			return nil, err
		}
		l.LineStyle = GuideStyle(0)
		p.Add(l)
		defer func() {
			if opts.ReferenceLabel != "" {
				p.Legend.Add(opts.ReferenceLabel, l)
			}
		}()
	}
	width := 0.6 / float64(len(series))
	drawn := 0
	compared := 0
	for g, s := range series {
		if len(s.Mean) != len(categories) || len(s.Lo) != len(categories) || len(s.Hi) != len(categories) {
			return nil, fmt.Errorf("plots: Intervals: series %q has %d means, %d lows, %d highs for %d categories",
				s.Label, len(s.Mean), len(s.Lo), len(s.Hi), len(categories))
		}
		offset := width * (float64(g) - float64(len(series)-1)/2)
		var pts plotter.XYs
		var bars plotter.YErrors
		var barPts plotter.XYs
		for i, m := range s.Mean {
			if !drawable(0, m, false, opts.LogY) {
				continue
			}
			pt := plotter.XY{X: float64(i) + offset, Y: m}
			pts = append(pts, pt)
			if lo, hi := s.Lo[i], s.Hi[i]; !math.IsNaN(lo) && !math.IsNaN(hi) && !math.IsInf(lo, 0) && !math.IsInf(hi, 0) &&
				!(opts.LogY && lo <= 0) {
				barPts = append(barPts, pt)
				bars = append(bars, struct{ Low, High float64 }{m - lo, hi - m})
			}
		}
		if len(pts) == 0 {
			continue
		}
		i := compared
		if s.Role == Compared {
			compared++
		}
		glyph := roleGlyph(s.Role, i)
		glyph.Radius = vg.Points(3)
		line := RoleStyle(s.Role, i)
		line.Width = vg.Points(1.5)
		if len(barPts) > 0 {
			eb := &plotter.YErrorBars{XYs: barPts, YErrors: bars, LineStyle: line, CapWidth: vg.Points(5)}
			p.Add(eb)
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = glyph
		p.Add(sc)
		if s.Label != "" {
			p.Legend.Add(s.Label, sc)
		}
		drawn++
	}
	if drawn == 0 {
		return nil, errors.New("plots: Intervals: nothing drawable")
	}
	p.NominalX(categories...)
	p.X.Min, p.X.Max = -0.5, float64(len(categories))-0.5
	// Room above and below, so that no marker or cap sits on the frame.
	if !opts.LogY {
		pad := (p.Y.Max - p.Y.Min) * 0.05
		p.Y.Min, p.Y.Max = p.Y.Min-pad, p.Y.Max+pad
	}
	return p, nil
}
