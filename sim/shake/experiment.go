package shake

import (
	"context"
	"fmt"

	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/sweep"
)

// Workload is what an Experiment shakes and simulates: jobs on a machine of
// Procs processors, and optionally a Variant of the same jobs (the same
// submit times and users, e.g. one runtime changed) shaken by the same
// shifts, to measure the effect of the change under shaking.
type Workload struct {
	Name    string // identifies the workload in the sweep's name
	Jobs    []sim.Job
	Variant []sim.Job // nil: none
	Procs   int
}

// NewExperiment returns the sweep experiment of shaking w at opts.Level and
// simulating it under a fresh scheduler from newScheduler: replicate r
// shakes with seed r.Seed (Shake; the variant by the same shifts, its
// groups being those of w.Jobs). Its columns are
//
//	avg_bsld, avg_wait          sim.Summary of the shaken jobs
//	order_broken, think_broken  Broken.Order and Broken.Think
//	variant_bsld, variant_wait  the same for the variant (only with one)
//
// It returns an error for bad options or a variant of another length.
func NewExperiment(w Workload, newScheduler func() sim.Scheduler, opts Options) (sweep.Experiment, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	if w.Variant != nil && len(w.Variant) != len(w.Jobs) {
		return nil, fmt.Errorf("shake: variant of %d jobs for a workload of %d", len(w.Variant), len(w.Jobs))
	}
	if err := sim.Validate(w.Jobs, w.Procs); err != nil {
		return nil, err
	}
	if err := sim.Validate(w.Variant, w.Procs); err != nil {
		return nil, err
	}
	cols := []sweep.Column{{Name: "avg_bsld", Type: series.Float}, {Name: "avg_wait", Type: series.Float},
		{Name: "order_broken", Type: series.Int}, {Name: "think_broken", Type: series.Int}}
	if w.Variant != nil {
		cols = append(cols, sweep.Column{Name: "variant_bsld", Type: series.Float}, sweep.Column{Name: "variant_wait", Type: series.Float})
	}
	group, n, err := Groups(w.Jobs, opts) // the variant moves as the jobs do
	if err != nil {
		return nil, err
	}
	deps := userPairs(w.Jobs)
	name := fmt.Sprintf("shake;%s;jobs=%d;procs=%d;scheduler=%s;level=%s;max_shift=%g;gap=%g;variant=%v",
		w.Name, len(w.Jobs), w.Procs, sim.SchedulerName(newScheduler()), opts.Level, opts.MaxShift, opts.SessionGap, w.Variant != nil)
	run := func(ctx context.Context, r sweep.Replicate) (sweep.Row, error) {
		s := shift(w.Jobs, group, n, opts, r.Seed)
		res, err := sim.RunContext(ctx, s, w.Procs, newScheduler(), sim.EngineOptions{})
		if err != nil {
			return nil, err
		}
		sum, b := res.MeansOf(nil), deps.count(w.Jobs, s)
		row := sweep.Row{sum.AvgBoundedSlowdown, sum.AvgWait, b.Order, b.Think}
		if w.Variant == nil {
			return row, nil
		}
		s = shift(w.Variant, group, n, opts, r.Seed)
		if res, err = sim.RunContext(ctx, s, w.Procs, newScheduler(), sim.EngineOptions{}); err != nil {
			return nil, err
		}
		sum = res.MeansOf(nil)
		return append(row, sum.AvgBoundedSlowdown, sum.AvgWait), nil
	}
	return sweep.NewFunc(name, nil, cols, run), nil
}
