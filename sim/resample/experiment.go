package resample

import (
	"context"
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/sweep"
)

// Metrics are the outcome of one resample-and-simulate replicate (2013
// §6.1, §6.3, §6.4): the workload generated and the scheduler's
// performance on it, without the rare-behaviour jobs.
type Metrics struct {
	Weeks     int // calendar weeks the window touches
	Users     int // users of the new log (instances)
	Jobs      int // jobs of the new log, rare ones included
	RareJobs  int // rare-behaviour jobs
	Simulated int // jobs simulated (Jobs less those sim.Prepare left out)
	// Counted is the number of jobs the performance metrics are over:
	// simulated, not rare (2013 §6.4 step 4).
	Counted            int
	Throughput         float64 // counted jobs per datasets.Week of makespan
	Utilization        float64 // work of the counted jobs / (P × makespan)
	AvgWait            float64 // s
	AvgResponse        float64 // s
	AvgSlowdown        float64 // over counted jobs of runtime > 0
	AvgBoundedSlowdown float64 // τ = 10 s
	MaxQueue           int     // longest queue, all jobs
	// Slope and Saturated are sim.DetectSaturation's (2013 §6.3).
	Slope     float64
	Saturated bool
	// LoadCV is the coefficient of variation of the weekly offered load
	// of the log over its window (whole weeks; LoadProfile).
	LoadCV float64
}

// MetricsColumns are the result columns of Experiment, in the order of
// Metrics.Row.
var MetricsColumns = []sweep.Column{
	{Name: "weeks", Type: series.Int},
	{Name: "users", Type: series.Int},
	{Name: "jobs", Type: series.Int},
	{Name: "rare_jobs", Type: series.Int},
	{Name: "simulated", Type: series.Int},
	{Name: "counted", Type: series.Int},
	{Name: "throughput_makespan_per_week", Type: series.Float},
	{Name: "utilization", Type: series.Float},
	{Name: "avg_wait", Type: series.Float},
	{Name: "avg_response", Type: series.Float},
	{Name: "avg_slowdown", Type: series.Float},
	{Name: "avg_bounded_slowdown", Type: series.Float},
	{Name: "max_queue", Type: series.Int},
	{Name: "slope", Type: series.Float},
	{Name: "saturated", Type: series.Bool},
	{Name: "load_cv", Type: series.Float},
}

// Row returns the metrics in the order of MetricsColumns.
func (m Metrics) Row() sweep.Row {
	return sweep.Row{m.Weeks, m.Users, m.Jobs, m.RareJobs, m.Simulated, m.Counted, m.Throughput,
		m.Utilization, m.AvgWait, m.AvgResponse, m.AvgSlowdown, m.AvgBoundedSlowdown, m.MaxQueue,
		m.Slope, m.Saturated, m.LoadCV}
}

// MetricsFrame returns one row per Metrics with the MetricsColumns, after
// a first column "name" when names is not nil (one per Metrics).
func MetricsFrame(names []string, ms []Metrics) dataframe.DataFrame {
	if names != nil && len(names) != len(ms) {
		panic("resample: MetricsFrame: names and metrics differ in length")
	}
	var ss []series.Series
	if names != nil {
		ss = append(ss, series.New(names, series.String, "name"))
	}
	for k, c := range MetricsColumns {
		switch c.Type {
		case series.Int:
			v := make([]int, len(ms))
			for i, m := range ms {
				v[i] = m.Row()[k].(int)
			}
			ss = append(ss, series.New(v, series.Int, c.Name))
		case series.Float:
			v := make([]float64, len(ms))
			for i, m := range ms {
				v[i] = m.Row()[k].(float64)
			}
			ss = append(ss, series.New(v, series.Float, c.Name))
		default:
			v := make([]bool, len(ms))
			for i, m := range ms {
				v[i] = m.Row()[k].(bool)
			}
			ss = append(ss, series.New(v, series.Bool, c.Name))
		}
	}
	return dataframe.New(ss...)
}

// OutcomeMetrics returns the metrics of a simulated resampled log.
func OutcomeMetrics(r *Resampled, o *Outcome) Metrics {
	s := o.Summary
	return Metrics{Weeks: r.Weeks, Users: len(r.Instances), Jobs: r.Trace.Len(), RareJobs: r.Report.RareJobs,
		Simulated: o.Result.Len(), Counted: s.Jobs, Throughput: s.Throughput, Utilization: s.Utilization,
		AvgWait: s.AvgWait, AvgResponse: s.AvgResponse, AvgSlowdown: s.AvgSlowdown,
		AvgBoundedSlowdown: s.AvgBoundedSlowdown, MaxQueue: s.MaxQueue,
		Slope: o.Saturation.Slope, Saturated: o.Saturation.Saturated,
		LoadCV: weeklyLoadCV(r.Trace, r.Start, r.End)}
}

// Reference simulates a log as it is (open replay): the value the paper
// draws as a vertical line beside the histograms of the resampled variants
// (2013 Figs. 8–9), under the same conventions (opts) as the variants'
// Simulate, over the window from the first submission to the last (the
// variants' window has the same length).
func Reference(t *datasets.Trace, s sim.Scheduler, opts SimOptions) (Metrics, error) {
	return ReferenceContext(context.Background(), t, s, opts)
}

// ReferenceContext is Reference that stops, with an error wrapping ctx's
// (in a sim.SchedulerError naming s), when ctx is cancelled (between two
// rounds: sim.Engine.RunContext).
func ReferenceContext(ctx context.Context, t *datasets.Trace, s sim.Scheduler, opts SimOptions) (Metrics, error) {
	tr := t.SortBySubmit()
	n := tr.Len()
	first, last := math.Inf(1), math.Inf(-1)
	for _, s := range tr.Submit {
		if !math.IsNaN(s) && !math.IsInf(s, 0) {
			first, last = min(first, s), max(last, s)
		}
	}
	if first > last {
		return Metrics{}, fmt.Errorf("resample: log %q has no job with a known submit time", t.Name)
	}
	jobs, rep, m, err := prepare(tr, opts.Sim)
	if err != nil {
		return Metrics{}, err
	}
	var cancelled func(id int) bool
	if opts.DropCancelled {
		status := make(map[int]int, n)
		for i, id := range tr.JobID {
			status[id] = tr.Status[i]
		}
		cancelled = func(id int) bool { return status[id] == datasets.StatusCancelled }
	}
	o, err := simulateWindow(ctx, jobs, rep, m, s, first, last, opts, nil, cancelled)
	if err != nil {
		return Metrics{}, err
	}
	sm := o.Summary
	return Metrics{Weeks: int(math.Ceil((last - first) / datasets.Week)), Users: tr.NumUsers(), Jobs: n, Simulated: o.Result.Len(),
		Counted: sm.Jobs, Throughput: sm.Throughput, Utilization: sm.Utilization, AvgWait: sm.AvgWait,
		AvgResponse: sm.AvgResponse, AvgSlowdown: sm.AvgSlowdown, AvgBoundedSlowdown: sm.AvgBoundedSlowdown,
		MaxQueue: sm.MaxQueue, Slope: o.Saturation.Slope, Saturated: o.Saturation.Saturated,
		LoadCV: weeklyLoadCV(tr, first, last)}, nil
}

// ExperimentOptions configures an Experiment. The zero value resamples the
// log at its own length and load and simulates EASY.
type ExperimentOptions struct {
	// Generate holds the generation options; Seed and Stream are set per
	// replicate, and the grid parameters "load" and "rb_npw", when a sweep
	// varies them, replace Load and RBNPW.
	Generate Options
	// Scheduler is a name sim.New knows; "" means "easy".
	Scheduler string
	// Sim holds the simulation conventions and the saturation test.
	Sim SimOptions
}

// Experiment is the resample-and-simulate experiment of 2013 §6.1–6.4 for
// package sweep: replicate r generates a resampled log from the pools with
// seed r.Seed (Options.Seed = r.Seed, Stream 0) — the load factor and
// RB_NPW taken from the grid parameters "load" and "rb_npw" when the sweep
// varies them — simulates it with the scheduler, and returns its Metrics
// as one row (MetricsColumns). The same seed at two grid points resamples
// with the same random numbers (common random numbers).
type Experiment struct {
	pools    *Pools
	opts     ExperimentOptions
	sched    sim.Factory
	reusable bool // the scheduler is a sim.Resetter
	name     string
}

// NewExperiment prepares the experiment on pools p. It returns an error for
// an unknown scheduler or generation options that Generate rejects.
func NewExperiment(p *Pools, opts ExperimentOptions) (*Experiment, error) {
	if opts.Scheduler == "" {
		opts.Scheduler = "easy"
	}
	f, err := sim.FactoryOf(opts.Scheduler)
	if err != nil {
		return nil, err
	}
	if _, err := p.resolve(opts.Generate); err != nil {
		return nil, err
	}
	g := opts.Generate
	g.Seed, g.Stream = 0, 0
	t := p.Trace
	name := fmt.Sprintf("resample(log=%s,jobs=%d,digest=%016x,pools=%+v,generate=%+v,scheduler=%s,sim=%+v)",
		t.Name, t.Len(), p.digest(), p.Options, g, opts.Scheduler, opts.Sim)
	p.simRows(opts.Sim.Sim)
	return &Experiment{pools: p, opts: opts, sched: f, reusable: reusable(f()), name: name}, nil
}

// reusable reports whether a worker may keep scheduler s from replicate to
// replicate: s is a sim.Resetter whose Reset is not promoted from an
// embedded field. A type of one's own that embeds sim.EASY and keeps state
// beside it inherits EASY's Reset, which resets the EASY only: kept, it
// would carry its state from one variant to the next, and a variant's
// metrics would depend on what its worker ran before. Such a scheduler is
// made anew for every replicate (as Simulate uses one).
func reusable(s sim.Scheduler) bool {
	if _, ok := s.(sim.Resetter); !ok {
		return false
	}
	return !sim.EmbedsMethod(s, "Reset")
}

// Name identifies the experiment: the log (name, jobs, digest), the pool,
// generation and simulation options and the scheduler.
func (e *Experiment) Name() string { return e.name }

// Params returns "load" and "rb_npw".
func (e *Experiment) Params() []string { return []string{"load", "rb_npw"} }

// Columns returns MetricsColumns.
func (e *Experiment) Columns() []sweep.Column { return MetricsColumns }

// Pools returns the pools the experiment resamples.
func (e *Experiment) Pools() *Pools { return e.pools }

// Run generates and simulates replicate r (see Experiment).
func (e *Experiment) Run(ctx context.Context, r sweep.Replicate) (sweep.Row, error) {
	m, err := e.Replicate(ctx, r.Seed, r.Param("load", e.opts.Generate.Load), r.Param("rb_npw", e.opts.Generate.RBNPW))
	if err != nil {
		return nil, err
	}
	return m.Row(), nil
}

// Replicate generates a resampled log with the given seed, load factor and
// RB_NPW (zero load: 1), simulates it and returns its metrics: those of
// OutcomeMetrics(r, out) for r = Pools().Generate(o) and out =
// r.Simulate(scheduler, Sim), computed without building r's trace (see
// replicate.go).
func (e *Experiment) Replicate(ctx context.Context, seed uint64, load, rbnpw float64) (Metrics, error) {
	o := e.opts.Generate
	o.Seed, o.Stream, o.Load, o.RBNPW = seed, 0, load, rbnpw
	if math.IsNaN(load) || math.IsNaN(rbnpw) {
		return Metrics{}, fmt.Errorf("resample: load %v, RB_NPW %v", load, rbnpw)
	}
	return e.replicate(ctx, o)
}

var _ sweep.Experiment = (*Experiment)(nil)
