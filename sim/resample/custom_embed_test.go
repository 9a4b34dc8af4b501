package resample

import (
	"context"
	"testing"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
	"github.com/tracelab/tracelab/sim/sweep"
)

// holdEASY is a researcher's EASY that starts nothing while fewer than 10
// jobs have arrived and nothing runs: state of its own beside an embedded
// sim.EASY, whose Reset (resetting the EASY only) it inherits.
type holdEASY struct {
	sim.EASY
	arrived int
}

func (h *holdEASY) Arrive(e *sim.Engine, j int) { h.arrived++; h.EASY.Arrive(e, j) }

func (h *holdEASY) Schedule(e *sim.Engine) {
	if h.arrived < 10 && e.NumRunning() == 0 && e.NumWaiting() < e.NumJobs()-e.NumDone() {
		return
	}
	h.EASY.Schedule(e)
}

func init() { sim.Register("test-hold", sim.Fixed(func() sim.Scheduler { return &holdEASY{} })) }

// TestEmbeddedResetNotReused: a scheduler whose Reset is promoted from an
// embedded built-in is made anew for every replicate: each variant's
// metrics are those of its trace simulated with a fresh one, whatever the
// worker ran before and however many workers run, while the built-ins and
// a Reset of one's own are still reused.
func TestEmbeddedResetNotReused(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s    sim.Scheduler
		want bool
	}{
		{&holdEASY{}, false}, {&sim.EASY{}, true}, {&sim.Conservative{}, true}, {&sim.FCFS{}, true},
		{&simtest.SJF{}, true}, {&simtest.Wrapped{In: &sim.EASY{}}, false}, {&simtest.Reusable{Wrapped: simtest.Wrapped{In: &sim.EASY{}}}, true},
	} {
		if got := reusable(c.s); got != c.want {
			t.Errorf("reusable(%T) = %v, want %v", c.s, got, c.want)
		}
	}
	tr := customLog()
	p, err := NewPools(tr, PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewExperiment(p, ExperimentOptions{Scheduler: "test-hold"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, seed := range []uint64{4, 5, 4} { // one worker, replicate after replicate
		got, err := e.Replicate(ctx, seed, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		r, err := p.Generate(Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		o, err := r.Simulate(&holdEASY{}, SimOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if want := OutcomeMetrics(r, o); got.AvgWait != want.AvgWait || got.Counted != want.Counted {
			t.Errorf("seed %d: average wait %v of %d jobs, simulated from its trace %v of %d", seed, got.AvgWait, got.Counted, want.AvgWait, want.Counted)
		}
	}
	one, err := RunBootstrap(ctx, tr, Readings()[0], BootstrapOptions{Scheduler: "test-hold", Replicates: 8, Seed: 1, Sweep: sweep.Options{Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	four, err := RunBootstrap(ctx, tr, Readings()[0], BootstrapOptions{Scheduler: "test-hold", Replicates: 8, Seed: 1, Sweep: sweep.Options{Workers: 4}})
	if err != nil {
		t.Fatal(err)
	}
	if d := sameBootstrap(four, one); d != "" {
		t.Errorf("4 workers against 1: %s", d)
	}
}
