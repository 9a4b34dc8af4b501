package sim_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
)

// TestHookError: a panic of the caller's OnStart or OnFinish hook (its
// own, or the engine's at a wrong call from the hook) ends Run, RunUntil
// and RunContext with a *HookError naming the hook and the job, not a
// SchedulerError naming the scheduler, whether the scheduler is this
// package's (unguarded) or one's own (guarded), and whether the scheduler
// or the engine called the hook. A scheduler's panic after the hooks have
// run is still the scheduler's. Times from misJobs: job ID 1 starts at
// 100 and ends at 110, ID 2 starts at 110.
func TestHookError(t *testing.T) {
	t.Parallel()
	type hooks struct{ start, finish func(e *sim.Engine, j int) }
	for _, c := range []struct {
		name string
		h    hooks
		hook string  // "" a SchedulerError
		job  int     // ID
		time float64 //
		msg  string
	}{
		{"OnStart panics", hooks{start: func(e *sim.Engine, j int) {
			if e.ID(j) == 2 {
				panic("my hook's bug")
			}
		}}, "OnStart", 2, 110, "sim: OnStart hook, at time 110, job 2: my hook's bug"},
		{"OnFinish panics", hooks{finish: func(e *sim.Engine, j int) { panic(errors.New("my hook's error")) }},
			"OnFinish", 1, 110, "sim: OnFinish hook, at time 110, job 1: my hook's error"},
		{"OnStart starts its job again", hooks{start: func(e *sim.Engine, j int) { e.Start(j) }},
			"OnStart", 1, 100, "Start(0): the job (ID 1) is running, it is not waiting"},
		{"OnFinish submits in the past", hooks{finish: func(e *sim.Engine, j int) {
			e.Submit(sim.Job{ID: 9, Submit: 50, Runtime: 1, Estimate: 1, Procs: 1})
		}}, "OnFinish", 1, 110, "job 9 submitted for 50, in the past"},
		{"OnFinish indexes out of range", hooks{finish: func(e *sim.Engine, j int) { _ = e.Width(j + 10) }},
			"OnFinish", 1, 110, "index out of range"},
		{"OnFinish runs the engine", hooks{finish: func(e *sim.Engine, j int) { _ = e.Run() }},
			"OnFinish", 1, 110, "Run called from inside the simulation"},
		// The hooks return; the scheduler panics afterwards (see below).
		{"hooks fine, scheduler panics", hooks{start: func(*sim.Engine, int) {}, finish: func(*sim.Engine, int) {}},
			"", 0, 200, "a bug of mine at time 200"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			for _, s := range []struct {
				name string
				new  func() sim.Scheduler
			}{
				{"fcfs", func() sim.Scheduler { return &sim.FCFS{} }},
				{"test-fcfs", func() sim.Scheduler { return simtest.FCFS{} }},
			} {
				for _, p := range []struct {
					name string
					run  func(e *sim.Engine) error
				}{
					{"Run", (*sim.Engine).Run},
					{"RunUntil", func(e *sim.Engine) error {
						if err := e.RunUntil(105); err != nil {
							return err
						}
						return e.RunUntil(math.Inf(1))
					}},
					{"RunContext", func(e *sim.Engine) error { return e.RunContext(context.Background(), 1000) }},
				} {
					sched := s.new()
					if c.hook == "" {
						// FCFS that panics at 200, when job ID 3 arrives.
						sched = panicAt200{sched}
					}
					e, _ := sim.NewEngine(4, sched, sim.EngineOptions{})
					e.OnStart, e.OnFinish = c.h.start, c.h.finish
					e.SubmitAll(misJobs)
					err := p.run(e)
					var he *sim.HookError
					var se *sim.SchedulerError
					where := s.name + "/" + p.name
					switch {
					case c.hook == "":
						if !errors.As(err, &se) || errors.As(err, &he) || se.Time != c.time || !strings.Contains(err.Error(), c.msg) {
							t.Errorf("%s: error %v, want a SchedulerError at %v saying %q", where, err, c.time, c.msg)
						}
					case !errors.As(err, &he) || errors.As(err, &se):
						t.Errorf("%s: error %v (%T), want a HookError only", where, err, err)
					case he.Hook != c.hook || he.Job != c.job || he.Time != c.time || he.Stack == nil:
						t.Errorf("%s: %+v, want hook %s, job %d, time %v, a stack", where, he, c.hook, c.job, c.time)
					case !strings.Contains(err.Error(), c.msg) || strings.Contains(err.Error(), "scheduler"):
						t.Errorf("%s: error %q, want it to say %q and not name a scheduler", where, err, c.msg)
					}
				}
			}
		})
	}
}

// panicAt200 is a scheduler that panics at time 200 and is In before.
type panicAt200 struct{ In sim.Scheduler }

func (p panicAt200) Schedule(e *sim.Engine) {
	if e.Now() == 200 {
		panic("a bug of mine at time 200")
	}
	p.In.Schedule(e)
}
