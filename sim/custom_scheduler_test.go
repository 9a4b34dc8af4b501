package sim_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
)

// A researcher's own scheduler is a type of another package that
// implements sim.Scheduler. These tests run two of them through every way
// package sim runs a scheduler (Run, Replay, an Engine driven directly, an
// Engine reused through Reset, an open replay fed while it runs) and check
// each against the built-in that gives the same schedule, or against the
// same policy run through sim.Run when no built-in does.

// builtins are the built-in schedulers a wrapped one must equal.
var builtins = []string{"fcfs", "easy", "easy-sjbf", "conservative", "conservative:8",
	"backfill:1,shortest,shortest", "backfill:4,arrival,area"}

// sameSchedule reports the first job whose submit, start or end time
// differs (bit for bit) between a and b.
func sameSchedule(a, b *sim.Result) error {
	if a.Len() != b.Len() {
		return fmt.Errorf("%d jobs against %d", a.Len(), b.Len())
	}
	for j := range a.Len() {
		for _, c := range []struct {
			name string
			x, y float64
		}{{"submit", a.Submit[j], b.Submit[j]}, {"start", a.Start[j], b.Start[j]}, {"end", a.End[j], b.End[j]}} {
			if math.Float64bits(c.x) != math.Float64bits(c.y) {
				return fmt.Errorf("job %d (id %d): %s %v against %v", j, a.ID[j], c.name, c.x, c.y)
			}
		}
	}
	if a.MaxQueue != b.MaxQueue || a.Rounds != b.Rounds {
		return fmt.Errorf("max queue %d, %d rounds against %d, %d", a.MaxQueue, a.Rounds, b.MaxQueue, b.Rounds)
	}
	return nil
}

// customJobs is the first part of the sample log, prepared (SDSC-SP2's
// first 3,000 jobs: long enough for queues of a hundred jobs, short
// enough for conservative).
func customJobs(t *testing.T) ([]sim.Job, int) {
	t.Helper()
	tr := datasets.Sample()
	rows := make([]int, 3000)
	for i := range rows {
		rows[i] = i
	}
	tr = tr.Select(rows)
	procs := sim.Options{}.MachineSize(tr)
	jobs, _, err := sim.Prepare(tr, procs, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return jobs, procs
}

func mustNew(t *testing.T, name string) sim.Scheduler {
	t.Helper()
	s, err := sim.New(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The ways package sim runs a scheduler: each returns the result of the
// jobs under the scheduler called name.
var simPaths = []struct {
	name string
	run  func(t *testing.T, jobs []sim.Job, procs int, name string) *sim.Result
}{
	{"Run", func(t *testing.T, jobs []sim.Job, procs int, name string) *sim.Result {
		r, err := sim.Run(jobs, procs, mustNew(t, name), sim.EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}},
	{"Engine", func(t *testing.T, jobs []sim.Job, procs int, name string) *sim.Result {
		e, err := sim.NewEngine(procs, mustNew(t, name), sim.EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range jobs {
			e.Submit(j)
		}
		if err := e.Run(); err != nil {
			t.Fatal(err)
		}
		return e.Result()
	}},
	// An engine and scheduler reused as a sweep's worker reuses them:
	// a first simulation of other jobs, then Reset (and the scheduler's
	// Reset when it has one, else a new one).
	{"Engine.Reset", func(t *testing.T, jobs []sim.Job, procs int, name string) *sim.Result {
		s := mustNew(t, name)
		e, err := sim.NewEngine(procs, s, sim.EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		e.SubmitAll(jobs[len(jobs)/2:])
		e.RunUntil(jobs[len(jobs)-1].Submit)
		if r, ok := s.(sim.Resetter); ok {
			r.Reset()
		} else {
			s = mustNew(t, name)
		}
		if err := e.Reset(procs, s, sim.EngineOptions{}); err != nil {
			t.Fatal(err)
		}
		e.Reserve(len(jobs))
		e.SubmitAll(jobs)
		if err := e.Run(); err != nil {
			t.Fatal(err)
		}
		return e.Result()
	}},
	// The engine run through RunContext (what Run, the experiments'
	// workers and a feedback simulation call).
	{"Engine.RunContext", func(t *testing.T, jobs []sim.Job, procs int, name string) *sim.Result {
		e, err := sim.NewEngine(procs, mustNew(t, name), sim.EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		e.SubmitAll(jobs)
		if err := e.RunContext(context.Background(), math.Inf(1)); err != nil {
			t.Fatal(err)
		}
		return e.Result()
	}},
	// An open replay fed while it runs, as a feedback simulation feeds
	// it: each job submitted once every round before its submit time has
	// run (RunUntil just below it).
	{"RunUntil", func(t *testing.T, jobs []sim.Job, procs int, name string) *sim.Result {
		e, err := sim.NewEngine(procs, mustNew(t, name), sim.EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range jobs {
			e.RunUntil(math.Nextafter(j.Submit, math.Inf(-1)))
			e.Submit(j)
		}
		if err := e.Run(); err != nil {
			t.Fatal(err)
		}
		return e.Result()
	}},
}

// A wrapped built-in gives the built-in's schedule on every path.
func TestCustomSchedulerPaths(t *testing.T) {
	t.Parallel()
	jobs, procs := customJobs(t)
	for _, b := range builtins {
		want, err := sim.Run(jobs, procs, mustNew(t, b), sim.EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range simPaths {
			t.Run(b+"/"+p.name, func(t *testing.T) {
				got := p.run(t, jobs, procs, "test-wrap:"+b)
				if err := sameSchedule(got, want); err != nil {
					t.Errorf("test-wrap:%s against %s: %v", b, b, err)
				}
				if b == "easy" {
					// The built-in on the same path: the paths agree.
					if err := sameSchedule(p.run(t, jobs, procs, b), want); err != nil {
						t.Errorf("%s on path %s: %v", b, p.name, err)
					}
				}
			})
		}
	}
	// FCFS written on the engine's public API only: sim.FCFS's schedule
	// on every path.
	want, err := sim.Run(jobs, procs, &sim.FCFS{}, sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range simPaths {
		t.Run("test-fcfs/"+p.name, func(t *testing.T) {
			if err := sameSchedule(p.run(t, jobs, procs, "test-fcfs"), want); err != nil {
				t.Errorf("test-fcfs against fcfs: %v", err)
			}
		})
	}
	// A policy of its own: every path gives what Run gives, and it is
	// not EASY's schedule (the comparison can fail).
	want, err = sim.Run(jobs, procs, &simtest.SJF{}, sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	easy, _ := sim.Run(jobs, procs, &sim.EASY{}, sim.EngineOptions{})
	if sameSchedule(want, easy) == nil {
		t.Fatal("sjf gives EASY's schedule: the test cannot tell them apart")
	}
	for _, p := range simPaths {
		t.Run("sjf/"+p.name, func(t *testing.T) {
			if err := sameSchedule(p.run(t, jobs, procs, "test-sjf"), want); err != nil {
				t.Error(err)
			}
		})
	}
}

// Replay (the open simulation of a log) runs a user's scheduler as the
// built-in, and reports the name it is registered by.
func TestCustomSchedulerReplay(t *testing.T) {
	t.Parallel()
	tr := datasets.Sample()
	for _, c := range []struct{ custom, builtin, name string }{
		{"test-wrap:easy", "easy", "test-wrap:easy"},
		{"test-wrap:conservative:8", "conservative:8", "test-wrap:conservative:8"},
		{"test-sjf", "", "test-sjf"},
		{"test-fcfs", "fcfs", "test-fcfs"},
	} {
		got, err := sim.Replay(tr, mustNew(t, c.custom), sim.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Scheduler != c.name {
			t.Errorf("%s: Result.Scheduler %q, want %q", c.custom, got.Scheduler, c.name)
		}
		if c.builtin == "" {
			continue
		}
		want, err := sim.Replay(tr, mustNew(t, c.builtin), sim.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := sameSchedule(got, want); err != nil {
			t.Errorf("%s against %s: %v", c.custom, c.builtin, err)
		}
	}
}
