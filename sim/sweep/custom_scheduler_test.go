package sweep_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/resample"
	_ "github.com/tracelab/tracelab/sim/simtest" // registers test-wrap and test-sjf
	"github.com/tracelab/tracelab/sim/sweep"
)

// A researcher's scheduler, registered by name, runs in the sweeps of
// this package as ours do: with one worker and several, and sharded as a
// Slurm job array shards them (WriteShard per shard, Merge), for the
// Window experiment and for the resampling experiment the sweep command
// runs. A wrapper around a built-in gives the built-in's rows exactly;
// shortest job first without backfilling, a policy of its own, gives the
// same rows whatever the workers and shards.

// sweepPaths run a sweep of spec: the frame of the whole sweep.
var sweepPaths = []struct {
	name string
	run  func(t *testing.T, spec sweep.Spec) dataframe.DataFrame
}{
	{"workers=1", func(t *testing.T, spec sweep.Spec) dataframe.DataFrame {
		df, err := sweep.Run(context.Background(), spec, sweep.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		return df
	}},
	{"workers=4", func(t *testing.T, spec sweep.Spec) dataframe.DataFrame {
		df, err := sweep.Run(context.Background(), spec, sweep.Options{Workers: 4})
		if err != nil {
			t.Fatal(err)
		}
		return df
	}},
	// As a job array's tasks run it: one shard file per task, merged.
	{"3 shards merged", func(t *testing.T, spec sweep.Spec) dataframe.DataFrame {
		dir := t.TempDir()
		var paths []string
		for i := range 3 {
			sh := sweep.Shard{I: i, N: 3}
			p := sweep.ShardPath(dir, sh)
			if err := sweep.WriteShard(context.Background(), spec, sweep.Options{Shard: sh, Workers: 2}, p); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, p)
		}
		df, rep, err := sweep.Merge(paths, sweep.MergeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.SweepID != spec.ID() {
			t.Errorf("merged sweep %q, want %q", rep.SweepID, spec.ID())
		}
		return df
	}},
}

// sameRows compares two frames cell by cell (floats exactly, NaN equal to
// NaN); "" when equal.
func sameRows(a, b dataframe.DataFrame) string {
	if fmt.Sprint(a.Names()) != fmt.Sprint(b.Names()) || a.Nrow() != b.Nrow() {
		return fmt.Sprintf("frame %v × %d, want %v × %d", a.Names(), a.Nrow(), b.Names(), b.Nrow())
	}
	for _, name := range a.Names() {
		for i := range a.Nrow() {
			x, y := a.Col(name).Elem(i).Val(), b.Col(name).Elem(i).Val()
			if fx, ok := x.(float64); ok {
				if fy, ok := y.(float64); ok && (math.Float64bits(fx) == math.Float64bits(fy) || math.IsNaN(fx) && math.IsNaN(fy)) {
					continue
				}
			} else if x == y {
				continue
			}
			return fmt.Sprintf("column %s row %d: %v, want %v", name, i, x, y)
		}
	}
	return ""
}

// customExperiments make the sweeps' experiments with the scheduler called
// name: the Window experiment and the resampling experiment.
var customExperiments = []struct {
	name string
	make func(t *testing.T, name string) sweep.Spec
}{
	{"window", func(t *testing.T, name string) sweep.Spec {
		e, err := sweep.NewWindow(datasets.Sample(), sweep.WindowOptions{Scheduler: name, Length: datasets.Week})
		if err != nil {
			t.Fatal(err)
		}
		return sweep.Spec{Experiment: e, Reps: 3, Seed: 2, Params: []sweep.Param{{Name: "load", Values: []float64{1, 1.4}}}}
	}},
	{"resample", func(t *testing.T, name string) sweep.Spec {
		p, err := resample.NewPools(datasets.Sample(), resample.PoolOptions{})
		if err != nil {
			t.Fatal(err)
		}
		e, err := resample.NewExperiment(p, resample.ExperimentOptions{Scheduler: name,
			Generate: resample.Options{Weeks: 6}})
		if err != nil {
			t.Fatal(err)
		}
		return sweep.Spec{Experiment: e, Reps: 2, Seed: 2, Params: []sweep.Param{{Name: "load", Values: []float64{0.9, 1.3}}}}
	}},
}

func TestCustomSchedulerSweeps(t *testing.T) {
	t.Parallel()
	for _, x := range customExperiments {
		for _, b := range []string{"easy", "conservative:8"} {
			t.Run(x.name+"/"+b, func(t *testing.T) {
				builtin, custom := x.make(t, b), x.make(t, "test-wrap:"+b)
				if builtin.ID() == custom.ID() {
					t.Fatalf("the sweeps of %s and test-wrap:%s have one ID: a store would mix them", b, b)
				}
				want := sweepPaths[0].run(t, builtin)
				for _, p := range sweepPaths {
					if d := sameRows(p.run(t, custom), want); d != "" {
						t.Errorf("test-wrap:%s, %s: %s", b, p.name, d)
					}
				}
			})
		}
		t.Run(x.name+"/sjf", func(t *testing.T) {
			spec := x.make(t, "test-sjf")
			want := sweepPaths[0].run(t, spec)
			if sameRows(want, sweepPaths[0].run(t, x.make(t, "easy"))) == "" {
				t.Fatal("shortest job first gives EASY's rows: the sweep cannot tell a policy from EASY")
			}
			for _, p := range sweepPaths[1:] {
				if d := sameRows(p.run(t, spec), want); d != "" {
					t.Errorf("test-sjf, %s: %s", p.name, d)
				}
			}
		})
	}
}
