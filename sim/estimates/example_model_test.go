package estimates_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/estimates"
)

// Fit a model of users' estimates to a log, then give new jobs estimates.
func ExampleFit() {
	tr := datasets.NewTrace("toy", 6)
	for i, p := range [][2]float64{{50, 900}, {400, 900}, {2000, 3600}, {3000, 3600}, {100, 3600}, {30, 60}} {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.Runtime, j.ReqTime = i+1, float64(i), p[0], p[1]
		tr.Append(j)
	}
	m, err := estimates.Fit(tr, estimates.FitOptions{Values: 3, Classes: 2})
	if err != nil {
		panic(err)
	}
	fmt.Println("popular estimates (s):", m.Values)
	m.Src = rand.NewPCG(1, 1)
	fmt.Println("estimate of a 1000 s job:", m.Rand(1000))
	fmt.Println("estimate of a 5000 s job:", m.Rand(5000))
	// Output:
	// popular estimates (s): [60 900 3600]
	// estimate of a 1000 s job: 3600
	// estimate of a 5000 s job: 5000
}
