package datasets

import "math"

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
type peakSweep struct {
	pending   []usageEvent // a min-heap by time
	floor     float64      // the events before it are summed
	use, peak int
	// events counts the events added, also once out: a second pass,
	// holding them all, reserves as many.
	events int
	out    bool
}

func newPeakSweep() peakSweep { return peakSweep{floor: math.Inf(-1)} }

// add adds a job submitted at submit that holds procs processors from
// start to end (appendUsage's rules: an unknown or empty interval or no
// processors holds nothing), then sums the events before submit.
func (p *peakSweep) add(submit, start, end float64, procs int) {
	if procs > 0 && end > start && !math.IsInf(start, 0) && !math.IsInf(end, 0) {
		p.events += 2
		if start < p.floor {
			p.out, p.pending = true, nil
		}
		if !p.out {
			p.push(usageEvent{start, procs})
			p.push(usageEvent{end, -procs})
		}
	}
	if !p.out && submit > p.floor && !math.IsInf(submit, 0) {
		p.floor = submit
		p.sum()
	}
}

// sum sums the events before floor, all those of one instant before
// comparing with the peak (ends and starts at one time net out, as in
// peakOf).
func (p *peakSweep) sum() {
	for len(p.pending) > 0 && p.pending[0].t < p.floor {
		t := p.pending[0].t
		for len(p.pending) > 0 && p.pending[0].t == t {
			p.use += p.pop().d
		}
		p.peak = max(p.peak, p.use)
	}
}

// result returns the peak in use; ok is false when a job came out of
// order (out).
func (p *peakSweep) result() (peak int, ok bool) {
	if p.out {
		return 0, false
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
