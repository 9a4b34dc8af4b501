package sim_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// nightly is a researcher's time-driven policy: jobs start greedily in
// order of arrival, except that a job wider than half the machine starts
// only in the first six hours of a day (of the simulation's clock); while
// one waits, the scheduler asks for a round at the next midnight
// (Engine.WakeAt), without which a held job on a quiet machine would never
// start. It keeps no state, so it is reused as it is (Reset).
type nightly struct{}

func (nightly) Name() string { return "test-nightly" }
func (nightly) Reset()       {}

func (nightly) Schedule(e *sim.Engine) {
	now := e.Now()
	night := math.Mod(now, datasets.Day) < 6*datasets.Hour
	for _, j := range e.Waiting() {
		switch {
		case 2*e.Width(j) > e.Procs() && !night:
			e.WakeAt((math.Floor(now/datasets.Day) + 1) * datasets.Day)
		case e.Width(j) <= e.Free():
			e.Start(j)
		}
	}
}

func init() { sim.Register("test-nightly", sim.Fixed(func() sim.Scheduler { return nightly{} })) }

// TestWakeAtScheduler: a policy that needs rounds of its own (WakeAt)
// on jobs scheduled by hand, then through the resampling bootstrap's lean
// replicates (engine and scheduler reused by a worker) under the reading
// that stops each simulation at the window's end (with jobs unfinished):
// every variant's row is what a fresh simulation of that variant gives,
// with one worker and three, and not EASY's. (Stale timers of a reused
// engine would not show here: an extra round at a midnight changes nothing
// for this policy; the engine's tests own Reset.)
func TestWakeAtScheduler(t *testing.T) {
	h := datasets.Hour
	jobs := []sim.Job{
		{ID: 1, Submit: 10 * h, Runtime: h, Estimate: h, Procs: 8},         // wide: waits for midnight
		{ID: 2, Submit: 10 * h, Runtime: h, Estimate: h, Procs: 2},         // narrow: now
		{ID: 3, Submit: 25 * h, Runtime: h, Estimate: h, Procs: 6},         // wide, at night: now
		{ID: 4, Submit: 30 * h, Runtime: 2 * h, Estimate: 2 * h, Procs: 6}, // wide, by day: next midnight
	}
	r, err := sim.Run(jobs, 10, nightly{}, sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for j, want := range []float64{24 * h, 10 * h, 25 * h, 48 * h} {
		if r.Start[j] != want {
			t.Errorf("job %d starts at %v h, want %v h", jobs[j].ID, r.Start[j]/h, want/h)
		}
	}

	tr := datasets.Sample()
	rows := make([]int, 4000)
	for i := range rows {
		rows[i] = i
	}
	tr = tr.Select(rows)
	rd, err := resample.ReadingByName("stop-at-end")
	if err != nil {
		t.Fatal(err)
	}
	rd.Generate.Weeks = 3
	p, err := resample.NewPools(tr, rd.Pools)
	if err != nil {
		t.Fatal(err)
	}
	const n, seed = 4, 9
	vs, err := p.Variants(rd.Generate, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	var want []resample.Metrics
	unfinished := 0
	for _, v := range vs {
		o, err := v.Simulate(nightly{}, rd.Sim)
		if err != nil {
			t.Fatal(err)
		}
		easy, err := v.Simulate(&sim.EASY{}, rd.Sim)
		if err != nil {
			t.Fatal(err)
		}
		if o.Summary.AvgWait == easy.Summary.AvgWait {
			t.Errorf("the policy's average wait is EASY's on a variant: %v", o.Summary.AvgWait)
		}
		unfinished += o.Summary.Unfinished
		want = append(want, resample.OutcomeMetrics(v, o))
	}
	if unfinished == 0 {
		t.Error("no job left unfinished at the windows' ends: the simulations did not stop with timers pending")
	}
	wantFrame := resample.MetricsFrame(nil, want)
	for _, workers := range []int{1, 3} {
		b, err := resample.RunBootstrap(context.Background(), tr, rd, resample.BootstrapOptions{Scheduler: "test-nightly",
			Replicates: n, Seed: seed, Sweep: sweep.Options{Workers: workers}})
		if err != nil {
			t.Fatal(err)
		}
		got := b.Replicates.Select(wantFrame.Names())
		for _, c := range wantFrame.Names() {
			for i := range n {
				// %v of a float64 is its shortest exact form.
				if x, y := fmt.Sprint(got.Col(c).Elem(i).Val()), fmt.Sprint(wantFrame.Col(c).Elem(i).Val()); x != y {
					t.Errorf("%d workers, variant %d, %s: %s, want %s", workers, i, c, x, y)
				}
			}
		}
	}
}
