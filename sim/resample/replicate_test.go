package resample

import (
	"context"
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/sim"
)

// TestReplicateMissingEstimates: a replicate (lean generation, prepared
// rows) gives the metrics of the variant generated and simulated in full
// (OutcomeMetrics of Generate and Simulate) when some or all jobs lack an
// estimate, under each convention for them: under sim.EstimateMaximum the
// replicate takes the variant's largest estimate (or runtime) from its
// slots.
func TestReplicateMissingEstimates(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		tr := synthetic(rt)
		all := rapid.Bool().Draw(rt, "all missing")
		for i := range tr.ReqTime {
			if all || rapid.IntRange(0, 3).Draw(rt, "missing") == 0 {
				tr.ReqTime[i] = -1
			}
		}
		p, err := NewPools(tr, PoolOptions{})
		if err != nil {
			rt.Fatal(err)
		}
		seed := rapid.Uint64().Draw(rt, "seed")
		r, err := p.Generate(Options{Seed: seed})
		if err != nil {
			rt.Fatal(err)
		}
		for _, me := range []sim.MissingEstimate{sim.EstimateRuntime, sim.EstimateMaximum} {
			so := SimOptions{Sim: sim.Options{MissingEstimate: me}}
			o, err := r.Simulate(&sim.EASY{}, so)
			if err != nil {
				rt.Fatal(err)
			}
			e, err := NewExperiment(p, ExperimentOptions{Sim: so})
			if err != nil {
				rt.Fatal(err)
			}
			m, err := e.Replicate(context.Background(), seed, 1, 0)
			if err != nil {
				rt.Fatal(err)
			}
			if got, want := fmt.Sprint(m.Row()), fmt.Sprint(OutcomeMetrics(r, o).Row()); got != want {
				rt.Fatalf("missing estimates %v: replicate %s, full %s", me, got, want)
			}
		}
	})
}
