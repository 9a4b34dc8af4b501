package sim_test

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
)

// misJobs: hostileJobs (two jobs of the whole machine, 4 processors, at
// 100, so the second waits for the first) and a job of one processor at
// 200. Clip makes append copy, so hostileJobs is never written.
var misJobs = append(slices.Clip(hostileJobs), sim.Job{ID: 3, Submit: 200, Runtime: 10, Estimate: 20, Procs: 1})

// TestMisbehavingSchedulers: a scheduler of one's own that breaks the
// rules without panicking (starts a job twice, one that does not exist,
// has not arrived or has ended, one that does not fit, never starts
// anything, asks for rounds without end) ends every way of running the
// engine with a SchedulerError that names it and says what it did, at the
// time it did it (worked out by hand from misJobs), never a hang, a
// schedule with a job started twice, or memory without bound. Stepping
// with RunUntil gives the error of the step in which it happens.
func TestMisbehavingSchedulers(t *testing.T) {
	t.Parallel()
	for _, c := range []hostileCase{
		// Round 100: job 0 starts, then again.
		{"start-twice", nil, "Start(0): the job (ID 1) is running, it is not waiting", 100},
		// Round 100: job 3 of 3 submitted.
		{"start-unknown", nil, "Start(3): no such job (3 submitted)", 100},
		// Round 100: job 2 (ID 3) arrives at 200.
		{"start-pending", nil, "Start(2): the job (ID 3) has not arrived, it is not waiting", 100},
		// Round 100: job 0 starts; round 110: it has ended, and is started again.
		{"start-ended", nil, "Start(0): the job (ID 1) has ended, it is not waiting", 110},
		// Round 100: job 0 starts, job 1 does not fit.
		{"misfit", nil, "Start(1) at 100: needs 4 processors, 0 free", 100},
		// Rounds at 100 and 200 (arrivals): nothing starts, nothing is left.
		{"idle", sim.ErrStuck, "3 jobs, job 1 first", 200},
		// WakeAt(Now) asks for nothing: as idle.
		{"wake-same", sim.ErrStuck, "3 jobs, job 1 first", 200},
		// A round every second from 100 on (200's arrival one of them).
		{"wake-forever", sim.ErrNoProgress, "MaxIdleRounds", 100 + sim.MaxIdleRounds - 1},
		// Round 100 asks for 4,096 times, each round after (101, 102,
		// …) runs one of them and asks for 4,096 new ones: 4,095n + 1
		// after n rounds, all distinct (no repeat to remove). They are
		// counted once their number has doubled since the last count
		// (from 2^16): after the rounds 17, 35, 71, 143, 287, 575 and
		// 1,151, the first above 2^22: 4,095·1,151 + 1 = 4,713,346 at
		// time 100 + 1,150.
		{"wake-flood", sim.ErrTooManyWakeups, "MaxWakeups rounds asked for (WakeAt) and not yet run: 4713346", 1250},
	} {
		t.Run(c.kind, func(t *testing.T) {
			t.Parallel()
			r, err := sim.Run(misJobs, 4, &simtest.Hostile{Kind: c.kind}, sim.EngineOptions{})
			if r != nil {
				t.Errorf("sim.Run: a result %v with the error", r)
			}
			c.check(t, "sim.Run", err)
			e, _ := sim.NewEngine(4, &simtest.Hostile{Kind: c.kind}, sim.EngineOptions{})
			if c.kind == "wake-flood" { // (2 s a run: one path of the guard is enough)
				return
			}
			e.SubmitAll(misJobs)
			c.check(t, "Engine.Run", e.Run())
			if err2 := e.Reset(4, &simtest.Hostile{Kind: c.kind}, sim.EngineOptions{}); err2 != nil {
				t.Fatal(err2)
			}
			e.SubmitAll(misJobs)
			c.check(t, "RunContext", e.RunContext(context.Background(), math.Inf(1)))
			// Stepping: to 150, then to the end. An error after 150
			// comes from the second call (jobs waiting on an idle
			// machine at 150 are not stuck: more may come); the rounds
			// without progress are counted from its start, 151.
			e.Reset(4, &simtest.Hostile{Kind: c.kind}, sim.EngineOptions{})
			e.SubmitAll(misJobs)
			err = e.RunUntil(150)
			if !(c.time <= 150) {
				if err != nil {
					t.Fatalf("RunUntil(150): %v", err)
				}
				err = e.RunUntil(math.Inf(1))
			}
			if c.kind == "wake-forever" {
				c.time = 151 + sim.MaxIdleRounds - 1
			}
			c.check(t, "RunUntil", err)
		})
	}
}
