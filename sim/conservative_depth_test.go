package sim

import (
	"math"
	"slices"
	"sort"
	"testing"

	"pgregory.net/rapid"
)

// refConservativeDepth is refConservative with at most depth reservations,
// held by the first waiting jobs in order of arrival: after each start the
// next jobs get theirs, as arrivals do.
type refConservativeDepth struct {
	refConservative
	depth int
}

func (s *refConservativeDepth) Schedule(e *Engine) {
	if s.res == nil {
		s.res = map[int]float64{}
		s.seen = map[int]bool{}
	}
	if s.early {
		s.early = false
		for _, j := range e.Waiting() {
			if r, ok := s.res[j]; ok && r > e.Now() {
				if t := s.fit(e, j); t < r {
					s.res[j] = t
				}
			}
		}
	}
	for {
		for _, j := range e.Waiting() {
			if !s.seen[j] && len(s.res) < s.depth {
				s.seen[j] = true
				s.res[j] = s.fit(e, j)
			}
		}
		var due []int
		for _, j := range e.Waiting() {
			if r, ok := s.res[j]; ok && r <= e.Now() {
				due = append(due, j)
			}
		}
		if len(due) == 0 {
			break
		}
		sort.SliceStable(due, func(a, b int) bool { return s.res[due[a]] < s.res[due[b]] })
		for _, j := range due {
			delete(s.res, j)
			e.Start(j)
		}
	}
	next := math.Inf(1)
	for _, r := range s.res {
		next = min(next, r)
	}
	if !math.IsInf(next, 1) {
		e.WakeAt(next)
	}
}

// With a depth at least the number of jobs, the bounded scheduler is the
// exact one.
func TestPropertyConservativeDepthLarge(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		jobs, procs := genWorkload(t)
		depth := len(jobs) + rapid.IntRange(0, 3).Draw(t, "extra")
		if depth == 0 {
			depth = 1
		}
		a, _ := runCounting(t, jobs, procs, &Conservative{})
		b, _ := runCounting(t, jobs, procs, &Conservative{Depth: depth})
		if !slices.Equal(a.Start, b.Start) {
			t.Fatalf("depth %d: starts %v, exact %v", depth, b.Start, a.Start)
		}
	})
}

// Any depth: the usual invariants; at most Depth reservations, held by the
// first waiting jobs in order of arrival; every job starts at its
// reservation, which never moved later; the same schedule as the plain
// reference.
func TestPropertyConservativeDepth(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		jobs, procs := genWorkload(t)
		depth := rapid.IntRange(1, 6).Draw(t, "depth")
		first := map[int]float64{}
		last := map[int]float64{}
		var e *Engine
		s := &Conservative{Depth: depth, onReserve: func(j int, r float64) {
			if l, ok := last[j]; ok && r > l {
				t.Fatalf("job %d: reservation moved later, %v → %v", j, l, r)
			}
			if _, ok := first[j]; !ok {
				first[j] = r
				held, seenJ := 0, false
				for _, k := range e.Waiting() { // in order of arrival
					seenJ = seenJ || k == j
					if _, ok := first[k]; ok {
						held++
					} else if !seenJ {
						t.Fatalf("job %d reserved before job %d, which arrived earlier", j, k)
					}
				}
				if held > depth {
					t.Fatalf("%d reservations, depth %d", held, depth)
				}
			}
			last[j] = r
		}}
		var err error
		e, err = NewEngine(procs, s, EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		ends := make([]int, len(jobs))
		e.OnFinish = func(e *Engine, j int) { ends[j]++ }
		e.SubmitAll(jobs)
		if err := e.Run(); err != nil {
			t.Fatal(err)
		}
		r := e.Result()
		checkCommon(t, r, ends, procs)
		for j := range r.ID {
			if r.Start[j] != last[j] || r.Start[j] > first[j] {
				t.Fatalf("job %d started at %v, reservations first %v, last %v", j, r.Start[j], first[j], last[j])
			}
		}
		ref, _ := runCounting(t, jobs, procs, &refConservativeDepth{depth: depth})
		if !slices.Equal(r.Start, ref.Start) {
			t.Fatalf("depth %d: starts %v, reference %v", depth, r.Start, ref.Start)
		}
	})
}

func TestConservativeDepthNames(t *testing.T) {
	for _, c := range []struct {
		name  string
		depth int // −1: an error
	}{
		{"conservative", 0},
		{"conservative:1", 1},
		{"Conservative:1000", 1000},
		{"conservative:0", -1},
		{"conservative:-3", -1},
		{"conservative:", -1},
		{"conservative:2.5", -1},
	} {
		s, err := New(c.name)
		if c.depth < 0 {
			if err == nil {
				t.Errorf("New(%q) accepted", c.name)
			}
			continue
		}
		if err != nil {
			t.Errorf("New(%q): %v", c.name, err)
			continue
		}
		cs, ok := s.(*Conservative)
		if !ok || cs.Depth != c.depth {
			t.Errorf("New(%q) = %#v, want Conservative with depth %d", c.name, s, c.depth)
			continue
		}
		if got, _ := New(SchedulerName(s)); got.(*Conservative).Depth != c.depth {
			t.Errorf("SchedulerName(New(%q)) = %q does not name it", c.name, SchedulerName(s))
		}
	}
}

// A hand-worked schedule on 2 processors, all jobs arriving at 0: A (1
// proc, 10 s) starts; B (2 procs, 10 s) is reserved [10, 20); C (1 proc,
// 5 s) fits now beside A. Exact conservative (and any depth ≥ 2, which
// reserves C while B waits) backfills C at 0. With depth 1 only B holds a
// reservation while it waits, so C cannot backfill: it is reserved when B
// starts, after B, at 20.
func TestConservativeDepthSchedule(t *testing.T) {
	jobs := []Job{
		{ID: 1, Submit: 0, Runtime: 10, Estimate: 10, Procs: 1},
		{ID: 2, Submit: 0, Runtime: 10, Estimate: 10, Procs: 2},
		{ID: 3, Submit: 0, Runtime: 5, Estimate: 5, Procs: 1},
	}
	for _, c := range []struct {
		depth int
		want  []float64
	}{
		{0, []float64{0, 10, 0}},
		{1, []float64{0, 10, 20}},
		{2, []float64{0, 10, 0}},
	} {
		r, err := Run(jobs, 2, &Conservative{Depth: c.depth}, EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Start, c.want) {
			t.Errorf("depth %d: starts %v, want %v", c.depth, r.Start, c.want)
		}
	}
}
