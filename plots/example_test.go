package plots_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/tracelab/tracelab/plots"
)

// ECDFs of two samples on a log x axis: the NaN (an unknown runtime) is left
// out, the 0 counts in F but cannot be drawn on the log axis.
func ExampleECDF() {
	p, err := plots.ECDF([]plots.Sample{
		{Label: "interactive", Values: []float64{0, 3, 30, 300, math.NaN()}},
		{Label: "batch", Values: []float64{60, 600, 6000, 60000}},
	}, plots.ECDFOptions{Axes: plots.Axes{Title: "Runtime", XLabel: "runtime [s]", LogX: true}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: x [%g, %g], y [%g, %g]\n", p.Title.Text, p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	// Output:
	// Runtime: x [3, 60000], y [0, 1]
}

// A histogram skips NaN values instead of panicking.
func ExampleHist() {
	p, err := plots.Hist([]float64{1, 2, 2, 3, math.NaN()}, plots.HistOptions{Axes: plots.Axes{XLabel: "procs"}, Bins: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("x [%g, %g], y [%g, %g], y label %q\n", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max, p.Y.Label.Text)
	// Output:
	// x [1, 3], y [0, 3.12], y label "count"
}

// Paper and measured values side by side, saved as SVG.
func ExampleBars() {
	p, err := plots.Bars([]string{"KTH-SP2", "SDSC-SP2"}, []plots.Sample{
		{Label: "paper", Values: []float64{0.74, 0.81}},
		{Label: "ours", Values: []float64{0.71, 0.83}},
	}, plots.BarsOptions{Axes: plots.Axes{Title: "Hurst exponent", YLabel: "H"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, _ := os.MkdirTemp("", "plots")
	defer os.RemoveAll(dir)
	if err := plots.SaveSVG(p, 0, 0, filepath.Join(dir, "hurst.svg")); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("saved hurst.svg")
	// Output:
	// saved hurst.svg
}

// Lines of (x, y) series with a legend; non-positive values are left out on
// the log y axis.
func ExampleLines() {
	hours := []float64{0, 6, 12, 18}
	p, err := plots.Lines([]plots.XY{
		{Label: "weekdays", X: hours, Y: []float64{10, 40, 120, 60}},
		{Label: "weekends", X: hours, Y: []float64{0, 10, 30, 20}},
	}, plots.LinesOptions{Axes: plots.Axes{XLabel: "hour of day", YLabel: "jobs", LogY: true}, Points: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("y [%g, %g]\n", p.Y.Min, p.Y.Max)
	// Output:
	// y [10, 120]
}

func ExampleScatter() {
	p, err := plots.Scatter([]plots.XY{
		{Label: "jobs", X: []float64{1, 2, 4, 8}, Y: []float64{30, 60, 50, 400}},
	}, plots.ScatterOptions{Axes: plots.Axes{XLabel: "procs", YLabel: "runtime [s]", LogX: true, LogY: true}})
	if err != nil {
		fmt.Println(err)
		return
	}
	// The points run from 1 to 8; the axis leaves Headroom (4%) of that
	// span's powers of ten on each side: 8^0.04 ≈ 1.087.
	fmt.Printf("x [%.3g, %.3g]\n", p.X.Min, p.X.Max)
	// Output:
	// x [0.92, 8.69]
}
