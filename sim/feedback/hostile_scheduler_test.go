package feedback

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/simtest"
	"github.com/tracelab/tracelab/sim/sweep"
)

func init() { simtest.RegisterHostile() }

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
