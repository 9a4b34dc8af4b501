package plots_test

import (
	"testing"

	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
)

// TestScatter: a series and its dashed counterpart in one colour (a
// scheduler open and with feedback, 2021 Fig. 12) get different marker
// shapes, in that colour; and no marker sits on the frame: the axes leave
// Headroom around the cloud, linear (x) and logarithmic (y).
func TestScatter(t *testing.T) {
	p, err := plots.Scatter([]plots.XY{
		{Label: "EASY with feedback", X: []float64{0.3, 0.9}, Y: []float64{1e4, 4e4}, Color: 1},
		{Label: "EASY open", X: []float64{0.3, 1}, Y: []float64{1e4, 1e7}, Color: 1, Dashed: true},
	}, plots.ScatterOptions{Axes: plots.Axes{LogY: true}})
	if err != nil {
		t.Fatal(err)
	}
	var sc []*plotter.Scatter
	for _, pl := range plottest.Plotters(p) {
		if s, ok := pl.(*plotter.Scatter); ok {
			sc = append(sc, s)
		}
	}
	if len(sc) != 2 {
		t.Fatalf("%d scatters, want 2", len(sc))
	}
	if sc[0].GlyphStyle.Color != sc[1].GlyphStyle.Color || sc[0].GlyphStyle.Shape == sc[1].GlyphStyle.Shape {
		t.Errorf("solid %v %T, dashed %v %T: want one colour, two shapes",
			sc[0].GlyphStyle.Color, sc[0].GlyphStyle.Shape, sc[1].GlyphStyle.Color, sc[1].GlyphStyle.Shape)
	}
	// x: 0.3–1 widened by 4% of 0.7 each side; y: 1e4–1e7, three
	// decades, widened by 10^(0.04·3) each side.
	for _, c := range []struct {
		name          string
		got, min, max float64
	}{
		{"x min", p.X.Min, 0.271, 0.273}, {"x max", p.X.Max, 1.027, 1.029},
		{"y min", p.Y.Min, 7585, 7587}, {"y max", p.Y.Max, 1.318e7, 1.319e7},
	} {
		if !(c.got > c.min && c.got < c.max) {
			t.Errorf("%s = %g, want in (%g, %g)", c.name, c.got, c.min, c.max)
		}
	}
}
