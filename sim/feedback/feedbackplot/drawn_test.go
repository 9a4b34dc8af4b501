package feedbackplot_test

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots/plottest"
	"github.com/tracelab/tracelab/sim/feedback/feedbackplot"
)

// TestDrawn: each builder draws exactly the frame's data as documented
// (means over replicates, the original log and the chosen simulations,
// distributions, queue length + 1, the Gantt chart's rectangles placed
// first fit).
func TestDrawn(t *testing.T) {
	t.Parallel()
	f := plottest.Frame
	plottest.CheckDrawn(t, []plottest.Case{
		{Name: "Lines: the mean of the replicates per x, NaN left out, one line per group",
			Build: func() (*plot.Plot, error) {
				return feedbackplot.Lines(f("x", []float64{2, 1, 1, 2, 1}, "y", []float64{6, 2, 4, math.NaN(), 10},
					"sched", []string{"a", "a", "a", "a", "b"}), "x", "y", []string{"sched"}, feedbackplot.LinesOptions{})
			},
			Want: plottest.Drawn{Lines: "[[{1 3} {2 6}] [{1 10}]]"}},
		{Name: "Lines along a column: per value of it, the mean x and the mean y, in its order",
			Build: func() (*plot.Plot, error) {
				return feedbackplot.Lines(f("util", []float64{0.5, 0.7, 0.4, 0.6}, "resp", []float64{10, 30, 100, 200},
					"users", []float64{1, 1, 2, 2}, "sched", []string{"a", "a", "a", "a"}), "util", "resp", []string{"sched"},
					feedbackplot.LinesOptions{Along: "users"})
			},
			// Users 1: (0.6, 20); users 2: (0.5, 150) — the line folds back
			// in x, as the sweep does, instead of zigzagging through replicates.
			Want: plottest.Drawn{Lines: "[[{0.6 20} {0.5 150}]]"}},
		{Name: "HourOfWeek: the original log and the simulations named",
			Build: func() (*plot.Plot, error) {
				return feedbackplot.HourOfWeek(f("trace", []string{"original", "original", "sim1", "sim2"},
					"hour", []float64{0, 1, 0, 0}, "fraction", []float64{0.5, 0.5, 1, 1}), "sim1")
			},
			// The simulation first, the original on top.
			Want: plottest.Drawn{Lines: "[[{0 1}] [{0 0.5} {1 0.5}]]"}},
		{Name: "Activity: one distribution per simulation",
			Build: func() (*plot.Plot, error) {
				return feedbackplot.Activity(f("simulation", []string{"original", "s", "original"},
					"activity_days", []float64{2, 4, 1}))
			},
			Want: plottest.Drawn{Lines: "[[{4 0} {4 1}] [{1 0} {1 0.5} {2 1}]]"}},
		{Name: "QueueCDF: queue length + 1, one line per simulation and scheduler",
			Build: func() (*plot.Plot, error) {
				return feedbackplot.QueueCDF(f("queue", []float64{0, 1, 0}, "cdf", []float64{0.5, 1, 1},
					"simulation", []string{"a", "a", "b"}, "scheduler", []string{"easy", "easy", "fcfs"}))
			},
			Want: plottest.Drawn{Lines: "[[{1 0.5} {2 1}] [{1 1}]]"}},
		{Name: "Gantt: rectangles of processors × run, first fit in order of start; a job that did not run left out",
			Build: func() (*plot.Plot, error) {
				return feedbackplot.Gantt(f("user", []string{"1", "2", "1", "3"}, "start", []float64{0, 0, 5, math.NaN()},
					"end", []float64{10, 5, 10, math.NaN()}, "procs", []float64{2, 1, 1, 1}), 4, "")
			},
			Want: plottest.Drawn{Polygons: "[[[{0 0} {10 0} {10 2} {0 2}]] [[{0 2} {5 2} {5 3} {0 3}]] [[{5 2} {10 2} {10 3} {5 3}]]]"}},
	})
}

// TestValidationDrawn: the histogram of the waits and the conventional
// simulation's value as a vertical line from 0 to the tallest bin, in view.
func TestValidationDrawn(t *testing.T) {
	t.Parallel()
	p, err := feedbackplot.Validation([]float64{10, 20, 20, 30}, 50, "4 resampled logs", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := plottest.DrawnOf(p).Hists; got != "[4]" {
		t.Errorf("histogram weights %s, want [4]", got)
	}
	l := plottest.Lines(p)
	if len(l) != 1 || len(l[0]) != 2 || l[0][0].X != 50 || l[0][1].X != 50 || l[0][0].Y != 0 || l[0][1].Y != plottest.YRange(p).Max {
		t.Errorf("lines %v, want x = 50 from 0 to the top of the y axis %v", l, plottest.YRange(p))
	}
	if r := plottest.XRange(p); r.Min > 10 || r.Max < 50 {
		t.Errorf("x range %v, want the waits and 50 in view", r)
	}
	if _, err := feedbackplot.Gantt(plottest.Frame("user", []string{"1", "2"}, "start", []float64{0, 1},
		"end", []float64{10, 10}, "procs", []float64{3, 2}), 4, ""); err == nil {
		t.Error("Gantt drew 5 processors on a machine of 4")
	}
}

// Lines draws the mean of y per x over the replicates, one line per
// group: here throughput against users for two schedulers
// (feedback.LoadSweep's frame, 2021 Fig. 17).
func ExampleLines() {
	df := plottest.Frame("users", []float64{10, 10, 20, 20, 10, 20}, "throughput", []float64{4, 6, 9, 11, 5, 7},
		"scheduler", []string{"easy", "easy", "easy", "easy", "fcfs", "fcfs"})
	p, err := feedbackplot.Lines(df, "users", "throughput", []string{"scheduler"}, feedbackplot.LinesOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.X.Label.Text, "|", p.Y.Label.Text)
	for _, l := range plottest.Lines(p) {
		fmt.Println(l)
	}
	// Output:
	// users | throughput
	// [{10 5} {20 10}]
	// [{10 5} {20 7}]
}
