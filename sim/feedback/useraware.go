package feedback

import (
	"fmt"
	"math"
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
func (s *UserAware) Schedule(e *sim.Engine) {
	if !(s.Alpha >= 0 && s.Alpha <= 1) {
		panic(fmt.Sprintf("feedback: UserAware.Alpha %v outside [0, 1]", s.Alpha))
	}
	q := e.Waiting()
	if len(q) == 0 || !anyFits(e, q) {
		return // in any order, nothing would start
	}
	s.order = append(s.order[:0], q...) // arrival order
	if s.Alpha > 0 {
		s.sort(e)
	}
	order := s.order
	// Start jobs in order while they fit.
	i := 0
	for i < len(order) && e.Width(order[i]) <= e.Free() {
		e.Start(order[i])
		i++
	}
	if i == len(order) || e.Free() == 0 {
		return
	}
	head := order[i]
	shadow, extra := e.Shadow(e.Width(head))
	now := e.Now()
	for _, j := range order[i+1:] {
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

// sort orders s.order (in arrival order on entry) by decreasing score,
// ties by arrival.
func (s *UserAware) sort(e *sim.Engine) {
	unit := s.ResponseUnit
	if unit == 0 {
		unit = DefaultResponseUnit
	}
	now := e.Now()
	wmax := now - e.SubmitTime(s.order[0])
	for _, j := range s.order {
		wmax = math.Max(wmax, now-e.SubmitTime(j))
	}
	n := len(s.order)
	rk := slices.Grow(s.ranked[:0], n)[:n]
	s.ranked = rk
	for p, j := range s.order {
		w := now - e.SubmitTime(j)
		c := ContinuationProbability(w+e.Estimate(j), unit) / 0.8
		wn := 0.0
		if wmax > 0 {
			wn = w / wmax
		}
		rk[p] = ranked{s.Alpha*c + (1-s.Alpha)*wn, p, j}
	}
	slices.SortFunc(rk, func(a, b ranked) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return a.pos - b.pos
	})
	for p := range rk {
		s.order[p] = rk[p].j
	}
}
