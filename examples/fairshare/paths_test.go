package fairshare_test

// A researcher's scheduler on every path where tracelab's own run, as a
// user outside tracelab reaches them (this module imports tracelab like any
// other): sim.Replay and sim.Run, the engine reused through Reset, the
// resampled variants and bootstraps of sim/resample, sim/compare, the
// sweeps of sim/sweep (workers, shards merged), input shaking, and every
// experiment of sim/feedback. Each path must give the schedule that the
// simplest path (a fresh FairShare value on the same jobs) gives, and the
// schedule must differ from EASY's, so that a path that silently ran EASY
// (or another scheduler) fails. The command line is in cmd/saflab.

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/examples/fairshare"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/compare"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/shake"
	"github.com/tracelab/tracelab/sim/sweep"
)

// name is the registered name the parallel paths are given: a parameter
// (half-life 6 hours), so that a path that drops it runs another policy.
const name = "fairshare:6"

func fresh() sim.Scheduler { return &fairshare.FairShare{HalfLife: 6 * 3600} }

// smallTrace is the first 4,000 jobs of the embedded sample log (SDSC-SP2,
// 128 processors): queues form, and users differ in their usage.
func smallTrace() *datasets.Trace {
	tr := datasets.Sample()
	rows := make([]int, 4000)
	for i := range rows {
		rows[i] = i
	}
	return tr.Select(rows)
}

func same(x, y float64) bool {
	return math.Float64bits(x) == math.Float64bits(y) || math.IsNaN(x) && math.IsNaN(y)
}

// sameSchedule returns the first job whose submit, start or end differs
// (bit for bit), nil when none does.
func sameSchedule(a, b *sim.Result) error {
	if a.Len() != b.Len() {
		return fmt.Errorf("%d jobs, want %d", a.Len(), b.Len())
	}
	for j := range a.Len() {
		if a.ID[j] != b.ID[j] || !same(a.Submit[j], b.Submit[j]) || !same(a.Start[j], b.Start[j]) || !same(a.End[j], b.End[j]) {
			return fmt.Errorf("job %d (id %d): %v %v %v, want (id %d) %v %v %v", j, a.ID[j], a.Submit[j], a.Start[j], a.End[j],
				b.ID[j], b.Submit[j], b.Start[j], b.End[j])
		}
	}
	return nil
}

// startsDiffer counts the jobs that start at other times in a and b.
func startsDiffer(a, b *sim.Result) int {
	n := 0
	for j := range min(a.Len(), b.Len()) {
		if !same(a.Start[j], b.Start[j]) {
			n++
		}
	}
	return n
}

func sameSummary(a, b sim.Summary) bool { return fmt.Sprintf("%+v", a) == fmt.Sprintf("%+v", b) }

// sameRows compares frames cell by cell, floats bit for bit; "" when equal.
func sameRows(a, b dataframe.DataFrame) string {
	if fmt.Sprint(a.Names()) != fmt.Sprint(b.Names()) || a.Nrow() != b.Nrow() {
		return fmt.Sprintf("frame %v × %d, want %v × %d", a.Names(), a.Nrow(), b.Names(), b.Nrow())
	}
	for _, c := range a.Names() {
		for i := range a.Nrow() {
			x, y := a.Col(c).Elem(i).Val(), b.Col(c).Elem(i).Val()
			if fx, ok := x.(float64); ok {
				if fy, ok := y.(float64); ok && same(fx, fy) {
					continue
				}
			} else if x == y {
				continue
			}
			return fmt.Sprintf("column %s row %d: %v, want %v", c, i, x, y)
		}
	}
	return ""
}

func replay(t *testing.T, tr *datasets.Trace, s sim.Scheduler) *sim.Result {
	t.Helper()
	r, err := sim.Replay(tr, s, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestReplayPaths: sim.Replay, sim.Run, sim.New by name and an engine
// reused through Engine.Reset and the scheduler's Reset give one schedule,
// not EASY's.
func TestReplayPaths(t *testing.T) {
	tr := smallTrace()
	want := replay(t, tr, fresh())
	if want.Scheduler != name {
		t.Errorf("Replay names the scheduler %q, want %q", want.Scheduler, name)
	}
	if n := startsDiffer(want, replay(t, tr, &sim.EASY{})); n < 100 {
		t.Fatalf("%d of %d jobs start at other times than under EASY: too few to tell the policies apart", n, want.Len())
	}
	byName, err := sim.New(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := sameSchedule(replay(t, tr, byName), want); err != nil {
		t.Errorf("sim.New(%q): %v", name, err)
	}
	jobs, _, err := sim.Prepare(tr, want.Procs, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(jobs, want.Procs, fresh(), sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := sameSchedule(r, want); err != nil {
		t.Errorf("sim.Run: %v", err)
	}
	// One engine and one scheduler for several simulations, as a worker
	// of a sweep keeps them: another workload first, then this one.
	s := fresh().(*fairshare.FairShare)
	e, err := sim.NewEngine(want.Procs, s, sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e.SubmitAll(jobs[2000:])
	if err := e.Run(); err != nil {
		t.Fatal(err)
	}
	s.Reset()
	if err := e.Reset(want.Procs, s, sim.EngineOptions{}); err != nil {
		t.Fatal(err)
	}
	e.SubmitAll(jobs)
	if err := e.Run(); err != nil {
		t.Fatal(err)
	}
	if err := sameSchedule(e.Result(), want); err != nil {
		t.Errorf("engine and scheduler reused: %v", err)
	}
}

// variants are 3 resampled variants of the sample log, 4 weeks long.
func variants(t *testing.T) (*resample.Pools, []*resample.Resampled) {
	t.Helper()
	p, err := resample.NewPools(datasets.Sample(), resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := p.Variants(resample.Options{Weeks: 4}, 3, 7)
	if err != nil {
		t.Fatal(err)
	}
	return p, rs
}

// TestResamplePaths: a variant's Simulate, Reference, the Experiment of
// package sweep with one worker and several, and RunBootstrap with one and
// four workers give, for each variant, what a replay of its trace gives.
func TestResamplePaths(t *testing.T) {
	p, rs := variants(t)
	easyDiffer := 0
	var want []resample.Metrics
	for i, v := range rs {
		o, err := v.Simulate(fresh(), resample.SimOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if o.Result.Scheduler != name {
			t.Errorf("variant %d: Simulate names the scheduler %q", i, o.Result.Scheduler)
		}
		// The variant's trace replayed: the same schedule (Simulate keeps
		// the engine's order, by submit time; Replay too).
		r, err := sim.Replay(v.Trace, fresh(), sim.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := sameSchedule(o.Result, r); err != nil {
			t.Errorf("variant %d: Simulate against Replay of its trace: %v", i, err)
		}
		easy, err := v.Simulate(&sim.EASY{}, resample.SimOptions{})
		if err != nil {
			t.Fatal(err)
		}
		easyDiffer += startsDiffer(o.Result, easy.Result)
		want = append(want, resample.OutcomeMetrics(v, o))
	}
	if easyDiffer == 0 {
		t.Fatal("the variants' schedules are EASY's: the checks below cannot tell the policies apart")
	}
	wantFrame := resample.MetricsFrame(nil, want)

	e, err := resample.NewExperiment(p, resample.ExperimentOptions{Scheduler: name, Generate: resample.Options{Weeks: 4}})
	if err != nil {
		t.Fatal(err)
	}
	spec := sweep.Spec{Experiment: e, Reps: len(rs), Seed: 7}
	for _, workers := range []int{1, 3} {
		df, err := sweep.Run(context.Background(), spec, sweep.Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if d := sameRows(df.Select(wantFrame.Names()), wantFrame); d != "" {
			t.Errorf("Experiment, %d workers: %s", workers, d)
		}
	}

	// A mix of two logs' pools (2013 §6.5.1): the sample's and those of
	// its first 4,000 jobs, on the common machine.
	p2, err := resample.NewPools(smallTrace(), resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := resample.Mix([]*resample.Pools{p, p2}, resample.MixOptions{Generate: resample.Options{Weeks: 4, Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	mo, err := m.Simulate(fresh(), resample.SimOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := sameSchedule(mo.Result, replay(t, m.Trace, fresh())); err != nil {
		t.Errorf("Mixed.Simulate against Replay of its trace: %v", err)
	}

	// The bootstrap of 2013 §6.1 on the first 4,000 jobs, default reading,
	// variants 4 weeks long.
	tr := smallTrace()
	rd := resample.Readings()[0]
	rd.Generate.Weeks = 4
	ref, err := resample.Reference(tr, fresh(), rd.Sim)
	if err != nil {
		t.Fatal(err)
	}
	refEASY, err := resample.Reference(tr, &sim.EASY{}, rd.Sim)
	if err != nil {
		t.Fatal(err)
	}
	if ref.AvgWait == refEASY.AvgWait {
		t.Errorf("Reference: the average wait is EASY's, %v", ref.AvgWait)
	}
	bp, err := resample.NewPools(tr, rd.Pools)
	if err != nil {
		t.Fatal(err)
	}
	brs, err := bp.Variants(rd.Generate, 3, 11)
	if err != nil {
		t.Fatal(err)
	}
	var bwant []resample.Metrics
	for _, v := range brs {
		o, err := v.Simulate(fresh(), rd.Sim)
		if err != nil {
			t.Fatal(err)
		}
		bwant = append(bwant, resample.OutcomeMetrics(v, o))
	}
	bwantFrame := resample.MetricsFrame(nil, bwant)
	for _, workers := range []int{1, 4} {
		b, err := resample.RunBootstrap(context.Background(), tr, rd, resample.BootstrapOptions{
			Scheduler: name, Replicates: 3, Seed: 11, Sweep: sweep.Options{Workers: workers}})
		if err != nil {
			t.Fatal(err)
		}
		if b.Scheduler != name || fmt.Sprintf("%+v", b.Original) != fmt.Sprintf("%+v", ref) {
			t.Errorf("RunBootstrap, %d workers: scheduler %q, original %+v; want %q, %+v", workers, b.Scheduler, b.Original, name, ref)
		}
		if d := sameRows(b.Replicates.Select(bwantFrame.Names()), bwantFrame); d != "" {
			t.Errorf("RunBootstrap, %d workers: %s", workers, d)
		}
	}
	// RunBootstraps: two readings that share their variants (the second
	// stops at the window's end), run together, give each reading's own
	// RunBootstrap.
	rd2, err := resample.ReadingByName("stop-at-end")
	if err != nil {
		t.Fatal(err)
	}
	rd2.Generate.Weeks = 4
	opts := resample.BootstrapOptions{Scheduler: name, Seed: 11, Sweep: sweep.Options{Workers: 3}}
	bs, err := resample.RunBootstraps(context.Background(), tr, []resample.Reading{rd, rd2}, []int{3, 3}, opts)
	if err != nil {
		t.Fatal(err)
	}
	for k, r := range []resample.Reading{rd, rd2} {
		o := opts
		o.Replicates = 3
		b, err := resample.RunBootstrap(context.Background(), tr, r, o)
		if err != nil {
			t.Fatal(err)
		}
		if d := sameRows(bs[k].Replicates, b.Replicates); d != "" || fmt.Sprintf("%+v", bs[k].Original) != fmt.Sprintf("%+v", b.Original) {
			t.Errorf("RunBootstraps, reading %s: %s; original %+v, want %+v", r.Name, d, bs[k].Original, b.Original)
		}
	}
}

// TestCompare: compare.Schedulers with the user's scheduler beside EASY,
// one worker and several, gives each variant's replay summary.
func TestCompare(t *testing.T) {
	_, rs := variants(t)
	traces := compare.Traces(rs)
	for _, workers := range []int{1, 3} {
		c, err := compare.Schedulers(context.Background(), traces, []string{"easy", name}, compare.Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if c.Schedulers[1] != name {
			t.Errorf("compared %v", c.Schedulers)
		}
		for v, tr := range traces {
			mine, easy := replay(t, tr, fresh()).Summary(), replay(t, tr, &sim.EASY{}).Summary()
			if !sameSummary(c.Summaries[1][v], mine) || !sameSummary(c.Summaries[0][v], easy) {
				t.Errorf("%d workers, variant %d: summaries %+v / %+v, want %+v / %+v", workers, v,
					c.Summaries[0][v], c.Summaries[1][v], easy, mine)
			}
			if sameSummary(mine, easy) {
				t.Errorf("variant %d: the scheduler's summary is EASY's", v)
			}
		}
	}
}

// sweepPaths run a sweep: one worker, several, and three shards written as
// a job array's tasks write them and merged.
func sweepRuns(t *testing.T, spec sweep.Spec) map[string]dataframe.DataFrame {
	t.Helper()
	out := map[string]dataframe.DataFrame{}
	for _, w := range []int{1, 3} {
		df, err := sweep.Run(context.Background(), spec, sweep.Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		out[fmt.Sprintf("%d workers", w)] = df
	}
	dir := t.TempDir()
	var paths []string
	for i := range 3 {
		sh := sweep.Shard{I: i, N: 3}
		path := sweep.ShardPath(dir, sh)
		if err := sweep.WriteShard(context.Background(), spec, sweep.Options{Shard: sh, Workers: 2}, path); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	df, rep, err := sweep.Merge(paths, sweep.MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.SweepID != spec.ID() {
		t.Errorf("merged sweep %q, want %q", rep.SweepID, spec.ID())
	}
	out["3 shards merged"] = df
	return out
}

// TestSweepPaths: the Window experiment and input shaking, with one
// worker, several and three shards merged, give one frame, not EASY's.
func TestSweepPaths(t *testing.T) {
	tr := smallTrace()
	window := func(s string) sweep.Spec {
		e, err := sweep.NewWindow(tr, sweep.WindowOptions{Scheduler: s, Length: 2 * datasets.Week})
		if err != nil {
			t.Fatal(err)
		}
		return sweep.Spec{Experiment: e, Reps: 3, Seed: 2, Params: []sweep.Param{{Name: "load", Values: []float64{1, 1.3}}}}
	}
	jobs, _, err := sim.Prepare(tr, 128, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	shaking := func(f func() sim.Scheduler) sweep.Spec {
		e, err := shake.NewExperiment(shake.Workload{Name: "sample-4000", Jobs: jobs, Procs: 128}, f, shake.Options{Level: shake.SessionLevel})
		if err != nil {
			t.Fatal(err)
		}
		return sweep.Spec{Experiment: e, Reps: 3, Seed: 2}
	}
	for _, c := range []struct {
		what       string
		mine, easy sweep.Spec
	}{
		{"window", window(name), window("easy")},
		{"shake", shaking(fresh), shaking(func() sim.Scheduler { return &sim.EASY{} })},
	} {
		runs := sweepRuns(t, c.mine)
		want := runs["1 workers"]
		if sameRows(want, sweepRuns(t, c.easy)["1 workers"]) == "" {
			t.Errorf("%s: the sweep's rows are EASY's", c.what)
		}
		for k, df := range runs {
			if d := sameRows(df, want); d != "" {
				t.Errorf("%s, %s: %s", c.what, k, d)
			}
		}
	}
	// The shaking experiment's first replicate is a replay of the shaken
	// jobs: its average wait is that of sim.Run on them.
	r0 := sweep.Spec{Reps: 1, Seed: 2}.Replicate(0)
	shaken, err := shake.Shake(jobs, shake.Options{Level: shake.SessionLevel}, r0.Seed)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(shaken, 128, fresh(), sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	df := sweepRuns(t, shaking(fresh))["1 workers"]
	if got, want := df.Col("avg_wait").Float()[0], res.Summary().AvgWait; !same(got, want) {
		t.Errorf("shake replicate 0: avg_wait %v, want sim.Run's on the shaken jobs %v", got, want)
	}
}

// TestFeedbackPaths: Simulate under the three user models, Conventional,
// Compare, CrossSchedulers (whose open replay of the workload the
// scheduler generated must repeat its schedule: 2021 §3.4), the sweep
// experiment (workers, shards) and LoadSweep.
func TestFeedbackPaths(t *testing.T) {
	w, err := feedback.NewWorkload(smallTrace(), feedback.WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	models := []feedback.Model{feedback.Adjusted{}, feedback.Distribution{}, feedback.Fluid{}}
	direct := map[string]*feedback.Result{}
	for _, m := range models {
		fb, err := feedback.Simulate(w, fresh(), feedback.Options{Model: m, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if fb.Scheduler != name {
			t.Errorf("%s model: Simulate names the scheduler %q", m.Name(), fb.Scheduler)
		}
		easy, err := feedback.Simulate(w, &sim.EASY{}, feedback.Options{Model: m, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if startsDiffer(fb.Sim, easy.Sim) == 0 {
			t.Errorf("%s model: the feedback schedule is EASY's", m.Name())
		}
		direct[m.Name()] = fb

		x, err := feedback.CrossSchedulers(w, m, 3, name, "easy")
		if err != nil {
			t.Fatal(err)
		}
		if err := sameSchedule(x.Feedback[name].Sim, fb.Sim); err != nil {
			t.Errorf("%s model: CrossSchedulers' feedback run against Simulate: %v", m.Name(), err)
		}
		// The open replay of the recorded workload is in the order of the
		// recorded jobs: compare start times by job id.
		start := map[int]float64{}
		for _, r := range x.Rows {
			if r.Open && r.GeneratedUnder == name && r.SimulatedWith == name {
				for j, id := range r.Sim.ID {
					start[id] = r.Sim.Start[j]
				}
			}
		}
		for j, id := range fb.Sim.ID {
			if s, ok := start[id]; !ok || !same(s, fb.Sim.Start[j]) {
				t.Errorf("%s model: job %d starts at %v in the feedback run, %v (found %v) in the open replay of its workload",
					m.Name(), id, fb.Sim.Start[j], s, ok)
				break
			}
		}
	}
	conv, err := feedback.Conventional(w, fresh(), sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(w.Jobs, w.Procs, fresh(), sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := sameSchedule(conv, r); err != nil {
		t.Errorf("Conventional against sim.Run: %v", err)
	}
	c, err := feedback.Compare(w, feedback.ComparisonOptions{Scheduler: name, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, run := range c.Runs {
		want := conv
		if run.Name != "conventional" {
			want = direct[run.Name].Sim
		}
		if run.Scheduler != name {
			t.Errorf("Compare, %s: scheduler %q", run.Name, run.Scheduler)
		}
		if err := sameSchedule(run.Sim, want); err != nil {
			t.Errorf("Compare, %s: %v", run.Name, err)
		}
	}

	// Resampling with feedback: the sweep experiment and LoadSweep.
	p, err := resample.NewPools(datasets.Sample(), resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	gen := resample.Options{Weeks: 3}
	exp := func(s string) sweep.Spec {
		e, err := feedback.NewSweepExperiment(p, feedback.SweepOptions{Scheduler: s, Generate: gen})
		if err != nil {
			t.Fatal(err)
		}
		return sweep.Spec{Experiment: e, Reps: 3, Seed: 5}
	}
	runs := sweepRuns(t, exp(name))
	want := runs["1 workers"]
	if sameRows(want, sweepRuns(t, exp("easy"))["1 workers"]) == "" {
		t.Errorf("feedback sweep: the rows are EASY's")
	}
	for k, df := range runs {
		if d := sameRows(df, want); d != "" {
			t.Errorf("feedback sweep, %s: %s", k, d)
		}
	}
	ls, err := feedback.LoadSweep(p, feedback.LoadSweepOptions{Loads: []float64{1}, Schedulers: []string{"easy", name},
		Generate: gen, Seed: 5, Open: true})
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]int{}
	for _, s := range ls.Col("scheduler").Records() {
		rows[s]++
	}
	if rows[name] == 0 || rows[name] != rows["easy"] {
		t.Errorf("LoadSweep: rows per scheduler %v", rows)
	}
}
