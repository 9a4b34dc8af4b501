package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
)

func init() { simtest.RegisterHostile() }

// TestHostileSchedulerCommands: every command that takes a scheduler ends
// with an error naming a scheduler of one's own that breaks its
// simulations (panics, never starts a job, starts one that does not fit,
// asks for rounds now or every second for ever), never a crash or a hang:
// simulate, feedback, resample --simulate (one log and a mix), compare
// and sweep with every experiment, whole and as a shard of a Slurm array.
func TestHostileSchedulerCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cases := [][]string{
		{"simulate", "--scheduler"},
		{"feedback", "--model", "fluid", "--scheduler"},
		{"resample", "--seed", "3", "--weeks", "4", "-o", filepath.Join(dir, "r.swf"), "--simulate"},
		{"resample", "--mix", "sample", "--seed", "3", "--weeks", "4", "-o", filepath.Join(dir, "m.swf"), "--simulate"},
		{"compare", "--scheduler", "easy", "--variants", "2", "--weeks", "4", "--scheduler"},
		{"sweep", "--reps", "2", "--quiet", "--experiment", "resample", "--shard", "1/2", "-o", filepath.Join(dir, "s.parquet"), "--scheduler"},
	}
	for _, x := range slices.Sorted(maps.Keys(sweepExperiments)) {
		cases = append(cases, []string{"sweep", "--reps", "2", "--quiet", "--experiment", x, "--scheduler"})
	}
	for _, kind := range []string{"panic", "idle", "misfit", "wake-same", "wake-forever",
		"start-twice", "start-unknown", "start-pending", "start-ended"} {
		name := "test-hostile:" + kind
		for _, c := range cases {
			args := append(slices.Clone(c), name)
			_, _, err := runCLI(t, args...)
			if err == nil || !strings.Contains(err.Error(), "scheduler "+name) {
				t.Errorf("%v: error %v, want one naming scheduler %s", args, err, name)
			}
		}
	}
}

// TestSchedulerPanicStack: with TRACELAB_DEBUG=1 a command whose scheduler
// panicked prints the panic's stack (sim.SchedulerError.Stack, which names
// the scheduler's Schedule) on stderr; without it, or when the scheduler
// fails without a panic, stderr has no stack.
func TestSchedulerPanicStack(t *testing.T) {
	cases := []struct {
		debug, kind string
		stack       bool
	}{
		{"1", "panic", true},
		{"", "panic", false},
		{"0", "panic", false},
		{"1", "idle", false},
	}
	for _, c := range cases {
		t.Setenv(debugEnv, c.debug)
		_, stderr, err := runCLI(t, "simulate", "--scheduler", "test-hostile:"+c.kind)
		if err == nil || !strings.Contains(err.Error(), "scheduler test-hostile:"+c.kind) {
			t.Fatalf("%s=%q, %s: error %v, want one naming the scheduler", debugEnv, c.debug, c.kind, err)
		}
		got := strings.Contains(stderr, "the panic of scheduler test-hostile:"+c.kind) &&
			strings.Contains(stderr, "simtest.(*Hostile).Schedule")
		if got != c.stack || (!c.stack && stderr != "") {
			t.Errorf("%s=%q, %s: stderr %q, want the stack: %v", debugEnv, c.debug, c.kind, stderr, c.stack)
		}
	}
}

// TestSlowSchedulerCommands: a slow scheduler of one's own (1 ms a round:
// tens of seconds a simulation of the sample log) is stopped between two
// rounds when the command's context is cancelled (as an interrupt does:
// Main), in every command that takes a scheduler, which returns an error
// wrapping context.Canceled. A command of one simulation (simulate,
// feedback, resample --simulate) names the scheduler in it; the sweeps
// return the bare context error, as internal/parallel does for every
// cancelled sweep.
func TestSlowSchedulerCommands(t *testing.T) {
	t.Parallel()
	const name = "test-hostile:slow"
	dir := t.TempDir()
	cases := []struct {
		args  []string
		named bool
	}{
		{[]string{"simulate", "--scheduler"}, true},
		{[]string{"feedback", "--model", "fluid", "--scheduler"}, true},
		{[]string{"resample", "--seed", "3", "--weeks", "4", "-o", filepath.Join(dir, "r.swf"), "--simulate"}, true},
		{[]string{"resample", "--mix", "sample", "--seed", "3", "--weeks", "4", "-o", filepath.Join(dir, "m.swf"), "--simulate"}, true},
		{[]string{"compare", "--scheduler", "easy", "--variants", "2", "--weeks", "4", "--scheduler"}, false},
		{[]string{"sweep", "--reps", "2", "--quiet", "--experiment", "resample", "--shard", "1/2", "-o", filepath.Join(dir, "s.parquet"), "--scheduler"}, false},
	}
	for _, x := range slices.Sorted(maps.Keys(sweepExperiments)) {
		cases = append(cases, struct {
			args  []string
			named bool
		}{[]string{"sweep", "--reps", "2", "--quiet", "--experiment", x, "--scheduler"}, false})
	}
	for _, c := range cases {
		args := append(slices.Clone(c.args), name)
		ctx, cancel := context.WithCancel(context.Background())
		go func() { time.Sleep(100 * time.Millisecond); cancel() }()
		var out, errb bytes.Buffer
		err := runContext(ctx, "tracelab", args, &out, &errb)
		cancel()
		if !errors.Is(err, context.Canceled) || (c.named && !strings.Contains(err.Error(), "scheduler "+name)) {
			t.Errorf("%v: error %v, want context.Canceled (naming %s: %v)", args, err, name, c.named)
		}
	}
}

// TestPrintStack: with TRACELAB_DEBUG=1, printStack prints the stack of
// a scheduler's panic and of a hook's (sim.HookError: the commands set
// hooks in this program's code only, so no command can make one panic:
// the error is built here), wrapped or not; nothing without a stack or
// without the variable.
func TestPrintStack(t *testing.T) {
	hook := &sim.HookError{Hook: "OnFinish", Job: 7, Err: errors.New("boom"), Stack: []byte("goroutine 1:\nmain.hook()\n")}
	cases := []struct {
		name, debug string
		err         error
		want        string
	}{
		{"scheduler", "1", &sim.SchedulerError{Scheduler: "mine", Err: errors.New("boom"), Stack: []byte("stack\n")},
			"the panic of scheduler mine (TRACELAB_DEBUG=1):\nstack\n"},
		{"hook", "1", hook, "the panic of the OnFinish hook, job 7 (TRACELAB_DEBUG=1):\ngoroutine 1:\nmain.hook()\n"},
		{"hook wrapped", "1", fmt.Errorf("simulate: %w", hook),
			"the panic of the OnFinish hook, job 7 (TRACELAB_DEBUG=1):\ngoroutine 1:\nmain.hook()\n"},
		{"hook, no debug", "", hook, ""},
		{"hook without stack", "1", &sim.HookError{Hook: "OnStart", Err: errors.New("boom")}, ""},
		{"scheduler without stack", "1", &sim.SchedulerError{Scheduler: "mine", Err: sim.ErrStuck}, ""},
		{"other error", "1", errors.New("boom"), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(debugEnv, c.debug)
			var b strings.Builder
			printStack(&b, c.err)
			if b.String() != c.want {
				t.Errorf("printed %q, want %q", b.String(), c.want)
			}
		})
	}
}
