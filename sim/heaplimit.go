package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime/metrics"
	"time"
)

// ErrHeapLimit is the cause of the cancellation of a HeapLimit context:
// the process's live heap went above the limit. A run of a scheduler of
// one's own stopped by it returns a *SchedulerError whose Err wraps
// ErrHeapLimit (not context.Canceled).
var ErrHeapLimit = errors.New("live heap above the limit (sim.HeapLimit)")

// heapPoll is how often a HeapLimit context reads the live heap.
const heapPoll = 10 * time.Millisecond

// heapLive is the runtime metric HeapLimit reads: the bytes of the
// objects the last garbage collection marked live (not the garbage not
// yet collected, so that a scheduler that allocates much and keeps little
// is not stopped).
const heapLive = "/gc/heap/live:bytes"

// HeapLimit returns a context, derived from parent, that is cancelled with
// a cause wrapping ErrHeapLimit once the process's live heap (the bytes
// the last garbage collection marked live, runtime/metrics
// "/gc/heap/live:bytes") is above limit bytes, read every 10 ms; call
// cancel to release it. Passed to any Context variant (Engine.RunContext,
// RunUntilContext, sim.RunContext, the experiments), it bounds a scheduler
// of one's own that keeps allocating, a leak: the run stops after the
// round in which the limit is seen, with a *SchedulerError wrapping
// ErrHeapLimit (an experiment stops the others and returns the first
// one's; between two simulations, the context's error).
//
// What it cannot bound: Go accounts memory per process, not per
// goroutine or per scheduler, so the limit counts everything the program
// holds (the logs read, the other simulations of a sweep running in
// parallel) and is the program's choice; the live heap is known only
// after a garbage collection (with GOGC=100 the heap may reach about
// twice the live bytes before the next one sees them, and GOGC=off sees
// nothing); a Schedule call that never returns is never stopped (Go
// stops no goroutine from outside it: only the operating system's limit
// on the process, ulimit -v or a cgroup, ends it); this package's
// schedulers are looked at between simulations only (they allocate no
// more than the engine's lists). debug.SetMemoryLimit (GOMEMLIMIT) makes
// the collector work harder near a limit and stops nothing.
func HeapLimit(parent context.Context, limit uint64) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	go func() {
		tick := time.NewTicker(heapPoll)
		defer tick.Stop()
		s := []metrics.Sample{{Name: heapLive}}
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			metrics.Read(s)
			if s[0].Value.Kind() != metrics.KindUint64 {
				panic("sim: HeapLimit: runtime metric " + heapLive + " not supported")
			}
			if live := s[0].Value.Uint64(); live > limit {
				cancel(fmt.Errorf("%w: %d bytes live, limit %d", ErrHeapLimit, live, limit))
				return
			}
		}
	}()
	return ctx, func() { cancel(context.Canceled) }
}

// ctxErr is the error of a cancelled ctx for a SchedulerError: ctx.Err(),
// or its cause when that is HeapLimit's. (Other causes are left: a sweep's
// errgroup cancels the others with the failed task's error as cause, and
// a simulation it stopped must say context.Canceled.)
func ctxErr(ctx context.Context) error {
	err := ctx.Err()
	if err != nil {
		if c := context.Cause(ctx); errors.Is(c, ErrHeapLimit) {
			return c
		}
	}
	return err
}
