package sim_test

import (
	"cmp"
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
)

// A scheduler of one's own gets copies of the engine's lists (Waiting,
// Running): sorting them in place, the natural way to write SJF, cannot
// break the engine's queue. (Before, it did: on the sample log, "Start(188):
// the job (ID 189) is running" rounds later.)

// sjfInPlace sorts e.Waiting() itself by estimate (stable: ties by
// arrival) and starts the shortest jobs while they fit (simtest.SJF's
// policy) or, with fill, every job that fits, in that order (the mistake
// found on the sample log).
type sjfInPlace struct{ fill, clone bool }

func (s sjfInPlace) Schedule(e *sim.Engine) {
	w := e.Waiting()
	if s.clone {
		w = slices.Clone(w)
	}
	slices.SortStableFunc(w, func(a, b int) int { return cmp.Compare(e.Estimate(a), e.Estimate(b)) })
	for _, j := range w {
		if e.Width(j) <= e.Free() {
			e.Start(j)
		} else if !s.fill {
			return
		}
	}
}

// scramble changes the slices it is given (reverses Waiting, sorts
// Running by width, overwrites both with job 0), then schedules FCFS from
// the engine's queue (Head): sim.FCFS's schedule.
type scramble struct{ waiting, running bool }

func (s scramble) Schedule(e *sim.Engine) {
	if s.waiting {
		w := e.Waiting()
		slices.Reverse(w)
		clear(w)
	}
	if s.running {
		r := e.Running()
		slices.SortFunc(r, func(a, b int) int { return cmp.Compare(e.Width(b), e.Width(a)) })
		clear(r)
	}
	for j := e.Head(); j >= 0 && e.Width(j) <= e.Free(); j = e.Head() {
		e.Start(j)
		if s.running {
			slices.Reverse(e.Running()) // after a Start too
		}
	}
}

func TestSchedulerChangesItsSlices(t *testing.T) {
	t.Parallel()
	// The whole sample log: the SJF that sorted in place and filled
	// failed on it at time 643270.
	tr := datasets.Sample()
	procs := sim.Options{}.MachineSize(tr)
	jobs, _, err := sim.Prepare(tr, procs, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	run := func(s sim.Scheduler) (*sim.Result, error) { return sim.Run(jobs, procs, s, sim.EngineOptions{}) }
	// step runs to the end in steps of a day (RunUntil), jobs submitted
	// as they come.
	step := func(s sim.Scheduler) (*sim.Result, error) {
		e, err := sim.NewEngine(procs, s, sim.EngineOptions{})
		if err != nil {
			return nil, err
		}
		k := 0
		for t0 := jobs[0].Submit; k < len(jobs); t0 += 86400 {
			for ; k < len(jobs) && jobs[k].Submit <= t0; k++ {
				e.Submit(jobs[k])
			}
			if err := e.RunUntil(t0); err != nil {
				return nil, err
			}
		}
		if err := e.RunUntil(math.Inf(1)); err != nil {
			return nil, err
		}
		return e.Result(), nil
	}
	fcfs, err := run(&sim.FCFS{})
	if err != nil {
		t.Fatal(err)
	}
	sjf, err := run(&simtest.SJF{})
	if err != nil {
		t.Fatal(err)
	}
	// The same policy on a copy (the way the package's doc asked for).
	fill, err := run(sjfInPlace{fill: true, clone: true})
	if err != nil {
		t.Fatal(err)
	}
	if sameSchedule(fcfs, sjf) == nil || sameSchedule(fill, sjf) == nil {
		t.Fatal("SJF gives FCFS's schedule, or filling SJF's: the test cannot tell them apart")
	}
	for _, c := range []struct {
		name  string
		sched func() sim.Scheduler
		want  *sim.Result
	}{
		{"sjf sorting Waiting in place", func() sim.Scheduler { return sjfInPlace{} }, sjf},
		{"filling sjf sorting Waiting in place", func() sim.Scheduler { return sjfInPlace{fill: true} }, fill},
		{"fcfs after changing Waiting", func() sim.Scheduler { return scramble{waiting: true} }, fcfs},
		{"fcfs after changing Running", func() sim.Scheduler { return scramble{running: true} }, fcfs},
		{"fcfs after changing both", func() sim.Scheduler { return scramble{waiting: true, running: true} }, fcfs},
	} {
		for _, p := range []struct {
			name string
			run  func(sim.Scheduler) (*sim.Result, error)
		}{{"Run", run}, {"RunUntil", step}} {
			t.Run(c.name+"/"+p.name, func(t *testing.T) {
				got, err := p.run(c.sched())
				if err != nil {
					t.Fatal(err)
				}
				if err := sameSchedule(got, c.want); err != nil {
					t.Error(err)
				}
			})
		}
	}
}
