package resample

import (
	"context"
	"fmt"
	"math"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// SimOptions controls Simulate and Reference: the conventions of a
// simulation, applied alike to a resampled log and to the original (2013
// §6.1 compares the two). The zero value uses package sim's conventions
// (sim.Options), counts every job and runs until the last one ends, and
// uses the paper's saturation test.
type SimOptions struct {
	// Sim turns the log's jobs into simulated jobs (machine size, missing
	// estimates, …). Its Engine.WeekOrigin is replaced by the window's
	// start, so that weeks are counted from the log's beginning.
	Sim        sim.Options
	Saturation sim.SaturationOptions
	// Warmup and Cooldown, seconds, leave out of the metrics the jobs
	// submitted within that time of the window's start or end (they are
	// still simulated, and load the machine). Zero counts every job.
	Warmup, Cooldown float64
	// StopAtEnd stops the simulation at the window's end: jobs that have
	// not ended by then are left out of the metrics (Summary.Unfinished).
	// By default the simulation runs until the last job ends.
	StopAtEnd bool
	// DropCancelled leaves out of the simulation the jobs the log marks
	// cancelled (SWF status 5; a code outside SWF's, such as an exit code,
	// is not cancelled and is kept), whether or not they ran; counted in
	// Outcome.Cancelled. By default they are simulated for as long as
	// they ran (jobs cancelled before starting have no runtime and are
	// left out by sim.Prepare).
	DropCancelled bool
}

// check returns an error for conventions that count no job of a window of
// the given length.
func (o SimOptions) check(length float64) error {
	if !(o.Warmup >= 0) || !(o.Cooldown >= 0) || math.IsInf(o.Warmup, 0) || math.IsInf(o.Cooldown, 0) {
		return fmt.Errorf("resample: warm-up %v and cool-down %v, want finite and ≥ 0", o.Warmup, o.Cooldown)
	}
	if o.Warmup+o.Cooldown >= length && (o.Warmup > 0 || o.Cooldown > 0) {
		return fmt.Errorf("resample: warm-up %v s and cool-down %v s leave nothing of a window of %v s", o.Warmup, o.Cooldown, length)
	}
	return nil
}

// Outcome is the result of simulating a resampled log.
type Outcome struct {
	// Result holds the per-job outcome, in the engine's order (jobs
	// sorted by submit time; ID is the job number in Resampled.Trace).
	Result *sim.Result
	// Summary is over the counted jobs: not rare-behaviour jobs (2013
	// §6.4 step 4), and submitted outside the warm-up and cool-down; All
	// is over every job. Both hold the means only (sim.Result.MeansOf);
	// Result.SummaryOf gives the tails too.
	Summary, All sim.Summary
	// Saturation is sim.DetectSaturation over the weeks of the window.
	Saturation sim.Saturation
	// Rare reports, per engine job, whether it is a rare-behaviour job.
	Rare []bool
	// Cancelled is the number of cancelled jobs left out
	// (SimOptions.DropCancelled).
	Cancelled int
}

// Jobs returns the log's jobs as simulated jobs (sim.Prepare under opts)
// and the machine size. The job IDs are the job numbers of r.Trace.
func (r *Resampled) Jobs(opts sim.Options) ([]sim.Job, sim.PrepReport, int, error) {
	procs := opts.MachineSize(r.Trace)
	jobs, rep, err := sim.Prepare(r.Trace, procs, opts)
	return jobs, rep, procs, err
}

// prepare returns the jobs of t under opts on its machine (opts.Machine),
// or an error wrapping datasets.ErrNoMachineSize when neither opts nor
// the log gives a size.
func prepare(t *datasets.Trace, opts sim.Options) ([]sim.Job, sim.PrepReport, datasets.Machine, error) {
	m := opts.Machine(t)
	if m.Rule == datasets.SizeUnknown {
		return nil, sim.PrepReport{}, m, fmt.Errorf("resample: log %q: %w", t.Name, datasets.ErrNoMachineSize)
	}
	jobs, rep, err := sim.Prepare(t, m.Procs, opts)
	return jobs, rep, m, err
}

// Simulate replays the resampled log with scheduler s (a fresh one) in an
// open simulation: each job arrives at its resampled submit time (2013 §5).
// The summary leaves out the rare-behaviour jobs and those of the warm-up
// and cool-down; the saturation test (§6.3) uses the weekly outstanding
// jobs, rare jobs included, of the weeks of the window (not the drain
// after the last arrival).
func (r *Resampled) Simulate(s sim.Scheduler, opts SimOptions) (*Outcome, error) {
	return r.SimulateContext(context.Background(), s, opts)
}

// SimulateContext is Simulate that stops, with an error wrapping ctx's in
// a *sim.SchedulerError naming s, when ctx is cancelled (between two
// rounds: see sim.Engine.RunContext). A bug of s ends it with a
// *sim.SchedulerError too, never a panic or a run without end.
func (r *Resampled) SimulateContext(ctx context.Context, s sim.Scheduler, opts SimOptions) (*Outcome, error) {
	jobs, rep, m, err := prepare(r.Trace, opts.Sim)
	if err != nil {
		return nil, err
	}
	rare := func(id int) bool { return r.Kind[id-1] == Rare }
	cancelled := func(id int) bool { return r.Trace.Status[id-1] == datasets.StatusCancelled }
	return simulateWindow(ctx, jobs, rep, m, s, r.Start, r.End, opts, rare, cancelled)
}

// simulateWindow simulates jobs submitted in the window [start, end] under
// the conventions of opts, stopping when ctx is cancelled; rare(id) says
// which jobs the summary leaves out besides those of the warm-up and
// cool-down, cancelled(id) which jobs DropCancelled leaves out.
func simulateWindow(ctx context.Context, jobs []sim.Job, rep sim.PrepReport, m datasets.Machine, s sim.Scheduler, start, end float64, opts SimOptions,
	rare, cancelled func(id int) bool) (*Outcome, error) {
	procs := m.Procs
	if err := opts.check(end - start); err != nil {
		return nil, err
	}
	dropped := 0
	if opts.DropCancelled {
		kept := make([]sim.Job, 0, len(jobs))
		for _, j := range jobs {
			if cancelled(j.ID) {
				dropped++
				continue
			}
			kept = append(kept, j)
		}
		jobs = kept
	}
	if err := sim.Validate(jobs, procs); err != nil {
		return nil, err
	}
	eo := opts.Sim.Engine
	eo.WeekOrigin = start
	e, err := sim.NewEngine(procs, s, eo)
	if err != nil {
		return nil, err
	}
	e.SubmitAll(jobs)
	until := math.Inf(1)
	if opts.StopAtEnd {
		until = end
	}
	if err := e.RunContext(ctx, until); err != nil {
		return nil, err
	}
	res := e.Result()
	res.Scheduler = sim.SchedulerName(s)
	res.Prep, res.ProcsRule = rep, m.Rule
	out := &Outcome{Result: res, Rare: make([]bool, res.Len()), Cancelled: dropped}
	lo, hi := start+opts.Warmup, end-opts.Cooldown
	for j, id := range res.ID {
		out.Rare[j] = rare != nil && rare(id)
	}
	out.All = res.MeansOf(nil)
	out.Summary = res.MeansOf(func(j int) bool {
		return !out.Rare[j] && res.Submit[j] >= lo && res.Submit[j] <= hi
	})
	weekly := make([]int, 0, int((end-start)/datasets.Week)+1)
	for k, t := range res.Weekly.Time {
		if t <= end {
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
