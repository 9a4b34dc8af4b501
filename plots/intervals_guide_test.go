package plots_test

import (
	"math"
	"testing"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
)

// TestIntervalsGuideShape: a Guide series of Intervals (a reference value
// beside the series, 2013 §6.1's "if the users were independent") is
// marked by a shape of its own, not the first Compared series' disc in
// grey (told apart by colour alone).
func TestIntervalsGuideShape(t *testing.T) {
	nan := math.NaN()
	p, err := plots.Intervals([]string{"KTH-SP2", "SDSC-SP2"}, []plots.Interval{
		{Label: "common week", Mean: []float64{1.2, 1}, Lo: []float64{1, 0.9}, Hi: []float64{1.3, 1.1}},
		{Label: "if the users were independent", Role: plots.Guide, Mean: []float64{2.7, 3.3}, Lo: []float64{nan, nan}, Hi: []float64{nan, nan}},
	}, plots.IntervalsOptions{Axes: plots.Axes{LogY: true}, Reference: 1})
	if err != nil {
		t.Fatal(err)
	}
	var shapes []draw.GlyphDrawer
	for _, pl := range plottest.Plotters(p) {
		if sc, ok := pl.(*plotter.Scatter); ok {
			shapes = append(shapes, sc.GlyphStyle.Shape)
		}
	}
	if len(shapes) != 2 {
		t.Fatalf("%d scatters, want 2 (a series and a guide)", len(shapes))
	}
	if _, disc := shapes[0].(draw.CircleGlyph); !disc {
		t.Errorf("the first series marked by %T, want a disc", shapes[0])
	}
	if _, disc := shapes[1].(draw.CircleGlyph); disc {
		t.Errorf("the guide marked by a disc too")
	}
}
