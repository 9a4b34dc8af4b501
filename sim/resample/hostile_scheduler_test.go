package resample

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
	"github.com/tracelab/tracelab/sim/sweep"
)

// slowTrigger cancels TestSlowSchedulerResample's simulations from the
// first round of its slow scheduler ("test-slow10ms").
var slowTrigger simtest.Trigger

func init() {
	simtest.RegisterHostile()
	// Registered once (Register panics on a second call), not in the test:
	// go test -count=N runs the test N times in one process.
	sim.Register("test-slow10ms", sim.Fixed(func() sim.Scheduler { return slowTrigger.Slow(10 * time.Millisecond) }))
}

// hostileFails are the Hostile kinds that break a simulation run to its
// end (not slow, which is only slow).
var hostileFails = []string{"panic", "idle", "misfit", "wake-same", "wake-forever"}

// TestHostileSchedulerResample: a scheduler of one's own that breaks its
// simulations ends every path of this package with an error naming it (a
// sim.SchedulerError), never a crash of the worker or a hang: a
// variant's Simulate, a mix's, and Reference (a value), the lean replicates of an
// Experiment and RunBootstrap with one worker and three (by name).
func TestHostileSchedulerResample(t *testing.T) {
	t.Parallel()
	tr, p, r, mx := customVariants(t)
	check := func(what, name string, err error) {
		t.Helper()
		var se *sim.SchedulerError
		if !errors.As(err, &se) || se.Scheduler != name || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: error %v, want a SchedulerError naming %s", what, err, name)
		}
	}
	for _, kind := range hostileFails {
		name := "test-hostile:" + kind
		_, err := r.Simulate(&simtest.Hostile{Kind: kind}, SimOptions{})
		check(kind+"/Simulate", name, err)
		_, err = mx.Simulate(&simtest.Hostile{Kind: kind}, SimOptions{})
		check(kind+"/Mixed.Simulate", name, err)
		_, err = Reference(tr, &simtest.Hostile{Kind: kind}, SimOptions{})
		check(kind+"/Reference", name, err)
		x, err := NewExperiment(p, ExperimentOptions{Scheduler: name})
		if err != nil {
			t.Fatal(err)
		}
		_, err = x.Replicate(context.Background(), 1, 0, 0)
		check(kind+"/Experiment.Replicate", name, err)
		for _, workers := range []int{1, 3} {
			_, err := RunBootstrap(context.Background(), tr, Readings()[0],
				BootstrapOptions{Scheduler: name, Replicates: 6, Seed: 7, Sweep: sweep.Options{Workers: workers}})
			check(kind+"/RunBootstrap", name, err)
		}
	}
}

// TestSlowSchedulerResample: a lean replicate of a slow scheduler (10 ms
// a round: seconds a replicate), a variant's and a mix's simulation
// (SimulateContext), the reference simulation of the original log
// (ReferenceContext) and RunBootstrap (whose reference simulation runs
// first) stop between two rounds when their context is cancelled (from
// the scheduler's first round, simtest.Trigger: whatever the machine's
// load, a simulation has started and not ended), with the context's error
// in a SchedulerError naming the scheduler.
func TestSlowSchedulerResample(t *testing.T) {
	t.Parallel()
	tr, p, r, mx := customVariants(t)
	x, err := NewExperiment(p, ExperimentOptions{Scheduler: "test-slow10ms"})
	if err != nil {
		t.Fatal(err)
	}
	slow := func() sim.Scheduler { return slowTrigger.Slow(10 * time.Millisecond) }
	runs := []struct {
		what string
		run  func(ctx context.Context) error
	}{
		{"Experiment.Replicate", func(ctx context.Context) error {
			_, err := x.Replicate(ctx, 1, 0, 0)
			return err
		}},
		{"Resampled.SimulateContext", func(ctx context.Context) error {
			_, err := r.SimulateContext(ctx, slow(), SimOptions{})
			return err
		}},
		{"Mixed.SimulateContext", func(ctx context.Context) error {
			_, err := mx.SimulateContext(ctx, slow(), SimOptions{})
			return err
		}},
		{"ReferenceContext", func(ctx context.Context) error {
			_, err := ReferenceContext(ctx, tr, slow(), SimOptions{})
			return err
		}},
		{"RunBootstrap", func(ctx context.Context) error {
			_, err := RunBootstrap(ctx, tr, Readings()[0], BootstrapOptions{Scheduler: "test-slow10ms", Replicates: 6, Seed: 7})
			return err
		}},
	}
	for _, r := range runs {
		ctx, cancel := context.WithCancel(context.Background())
		slowTrigger.Arm(cancel)
		err := r.run(ctx)
		slowTrigger.Arm(nil)
		cancel()
		var se *sim.SchedulerError
		if !errors.Is(err, context.Canceled) || !errors.As(err, &se) || se.Scheduler != "test-hostile:slow" {
			t.Errorf("%s: error %v, want context.Canceled in a SchedulerError of test-hostile:slow", r.what, err)
		}
	}
}

// customVariants returns customLog, its pools, one variant of it (seed 1)
// and a mix of two copies of it (4 weeks at load 3): the inputs every path
// of these tests simulates.
func customVariants(t *testing.T) (*datasets.Trace, *Pools, *Resampled, *Mixed) {
	t.Helper()
	tr := customLog()
	p, err := NewPools(tr, PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Generate(Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	mx, err := Mix([]*Pools{p, p}, MixOptions{Generate: Options{Weeks: 4, Seed: 1, Load: 3}})
	if err != nil {
		t.Fatal(err)
	}
	return tr, p, r, mx
}
