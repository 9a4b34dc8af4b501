package resampleplot

import (
	"math"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
)

// TestDrawn: each builder draws exactly its input as documented: the reference value as a vertical line, step outlines in fractions of each sample,
// the unsaturated simulations per load factor, the fraction not saturated.
func TestDrawn(t *testing.T) {
	t.Parallel()
	sweep := plottest.Frame("load", []float64{1, 1, 2, 2}, "utilization", []float64{0.5, 0.6, 0.8, 0.9},
		"saturated", []float64{0, 0, 0, 1}, "wait", []float64{10, 20, 30, 40})
	plottest.CheckDrawn(t, []plottest.Case{
		{Name: "StepHistograms: common bins, fractions of each sample",
			Build: func() (*plot.Plot, error) {
				return StepHistograms([]plots.Sample{{Label: "a", Values: []float64{0, 1, 1, 2}}, {Label: "b", Values: []float64{2, math.NaN()}}},
					2, plots.Axes{})
			},
			Want: plottest.Drawn{Lines: "[[{0 0.25} {1 0.25} {1 0.75} {2 0.75}] [{0 0} {1 0} {1 1} {2 1}]]"}},
		{Name: "StepHistograms with LogX: bins a factor wide (here 10), values ≤ 0 left out",
			Build: func() (*plot.Plot, error) {
				return StepHistograms([]plots.Sample{{Label: "a", Values: []float64{1, 10, 100, 0, -5}}, {Label: "b", Values: []float64{1000}}},
					3, plots.Axes{LogX: true})
			},
			// log10 range 0–3 in 3 bins: edges 1, 10, 100, 1000; a's
			// three positive values one a bin, b's 1000 in the last.
			Want: plottest.Drawn{Lines: "[[{1 0.3333333333333333} {10 0.3333333333333333} {10 0.3333333333333333} {100 0.3333333333333333} {100 0.3333333333333333} {1000 0.3333333333333333}] [{1 0} {10 0} {10 0} {100 0} {100 1} {1000 1}]]"}},
		{Name: "LoadScatter: y against utilisation per load factor, saturated runs left out",
			Build: func() (*plot.Plot, error) { return LoadScatter(sweep, "wait", plots.Axes{}) },
			// The simulations as points, then the medians as a line with points.
			Want: plottest.Drawn{Lines: "[[{0.55 15} {0.8 30}]]", Points: "[[{0.5 10} {0.6 20} {0.8 30}] [{0.55 15} {0.8 30}]]"}},
		{Name: "Unsaturated: the fraction not saturated per load factor",
			Build: func() (*plot.Plot, error) {
				return Unsaturated([]string{"s"}, []dataframe.DataFrame{sweep}, plots.Axes{})
			},
			Want: plottest.Drawn{Lines: "[[{1 1} {2 0.5}]]", Points: "[[{1 1} {2 0.5}]]"}},
	})
}

// TestHistogramDrawn: the histogram of the values and the original's
// value as a vertical line from 0 to the tallest bin; NaN draws no line.
func TestHistogramDrawn(t *testing.T) {
	t.Parallel()
	p, err := Histogram([]float64{1, 2, 2, 3, math.NaN()}, 2.5, "variants", plots.HistOptions{Bins: 3})
	if err != nil {
		t.Fatal(err)
	}
	l := plottest.Lines(p)
	if got := plottest.DrawnOf(p).Hists; got != "[4]" || len(l) != 1 || l[0][0].X != 2.5 || l[0][1].X != 2.5 ||
		l[0][0].Y != 0 || l[0][1].Y != plottest.YRange(p).Max {
		t.Errorf("histogram weights %s, lines %v; want [4] and x = 2.5 from 0 to the top", got, l)
	}
	p, err = Histogram([]float64{1, 2}, math.NaN(), "variants", plots.HistOptions{})
	if err != nil || len(plottest.Lines(p)) != 0 {
		t.Errorf("a NaN reference: %v, lines %v", err, plottest.Lines(p))
	}
}
