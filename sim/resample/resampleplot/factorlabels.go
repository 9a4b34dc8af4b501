package resampleplot

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/plots"
)

// factorLabels names the medians of LoadScatter by their load factors
// ("×1.2"), each placed, when the panel is drawn, at whichever side of
// its point covers the fewest simulations' points, the medians' line
// and the labels placed before it (a fixed side, below and right, wrote
// some over points of the cloud).
type factorLabels struct {
	at     plotter.XYs // the labelled medians
	words  []string
	points plotter.XYs // every simulation drawn, to keep clear of
	line   plotter.XYs // the medians' line
}

// Texts returns the labels (for plottest's checks of labels).
func (f *factorLabels) Texts() []string { return f.words }

// Plot places and draws the labels on the data area c of plt.
func (f *factorLabels) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	canvas := func(xy plotter.XYs) []vg.Point {
		out := make([]vg.Point, 0, len(xy))
		for _, p := range xy {
			out = append(out, vg.Point{X: trX(p.X), Y: trY(p.Y)})
		}
		return out
	}
	points, line := canvas(f.points), canvas(f.line)
	sty := plots.TextStyle(8, false)
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YBottom
	// A label may reach into the margin right of the data area (before
	// the next panel's axis), not above it (the title) nor below it (the
	// tick labels) nor left of it (the axis).
	bounds := labelRect{c.Min, vg.Point{X: c.Max.X + rightMargin, Y: c.Max.Y}}
	var placed []labelRect
	for k, at := range canvas(f.at) {
		r := placeFactor(at, sty.Width(f.words[k]), sty.FontExtents().Ascent, points, line, placed, bounds)
		placed = append(placed, r)
		c.FillText(sty, r.Min, f.words[k])
	}
}

// rightMargin is how far past the data area's right edge a factor's
// label may reach: a few points, well short of the axis label of a
// panel to the right.
const rightMargin = vg.Length(6)

// labelRect is a label's box on the canvas.
type labelRect struct{ Min, Max vg.Point }

// contains says whether p lies in r grown by pad on every side.
func (r labelRect) contains(p vg.Point, pad vg.Length) bool {
	return p.X >= r.Min.X-pad && p.X <= r.Max.X+pad && p.Y >= r.Min.Y-pad && p.Y <= r.Max.Y+pad
}

// overlaps says whether r and s share area.
func (r labelRect) overlaps(s labelRect) bool {
	return r.Min.X < s.Max.X && s.Min.X < r.Max.X && r.Min.Y < s.Max.Y && s.Min.Y < r.Max.Y
}

// factorSides are the places of a label of width w and height h at its
// point, in order of preference: below and right (the side a rising
// line leaves free), above and left, below and left, above and right,
// below, above, right, left; 4 points from it, then the same 9 points
// away (in a dense cloud).
func factorSides(w, h vg.Length) []vg.Point {
	var out []vg.Point
	for _, gap := range []vg.Length{4, 9} {
		out = append(out, []vg.Point{{X: gap, Y: -gap - h}, {X: -gap - w, Y: gap}, {X: -gap - w, Y: -gap - h}, {X: gap, Y: gap},
			{X: -w / 2, Y: -gap - h}, {X: -w / 2, Y: gap}, {X: gap + 1, Y: -h / 2}, {X: -gap - 1 - w, Y: -h / 2}}...)
	}
	return out
}

// placeFactor returns the box of a label of width w and height h at the
// point at: of factorSides, the one with the least cost, the first in
// their order on a tie. A simulation's point under the box (its marker's
// radius counted) costs 1, the medians' line through it 3, an overlap
// with a label placed before or a box past bounds 10.
func placeFactor(at vg.Point, w, h vg.Length, points, line []vg.Point, placed []labelRect, bounds labelRect) labelRect {
	const marker = 2 // points: a simulation's marker radius
	best, bestCost := labelRect{}, -1
	for _, d := range factorSides(w, h) {
		r := labelRect{vg.Point{X: at.X + d.X, Y: at.Y + d.Y}, vg.Point{X: at.X + d.X + w, Y: at.Y + d.Y + h}}
		cost := 0
		for _, p := range points {
			if r.contains(p, marker) {
				cost++
			}
		}
		if crosses(r, line) {
			cost += 3
		}
		for _, s := range placed {
			if r.overlaps(s) {
				cost += 10
			}
		}
		if r.Min.X < bounds.Min.X || r.Min.Y < bounds.Min.Y || r.Max.X > bounds.Max.X || r.Max.Y > bounds.Max.Y {
			cost += 10
		}
		if bestCost < 0 || cost < bestCost {
			best, bestCost = r, cost
		}
	}
	return best
}

// crosses says whether the polyline passes through r (checked at steps
// of at most a point along each segment).
func crosses(r labelRect, line []vg.Point) bool {
	for i := 1; i < len(line); i++ {
		a, b := line[i-1], line[i]
		dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
		n := int(max(abs(dx), abs(dy))) + 1
		for k := 0; k <= n; k++ {
			t := float64(k) / float64(n)
			if r.contains(vg.Point{X: a.X + vg.Length(t*dx), Y: a.Y + vg.Length(t*dy)}, 0) {
				return true
			}
		}
	}
	return false
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
