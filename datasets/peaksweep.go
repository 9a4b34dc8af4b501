package datasets

import (
	"cmp"
	"math"
)

// peakSweep finds the peak in use (peakOf) of jobs handed to it in submit
// order without holding their events: it keeps only the events not yet
// passed, those at or after the last submit time seen (a min-heap of the
// queued and running jobs' starts and ends), and sums the others as it
// goes. This holds when every job starts at or after the submit times of
// the jobs before it, as in every log of the archive, which is sorted by
// submit time and logs no negative wait. A job that starts before an event
// already summed cannot be placed: the sweep then gives up (out) and the
// peak is found again from all events (summarizeWith reads the log a
// second time). A tracelab info of 10 M jobs held 1 GB of events (two of
// 16 bytes a job, grown by append, and the garbage of its growth).
//
// When more than maxPending events wait at once (a log whose jobs are all
// submitted at one time: the heap then held them all, and 10 M jobs took
// three times the CPU of a sort), they and every later event are held in
// sorted runs instead (spill), summed from the use reached at floor at the
// end.
type peakSweep struct {
	pending   []usageEvent // a min-heap by time
	floor     float64      // the events before it are summed
	use, peak int
	out       bool
	spilled   bool
	spill     heldEvents // the events from floor on, once spilled
	limit     int        // the pending events that spill; 0: maxPending
	// step, when set, is called with each instant summed and the use
	// from it on (a step of usageOf), in time order; once it returns
	// false (stopped) nothing more is summed.
	step    func(t float64, use int) bool
	stopped bool
}

// maxPending bounds the events the sweep's heap holds (16 MiB).
const maxPending = 1 << 20

func newPeakSweep() peakSweep { return peakSweep{floor: math.Inf(-1)} }

// add adds a job submitted at submit that holds procs processors from
// start to end (appendUsage's rules: an unknown or empty interval or no
// processors holds nothing), then sums the events before submit.
func (p *peakSweep) add(submit, start, end float64, procs int) {
	if procs > 0 && end > start && !math.IsInf(start, 0) && !math.IsInf(end, 0) {
		if start < p.floor {
			p.out, p.pending = true, nil
		}
		switch {
		case p.out:
		case p.spilled:
			p.spill.add(start, end, procs)
		default:
			p.push(usageEvent{start, procs})
			p.push(usageEvent{end, -procs})
			if len(p.pending) > cmp.Or(p.limit, maxPending) {
				for _, ev := range p.pending {
					p.spill.addEvent(ev)
				}
				p.spilled, p.pending = true, nil
			}
		}
	}
	if !p.out && !p.spilled && submit > p.floor && !math.IsInf(submit, 0) {
		p.floor = submit
		p.sum()
	}
}

// sum sums the events before floor, all those of one instant before
// comparing with the peak (ends and starts at one time net out, as in
// peakOf).
func (p *peakSweep) sum() {
	for !p.stopped && len(p.pending) > 0 && p.pending[0].t < p.floor {
		t := p.pending[0].t
		for len(p.pending) > 0 && p.pending[0].t == t {
			p.use += p.pop().d
		}
		p.peak = max(p.peak, p.use)
		if p.step != nil && !p.step(t, p.use) {
			p.stopped = true
		}
	}
}

// result returns the peak in use; ok is false when a job came out of
// order (out).
func (p *peakSweep) result() (peak int, ok bool) {
	if p.out {
		return 0, false
	}
	if p.spilled {
		if p.stopped {
			return p.peak, true
		}
		return p.spill.peakFrom(p.use, p.peak, p.step), true
	}
	p.floor = math.Inf(1)
	p.sum()
	return p.peak, true
}

func (p *peakSweep) push(ev usageEvent) {
	h := append(p.pending, ev)
	k := len(h) - 1
	for k > 0 {
		up := (k - 1) / 2
		if !(h[k].t < h[up].t) {
			break
		}
		h[k], h[up] = h[up], h[k]
		k = up
	}
	p.pending = h
}

func (p *peakSweep) pop() usageEvent {
	h := p.pending
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	k := 0
	for {
		c := 2*k + 1
		if c >= n {
			break
		}
		if c+1 < n && h[c+1].t < h[c].t {
			c++
		}
		if !(h[c].t < h[k].t) {
			break
		}
		h[k], h[c] = h[c], h[k]
		k = c
	}
	p.pending = h
	return top
}

// heldEvents holds usage events in sorted runs of heldRun events: a slice
// grown by append kept up to a quarter more room than it held, and the
// garbage of each growth (a tracelab info of 10 M jobs from a pipe, whose
// events cannot be read twice, peaked at 1 GB for 320 MB of events).
type heldEvents struct {
	runs [][]usageEvent // each sorted once full (sortUsage)
	size int            // events a run; 0: heldRun
}

const heldRun = 1 << 16

func (h *heldEvents) add(start, end float64, procs int) {
	if procs <= 0 || !(end > start) || math.IsInf(start, 0) || math.IsInf(end, 0) {
		return
	}
	h.addEvent(usageEvent{start, procs})
	h.addEvent(usageEvent{end, -procs})
}

func (h *heldEvents) addEvent(ev usageEvent) {
	size := cmp.Or(h.size, heldRun)
	if len(h.runs) == 0 || len(h.runs[len(h.runs)-1]) >= size {
		if len(h.runs) > 0 {
			sortUsage(h.runs[len(h.runs)-1])
		}
		h.runs = append(h.runs, make([]usageEvent, 0, size))
	}
	last := &h.runs[len(h.runs)-1]
	*last = append(*last, ev)
}

// peak returns peakOf of all the events: the runs merged in time order
// (a min-heap of their heads), all the events of one instant summed
// before comparing with the peak.
func (h *heldEvents) peak() int { return h.peakFrom(0, 0, nil) }

// peakFrom is peak with use processors in use before the first event and
// a peak of peak reached before. When step is not nil it is called with
// each instant and the use from it on, in time order, until it returns
// false.
func (h *heldEvents) peakFrom(use, peak int, step func(t float64, use int) bool) int {
	if len(h.runs) == 0 {
		return peak
	}
	sortUsage(h.runs[len(h.runs)-1])
	heads := make([][]usageEvent, 0, len(h.runs))
	for _, r := range h.runs {
		if len(r) > 0 {
			heads = append(heads, r)
		}
	}
	less := func(a, b int) bool { return heads[a][0].t < heads[b][0].t }
	down := func(k int) {
		for {
			c := 2*k + 1
			if c >= len(heads) {
				return
			}
			if c+1 < len(heads) && less(c+1, c) {
				c++
			}
			if !less(c, k) {
				return
			}
			heads[k], heads[c] = heads[c], heads[k]
			k = c
		}
	}
	for k := len(heads)/2 - 1; k >= 0; k-- {
		down(k)
	}
	for len(heads) > 0 {
		t := heads[0][0].t
		for len(heads) > 0 && heads[0][0].t == t {
			use += heads[0][0].d
			if heads[0] = heads[0][1:]; len(heads[0]) == 0 {
				heads[0] = heads[len(heads)-1]
				heads = heads[:len(heads)-1]
			}
			down(0)
		}
		peak = max(peak, use)
		if step != nil && !step(t, use) {
			break
		}
	}
	return peak
}

// StepSweep yields the steps of Trace.InUseSteps of jobs handed to it one
// at a time, in the trace's row order, without a trace: a reader's stream
// (Scan) can be swept as it comes. It holds what InUseSteps' sweep holds
// (the events of the jobs queued or running at the last submit time, or
// sorted runs beyond 2^20 of them). The steps are InUse's only when no job
// that holds processors starts before the submit time of a job handed
// before it (every log of the archive): Close reports whether that held.
type StepSweep struct{ p peakSweep }

// NewStepSweep returns a sweep that calls step with each step's begin
// (trace seconds) and the processors held from then until the next step,
// in time order.
func NewStepSweep(step func(at float64, procs int)) *StepSweep {
	s := &StepSweep{p: newPeakSweep()}
	s.p.step = func(at float64, procs int) bool { step(at, procs); return true }
	return s
}

// Add hands the sweep the next job: it holds JobProcs processors from its
// start to its end, as in InUse.
func (s *StepSweep) Add(j *Job) {
	start := j.Submit + j.Wait
	s.p.add(j.Submit, start, start+j.Runtime, jobProcs(j.Procs, j.ReqProcs))
}

// Spilled reports whether the sweep holds its events in sorted runs
// (more than 2^20 were pending at once): its steps from then on are
// yielded only at Close.
func (s *StepSweep) Spilled() bool { return s.p.spilled }

// Close sums the events left and reports whether the steps were InUse's:
// false when a job came out of order (its start before an earlier job's
// submit time), and the steps yielded must then be thrown away.
func (s *StepSweep) Close() bool {
	_, ok := s.p.result()
	return ok
}
