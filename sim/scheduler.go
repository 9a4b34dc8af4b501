package sim

import (
	"fmt"
	"sort"
	"strings"
)

// Scheduler decides which waiting jobs start. The engine calls Schedule
// once per round, after the terminations and arrivals of the round; the
// scheduler starts jobs with e.Start and may read anything the Engine's
// accessors show (never a job's runtime).
//
// A minimal scheduler ranges over e.Waiting() and starts what it wants:
//
//	type Greedy struct{}
//
//	func (Greedy) Schedule(e *sim.Engine) {
//		for _, j := range e.Waiting() {
//			if e.Width(j) <= e.Free() {
//				e.Start(j)
//			}
//		}
//	}
//
// A scheduler that keeps its own state (queues, reservations) may also
// implement ArrivalObserver and FinishObserver. A Scheduler value holds the
// state of one simulation: use a new one for each Engine (see New).
type Scheduler interface {
	Schedule(e *Engine)
}

// ArrivalObserver is implemented by schedulers that want to hear of each
// arrival as it happens (before the round's Schedule call).
type ArrivalObserver interface {
	Arrive(e *Engine, j int)
}

// FinishObserver is implemented by schedulers that want to hear of each
// termination as it happens (before the round's Schedule call).
type FinishObserver interface {
	Finish(e *Engine, j int)
}

// Factory makes a fresh scheduler for one simulation.
type Factory func() Scheduler

var factories = map[string]Factory{
	"fcfs":         func() Scheduler { return &FCFS{} },
	"easy":         func() Scheduler { return &EASY{} },
	"easy-sjbf":    func() Scheduler { return &EASY{Order: ShortestFirst} },
	"conservative": func() Scheduler { return &Conservative{} },
	"log":          func() Scheduler { return &LogReplay{} },
}

// New returns a fresh scheduler by name: "fcfs", "easy", "easy-sjbf" (EASY
// with backfill candidates tried shortest estimate first), "conservative",
// "conservative:K" (Conservative with reservation depth K ≥ 1) or "log"
// (LogReplay).
func New(name string) (Scheduler, error) {
	f, err := FactoryOf(name)
	if err != nil {
		return nil, err
	}
	return f(), nil
}

// FactoryOf returns the factory of a scheduler named as in New, for code
// that runs many simulations (one scheduler each).
func FactoryOf(name string) (Factory, error) {
	lower := strings.ToLower(name)
	if f, ok, err := conservativeFactory(lower); ok {
		return f, err
	}
	f, ok := factories[lower]
	if !ok {
		return nil, fmt.Errorf("sim: unknown scheduler %q (want one of %s)", name, strings.Join(Names(), ", "))
	}
	return f, nil
}

// Names lists the scheduler names New accepts, sorted.
func Names() []string {
	n := make([]string, 0, len(factories))
	for k := range factories {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// FCFS is first-come-first-serve: jobs start in order of arrival, and the
// first waiting job blocks the others until enough processors are free for
// it (Feitelson 2021 §2, Fig. 1).
type FCFS struct{}

// Schedule starts waiting jobs in order of arrival while the first fits.
func (*FCFS) Schedule(e *Engine) {
	for {
		h := e.Head()
		if h < 0 || e.width[h] > e.free {
			return
		}
		e.Start(h)
	}
}
