// Package fairshare is a second example of a scheduler of one's own, of
// another kind than package saf's: a fair-share priority with EASY
// backfilling, whose ranking of the waiting jobs changes as jobs end, so
// that no static sim.Order can express it (go doc sim.Order).
//
// Each user has a usage: the processor-seconds of the user's jobs that have
// ended, each charged when it ends and decaying by half every HalfLife
// seconds after (the decayed usage of Slurm's multifactor priority,
// without its other factors). The waiting jobs are ranked by their user's
// usage now, least first, ties by order of arrival; jobs start in that
// ranking while the first fits, then the first gets a reservation at the
// shadow time and the others are backfilled around it as in EASY (Lifka
// 1995). Jobs of unknown user (−1) share one usage.
//
// Importing the package registers the family "fairshare" (half-life one
// day) and "fairshare:H" (half-life H hours, H > 0), so that sim.New and
// every tool built on sim (the tracelab command line of a program that
// imports it) can run it.
package fairshare

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/tracelab/tracelab/sim"
)

// DefaultHalfLife is the half-life of the usage of the bare name
// "fairshare": one day, in seconds.
const DefaultHalfLife = 24 * 3600.0

func init() { sim.Register("fairshare", Family) }

// Family makes the schedulers of the names "fairshare" (half-life
// DefaultHalfLife) and "fairshare:H" (H hours, a positive finite number).
func Family(param string) (sim.Factory, error) {
	halfLife := DefaultHalfLife
	if param != "" {
		h, err := strconv.ParseFloat(param, 64)
		if err != nil || !(h > 0) || math.IsInf(h, 0) || h*3600 > math.MaxFloat64/2 {
			return nil, fmt.Errorf("fairshare: half-life %q is not a positive number of hours", param)
		}
		halfLife = h * 3600
	}
	return func() sim.Scheduler { return &FairShare{HalfLife: halfLife} }, nil
}

// FairShare is the fair-share scheduler of the package doc. The zero value
// has the half-life DefaultHalfLife. A FairShare holds the state of one
// simulation; Reset makes it ready for another.
type FairShare struct {
	// HalfLife is the time, in seconds, in which a user's usage halves;
	// 0 means DefaultHalfLife.
	HalfLife float64

	usage  map[int]account // by user
	ranked []rankedJob     // scratch of Schedule
}

// account is a user's usage: Used processor-seconds as of time At.
type account struct{ Used, At float64 }

type rankedJob struct {
	j     int
	usage float64
}

// Name returns the name sim.New knows the scheduler by: "fairshare" for
// the default half-life, else "fairshare:H" with H in hours.
func (s *FairShare) Name() string {
	if s.halfLife() == DefaultHalfLife {
		return "fairshare"
	}
	return "fairshare:" + strconv.FormatFloat(s.halfLife()/3600, 'g', -1, 64)
}

func (s *FairShare) halfLife() float64 {
	if s.HalfLife == 0 {
		return DefaultHalfLife
	}
	return s.HalfLife
}

// Usage returns user u's usage at time t ≥ its last charge, in
// processor-seconds.
func (s *FairShare) Usage(u int, t float64) float64 {
	a, ok := s.usage[u]
	if !ok {
		return 0
	}
	return a.Used * math.Exp2(-(t-a.At)/s.halfLife())
}

// Finish charges job j's processor-seconds to its user (sim.FinishObserver).
func (s *FairShare) Finish(e *sim.Engine, j int) {
	if s.usage == nil {
		s.usage = make(map[int]account)
	}
	now := e.Now()
	u := e.User(j)
	s.usage[u] = account{Used: s.Usage(u, now) + float64(e.Width(j))*(now-e.StartTime(j)), At: now}
}

// Reset forgets every user's usage (sim.Resetter): the scheduler is then
// as new, keeping its memory.
func (s *FairShare) Reset() {
	clear(s.usage)
	s.ranked = s.ranked[:0]
}

// Schedule ranks the waiting jobs by their user's usage now, starts them in
// that ranking while the first fits, then backfills around its reservation.
func (s *FairShare) Schedule(e *sim.Engine) {
	now := e.Now()
	s.ranked = s.ranked[:0]
	for _, j := range e.Waiting() { // in order of arrival
		s.ranked = append(s.ranked, rankedJob{j, s.Usage(e.User(j), now)})
	}
	slices.SortStableFunc(s.ranked, func(a, b rankedJob) int { return cmp.Compare(a.usage, b.usage) })
	i := 0
	for i < len(s.ranked) && e.Width(s.ranked[i].j) <= e.Free() {
		e.Start(s.ranked[i].j)
		i++
	}
	if i == len(s.ranked) {
		return
	}
	shadow, extra := e.Shadow(e.Width(s.ranked[i].j)) // the first one's reservation
	for _, r := range s.ranked[i+1:] {
		w := e.Width(r.j)
		switch {
		case w > e.Free():
		case now+e.Estimate(r.j) <= shadow: // ends before the reservation
			e.Start(r.j)
		case w <= extra: // leaves the reserved processors alone
			extra -= w
			e.Start(r.j)
		}
	}
}
