package feedback

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"

	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// SweepColumns are the result columns of a SweepExperiment replicate.
var SweepColumns = []sweep.Column{
	{Name: "users", Type: series.Int},
	{Name: "offered", Type: series.Int},
	{Name: "ended", Type: series.Int},
	{Name: "throughput_window_per_week", Type: series.Float},
	{Name: "utilization", Type: series.Float},
	{Name: "avg_wait", Type: series.Float},
	{Name: "avg_response", Type: series.Float},
	{Name: "avg_bounded_slowdown", Type: series.Float},
}

// SweepOptions configures a SweepExperiment. The zero value resamples the
// log at its own length and simulates EASY with the fluid model.
type SweepOptions struct {
	// Scheduler is a scheduler name sim.FactoryOf knows; "" means easy.
	Scheduler string
	// Model is the user model; nil means Fluid.
	Model Model
	// Generate is the template of the resampling options; Seed, Stream
	// and (when the grid varies it) Load are set per replicate.
	Generate resample.Options
	// Workload holds the simulation conventions; the machine size defaults
	// to the pools' log's.
	Workload WorkloadOptions
}

// SweepExperiment is resampling with feedback for package sweep (2021
// §4.3–4.4, Figs. 15 and 17 at scale, e.g. as Slurm job arrays):
// replicate r resamples the pools' log with seed r.Seed (Stream 0) and
// the grid parameter "load" (resample.Options.Load), simulates it with
// feedback until the end of the resampled window, and returns one row of
// SweepColumns: user instances, jobs offered (in the resampled log), jobs
// ended in the window, throughput_window_per_week (ended per week), utilisation in the
// window, and the average wait, response and bounded slowdown of the jobs
// that ended.
type SweepExperiment struct {
	pools *resample.Pools
	opts  SweepOptions
	name  string
}

// NewSweepExperiment prepares the experiment. It returns an error for an
// unknown scheduler.
func NewSweepExperiment(p *resample.Pools, o SweepOptions) (*SweepExperiment, error) {
	if o.Scheduler == "" {
		o.Scheduler = "easy"
	}
	if _, err := sim.FactoryOf(o.Scheduler); err != nil {
		return nil, err
	}
	if o.Model == nil {
		o.Model = Fluid{}
	}
	h := fnv.New64a()
	t := p.Trace
	for i := range t.JobID {
		fmt.Fprintf(h, "%d %g %g %g %d %g %d|", t.JobID[i], t.Submit[i], t.Wait[i], t.Runtime[i], t.Procs[i], t.ReqTime[i], t.User[i])
	}
	g := o.Generate
	g.Seed, g.Stream = 0, 0
	name := fmt.Sprintf("feedback(log=%s,jobs=%d,digest=%016x,generate=%+v,scheduler=%s,model=%#v,workload=%+v)",
		t.Name, t.Len(), h.Sum64(), g, o.Scheduler, o.Model, o.Workload)
	return &SweepExperiment{pools: p, opts: o, name: name}, nil
}

// Name identifies the experiment: the log (name, jobs, digest), the
// resampling template, the scheduler, the model and the conventions.
func (e *SweepExperiment) Name() string { return e.name }

// Params returns "load".
func (e *SweepExperiment) Params() []string { return []string{"load"} }

// Columns returns SweepColumns.
func (e *SweepExperiment) Columns() []sweep.Column { return SweepColumns }

// Run generates and simulates replicate r.
func (e *SweepExperiment) Run(ctx context.Context, r sweep.Replicate) (sweep.Row, error) {
	g := e.opts.Generate
	g.Seed, g.Stream = r.Seed, 0
	g.Load = r.Param("load", g.Load)
	if math.IsNaN(g.Load) {
		return nil, fmt.Errorf("feedback: load %v", g.Load)
	}
	rs, w, err := resampled(e.pools, g, e.opts.Workload)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f, _ := sim.FactoryOf(e.opts.Scheduler)
	res, err := SimulateContext(ctx, w, f(), Options{Model: e.opts.Model, Seed: r.Seed, Until: rs.End})
	if err != nil {
		return nil, err
	}
	win := WindowOf(res.Sim, rs.Start, rs.End)
	s := res.Sim.MeansOf(nil)
	return sweep.Row{len(rs.Instances), w.Len(), win.Ended, win.Throughput, win.Utilization,
		s.AvgWait, s.AvgResponse, s.AvgBoundedSlowdown}, nil
}

var _ sweep.Experiment = (*SweepExperiment)(nil)
