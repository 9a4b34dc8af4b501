package plots_test

import (
	"math"
	"testing"

	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
)

// TestAddPaperValues: single values become one black ring scatter, ranges
// one error-bar plotter spanning exactly Lo to Hi; bad values are errors.
func TestAddPaperValues(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		values   []plots.PaperValue
		plotters int
		rings    int
		y        plottest.Range // the plot's y range (the values' span)
		err      bool
	}{
		{name: "none"},
		{name: "values only", values: []plots.PaperValue{{X: 2, Lo: 0.18, Hi: 0.18}, {X: 4, Lo: 0.038, Hi: 0.038}},
			plotters: 1, rings: 2, y: plottest.Range{Min: 0.038, Max: 0.18}},
		{name: "range only", values: []plots.PaperValue{{X: 2.5, Lo: 0.078, Hi: 0.098}},
			plotters: 1, y: plottest.Range{Min: 0.078, Max: 0.098}},
		{name: "both (2007 Fig. 11)", values: []plots.PaperValue{{X: 2, Lo: 0.180, Hi: 0.180}, {X: 2.5, Lo: 0.078, Hi: 0.098}, {X: 4, Lo: 0.038, Hi: 0.038}},
			plotters: 2, rings: 2, y: plottest.Range{Min: 0.038, Max: 0.180}},
		{name: "Lo above Hi", values: []plots.PaperValue{{X: 2.5, Lo: 0.098, Hi: 0.078}}, err: true},
		{name: "NaN", values: []plots.PaperValue{{X: math.NaN(), Lo: 0.1, Hi: 0.1}}, err: true},
		{name: "infinite Hi", values: []plots.PaperValue{{X: 1, Lo: 0.1, Hi: math.Inf(1)}}, err: true},
	} {
		p := plot.New()
		err := plots.AddPaperValues(p, c.values, "the paper's value", "the paper's range")
		if (err != nil) != c.err {
			t.Errorf("%s: error %v, want error %v", c.name, err, c.err)
			continue
		}
		if c.err {
			continue
		}
		if n := len(plottest.Plotters(p)); n != c.plotters {
			t.Errorf("%s: %d plotters, want %d", c.name, n, c.plotters)
		}
		rings := 0
		for _, s := range plottest.Scatters(p) {
			rings += len(s)
		}
		if rings != c.rings {
			t.Errorf("%s: %d rings, want %d", c.name, rings, c.rings)
		}
		if c.plotters > 0 {
			if got := plottest.YRange(p); math.Abs(got.Min-c.y.Min) > 1e-12 || math.Abs(got.Max-c.y.Max) > 1e-12 {
				t.Errorf("%s: y range %v, want %v", c.name, got, c.y)
			}
		}
	}
}

// TestPaperValuesLint: a figure with the paper's values passes the figure
// lint (its key entries drawn, nothing over the data).
func TestPaperValuesLint(t *testing.T) {
	t.Parallel()
	p, err := plots.Scatter([]plots.XY{{Label: "ours", X: []float64{2, 2.5, 4}, Y: []float64{0.17, 0.08, 0.032}}},
		plots.ScatterOptions{Axes: plots.Axes{XLabel: "θ", YLabel: "M′_med"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := plots.AddPaperValues(p, []plots.PaperValue{{X: 2, Lo: 0.18, Hi: 0.18}, {X: 2.5, Lo: 0.078, Hi: 0.098}},
		"the paper's value", "the paper's range"); err != nil {
		t.Fatal(err)
	}
	for _, e := range plottest.Lint(plots.NewFigure("title", "caption", 1, p)) {
		t.Error(e)
	}
}
