package lublinplot

import (
	"math"
	"reflect"
	"slices"
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

// TestDailyCycleModelOneStyle: the daily-cycle model's curve (given as
// Fractions) has one name and one look in every figure, whatever the
// caller calls it and whatever else the figure draws: Fig. 9 named it
// "smooth Gamma (model2)" (orange dashed, beside one generated series),
// §9.1 "daily-cycle model" (green dashed, beside two).
func TestDailyCycleModelOneStyle(t *testing.T) {
	t.Parallel()
	counts := make([]int, lublin.Slots)
	counts[3] = 1
	model := make([]float64, lublin.Slots)
	model[10] = 1
	for _, tt := range []struct {
		name   string
		curves []Daily
	}{
		{"Fig. 9", []Daily{{Label: "data (sample)", Counts: counts, Role: plots.Original}, {Label: "generated: slot weights (model1)", Counts: counts},
			{Label: "smooth Gamma (model2)", Fractions: model, Dashed: true}}},
		{"§9.1", []Daily{{Label: "lublin_256", Counts: counts, Role: plots.Original}, {Label: "ours, m_lublin99's clock", Counts: counts},
			{Label: "ours, an exact clock", Counts: counts}, {Label: "daily-cycle model", Fractions: model, Dashed: true}}},
		{"no label, solid", []Daily{{Label: "log", Counts: counts}, {Fractions: model}}},
	} {
		p, err := DailyCycle(tt.curves, plots.Axes{})
		if err != nil {
			t.Fatal(err)
		}
		var style *plotter.Line
		for _, pl := range plottest.Plotters(p) {
			if l, ok := pl.(*plotter.Line); ok && l.XYs[10].Y == 1 {
				style = l
			}
		}
		if style == nil {
			t.Fatalf("%s: no model line", tt.name)
		}
		if style.Color != plots.Palette[modelColor-1] || len(style.Dashes) == 0 {
			t.Errorf("%s: model drawn in %v, dashes %v; want %v dashed", tt.name, style.Color, style.Dashes, plots.Palette[modelColor-1])
		}
		entries := reflect.ValueOf(p.Legend).FieldByName("entries")
		var key []string
		for i := range entries.Len() {
			key = append(key, entries.Index(i).FieldByName("text").String())
		}
		if !slices.Contains(key, ModelLabel) || len(key) != len(tt.curves) {
			t.Errorf("%s: key %q, want %q for the model and one entry per curve", tt.name, key, ModelLabel)
		}
	}
}
