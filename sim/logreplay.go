package sim

import (
	"math"
	"slices"
)

// LogReplay is the pseudo-scheduler that starts each job after its logged
// wait: at submit + wait, which is the logged start time in an open replay
// of the log. It validates the engine and the feedback simulation (where a
// job's submit time moves but its wait is kept).
//
// A job whose wait is unknown (NaN) starts at its arrival. A job whose
// logged start comes when too few processors are free (a logged schedule
// that uses more processors than the simulated machine has, or a machine
// size smaller than the log's) starts as soon as it fits; due jobs are
// tried in order of logged start, and a due job that does not fit does not
// block later ones. Both cases are counted.
//
// Jobs due at the same second start in the order of their job ids (the
// log's order), not of their arrival in the engine: a log records starts
// to the second only, and its jobs' order within a second decides whether
// they fit (a job of runtime 0 that started first frees its processors in
// the same second). In a feedback simulation jobs of equal submit times may
// reach the engine in another order than the log's.
type LogReplay struct {
	// UnknownWait counts the jobs whose logged wait was unknown.
	UnknownWait int
	// Delayed counts the jobs that started after their logged start.
	Delayed int

	due   []dueEntry // heap of (logged start, job id, job)
	ready []int      // due jobs that did not fit yet, by logged start
}

type dueEntry struct {
	t     float64
	id, j int
}

func dueLess(a, b dueEntry) bool {
	if a.t != b.t {
		return a.t < b.t
	}
	if a.id != b.id {
		return a.id < b.id
	}
	return a.j < b.j
}

func (s *LogReplay) loggedStart(e *Engine, j int) float64 {
	w := e.lwait[j]
	if math.IsNaN(w) || w < 0 {
		w = 0
	}
	return e.submit[j] + w
}

// Arrive records job j's logged start.
func (s *LogReplay) Arrive(e *Engine, j int) {
	if math.IsNaN(e.lwait[j]) {
		s.UnknownWait++
	}
	x := dueEntry{s.loggedStart(e, j), e.id[j], j}
	s.due = append(s.due, x)
	h := s.due
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !dueLess(x, h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = x
}

// Schedule starts the jobs whose logged start has come.
func (s *LogReplay) Schedule(e *Engine) {
	n := len(s.ready)
	for len(s.due) > 0 && s.due[0].t <= e.now {
		s.ready = append(s.ready, s.pop())
	}
	if n > 0 && len(s.ready) > n {
		// Jobs that came due now may precede, within a second, jobs that
		// were due and did not fit: keep the log's order.
		slices.SortStableFunc(s.ready, func(a, b int) int {
			x, y := dueEntry{s.loggedStart(e, a), e.id[a], a}, dueEntry{s.loggedStart(e, b), e.id[b], b}
			switch {
			case dueLess(x, y):
				return -1
			case dueLess(y, x):
				return 1
			}
			return 0
		})
	}
	k := 0
	for _, j := range s.ready {
		if e.width[j] <= e.free {
			if e.now > s.loggedStart(e, j) {
				s.Delayed++
			}
			e.Start(j)
		} else {
			s.ready[k] = j
			k++
		}
	}
	s.ready = s.ready[:k]
	if len(s.due) > 0 {
		e.WakeAt(s.due[0].t)
	}
}

func (s *LogReplay) pop() int {
	h := s.due
	top := h[0].j
	n := len(h) - 1
	x := h[n]
	h = h[:n]
	s.due = h
	if n == 0 {
		return top
	}
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && dueLess(h[r], h[l]) {
			m = r
		}
		if !dueLess(h[m], x) {
			break
		}
		h[i] = h[m]
		i = m
	}
	h[i] = x
	return top
}
