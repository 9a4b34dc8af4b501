package parallel

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
)

func TestWorkers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in, want int
		ok       bool
	}{{3, 3, true}, {0, runtime.GOMAXPROCS(0), true}, {-1, 0, false}} {
		got, err := Workers(c.in)
		if got != c.want || (err == nil) != c.ok {
			t.Errorf("Workers(%d) = %d, %v", c.in, got, err)
		}
	}
}

// Results are written by index, so they are the same for every number of
// workers; at most workers tasks run at once.
func TestForResults(t *testing.T) {
	t.Parallel()
	const n = 200
	var want []int
	for _, workers := range []int{1, 2, 3, 8, 300} {
		out := make([]int, n)
		var running, peak atomic.Int64
		err := For(context.Background(), n, workers, func(_ context.Context, i int) error {
			r := running.Add(1)
			for p := peak.Load(); r > p && !peak.CompareAndSwap(p, r); p = peak.Load() {
			}
			out[i] = i * i
			runtime.Gosched()
			running.Add(-1)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if want == nil {
			want = out
		} else if !slices.Equal(out, want) {
			t.Errorf("workers %d: results differ", workers)
		}
		if p := peak.Load(); p > int64(workers) {
			t.Errorf("workers %d: %d tasks ran at once", workers, p)
		}
	}
}

// The first failure cancels the others: no task starts after it, running
// tasks see their context cancelled, and the error of the smallest failed
// index is returned, not a cancellation.
func TestForFirstErrorCancels(t *testing.T) {
	t.Parallel()
	for _, workers := range []int{1, 2, 4} {
		var started atomic.Int64
		err := For(context.Background(), 1000, workers, func(ctx context.Context, i int) error {
			started.Add(1)
			if i == 3 {
				return fmt.Errorf("task %d failed", i)
			}
			if i > 3 {
				<-ctx.Done() // only a cancellation ends these
				return ctx.Err()
			}
			return nil
		})
		if err == nil || err.Error() != "task 3 failed" {
			t.Errorf("workers %d: error %v, want task 3's", workers, err)
		}
		if s := started.Load(); s > int64(4+workers) {
			t.Errorf("workers %d: %d tasks started after the failure", workers, s)
		}
	}
	// Two failures: one of them is returned (the smaller index when both
	// ran), never the cancellation of the other.
	err := For(context.Background(), 10, 10, func(ctx context.Context, i int) error {
		if i == 7 {
			return errors.New("seven")
		}
		if i == 2 {
			runtime.Gosched()
			return errors.New("two")
		}
		return nil
	})
	if err == nil || (err.Error() != "two" && err.Error() != "seven") {
		t.Errorf("error %v", err)
	}
}

func TestForCancelledContext(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran := false
	err := For(ctx, 10, 2, func(context.Context, int) error { ran = true; return nil })
	if !errors.Is(err, context.Canceled) || ran {
		t.Errorf("cancelled context: error %v, a task ran: %v", err, ran)
	}
	defer func() {
		if recover() == nil {
			t.Error("workers 0: no panic")
		}
	}()
	For(context.Background(), 1, 0, func(context.Context, int) error { return nil })
}

func TestProgress(t *testing.T) {
	t.Parallel()
	var seen []int
	p := NewProgress(50, func(done, total int) {
		if total != 50 {
			t.Errorf("total %d", total)
		}
		seen = append(seen, done)
	})
	if err := For(context.Background(), 50, 4, func(context.Context, int) error { p.Done(); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 50 || !slices.IsSorted(seen) || seen[49] != 50 {
		t.Errorf("progress calls %v", seen)
	}
	NewProgress(1, nil).Done() // a nil report is allowed
}

func ExampleFor() {
	squares := make([]int, 5)
	err := For(context.Background(), len(squares), 2, func(_ context.Context, i int) error {
		squares[i] = i * i // each task writes only its own slot
		return nil
	})
	fmt.Println(squares, err)
	// Output: [0 1 4 9 16] <nil>
}
