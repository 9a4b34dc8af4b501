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
	e.SubmitAll(jobs)
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
// gives a size.
func Replay(tr *datasets.Trace, s Scheduler, opts Options) (*Result, error) {
	m := opts.Machine(tr)
	if m.Rule == datasets.SizeUnknown {
		return nil, fmt.Errorf("sim: log %q: %w", tr.Name, datasets.ErrNoMachineSize)
	}
	jobs, rep, err := Prepare(tr, m.Procs, opts)
	if err != nil {
		return nil, err
	}
	r, err := Run(jobs, m.Procs, s, opts.Engine)
	if err != nil {
		return nil, err
	}
	r.Prep, r.ProcsRule = rep, m.Rule
	return r, nil
}

// SchedulerName returns the name New knows a scheduler by ("fcfs",
// "easy", "easy-sjbf", "conservative", "conservative:K", "log"), else its
// type name.
func SchedulerName(s Scheduler) string {
	switch x := s.(type) {
	case *FCFS:
		return "fcfs"
	case *EASY:
		if x.Order == nil {
			return "easy"
		}
		if reflect.ValueOf(x.Order).Pointer() == reflect.ValueOf(ShortestFirst).Pointer() {
			return "easy-sjbf"
		}
		return "easy-custom"
	case *Conservative:
		return x.Name()
	case *LogReplay:
		return "log"
	}
	return strings.ToLower(strings.TrimPrefix(fmt.Sprintf("%T", s), "*"))
}
