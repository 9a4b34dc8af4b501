package sweep

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"sort"

	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// DefaultWindow is the default window length of the Window experiment:
// four weeks, in seconds.
const DefaultWindow = 4 * datasets.Week

// WindowOptions configures the Window experiment. The zero value simulates
// EASY on windows of four weeks under the default workload conventions of
// sim.Options.
type WindowOptions struct {
	// Scheduler is a name sim.New knows; "" means "easy".
	Scheduler string
	// Length is the length of the window in seconds; 0 means
	// DefaultWindow.
	Length float64
	// Sim holds the workload conventions (machine size, estimates, …).
	Sim sim.Options
}

// Window is the built-in experiment of the sweep command until the
// resampling experiment of Zakay and Feitelson (2013) §6.1 takes its place:
// a moving-block bootstrap of a log's scheduling performance. Replicate r
// draws a start time t0 uniformly (from r.Rand()) among the times that
// leave a whole window inside the log, takes the jobs submitted in
// [t0, t0 + load·L) — L the window length, load the grid parameter "load"
// (default 1) — compresses their submit times towards t0 by the factor
// load, so that the window is L long and carries load times the logged
// load, and simulates them on an empty machine with the scheduler until
// the last job ends. Its row is the window's start and the sim.Summary of
// the simulation.
//
// It is real work with the sim package (a 4-week window of KTH-SP2 is
// about 2,500 jobs) and is what the sweep and Slurm tests run; it is not a
// method of the papers: the windows overlap and start on an empty machine,
// and load scaling by compressing time also shortens think times.
type Window struct {
	jobs   []sim.Job // prepared, sorted by submit
	procs  int
	sched  sim.Factory
	length float64
	first  float64
	last   float64
	name   string
}

// NewWindow prepares the Window experiment on trace tr. It returns an
// error for an unknown scheduler, a non-positive length, a trace that
// sim.Prepare rejects or one whose submit times span less than a window.
func NewWindow(tr *datasets.Trace, opts WindowOptions) (*Window, error) {
	if opts.Scheduler == "" {
		opts.Scheduler = "easy"
	}
	if opts.Length == 0 {
		opts.Length = DefaultWindow
	}
	if !(opts.Length > 0) || math.IsInf(opts.Length, 0) {
		return nil, fmt.Errorf("sweep: window length %v, want a positive number of seconds", opts.Length)
	}
	f, err := sim.FactoryOf(opts.Scheduler)
	if err != nil {
		return nil, err
	}
	procs := opts.Sim.MachineSize(tr)
	jobs, _, err := sim.Prepare(tr, procs, opts.Sim)
	if err != nil {
		return nil, err
	}
	if len(jobs) == 0 {
		return nil, fmt.Errorf("sweep: log %s has no job to simulate", tr.Name)
	}
	w := &Window{jobs: jobs, procs: procs, sched: f, length: opts.Length,
		first: jobs[0].Submit, last: jobs[len(jobs)-1].Submit}
	if w.last-w.first < w.length {
		return nil, fmt.Errorf("sweep: log %s spans %.0f s of submissions, less than a window of %.0f s",
			tr.Name, w.last-w.first, w.length)
	}
	h := fnv.New64a()
	for _, j := range jobs {
		fmt.Fprintf(h, "%d %g %g %g %d|", j.ID, j.Submit, j.Runtime, j.Estimate, j.Procs)
	}
	w.name = fmt.Sprintf("window(log=%s,jobs=%d,digest=%016x,procs=%d,scheduler=%s,length=%g,sim=%+v)",
		tr.Name, len(jobs), h.Sum64(), procs, opts.Scheduler, opts.Length, opts.Sim)
	return w, nil
}

// Name identifies the experiment: the log's name, job count and a digest
// of its prepared jobs, the machine size, the scheduler, the window length
// and the workload conventions.
func (w *Window) Name() string { return w.name }

// Params returns "load".
func (w *Window) Params() []string { return []string{"load"} }

// WindowColumns are the result columns of Window: window_start (seconds,
// log time) followed by the means of sim.SummaryColumns (its first nine).
var WindowColumns = []Column{
	{"window_start", series.Float},
	{"jobs", series.Int},
	{"avg_wait", series.Float},
	{"avg_response", series.Float},
	{"avg_slowdown", series.Float},
	{"avg_bounded_slowdown", series.Float},
	{"utilization", series.Float},
	{"makespan", series.Float},
	{"throughput_makespan_per_week", series.Float},
	{"max_queue", series.Int},
}

// Columns returns WindowColumns.
func (w *Window) Columns() []Column { return WindowColumns }

// Run simulates replicate r's window. It returns an error when the load
// parameter is not positive or so large that load·L exceeds the log.
func (w *Window) Run(ctx context.Context, r Replicate) (Row, error) {
	load := r.Param("load", 1)
	span := load * w.length
	if !(load > 0) {
		return nil, fmt.Errorf("load %v, want > 0", load)
	}
	if span > w.last-w.first {
		return nil, fmt.Errorf("load %v: a window of %.0f s of the log is needed, the log spans %.0f s",
			load, span, w.last-w.first)
	}
	t0 := w.first + r.Rand().Float64()*(w.last-w.first-span)
	lo := sort.Search(len(w.jobs), func(k int) bool { return w.jobs[k].Submit >= t0 })
	hi := sort.Search(len(w.jobs), func(k int) bool { return w.jobs[k].Submit >= t0+span })
	jobs := make([]sim.Job, hi-lo)
	copy(jobs, w.jobs[lo:hi])
	for k := range jobs {
		jobs[k].Submit = t0 + (jobs[k].Submit-t0)/load
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res, err := sim.RunContext(ctx, jobs, w.procs, w.sched(), sim.EngineOptions{WeekOrigin: t0})
	if err != nil {
		return nil, err
	}
	s := res.MeansOf(nil)
	return Row{t0, s.Jobs, s.AvgWait, s.AvgResponse, s.AvgSlowdown, s.AvgBoundedSlowdown,
		s.Utilization, s.Makespan, s.Throughput, s.MaxQueue}, nil
}
