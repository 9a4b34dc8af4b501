package resample

import (
	"math"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// SimOptions controls Simulate. The zero value uses package sim's
// conventions (sim.Options) and the paper's saturation test.
type SimOptions struct {
	// Sim turns the log's jobs into simulated jobs (machine size, missing
	// estimates, …). Its Engine.WeekOrigin is replaced by the window's
	// start, so that weeks are counted from the new log's beginning.
	Sim        sim.Options
	Saturation sim.SaturationOptions
}

// Outcome is the result of simulating a resampled log.
type Outcome struct {
	// Result holds the per-job outcome, in the engine's order (jobs
	// sorted by submit time; ID is the job number in Resampled.Trace).
	Result *sim.Result
	// Summary is over the jobs that are not rare-behaviour jobs (2013
	// §6.4 step 4); All is over every job.
	Summary, All sim.Summary
	// Saturation is sim.DetectSaturation over the weeks of the window.
	Saturation sim.Saturation
	// Rare reports, per engine job, whether it is a rare-behaviour job.
	Rare []bool
}

// Jobs returns the log's jobs as simulated jobs (sim.Prepare under opts)
// and the machine size. The job IDs are the job numbers of r.Trace.
func (r *Resampled) Jobs(opts sim.Options) ([]sim.Job, sim.PrepReport, int, error) {
	procs := opts.MachineSize(r.Trace)
	jobs, rep, err := sim.Prepare(r.Trace, procs, opts)
	return jobs, rep, procs, err
}

// Simulate replays the resampled log with scheduler s (a fresh one) in an
// open simulation: each job arrives at its resampled submit time (2013 §5).
// The summary leaves out the rare-behaviour jobs; the saturation test
// (§6.3) uses the weekly outstanding jobs, rare jobs included, of the weeks
// of the window (not the drain after the last arrival).
func (r *Resampled) Simulate(s sim.Scheduler, opts SimOptions) (*Outcome, error) {
	jobs, rep, procs, err := r.Jobs(opts.Sim)
	if err != nil {
		return nil, err
	}
	eo := opts.Sim.Engine
	eo.WeekOrigin = r.Start
	res, err := sim.Run(jobs, procs, s, eo)
	if err != nil {
		return nil, err
	}
	res.Prep, res.ProcsRule = rep, opts.Sim.Machine(r.Trace).Rule
	out := &Outcome{Result: res, Rare: make([]bool, res.Len())}
	for j, id := range res.ID {
		out.Rare[j] = r.Kind[id-1] == Rare
	}
	out.All = res.Summary()
	out.Summary = res.SummaryOf(func(j int) bool { return !out.Rare[j] })
	weekly := make([]int, 0, r.Weeks)
	for k, t := range res.Weekly.Time {
		if t <= r.End {
			weekly = append(weekly, res.Weekly.Outstanding[k])
		}
	}
	out.Saturation = sim.DetectSaturation(weekly, opts.Saturation)
	return out, nil
}

// WithWaits returns a copy of the resampled log whose waits are those of a
// simulation of it (res from Simulate or sim.Run of r.Jobs): as the paper's
// generated logs, which come out of the scheduler simulation (2013 §5).
// Jobs the simulation left out, or that had not started, get an unknown
// (NaN) wait.
func (r *Resampled) WithWaits(res *sim.Result) *datasets.Trace {
	t := r.Trace.Clone()
	for i := range t.Wait {
		t.Wait[i] = math.NaN()
	}
	for j, id := range res.ID {
		if id >= 1 && id <= t.Len() {
			t.Wait[id-1] = res.Start[j] - res.Submit[j]
		}
	}
	return t
}
