package zakay2014

import (
	"fmt"
	"math"
	"slices"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// poolScheduler runs FCFS or EASY (backfilling in arrival order behind one
// reservation, as sim.EASY) separately on each pool of a machine whose
// processors are the pools' together: a job starts only on the free
// processors of its pool, and the reservation of a pool's first waiting
// job counts only that pool's running jobs. One engine runs every pool, so
// a feedback simulation keeps the dependencies between a user's batches on
// different pools. A poolScheduler holds the state of one simulation.
type poolScheduler struct {
	pools []pool
	easy  bool
	ids   poolIDs

	of   []int // pool of each engine job, filled at arrival
	used []int // processors in use per pool
	// Per pool: a job of the pool ended since the last pass; the job
	// the reservation was computed for (−1 none), its shadow time and
	// extra processors.
	dirty   []bool
	resHead []int
	shadow  []float64
	extra   []int
	// Per pass: how far each pool's scan got (poolHeads, poolBackfill,
	// poolBlocked), and whether a job of the pool is left waiting.
	phase []int
	held  []bool
	// waiting[k] is the number of pool k's jobs arrived and not started;
	// left[k], during a pass, that of those not yet scanned.
	waiting, left []int
	// ends[k] is a binary min-heap (by endLess) of the estimated ends of
	// pool k's running jobs; at[j] is running job j's place in its pool's
	// heap. walk is reserve's heap of places in ends[k].
	ends [][]runEnd
	at   []int32
	walk []int32
}

// runEnd is a running job's estimated end (start + estimate), the job
// and its processors.
type runEnd struct {
	t    float64
	j, w int
}

// endLess orders estimated ends by time, then job: a total order (no
// estimated end is NaN), so the order reserve walks them in is the sorted
// order whatever the heap's layout.
func endLess(a, b runEnd) bool { return a.t < b.t || a.t == b.t && a.j < b.j }

// poolIDs gives the pool of a job by its ID (the log's job number): a
// slice indexed by ID − lo when the IDs span at most a few times the
// number of jobs (the archive's logs number jobs 1, 2, …), else a map.
type poolIDs struct {
	lo    int
	dense []int8 // pool + 1; 0 for no job
	m     map[int]int
}

// newPoolIDs returns the pools of t's jobs (poolOf), an error when a job
// number appears in two pools.
func newPoolIDs(t *datasets.Trace, pools []pool) (poolIDs, error) {
	var p poolIDs
	if len(pools) > math.MaxInt8-1 {
		panic("zakay2014: more than 126 pools")
	}
	if n := t.Len(); n > 0 {
		lo, hi := slices.Min(t.JobID), slices.Max(t.JobID)
		if span := uint64(hi) - uint64(lo); span < uint64(4*n+1024) {
			p.lo, p.dense = lo, make([]int8, span+1)
		} else {
			p.m = make(map[int]int, n)
		}
	}
	for i, id := range t.JobID {
		k := poolOf(pools, t.Partition[i])
		if old, ok := p.of(id); ok && old != k {
			return poolIDs{}, fmt.Errorf("zakay2014: %s: job number %d in pools %s and %s", t.Name, id, pools[old].name, pools[k].name)
		}
		if p.m != nil {
			p.m[id] = k
		} else {
			p.dense[id-p.lo] = int8(k + 1)
		}
	}
	return p, nil
}

// of returns the pool of job number id; false when no job has it.
func (p *poolIDs) of(id int) (int, bool) {
	if p.m != nil {
		k, ok := p.m[id]
		return k, ok
	}
	if i := uint(id - p.lo); i < uint(len(p.dense)) && p.dense[i] != 0 {
		return int(p.dense[i]) - 1, true
	}
	return 0, false
}

const (
	poolHeads    = iota // starting the pool's first jobs while they fit
	poolBackfill        // EASY: behind the pool's reservation
	poolBlocked         // FCFS: the pool's first job does not fit
)

// newPoolScheduler returns the factory of poolSchedulers for the jobs of
// trace t on pools (EASY when easy, else FCFS); an error when a job number
// appears in two pools.
func newPoolScheduler(t *datasets.Trace, pools []pool, easy bool) (sim.Factory, error) {
	ids, err := newPoolIDs(t, pools)
	if err != nil {
		return nil, err
	}
	return func() sim.Scheduler {
		n := len(pools)
		s := &poolScheduler{pools: pools, easy: easy, ids: ids, used: make([]int, n), dirty: make([]bool, n),
			resHead: make([]int, n), shadow: make([]float64, n), extra: make([]int, n), phase: make([]int, n), held: make([]bool, n),
			waiting: make([]int, n), left: make([]int, n), ends: make([][]runEnd, n)}
		for k := range s.resHead {
			s.resHead[k] = -1
		}
		return s
	}, nil
}

// Arrive records the pool of job j.
func (s *poolScheduler) Arrive(e *sim.Engine, j int) {
	k, ok := s.ids.of(e.ID(j))
	if !ok {
		panic(fmt.Sprintf("zakay2014: job %d of no pool", e.ID(j)))
	}
	if j >= len(s.of) {
		s.of = append(s.of, make([]int, j+1-len(s.of))...)
		s.at = append(s.at, make([]int32, len(s.of)-len(s.at))...)
	}
	s.of[j] = k
	s.waiting[k]++
}

// Finish frees job j's processors in its pool.
func (s *poolScheduler) Finish(e *sim.Engine, j int) {
	k := s.of[j]
	s.used[k] -= e.Width(j)
	s.dirty[k] = true
	s.removeEnd(k, int(s.at[j]))
}

func (s *poolScheduler) free(k int) int { return s.pools[k].procs - s.used[k] }

func (s *poolScheduler) start(e *sim.Engine, j int) {
	e.Start(j)
	k := s.of[j]
	s.used[k] += e.Width(j)
	s.waiting[k]--
	s.pushEnd(k, runEnd{e.StartTime(j) + e.Estimate(j), j, e.Width(j)})
}

// pushEnd adds x to pool k's heap of estimated ends.
func (s *poolScheduler) pushEnd(k int, x runEnd) {
	s.ends[k] = append(s.ends[k], x)
	s.up(k, len(s.ends[k])-1)
}

// removeEnd removes the element at place i of pool k's heap.
func (s *poolScheduler) removeEnd(k, i int) {
	h := s.ends[k]
	n := len(h) - 1
	if i != n {
		h[i] = h[n]
		s.at[h[i].j] = int32(i)
	}
	s.ends[k] = h[:n]
	if i != n {
		s.down(k, i)
		s.up(k, i)
	}
}

func (s *poolScheduler) up(k, i int) {
	h := s.ends[k]
	x := h[i]
	for i > 0 {
		p := (i - 1) / 2
		if !endLess(x, h[p]) {
			break
		}
		h[i] = h[p]
		s.at[h[i].j] = int32(i)
		i = p
	}
	h[i] = x
	s.at[x.j] = int32(i)
}

func (s *poolScheduler) down(k, i int) {
	h := s.ends[k]
	n := len(h)
	x := h[i]
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && endLess(h[c+1], h[c]) {
			c++
		}
		if !endLess(h[c], x) {
			break
		}
		h[i] = h[c]
		s.at[h[i].j] = int32(i)
		i = c
	}
	h[i] = x
	s.at[x.j] = int32(i)
}

// Schedule scans the waiting jobs once in arrival order; each pool's jobs
// meet the pool's own FCFS or EASY pass. The scan stops when no pool can
// start any of its jobs still to scan: every pool has none left, or has
// met its first job that does not fit (FCFS), or its reservation with
// no processor free (EASY) — what the rest of the scan would do is
// nothing.
func (s *poolScheduler) Schedule(e *sim.Engine) {
	live := 0
	for k := range s.phase {
		s.phase[k], s.held[k] = poolHeads, false
		s.left[k] = s.waiting[k]
		if s.left[k] > 0 {
			live++
		}
	}
	for _, j := range e.Waiting() {
		if live == 0 {
			break
		}
		k, w := s.of[j], e.Width(j)
		s.left[k]--
		switch s.phase[k] {
		case poolHeads:
			if w <= s.free(k) {
				s.start(e, j)
				break
			}
			s.held[k] = true
			if !s.easy {
				s.phase[k] = poolBlocked
				live-- // nothing more of this pool starts in this pass
				continue
			}
			s.phase[k] = poolBackfill
			if s.dirty[k] || s.resHead[k] != j {
				s.shadow[k], s.extra[k] = s.reserve(k, w)
				s.resHead[k] = j
			}
		case poolBackfill:
			if w > s.free(k) {
				break
			}
			if e.Now()+e.Estimate(j) <= s.shadow[k] {
				s.start(e, j)
			} else if w <= s.extra[k] {
				s.extra[k] -= w
				s.start(e, j)
			}
		case poolBlocked:
			continue
		}
		if s.left[k] == 0 || s.phase[k] == poolBackfill && s.free(k) == 0 {
			// Every job has at least one processor: none of the
			// pool's jobs left can start in this pass.
			s.phase[k] = poolBlocked
			live--
		}
	}
	for k := range s.dirty {
		s.dirty[k] = false
		if !s.held[k] {
			s.resHead[k] = -1
		}
	}
}

// reserve returns the shadow time of p processors of pool k — the
// earliest time they are free if every running job of the pool runs to its
// estimate — and the pool's processors free then beyond p (sim.Engine's
// Shadow, on one pool). It walks the pool's estimated ends in order
// (endLess) from the heap, through a heap of the places next in order,
// until enough processors are free, then takes every job ending at that
// same time.
func (s *poolScheduler) reserve(k, p int) (float64, int) {
	h := s.ends[k]
	walk := s.walk[:0]
	less := func(a, b int32) bool { return endLess(h[a], h[b]) }
	push := func(i int) {
		if i >= len(h) {
			return
		}
		walk = append(walk, int32(i))
		for c := len(walk) - 1; c > 0; {
			q := (c - 1) / 2
			if !less(walk[c], walk[q]) {
				break
			}
			walk[c], walk[q] = walk[q], walk[c]
			c = q
		}
	}
	pop := func() int {
		top, n := walk[0], len(walk)-1
		walk[0] = walk[n]
		walk = walk[:n]
		for i := 0; ; {
			c := 2*i + 1
			if c >= n {
				break
			}
			if c+1 < n && less(walk[c+1], walk[c]) {
				c++
			}
			if !less(walk[c], walk[i]) {
				break
			}
			walk[i], walk[c] = walk[c], walk[i]
			i = c
		}
		return int(top)
	}
	defer func() { s.walk = walk[:0] }()
	avail := s.free(k)
	push(0)
	for len(walk) > 0 {
		i := pop()
		avail += h[i].w
		push(2*i + 1)
		push(2*i + 2)
		if avail >= p {
			t := h[i].t
			for len(walk) > 0 && h[walk[0]].t == t {
				i = pop()
				avail += h[i].w
				push(2*i + 1)
				push(2*i + 2)
			}
			return t, avail - p
		}
	}
	panic("zakay2014: a pool's shadow time not found")
}
