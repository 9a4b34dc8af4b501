package shake_test

import (
	"fmt"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/shake"
)

// One user submits three jobs, each 30 s after the previous one: shaken by
// up to 60 s per job their order may change; shaken as a user, never.
func ExampleShake() {
	jobs := []sim.Job{
		{ID: 1, User: 7, Submit: 0, Runtime: 10, Estimate: 10, Procs: 1},
		{ID: 2, User: 7, Submit: 30, Runtime: 10, Estimate: 10, Procs: 1},
		{ID: 3, User: 7, Submit: 60, Runtime: 10, Estimate: 10, Procs: 1},
	}
	for _, level := range shake.Levels {
		s, _ := shake.Shake(jobs, shake.Options{Level: level, MaxShift: 60}, 3)
		b := shake.Dependencies(jobs, s)
		fmt.Printf("%-7s %d of %d successive pairs reordered\n", level, b.Order, b.Pairs)
	}
	// Output:
	// job     1 of 2 successive pairs reordered
	// session 0 of 2 successive pairs reordered
	// user    0 of 2 successive pairs reordered
}
