package feedback

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/tracelab/tracelab/sim"
)

// UserAware is a user-aware backfilling scheduler in the spirit of CREASY
// (Shmueli and Feitelson, IEEE TPDS 20(7), 2009; Feitelson 2021 §4.4, Figs.
// 19–21): it prioritises the jobs whose users are likely still waiting for
// them — jobs expected to be short and submitted recently — balanced
// against waiting time by a parameter α.
//
// At each scheduling pass every waiting job j gets the score
//
//	score_j = α · C_j + (1 − α) · w_j / w_max
//	C_j     = 1 / (1 + 0.05 · (w_j + e_j) / unit)
//
// where w_j is its wait so far, w_max the longest wait in the queue (the
// second term is 0 when w_max = 0), e_j its runtime estimate and unit
// ResponseUnit (minutes by default). C_j is the continuation probability
// of the distribution-based user model, 0.8 / (0.05·response + 1),
// divided by its maximum 0.8, for the response time the job would have if
// it started now: the chance that its user is still in session (2021
// Fig. 18: response time predicts whether the user continues). Jobs are
// then scheduled as by EASY in the order of decreasing score (ties by
// arrival): they start while the first fits; the first that does not
// fit gets the EASY reservation (sim.Engine.Shadow), and the others are
// backfilled if they fit and do not delay it.
//
// α = 0 orders jobs by waiting time, that is by arrival: the schedule of
// EASY (sim.EASY) exactly. α = 1 orders by responsiveness alone and may
// starve long jobs while short ones keep coming.
type UserAware struct {
	// Alpha is the weight of responsiveness, in [0, 1].
	Alpha float64
	// ResponseUnit is the unit of the response time in C_j, seconds;
	// 0 means DefaultResponseUnit (minutes).
	ResponseUnit float64

	order  []int
	ranked []ranked
	cand   []ranked
}

type ranked struct {
	score float64
	pos   int
	j     int
}

// The scheduler registry knows UserAware as "useraware" (α = 0.5) and
// "useraware:α" (α in [0, 1]): sim.New("useraware:0.2").
func init() { sim.Register("useraware", userAwareFamily) }

func userAwareFamily(param string) (sim.Factory, error) {
	alpha := 0.5
	if param != "" {
		var err error
		if alpha, err = strconv.ParseFloat(param, 64); err != nil || !(alpha >= 0 && alpha <= 1) {
			return nil, fmt.Errorf("useraware α %q, want a number in [0, 1]", param)
		}
	}
	return func() sim.Scheduler { return &UserAware{Alpha: alpha} }, nil
}

// Name returns the name sim.New knows the scheduler by, "useraware:α".
func (s *UserAware) Name() string { return fmt.Sprintf("useraware:%g", s.Alpha) }

// Schedule starts jobs in order of score, with EASY backfilling.
//
// For α > 0 it ranks only what the pass needs: the best-ranked jobs are
// taken from a heap while they fit (and the first that does not, the
// head; no heap when the best-ranked does not fit); the backfilling candidates are then only the jobs no wider than
// the free processors and either ending by the shadow time or no wider
// than the extra processors (free and extra only decrease during the
// pass), and only they are sorted. Ranks are a strict total order (score,
// then arrival), so this visits the jobs that can start in the order of a
// full sort.
func (s *UserAware) Schedule(e *sim.Engine) {
	if !(s.Alpha >= 0 && s.Alpha <= 1) {
		panic(fmt.Sprintf("feedback: UserAware.Alpha %v outside [0, 1]", s.Alpha))
	}
	q := e.Waiting()
	if len(q) == 0 || !anyFits(e, q) {
		return // in any order, nothing would start
	}
	if s.Alpha == 0 {
		s.order = append(s.order[:0], q...) // arrival order
		s.startAndBackfill(e, s.order)
		return
	}
	rk, best := s.score(e, q)
	var head int
	if e.Width(rk[best].j) > e.Free() {
		// The best-ranked job does not fit: it is the head.
		head = rk[best].j
		rk[best] = rk[len(rk)-1]
		rk = rk[:len(rk)-1]
	} else {
		// Start the best-ranked jobs while they fit.
		heapify(rk)
		for len(rk) > 0 && e.Width(rk[0].j) <= e.Free() {
			e.Start(rk[0].j)
			rk = heapPop(rk)
		}
		if len(rk) == 0 || e.Free() == 0 {
			return
		}
		head = rk[0].j
		rk = heapPop(rk)
	}
	shadow, extra := e.Shadow(e.Width(head))
	free, now := e.Free(), e.Now()
	cand := s.cand[:0]
	for _, r := range rk {
		// backfill skips the others: too wide, or too long for the
		// shadow and wider than the extra processors (which only
		// decrease too).
		if w := e.Width(r.j); w <= free && (now+e.Estimate(r.j) <= shadow || w <= extra) {
			cand = append(cand, r)
		}
	}
	s.cand = cand
	slices.SortFunc(cand, func(a, b ranked) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return a.pos - b.pos
	})
	s.order = s.order[:0]
	for _, r := range cand {
		s.order = append(s.order, r.j)
	}
	s.backfill(e, s.order, shadow, extra)
}

// startAndBackfill starts the jobs of order while they fit, then backfills
// the others behind the EASY reservation of the first that does not.
func (s *UserAware) startAndBackfill(e *sim.Engine, order []int) {
	i := 0
	for i < len(order) && e.Width(order[i]) <= e.Free() {
		e.Start(order[i])
		i++
	}
	if i == len(order) || e.Free() == 0 {
		return
	}
	shadow, extra := e.Shadow(e.Width(order[i]))
	s.backfill(e, order[i+1:], shadow, extra)
}

// backfill starts the jobs of order, in order, that fit and do not delay
// the reservation at shadow (or use no more than extra processors).
func (s *UserAware) backfill(e *sim.Engine, order []int, shadow float64, extra int) {
	now := e.Now()
	for _, j := range order {
		if e.Free() == 0 {
			return
		}
		w := e.Width(j)
		if w > e.Free() {
			continue
		}
		if now+e.Estimate(j) <= shadow {
			e.Start(j)
		} else if w <= extra {
			extra -= w
			e.Start(j)
		}
	}
}

// anyFits reports whether a job of q fits in the free processors: when
// none does, a pass starts nothing whatever the order.
func anyFits(e *sim.Engine, q []int) bool {
	free := e.Free()
	for _, j := range q {
		if e.Width(j) <= free {
			return true
		}
	}
	return false
}

// score returns the waiting jobs q (in arrival order) with their scores
// and arrival positions, unordered, and the index of the best-ranked.
func (s *UserAware) score(e *sim.Engine, q []int) (rk []ranked, best int) {
	unit := s.ResponseUnit
	if unit == 0 {
		unit = DefaultResponseUnit
	}
	now := e.Now()
	wmax := now - e.SubmitTime(q[0])
	for _, j := range q {
		wmax = max(wmax, now-e.SubmitTime(j)) // as math.Max: no NaN here, max(−0, 0) = 0
	}
	n := len(q)
	rk = slices.Grow(s.ranked[:0], n)[:n]
	s.ranked = rk
	for p, j := range q {
		w := now - e.SubmitTime(j)
		c := ContinuationProbability(w+e.Estimate(j), unit) / 0.8
		wn := 0.0
		if wmax > 0 {
			wn = w / wmax
		}
		rk[p] = ranked{s.Alpha*c + (1-s.Alpha)*wn, p, j}
		if before(rk[p], rk[best]) {
			best = p
		}
	}
	return rk, best
}

// before reports whether a ranks before b: higher score, ties by arrival.
func before(a, b ranked) bool {
	return a.score > b.score || (a.score == b.score && a.pos < b.pos)
}

// heapify makes h a heap whose root ranks first.
func heapify(h []ranked) {
	for i := len(h)/2 - 1; i >= 0; i-- {
		siftDown(h, i)
	}
}

// heapPop removes the root of heap h.
func heapPop(h []ranked) []ranked {
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	if n > 0 {
		siftDown(h, 0)
	}
	return h
}

func siftDown(h []ranked, i int) {
	n := len(h)
	for {
		c := 2*i + 1
		if c >= n {
			return
		}
		if c+1 < n && before(h[c+1], h[c]) {
			c++
		}
		if !before(h[c], h[i]) {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}
