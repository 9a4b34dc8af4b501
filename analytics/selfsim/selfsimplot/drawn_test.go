package selfsimplot_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/analytics/selfsim/selfsimplot"
	"github.com/tracelab/tracelab/plots/plottest"
)

// near reports whether two lists of lines have the same points to 1e-12
// relative.
func near(got, want []plotter.XYs) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if len(got[i]) != len(want[i]) {
			return false
		}
		for k, g := range got[i] {
			w := want[i][k]
			if math.Abs(g.X-w.X) > 1e-12*math.Abs(w.X) || math.Abs(g.Y-w.Y) > 1e-12*math.Abs(w.Y) {
				return false
			}
		}
	}
	return true
}

// TestPoxDrawn: the points of the frame, and the regression line
// log10 R/S = intercept + h·log10 n across the sizes drawn (H = ½ and
// intercept 0: R/S = √n).
func TestPoxDrawn(t *testing.T) {
	t.Parallel()
	p, err := selfsimplot.Pox(plottest.Frame("n", []float64{10, 40, 100}, "rs", []float64{3, 5, 20}), 0.5, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := plottest.DrawnOf(p).Points; got != "[[{10 3} {40 5} {100 20}]]" {
		t.Errorf("points %s", got)
	}
	if got, want := plottest.Lines(p), []plotter.XYs{{{X: 10, Y: math.Sqrt(10)}, {X: 100, Y: 10}}}; !near(got, want) {
		t.Errorf("lines %v, want %v", got, want)
	}
}

// TestLinesDrawn: the guides of slope ½ and 1 through the original's
// (first row's) value at nMin, then the resampled logs' regression lines
// between nMin and nMax, then the original's on top.
func TestLinesDrawn(t *testing.T) {
	t.Parallel()
	// a: H ½, intercept 0 (R/S = √n); b: H 1, intercept −1 (R/S = n/10).
	table := dataframe.New(series.New([]string{"a", "b"}, series.String, "log"),
		series.New([]float64{0.5, 1}, series.Float, "h"), series.New([]float64{0, -1}, series.Float, "intercept"))
	p, err := selfsimplot.Lines(table, 10, 1000, "")
	if err != nil {
		t.Fatal(err)
	}
	sqrt := func(x float64) float64 { return math.Sqrt(x) }
	want := []plotter.XYs{
		{{X: 10, Y: sqrt(10)}, {X: 1000, Y: sqrt(1000)}},     // slope ½ through √10
		{{X: 10, Y: sqrt(10)}, {X: 1000, Y: 100 * sqrt(10)}}, // slope 1 through √10
		{{X: 10, Y: 1}, {X: 1000, Y: 100}},                   // b
		{{X: 10, Y: sqrt(10)}, {X: 1000, Y: sqrt(1000)}},     // a, the original
	}
	if got := plottest.Lines(p); !near(got, want) {
		t.Errorf("lines %v,\nwant %v", got, want)
	}
}

// Pox draws a pox plot's frame (selfsim.Pox.Frame) with its regression
// line; H is the line's slope on the log-log axes.
func ExamplePox() {
	df := plottest.Frame("n", []float64{10, 100, 1000}, "rs", []float64{3, 11, 30})
	p, err := selfsimplot.Pox(df, 0.5, 0, "Fig 6")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Title.Text, "|", p.X.Label.Text, "|", p.Y.Label.Text)
	fmt.Println("points:", plottest.Scatters(p)[0])
	l := plottest.Lines(p)[0]
	fmt.Printf("line: (%g, %.3g) to (%g, %.3g)\n", l[0].X, l[0].Y, l[1].X, l[1].Y)
	// Output:
	// Fig 6 | subset size n [10-minute intervals] | R/S
	// points: [{10 3} {100 11} {1000 30}]
	// line: (10, 3.16) to (1000, 31.6)
}
