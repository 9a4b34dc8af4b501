package plots

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
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
	// ReferenceOriginal draws the reference as the Original (one bold
	// black line), for the original's value the intervals are compared
	// with; else it is a guide.
	ReferenceOriginal bool
}

// Intervals plots estimates with confidence intervals by category (a
// nominal x axis): for each category, each series' mean as a marker and
// its interval as a bar, the series side by side, in the theme's colours
// by Role, with an optional reference line. On a logarithmic y axis
// (ratios far from 1), an interval reaching 0 or below is drawn down to
// the axis' bottom without a cap there, and the key says so
// (OpenIntervalLabel). It returns an error when a series' lengths differ
// from the categories' or nothing is drawable.
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
		if opts.ReferenceOriginal {
			l.LineStyle = OriginalStyle()
		}
		p.Add(l)
		switch {
		case opts.ReferenceLabel == "":
		case opts.ReferenceOriginal:
			p.Legend.Add(opts.ReferenceLabel, l) // the original leads the key
		default:
			defer p.Legend.Add(opts.ReferenceLabel, l)
		}
	}
	width := 0.6 / float64(len(series))
	drawn := 0
	compared := 0
	bottom := logBottom(series, opts)
	open := false
	for g, s := range series {
		if len(s.Mean) != len(categories) || len(s.Lo) != len(categories) || len(s.Hi) != len(categories) {
			return nil, fmt.Errorf("plots: Intervals: series %q has %d means, %d lows, %d highs for %d categories",
				s.Label, len(s.Mean), len(s.Lo), len(s.Hi), len(categories))
		}
		offset := width * (float64(g) - float64(len(series)-1)/2)
		var pts plotter.XYs
		var bars plotter.YErrors
		var barPts plotter.XYs
		var openPts plotter.XYs
		var openBars plotter.YErrors
		for i, m := range s.Mean {
			if !drawable(0, m, false, opts.LogY) {
				continue
			}
			pt := plotter.XY{X: float64(i) + offset, Y: m}
			pts = append(pts, pt)
			lo, hi := s.Lo[i], s.Hi[i]
			if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
				continue
			}
			if opts.LogY && lo <= 0 {
				// Down to the axis' bottom, without a cap there (the
				// bar's cap at the mean hides under the marker).
				lo = m
				openPts = append(openPts, pt)
				openBars = append(openBars, struct{ Low, High float64 }{m - bottom, 0})
			}
			barPts = append(barPts, pt)
			bars = append(bars, struct{ Low, High float64 }{m - lo, hi - m})
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
		if s.Role == Guide {
			// A reference value beside the series (2013 §6.1's "if the
			// users were independent"): a grey box, where a grey disc
			// would differ from the first series' disc by colour alone.
			glyph.Shape = draw.BoxGlyph{}
		}
		line := RoleStyle(s.Role, i)
		line.Width = vg.Points(1.5)
		if len(barPts) > 0 {
			eb := &plotter.YErrorBars{XYs: barPts, YErrors: bars, LineStyle: line, CapWidth: vg.Points(5)}
			p.Add(intervalBars{eb, glyph.Radius})
		}
		if len(openPts) > 0 {
			p.Add(&plotter.YErrorBars{XYs: openPts, YErrors: openBars, LineStyle: line})
			open = true
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
	if open {
		p.Legend.Add(OpenIntervalLabel, openBar{})
	}
	p.NominalX(categories...)
	p.X.Min, p.X.Max = -0.5, float64(len(categories))-0.5
	// Room above and below, so that no marker or cap sits on the frame.
	if !opts.LogY {
		pad := (p.Y.Max - p.Y.Min) * 0.05
		p.Y.Min, p.Y.Max = p.Y.Min-pad, p.Y.Max+pad
	} else {
		p.Y.Min, p.Y.Max = bottom, p.Y.Max*1.25
	}
	return p, nil
}

// OpenIntervalLabel is the key entry of the intervals an Intervals plot on
// a logarithmic axis draws open at the bottom.
const OpenIntervalLabel = "open below: the interval reaches 0"

// logBottom is the bottom of a logarithmic y axis of Intervals: the least
// positive mean, lower bound or reference over 1.25 (the room the top
// gets), or over 2 when an interval is drawn open down to the bottom, so
// that its open bar shows; 0 on a linear axis.
func logBottom(series []Interval, opts IntervalsOptions) float64 {
	if !opts.LogY {
		return 0
	}
	least := math.Inf(1)
	if opts.Reference > 0 {
		least = opts.Reference
	}
	room := 1.25
	for _, s := range series {
		for _, vs := range [][]float64{s.Mean, s.Lo} {
			for _, v := range finite(vs, true) {
				least = math.Min(least, v)
			}
		}
		for i, m := range s.Mean {
			if i < len(s.Lo) && i < len(s.Hi) && m > 0 && s.Lo[i] <= 0 && !math.IsInf(s.Lo[i], 0) && !math.IsNaN(s.Hi[i]) && !math.IsInf(s.Hi[i], 0) {
				room = 2 // an open interval
			}
		}
	}
	if math.IsInf(least, 1) {
		return 1
	}
	return least / room
}

// openBar is the key's thumbnail of an interval open at the bottom: a
// vertical grey bar with a cap at the top only.
type openBar struct{}

func (openBar) Thumbnail(c *draw.Canvas) {
	ls := draw.LineStyle{Color: GuideColor, Width: vg.Points(1.5)}
	x, half := (c.Min.X+c.Max.X)/2, vg.Points(2.5)
	c.StrokeLine2(ls, x, c.Min.Y, x, c.Max.Y)
	c.StrokeLine2(ls, x-half, c.Max.Y, x+half, c.Max.Y)
}

// intervalBars are the bars of Intervals' closed intervals, drawn only
// where they reach past their marker (radius): a shorter bar, an interval
// of one value say (a log's own measure, a deterministic version), would
// only cross a hollow marker with its caps.
type intervalBars struct {
	*plotter.YErrorBars
	radius vg.Length
}

// Bars returns the bars, all of them, as plotter.YErrorBars (for linters).
func (b intervalBars) Bars() *plotter.YErrorBars { return b.YErrorBars }

// Plot implements plot.Plotter: the bars that reach past the marker.
func (b intervalBars) Plot(c draw.Canvas, p *plot.Plot) {
	_, trY := p.Transforms(&c)
	keep := plotter.YErrorBars{LineStyle: b.LineStyle, CapWidth: b.CapWidth}
	for i, pt := range b.XYs {
		e := b.YErrors[i]
		y := trY(pt.Y)
		if y-trY(pt.Y-e.Low) <= b.radius && trY(pt.Y+e.High)-y <= b.radius {
			continue
		}
		keep.XYs, keep.YErrors = append(keep.XYs, pt), append(keep.YErrors, e)
	}
	if len(keep.XYs) > 0 {
		keep.Plot(c, p)
	}
}
