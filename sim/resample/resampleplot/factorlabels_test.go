package resampleplot

import (
	"testing"

	"gonum.org/v1/plot/vg"
)

// TestPlaceFactor: a factor's label goes below and right of its point
// unless that side covers more of the cloud, the line or a label than
// another, and farther when every side near it is covered (hand-placed
// canvas points; the label is 20 × 6 points, the gap 4 points, then 9).
func TestPlaceFactor(t *testing.T) {
	at := vg.Point{X: 100, Y: 100}
	bounds := labelRect{vg.Point{}, vg.Point{X: 300, Y: 300}}
	// The sides' lower-left corners (factorSides with w 20, h 6).
	br, al, bl := vg.Point{X: 104, Y: 90}, vg.Point{X: 76, Y: 104}, vg.Point{X: 76, Y: 90}
	for _, c := range []struct {
		name         string
		points, line []vg.Point
		placed       []labelRect
		bounds       labelRect
		want         vg.Point
	}{
		{"a clear panel: below and right", nil, nil, nil, bounds, br},
		{"two points under below-right: above and left",
			[]vg.Point{{X: 110, Y: 93}, {X: 115, Y: 92}}, nil, nil, bounds, al},
		{"a point under below-right, the line through above-left: below and left",
			[]vg.Point{{X: 110, Y: 93}}, []vg.Point{{X: 100, Y: 100}, {X: 70, Y: 115}}, nil, bounds, bl},
		{"a label already below and right: above and left", nil, nil,
			[]labelRect{{vg.Point{X: 104, Y: 88}, vg.Point{X: 130, Y: 96}}}, bounds, al},
		{"every side near it covered: below and right, farther",
			[]vg.Point{{X: 114, Y: 95}, {X: 86, Y: 107}, {X: 86, Y: 93}, {X: 114, Y: 107}, {X: 100, Y: 93}, {X: 100, Y: 107}, {X: 115, Y: 100}, {X: 85, Y: 100}},
			nil, nil, bounds, vg.Point{X: 109, Y: 85}},
		{"the panel's bottom edge: above and left",
			nil, nil, nil, labelRect{vg.Point{X: 0, Y: 95}, vg.Point{X: 300, Y: 300}}, al},
	} {
		got := placeFactor(at, 20, 6, c.points, c.line, c.placed, c.bounds)
		if got.Min != c.want || got.Max != (vg.Point{X: c.want.X + 20, Y: c.want.Y + 6}) {
			t.Errorf("%s: box %v, want from %v", c.name, got, c.want)
		}
	}
}
