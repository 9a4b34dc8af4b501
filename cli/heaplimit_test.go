package cli

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/sim"
)

// leakChunk is what a leakingScheduler keeps at every round.
const leakChunk = 256 << 10

// leakingScheduler is FCFS that keeps leakChunk bytes more at every round
// (a leak) until it holds max bytes, and sleeps 100 µs a round (at most
// 2.6 GB/s, so that HeapLimit's looks every 10 ms see it grow by little).
type leakingScheduler struct {
	kept [][]byte
	max  int
}

func (l *leakingScheduler) Schedule(e *sim.Engine) {
	if len(l.kept)*leakChunk < l.max {
		l.kept = append(l.kept, make([]byte, leakChunk))
		time.Sleep(100 * time.Microsecond)
	}
	(&sim.FCFS{}).Schedule(e)
}

// Name returns "test-leak", the name errors give.
func (l *leakingScheduler) Name() string { return "test-leak" }

// "test-leak:M" is a leakingScheduler that keeps at most M MiB.
func init() {
	sim.Register("test-leak", func(param string) (sim.Factory, error) {
		mib, err := strconv.Atoi(param)
		if err != nil || mib < 1 || mib > 1024 {
			return nil, fmt.Errorf("want MiB from 1 to 1024, got %q", param)
		}
		return func() sim.Scheduler { return &leakingScheduler{max: mib << 20} }, nil
	})
}

func liveHeapBytes() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestHeapLimitCommands: with TRACELAB_HEAP_LIMIT 96 MiB above the live
// heap at the start (a sweep of two simulations in parallel needs about
// 50 MB), a registered scheduler that keeps 256 KB a round (up to 384
// MiB, 4 times the limit's margin)
// is stopped in every command that simulates — simulate, feedback,
// resample --simulate (one log and a mix), compare, a sweep — with an
// error wrapping sim.ErrHeapLimit that names the variable and its value
// (a single simulation's also names the scheduler); the same commands
// with a leak of 2 MiB under the limit, or with the variable unset, end
// without error. Not parallel: the limit counts the whole process.
func TestHeapLimitCommands(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args  []string
		named bool // the error names the scheduler
	}{
		{[]string{"simulate", "--scheduler"}, true},
		{[]string{"feedback", "--model", "fluid", "--scheduler"}, true},
		{[]string{"resample", "--seed", "3", "--weeks", "4", "-o", filepath.Join(dir, "r.swf"), "--simulate"}, true},
		{[]string{"resample", "--mix", "sample", "--seed", "3", "--weeks", "4", "-o", filepath.Join(dir, "m.swf"), "--simulate"}, true},
		{[]string{"compare", "--scheduler", "easy", "--variants", "2", "--weeks", "4", "--scheduler"}, false},
		{[]string{"sweep", "--reps", "2", "--quiet", "--experiment", "resample", "-o", filepath.Join(dir, "s.parquet"), "--scheduler"}, false},
	}
	runtime.GC()
	limit := (liveHeapBytes()>>20 + 96) << 20
	value := strconv.FormatUint(limit>>20, 10) + "MiB"
	for _, c := range cases {
		for _, run := range []struct {
			env, scheduler string
			stopped        bool
		}{
			{value, "test-leak:384", true},
			{"", "test-leak:384", false}, // unset: no limit
			{value, "test-leak:2", false},
		} {
			if run.env == "" && c.args[0] != "simulate" {
				continue // one unbounded leak of 384 MiB is enough
			}
			t.Setenv(heapLimitEnv, run.env)
			args := append(append([]string{}, c.args...), run.scheduler)
			// Twice: sim/resample's sync.Pool of workers keeps the last
			// run's schedulers (and what they hold) until the second.
			runtime.GC()
			runtime.GC()
			_, _, err := runCLI(t, args...)
			if !run.stopped {
				if err != nil {
					t.Errorf("%s=%q %v: %v, want no error", heapLimitEnv, run.env, args, err)
				}
				continue
			}
			msg := fmt.Sprint(err)
			if !errors.Is(err, sim.ErrHeapLimit) || !strings.Contains(msg, heapLimitEnv+"="+value) ||
				(c.named && !strings.Contains(msg, "scheduler test-leak,")) {
				t.Errorf("%s=%q %v: error %v, want sim.ErrHeapLimit naming %s=%s (and the scheduler: %v)",
					heapLimitEnv, run.env, args, err, heapLimitEnv, value, c.named)
			}
		}
	}
}

// TestHeapLimitValue: TRACELAB_HEAP_LIMIT's values, in bytes (0: no
// limit), and the values refused with an error naming the variable.
func TestHeapLimitValue(t *testing.T) {
	for _, c := range []struct {
		v    string
		want uint64
		ok   bool
	}{
		{"", 0, true},
		{"off", 0, true},
		{" OFF ", 0, true},
		{"4GiB", 4 << 30, true},
		{"4gib", 4 << 30, true},
		{"1.5 GiB", 3 << 29, true},
		{"6GB", 6e9, true},
		{"512MiB", 512 << 20, true},
		{"16MiB", 16 << 20, true},        // heapLimitMin
		{"1024TiB", 1 << 50, true},       // heapLimitMax
		{"100000000", 100_000_000, true}, // bytes
		{"100000000B", 100_000_000, true},
		{"20000KiB", 20000 << 10, true},
		{"16777215", 0, false}, // heapLimitMin − 1
		{"1025TiB", 0, false},
		{"1e9", 0, false},
		{"0x40000000", 0, false},
		{"inf", 0, false},
		{"NaN GiB", 0, false},
		{"-4GiB", 0, false},
		{"4G", 0, false},
		{"GiB", 0, false},
		{"4 GiB GiB", 0, false},
		{"0", 0, false},
		{"99999999999999999999999999999GiB", 0, false},
	} {
		t.Setenv(heapLimitEnv, c.v)
		got, err := heapLimit()
		if c.ok != (err == nil) || got != c.want || (err != nil && !strings.Contains(err.Error(), heapLimitEnv)) {
			t.Errorf("%s=%q: %d, %v; want %d (ok: %v)", heapLimitEnv, c.v, got, err, c.want, c.ok)
		}
	}
	// A bad value is the command's error, before it reads anything.
	t.Setenv(heapLimitEnv, "lots")
	if _, _, err := runCLI(t, "info"); err == nil || !strings.Contains(err.Error(), heapLimitEnv+`="lots"`) {
		t.Errorf("info with %s=lots: %v, want an error naming it", heapLimitEnv, err)
	}
}

// TestHeapLimitError: the error of a step between simulations that a
// HeapLimit context stopped (the bare context.Canceled) becomes the
// limit's, naming the variable; other errors, and errors under a context
// cancelled otherwise, are left as they are.
func TestHeapLimitError(t *testing.T) {
	t.Setenv(heapLimitEnv, "1GiB")
	hit, cancel := context.WithCancelCause(context.Background())
	cancel(fmt.Errorf("%w: 3 bytes live, limit 2", sim.ErrHeapLimit))
	interrupted, cancel2 := context.WithCancel(context.Background())
	cancel2()
	other := errors.New("bad line")
	for _, c := range []struct {
		ctx      context.Context
		err      error
		wantHeap bool
	}{
		{hit, context.Canceled, true},
		{hit, fmt.Errorf("sweep: %w", context.Canceled), true},
		{hit, &sim.SchedulerError{Scheduler: "x", Err: context.Cause(hit)}, true},
		{hit, other, false},
		{hit, nil, false},
		{interrupted, context.Canceled, false},
		{context.Background(), other, false},
	} {
		got := heapLimitError(c.ctx, c.err)
		if c.wantHeap != errors.Is(got, sim.ErrHeapLimit) ||
			c.wantHeap != strings.Contains(fmt.Sprint(got), heapLimitEnv+"=1GiB") ||
			(c.err != nil && !errors.Is(got, c.err)) || (c.err == nil && got != nil) {
			t.Errorf("heapLimitError(%v, %v) = %v, want the limit's: %v", context.Cause(c.ctx), c.err, got, c.wantHeap)
		}
	}
}
