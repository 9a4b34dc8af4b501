package sim_test

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
)

// cancelAt is FCFS written on the public API (simtest.FCFS) that cancels
// its context in its round at time at: a step cancelled from inside, at a
// known time, with no clock.
type cancelAt struct {
	at     float64
	cancel context.CancelFunc
}

func (c *cancelAt) Schedule(e *sim.Engine) {
	simtest.FCFS{}.Schedule(e)
	if e.Now() == c.at {
		c.cancel()
	}
}

// TestRunUntilContext: RunUntilContext steps as RunUntil does (jobs held
// at a finite time are no error, rounds asked for are kept), stops a
// scheduler of one's own after the round in which its context is
// cancelled, returns the context's error before any round when it is
// cancelled already (the engine untouched), lets a step of a built-in
// run to its end, and is RunContext at +Inf.
func TestRunUntilContext(t *testing.T) {
	t.Parallel()
	bg := context.Background()
	cancelled, cancel := context.WithCancel(bg)
	cancel()
	for _, c := range []struct {
		name string
		run  func(t *testing.T) (*sim.Engine, error) // the engine and its last step's error
		// want: the error's cause (nil: none), the time of its
		// SchedulerError (−Inf: before the first round), the scheduler
		// it names; done: jobs ended.
		want      error
		time      float64
		scheduler string
		done      int
	}{
		// pairs holds job 1 until job 2 comes: at 20 a step, no error
		// (RunContext(ctx, 20) would be ErrStuck: TestRunUntilSteps);
		// then both start at 50 and end at 60.
		{name: "held job is no error", run: func(t *testing.T) (*sim.Engine, error) {
			return stepHeld(t, func(e *sim.Engine, until float64) error { return e.RunUntilContext(bg, until) })
		}, done: 2},
		// periodic on misJobs[:2] to 1000 keeps its chains of rounds: 46
		// rounds, as RunUntil (TestRunUntilSteps), where RunContext to
		// 1000 runs 5.
		{name: "rounds asked for are kept", run: func(t *testing.T) (*sim.Engine, error) {
			e, _ := sim.NewEngine(4, periodic{}, sim.EngineOptions{})
			e.SubmitAll(misJobs[:2])
			err := e.RunUntilContext(bg, 1000)
			if r := e.Result(); r.Rounds != 46 {
				t.Errorf("%d rounds, want RunUntil's 46", r.Rounds)
			}
			return e, err
		}, done: 2},
		// misJobs: rounds at 100 (jobs 1 and 2 arrive, 1 starts), 110 (1
		// ends, 2 starts: the context is cancelled), so the step to 150
		// stops after the round at 110; job 1 has ended.
		{name: "cancelled in a round", run: func(t *testing.T) (*sim.Engine, error) {
			ctx, cancel := context.WithCancel(bg)
			defer cancel()
			e, _ := sim.NewEngine(4, &cancelAt{at: 110, cancel: cancel}, sim.EngineOptions{})
			e.SubmitAll(misJobs)
			if err := e.RunUntilContext(ctx, 105); err != nil {
				t.Fatalf("RunUntilContext(105): %v", err)
			}
			return e, e.RunUntilContext(ctx, 150)
		}, want: context.Canceled, time: 110, scheduler: "sim_test.cancelat", done: 1},
		{name: "cancelled before, own scheduler", run: func(t *testing.T) (*sim.Engine, error) {
			e, _ := sim.NewEngine(4, simtest.FCFS{}, sim.EngineOptions{})
			e.SubmitAll(misJobs)
			err := e.RunUntilContext(cancelled, 150)
			if !math.IsInf(e.Now(), -1) || e.Result().Rounds != 0 {
				t.Errorf("now %v, %d rounds: the engine ran", e.Now(), e.Result().Rounds)
			}
			return e, err
		}, want: context.Canceled, time: math.Inf(-1), scheduler: "test-fcfs"},
		{name: "cancelled before, built-in", run: func(t *testing.T) (*sim.Engine, error) {
			e, _ := sim.NewEngine(4, &sim.FCFS{}, sim.EngineOptions{})
			e.SubmitAll(misJobs)
			return e, e.RunUntilContext(cancelled, 150)
		}, want: context.Canceled, time: math.Inf(-1), scheduler: "fcfs"},
		// A built-in's step runs to its end though its context is
		// cancelled in it (by a hook, at 110); the next step says so
		// before running.
		{name: "built-in step runs to its end", run: func(t *testing.T) (*sim.Engine, error) {
			ctx, cancel := context.WithCancel(bg)
			defer cancel()
			e, _ := sim.NewEngine(4, &sim.FCFS{}, sim.EngineOptions{})
			e.OnFinish = func(e *sim.Engine, j int) { cancel() }
			e.SubmitAll(misJobs)
			if err := e.RunUntilContext(ctx, 150); err != nil || e.NumDone() != 2 {
				t.Fatalf("RunUntilContext(150): %v, %d ended; want no error, 2", err, e.NumDone())
			}
			return e, e.RunUntilContext(ctx, 300)
		}, want: context.Canceled, time: 120, scheduler: "fcfs", done: 2},
		// At +Inf it is RunContext: the held job is stuck.
		{name: "+Inf is RunContext", run: func(t *testing.T) (*sim.Engine, error) {
			e, _ := sim.NewEngine(4, pairs{}, sim.EngineOptions{})
			e.Submit(heldJobs[0])
			return e, e.RunUntilContext(bg, math.Inf(1))
		}, want: sim.ErrStuck, time: 0, scheduler: "sim_test.pairs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e, err := c.run(t)
			if e.NumDone() != c.done {
				t.Errorf("%d jobs ended, want %d", e.NumDone(), c.done)
			}
			if c.want == nil {
				if err != nil {
					t.Fatalf("error %v, want none", err)
				}
				return
			}
			var se *sim.SchedulerError
			if !errors.As(err, &se) || !errors.Is(err, c.want) || se.Time != c.time || se.Scheduler != c.scheduler {
				t.Errorf("error %v, want %v in a SchedulerError of %s at %v", err, c.want, c.scheduler, c.time)
			}
		})
	}
}
