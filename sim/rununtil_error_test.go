package sim_test

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
)

// pairs starts the waiting jobs two at a time, once two wait: a policy
// that holds a lone job until another comes.
type pairs struct{}

func (pairs) Schedule(e *sim.Engine) {
	for w := e.Waiting(); len(w) >= 2 && e.Width(w[0])+e.Width(w[1]) <= e.Free(); w = e.Waiting() {
		a, b := w[0], w[1]
		e.Start(a)
		e.Start(b)
	}
}

// heldJobs: a job of one processor at 0 that pairs holds on the idle
// machine, and one at 50 with which it starts (both at 50, ending at 60).
var heldJobs = []sim.Job{
	{ID: 1, Submit: 0, Runtime: 10, Estimate: 10, Procs: 1},
	{ID: 2, Submit: 50, Runtime: 10, Estimate: 10, Procs: 1},
}

// stepHeld runs pairs on heldJobs in two steps of step (RunUntil, or
// RunUntilContext with a context): the first job alone to 20, which must
// end without an error and with the job held, then the second to +Inf.
// It returns the engine and the last step's error; without one, both
// jobs must have started at 50.
func stepHeld(t *testing.T, step func(e *sim.Engine, until float64) error) (*sim.Engine, error) {
	t.Helper()
	e, _ := sim.NewEngine(4, pairs{}, sim.EngineOptions{})
	e.Submit(heldJobs[0])
	if err := step(e, 20); err != nil || e.NumWaiting() != 1 {
		t.Fatalf("step to 20: %v, %d waiting; want no error, 1 waiting", err, e.NumWaiting())
	}
	e.Submit(heldJobs[1])
	if err := step(e, math.Inf(1)); err != nil {
		return e, err
	}
	if r := e.Result(); r.Start[0] != 50 || r.Start[1] != 50 {
		t.Errorf("starts %v, want [50 50]", r.Start)
	}
	return e, nil
}

// TestRunUntilSteps: RunUntil at a finite time is a step after which more
// jobs may come. A job held on an idle machine is no error there (as it
// is for RunContext, for which the simulation ends at its time), and
// rounds asked for when nothing is left are kept (RunContext drops them):
// submitting between steps gives the schedule of the jobs submitted at
// once.
func TestRunUntilSteps(t *testing.T) {
	t.Parallel()
	e, err := stepHeld(t, (*sim.Engine).RunUntil)
	if err != nil {
		t.Fatal(err)
	}
	e.Reset(4, pairs{}, sim.EngineOptions{})
	e.Submit(heldJobs[0])
	if err := e.RunContext(context.Background(), 20); !errors.Is(err, sim.ErrStuck) {
		t.Errorf("RunContext(20): %v, want ErrStuck", err)
	}

	// periodic (FCFS asking for a round a minute later at every round)
	// on misJobs[:2], to 1000: the chains of rounds from 100, 110 and 120
	// go on, 16 + 15 + 15 = 46 rounds (RunContext to 1000 runs 5: see
	// TestPeriodicSchedulerEnds). A job submitted then for 1030 arrives
	// in the chain of 110's round at 1030 and starts; to the end, the
	// rounds at 1010, 1020, 1030 and 1040 (it ends), then those asked for
	// before at 1060, 1070, 1080 and 1090, whose own are dropped: 54.
	e.Reset(4, periodic{}, sim.EngineOptions{})
	e.SubmitAll(misJobs[:2])
	if err := e.RunUntil(1000); err != nil || e.Result().Rounds != 46 {
		t.Fatalf("RunUntil(1000): %v, %d rounds; want no error, 46", err, e.Result().Rounds)
	}
	e.Submit(sim.Job{ID: 3, Submit: 1030, Runtime: 10, Estimate: 10, Procs: 4})
	if err := e.RunUntil(math.Inf(1)); err != nil {
		t.Fatal(err)
	}
	if r := e.Result(); r.Start[2] != 1030 || r.Rounds != 54 {
		t.Errorf("start %v, %d rounds; want 1030, 54", r.Start[2], r.Rounds)
	}

	// A scheduler's panic in a step is that step's error.
	e.Reset(4, &simtest.Hostile{Kind: "panic"}, sim.EngineOptions{})
	if err := e.RunUntil(10); err != nil {
		t.Fatal(err)
	}
	e.SubmitAll(misJobs)
	var se *sim.SchedulerError
	if err := e.RunUntil(100); !errors.As(err, &se) || se.Time != 100 || se.Scheduler != "test-hostile:panic" {
		t.Errorf("RunUntil(100): %v, want test-hostile:panic's SchedulerError at 100", err)
	}
}
