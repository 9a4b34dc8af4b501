package zakay2014

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// naivePoolScheduler is the pool scheduler as first written (commit
// 57c232d): the pool of a job by a map of job numbers, each reservation
// by sorting the estimated ends of the pool's running jobs found among
// all running jobs, every pass over every waiting job. poolScheduler keeps
// each pool's estimated ends in a heap and ends a pass once no pool can
// start a job; TestPoolSchedulerMatchesNaive checks that they schedule
// alike.
type naivePoolScheduler struct {
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

// newNaivePoolScheduler is newPoolScheduler of the naive scheduler.
func newNaivePoolScheduler(t *datasets.Trace, pools []pool, easy bool) (sim.Factory, error) {
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
		s := &naivePoolScheduler{pools: pools, easy: easy, poolOfID: poolOfID, used: make([]int, n), dirty: make([]bool, n),
			resHead: make([]int, n), shadow: make([]float64, n), extra: make([]int, n), phase: make([]int, n), held: make([]bool, n)}
		for k := range s.resHead {
			s.resHead[k] = -1
		}
		return s
	}, nil
}

// Arrive records the pool of job j.
func (s *naivePoolScheduler) Arrive(e *sim.Engine, j int) {
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
func (s *naivePoolScheduler) Finish(e *sim.Engine, j int) {
	k := s.of[j]
	s.used[k] -= e.Width(j)
	s.dirty[k] = true
}

func (s *naivePoolScheduler) free(k int) int { return s.pools[k].procs - s.used[k] }

func (s *naivePoolScheduler) start(e *sim.Engine, j int) {
	e.Start(j)
	s.used[s.of[j]] += e.Width(j)
}

// Schedule scans the waiting jobs once in arrival order; each pool's jobs
// meet the pool's own FCFS or EASY pass.
func (s *naivePoolScheduler) Schedule(e *sim.Engine) {
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
func (s *naivePoolScheduler) reserve(e *sim.Engine, k, p int) (float64, int) {
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

// TestPoolSchedulerMatchesNaive: poolScheduler starts every job when
// naivePoolScheduler does, under EASY and FCFS, on CEA-Curie's three pools
// (the first 40,000 jobs of the log), the log as it is and under each
// feedback model (arrivals that depend on the schedule).
func TestPoolSchedulerMatchesNaive(t *testing.T) {
	tr, err := study.Log("CEA-Curie")
	if err != nil {
		t.Skip(err)
	}
	idx := make([]int, min(40000, tr.Len()))
	for i := range idx {
		idx[i] = i
	}
	w, err := feedback.NewWorkload(tr.Select(idx), feedback.WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pools := logPools["CEA-Curie"]
	for _, easy := range []bool{true, false} {
		fast, err := newPoolScheduler(w.Trace, pools, easy)
		if err != nil {
			t.Fatal(err)
		}
		naive, err := newNaivePoolScheduler(w.Trace, pools, easy)
		if err != nil {
			t.Fatal(err)
		}
		run := func(f sim.Factory, m feedback.Model) (*sim.Result, error) {
			if m == nil {
				return feedback.Conventional(w, f(), sim.EngineOptions{})
			}
			r, err := feedback.Simulate(w, f(), feedback.Options{Model: m, Seed: 7})
			if err != nil {
				return nil, err
			}
			return r.Sim, nil
		}
		for _, m := range []feedback.Model{nil, feedback.Adjusted{}, feedback.Distribution{}, feedback.Fluid{}} {
			name := fmt.Sprintf("easy=%v/%T", easy, m)
			got, err := run(fast, m)
			if err != nil {
				t.Fatal(name, err)
			}
			want, err := run(naive, m)
			if err != nil {
				t.Fatal(name, err)
			}
			if !slices.Equal(got.ID, want.ID) || !slices.Equal(got.Submit, want.Submit) || !slices.Equal(got.Start, want.Start) {
				t.Errorf("%s: the schedules differ", name)
			}
		}
	}
}

// TestPoolIDs: job numbers close together are looked up in a slice, far
// apart in a map, with the same pools; a number of no job has none.
func TestPoolIDs(t *testing.T) {
	for _, ids := range [][]int{{1, 2, 3, 4}, {7, 1 << 40, -5, 9}} {
		tr := datasets.NewTrace("ids", len(ids))
		for i, id := range ids {
			job := datasets.UnknownJob()
			job.JobID, job.Partition = id, 1+i%2
			tr.Append(job)
		}
		p, err := newPoolIDs(tr, twoPools)
		if err != nil {
			t.Fatal(err)
		}
		if dense := p.m == nil; dense != (ids[1] == 2) {
			t.Errorf("IDs %v: dense %v", ids, dense)
		}
		for i, id := range ids {
			if k, ok := p.of(id); !ok || k != i%2 {
				t.Errorf("IDs %v: pool of %d = %d, %v; want %d", ids, id, k, ok, i%2)
			}
		}
		if _, ok := p.of(ids[0] + 100); ok {
			t.Errorf("IDs %v: a pool for number %d of no job", ids, ids[0]+100)
		}
	}
}
