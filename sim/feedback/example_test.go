package feedback_test

import (
	"fmt"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// The toy log of 2014 Fig. 3 simulated under FCFS: replayed
// conventionally, the red user's jobs arrive at their logged times and
// wait behind the big job; with feedback, each arrives after the previous
// one ended plus its think time.
func ExampleSimulate() {
	w, err := feedback.NewWorkload(feedback.ToyTrace(), feedback.WorkloadOptions{})
	if err != nil {
		panic(err)
	}
	conv, err := feedback.Conventional(w, &sim.FCFS{}, sim.EngineOptions{})
	if err != nil {
		panic(err)
	}
	fb, err := feedback.Simulate(w, &sim.FCFS{}, feedback.Options{Model: feedback.Adjusted{}})
	if err != nil {
		panic(err)
	}
	for k := 2; k < 5; k++ {
		fmt.Printf("red job %d: conventional arrives %3.0f starts %3.0f; feedback arrives %3.0f starts %3.0f\n",
			k-1, conv.Submit[k], conv.Start[k], fb.Sim.Submit[k], fb.Sim.Start[k])
	}
	fmt.Println("releases by dependency:", fb.Releases[feedback.Dependency])
	// Output:
	// red job 1: conventional arrives  15 starts 100; feedback arrives  15 starts 100
	// red job 2: conventional arrives  30 starts 100; feedback arrives 115 starts 115
	// red job 3: conventional arrives  45 starts 100; feedback arrives 130 starts 130
	// releases by dependency: 2
}

// ContinuationProbability with the default unit, minutes.
func ExampleContinuationProbability() {
	for _, r := range []float64{0, 600, 3600} {
		fmt.Printf("response %4.0f s: P_cont = %.3f\n", r, feedback.ContinuationProbability(r, 0))
	}
	// Output:
	// response    0 s: P_cont = 0.800
	// response  600 s: P_cont = 0.533
	// response 3600 s: P_cont = 0.200
}
