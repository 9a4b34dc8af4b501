package estimates_test

import (
	"fmt"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/estimates"
)

// smallLog is six jobs: runtime and requested time (the user's estimate),
// s; −1 is unknown.
func smallLog() *datasets.Trace {
	jobs := [][2]float64{{1800, 3600}, {3600, 3600}, {3700, 3600}, {60, 3600}, {500, 600}, {100, -1}}
	tr := datasets.NewTrace("small", len(jobs))
	for i, p := range jobs {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.Runtime, j.ReqTime = i+1, float64(60*i), p[0], p[1]
		tr.Append(j)
	}
	return tr
}

// AccuracyOf: the fraction of its estimate each job used (Feitelson 2021
// Fig. 2), and the histogram over four bins of 25%; the job that ran past
// its estimate counts in the last bin.
func ExampleAccuracyOf() {
	a := estimates.AccuracyOf(smallLog())
	fmt.Printf("used %.2f\n", a.Used)
	fmt.Printf("over %d, no estimate %d\n", a.Over, a.NoEstimate)
	fmt.Printf("histogram %.1f\n", a.Histogram(4))
	// Output:
	// used [0.50 1.00 1.03 0.02 0.83]
	// over 1, no estimate 1
	// histogram [0.2 0.0 0.2 0.6]
}

// TopModes: the round values users choose as estimates (Fig. 3's steps).
func ExampleTopModes() {
	for _, m := range estimates.TopModes(smallLog(), 2) {
		fmt.Printf("%g s: %.0f%% of the jobs with an estimate\n", m.Seconds, 100*m.Fraction)
	}
	// Output:
	// 3600 s: 80% of the jobs with an estimate
	// 600 s: 20% of the jobs with an estimate
}
