package simplot

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/plots/plottest"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/estimates"
)

// TestGanttDrawn: the idle area first (the whole height while a job
// waits), then each job's rectangle of processors × run, first fit in
// order of start, cut at Until. Under EASY (Fig. 1's jobs): job 1 on
// processors 0–1 from 0 to 4, job 3 backfilled on 2–3 from 2 to 4, job 2
// on all four from 4 to 6, job 4 on processor 0 from 6, cut at 8; jobs
// wait from 1 (job 2's submit) to 6 (job 4's start), none after.
func TestGanttDrawn(t *testing.T) {
	t.Parallel()
	p, err := Gantt(fig1(t, &sim.EASY{}), GanttOptions{Until: 8})
	if err != nil {
		t.Fatal(err)
	}
	want := "[[[{1 0} {6 0} {6 4} {1 4}]] [[{0 0} {4 0} {4 2} {0 2}]] [[{2 2} {4 2} {4 4} {2 4}]] " +
		"[[{4 0} {6 0} {6 4} {4 4}]] [[{6 0} {8 0} {8 1} {6 1}]]]"
	if got := plottest.DrawnOf(p).Polygons; got != want {
		t.Errorf("polygons\n%s\nwant\n%s", got, want)
	}
	if x, y := plottest.XRange(p), plottest.YRange(p); x != (plottest.Range{Max: 8}) || y != (plottest.Range{Max: 4}) {
		t.Errorf("ranges x %v, y %v; want [0, 8] and [0, 4]", x, y)
	}
}

// TestEstimatePlotsDrawn: Accuracy draws each log's histogram as bars
// (jobs past their estimate in the last bin); EstimateCDF the two
// distributions.
func TestEstimatePlotsDrawn(t *testing.T) {
	t.Parallel()
	a := estimates.Accuracy{Used: []float64{0.1, 0.6, 0.9, 1.2}, Over: 1}
	p, err := Accuracy([]string{"a", "b"}, []estimates.Accuracy{a, {Used: []float64{0.2}}}, 2, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := plottest.DrawnOf(p).Bars; got != "[[0.25 0.75] [1 0]]" {
		t.Errorf("bars %s", got)
	}
	p, err = EstimateCDF("x", []float64{200, 100}, []float64{50, 150})
	if err != nil {
		t.Fatal(err)
	}
	if got := plottest.DrawnOf(p).Lines; got != "[[{100 0} {100 0.5} {200 1}] [{50 0} {50 0.5} {150 1}]]" {
		t.Errorf("lines %s", got)
	}
}

// TestWeeklyDrawn: one line per result, its outstanding jobs (or queue)
// at each week boundary against the week number.
func TestWeeklyDrawn(t *testing.T) {
	t.Parallel()
	r := &sim.Result{Weekly: sim.Timeline{Time: []float64{0, 1, 2}, Queue: []int{0, 3, 1}, Busy: []int{1, 4, 2}, Outstanding: []int{1, 7, 3}}}
	for _, tt := range []struct {
		outstanding bool
		want        string
	}{{true, "[[{0 1} {1 7} {2 3}]]"}, {false, "[[{0 0} {1 3} {2 1}]]"}} {
		p, err := Weekly([]string{"r"}, []*sim.Result{r}, tt.outstanding, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := plottest.DrawnOf(p).Lines; got != tt.want {
			t.Errorf("outstanding %v: lines %s, want %s", tt.outstanding, got, tt.want)
		}
	}
}

// TestGanttLabelsSplitJobs: a job whose processors are not contiguous is
// drawn in pieces, and each piece carries its id (2021 Fig. 1's FCFS
// panel left job 7's piece on processor 6 unnamed). Three processors:
// jobs 1 and 3 on processors 0 and 2 end at 1 while job 2 holds processor
// 1 to 2; job 4 then takes processors 0 and 2.
func TestGanttLabelsSplitJobs(t *testing.T) {
	t.Parallel()
	r := &sim.Result{Procs: 3, ID: []int{1, 2, 3, 4}, Submit: []float64{0, 0, 0, 0},
		Start: []float64{0, 0, 0, 1}, End: []float64{1, 2, 1, 2}, Runtime: []float64{1, 2, 1, 1}, Width: []int{1, 1, 1, 2}}
	p, err := Gantt(r, GanttOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pl := range plottest.Plotters(p) {
		if lb, ok := pl.(*plotter.Labels); ok {
			got = append(got, lb.Labels...)
		}
	}
	if want := []string{"1", "2", "3", "4", "4"}; !slices.Equal(got, want) {
		t.Errorf("labels %q, want %q", got, want)
	}
}

// TestWaiting: the stretches in which some job waits, merged, clipped to
// the window; a job that never started waits to its end.
func TestWaiting(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	for _, tt := range []struct {
		name          string
		submit, start []float64
		from, until   float64
		want          string
	}{
		{"none waits", []float64{0, 1}, []float64{0, 1}, 0, 10, "[]"},
		{"overlapping merge", []float64{1, 3}, []float64{4, 6}, 0, 10, "[[1 6]]"},
		{"touching merge", []float64{1, 4}, []float64{4, 6}, 0, 10, "[[1 6]]"},
		{"disjoint in order", []float64{5, 1}, []float64{7, 2}, 0, 10, "[[1 2] [5 7]]"},
		{"clipped to the window", []float64{1, 8}, []float64{4, 12}, 2, 9, "[[2 4] [8 9]]"},
		{"never started", []float64{3}, []float64{nan}, 0, 10, "[[3 10]]"},
		{"outside the window", []float64{0, 20}, []float64{1, 25}, 2, 10, "[]"},
	} {
		r := &sim.Result{ID: make([]int, len(tt.submit)), Submit: tt.submit, Start: tt.start}
		if got := fmt.Sprint(waiting(r, tt.from, tt.until)); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}
