package simplot_test

import (
	"fmt"

	"github.com/tracelab/tracelab/plots/plottest"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simplot"
)

// Gantt draws a schedule as rectangles of processors × time: here two
// jobs on a 4-processor machine, the second waiting for the first (the
// idle processors are grey while it waits, from 0 to 10).
func ExampleGantt() {
	r, err := sim.Run([]sim.Job{
		{ID: 1, Submit: 0, Procs: 3, Runtime: 10, Estimate: 10},
		{ID: 2, Submit: 0, Procs: 2, Runtime: 5, Estimate: 5},
	}, 4, &sim.FCFS{}, sim.EngineOptions{})
	if err != nil {
		panic(err)
	}
	p, err := simplot.Gantt(r, simplot.GanttOptions{Title: "FCFS"})
	if err != nil {
		panic(err)
	}
	for _, rect := range plottest.Polygons(p) {
		fmt.Println(rect[0])
	}
	// Output:
	// [{0 0} {10 0} {10 4} {0 4}]
	// [{0 0} {10 0} {10 3} {0 3}]
	// [{10 0} {15 0} {15 2} {10 2}]
}
