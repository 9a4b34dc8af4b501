package parallel

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"golang.org/x/sync/errgroup"
)

// Workers returns the number of goroutines a Workers option asks for: w
// itself when positive, runtime.GOMAXPROCS(0) when zero. A negative w is an
// error (the project's rule for options: zero means the default, negative
// is an error).
func Workers(w int) (int, error) {
	switch {
	case w > 0:
		return w, nil
	case w == 0:
		return runtime.GOMAXPROCS(0), nil
	}
	return 0, fmt.Errorf("workers must not be negative, got %d", w)
}

// For calls task(ctx, i) for every i in [0, n), at most workers calls at a
// time (an errgroup with SetLimit). Each call must write only its own
// result, slot i, so that the results do not depend on workers.
//
// The first task to fail cancels the context of the others and no new task
// starts; For returns the error of the failed task with the smallest index
// (not the context errors of the tasks it cancelled), or, when none failed,
// ctx's error if ctx was cancelled. It panics if workers < 1.
func For(ctx context.Context, n, workers int, task func(ctx context.Context, i int) error) error {
	if workers < 1 {
		panic("parallel: workers < 1")
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	var (
		mu       sync.Mutex
		firstErr error
		errIndex = -1
	)
	for i := range n {
		if gctx.Err() != nil {
			break
		}
		g.Go(func() error {
			if gctx.Err() != nil {
				return gctx.Err()
			}
			err := task(gctx, i)
			if err == nil {
				return nil
			}
			if gctx.Err() != nil && errors.Is(err, gctx.Err()) {
				return err // cancelled by another task's failure or by ctx
			}
			mu.Lock()
			if errIndex < 0 || i < errIndex {
				firstErr, errIndex = err, i
			}
			mu.Unlock()
			return err
		})
	}
	g.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

// Progress counts finished tasks for a progress callback: Done calls
// report(done, total), one call at a time, with done counting the calls of
// Done so far. A Progress with a nil report does nothing.
type Progress struct {
	mu     sync.Mutex
	done   int
	total  int
	report func(done, total int)
}

// NewProgress returns a Progress of total tasks reporting to report (which
// may be nil).
func NewProgress(total int, report func(done, total int)) *Progress {
	return &Progress{total: total, report: report}
}

// Done records one more finished task and reports it.
func (p *Progress) Done() {
	if p.report == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.report(p.done, p.total)
}
