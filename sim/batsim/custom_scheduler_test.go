package batsim_test

import (
	"bytes"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/batsim"
	"github.com/tracelab/tracelab/sim/simtest"
)

// TestCustomSchedulerJobs: the Batsim jobs output of the schedule of a
// scheduler of one's own is written as a built-in's: FCFS written on the
// engine's public API (sim/simtest) gives sim.FCFS's file byte for byte,
// and a wrapped EASY EASY's, on the sample log (and FCFS's differs from
// EASY's, so the comparison can fail).
func TestCustomSchedulerJobs(t *testing.T) {
	t.Parallel()
	tr := datasets.Sample()
	jobs := func(s sim.Scheduler) string {
		t.Helper()
		r, err := sim.Replay(tr, s, sim.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		rep, err := batsim.WriteJobs(&b, r, "")
		if err != nil || rep.Jobs != r.Len() {
			t.Fatalf("%s: WriteJobs wrote %d of %d jobs, error %v", sim.SchedulerName(s), rep.Jobs, r.Len(), err)
		}
		return b.String()
	}
	fcfs := jobs(&sim.FCFS{})
	for _, c := range []struct {
		mine sim.Scheduler
		want string
	}{
		{simtest.FCFS{}, fcfs},
		{&simtest.Wrapped{In: &sim.EASY{}}, jobs(&sim.EASY{})},
	} {
		if got := jobs(c.mine); got != c.want {
			t.Errorf("%s: the Batsim jobs file differs from the built-in's", sim.SchedulerName(c.mine))
		}
	}
	if jobs(&sim.EASY{}) == fcfs {
		t.Error("EASY's jobs file is FCFS's")
	}
}
