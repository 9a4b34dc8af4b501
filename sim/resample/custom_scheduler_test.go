package resample

import (
	"context"
	"fmt"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
	"github.com/tracelab/tracelab/sim/sweep"
)

// A researcher's scheduler, registered by name, runs on every path of
// this package that runs ours: a variant's Simulate, Reference, an
// Experiment's lean replicates (engine and scheduler reused through
// Reset), RunBootstrap and RunBootstraps with one worker and several, and
// a sweep over loads. A wrapper around a built-in gives the built-in's
// numbers bit for bit; a policy of its own (shortest job first without
// backfilling) gives on the lean paths what a simulation of the variant's
// trace gives. Run with -race, the several-worker paths check that each
// worker gets a scheduler of its own.

// customLog is a log on which jobs queue (the small log of
// TestRunBootstrapsSmall: 16 processors, jobs of 8 and 16, a day long,
// some estimates short, some jobs cancelled) with runtimes and estimates
// spread so that the order of the queue matters.
func customLog() *datasets.Trace {
	tr := smallLog()
	for i := range tr.Runtime {
		tr.Runtime[i] = datasets.Day * float64(1+i%3) / 2
		tr.ReqTime[i], tr.Procs[i] = datasets.Day*float64(1+i%5)/2, 4+4*(i%3)
		if i%7 == 0 {
			tr.Status[i] = datasets.StatusCancelled
		}
		if i%5 == 0 {
			tr.ReqTime[i] = tr.Runtime[i] / 2 // overruns its estimate
		}
	}
	return tr
}

// customPath runs the scheduler called name on one path and returns its
// numbers as a frame (one row per replicate or run).
type customPath struct {
	name string
	run  func(t *testing.T, tr *datasets.Trace, name string) dataframe.DataFrame
}

func metricsFrame(ms ...Metrics) dataframe.DataFrame { return MetricsFrame(nil, ms) }

func mustNew(t *testing.T, name string) sim.Scheduler {
	t.Helper()
	s, err := sim.New(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// bootstrapFrame is a bootstrap as a frame: its replicates, then the
// original's metrics, the positions and the mean load CV as one more row
// of text (the scheduler's name left out: it is the name given).
func bootstrapFrame(b *Bootstrap) dataframe.DataFrame {
	df := b.Replicates.Copy()
	extra := fmt.Sprintf("%v|%+v|%+v|%v", b.Original.Row(), b.Wait, b.Slowdown, b.LoadCV)
	col := make([]string, df.Nrow())
	for i := range col {
		col[i] = extra
	}
	return df.Mutate(series.New(col, series.String, "summary"))
}

var customSeeds = []uint64{1, 2, 3, 2013}

var customPaths = []customPath{
	{"Simulate", func(t *testing.T, tr *datasets.Trace, name string) dataframe.DataFrame {
		p, err := NewPools(tr, PoolOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var ms []Metrics
		for _, seed := range customSeeds {
			r, err := p.Generate(Options{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			o, err := r.Simulate(mustNew(t, name), SimOptions{})
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, OutcomeMetrics(r, o))
		}
		return metricsFrame(ms...)
	}},
	// A mix of the log with itself (2013 §6.5.1) on a machine twice its
	// size, whole and stopped at the window's end.
	{"Mixed.Simulate", func(t *testing.T, tr *datasets.Trace, name string) dataframe.DataFrame {
		p, err := NewPools(tr, PoolOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var ss []sim.Summary
		for _, seed := range customSeeds[:2] {
			m, err := Mix([]*Pools{p, p}, MixOptions{Procs: 2 * tr.Machine().Procs, Generate: Options{Weeks: 4, Seed: seed}})
			if err != nil {
				t.Fatal(err)
			}
			for _, so := range []SimOptions{{}, {StopAtEnd: true}} {
				o, err := m.Simulate(mustNew(t, name), so)
				if err != nil {
					t.Fatal(err)
				}
				ss = append(ss, o.Summary, o.All, o.Result.Summary())
			}
		}
		return sim.SummaryFrame(nil, ss)
	}},
	{"Reference", func(t *testing.T, tr *datasets.Trace, name string) dataframe.DataFrame {
		var ms []Metrics
		for _, so := range []SimOptions{{}, {StopAtEnd: true}, {Sim: sim.Options{Overrun: sim.KillAtEstimate}}} {
			m, err := Reference(tr, mustNew(t, name), so)
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, m)
		}
		return metricsFrame(ms...)
	}},
	// The lean replicates: one goroutine, so one worker's engine and
	// scheduler serve replicate after replicate.
	{"Experiment.Replicate", func(t *testing.T, tr *datasets.Trace, name string) dataframe.DataFrame {
		p, err := NewPools(tr, PoolOptions{})
		if err != nil {
			t.Fatal(err)
		}
		e, err := NewExperiment(p, ExperimentOptions{Scheduler: name})
		if err != nil {
			t.Fatal(err)
		}
		var ms []Metrics
		for _, seed := range customSeeds {
			m, err := e.Replicate(context.Background(), seed, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, m)
		}
		return metricsFrame(ms...)
	}},
	{"RunBootstrap/workers=1", func(t *testing.T, tr *datasets.Trace, name string) dataframe.DataFrame {
		b, err := RunBootstrap(context.Background(), tr, Readings()[0],
			BootstrapOptions{Scheduler: name, Replicates: 6, Seed: 7, Sweep: sweep.Options{Workers: 1}})
		if err != nil {
			t.Fatal(err)
		}
		return bootstrapFrame(b)
	}},
	{"RunBootstrap/workers=4", func(t *testing.T, tr *datasets.Trace, name string) dataframe.DataFrame {
		b, err := RunBootstrap(context.Background(), tr, Readings()[0],
			BootstrapOptions{Scheduler: name, Replicates: 6, Seed: 7, Sweep: sweep.Options{Workers: 4}})
		if err != nil {
			t.Fatal(err)
		}
		return bootstrapFrame(b)
	}},
	// Readings that share their variants, one simulation for two of them
	// (stop-at-end), one of their own (kill-at-estimate).
	{"RunBootstraps/workers=3", func(t *testing.T, tr *datasets.Trace, name string) dataframe.DataFrame {
		var rds []Reading
		for _, n := range []string{"default", "stop-at-end", "kill-at-estimate"} {
			rd, err := ReadingByName(n)
			if err != nil {
				t.Fatal(err)
			}
			rds = append(rds, rd)
		}
		bs, err := RunBootstraps(context.Background(), tr, rds, []int{5, 3, 4},
			BootstrapOptions{Scheduler: name, Seed: 11, Sweep: sweep.Options{Workers: 3}})
		if err != nil {
			t.Fatal(err)
		}
		df := bootstrapFrame(bs[0])
		for _, b := range bs[1:] {
			df = df.RBind(bootstrapFrame(b))
		}
		return df
	}},
	{"sweep over loads/workers=3", func(t *testing.T, tr *datasets.Trace, name string) dataframe.DataFrame {
		p, err := NewPools(tr, PoolOptions{})
		if err != nil {
			t.Fatal(err)
		}
		e, err := NewExperiment(p, ExperimentOptions{Scheduler: name})
		if err != nil {
			t.Fatal(err)
		}
		df, err := sweep.Run(context.Background(), sweep.Spec{Experiment: e, Reps: 3, Seed: 5,
			Params: []sweep.Param{{Name: "load", Values: []float64{0.7, 1.6}}}}, sweep.Options{Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		return df
	}},
}

// TestCustomSchedulerResample: on every path, a wrapped built-in gives the
// built-in's numbers exactly (wrapped anew per simulation, or kept by a
// worker and Reset).
func TestCustomSchedulerResample(t *testing.T) {
	t.Parallel()
	logs := []*datasets.Trace{customLog()}
	if !testing.Short() {
		// The sample log (SDSC-SP2, 20,631 jobs on 128 processors).
		logs = append(logs, datasets.Sample())
	}
	for _, tr := range logs {
		for _, b := range []string{"easy", "fcfs", "easy-sjbf", "conservative", "backfill:2,shortest,arrival"} {
			wrappers := []string{"test-wrap:" + b}
			if _, ok := mustNew(t, b).(sim.Resetter); ok {
				wrappers = append(wrappers, "test-reusable:"+b)
			}
			if b == "fcfs" {
				wrappers = append(wrappers, "test-fcfs") // FCFS on the engine's public API only
			}
			if tr != logs[0] && b != "easy" {
				continue // the sample log under EASY only: the others cost more and add no path
			}
			for _, p := range customPaths {
				t.Run(tr.Name+"/"+b+"/"+p.name, func(t *testing.T) {
					want := p.run(t, tr, b)
					for _, w := range wrappers {
						if d := sameFrame(p.run(t, tr, w), want); d != "" {
							t.Errorf("%s against %s: %s", w, b, d)
						}
					}
				})
			}
		}
	}
}

// TestCustomPolicyResample: a policy no built-in gives — shortest job first
// without backfilling — gives on the lean paths (Experiment.Replicate, the
// bootstraps' sweeps, with one worker and several) what the simulation of
// each variant's trace gives, and differs from EASY.
func TestCustomPolicyResample(t *testing.T) {
	t.Parallel()
	tr := customLog()
	ctx := context.Background()
	p, err := sharedPools(tr, PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	differs := false
	for _, rd := range []string{"default", "stop-at-end", "kill-at-estimate"} {
		reading, err := ReadingByName(rd)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 4} {
			b, err := RunBootstrap(ctx, tr, reading, BootstrapOptions{Scheduler: "test-sjf", Replicates: 8, Seed: 3,
				Sweep: sweep.Options{Workers: workers}})
			if err != nil {
				t.Fatal(err)
			}
			ref, err := Reference(tr, &simtest.SJF{}, reading.Sim)
			if err != nil {
				t.Fatal(err)
			}
			if d := sameFrame(metricsFrame(b.Original), metricsFrame(ref)); d != "" {
				t.Errorf("%s, %d workers: original %s", rd, workers, d)
			}
			for i := range 8 {
				r, err := p.Generate(Options{Seed: sweep.Seed(3, i)})
				if err != nil {
					t.Fatal(err)
				}
				o, err := r.Simulate(&simtest.SJF{}, reading.Sim)
				if err != nil {
					t.Fatal(err)
				}
				want := OutcomeMetrics(r, o).Row()
				for c, col := range MetricsColumns {
					if v := b.Replicates.Col(col.Name).Elem(i).Val(); !sameValue(v, want[c]) {
						t.Errorf("%s, %d workers, variant %d: %s %v, simulated from its trace %v", rd, workers, i, col.Name, v, want[c])
					}
				}
				e, err := r.Simulate(&sim.EASY{}, reading.Sim)
				if err != nil {
					t.Fatal(err)
				}
				differs = differs || OutcomeMetrics(r, e).AvgWait != OutcomeMetrics(r, o).AvgWait
			}
		}
	}
	if !differs {
		t.Error("shortest job first waits as EASY on every variant: the log cannot tell a policy from EASY")
	}
}
