package sim

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/tracelab/tracelab/datasets"
)

// Run simulates jobs on a machine of procs processors with scheduler s
// (a fresh one: it keeps the state of this run) and returns the result,
// jobs in the order given. Jobs need not be sorted by submit time. It
// returns an error when a job breaks the invariants of Job (see Validate).
func Run(jobs []Job, procs int, s Scheduler, opts EngineOptions) (*Result, error) {
	if err := Validate(jobs, procs); err != nil {
		return nil, err
	}
	e, err := NewEngine(procs, s, opts)
	if err != nil {
		return nil, err
	}
	e.submitChecked(jobs) // Validate checked what SubmitAll would
	e.Run()
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
	r, err := Run(jobs, m.Procs, s, opts.Engine)
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
// bare name makes one), else the lower-cased type name.
func SchedulerName(s Scheduler) string {
	if n, ok := s.(Namer); ok {
		return n.Name()
	}
	if name, ok := registeredName(reflect.TypeOf(s)); ok {
		return name
	}
	return strings.ToLower(strings.TrimPrefix(fmt.Sprintf("%T", s), "*"))
}
