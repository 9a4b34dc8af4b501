package kernelext_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/kernelext"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/compare"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
)

// CellFCFS is first-come-first-serve as a notebook user writes it in the
// declarations cell (GoNB makes the cells one program, package main, as
// this test package is one of the library's users): the public API only.
type CellFCFS struct{}

func (CellFCFS) Schedule(e *sim.Engine) {
	for _, j := range e.Waiting() {
		if e.Width(j) > e.Free() {
			return
		}
		e.Start(j)
	}
}

// CellBuggy starts every waiting job, whether it fits or not.
type CellBuggy struct{}

func (CellBuggy) Schedule(e *sim.Engine) {
	for _, j := range e.Waiting() {
		e.Start(j)
	}
}

// Registered in the cell's init, as notebooks/07-your-scheduler.ipynb
// registers "saf".
func init() {
	sim.Register("cell-fcfs", sim.Fixed(func() sim.Scheduler { return CellFCFS{} }))
}

// A scheduler written in a notebook cell runs through what the notebooks
// call, by value (sim.Replay, feedback.Simulate) and by its registered
// name (compare.Schedulers on resampled variants), and its results show
// with this package's helpers; here it is FCFS, so every number is the
// built-in's. A buggy one's error names it (SchedulerName: its type, in
// lower case, as no Name method gives another), and shows as text: the kernel
// neither crashes nor hangs.
func Example_schedulerInACell() {
	tr := datasets.Sample()
	mine, err := sim.Replay(tr, CellFCFS{}, sim.Options{})
	if err != nil {
		panic(err)
	}
	ref, err := sim.Replay(tr, &sim.FCFS{}, sim.Options{})
	if err != nil {
		panic(err)
	}
	differ := 0
	for j := range mine.Start {
		if mine.Start[j] != ref.Start[j] {
			differ++
		}
	}
	pools, err := resample.NewPools(tr, resample.PoolOptions{})
	if err != nil {
		panic(err)
	}
	rs, err := pools.Variants(resample.Options{Weeks: 8}, 2, 1)
	if err != nil {
		panic(err)
	}
	c, err := compare.Schedulers(context.Background(), compare.Traces(rs), []string{"fcfs", "cell-fcfs"}, compare.Options{})
	if err != nil {
		panic(err)
	}
	df := c.Frame()
	nonzero := 0
	for i, s := range df.Col("scheduler").Records() {
		if d := df.Col("diff").Float()[i]; s == "cell-fcfs" && d != 0 {
			nonzero++
		}
	}
	w, err := feedback.NewWorkload(tr, feedback.WorkloadOptions{})
	if err != nil {
		panic(err)
	}
	var waits [2]float64
	for i, s := range []sim.Scheduler{&sim.FCFS{}, CellFCFS{}} {
		fb, err := feedback.Simulate(w, s, feedback.Options{Model: feedback.Fluid{}})
		if err != nil {
			panic(err)
		}
		waits[i] = fb.Summary().AvgWait
	}
	kernelext.Table("cell-fcfs against fcfs", []string{"check", "result"}, [][]string{
		{"replay: jobs starting at another time", fmt.Sprint(differ)},
		{"compare: metrics whose paired difference is not 0", fmt.Sprint(nonzero)},
		{"feedback: same mean wait", fmt.Sprint(waits[0] == waits[1])},
	})
	_, err = sim.Replay(tr, CellBuggy{}, sim.Options{})
	var se *sim.SchedulerError
	kernelext.Markdownf("A SchedulerError: %v, of %s", errors.As(err, &se), se.Scheduler)
	// Output:
	// cell-fcfs against fcfs
	// check                                              result
	// replay: jobs starting at another time              0
	// compare: metrics whose paired difference is not 0  0
	// feedback: same mean wait                           true
	// A SchedulerError: true, of kernelext_test.cellbuggy
}
