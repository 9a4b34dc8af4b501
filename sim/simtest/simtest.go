package simtest

import (
	"fmt"
	"slices"

	"github.com/tracelab/tracelab/sim"
)

// Wrapped forwards everything to a built-in scheduler In. It is not a
// Resetter: the paths that reuse schedulers make it anew for every
// simulation.
type Wrapped struct{ In sim.Scheduler }

// Schedule calls In's.
func (w *Wrapped) Schedule(e *sim.Engine) { w.In.Schedule(e) }

// Arrive calls In's, when In observes arrivals.
func (w *Wrapped) Arrive(e *sim.Engine, j int) {
	if a, ok := w.In.(sim.ArrivalObserver); ok {
		a.Arrive(e, j)
	}
}

// Finish calls In's, when In observes ends.
func (w *Wrapped) Finish(e *sim.Engine, j int) {
	if f, ok := w.In.(sim.FinishObserver); ok {
		f.Finish(e, j)
	}
}

// Name is "test-wrap:" and In's name, as sim.Namer asks of a family with
// a parameter.
func (w *Wrapped) Name() string { return "test-wrap:" + sim.SchedulerName(w.In) }

// Reusable is Wrapped around a Resetter, and a Resetter itself: the paths
// that reuse a scheduler across simulations keep it.
type Reusable struct{ Wrapped }

// Reset resets In.
func (w *Reusable) Reset() { w.In.(sim.Resetter).Reset() }

// Name is "test-reusable:" and In's name.
func (w *Reusable) Name() string { return "test-reusable:" + sim.SchedulerName(w.In) }

// SJF is shortest-job-first without backfilling: the waiting job of least
// estimate (ties by arrival) starts when it fits, and blocks every other
// job until it does. It keeps its own queue (sim.ArrivalObserver) and can
// be reused (sim.Resetter).
type SJF struct{ queue []int }

// Arrive queues job j.
func (s *SJF) Arrive(e *sim.Engine, j int) { s.queue = append(s.queue, j) }

// Schedule starts the shortest waiting jobs while they fit.
func (s *SJF) Schedule(e *sim.Engine) {
	for len(s.queue) > 0 {
		best := 0
		for k, j := range s.queue {
			if e.Estimate(j) < e.Estimate(s.queue[best]) {
				best = k
			}
		}
		j := s.queue[best]
		if e.Width(j) > e.Free() {
			return
		}
		e.Start(j)
		s.queue = slices.Delete(s.queue, best, best+1)
	}
}

// Reset empties the queue.
func (s *SJF) Reset() { s.queue = s.queue[:0] }

func init() {
	wrap := func(reusable bool) sim.Family {
		return func(param string) (sim.Factory, error) {
			if param == "" {
				param = "easy" // the bare name wraps EASY (every registered name must make a scheduler)
			}
			f, err := sim.FactoryOf(param)
			if err != nil {
				return nil, err
			}
			if _, ok := f().(sim.Resetter); reusable && !ok {
				return nil, fmt.Errorf("%s is not a Resetter", param)
			}
			return func() sim.Scheduler {
				w := Wrapped{In: f()}
				if reusable {
					return &Reusable{w}
				}
				return &w
			}, nil
		}
	}
	sim.Register("test-wrap", wrap(false))
	sim.Register("test-reusable", wrap(true))
	sim.Register("test-sjf", sim.Fixed(func() sim.Scheduler { return &SJF{} }))
	sim.Register("test-fcfs", sim.Fixed(func() sim.Scheduler { return FCFS{} }))
}
