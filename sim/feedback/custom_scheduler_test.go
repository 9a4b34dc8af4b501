package feedback

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/simtest"
	"github.com/tracelab/tracelab/sim/sweep"
)

// A researcher's scheduler runs on every path of this package that runs
// ours: Simulate under the three user models, Conventional, Compare,
// CrossSchedulers, SweepExperiment (a sweep with several workers) and
// LoadSweep. A wrapper around a built-in gives the built-in's schedule
// bit for bit; a policy of its own (shortest job first without
// backfilling) is checked against an open replay of the workload its
// feedback simulation recorded, which must repeat the schedule (2021
// §3.4: the scheduler sees the same arrivals).

// customTrace is the first 6,000 jobs of the sample log (SDSC-SP2): users
// with sessions and batches, and queues under EASY.
func customTrace() *datasets.Trace {
	tr := datasets.Sample()
	rows := make([]int, 6000)
	for i := range rows {
		rows[i] = i
	}
	return tr.Select(rows)
}

func customWorkload(t *testing.T) *Workload {
	t.Helper()
	w, err := NewWorkload(customTrace(), WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// sameResult reports the first job whose submit, start or end differs
// (bit for bit, NaN equal to NaN) between a and b.
func sameResult(a, b *sim.Result) error {
	if a.Len() != b.Len() {
		return fmt.Errorf("%d jobs against %d", a.Len(), b.Len())
	}
	same := func(x, y float64) bool {
		return math.Float64bits(x) == math.Float64bits(y) || math.IsNaN(x) && math.IsNaN(y)
	}
	for j := range a.Len() {
		if !same(a.Submit[j], b.Submit[j]) || !same(a.Start[j], b.Start[j]) || !same(a.End[j], b.End[j]) {
			return fmt.Errorf("job %d (id %d): %v–%v–%v against %v–%v–%v", j, a.ID[j],
				a.Submit[j], a.Start[j], a.End[j], b.Submit[j], b.Start[j], b.End[j])
		}
	}
	return nil
}

func mustNew(t *testing.T, name string) sim.Scheduler {
	t.Helper()
	s, err := sim.New(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCustomSchedulerFeedback: a wrapped built-in gives the built-in's
// schedule under each user model, in the conventional replay, in Compare
// and in the cross-simulation.
func TestCustomSchedulerFeedback(t *testing.T) {
	t.Parallel()
	w := customWorkload(t)
	models := []Model{Adjusted{}, Distribution{}, Fluid{}}
	for _, b := range []string{"easy", "fcfs", "easy-sjbf", "conservative", "useraware:0.5"} {
		t.Run(b, func(t *testing.T) {
			for _, m := range models {
				want, err := Simulate(w, mustNew(t, b), Options{Model: m, Seed: 3})
				if err != nil {
					t.Fatal(err)
				}
				got, err := Simulate(w, mustNew(t, "test-wrap:"+b), Options{Model: m, Seed: 3})
				if err != nil {
					t.Fatal(err)
				}
				if err := sameResult(got.Sim, want.Sim); err != nil {
					t.Errorf("Simulate, %s model: %v", m.Name(), err)
				}
				if got.Scheduler != "test-wrap:"+want.Scheduler || got.Releases != want.Releases || got.Raised != want.Raised {
					t.Errorf("Simulate, %s model: %s, releases %v, raised %d; want test-wrap:%s, %v, %d", m.Name(),
						got.Scheduler, got.Releases, got.Raised, want.Scheduler, want.Releases, want.Raised)
				}
			}
			want, err := Conventional(w, mustNew(t, b), sim.EngineOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := Conventional(w, mustNew(t, "test-wrap:"+b), sim.EngineOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := sameResult(got, want); err != nil {
				t.Errorf("Conventional: %v", err)
			}
			cw, err := Compare(w, ComparisonOptions{Scheduler: b, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			cg, err := Compare(w, ComparisonOptions{Scheduler: "test-wrap:" + b, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			for i := range cw.Runs {
				g, x := cg.Runs[i], cw.Runs[i]
				if err := sameResult(g.Sim, x.Sim); err != nil || !sameSummary(g.Summary, x.Summary) {
					t.Errorf("Compare, %s: %v; summary %+v, want %+v", x.Name, err, g.Summary, x.Summary)
				}
			}
		})
	}
	xw, err := CrossSimulation(w, Fluid{}, 8)
	if err != nil {
		t.Fatal(err)
	}
	xg, err := CrossSchedulers(w, Fluid{}, 8, "test-wrap:easy", "test-wrap:fcfs")
	if err != nil {
		t.Fatal(err)
	}
	if len(xg.Rows) != len(xw.Rows) {
		t.Fatalf("cross-simulation: %d rows, want %d", len(xg.Rows), len(xw.Rows))
	}
	for i, r := range xw.Rows {
		g := xg.Rows[i]
		if g.GeneratedUnder != "test-wrap:"+r.GeneratedUnder || g.SimulatedWith != "test-wrap:"+r.SimulatedWith || g.Open != r.Open {
			t.Errorf("cross row %d: %s/%s/%v, want test-wrap: of %s/%s/%v", i, g.GeneratedUnder, g.SimulatedWith, g.Open,
				r.GeneratedUnder, r.SimulatedWith, r.Open)
		}
		if err := sameResult(g.Sim, r.Sim); err != nil || !sameFloat(g.MeanQueue, r.MeanQueue) {
			t.Errorf("cross row %d (%s on %s): %v; mean queue %v, want %v", i, r.SimulatedWith, r.GeneratedUnder, err, g.MeanQueue, r.MeanQueue)
		}
	}
	for _, bad := range [][]string{nil, {"easy", "easy"}, {"easy", "no-such"}} {
		if _, err := CrossSchedulers(w, nil, 8, bad...); err == nil {
			t.Errorf("CrossSchedulers(%q): no error", bad)
		}
	}
}

func sameFloat(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}

// sameSummary compares summaries field by field as text (NaN equal to
// NaN, which == does not give).
func sameSummary(a, b sim.Summary) bool { return fmt.Sprintf("%+v", a) == fmt.Sprintf("%+v", b) }

// TestCustomPolicyFeedback: a policy of its own under each user model
// gives the schedule that an open replay of the workload it generated
// gives (the cross-simulation's check, here through CrossSchedulers with
// EASY beside it), and not EASY's.
func TestCustomPolicyFeedback(t *testing.T) {
	t.Parallel()
	w := customWorkload(t)
	for _, m := range []Model{Adjusted{}, Distribution{}, Fluid{}} {
		x, err := CrossSchedulers(w, m, 2, "test-sjf", "easy")
		if err != nil {
			t.Fatal(err)
		}
		fb := x.Feedback["test-sjf"]
		if fb == nil || fb.Scheduler != "test-sjf" {
			t.Fatalf("%s model: feedback run of test-sjf missing or misnamed: %v", m.Name(), x.Feedback)
		}
		direct, err := Simulate(w, &simtest.SJF{}, Options{Model: m, Seed: 2, Engine: sim.EngineOptions{Timeline: true}})
		if err != nil {
			t.Fatal(err)
		}
		if err := sameResult(fb.Sim, direct.Sim); err != nil {
			t.Errorf("%s model: CrossSchedulers' feedback run against Simulate: %v", m.Name(), err)
		}
		var open *sim.Result
		for _, r := range x.Rows {
			if r.Open && r.GeneratedUnder == "test-sjf" && r.SimulatedWith == "test-sjf" {
				open = r.Sim
			}
		}
		// The open replay is in the order of the recorded jobs (Jobs);
		// compare per job id.
		start := map[int]float64{}
		for j, id := range open.ID {
			start[id] = open.Start[j]
		}
		differ := 0
		for j, id := range fb.Sim.ID {
			if s, ok := start[id]; !ok || !sameFloat(s, fb.Sim.Start[j]) {
				t.Errorf("%s model: job %d starts at %v with feedback, %v replayed open", m.Name(), id, fb.Sim.Start[j], s)
				break
			}
			if !sameFloat(fb.Sim.Start[j], x.Feedback["easy"].Sim.Start[j]) {
				differ++
			}
		}
		if differ == 0 {
			t.Errorf("%s model: shortest job first starts every job when EASY does: the workload cannot tell them apart", m.Name())
		}
	}
}

// TestCustomSchedulerFeedbackSweeps: the experiments over resampled logs
// (SweepExperiment in a sweep with three workers, LoadSweep with the open
// replays) give a wrapped built-in the built-in's rows.
func TestCustomSchedulerFeedbackSweeps(t *testing.T) {
	t.Parallel()
	p, err := resample.NewPools(customTrace(), resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	gen := resample.Options{Weeks: 3}
	sweepOf := func(name string) dataframe.DataFrame {
		e, err := NewSweepExperiment(p, SweepOptions{Scheduler: name, Generate: gen})
		if err != nil {
			t.Fatal(err)
		}
		df, err := sweep.Run(context.Background(), sweep.Spec{Experiment: e, Reps: 2, Seed: 4,
			Params: []sweep.Param{{Name: "load", Values: []float64{1, 1.5}}}}, sweep.Options{Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		return df
	}
	loadOf := func(names ...string) dataframe.DataFrame {
		df, err := LoadSweep(p, LoadSweepOptions{Loads: []float64{1, 2}, Schedulers: names, Seed: 9, Generate: gen, Open: true})
		if err != nil {
			t.Fatal(err)
		}
		return df.Drop("scheduler")
	}
	for _, b := range []string{"easy", "fcfs"} {
		if d := sameFrameText(sweepOf("test-wrap:"+b), sweepOf(b)); d != "" {
			t.Errorf("SweepExperiment test-wrap:%s against %s: %s", b, b, d)
		}
	}
	if d := sameFrameText(loadOf("test-wrap:fcfs", "test-wrap:easy"), loadOf("fcfs", "easy")); d != "" {
		t.Errorf("LoadSweep: %s", d)
	}
	if d := sameFrameText(loadOf("test-sjf", "easy"), loadOf("fcfs", "easy")); d == "" {
		t.Error("LoadSweep: shortest job first gives FCFS's rows: the sweep cannot tell schedulers apart")
	}
}

// sameFrameText compares two frames cell by cell as text ("" when equal):
// floats printed in full, NaN equal to NaN.
func sameFrameText(a, b dataframe.DataFrame) string {
	if fmt.Sprint(a.Names()) != fmt.Sprint(b.Names()) || a.Nrow() != b.Nrow() {
		return fmt.Sprintf("frame %v × %d, want %v × %d", a.Names(), a.Nrow(), b.Names(), b.Nrow())
	}
	for _, name := range a.Names() {
		ca, cb := a.Col(name), b.Col(name)
		for i := range a.Nrow() {
			x, y := ca.Elem(i), cb.Elem(i)
			if fmt.Sprintf("%#v", x.Val()) != fmt.Sprintf("%#v", y.Val()) {
				return fmt.Sprintf("column %s row %d: %v, want %v", name, i, x, y)
			}
		}
	}
	return ""
}
