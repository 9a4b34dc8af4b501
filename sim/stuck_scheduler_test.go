package sim_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
)

// idle is a researcher's scheduler with a bug: it never starts a job.
type idle struct{}

func (idle) Schedule(*sim.Engine) {}
func (idle) Name() string         { return "test-idle" }

// TestStuckSchedulerNamed: a scheduler that leaves jobs waiting on an idle
// machine ends Run, and Engine.Run, with an error naming the scheduler and
// the waiting jobs, so that a researcher running several (compare, a
// sweep) knows whose bug it is.
func TestStuckSchedulerNamed(t *testing.T) {
	jobs := []sim.Job{{ID: 7, Runtime: 1, Estimate: 1, Procs: 1}}
	e, _ := sim.NewEngine(1, idle{}, sim.EngineOptions{})
	e.SubmitAll(jobs)
	for _, c := range []struct {
		path string
		run  func() error
	}{
		{"sim.Run", func() error { _, err := sim.Run(jobs, 1, idle{}, sim.EngineOptions{}); return err }},
		{"Engine.Run", e.Run},
	} {
		err := c.run()
		var se *sim.SchedulerError
		if !errors.As(err, &se) || se.Scheduler != "test-idle" || !errors.Is(err, sim.ErrStuck) ||
			!strings.Contains(err.Error(), "1 jobs, job 7 first") {
			t.Errorf("%s: error %v, want a SchedulerError of test-idle, ErrStuck, 1 job (id 7)", c.path, err)
		}
	}
}

// hostileJobs need a scheduler: two jobs of the whole machine (4
// processors) submitted together, so the second waits for the first.
var hostileJobs = []sim.Job{
	{ID: 1, Submit: 100, Runtime: 10, Estimate: 20, Procs: 4},
	{ID: 2, Submit: 100, Runtime: 10, Estimate: 20, Procs: 4},
}

// hostileCase is how a run of simtest.Hostile{Kind: kind} must end: with
// a SchedulerError naming "test-hostile:"+kind, that is is (errors.Is,
// when is is not nil), says msg, and stopped at time (simulated seconds).
type hostileCase struct {
	kind string
	is   error
	msg  string
	time float64
}

// check fails t unless err is the SchedulerError c says, and returns it;
// path names the way of running the engine (sim.Run, Engine.Run, …).
func (c hostileCase) check(t *testing.T, path string, err error) *sim.SchedulerError {
	t.Helper()
	var se *sim.SchedulerError
	switch {
	case !errors.As(err, &se):
		t.Fatalf("%s: error %v, want a SchedulerError", path, err)
	case se.Scheduler != "test-hostile:"+c.kind || !strings.Contains(err.Error(), "test-hostile:"+c.kind):
		t.Errorf("%s: error %q does not name the scheduler", path, err)
	case c.is != nil && !errors.Is(err, c.is):
		t.Errorf("%s: error %q is not %v", path, err, c.is)
	case !strings.Contains(err.Error(), c.msg):
		t.Errorf("%s: error %q does not say %q", path, err, c.msg)
	case se.Time != c.time:
		t.Errorf("%s: stopped at %v, want %v", path, se.Time, c.time)
	}
	return se
}

// TestHostileSchedulers: each scheduler of one's own with a bug ends Run
// with a SchedulerError that names it and says what went wrong (worked
// out from hostileJobs: misfit starts job 2 at 100 while job 1 holds the
// 4 processors; wake-forever asks for rounds at 101, 102, … until
// MaxIdleRounds rounds in a row without a start), never a panic or a
// hang; the engine is usable again after Reset. A slow scheduler stops
// when its context is cancelled.
func TestHostileSchedulers(t *testing.T) {
	t.Parallel()
	for _, c := range []hostileCase{
		{"panic", nil, "a bug of mine at time 100", 100},
		{"idle", sim.ErrStuck, "2 jobs, job 1 first", 100},
		{"misfit", nil, "Start(1) at 100: needs 4 processors, 0 free", 100},
		{"wake-same", sim.ErrStuck, "2 jobs, job 1 first", 100},
		{"wake-forever", sim.ErrNoProgress, "MaxIdleRounds", 100 + sim.MaxIdleRounds - 1},
	} {
		t.Run(c.kind, func(t *testing.T) {
			h := &simtest.Hostile{Kind: c.kind}
			r, err := sim.Run(hostileJobs, 4, h, sim.EngineOptions{})
			if r != nil {
				t.Errorf("sim.Run: a result %v with the error", r)
			}
			se := c.check(t, "sim.Run", err)
			switch {
			case strings.Count(err.Error(), "sim: ") != 1:
				t.Errorf("error %q is not prefixed sim: once", err)
			case (c.kind == "panic" || c.kind == "misfit") != (se.Stack != nil):
				t.Errorf("stack %q: want one for a panic only", se.Stack)
			}
			// Through Replay too, and the engine reset after the error
			// runs FCFS as a new one would.
			tr := datasets.NewTrace("two", 2)
			tr.Header.MaxProcs = 4
			for _, j := range hostileJobs {
				jb := datasets.UnknownJob()
				jb.JobID, jb.Submit, jb.Runtime, jb.Procs, jb.ReqTime, jb.User = j.ID, j.Submit, j.Runtime, j.Procs, j.Estimate, 1
				tr.Append(jb)
			}
			if _, err := sim.Replay(tr, &simtest.Hostile{Kind: c.kind}, sim.Options{}); !errors.As(err, &se) {
				t.Errorf("Replay: error %v, want a SchedulerError", err)
			}
			// Engine.Run returns the same error as Run.
			e, _ := sim.NewEngine(4, &simtest.Hostile{Kind: c.kind}, sim.EngineOptions{})
			e.SubmitAll(hostileJobs)
			if err2 := e.Run(); err2 == nil || err2.Error() != err.Error() {
				t.Fatalf("Engine.Run: error %v, want Run's %v", err2, err)
			}
			if err := e.Reset(4, &sim.FCFS{}, sim.EngineOptions{}); err != nil {
				t.Fatal(err)
			}
			e.SubmitAll(hostileJobs)
			if err := e.Run(); err != nil {
				t.Fatal(err)
			}
			if got := e.Result().Start; got[0] != 100 || got[1] != 110 {
				t.Errorf("after Reset, FCFS starts %v, want [100 110]", got)
			}
		})
	}
	// Run to a finite time (the reading that stops at a window's end):
	// idle and wake-same leave jobs waiting with nothing left to happen,
	// stuck as under Run; wake-forever asks for a round every second, as
	// a policy holding jobs for a time would, and at 1000 its jobs are
	// left waiting without an error.
	for _, c := range []struct {
		kind  string
		stuck bool
	}{{"idle", true}, {"wake-same", true}, {"wake-forever", false}} {
		e, _ := sim.NewEngine(4, &simtest.Hostile{Kind: c.kind}, sim.EngineOptions{})
		e.SubmitAll(hostileJobs)
		err := e.RunContext(context.Background(), 1000)
		if errors.Is(err, sim.ErrStuck) != c.stuck || (!c.stuck && err != nil) || e.NumWaiting() != 2 {
			t.Errorf("%s until 1000: error %v, %d waiting; want stuck %v and 2 waiting", c.kind, err, e.NumWaiting(), c.stuck)
		}
	}
}

// TestSlowSchedulerCancelled: a slow scheduler (10 ms a round) is
// stopped by its context between two rounds, with the context's error in
// a SchedulerError naming it, long before its 2,000 rounds would end.
func TestSlowSchedulerCancelled(t *testing.T) {
	t.Parallel()
	jobs := make([]sim.Job, 2000)
	for i := range jobs {
		jobs[i] = sim.Job{ID: i + 1, Submit: float64(i), Runtime: 1, Estimate: 1, Procs: 1}
	}
	ctx, cancel := context.WithCancel(context.Background())
	// Cancelled from its first round (a wall-clock timer could fire
	// before the run starts on a busy machine): the run stops before the
	// second.
	rounds := 0
	slow := &simtest.Hostile{Kind: "slow", Delay: time.Second / 100, OnRound: func() {
		rounds++
		cancel()
	}}
	_, err := sim.RunContext(ctx, jobs, 1, slow, sim.EngineOptions{})
	var se *sim.SchedulerError
	if !errors.As(err, &se) || !errors.Is(err, context.Canceled) || se.Scheduler != "test-hostile:slow" {
		t.Errorf("error %v, want context.Canceled in a SchedulerError of test-hostile:slow", err)
	}
	if rounds != 1 {
		t.Errorf("%d rounds, want 1 (cancelled in the first)", rounds)
	}
	// Already cancelled: no round at all.
	if _, err := sim.RunContext(ctx, jobs, 1, &simtest.FCFS{}, sim.EngineOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: error %v", err)
	}
}

// periodic is FCFS run as a periodic scheduling pass: every round asks
// for another a minute later, for ever (as a batch system's main loop).
type periodic struct{}

func (periodic) Schedule(e *sim.Engine) {
	simtest.FCFS{}.Schedule(e)
	e.WakeAt(e.Now() + 60)
}

// TestPeriodicSchedulerEnds: a scheduler that asks for a round every
// minute for ever ends Run and Engine.Run (RunUntil(+Inf) alone would not
// return) with FCFS's starts; worked out on hostileJobs: rounds at 100 (both arrive, job 1
// starts), 110 (job 1 ends, job 2 starts), 120 (job 2 ends: nothing is
// left, its request for 180 is not run), then 160 and 170, asked for
// while jobs ran (their requests, 220 and 230, are not run): 5 rounds.
func TestPeriodicSchedulerEnds(t *testing.T) {
	r, err := sim.Run(hostileJobs, 4, periodic{}, sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Start[0] != 100 || r.Start[1] != 110 || r.Rounds != 5 {
		t.Errorf("starts %v, %d rounds; want [100 110], 5", r.Start, r.Rounds)
	}
	e, _ := sim.NewEngine(4, periodic{}, sim.EngineOptions{})
	e.SubmitAll(hostileJobs)
	if err := e.Run(); err != nil {
		t.Fatal(err)
	}
	if r := e.Result(); r.Start[0] != 100 || r.Start[1] != 110 || r.Rounds != 5 {
		t.Errorf("Engine.Run: starts %v, %d rounds; want [100 110], 5", r.Start, r.Rounds)
	}
}
