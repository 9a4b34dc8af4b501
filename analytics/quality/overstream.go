package quality

import (
	"slices"
)

// overStream finds over_capacity's jobs on CheckStream's second reading
// without holding the usage steps above the machine's size (16 bytes a
// step: 302 MB on a log of 10 M jobs whose every step is above): the
// reading sweeps the usage again (datasets.StepSweep) and each job's
// decision waits until the sweep has passed its end. A job is over
// capacity when the time above capacity before its end exceeds that
// before its start (Check: aboveSteps.before(e) − before(s) > 0); both
// values are the same floats as aboveSteps.before's, the completed steps'
// lengths summed in time order. It holds the jobs whose end the sweep has
// not passed (those queued or running at the last submit time).
type overStream struct {
	capacity int
	n        int     // examples kept
	peakAt   float64 // the first time the peak is reached (the first reading's)

	started   bool
	t0        float64 // the first step's begin
	prevAt    float64 // the open step's begin
	prevProcs int     // and its processors
	upTo      float64 // time above capacity before prevAt

	queries queryHeap
	jobs    []overJob
	free    []int

	overJobs int
	atPeak   []overJob // the first n rows over capacity at peakAt, in row order
	lost     bool      // a query came after the sweep passed it
}

// overJob is a pending job: its row, number, start and end, and the time
// above capacity before its start once known.
type overJob struct {
	row, id      int
	s, e, before float64
	atPeak       bool
}

// query asks for the time above capacity before x for job (its start
// first, then its end).
type query struct {
	x   float64
	job int
	end bool
}

// queryHeap is a min-heap of queries by x (without container/heap's
// boxing: a query a job, twice).
type queryHeap []query

func (h *queryHeap) push(q query) {
	a := append(*h, q)
	k := len(a) - 1
	for k > 0 {
		up := (k - 1) / 2
		if !(a[k].x < a[up].x) {
			break
		}
		a[k], a[up] = a[up], a[k]
		k = up
	}
	*h = a
}

func (h *queryHeap) pop() query {
	a := *h
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	k := 0
	for {
		c := 2*k + 1
		if c >= n {
			break
		}
		if c+1 < n && a[c+1].x < a[c].x {
			c++
		}
		if !(a[c].x < a[k].x) {
			break
		}
		a[k], a[c] = a[c], a[k]
		k = c
	}
	*h = a
	return top
}

// add adds a job (start s < end e, holding processors) of row row; it is
// called before the job is handed to the sweep.
func (o *overStream) add(row, id int, s, e float64) {
	j := overJob{row: row, id: id, s: s, e: e, atPeak: s <= o.peakAt && o.peakAt < e}
	var k int
	if n := len(o.free); n > 0 {
		k = o.free[n-1]
		o.free = o.free[:n-1]
		o.jobs[k] = j
	} else {
		k = len(o.jobs)
		o.jobs = append(o.jobs, j)
	}
	o.ask(query{x: s, job: k})
}

// ask answers q now if the sweep has not begun or q is before its first
// step, else queues it until a step at or after q.x.
func (o *overStream) ask(q query) {
	if o.started && q.x <= o.prevAt {
		if q.x > o.t0 {
			o.lost = true // the steps before prevAt are not held
			return
		}
		o.answer(q, 0)
		return
	}
	o.queries.push(q)
}

// step is the sweep's step: the open step ends at at.
func (o *overStream) step(at float64, procs int) {
	for len(o.queries) > 0 && o.queries[0].x <= at {
		q := o.queries.pop()
		o.answer(q, o.before(q.x))
	}
	if !o.started {
		o.started, o.t0 = true, at
	} else if o.prevProcs > o.capacity {
		o.upTo += at - o.prevAt // aboveSteps.add's sum
	}
	o.prevAt, o.prevProcs = at, procs
}

// before is aboveSteps.before(x) for prevAt < x ≤ the next step's begin.
func (o *overStream) before(x float64) float64 {
	if o.started && o.prevProcs > o.capacity {
		return o.upTo + (x - o.prevAt)
	}
	return o.upTo
}

// finish answers the queries after the last step: the last step is
// never one above capacity in aboveSteps (no step ends it).
func (o *overStream) finish() {
	for len(o.queries) > 0 {
		o.answer(o.queries.pop(), o.upTo)
	}
}

func (o *overStream) answer(q query, v float64) {
	j := &o.jobs[q.job]
	if !q.end {
		j.before = v
		o.ask(query{x: j.e, job: q.job, end: true})
		return
	}
	if v-j.before > 0 {
		o.overJobs++
		if j.atPeak {
			k, _ := slices.BinarySearchFunc(o.atPeak, j.row, func(a overJob, row int) int { return a.row - row })
			if k < o.n {
				o.atPeak = slices.Insert(o.atPeak, k, *j)
				if len(o.atPeak) > o.n {
					o.atPeak = o.atPeak[:o.n]
				}
			}
		}
	}
	o.free = append(o.free, q.job)
}

// examples returns the job numbers of atPeak.
func (o *overStream) examples() []int {
	var ids []int
	for _, j := range o.atPeak {
		ids = append(ids, j.id)
	}
	return ids
}
