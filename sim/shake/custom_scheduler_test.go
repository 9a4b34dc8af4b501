package shake_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/shake"
	"github.com/tracelab/tracelab/sim/simtest"
	"github.com/tracelab/tracelab/sim/sweep"
)

// customWorkload is the first 400 jobs of the sample log (128
// processors), with a variant whose first job runs twice as long, so that
// an experiment runs two simulations a replicate.
func customWorkload(t *testing.T) shake.Workload {
	t.Helper()
	rows := make([]int, 400)
	for i := range rows {
		rows[i] = i
	}
	jobs, _, err := sim.Prepare(datasets.Sample().Select(rows), 128, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	v := append([]sim.Job(nil), jobs...)
	v[0].Runtime *= 2
	v[0].Estimate = max(v[0].Estimate, v[0].Runtime)
	return shake.Workload{Name: "sample-400", Jobs: jobs, Variant: v, Procs: 128}
}

// runShake runs the experiment of shaking w at every level under the
// schedulers of factory, 3 replicates on 2 workers, and returns the rows
// of the levels one after the other.
func runShake(ctx context.Context, t *testing.T, w shake.Workload, factory func() sim.Scheduler) ([][]string, error) {
	t.Helper()
	var rows [][]string
	for _, level := range shake.Levels {
		x, err := shake.NewExperiment(w, factory, shake.Options{Level: level})
		if err != nil {
			t.Fatal(err)
		}
		df, err := sweep.Run(ctx, sweep.Spec{Experiment: x, Reps: 3, Seed: 8}, sweep.Options{Workers: 2})
		if err != nil {
			return nil, err
		}
		rows = append(rows, df.Records()...)
	}
	return rows, nil
}

// TestCustomSchedulerShake: the input-shaking experiment (2014 §VI) takes a
// factory of one's own: FCFS written on the engine's public API
// (sim/simtest) gives sim.FCFS's rows at every level, the variant's
// included; a scheduler with a bug (each simtest.Hostile kind that breaks
// a run) ends the sweep with a sim.SchedulerError naming it, never a crash
// or a hang; a slow one is stopped when the sweep's context is cancelled
// (the sweep then returns ctx's error, as every cancelled sweep does).
func TestCustomSchedulerShake(t *testing.T) {
	t.Parallel()
	w := customWorkload(t)
	want, err := runShake(context.Background(), t, w, func() sim.Scheduler { return &sim.FCFS{} })
	if err != nil {
		t.Fatal(err)
	}
	got, err := runShake(context.Background(), t, w, func() sim.Scheduler { return simtest.FCFS{} })
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("test-fcfs's rows:\n%v\nwant fcfs's:\n%v", got, want)
	}
	easy, err := runShake(context.Background(), t, w, func() sim.Scheduler { return &sim.EASY{} })
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(easy) == fmt.Sprint(want) {
		t.Error("EASY's rows are FCFS's: the experiment cannot tell schedulers apart")
	}
	for _, kind := range []string{"panic", "idle", "misfit", "wake-same", "wake-forever"} {
		name := "test-hostile:" + kind
		_, err := runShake(context.Background(), t, w, func() sim.Scheduler { return &simtest.Hostile{Kind: kind} })
		var se *sim.SchedulerError
		if !errors.As(err, &se) || se.Scheduler != name || !strings.Contains(err.Error(), "scheduler "+name) {
			t.Errorf("%s: error %v, want a SchedulerError naming %s", kind, err, name)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var trigger simtest.Trigger // cancels in the first round: a simulation has started
	trigger.Arm(cancel)
	_, err = runShake(ctx, t, w, func() sim.Scheduler { return trigger.Slow(10 * time.Millisecond) })
	cancel()
	if !errors.Is(err, context.Canceled) {
		t.Errorf("slow: error %v, want context.Canceled", err)
	}
}
