package feedback

import (
	"github.com/tracelab/tracelab/datasets"
)

// ToyTrace returns a small log built by hand for the tests (exported for the
// examples), times in seconds, on a machine of 4 processors — the situation
// of Zakay & Feitelson 2014 Fig. 3 (whose reproduction, repro/zakay2014,
// has its own copy):
//
//   - user 1 (grey) runs a 2-processor job from 0 to 60;
//   - user 2 (cyan) submits a 4-processor job at 10, which waits for the
//     grey job and runs from 60 to 100;
//   - user 3 (red) submits three 1-processor jobs of runtime 10 at 15, 30
//     and 45, each 5 after the previous one ended: a session of three
//     batches, each depending on the previous one, backfilled at once.
//
// The waits are those of a backfilling schedule. Replayed conventionally
// under FCFS, red's jobs arrive at their logged times and all wait behind
// the cyan job until 100; with feedback, red's first job waits until 100
// and the next ones arrive 5 after their predecessor ended, at 115 and 130.
func ToyTrace() *datasets.Trace {
	t := datasets.NewTrace("toy log", 5)
	t.Header.MaxProcs = 4
	t.Header.MaxNodes = 4
	add := func(id, user int, submit, wait, runtime float64, procs int) {
		j := datasets.UnknownJob()
		j.JobID, j.User, j.Submit, j.Wait, j.Runtime = id, user, submit, wait, runtime
		j.Procs, j.ReqProcs, j.ReqTime, j.Status = procs, procs, runtime, datasets.StatusCompleted
		t.Append(j)
	}
	add(1, 1, 0, 0, 60, 2)
	add(2, 2, 10, 50, 40, 4)
	add(3, 3, 15, 0, 10, 1)
	add(4, 3, 30, 0, 10, 1)
	add(5, 3, 45, 0, 10, 1)
	return t
}
