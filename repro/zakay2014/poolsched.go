package zakay2014

import (
	"fmt"
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
	// poolOfID is the pool of each job, by its ID (the log's job number).
	poolOfID map[int]int

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
	poolOfID := make(map[int]int, t.Len())
	for i, id := range t.JobID {
		k := poolOf(pools, t.Partition[i])
		if old, ok := poolOfID[id]; ok && old != k {
			return nil, fmt.Errorf("zakay2014: %s: job number %d in pools %s and %s", t.Name, id, pools[old].name, pools[k].name)
		}
		poolOfID[id] = k
	}
	return func() sim.Scheduler {
		n := len(pools)
		s := &poolScheduler{pools: pools, easy: easy, poolOfID: poolOfID, used: make([]int, n), dirty: make([]bool, n),
			resHead: make([]int, n), shadow: make([]float64, n), extra: make([]int, n), phase: make([]int, n), held: make([]bool, n)}
		for k := range s.resHead {
			s.resHead[k] = -1
		}
		return s
	}, nil
}

// Arrive records the pool of job j.
func (s *poolScheduler) Arrive(e *sim.Engine, j int) {
	k, ok := s.poolOfID[e.ID(j)]
	if !ok {
		panic(fmt.Sprintf("zakay2014: job %d of no pool", e.ID(j)))
	}
	if j >= len(s.of) {
		s.of = append(s.of, make([]int, j+1-len(s.of))...)
	}
	s.of[j] = k
}

// Finish frees job j's processors in its pool.
func (s *poolScheduler) Finish(e *sim.Engine, j int) {
	k := s.of[j]
	s.used[k] -= e.Width(j)
	s.dirty[k] = true
}

func (s *poolScheduler) free(k int) int { return s.pools[k].procs - s.used[k] }

func (s *poolScheduler) start(e *sim.Engine, j int) {
	e.Start(j)
	s.used[s.of[j]] += e.Width(j)
}

// Schedule scans the waiting jobs once in arrival order; each pool's jobs
// meet the pool's own FCFS or EASY pass.
func (s *poolScheduler) Schedule(e *sim.Engine) {
	for k := range s.phase {
		s.phase[k], s.held[k] = poolHeads, false
	}
	for _, j := range e.Waiting() {
		k, w := s.of[j], e.Width(j)
		switch s.phase[k] {
		case poolHeads:
			if w <= s.free(k) {
				s.start(e, j)
				continue
			}
			s.held[k] = true
			if !s.easy {
				s.phase[k] = poolBlocked
				continue
			}
			s.phase[k] = poolBackfill
			if s.dirty[k] || s.resHead[k] != j {
				s.shadow[k], s.extra[k] = s.reserve(e, k, w)
				s.resHead[k] = j
			}
		case poolBackfill:
			if w > s.free(k) {
				continue
			}
			if e.Now()+e.Estimate(j) <= s.shadow[k] {
				s.start(e, j)
			} else if w <= s.extra[k] {
				s.extra[k] -= w
				s.start(e, j)
			}
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
// Shadow, on one pool).
func (s *poolScheduler) reserve(e *sim.Engine, k, p int) (float64, int) {
	type end struct {
		t float64
		j int
	}
	var ends []end
	for _, j := range e.Running() {
		if s.of[j] == k {
			ends = append(ends, end{e.StartTime(j) + e.Estimate(j), j})
		}
	}
	slices.SortFunc(ends, func(a, b end) int {
		if a.t != b.t {
			if a.t < b.t {
				return -1
			}
			return 1
		}
		return a.j - b.j
	})
	avail := s.free(k)
	for i := 0; i < len(ends); i++ {
		avail += e.Width(ends[i].j)
		if avail >= p {
			for i+1 < len(ends) && ends[i+1].t == ends[i].t {
				i++
				avail += e.Width(ends[i].j)
			}
			return ends[i].t, avail - p
		}
	}
	panic("zakay2014: a pool's shadow time not found")
}
