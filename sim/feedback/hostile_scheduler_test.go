package feedback

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/simtest"
	"github.com/tracelab/tracelab/sim/sweep"
)

// slowTrigger cancels TestSlowSchedulerFeedback's simulations from the
// first round of its slow scheduler ("test-slow10ms").
var slowTrigger simtest.Trigger

func init() {
	simtest.RegisterHostile()
	// Registered once (Register panics on a second call), not in the test:
	// go test -count=N runs the test N times in one process.
	sim.Register("test-slow10ms", sim.Fixed(func() sim.Scheduler { return slowTrigger.Slow(10 * time.Millisecond) }))
}

// TestHostileSchedulerFeedback: a scheduler of one's own that breaks its
// simulations ends a feedback simulation under each user model, the
// conventional replay, Compare, CrossSchedulers, LoadSweep (8 weeks, open
// replays too) and a sweep of SweepExperiment (two
// workers; but wake-forever, whose runs there stop sooner) with an error
// naming it (a sim.SchedulerError), never a crash
// or a hang. (The simulation's observer of arrivals, which wraps the
// scheduler, is not the one named.) FCFS written on the public API gives
// sim.FCFS's feedback schedule under each model.
func TestHostileSchedulerFeedback(t *testing.T) {
	t.Parallel()
	tr := datasets.Sample()
	rows := make([]int, 400)
	for i := range rows {
		rows[i] = i
	}
	tr = tr.Select(rows)
	w, err := NewWorkload(tr, WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := resample.NewPools(customTrace(), resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	check := func(what, name string, err error) {
		t.Helper()
		var se *sim.SchedulerError
		if !errors.As(err, &se) || se.Scheduler != name || !strings.Contains(err.Error(), "scheduler "+name) {
			t.Errorf("%s: error %v, want a SchedulerError naming %s", what, err, name)
		}
	}
	models := []Model{Adjusted{}, Distribution{}, Fluid{}}
	for _, kind := range []string{"panic", "idle", "misfit", "wake-same", "wake-forever"} {
		name := "test-hostile:" + kind
		for _, m := range models {
			_, err := Simulate(w, &simtest.Hostile{Kind: kind}, Options{Model: m, Seed: 1})
			check(kind+"/"+m.Name(), name, err)
		}
		_, err := Conventional(w, &simtest.Hostile{Kind: kind}, sim.EngineOptions{})
		check(kind+"/Conventional", name, err)
		_, err = Compare(w, ComparisonOptions{Scheduler: name, Seed: 1})
		check(kind+"/Compare", name, err)
		_, err = CrossSchedulers(w, Fluid{}, 1, "easy", name)
		check(kind+"/CrossSchedulers", name, err)
		_, err = LoadSweep(p, LoadSweepOptions{Loads: []float64{1}, Schedulers: []string{"easy", name}, Seed: 9,
			Generate: resample.Options{Weeks: 8}, Open: true})
		check(kind+"/LoadSweep", name, err)
		e, err := NewSweepExperiment(p, SweepOptions{Scheduler: name, Generate: resample.Options{Weeks: 2}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = sweep.Run(context.Background(), sweep.Spec{Experiment: e, Reps: 2, Seed: 4}, sweep.Options{Workers: 2})
		if kind == "wake-forever" {
			// The sweep's simulations stop at the end of a window of 2
			// weeks (1.2 M rounds a second apart), before MaxIdleRounds:
			// there the jobs are left waiting, without an error
			// (sim.SchedulerError).
			if err != nil {
				t.Errorf("wake-forever/sweep: %v", err)
			}
			continue
		}
		check(kind+"/sweep", name, err)
	}
	for _, m := range models {
		want, err := Simulate(w, &sim.FCFS{}, Options{Model: m, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Simulate(w, simtest.FCFS{}, Options{Model: m, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if err := sameResult(got.Sim, want.Sim); err != nil {
			t.Errorf("%s model: test-fcfs against fcfs: %v", m.Name(), err)
		}
	}
}

// TestSlowSchedulerFeedback: SimulateContext, ConventionalContext,
// CompareContext, CrossSchedulersContext and LoadSweepContext (8 weeks,
// open replays too) under a slow scheduler of one's own (10 ms a round:
// seconds a simulation) stop between two rounds when their context is
// cancelled (from the scheduler's first round, simtest.Trigger: whatever
// the machine's load, a simulation has started and not ended), with the
// context's error in a sim.SchedulerError naming the scheduler. A context
// cancelled before the call runs no simulation: the functions of one
// simulation say so in a SchedulerError naming the scheduler, those of
// several return ctx's error as it is (a bare one).
// CrossSimulationContext (EASY and FCFS only) returns it too, and runs
// CrossSimulation's simulations when not cancelled.
func TestSlowSchedulerFeedback(t *testing.T) {
	t.Parallel()
	const name = "test-hostile:slow"
	tr := datasets.Sample()
	rows := make([]int, 400)
	for i := range rows {
		rows[i] = i
	}
	w, err := NewWorkload(tr.Select(rows), WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := resample.NewPools(customTrace(), resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	slow := func() sim.Scheduler { return slowTrigger.Slow(10 * time.Millisecond) }
	runs := []struct {
		what string
		one  bool // one simulation
		run  func(ctx context.Context) error
	}{
		{"SimulateContext", true, func(ctx context.Context) error {
			_, err := SimulateContext(ctx, w, slow(), Options{Model: Fluid{}, Seed: 1})
			return err
		}},
		{"ConventionalContext", true, func(ctx context.Context) error {
			_, err := ConventionalContext(ctx, w, slow(), sim.EngineOptions{})
			return err
		}},
		{"Compare", false, func(ctx context.Context) error {
			_, err := CompareContext(ctx, w, ComparisonOptions{Scheduler: "test-slow10ms", Seed: 1})
			return err
		}},
		{"Compare/fluid", false, func(ctx context.Context) error {
			_, err := CompareContext(ctx, w, ComparisonOptions{Scheduler: "test-slow10ms", Seed: 1,
				Models: []Model{Fluid{}}, NoConventional: true})
			return err
		}},
		{"CrossSchedulers", false, func(ctx context.Context) error {
			_, err := CrossSchedulersContext(ctx, w, Fluid{}, 1, "test-slow10ms", "easy")
			return err
		}},
		{"LoadSweep", false, func(ctx context.Context) error {
			_, err := LoadSweepContext(ctx, p, LoadSweepOptions{Loads: []float64{1}, Schedulers: []string{"test-slow10ms"},
				Seed: 9, Generate: resample.Options{Weeks: 8}, Open: true})
			return err
		}},
	}
	for _, r := range runs {
		for _, before := range []bool{true, false} {
			ctx, cancel := context.WithCancel(context.Background())
			if before {
				cancel()
			} else {
				slowTrigger.Arm(cancel)
			}
			err := r.run(ctx)
			slowTrigger.Arm(nil)
			cancel()
			if before && !r.one {
				if err != context.Canceled {
					t.Errorf("%s, cancelled before: error %v, want context.Canceled", r.what, err)
				}
				continue
			}
			var se *sim.SchedulerError
			if !errors.Is(err, context.Canceled) || !errors.As(err, &se) || se.Scheduler != name ||
				!strings.Contains(err.Error(), "scheduler "+name) {
				when := "in the first round"
				if before {
					when = "before"
				}
				t.Errorf("%s, cancelled %s: error %v, want context.Canceled in a SchedulerError naming %s",
					r.what, when, err, name)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CrossSimulationContext(ctx, w, Fluid{}, 1); err != context.Canceled {
		t.Errorf("CrossSimulationContext, cancelled before: error %v, want context.Canceled", err)
	}
	got, err := CrossSimulationContext(context.Background(), w, Fluid{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	want, err := CrossSchedulers(w, Fluid{}, 1, "easy", "fcfs")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Rows) != len(want.Rows) || len(got.Rows) == 0 {
		t.Fatalf("CrossSimulationContext: %d rows, want CrossSchedulers' %d", len(got.Rows), len(want.Rows))
	}
	for i := range got.Rows {
		if g, w := got.Rows[i], want.Rows[i]; g.GeneratedUnder != w.GeneratedUnder || g.SimulatedWith != w.SimulatedWith ||
			g.Open != w.Open || fmt.Sprintf("%v", g.Summary) != fmt.Sprintf("%v", w.Summary) {
			t.Errorf("CrossSimulationContext row %d: %+v, want %+v", i, g.Summary, w.Summary)
		}
	}
}
