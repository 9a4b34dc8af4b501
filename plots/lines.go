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

// LinesOptions controls Lines. The zero value draws plain lines.
type LinesOptions struct {
	Axes
	// Points adds a marker at every point.
	Points bool
	// Band draws the Variant series as a band with their median instead
	// of one thin line each (see Envelope); their X must be sorted.
	Band BandKind
	// Step draws every series as a step line (the value held until the
	// next point), and computes bands the same way.
	Step bool
}

// Lines plots each series as a line through its points in the given order,
// styled by its Role: Original bold black on top, Compared in the palette,
// Variants thin and light (or as a band, LinesOptions.Band), Guides thin
// grey. Series with the same label share one legend entry. Points with a
// NaN or ±Inf coordinate, or a non-positive one on a log axis, are left out
// (the line joins their neighbours). A linear y axis ends Headroom above
// the highest point. It returns an error when a series has X and Y of
// different lengths or when no point is drawable.
func Lines(series []XY, opts LinesOptions) (*plot.Plot, error) {
	p := newPlot(opts.Axes)
	n, err := addSeries(p, series, seriesOptions{axes: opts.Axes, lines: true, points: opts.Points, step: opts.Step, band: opts.Band})
	if err != nil {
		return nil, fmt.Errorf("plots: Lines: %w", err)
	}
	if n == 0 {
		return nil, errors.New("plots: Lines: no drawable points")
	}
	if !opts.LogY && p.Y.Max > p.Y.Min {
		p.Y.Max += Headroom * (p.Y.Max - p.Y.Min)
	}
	return p, nil
}

// Headroom is the room Lines leaves on a linear y axis above the highest
// point, as a fraction of the data's range: a peak ending on the frame
// reads as cut off.
const Headroom = 0.04

// ScatterOptions controls Scatter. The zero value draws markers of radius 2 points.
type ScatterOptions struct {
	Axes
	// Radius of the markers in points; zero means the theme's.
	Radius float64
}

// Scatter plots each series as a cloud of markers styled by its Role (a
// Dashed Compared series in its colour with DashedShape), with the
// series' labels in the legend; the same points as in Lines are left out,
// and the axes leave Headroom around the points. It returns an error when
// a series has X and Y of different lengths or when no point is drawable.
// For hundreds of thousands of points, prefer PNG output.
func Scatter(series []XY, opts ScatterOptions) (*plot.Plot, error) {
	p := newPlot(opts.Axes)
	n, err := addSeries(p, series, seriesOptions{axes: opts.Axes, points: true, radius: opts.Radius})
	if err != nil {
		return nil, fmt.Errorf("plots: Scatter: %w", err)
	}
	if n == 0 {
		return nil, errors.New("plots: Scatter: no drawable points")
	}
	// Room around the cloud, so that no marker sits on the frame.
	padAxis(&p.X, opts.LogX)
	padAxis(&p.Y, opts.LogY)
	return p, nil
}

// padAxis widens a's range by Headroom on each side: of the range on a
// linear axis, of its powers of ten on a logarithmic one.
func padAxis(a *plot.Axis, log bool) {
	switch {
	case !(a.Max > a.Min):
	case log && a.Min > 0:
		f := math.Pow(a.Max/a.Min, Headroom)
		a.Min, a.Max = a.Min/f, a.Max*f
	case !log:
		d := Headroom * (a.Max - a.Min)
		a.Min, a.Max = a.Min-d, a.Max+d
	}
}

// seriesOptions says how addSeries draws.
type seriesOptions struct {
	axes          Axes
	lines, points bool
	step          bool
	band          BandKind
	radius        float64
}

// AddLines adds series to p as Lines draws them, with their legend
// entries: for builders that start from New and combine several kinds of
// series. opts' Axes must be p's (log scales leave points out).
func AddLines(p *plot.Plot, series []XY, opts LinesOptions) (int, error) {
	return addSeries(p, series, seriesOptions{axes: opts.Axes, lines: true, points: opts.Points, step: opts.Step, band: opts.Band})
}

// AddPoints adds series to p as Scatter draws them (see AddLines).
func AddPoints(p *plot.Plot, series []XY, opts ScatterOptions) (int, error) {
	return addSeries(p, series, seriesOptions{axes: opts.Axes, points: true, radius: opts.Radius})
}

// addSeries draws series on p by role — guides first, then variants,
// compared series and the original on top — and adds one legend entry per
// label: the original's, the compared series', the variants', the
// guides'. It returns the number of series drawn.
func addSeries(p *plot.Plot, series []XY, o seriesOptions) (int, error) {
	type entry struct {
		label  string
		thumbs []plot.Thumbnailer
	}
	keys := map[Role][]entry{}
	seen := map[string]bool{}
	key := func(r Role, label string, thumbs ...plot.Thumbnailer) {
		if label == "" || seen[label] || len(thumbs) == 0 {
			return
		}
		seen[label] = true
		keys[r] = append(keys[r], entry{label, thumbs})
	}
	index := map[Role]int{} // per role, the next style index
	styleIndex := map[string]int{}
	// The colours given both a solid and a dashed Compared series; as
	// markers only they are drawn filled and hollow (PairedShapes).
	paired := map[int]bool{}
	if o.points && !o.lines {
		kinds := map[int][2]bool{}
		for _, s := range series {
			if s.Role == Compared && s.Color > 0 {
				k := kinds[s.Color-1]
				k[btoi(s.Dashed)] = true
				kinds[s.Color-1] = k
			}
		}
		for c, k := range kinds {
			paired[c] = k[0] && k[1]
		}
	}
	drawn := 0
	for _, r := range []Role{Guide, Variant, Compared, Original} {
		if r == Variant && o.band != NoBand {
			var vs []XY
			for _, s := range series {
				if s.Role == Variant {
					vs = append(vs, s)
				}
			}
			if len(vs) == 0 {
				continue
			}
			thumbs, err := addBand(p, vs, o.band, o.step, o.axes.LogX, o.axes.LogY)
			if err != nil {
				return 0, err
			}
			if len(thumbs) > 0 {
				drawn += len(vs)
				key(Variant, vs[0].Label, thumbs...)
			}
			continue
		}
		for _, s := range series {
			if s.Role != r {
				continue
			}
			pts, err := points(s, o.axes)
			if err != nil {
				return 0, err
			}
			if len(pts) == 0 {
				continue
			}
			// Series with one label share a style.
			i, ok := styleIndex[s.Label]
			switch {
			case r == Compared && s.Color > 0:
				i = s.Color - 1
			case !ok || s.Label == "":
				i = index[r]
				index[r]++
				styleIndex[s.Label] = i
			}
			var thumbs []plot.Thumbnailer
			if o.lines {
				l, err := plotter.NewLine(pts)
				if err != nil {
					return 0, fmt.Errorf("%q: %w", s.Label, err)
				}
				l.LineStyle = RoleStyle(r, i)
				if s.Dashed && r == Compared {
					l.LineStyle = DashedStyle(i)
				}
				if s.Dashed && r == Original {
					l.LineStyle.Dashes = Dashes[1]
				}
				if o.step {
					l.StepStyle = plotter.PostStep
				}
				p.Add(l)
				thumbs = append(thumbs, l)
			}
			// A guide in a line plot is a line only (no markers).
			if o.points && !(o.lines && r == Guide) {
				sc, err := plotter.NewScatter(pts)
				if err != nil {
					return 0, fmt.Errorf("%q: %w", s.Label, err)
				}
				sc.GlyphStyle = roleGlyph(r, i)
				if !o.lines && r == Compared {
					solid, dashed, ok := PairedShapes(i)
					ok = ok && s.Color > 0
					switch {
					case ok && paired[i] && s.Dashed:
						sc.GlyphStyle.Shape = dashed
					case ok && paired[i]:
						sc.GlyphStyle.Shape = solid
					case s.Dashed:
						sc.GlyphStyle.Shape = DashedShape(i)
					}
				}
				if o.radius > 0 {
					sc.GlyphStyle.Radius = vg.Points(o.radius)
				}
				p.Add(sc)
				thumbs = append(thumbs, sc)
			}
			key(r, s.Label, thumbs...)
			drawn++
		}
	}
	for _, r := range []Role{Original, Compared, Variant, Guide} {
		for _, e := range keys[r] {
			p.Legend.Add(e.label, e.thumbs...)
		}
	}
	return drawn, nil
}

// roleGlyph returns the marker of a series of role r (see RoleStyle).
func roleGlyph(r Role, i int) draw.GlyphStyle {
	switch r {
	case Original:
		return OriginalGlyph()
	case Variant, Guide:
		g := OriginalGlyph()
		g.Color = VariantColor
		if r == Guide {
			g.Color = GuideColor
		}
		g.Radius = vg.Points(1.5)
		return g
	}
	return SeriesGlyph(i)
}

// points returns the drawable points of s.
func points(s XY, a Axes) (plotter.XYs, error) {
	if len(s.X) != len(s.Y) {
		return nil, fmt.Errorf("plots: series %q has %d x and %d y values", s.Label, len(s.X), len(s.Y))
	}
	pts := make(plotter.XYs, 0, len(s.X))
	for i := range s.X {
		if drawable(s.X[i], s.Y[i], a.LogX, a.LogY) {
			pts = append(pts, plotter.XY{X: s.X[i], Y: s.Y[i]})
		}
	}
	return pts, nil
}

// btoi is 1 for true, 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
