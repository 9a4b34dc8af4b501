// Package saf is an example of a scheduler of one's own, written on
// package sim's public API as a user of tracelab would: EASY backfilling
// with the reservation given to the waiting job of the smallest area
// (runtime estimate × processors) instead of the first to arrive.
//
// Importing the package registers the scheduler as "saf", so that
// sim.New("saf") makes one and the tracelab command line of a program that
// imports it (cmd/saflab) runs it in simulate, sweep, feedback and compare.
package saf

import (
	"cmp"
	"slices"

	"github.com/tracelab/tracelab/sim"
)

func init() { sim.Register("saf", sim.Fixed(func() sim.Scheduler { return New() })) }

// PriorityEASY is EASY backfilling (Lifka 1995) over the waiting jobs
// ranked by Key (smaller first, ties by order of arrival): jobs start in
// that order while the first fits; when it does not, it gets a reservation
// at the shadow time (the earliest time enough processors free up if every
// running job runs until its estimate), and each later job in the ranking
// is started now if it fits and either ends by the shadow time or uses
// no more than the processors left over at that time.
//
// Everything is recomputed at every scheduling pass: simple, and fast
// enough for the archive's logs.
type PriorityEASY struct {
	// Key ranks the waiting jobs; nil is the order of arrival (plain EASY).
	Key func(e *sim.Engine, j int) float64
	// Label is the name reported by Name.
	Label string
}

// New returns smallest-area-first EASY.
func New() *PriorityEASY {
	return &PriorityEASY{Label: "saf", Key: func(e *sim.Engine, j int) float64 {
		return e.Estimate(j) * float64(e.Width(j))
	}}
}

// Name returns the name the scheduler is registered under.
func (s *PriorityEASY) Name() string { return s.Label }

// Schedule starts jobs in the ranking while the first fits, then
// backfills around its reservation.
func (s *PriorityEASY) Schedule(e *sim.Engine) {
	q := e.Waiting() // in order of arrival; a copy, ours to sort
	if s.Key != nil {
		slices.SortStableFunc(q, func(a, b int) int { return cmp.Compare(s.Key(e, a), s.Key(e, b)) })
	}
	i := 0
	for i < len(q) && e.Width(q[i]) <= e.Free() {
		e.Start(q[i])
		i++
	}
	if i == len(q) {
		return
	}
	shadow, extra := e.Shadow(e.Width(q[i]))
	for _, j := range q[i+1:] {
		w := e.Width(j)
		switch {
		case w > e.Free():
		case e.Now()+e.Estimate(j) <= shadow:
			e.Start(j)
		case w <= extra:
			extra -= w
			e.Start(j)
		}
	}
}
