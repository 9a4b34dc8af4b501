package lublinplot

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
	"github.com/tracelab/tracelab/sim/lublin"
)

// TestDensityFitDrawn: the histogram of the finite values as a density
// (area 1) and the model's density over the data's range.
func TestDensityFitDrawn(t *testing.T) {
	t.Parallel()
	x := []float64{1, 2, 2, 3, 3, 3, 4, math.NaN(), math.Inf(1)}
	p, err := DensityFit(x, func(float64) float64 { return 0.25 }, DensityOptions{Bins: 3})
	if err != nil {
		t.Fatal(err)
	}
	h := plottest.Histograms(p)
	if len(h) != 1 || len(h[0]) != 3 {
		t.Fatalf("histograms %v, want one of 3 bins", h)
	}
	area := 0.0
	for _, b := range h[0] {
		area += b.Weight * (b.Max - b.Min)
	}
	if !scalar.EqualWithinAbs(area, 1, 1e-12) || h[0][0].Min != 1 || h[0][2].Max != 4 {
		t.Errorf("bins %v: area %v, want 1 over [1, 4]", h[0], area)
	}
	var f *plotter.Function
	for _, pl := range plottest.Plotters(p) {
		if g, ok := pl.(*plotter.Function); ok {
			f = g
		}
	}
	if f == nil || f.XMin != 1 || f.XMax != 4 || f.F(2.5) != 0.25 {
		t.Errorf("model curve %+v, want the density over [1, 4]", f)
	}
	if r := plottest.XRange(p); r != (plottest.Range{Min: 1, Max: 4}) {
		t.Errorf("x range %v, want [1, 4]", r)
	}
}

// TestCDFsDrawn: a sample's empirical CDF point by point (ending at 1),
// a model's CDF over the samples' range; the model (first drawn: curves of
// role Compared) under the data (role Original, drawn last).
func TestCDFsDrawn(t *testing.T) {
	t.Parallel()
	cdf := func(x float64) float64 { return (x - 1) / 3 }
	p, err := CDFs([]Curve{{Label: "data", Values: []float64{3, 1, 4, 2, math.NaN()}, Role: plots.Original}, {Label: "model", CDF: cdf}}, plots.Axes{})
	if err != nil {
		t.Fatal(err)
	}
	l := plottest.Lines(p)
	if len(l) != 2 {
		t.Fatalf("%d lines, want 2", len(l))
	}
	if got := plotter.XYs(l[1]); len(got) != 4 || got[0] != (plotter.XY{X: 1, Y: 0.25}) || got[3] != (plotter.XY{X: 4, Y: 1}) {
		t.Errorf("data's CDF %v", got)
	}
	if m := l[0]; len(m) != 301 || m[0] != (plotter.XY{X: 1, Y: 0}) || m[300] != (plotter.XY{X: 4, Y: 1}) {
		t.Errorf("model's CDF: %d points from %v to %v, want 301 from (1, 0) to (4, 1)", len(m), m[0], m[len(m)-1])
	}
}

// TestDailyCycleDrawn: each series as the fraction of its arrivals per
// half-hour slot from the slot's start (a step line; the last slot's
// value held to 24 h), then the model's fractions.
func TestDailyCycleDrawn(t *testing.T) {
	t.Parallel()
	counts := make([]int, lublin.Slots)
	counts[0], counts[47] = 1, 3
	model := make([]float64, lublin.Slots)
	model[10] = 1
	p, err := DailyCycle([]Daily{{Label: "log", Counts: counts}, {Label: "model", Fractions: model}}, plots.Axes{})
	if err != nil {
		t.Fatal(err)
	}
	l := plottest.Lines(p)
	if len(l) != 2 || len(l[0]) != lublin.Slots+1 || len(l[1]) != lublin.Slots+1 {
		t.Fatalf("lines %v, want 2 of %d points", l, lublin.Slots+1)
	}
	if l[0][0] != (plotter.XY{X: 0, Y: 0.25}) || l[0][1].Y != 0 || l[0][47] != (plotter.XY{X: 23.5, Y: 0.75}) || l[0][48] != (plotter.XY{X: 24, Y: 0.75}) {
		t.Errorf("log's fractions %v", l[0])
	}
	if l[1][10] != (plotter.XY{X: 5, Y: 1}) {
		t.Errorf("model's fractions %v", l[1])
	}
}
