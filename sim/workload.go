package sim

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/tracelab/tracelab/datasets"
)

// Overrun says what happens to a job whose runtime is above its estimate.
type Overrun int

const (
	// RaiseEstimate raises the estimate to the runtime (the default). The
	// logged work is kept whole; this is the convention under which
	// independent simulators agree on the archive's logs (many jobs run a
	// few seconds past their requested time before the system kills them).
	RaiseEstimate Overrun = iota
	// KillAtEstimate cuts the runtime to the estimate, as the logged
	// systems kill jobs that exceed their requested time.
	KillAtEstimate
)

// MissingEstimate says what estimate a job without one (SWF field 9 −1) gets.
// An estimate that is not a number from 0 to datasets.MaxDuration (the
// reader's bound; a hand-made trace may hold Inf or 1e300) is missing too.
type MissingEstimate int

const (
	// EstimateRuntime uses the runtime: a perfect estimate (the default;
	// the usual choice for logs without estimates, e.g. SDSC-Par, OSC).
	EstimateRuntime MissingEstimate = iota
	// EstimateMaximum uses the largest estimate in the log, or the largest
	// runtime when the log has no estimate: a user who gives none gets the
	// queue's limit.
	EstimateMaximum
)

// ProcsSource says which processor count a job holds.
type ProcsSource int

const (
	// AllocatedProcs uses the allocated processors (field 5), the requested
	// ones (field 8) when unknown (the default).
	AllocatedProcs ProcsSource = iota
	// RequestedProcs uses the requested processors (field 8), the allocated
	// ones when unknown.
	RequestedProcs
)

// WidePolicy says what happens to a job wider than the machine.
type WidePolicy int

const (
	// DropWide leaves such jobs out and counts them (PrepReport.TooWide);
	// the default.
	DropWide WidePolicy = iota
	// ErrorWide makes Prepare fail.
	ErrorWide
)

// Options controls how a trace becomes a simulated workload (Prepare,
// Replay). The zero value gives the conventions under which independent
// simulators agree on the archive's logs: the header's machine size,
// allocated processors, jobs of unknown runtime left out, estimates raised
// to the runtime, a missing estimate taken as the runtime, wider jobs left
// out and counted.
type Options struct {
	// Procs is the machine size; 0 means the trace's (header MaxProcs,
	// else MaxNodes, else the peak processors in use in the logged
	// schedule: datasets.Trace.Machine); a negative one is an error
	// (ErrMachineSize) of every function that simulates.
	Procs           int
	Overrun         Overrun
	MissingEstimate MissingEstimate
	ProcsSource     ProcsSource
	Wide            WidePolicy
	// Engine holds the engine's options (timeline, week origin).
	Engine EngineOptions
}

// PrepReport says what Prepare did to the trace's jobs. Nothing is left out
// or changed without being counted here.
type PrepReport struct {
	Input int // jobs in the trace
	Jobs  int // jobs simulated

	// Left out.
	UnknownSubmit  int // submit time unknown (NaN) or beyond ±datasets.MaxTime
	UnknownRuntime int // runtime unknown (SWF −1), negative, or above datasets.MaxDuration
	UnknownProcs   int // neither allocated nor requested processors known (or ≤ 0)
	TooWide        int // wider than the machine (DropWide)

	// Kept, changed or noted.
	ZeroRuntime     int // runtime 0: they hold their processors for no time
	MissingEstimate int // estimate unknown, filled by the MissingEstimate policy
	RaisedEstimate  int // estimate below the runtime, raised (RaiseEstimate)
	Killed          int // runtime above the estimate, cut (KillAtEstimate)
	ProcsFallback   int // processor count taken from the other field
}

// Dropped returns the number of jobs left out.
func (r PrepReport) Dropped() int {
	return r.UnknownSubmit + r.UnknownRuntime + r.UnknownProcs + r.TooWide
}

// ErrNoJobs is wrapped by the error of a simulation that has no job left
// once Prepare left out the jobs it cannot simulate (PrepReport.NoJobs).
var ErrNoJobs = errors.New("no job to simulate")

// NoJobs returns the error for a trace called name none of whose jobs
// could be simulated, giving the reasons Prepare counted; it wraps
// ErrNoJobs. Every command and function that simulates a log says it the
// same way.
func (r PrepReport) NoJobs(name string) error {
	return fmt.Errorf("%s: %w: of %d jobs, %d have no known submit time, %d no known runtime, %d no known processor count, %d are wider than the machine",
		name, ErrNoJobs, r.Input, r.UnknownSubmit, r.UnknownRuntime, r.UnknownProcs, r.TooWide)
}

// MachineSize returns the machine size Options give for trace tr.
func (o Options) MachineSize(tr *datasets.Trace) int { return o.Machine(tr).Procs }

// Machine returns the machine size Options give for trace tr and its rule:
// Procs when set (not 0: datasets.SizeGiven, a negative Procs as given, for
// Prepare and the engine to refuse with ErrMachineSize), else tr.Machine()
// (the header's size, else the peak processors in use in the logged
// schedule).
func (o Options) Machine(tr *datasets.Trace) datasets.Machine {
	if o.Procs != 0 {
		return datasets.Machine{Procs: o.Procs, Rule: datasets.SizeGiven}
	}
	return tr.Machine()
}

// MaxProcs bounds the machine size of a simulation: 2^24 processors (16.7
// million; the largest machine of the archive has 2^18 cores). A header's
// MaxProcs is input, and some schedulers keep state per processor.
const MaxProcs = 1 << 24

// ErrMachineSize is wrapped by the error of a simulation on a machine of
// fewer than 1 or more than MaxProcs processors.
var ErrMachineSize = errors.New("machine size out of range")

// CheckProcs returns an error wrapping ErrMachineSize unless 1 ≤ procs ≤
// MaxProcs.
func CheckProcs(procs int) error {
	if procs < 1 || procs > MaxProcs {
		return fmt.Errorf("sim: %w: %d processors, want 1 to %d", ErrMachineSize, procs, MaxProcs)
	}
	return nil
}

// Prepare turns the jobs of a trace into simulated jobs on a machine of
// procs processors, ordered by submit time (ties in the log's order),
// under the policies of opts (see Options and PrepareJob). It returns an
// error when a job is wider than the machine under ErrorWide, when
// procs is not from 1 to MaxProcs, or when the trace's columns differ in
// length (datasets.Trace.Validate).
func Prepare(tr *datasets.Trace, procs int, opts Options) ([]Job, PrepReport, error) {
	rep := PrepReport{Input: tr.Len()}
	if err := CheckProcs(procs); err != nil {
		return nil, rep, err
	}
	if err := tr.Validate(); err != nil {
		return nil, rep, fmt.Errorf("sim: %w", err)
	}
	maxEst := opts.MaxEstimate(tr.ReqTime, tr.Runtime)
	jobs := make([]Job, 0, tr.Len())
	for i := range tr.JobID {
		job, f := opts.PrepareJob(tr.Submit[i], tr.Runtime[i], tr.Procs[i], tr.ReqProcs[i], tr.ReqTime[i], procs, maxEst)
		if f.Fate == TooWide && opts.Wide == ErrorWide {
			return nil, rep, fmt.Errorf("sim: job %d needs %d processors, the machine has %d",
				tr.JobID[i], job.Procs, procs)
		}
		rep.Count(f)
		if f.Fate != Kept {
			continue
		}
		job.ID, job.User, job.Wait = tr.JobID[i], tr.User[i], tr.Wait[i]
		jobs = append(jobs, job)
	}
	if !sort.SliceIsSorted(jobs, func(a, b int) bool { return jobs[a].Submit < jobs[b].Submit }) {
		sort.SliceStable(jobs, func(a, b int) bool { return jobs[a].Submit < jobs[b].Submit })
	}
	rep.Jobs = len(jobs)
	return jobs, rep, nil
}

// Fate says whether Prepare keeps a job or why it leaves it out.
type Fate uint8

const (
	Kept           Fate = iota
	UnknownSubmit       // submit time unknown (NaN) or beyond ±datasets.MaxTime
	UnknownRuntime      // runtime unknown (SWF −1), negative, or above datasets.MaxDuration
	UnknownProcs        // neither allocated nor requested processors known (or ≤ 0)
	TooWide             // wider than the machine
)

// JobFate is what the policies did to one job (PrepareJob): its fate and
// the changes made to a kept job.
type JobFate struct {
	Fate            Fate
	ZeroRuntime     bool // runtime 0
	MissingEstimate bool // estimate unknown, filled by the MissingEstimate policy
	RaisedEstimate  bool // estimate below the runtime, raised (RaiseEstimate)
	Killed          bool // runtime above the estimate, cut (KillAtEstimate)
	ProcsFallback   bool // processor count taken from the other field
}

// Count adds a job's fate to the report.
func (r *PrepReport) Count(f JobFate) {
	switch f.Fate {
	case UnknownSubmit:
		r.UnknownSubmit++
	case UnknownRuntime:
		r.UnknownRuntime++
	case UnknownProcs:
		r.UnknownProcs++
	case TooWide:
		r.TooWide++
	}
	if f.ProcsFallback {
		r.ProcsFallback++
	}
	if f.Fate != Kept {
		return
	}
	if f.MissingEstimate {
		r.MissingEstimate++
	}
	if f.RaisedEstimate {
		r.RaisedEstimate++
	}
	if f.Killed {
		r.Killed++
	}
	if f.ZeroRuntime {
		r.ZeroRuntime++
	}
}

// MaxEstimate returns the estimate PrepareJob gives a job without one under
// EstimateMaximum: the largest known estimate (0 ≤ reqTime ≤
// datasets.MaxDuration) of the log, or its largest known runtime (in the
// same range) when no estimate is known (−Inf when neither
// is); NaN under the other policies, which do not use it.
func (o Options) MaxEstimate(reqTime, runtime []float64) float64 {
	if o.MissingEstimate != EstimateMaximum {
		return math.NaN()
	}
	maxEst := math.Inf(-1)
	for _, r := range reqTime {
		if knownEstimate(r) {
			maxEst = max(maxEst, r)
		}
	}
	if math.IsInf(maxEst, -1) {
		for _, r := range runtime {
			if knownEstimate(r) {
				maxEst = max(maxEst, r)
			}
		}
	}
	return maxEst
}

// PrepareJob applies the policies of o to one job of a trace (submit time,
// runtime, allocated and requested processors, requested time: the SWF
// fields) on a machine of procs processors, maxEst being MaxEstimate of
// the log: the job Prepare makes of it (Submit, Runtime, Estimate and
// Procs set; a job wider than the machine has its width in Procs) and its
// fate. Prepare applies it to every job of a trace; a program that
// simulates the same rows many times applies it once per row.
func (o Options) PrepareJob(sub, run float64, alloc, req int, reqTime float64, procs int, maxEst float64) (Job, JobFate) {
	var f JobFate
	if !(math.Abs(sub) <= datasets.MaxTime) { // the reader's range: a hand-made trace may hold 1e300
		f.Fate = UnknownSubmit
		return Job{}, f
	}
	if !(run >= 0 && run <= datasets.MaxDuration) {
		f.Fate = UnknownRuntime
		return Job{}, f
	}
	w, alt := alloc, req
	if o.ProcsSource == RequestedProcs {
		w, alt = alt, w
	}
	if w <= 0 {
		if alt <= 0 {
			f.Fate = UnknownProcs
			return Job{}, f
		}
		w = alt
		f.ProcsFallback = true
	}
	if w > procs {
		f.Fate = TooWide
		return Job{Procs: w}, f
	}
	est := reqTime
	if !knownEstimate(est) {
		f.MissingEstimate = true
		if o.MissingEstimate == EstimateMaximum {
			est = max(maxEst, 0)
		} else {
			est = run
		}
	}
	if run > est {
		if o.Overrun == KillAtEstimate {
			run = est
			f.Killed = true
		} else {
			est = run
			f.RaisedEstimate = true
		}
	}
	f.ZeroRuntime = run == 0
	return Job{Submit: sub, Runtime: run, Estimate: est, Procs: w}, f
}

// knownEstimate says whether a requested time is an estimate: a number
// from 0 to datasets.MaxDuration, the reader's bound.
func knownEstimate(t float64) bool { return t >= 0 && t <= datasets.MaxDuration }

// Validate checks jobs against the invariants of Job on a machine of procs
// processors and returns an error naming the first bad job.
func Validate(jobs []Job, procs int) error {
	for i, j := range jobs {
		switch {
		case math.IsNaN(j.Submit) || math.IsInf(j.Submit, 0):
			return fmt.Errorf("sim: job %d (row %d): submit time %v", j.ID, i, j.Submit)
		case !(j.Runtime >= 0) || math.IsInf(j.Runtime, 1):
			return fmt.Errorf("sim: job %d (row %d): runtime %v, want finite and ≥ 0", j.ID, i, j.Runtime)
		case !(j.Estimate >= j.Runtime) || math.IsInf(j.Estimate, 1):
			return fmt.Errorf("sim: job %d (row %d): estimate %v, want finite and ≥ runtime %v", j.ID, i, j.Estimate, j.Runtime)
		case j.Procs < 1 || j.Procs > procs:
			return fmt.Errorf("sim: job %d (row %d): %d processors on a machine of %d", j.ID, i, j.Procs, procs)
		}
	}
	return nil
}
