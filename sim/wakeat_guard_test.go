package sim

import (
	"context"
	"fmt"
	"testing"
)

// repeatWaker never starts a job and asks, at every round, for the 4,096
// next seconds: times asked for again and again.
type repeatWaker struct{}

func (repeatWaker) Schedule(e *Engine) {
	for i := range 4096 {
		e.WakeAt(e.Now() + 1 + float64(i))
	}
}

// TestWakeAtRepeatsBounded: the guard keeps the same time asked for again
// once, so that a scheduler of one's own that asks for the same rounds at
// every round keeps its memory bounded and its schedule: rounds at every
// second from 0 to 2,000 (2,001), no error to a finite time, and
// under 2·2^16 + 4,096 times kept (without the guard: 4,095 more a
// round, 8·10^6).
func TestWakeAtRepeatsBounded(t *testing.T) {
	t.Parallel()
	e := mustEngine(t, 1, repeatWaker{}, EngineOptions{})
	e.Submit(Job{ID: 1, Runtime: 1, Estimate: 1, Procs: 1})
	if err := e.RunContext(context.Background(), 2000); err != nil {
		t.Fatal(err)
	}
	if r := e.Result(); r.Rounds != 2001 || len(e.timers) > 2*wakeCheck+4096 {
		t.Errorf("%d rounds, %d times kept; want 2,001, at most %d", r.Rounds, len(e.timers), 2*wakeCheck+4096)
	}
}

// loopWaker asks, in its first round, for n rounds (WakeAt) in one loop:
// at n distinct times (a second apart) when distinct, else alternately at
// the same two; then it starts its job, at the round after.
type loopWaker struct {
	n        int
	distinct bool
	asked    bool
}

func (w *loopWaker) Schedule(e *Engine) {
	if w.asked {
		for _, j := range e.Waiting() {
			e.Start(j)
		}
		return
	}
	w.asked = true
	for i := range w.n {
		t := float64(1 + i%2)
		if w.distinct {
			t = float64(1 + i)
		}
		e.WakeAt(e.Now() + t)
	}
}

// TestWakeAtLoopBounded: a Schedule call that asks for rounds in a loop is
// counted within the call, once it has asked for MaxWakeups more than the
// guard's first count (wakeCheck): distinct times end the run there with
// ErrTooManyWakeups, 2^16 + 2^22 + 1 = 4,259,841 times (without the count
// in WakeAt: after the round, 8,519,680, the loop's n); the same two
// times asked for again and again are kept as two (the loop is not an
// error: its rounds, at 1 and 2, are run) and the timers never hold more
// than wakeCheck + MaxWakeups + 1.
func TestWakeAtLoopBounded(t *testing.T) {
	t.Parallel()
	n := 2 * (wakeCheck + MaxWakeups)
	for _, c := range []struct {
		distinct bool
		want     string // the error, "" none
		rounds   int
	}{
		{true, "sim: scheduler sim.loopwaker, at time 0: more than MaxWakeups rounds asked for (WakeAt) and not yet run: 4259841", 1},
		{false, "", 3},
	} {
		e := mustEngine(t, 1, &loopWaker{n: n, distinct: c.distinct}, EngineOptions{})
		e.Submit(Job{ID: 1, Runtime: 1, Estimate: 1, Procs: 1})
		err := e.RunContext(context.Background(), 10)
		if got := fmt.Sprint(err); c.want == "" && err != nil || c.want != "" && got != c.want {
			t.Errorf("distinct %v: error %v, want %q", c.distinct, err, c.want)
		}
		if c.want == "" {
			if r := e.Result(); r.Rounds != c.rounds || r.Start[0] != 1 || cap(e.timers) > 2*(wakeCheck+MaxWakeups+1) {
				t.Errorf("distinct %v: %d rounds, start %v, timers' capacity %d; want %d, 1, at most %d",
					c.distinct, r.Rounds, r.Start[0], cap(e.timers), c.rounds, 2*(wakeCheck+MaxWakeups+1))
			}
		}
	}
}
