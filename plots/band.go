package plots

import (
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// BandKind says what the band of a set of variants spans.
type BandKind int

const (
	// NoBand draws each variant as a thin light line.
	NoBand BandKind = iota
	// MinMax spans the variants' minimum to maximum at each x.
	MinMax
	// Central90 spans their 5th to 95th percentile at each x.
	Central90
)

// String is the band's extent in words, for a legend: "range" or "5–95%".
func (k BandKind) String() string {
	switch k {
	case MinMax:
		return "range"
	case Central90:
		return "5–95%"
	}
	return "lines"
}

// maxBandPoints bounds the grid on which a band is computed.
const maxBandPoints = 400

// Envelope summarises curves (the variants) on a common grid of x values:
// at each x, the low and high ends of the band of kind k (MinMax or
// Central90, type-7 percentiles) and the median, over the curves defined
// there. With step, a curve's value at x is the y of its last point at or
// before x (ECDFs, sorted marginals), defined from its first x on; else it
// is interpolated linearly, defined from its first to its last x. A grid point where fewer than half the curves
// are defined is left out. The grid is the union of the curves' x values,
// thinned evenly to at most 400 points. Points that are not finite are
// ignored; each curve's X must be sorted ascending.
func Envelope(curves []XY, k BandKind, step bool) (x, lo, med, hi []float64) {
	var grid []float64
	for _, c := range curves {
		for i := range c.X {
			if finiteXY(c.X[i], c.Y[i]) {
				grid = append(grid, c.X[i])
			}
		}
	}
	slices.Sort(grid)
	grid = slices.Compact(grid)
	if n := len(grid); n > maxBandPoints {
		thin := make([]float64, 0, maxBandPoints)
		for i := range maxBandPoints {
			thin = append(thin, grid[i*(n-1)/(maxBandPoints-1)])
		}
		grid = thin
	}
	clean := make([]plotter.XYs, len(curves))
	for i, c := range curves {
		for j := range c.X {
			if finiteXY(c.X[j], c.Y[j]) {
				clean[i] = append(clean[i], plotter.XY{X: c.X[j], Y: c.Y[j]})
			}
		}
	}
	vals := make([]float64, 0, len(curves))
	for _, gx := range grid {
		vals = vals[:0]
		for _, c := range clean {
			if v, ok := valueAt(c, gx, step); ok {
				vals = append(vals, v)
			}
		}
		if len(vals) == 0 || 2*len(vals) < len(curves) {
			continue
		}
		slices.Sort(vals)
		l, h := vals[0], vals[len(vals)-1]
		if k == Central90 {
			l, h = quantile(vals, 0.05), quantile(vals, 0.95)
		}
		x = append(x, gx)
		lo = append(lo, l)
		hi = append(hi, h)
		med = append(med, quantile(vals, 0.5))
	}
	return x, lo, med, hi
}

// quantile returns the p-quantile of sorted values, interpolated between
// order statistics (R's and numpy's default, type 7): the median of two
// values is their mean.
func quantile(sorted []float64, p float64) float64 {
	h := p * float64(len(sorted)-1)
	i := int(math.Floor(h))
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (h-float64(i))*(sorted[i+1]-sorted[i])
}

// valueAt returns the value of curve c (sorted by x) at x, and whether c
// is defined there: from its first point on, and with step past its last
// too (an ECDF stays at 1).
func valueAt(c plotter.XYs, x float64, step bool) (float64, bool) {
	if len(c) == 0 || x < c[0].X || (!step && x > c[len(c)-1].X) {
		return 0, false
	}
	// i is the first point with X > x.
	i, _ := slices.BinarySearchFunc(c, x, func(p plotter.XY, x float64) int {
		if p.X <= x {
			return -1
		}
		return 1
	})
	if step || i == len(c) {
		return c[i-1].Y, true
	}
	a, b := c[i-1], c[i]
	if b.X == a.X {
		return b.Y, true
	}
	return a.Y + (b.Y-a.Y)*(x-a.X)/(b.X-a.X), true
}

func finiteXY(x, y float64) bool {
	return !math.IsNaN(x) && !math.IsNaN(y) && !math.IsInf(x, 0) && !math.IsInf(y, 0)
}

// addBand draws the band of curves on p (a light fill and the median
// line) and returns its thumbnails for the key; nothing when no grid
// point is left.
func addBand(p *plot.Plot, curves []XY, k BandKind, step bool, logX, logY bool) ([]plot.Thumbnailer, error) {
	x, lo, med, hi := Envelope(curves, k, step)
	if step {
		x, lo, med, hi = stepped(x, lo, med, hi)
	}
	var thumbs []plot.Thumbnailer
	// One polygon per run of points a log axis can show.
	var ring, low plotter.XYs
	flush := func() error {
		if len(ring) >= 2 {
			slices.Reverse(low)
			poly, err := plotter.NewPolygon(append(ring, low...))
			if err != nil {
				return err
			}
			poly.Color = BandColor
			poly.LineStyle.Width = 0
			p.Add(poly)
			if thumbs == nil {
				thumbs = append(thumbs, poly)
			}
		}
		ring, low = nil, nil
		return nil
	}
	for i := range x {
		if !drawable(x[i], lo[i], logX, logY) || !drawable(x[i], hi[i], logX, logY) {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		ring = append(ring, plotter.XY{X: x[i], Y: hi[i]})
		low = append(low, plotter.XY{X: x[i], Y: lo[i]})
	}
	if err := flush(); err != nil {
		return nil, err
	}
	pts := make(plotter.XYs, 0, len(x))
	for i := range x {
		if drawable(x[i], med[i], logX, logY) {
			pts = append(pts, plotter.XY{X: x[i], Y: med[i]})
		}
	}
	if len(pts) > 0 {
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.LineStyle = MedianStyle()
		p.Add(l)
		thumbs = append(thumbs, l)
	}
	return thumbs, nil
}

// stepped turns values held from each x to the next into the corners of
// a step line: (x0, v0), (x1, v0), (x1, v1), …
func stepped(x []float64, ys ...[]float64) ([]float64, []float64, []float64, []float64) {
	out := make([][]float64, 1+len(ys))
	for i := range x {
		if i > 0 {
			out[0] = append(out[0], x[i])
			for k, y := range ys {
				out[k+1] = append(out[k+1], y[i-1])
			}
		}
		out[0] = append(out[0], x[i])
		for k, y := range ys {
			out[k+1] = append(out[k+1], y[i])
		}
	}
	for len(out) < 4 {
		out = append(out, nil)
	}
	return out[0], out[1], out[2], out[3]
}
