package sim

import (
	"context"
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
