package sim

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/tracelab/tracelab/datasets"
)

// Run simulates jobs on a machine of procs processors with scheduler s
// (a fresh one: it keeps the state of this run) and returns the result,
// jobs in the order given. Jobs need not be sorted by submit time. It
// returns an error when a job breaks the invariants of Job (see Validate),
// and a *SchedulerError when the scheduler breaks the simulation (it
// panics, starts a job that does not fit, leaves jobs waiting for ever;
// see Engine.RunContext).
func Run(jobs []Job, procs int, s Scheduler, opts EngineOptions) (*Result, error) {
	return RunContext(context.Background(), jobs, procs, s, opts)
}

// RunContext is Run that stops with an error wrapping ctx's when ctx is
// cancelled (between two rounds: see Engine.RunContext).
func RunContext(ctx context.Context, jobs []Job, procs int, s Scheduler, opts EngineOptions) (*Result, error) {
	if err := Validate(jobs, procs); err != nil {
		return nil, err
	}
	e, err := NewEngine(procs, s, opts)
	if err != nil {
		return nil, err
	}
	e.submitChecked(jobs) // Validate checked what SubmitAll would
	if err := e.RunContext(ctx, math.Inf(1)); err != nil {
		return nil, err
	}
	r := e.Result()
	r.Scheduler = SchedulerName(s)
	return r, nil
}

// Replay is the conventional open simulation of a log (Feitelson 2021
// §3.3): jobs arrive at their logged submit times and need their logged
// processors and runtimes. The trace becomes a workload under the policies
// of opts (Prepare; PrepReport in Result.Prep), on a machine of
// opts.Machine(tr) processors (its rule in Result.ProcsRule); it returns an
// error wrapping datasets.ErrNoMachineSize when neither opts nor the log
// gives a size, and one wrapping ErrNoJobs (PrepReport.NoJobs) when Prepare
// keeps no job, whose summary would be NaN.
func Replay(tr *datasets.Trace, s Scheduler, opts Options) (*Result, error) {
	return ReplayContext(context.Background(), tr, s, opts)
}

// ReplayContext is Replay that stops with an error wrapping ctx's when ctx
// is cancelled (between two rounds: see Engine.RunContext).
func ReplayContext(ctx context.Context, tr *datasets.Trace, s Scheduler, opts Options) (*Result, error) {
	m := opts.Machine(tr)
	if m.Rule == datasets.SizeUnknown {
		return nil, fmt.Errorf("sim: log %q: %w", tr.Name, datasets.ErrNoMachineSize)
	}
	jobs, rep, err := Prepare(tr, m.Procs, opts)
	if err != nil {
		return nil, err
	}
	if len(jobs) == 0 {
		return nil, fmt.Errorf("sim: %w", rep.NoJobs(tr.Name))
	}
	r, err := RunContext(ctx, jobs, m.Procs, s, opts.Engine)
	if err != nil {
		return nil, err
	}
	r.Prep, r.ProcsRule = rep, m.Rule
	return r, nil
}

// Namer is implemented by a scheduler that knows the name New knows it by,
// parameter included ("conservative:4", "backfill:1,area,area"):
// SchedulerName uses it. A scheduler family with a parameter should
// implement it.
type Namer interface {
	Name() string
}

// SchedulerName returns the name New knows s by: s.Name() when s is a
// Namer (every scheduler of this package is), else the name under which a
// scheduler of s's type is registered (the first in sorted order whose
// bare name makes one), else the lower-cased type name. The Name of a
// type that embeds a Namer and that New knows as a scheduler of another
// type is the embedded one's, promoted (a type of one's own embedding EASY
// has EASY's Name, "easy"): such a type is named by its registered or type
// name instead.
func SchedulerName(s Scheduler) string {
	t := reflect.TypeOf(s)
	if n, ok := s.(Namer); ok {
		name := n.Name()
		if !EmbedsMethod(s, "Name") {
			return name
		}
		if f, err := FactoryOf(name); err != nil || reflect.TypeOf(f()) == t {
			return name
		}
	}
	if name, ok := registeredName(t); ok {
		return name
	}
	return strings.ToLower(strings.TrimPrefix(fmt.Sprintf("%T", s), "*"))
}

// EmbedsMethod reports whether s, or the struct s points to, has an
// embedded field with the method called name, which s then has by
// promotion unless it declares its own: a type of one's own that embeds
// sim.EASY has EASY's Name and Reset. SchedulerName and the parallel
// experiments (resample.NewExperiment) use it not to take such a method
// for the type's own.
func EmbedsMethod(s Scheduler, name string) bool {
	t := reflect.TypeOf(s)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return false
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.Anonymous {
			continue
		}
		if _, ok := reflect.PointerTo(f.Type).MethodByName(name); ok {
			return true
		}
		if _, ok := f.Type.MethodByName(name); ok {
			return true
		}
	}
	return false
}
