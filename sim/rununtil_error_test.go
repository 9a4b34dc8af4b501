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

// TestRunUntilSteps: RunUntil at a finite time is a step after which more
// jobs may come. A job held on an idle machine is no error there (as it
// is for RunContext, for which the simulation ends at its time), and
// rounds asked for when nothing is left are kept (RunContext drops them):
// submitting between steps gives the schedule of the jobs submitted at
// once.
func TestRunUntilSteps(t *testing.T) {
	t.Parallel()
	one := sim.Job{ID: 1, Submit: 0, Runtime: 10, Estimate: 10, Procs: 1}
	two := sim.Job{ID: 2, Submit: 50, Runtime: 10, Estimate: 10, Procs: 1}
	e, _ := sim.NewEngine(4, pairs{}, sim.EngineOptions{})
	e.Submit(one)
	if err := e.RunUntil(20); err != nil || e.NumWaiting() != 1 {
		t.Fatalf("RunUntil(20): %v, %d waiting; want no error, 1 waiting", err, e.NumWaiting())
	}
	e.Submit(two)
	if err := e.RunUntil(math.Inf(1)); err != nil {
		t.Fatal(err)
	}
	if r := e.Result(); r.Start[0] != 50 || r.Start[1] != 50 {
		t.Errorf("starts %v, want [50 50]", r.Start)
	}
	e.Reset(4, pairs{}, sim.EngineOptions{})
	e.Submit(one)
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
