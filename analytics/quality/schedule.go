package quality

import (
	"math"
	"sort"

	"github.com/tracelab/tracelab/datasets"
)

// schedule is what over_capacity and machine_change need of the logged
// schedule (datasets.Trace.InUse), gathered in one sweep of its steps
// (Trace.InUseSteps) without holding the usage: the usage of a log of
// 10 M jobs took 640 MB, and check's allocations beyond the trace's
// 1.2 GB raised its peak to 2.5 GB.
type schedule struct {
	steps    int     // steps of the usage
	t0, last float64 // times of its first and last step
	// peaks are the monthly peaks of processors in use, capped at the
	// ceiling (machineChange's bins, 30 days from t0); binsOut is set
	// when a step falls beyond 2^20 bins, where machineChange gives up.
	peaks   []int
	binsOut bool
	// above holds the steps above the capacity (over_capacity); peak is
	// the most processors above it, first reached at peakAt, and first
	// the time of the first step above it (NaN: none).
	above         aboveSteps
	aboveTime     float64 // the time above capacity: the steps' lengths summed in time order (held or not)
	peak          int
	peakAt, first float64
}

// maxBins is the most monthly bins machineChange looks at.
const maxBins = 1 << 20

// sweepSchedule sweeps t's usage steps. Steps above capacity are held for
// over_capacity; ceiling caps the monthly peaks.
func sweepSchedule(t *datasets.Trace, capacity, ceiling int) *schedule {
	s := newSchedule(capacity, ceiling)
	for at, procs := range t.InUseSteps() {
		s.step(at, procs)
	}
	return s.schedule
}

// scheduleSweep builds a schedule from the usage steps handed to step in
// time order (Trace.InUseSteps, or datasets.StepSweep on a stream).
type scheduleSweep struct {
	*schedule
	capacity, ceiling int
	noHold            bool // above is not held (CheckStream: its second reading sweeps them again)
	prevAt            float64
	prevProcs         int
}

func newSchedule(capacity, ceiling int) *scheduleSweep {
	return &scheduleSweep{schedule: &schedule{first: math.NaN()}, capacity: capacity, ceiling: ceiling}
}

// step adds the usage step that begins at at and holds procs processors.
func (w *scheduleSweep) step(at float64, procs int) {
	s := w.schedule
	if s.steps == 0 {
		s.t0 = at
	} else if w.prevProcs > w.capacity {
		s.aboveTime += at - w.prevAt // aboveSteps.add's sum, in the same order
		if !w.noHold {
			s.above.add(w.prevAt, at)
		}
	}
	s.steps++
	s.last, w.prevAt, w.prevProcs = at, at, procs
	if procs > w.capacity {
		if math.IsNaN(s.first) {
			s.first = at
		}
		if procs > s.peak {
			s.peak, s.peakAt = procs, at
		}
	}
	if s.binsOut {
		return
	}
	b := int((at - s.t0) / month)
	if b < 0 || b >= maxBins {
		s.binsOut = true
		s.peaks = nil
		return
	}
	for len(s.peaks) <= b {
		s.peaks = append(s.peaks, 0)
	}
	s.peaks[b] = max(s.peaks[b], min(procs, w.ceiling))
}

// aboveSteps holds the usage steps above capacity, in time order: the
// time each begins, the time above capacity up to its end (a prefix sum,
// adding the steps' lengths in time order), and the end of each run of
// consecutive steps (a step's end is the next one's begin within a run).
// 16 bytes a step and 16 a run, in blocks that are never copied.
type aboveSteps struct {
	begin, upTo chunks[float64]
	runLast     chunks[int] // the last step of each run
	runEnd      chunks[float64]
}

// add adds the step from begin to end (begin > the last step's begin).
func (a *aboveSteps) add(begin, end float64) {
	n := a.begin.len()
	before := 0.0
	if n > 0 {
		before = a.upTo.at(n - 1)
	}
	a.begin.add(begin)
	a.upTo.add(before + (end - begin))
	if r := a.runEnd.len(); r > 0 && a.runLast.at(r-1) == n-1 && a.runEnd.at(r-1) == begin {
		a.runLast.set(r-1, n)
		a.runEnd.set(r-1, end)
		return
	}
	a.runLast.add(n)
	a.runEnd.add(end)
}

// end returns the end of step q.
func (a *aboveSteps) end(q int) float64 {
	r := sort.Search(a.runLast.len(), func(k int) bool { return a.runLast.at(k) >= q })
	if a.runLast.at(r) == q {
		return a.runEnd.at(r)
	}
	return a.begin.at(q + 1)
}

// before returns the time above capacity before x: the steps that end by
// x, and the part before x of the step that holds x (begin < x ≤ end).
// The sums are those of a prefix sum over every usage step (the same terms
// in the same order), so the floats are the same.
func (a *aboveSteps) before(x float64) float64 {
	p := sort.Search(a.begin.len(), func(k int) bool { return a.begin.at(k) >= x })
	if p == 0 {
		return 0
	}
	q := p - 1 // the last step that begins before x
	if x > a.end(q) {
		return a.upTo.at(q)
	}
	v := 0.0
	if q > 0 {
		v = a.upTo.at(q - 1)
	}
	return v + (x - a.begin.at(q))
}

// chunkLen is the length of a chunks block (512 KiB of float64).
const chunkLen = 1 << 16

// chunks is a list grown in blocks of chunkLen values, never copied
// beyond the first block: a
// slice grown by append to n values allocates about 5n in all (it grows
// by a quarter at a time), which on a log of 10 M jobs would lift check's
// allocations beyond the trace's size and bring the garbage collector's
// doubling into play.
type chunks[T any] struct {
	blocks [][]T
	n      int
}

func (c *chunks[T]) len() int       { return c.n }
func (c *chunks[T]) at(i int) T     { return c.blocks[i/chunkLen][i%chunkLen] }
func (c *chunks[T]) set(i int, v T) { c.blocks[i/chunkLen][i%chunkLen] = v }

func (c *chunks[T]) add(v T) {
	if len(c.blocks) == 0 || len(c.blocks[len(c.blocks)-1]) == chunkLen {
		size := chunkLen
		if len(c.blocks) == 0 {
			size = 0 // the first block grows by append: most logs have few steps above capacity
		}
		c.blocks = append(c.blocks, make([]T, 0, size))
	}
	b := &c.blocks[len(c.blocks)-1]
	*b = append(*b, v)
	c.n++
}
