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
	// schedule: datasets.Trace.Machine).
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
// Procs when set (datasets.SizeGiven), else tr.Machine() (the header's
// size, else the peak processors in use in the logged schedule).
func (o Options) Machine(tr *datasets.Trace) datasets.Machine {
	if o.Procs > 0 {
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
// under the policies of opts (see Options). It returns an error when a job
// is wider than the machine under ErrorWide, or when procs is not from 1 to
// MaxProcs.
func Prepare(tr *datasets.Trace, procs int, opts Options) ([]Job, PrepReport, error) {
	rep := PrepReport{Input: tr.Len()}
	if err := CheckProcs(procs); err != nil {
		return nil, rep, err
	}
	maxEst := math.NaN()
	if opts.MissingEstimate == EstimateMaximum {
		maxEst = math.Inf(-1)
		for _, r := range tr.ReqTime {
			if r >= 0 {
				maxEst = max(maxEst, r)
			}
		}
		if math.IsInf(maxEst, -1) {
			for _, r := range tr.Runtime {
				if r >= 0 {
					maxEst = max(maxEst, r)
				}
			}
		}
	}
	jobs := make([]Job, 0, tr.Len())
	for i := range tr.JobID {
		sub, run := tr.Submit[i], tr.Runtime[i]
		if !(math.Abs(sub) <= datasets.MaxTime) { // the reader's range: a hand-made trace may hold 1e300
			rep.UnknownSubmit++
			continue
		}
		if !(run >= 0 && run <= datasets.MaxDuration) {
			rep.UnknownRuntime++
			continue
		}
		w, alt := tr.Procs[i], tr.ReqProcs[i]
		if opts.ProcsSource == RequestedProcs {
			w, alt = alt, w
		}
		if w <= 0 {
			if alt <= 0 {
				rep.UnknownProcs++
				continue
			}
			w = alt
			rep.ProcsFallback++
		}
		if w > procs {
			if opts.Wide == ErrorWide {
				return nil, rep, fmt.Errorf("sim: job %d needs %d processors, the machine has %d",
					tr.JobID[i], w, procs)
			}
			rep.TooWide++
			continue
		}
		est := tr.ReqTime[i]
		if !(est >= 0) {
			rep.MissingEstimate++
			if opts.MissingEstimate == EstimateMaximum {
				est = max(maxEst, 0)
			} else {
				est = run
			}
		}
		if run > est {
			if opts.Overrun == KillAtEstimate {
				run = est
				rep.Killed++
			} else {
				est = run
				rep.RaisedEstimate++
			}
		}
		if run == 0 {
			rep.ZeroRuntime++
		}
		jobs = append(jobs, Job{ID: tr.JobID[i], User: tr.User[i], Submit: sub, Runtime: run,
			Estimate: est, Procs: w, Wait: tr.Wait[i]})
	}
	if !sort.SliceIsSorted(jobs, func(a, b int) bool { return jobs[a].Submit < jobs[b].Submit }) {
		sort.SliceStable(jobs, func(a, b int) bool { return jobs[a].Submit < jobs[b].Submit })
	}
	rep.Jobs = len(jobs)
	return jobs, rep, nil
}

// Validate checks jobs against the invariants of Job on a machine of procs
// processors and returns an error naming the first bad job.
func Validate(jobs []Job, procs int) error {
	for i, j := range jobs {
		switch {
		case math.IsNaN(j.Submit) || math.IsInf(j.Submit, 0):
			return fmt.Errorf("sim: job %d (row %d): submit time %v", j.ID, i, j.Submit)
		case !(j.Runtime >= 0) || math.IsInf(j.Runtime, 1):
			return fmt.Errorf("sim: job %d (row %d): runtime %v, want finite and ≥ 0", j.ID, i, j.Runtime)
		case !(j.Estimate >= j.Runtime):
			return fmt.Errorf("sim: job %d (row %d): estimate %v below runtime %v", j.ID, i, j.Estimate, j.Runtime)
		case j.Procs < 1 || j.Procs > procs:
			return fmt.Errorf("sim: job %d (row %d): %d processors on a machine of %d", j.ID, i, j.Procs, procs)
		}
	}
	return nil
}
