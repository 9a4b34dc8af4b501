package users_test

import (
	"fmt"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
)

// A 30-week log: one user active all along, one for two weeks in the
// middle, one only in the first week.
func ExampleClassify() {
	t := datasets.NewTrace("example", 0)
	t.Header.TimeZoneString = "UTC"
	for _, j := range []struct {
		user  int
		weeks float64
	}{{1, 0}, {3, 0.5}, {2, 12}, {2, 14}, {1, 30}} {
		r := datasets.UnknownJob()
		r.User, r.Submit, r.Wait, r.Runtime, r.Procs = j.user, j.weeks*datasets.Week, 0, 60, 1
		t.Append(r)
	}
	p, err := users.Classify(t, users.Options{})
	if err != nil {
		panic(err)
	}
	for k, id := range p.ID {
		fmt.Printf("user %d: %s, %d jobs, active %d weeks\n", id, p.Class[k], p.Jobs[k], p.WeeksActive[k])
	}
	// Output:
	// user 1: long_term, 2 jobs, active 2 weeks
	// user 2: temporary, 2 jobs, active 2 weeks
	// user 3: discarded, 1 jobs, active 1 weeks
}
