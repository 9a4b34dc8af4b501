package plots

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// ECDFOptions controls ECDF. The zero value draws ECDFs on linear axes with
// the y label "fraction", thinned to at most 2000 points per curve.
type ECDFOptions struct {
	Axes
	// Survival draws the complementary ECDF, 1 − F(x), the fraction of
	// values above x (with LogY, for heavy tails).
	Survival bool
	// MaxPoints bounds the points drawn per curve; zero means 2000. Larger
	// samples are thinned by rank (the first step to enter each level
	// k/(MaxPoints−1) of the y axis' height — of F, or of log F with
	// LogY — always keeping the first and last), which keeps the step
	// shape within 1/(MaxPoints−1) of that height wherever the distinct
	// values lie.
	MaxPoints int
	// Band draws the Variant samples as a band with their median
	// (see LinesOptions.Band).
	Band BandKind
}

// ECDF plots the empirical cumulative distribution function of each sample
// as a step line styled by its Role (see Lines), with the samples' labels
// in the legend:
//
//	F(x) = #{values ≤ x} / n
//
// where n counts the sample's non-NaN values; NaN values are left out (they
// are unknown measures) and ±Inf values count in n but are not drawn. With
// LogX, values ≤ 0 cannot be drawn: they still count in n and in F, so the
// curve starts at the height of the non-positive fraction instead of at 0,
// and that jump at the left edge shows how many were not drawn. Otherwise
// the curve rises from 0 (falls from 1, Survival) at the smallest value, so
// that a first step of many ties (a round value many jobs share) shows as
// high as it is. It returns an error when no sample has a drawable value.
func ECDF(samples []Sample, opts ECDFOptions) (*plot.Plot, error) {
	if opts.YLabel == "" {
		opts.YLabel = "fraction"
		if opts.Survival {
			opts.YLabel = "fraction above"
		}
	}
	p := newPlot(opts.Axes)
	series := make([]XY, 0, len(samples))
	for _, s := range samples {
		pts := withRise(ecdfPoints(s.Values, opts), s.Values, opts)
		xy := XY{Label: s.Label, Role: s.Role, Dashed: s.Dashed, Color: s.Color, X: make([]float64, len(pts)), Y: make([]float64, len(pts))}
		for i, pt := range pts {
			xy.X[i], xy.Y[i] = pt.X, pt.Y
		}
		series = append(series, xy)
	}
	n, err := addSeries(p, series, seriesOptions{axes: opts.Axes, lines: true, step: true, band: opts.Band})
	if err != nil {
		return nil, fmt.Errorf("plots: ECDF: %w", err)
	}
	if n == 0 {
		return nil, errors.New("plots: ECDF: no drawable values")
	}
	if !opts.LogY {
		p.Y.Min, p.Y.Max = 0, 1
	}
	return p, nil
}

// withRise returns pts, the ECDF steps of vs, with the curve's start
// before its first step prepended: (min, 0), or (min, 1) with Survival,
// when the first step is at the smallest value of vs (nothing below it was
// left undrawn) and a log y axis can show that start.
func withRise(pts plotter.XYs, vs []float64, opts ECDFOptions) plotter.XYs {
	if len(pts) == 0 {
		return pts
	}
	lowest := math.Inf(1)
	for _, v := range vs {
		if !math.IsNaN(v) {
			lowest = min(lowest, v)
		}
	}
	start := 0.0
	if opts.Survival {
		start = 1
	}
	if pts[0].X != lowest || !drawable(lowest, start, opts.LogX, opts.LogY) {
		return pts
	}
	return append(plotter.XYs{{X: lowest, Y: start}}, pts...)
}

// ecdfPoints returns the steps of the (complementary) ECDF of vs: one point
// (x, F(x)) per distinct value, thinned to opts.MaxPoints, without the points
// a log axis cannot show.
func ecdfPoints(vs []float64, opts ECDFOptions) plotter.XYs {
	xs := make([]float64, 0, len(vs))
	for _, v := range vs {
		if !math.IsNaN(v) {
			xs = append(xs, v)
		}
	}
	n := len(xs)
	if n == 0 {
		return nil
	}
	slices.Sort(xs)
	// One point per distinct value, at the last of its ties.
	var pts plotter.XYs
	for i := 0; i < n; i++ {
		if i+1 < n && xs[i+1] == xs[i] {
			continue
		}
		f := float64(i+1) / float64(n)
		if opts.Survival {
			f = float64(n-i-1) / float64(n)
		}
		if drawable(xs[i], f, opts.LogX, opts.LogY) {
			pts = append(pts, plotter.XY{X: xs[i], Y: f})
		}
	}
	maxPts := opts.MaxPoints
	if maxPts <= 0 {
		maxPts = 2000
	}
	maxPts = max(maxPts, 2)
	if len(pts) <= maxPts {
		return pts
	}
	// By rank, not by distinct value: a point is kept when the curve
	// enters a new level k/(maxPts−1) of the y axis' height (of F, or of
	// log F on a log axis, between the curve's least and largest
	// values), so every step left out is within 1/(maxPts−1) of that
	// height of the curve drawn, rising (ECDF) or falling (Survival).
	// (Every k-th distinct value, as before, drew a log's few short
	// runtimes, sparse among thousands of distinct long ones, as coarse
	// jumps of a tenth.)
	level := levels(pts, opts.LogY, maxPts)
	last := len(pts) - 1
	thin := make(plotter.XYs, 0, maxPts)
	thin = append(thin, pts[0])
	for _, pt := range pts[1:last] {
		if level(pt.Y) != level(thin[len(thin)-1].Y) {
			thin = append(thin, pt)
		}
	}
	return append(thin, pts[last])
}

// levels returns the level of a height y of the curve pts on its y axis,
// k when y lies in [k, k+1)/(maxPts−1) of it: of y itself (F lies in
// [0, 1]), or on a log axis of the share of log y between the least and
// the largest y of pts. The top level joins the one below, so that the
// first and last points and one per level make at most maxPts.
func levels(pts plotter.XYs, logY bool, maxPts int) func(float64) int {
	top := maxPts - 2
	if !logY {
		return func(y float64) int { return min(int(y*float64(maxPts-1)), top) }
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		lo, hi = min(lo, p.Y), max(hi, p.Y)
	}
	span := math.Log(hi) - math.Log(lo)
	return func(y float64) int {
		if !(span > 0) {
			return 0
		}
		return min(int((math.Log(y)-math.Log(lo))/span*float64(maxPts-1)), top)
	}
}
