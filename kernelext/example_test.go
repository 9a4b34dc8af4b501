package kernelext_test

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/kernelext"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// Outside a notebook, Frame prints the head and tail rows as text.
func ExampleFrame() {
	df := dataframe.New(
		series.New([]int{1, 2, 3, 4, 5}, series.Int, "job_id"),
		series.New([]float64{60, 3600.25, 12, 7, 100}, series.Float, "runtime"),
	)
	if err := kernelext.Frame(df, kernelext.FrameOptions{Head: 2, Tail: 1, Title: "jobs"}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// jobs: 5 rows × 2 columns
	//      job_id  runtime
	//      int     float
	// 0         1       60
	// 1         2    3,600
	// ...  ...     ...
	// 4         5      100
}

// Outside a notebook, Plot prints a one-line description of the figure.
func ExamplePlot() {
	p := plot.New()
	p.Title.Text = "Jobs per hour"
	p.X.Label.Text = "hour"
	p.Y.Label.Text = "jobs"
	l, _ := plotter.NewLine(plotter.XYs{{X: 0, Y: 3}, {X: 23, Y: 40}})
	p.Add(l)
	if err := kernelext.Plot(p, 0, 0); err != nil {
		fmt.Println(err)
	}
	// Output:
	// plot "Jobs per hour": x "hour" [0, 23], y "jobs" [3, 40], 6in×4in
}

func ExampleMarkdown() {
	kernelext.Markdown("## Table II: sessions per user")
	// Output:
	// ## Table II: sessions per user
}

func ExampleTable() {
	kernelext.Table("Hurst exponent", []string{"log", "paper", "ours"}, [][]string{
		{"KTH-SP2", "0.76", "0.74"},
		{"SDSC-SP2", "0.81", "0.83"},
	})
	// Output:
	// Hurst exponent
	// log       paper  ours
	// KTH-SP2    0.76  0.74
	// SDSC-SP2   0.81  0.83
}

// Outside a notebook, a progress bar prints every tenth and the end.
func ExampleNewProgress() {
	p := kernelext.NewProgress(4, "replicates")
	for range 4 {
		p.Add(1)
	}
	p.Done()
	// Output:
	// replicates: 20% (1/4)
	// replicates: 50% (2/4)
	// replicates: 70% (3/4)
	// replicates: done (4/4)
}

// Outside a notebook, Grid prints one line per plot.
func ExampleGrid() {
	var ps []*plot.Plot
	for _, name := range []string{"KTH-SP2", "SDSC-SP2"} {
		p := plot.New()
		p.Title.Text = name
		l, _ := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}})
		p.Add(l)
		ps = append(ps, p)
	}
	if err := kernelext.Grid(ps, 2, 0, 0); err != nil {
		fmt.Println(err)
	}
	// Output:
	// grid of 2 plots, 2 per row, each 6in×4in:
	//   plot "KTH-SP2": x "" [0, 1], y "" [0, 1], 6in×4in
	//   plot "SDSC-SP2": x "" [0, 1], y "" [0, 1], 6in×4in
}
