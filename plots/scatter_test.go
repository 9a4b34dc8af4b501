package plots_test

import (
	"testing"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"

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

// TestScatterPairedShapes: as markers only, every colour that has a
// series and its dashed counterpart draws the series filled and the
// counterpart hollow in one shape (2021 Fig. 12, where FCFS with feedback
// was a hollow square and FCFS open a plus, while EASY with feedback was
// a filled circle and EASY open a ring); a dashed series alone keeps
// DashedShape.
func TestScatterPairedShapes(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		series []plots.XY
		want   []draw.GlyphDrawer // in the order drawn
	}{
		{"two schedulers", []plots.XY{
			{Label: "FCFS with feedback", X: []float64{1}, Y: []float64{1}, Color: 2},
			{Label: "FCFS open", X: []float64{1}, Y: []float64{2}, Color: 2, Dashed: true},
			{Label: "EASY with feedback", X: []float64{1}, Y: []float64{3}, Color: 1},
			{Label: "EASY open", X: []float64{1}, Y: []float64{4}, Color: 1, Dashed: true},
		}, []draw.GlyphDrawer{draw.BoxGlyph{}, draw.SquareGlyph{}, draw.CircleGlyph{}, draw.RingGlyph{}}},
		{"third colour", []plots.XY{
			{Label: "a", X: []float64{1}, Y: []float64{1}, Color: 3},
			{Label: "b", X: []float64{1}, Y: []float64{2}, Color: 3, Dashed: true},
		}, []draw.GlyphDrawer{draw.PyramidGlyph{}, draw.TriangleGlyph{}}},
		{"dashed alone", []plots.XY{
			{Label: "a", X: []float64{1}, Y: []float64{1}, Color: 2, Dashed: true},
			{Label: "b", X: []float64{1}, Y: []float64{2}, Color: 1},
		}, []draw.GlyphDrawer{plots.DashedShape(1), draw.CircleGlyph{}}},
	} {
		p, err := plots.Scatter(tt.series, plots.ScatterOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var got []draw.GlyphDrawer
		for _, pl := range plottest.Plotters(p) {
			if s, ok := pl.(*plotter.Scatter); ok {
				got = append(got, s.GlyphStyle.Shape)
			}
		}
		if len(got) != len(tt.want) {
			t.Fatalf("%s: %d scatters, want %d", tt.name, len(got), len(tt.want))
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: series %d drawn as %T, want %T", tt.name, i, got[i], tt.want[i])
			}
		}
	}
}
