package session_test

import (
	"fmt"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/datasets"
)

// One user: two overlapping jobs, a third after both ended, and a fourth
// two hours later (a new session).
func ExampleAnalyze() {
	t := datasets.NewTrace("example", 4)
	for _, j := range []struct{ submit, runtime float64 }{{0, 600}, {60, 60}, {900, 60}, {8100, 60}} {
		r := datasets.UnknownJob()
		r.User, r.Submit, r.Wait, r.Runtime = 1, j.submit, 0, j.runtime
		t.Append(r)
	}
	s, err := session.Analyze(t, session.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println("sessions:", s.JobSession, "batches:", s.JobBatch)
	for b := range s.Batches.Len() {
		fmt.Printf("batch %d: depends on %v, think time %v, inter-arrival %v\n",
			b, s.DependsOn(b), s.Batches.ThinkTime[b], s.Batches.InterArrival[b])
	}
	// Output:
	// sessions: [0 0 0 1] batches: [0 0 1 2]
	// batch 0: depends on [], think time NaN, inter-arrival NaN
	// batch 1: depends on [0], think time 300, inter-arrival 840
	// batch 2: depends on [1], think time 7140, inter-arrival 7200
}
