package datasets

import (
	"errors"
	"fmt"
	"iter"
	"math"
	"slices"
)

// SizeRule says where a machine size comes from.
type SizeRule int

const (
	// SizeUnknown: no size in the header and no logged schedule to infer
	// one from (no job with a known start, end and processor count): the
	// caller must give the size.
	SizeUnknown SizeRule = iota
	// SizeHeaderMaxProcs: the header's MaxProcs directive.
	SizeHeaderMaxProcs
	// SizeHeaderMaxNodes: the header's MaxNodes directive (no MaxProcs).
	SizeHeaderMaxNodes
	// SizePeakInUse: the header gives no size, so the size is inferred from
	// the log's own schedule: the most processors its jobs held at one
	// instant (PeakInUse), or the widest job if that is larger.
	SizePeakInUse
	// SizeGiven: the caller gave the size (e.g. the CLI's --procs).
	SizeGiven
)

// String describes the rule in words, for outputs.
func (r SizeRule) String() string {
	switch r {
	case SizeUnknown:
		return "unknown (no size in the header, no logged start and end times to infer one)"
	case SizeHeaderMaxProcs:
		return "header MaxProcs"
	case SizeHeaderMaxNodes:
		return "header MaxNodes"
	case SizePeakInUse:
		return "inferred: peak processors in use in the logged schedule (the header gives no size)"
	case SizeGiven:
		return "given (--procs)"
	}
	return fmt.Sprintf("SizeRule(%d)", int(r))
}

// Machine is a machine size, in processors, with the rule that gave it.
type Machine struct {
	Procs int
	Rule  SizeRule
}

// String returns e.g. "240 processors (header MaxProcs)".
func (m Machine) String() string { return fmt.Sprintf("%d processors (%s)", m.Procs, m.Rule) }

// ErrNoMachineSize is the error of an analysis that needs a machine size
// (a simulation, a utilisation) on a log whose size is SizeUnknown.
var ErrNoMachineSize = errors.New("the header gives no machine size (MaxProcs, MaxNodes) and the log has no start and end times to infer one")

// Machine returns the machine size of the log: the header's MaxProcs, else
// its MaxNodes, else the most processors in use at one instant of the
// logged schedule or the widest job, whichever is larger (SizePeakInUse);
// Procs 0 and SizeUnknown when no job has a known start, end and processor
// count.
//
// The widest job alone is not a machine size: a headerless log whose widest
// job takes 60 processors may have run on hundreds (METACENTRUM-2009-2),
// and a simulation on 60 saturates. The peak in use is a lower bound of the
// real size, since the machine held that many processors at one instant,
// unless the log is inconsistent (utilisation above 100%: several archive
// logs exceed their header's size at some instant).
func (t *Trace) Machine() Machine {
	if m, ok := headerMachine(t.Header); ok {
		return m
	}
	widest := 0
	for i := range t.Procs {
		widest = max(widest, t.JobProcs(i))
	}
	return inferredMachine(t.PeakInUse(), widest)
}

// headerMachine returns the machine size the header gives (MaxProcs, else
// MaxNodes).
func headerMachine(h Header) (Machine, bool) {
	switch {
	case h.MaxProcs > 0:
		return Machine{h.MaxProcs, SizeHeaderMaxProcs}, true
	case h.MaxNodes > 0:
		return Machine{h.MaxNodes, SizeHeaderMaxNodes}, true
	}
	return Machine{}, false
}

// inferredMachine is the size of a machine whose header gives none: the
// peak in use or the widest job, whichever is larger; unknown without a
// peak.
func inferredMachine(peak, widest int) Machine {
	if peak <= 0 {
		return Machine{0, SizeUnknown}
	}
	return Machine{max(peak, widest), SizePeakInUse}
}

// JobProcs returns the processors job i holds: the allocated ones (field
// 5), else the requested ones (field 8), else −1.
func (t *Trace) JobProcs(i int) int { return jobProcs(t.Procs[i], t.ReqProcs[i]) }

// jobProcs is JobProcs of a job's allocated and requested processors.
func jobProcs(procs, req int) int {
	switch {
	case procs > 0:
		return procs
	case req > 0:
		return req
	}
	return -1
}

// Usage is the number of processors the logged schedule holds over time,
// a step function: Procs[k] processors from Time[k] until Time[k+1] (the
// last step lasts until the last job ends and is 0).
type Usage struct {
	Time  []float64 // trace seconds, increasing
	Procs []int
}

// InUse returns the processors held over time by the logged schedule:
// job i holds JobProcs(i) processors from Start(i) to End(i). Jobs whose
// start or end is unknown, whose runtime is 0 or whose processor count is
// unknown hold nothing. At one instant, jobs end before others start.
func (t *Trace) InUse() Usage {
	evs := make([]usageEvent, 0, 2*t.Len())
	for i := range t.JobID {
		evs = appendUsage(evs, t.Start(i), t.End(i), t.JobProcs(i))
	}
	return usageOf(evs)
}

// InUseSteps yields the steps of InUse in time order, each as the time it
// begins (trace seconds) and the processors held from then until the next
// step, without building the usage. A trace whose jobs each start at or
// after the submit times of the jobs before it (a log sorted by submit
// time with no negative wait, as every log of the archive) is swept
// (peakSweep): only the events of the jobs queued or running at each
// submit time are held, or, when more than 2^20 wait at once, the events
// from then on in sorted runs (16 bytes each). Another trace's events are
// all held and sorted (32 bytes a job). InUse holds the events and the
// usage, 64 bytes a job: 640 MB for a log of 10 M jobs.
func (t *Trace) InUseSteps() iter.Seq2[float64, int] {
	return func(yield func(float64, int) bool) { t.inUseSteps(0, yield) }
}

// inUseSteps is InUseSteps with the sweep spilling beyond limit pending
// events (0: maxPending).
func (t *Trace) inUseSteps(limit int, yield func(float64, int) bool) {
	if !t.sweepable() {
		evs := make([]usageEvent, 0, 2*t.Len())
		for i := range t.JobID {
			evs = appendUsage(evs, t.Start(i), t.End(i), t.JobProcs(i))
		}
		sortUsage(evs)
		use := 0
		for k, ev := range evs {
			use += ev.d
			if k+1 < len(evs) && evs[k+1].t == ev.t {
				continue
			}
			if !yield(ev.t, use) {
				return
			}
		}
		return
	}
	sw := newPeakSweep()
	sw.limit, sw.step = limit, yield
	for i := range t.JobID {
		if sw.add(t.Submit[i], t.Start(i), t.End(i), t.JobProcs(i)); sw.stopped {
			return
		}
	}
	sw.result()
}

// sweepable reports whether peakSweep can take the trace's jobs in their
// order: no job that holds processors starts before the submit time of a
// job before it (the sweep's floor; peakSweep.add's test).
func (t *Trace) sweepable() bool {
	floor := math.Inf(-1)
	for i := range t.JobID {
		s, e := t.Start(i), t.End(i)
		if t.JobProcs(i) > 0 && e > s && !math.IsInf(s, 0) && !math.IsInf(e, 0) && s < floor {
			return false
		}
		if sub := t.Submit[i]; sub > floor && !math.IsInf(sub, 0) {
			floor = sub
		}
	}
	return true
}

// usageEvent is a change of the processors in use at time t: +d when a job
// starts, −d when it ends.
type usageEvent struct {
	t float64
	d int
}

// appendUsage adds the events of a job holding procs processors from start
// to end; a job with an unknown or empty interval or no processors holds
// nothing.
func appendUsage(evs []usageEvent, start, end float64, procs int) []usageEvent {
	if procs <= 0 || !(end > start) || math.IsInf(start, 0) || math.IsInf(end, 0) {
		return evs
	}
	return append(evs, usageEvent{start, procs}, usageEvent{end, -procs})
}

// sortUsage orders events by time, ends (negative) before starts.
func sortUsage(evs []usageEvent) {
	slices.SortFunc(evs, func(a, b usageEvent) int {
		switch {
		case a.t < b.t:
			return -1
		case a.t > b.t:
			return 1
		}
		return a.d - b.d
	})
}

// usageOf sorts the events (it reorders evs) and sums them into a usage;
// at one instant, jobs end before others start.
func usageOf(evs []usageEvent) Usage {
	sortUsage(evs)
	u := Usage{Time: make([]float64, 0, len(evs)), Procs: make([]int, 0, len(evs))}
	use := 0
	for k, ev := range evs {
		use += ev.d
		if k+1 < len(evs) && evs[k+1].t == ev.t {
			continue
		}
		u.Time = append(u.Time, ev.t)
		u.Procs = append(u.Procs, use)
	}
	return u
}

// Peak returns the largest number of processors in use and the first time
// it is reached (0 and NaN for no usage).
func (u Usage) Peak() (procs int, at float64) {
	at = math.NaN()
	for k, p := range u.Procs {
		if p > procs {
			procs, at = p, u.Time[k]
		}
	}
	return procs, at
}

// PeakInUse returns the most processors the logged schedule holds at one
// instant (InUse().Peak()). The jobs are swept in their order
// (peakSweep), holding only those queued or running at each submit time;
// only when one starts before an event already summed (jobs out of submit
// order) are all the events held and sorted (32 bytes a job: 320 MB for
// 10 M jobs).
func (t *Trace) PeakInUse() int {
	sw := newPeakSweep()
	for i := range t.JobID {
		if sw.add(t.Submit[i], t.Start(i), t.End(i), t.JobProcs(i)); sw.out {
			break
		}
	}
	if peak, ok := sw.result(); ok {
		return peak
	}
	evs := make([]usageEvent, 0, 2*t.Len())
	for i := range t.JobID {
		evs = appendUsage(evs, t.Start(i), t.End(i), t.JobProcs(i))
	}
	return peakOf(evs)
}

// peakOf returns the most processors in use at one instant (it reorders
// evs): Peak of usageOf without building the usage.
func peakOf(evs []usageEvent) int {
	sortUsage(evs)
	use, peak := 0, 0
	for k, ev := range evs {
		use += ev.d
		if k+1 < len(evs) && evs[k+1].t == ev.t {
			continue
		}
		peak = max(peak, use)
	}
	return peak
}

// ErrNoUsers is the error of a user analysis (sessions, user classes,
// similarity, resampling, feedback) on a log that has no user information:
// every job's user id is unknown (−1), as in LCG-2005-1.
var ErrNoUsers = errors.New("the log has no user information (every job's user id is −1): user analyses do not apply")

// HasUsers reports whether some job has a known user id (≥ 0).
func (t *Trace) HasUsers() bool {
	for _, u := range t.User {
		if u >= 0 {
			return true
		}
	}
	return false
}

// RequireUsers returns an error wrapping ErrNoUsers, naming the log, when
// the trace has jobs but none of them has a known user id; else nil.
func (t *Trace) RequireUsers() error {
	if t.Len() > 0 && !t.HasUsers() {
		return fmt.Errorf("log %q: %w", t.Name, ErrNoUsers)
	}
	return nil
}
