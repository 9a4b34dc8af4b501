package plots

import (
	"errors"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// LinesOptions controls Lines. The zero value draws plain lines.
type LinesOptions struct {
	Axes
	// Points adds a marker at every point.
	Points bool
}

// Lines plots each series as a line through its points in the given order,
// with the series' labels in the legend. Points with a NaN or ±Inf
// coordinate, or a non-positive one on a log axis, are left out (the line
// joins their neighbours). It returns an error when a series has X and Y of
// different lengths or when no point is drawable.
func Lines(series []XY, opts LinesOptions) (*plot.Plot, error) {
	p := newPlot(opts.Axes)
	drawn := 0
	for i, s := range series {
		pts, err := points(s, opts.Axes)
		if err != nil {
			return nil, err
		}
		if len(pts) == 0 {
			continue
		}
		ls, gs := style(i)
		var thumbs []plot.Thumbnailer
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("plots: Lines %q: %w", s.Label, err)
		}
		l.LineStyle = ls
		p.Add(l)
		thumbs = append(thumbs, l)
		if opts.Points {
			sc, err := plotter.NewScatter(pts)
			if err != nil {
				return nil, fmt.Errorf("plots: Lines %q: %w", s.Label, err)
			}
			sc.GlyphStyle = gs
			p.Add(sc)
			thumbs = append(thumbs, sc)
		}
		if s.Label != "" {
			p.Legend.Add(s.Label, thumbs...)
		}
		drawn++
	}
	if drawn == 0 {
		return nil, errors.New("plots: Lines: no drawable points")
	}
	return p, nil
}

// ScatterOptions controls Scatter. The zero value draws markers of radius 2 points.
type ScatterOptions struct {
	Axes
	// Radius of the markers in points; zero means 2.
	Radius float64
}

// Scatter plots each series as a cloud of markers, with the series' labels
// in the legend; the same points as in Lines are left out. It returns an
// error when a series has X and Y of different lengths or when no point is
// drawable. For hundreds of thousands of points, prefer PNG output.
func Scatter(series []XY, opts ScatterOptions) (*plot.Plot, error) {
	p := newPlot(opts.Axes)
	drawn := 0
	for i, s := range series {
		pts, err := points(s, opts.Axes)
		if err != nil {
			return nil, err
		}
		if len(pts) == 0 {
			continue
		}
		_, gs := style(i)
		if opts.Radius > 0 {
			gs.Radius = vg.Points(opts.Radius)
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, fmt.Errorf("plots: Scatter %q: %w", s.Label, err)
		}
		sc.GlyphStyle = gs
		p.Add(sc)
		if s.Label != "" {
			p.Legend.Add(s.Label, sc)
		}
		drawn++
	}
	if drawn == 0 {
		return nil, errors.New("plots: Scatter: no drawable points")
	}
	return p, nil
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
