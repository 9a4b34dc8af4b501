package sim_test

import (
	"context"
	"errors"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
)

// leaker holds its jobs and keeps 64 KB more at every round (a round a
// second later, WakeAt), a leak, until it holds max bytes; then it is
// FCFS (simtest.FCFS), so that a run the limit does not stop ends. A
// round takes at least 100 µs (at most 640 MB/s, 6.4 MB between two
// looks of HeapLimit's), so that where it stops depends little on the
// machine's speed.
type leaker struct {
	kept [][]byte
	max  int
}

func (l *leaker) Schedule(e *sim.Engine) {
	if len(l.kept)*64<<10 >= l.max {
		simtest.FCFS{}.Schedule(e)
		return
	}
	l.kept = append(l.kept, make([]byte, 64<<10))
	time.Sleep(100 * time.Microsecond)
	e.WakeAt(e.Now() + 1)
}

func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestHeapLimit: a scheduler that keeps 64 KB a round is stopped, under
// a HeapLimit context of 16 MB above the live heap at the start, with a
// SchedulerError wrapping ErrHeapLimit (not context.Canceled) before it
// holds 256 MB; under a limit it does not reach (its 4 MB), the run ends
// with FCFS's schedule, as without the limit. Not parallel: the limit
// counts the whole process's heap.
func TestHeapLimit(t *testing.T) {
	runtime.GC()
	base := liveHeap()
	for _, c := range []struct {
		name    string
		max     int    // bytes the scheduler keeps at most
		limit   uint64 // above base
		stopped bool
	}{
		{"leak stopped", 256 << 20, 16 << 20, true},
		{"limit not reached", 4 << 20, 256 << 20, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := sim.HeapLimit(context.Background(), base+c.limit)
			defer cancel()
			l := &leaker{max: c.max}
			r, err := sim.RunContext(ctx, misJobs, 4, l, sim.EngineOptions{})
			kept := len(l.kept) * 64 << 10
			if !c.stopped {
				want, err2 := sim.Run(misJobs, 4, &sim.FCFS{}, sim.EngineOptions{})
				if err != nil || err2 != nil {
					t.Fatalf("errors %v, %v; want none", err, err2)
				}
				// FCFS from the round at which the leak ends (64 rounds
				// a second apart from 100: 164), jobs 1, 2, 3 one after
				// the other, as FCFS's on jobs submitted then.
				if r.Start[0] != 164 || r.Start[1] != 174 || r.Start[2] != 200 || want.Start[0] != 100 {
					t.Errorf("starts %v, want [164 174 200]", r.Start)
				}
				return
			}
			var se *sim.SchedulerError
			if !errors.As(err, &se) || !errors.Is(err, sim.ErrHeapLimit) || errors.Is(err, context.Canceled) ||
				se.Scheduler != "sim_test.leaker" {
				t.Fatalf("error %v, want ErrHeapLimit in a SchedulerError of sim_test.leaker", err)
			}
			if kept >= c.max {
				t.Errorf("stopped after keeping %d bytes, want under %d", kept, c.max)
			}
			t.Logf("%v; kept %d MB", err, kept>>20)
		})
	}
}
