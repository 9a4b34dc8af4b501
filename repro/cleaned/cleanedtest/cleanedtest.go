// Package cleanedtest gives the tests of cleaned.Reconstruct and of its
// users a small cleaned log.
package cleanedtest

import "github.com/tracelab/tracelab/datasets"

// Filters are the cleaning filters of the Toy log the tests usually read:
// user 7's flurry (a user and a range of job numbers) removed jobs 4–6,
// and user 8's every job, job 9.
const Filters = "user=7 and (job>=3 and job<=7) (3 jobs removed)\nuser=8 (1 jobs removed)"

// Toy returns a log of jobs 1, 2, 3, 7, 8 and 10 (MaxJobs 10), job k
// submitted at 100·k by user 1, whose header lists filters (one per line,
// in the archive's words, e.g. Filters) as the cleaning filters used.
func Toy(filters string) *datasets.Trace {
	t := datasets.NewTrace("toy", 10)
	t.Header.MaxJobs = 10
	t.Header.Notes = []string{"THIS IS A CLEANED VERSION OF THE LOG!\nThe filters used to produce it were\n" + filters}
	for _, k := range []int{1, 2, 3, 7, 8, 10} {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.User = k, float64(100*k), 1
		t.Append(j)
	}
	return t
}
