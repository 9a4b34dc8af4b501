package sim

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
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
// The slices Waiting and Running return to a scheduler of one's own are
// copies (in buffers the engine reuses), so it may sort them in place to
// rank the jobs: a SJF is slices.SortFunc(e.Waiting(), …) and a loop.
// This package's schedulers get the engine's lists themselves.
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

// Resetter is implemented by schedulers that can be used again, for
// another simulation, after Reset: a program that runs many simulations
// one after the other keeps one scheduler (and one Engine, see
// Engine.Reset) and allocates nothing once their memory is large enough.
// FCFS, EASY, Conservative and LogReplay implement it. The workers of
// sim/resample keep a Resetter from replicate to replicate: Reset must
// make the scheduler as a new one, every field, or a replicate's result
// depends on what its worker ran before. A type that embeds one of this
// package's schedulers inherits its Reset (which resets the embedded one
// only) and its Name: declare both on the type.
type Resetter interface {
	Reset()
}

// Factory makes a fresh scheduler for one simulation: a new value at
// every call, sharing no state with the others (the experiments built on
// this package call it from several goroutines, one scheduler per
// simulation).
type Factory func() Scheduler

// Family makes the factories of one kind of scheduler from the parameter
// of its name: "" for the bare name ("conservative"), P for "name:P"
// ("conservative:4"). It returns an error for a parameter it does not
// accept.
type Family func(param string) (Factory, error)

// The scheduler registry: every name New and FactoryOf know, in one place.
// Other packages add theirs with Register (sim/feedback: "useraware").
var (
	registryMu sync.RWMutex
	registry   = map[string]Family{
		"fcfs":         Fixed(func() Scheduler { return &FCFS{} }),
		"easy":         Fixed(func() Scheduler { return &EASY{} }),
		"easy-sjbf":    Fixed(func() Scheduler { return &EASY{Order: ShortestFirst} }),
		"conservative": conservativeFamily,
		"backfill":     BackfillFamily,
		"log":          Fixed(func() Scheduler { return &LogReplay{} }),
	}
	// registryTypes maps the type of the scheduler each bare name makes to
	// the name, for SchedulerName; nil when a Register made it stale.
	registryTypes map[reflect.Type]string
)

// Fixed is the Family of a scheduler without a parameter: it returns f for
// the bare name and an error for any parameter.
func Fixed(f Factory) Family {
	return func(param string) (Factory, error) {
		if param != "" {
			return nil, fmt.Errorf("takes no parameter, got %q", param)
		}
		return f, nil
	}
}

// Register adds a family of schedulers to the registry under name, so that
// New, FactoryOf and Names know it; a package registers its schedulers in
// an init function. It panics (a programmer error) if name is empty, not
// lower case, holds a ':' or is already registered.
func Register(name string, fam Family) {
	if name == "" || name != strings.ToLower(name) || strings.Contains(name, ":") || fam == nil {
		panic(fmt.Sprintf("sim: Register(%q): want a lower-case name without ':' and a non-nil family", name))
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[name]; dup {
		panic(fmt.Sprintf("sim: Register(%q): name already registered", name))
	}
	registry[name] = fam
	registryTypes = nil
}

// registeredName returns the first name, in sorted order, whose bare
// family makes a scheduler of type t.
func registeredName(t reflect.Type) (string, bool) {
	registryMu.RLock()
	types := registryTypes
	registryMu.RUnlock()
	if types == nil {
		types = map[reflect.Type]string{}
		for _, name := range Names() {
			registryMu.RLock()
			fam := registry[name]
			registryMu.RUnlock()
			f, err := fam("")
			if err != nil {
				continue
			}
			if tt := reflect.TypeOf(f()); tt != nil {
				if _, dup := types[tt]; !dup {
					types[tt] = name
				}
			}
		}
		registryMu.Lock()
		registryTypes = types
		registryMu.Unlock()
	}
	name, ok := types[t]
	return name, ok
}

// New returns a fresh scheduler by name (see FactoryOf).
func New(name string) (Scheduler, error) {
	f, err := FactoryOf(name)
	if err != nil {
		return nil, err
	}
	return f(), nil
}

// FactoryOf returns the factory of the scheduler called name, for code that
// runs many simulations (one scheduler each). A name is a registered name,
// optionally followed by ":" and a parameter, case-insensitive. This
// package registers "fcfs", "easy", "easy-sjbf" (EASY with backfill
// candidates tried shortest estimate first), "conservative",
// "conservative:K" (Conservative with reservation depth K ≥ 1),
// "backfill:R,QUEUE,BACKFILL" (Backfill; see BackfillFamily) and "log"
// (LogReplay); sim/feedback registers "useraware" and "useraware:α". A
// program adds its own with Register.
func FactoryOf(name string) (Factory, error) {
	base, param, colon := strings.Cut(strings.ToLower(name), ":")
	registryMu.RLock()
	fam, ok := registry[base]
	registryMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("sim: unknown scheduler %q (want one of %s)", name, strings.Join(Names(), ", "))
	}
	if colon && param == "" {
		return nil, fmt.Errorf("sim: scheduler %q: empty parameter after ':'", name)
	}
	f, err := fam(param)
	if err != nil {
		return nil, fmt.Errorf("sim: scheduler %q: %w", name, err)
	}
	return f, nil
}

// Names lists the registered scheduler names, sorted.
func Names() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	n := make([]string, 0, len(registry))
	for k := range registry {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// FCFS is first-come-first-serve: jobs start in order of arrival, and the
// first waiting job blocks the others until enough processors are free for
// it (Feitelson 2021 §2, Fig. 1).
type FCFS struct{}

// Name returns "fcfs".
func (*FCFS) Name() string { return "fcfs" }

// Name returns "log".
func (*LogReplay) Name() string { return "log" }

// Name returns "easy", "easy-sjbf" for Order ShortestFirst, else
// "backfill:1,arrival,ORDER", the Backfill of the same schedule (with
// "custom" for an order of the caller's).
func (s *EASY) Name() string {
	switch o := orderName(s.Order); o {
	case "arrival":
		return "easy"
	case "shortest":
		return "easy-sjbf"
	default:
		return "backfill:1,arrival," + o
	}
}

// Reset does nothing: FCFS keeps no state (see Resetter).
func (*FCFS) Reset() {}

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
