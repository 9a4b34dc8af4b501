package plots

import (
	"testing"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// TestIntervalBarsPastMarker: an interval of Intervals no taller than its
// marker draws no bar (its caps would cross a hollow marker: 2021-beyond §6.5.5's
// locality of a log, one value, and of its sorted versions); one reaching
// past it draws its bar and both caps. On a y axis of [0, 2] drawn 200
// points high, a unit is 100 points, the marker's radius 3 points.
func TestIntervalBarsPastMarker(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		lo, hi  float64
		strokes int // the bar and its two caps, or nothing
	}{
		{"one value", 1, 1, 0},
		{"within the marker (±2 points)", 0.98, 1.02, 0},
		{"past the marker above (+4 points)", 1, 1.04, 3},
		{"past the marker below (−4 points)", 0.96, 1, 3},
		{"wide", 0.5, 1.5, 3},
	} {
		p := New(Axes{})
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.5, 0.5, 0, 2
		bars := intervalBars{&plotter.YErrorBars{XYs: plotter.XYs{{X: 0, Y: 1}},
			YErrors: plotter.YErrors{{Low: 1 - c.lo, High: c.hi - 1}}, LineStyle: RoleStyle(Compared, 1), CapWidth: vg.Points(5)}, vg.Points(3)}
		rec := &recorder.Canvas{}
		bars.Plot(draw.Canvas{Canvas: rec, Rectangle: vg.Rectangle{Max: vg.Point{X: 200, Y: 200}}}, p)
		strokes := 0
		for _, a := range rec.Actions {
			if _, ok := a.(*recorder.Stroke); ok {
				strokes++
			}
		}
		if strokes != c.strokes {
			t.Errorf("%s: %d strokes, want %d", c.name, strokes, c.strokes)
		}
	}
}
