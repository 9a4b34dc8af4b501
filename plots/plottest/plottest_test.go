package plottest_test

import (
	"fmt"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/plots/plottest"
)

func TestPlotters(t *testing.T) {
	t.Parallel()
	p := plot.New()
	line, points, err := plotter.NewLinePoints(plotter.XYs{{X: 1, Y: 2}, {X: 3, Y: 4}})
	if err != nil {
		t.Fatal(err)
	}
	h, err := plotter.NewHist(plotter.Values{1, 2, 2, 3}, 2)
	if err != nil {
		t.Fatal(err)
	}
	b, err := plotter.NewBarChart(plotter.Values{5, 6}, 10)
	if err != nil {
		t.Fatal(err)
	}
	p.Add(line, points, h, b)
	if got := plottest.Plotters(p); len(got) != 4 || got[0] != plot.Plotter(line) || got[3] != plot.Plotter(b) {
		t.Fatalf("Plotters = %v", got)
	}
	if got := fmt.Sprint(plottest.Lines(p), plottest.Scatters(p)); got != "[[{1 2} {3 4}]] [[{1 2} {3 4}]]" {
		t.Errorf("Lines, Scatters = %s", got)
	}
	if got := plottest.Histograms(p); len(got) != 1 || len(got[0]) != 2 || got[0][0].Weight+got[0][1].Weight != 4 {
		t.Errorf("Histograms = %v", got)
	}
	if got := plottest.Bars(p); len(got) != 1 || got[0][1] != 6 {
		t.Errorf("Bars = %v", got)
	}
	if r := plottest.XRange(p); r.Min > 1 || r.Max < 3 {
		t.Errorf("XRange = %v, want to cover [1, 3]", r)
	}
}

// Plotters of a new plot: none.
func ExamplePlotters() {
	p := plot.New()
	fmt.Println(len(plottest.Plotters(p)))
	l, _ := plotter.NewLine(plotter.XYs{{X: 0, Y: 1}, {X: 2, Y: 3}})
	p.Add(l)
	fmt.Println(plottest.Lines(p), plottest.YRange(p))
	// Output:
	// 0
	// [[{0 1} {2 3}]] {1 3}
}

func TestDrawnOf(t *testing.T) {
	t.Parallel()
	df := plottest.Frame("x", []float64{1, 3}, "y", []float64{2, 4})
	xs, ys := df.Col("x").Float(), df.Col("y").Float()
	line, points, err := plotter.NewLinePoints(plotter.XYs{{X: xs[0], Y: ys[0]}, {X: xs[1], Y: ys[1]}})
	if err != nil {
		t.Fatal(err)
	}
	h, err := plotter.NewHist(plotter.Values{1, 2, 2, 3}, 2)
	if err != nil {
		t.Fatal(err)
	}
	p := plot.New()
	if got := plottest.DrawnOf(p); got != (plottest.Drawn{}) {
		t.Errorf("an empty plot draws %+v", got)
	}
	p.Add(line, points, h)
	want := plottest.Drawn{Lines: "[[{1 2} {3 4}]]", Points: "[[{1 2} {3 4}]]", Hists: "[4]"}
	if got := plottest.DrawnOf(p); got != want {
		t.Errorf("DrawnOf = %+v, want %+v", got, want)
	}
}
