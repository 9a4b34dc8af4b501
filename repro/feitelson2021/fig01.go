package feitelson2021

import (
	"context"
	"fmt"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simplot"
)

// Fig1Until is the time T up to which Fig. 1 draws the toy schedules.
const Fig1Until = 14.0

// Fig1Procs is the machine size of the toy workload of Fig. 1.
const Fig1Procs = 8

// ToyJobs returns a small workload in the spirit of Fig. 1 (§2), whose
// jobs the text does not give: 8 processors, a wide job (6 processors)
// near the head of the queue that FCFS cannot start, and small jobs
// behind it that EASY backfills into the hole. Times in seconds (read
// them as any unit).
func ToyJobs() []sim.Job {
	type j struct {
		submit, runtime, estimate float64
		procs                     int
	}
	js := []j{{0, 6, 6, 5}, {0, 3, 4, 2}, {1, 4, 5, 6}, {2, 2, 3, 3}, {2, 5, 9, 1}, {3, 3, 3, 2}, {4, 2, 2, 4}}
	out := make([]sim.Job, len(js))
	for i, x := range js {
		out[i] = sim.Job{ID: i + 1, Submit: x.submit, Runtime: x.runtime, Estimate: x.estimate, Procs: x.procs}
	}
	return out
}

// Fig1Result holds the toy schedules of Fig. 1 and the test of §2's remark
// on workloads of wide jobs.
type Fig1Result struct {
	// Frame has one row per scheduler: scheduler, starts (the start time
	// of job 1, 2, …), wasted (processor-seconds idle while a job waits,
	// up to Fig1Until), backfilled (jobs started before an earlier
	// arrival), avg_wait, makespan.
	Frame dataframe.DataFrame
	// Figure has the Gantt charts, FCFS then EASY.
	Figure *plots.Figure
	// Wasted and Backfilled by scheduler name.
	Wasted     map[string]float64
	Backfilled map[string]int

	// Wide is §2's example on a real log: every job of KTH-SP2 made wider
	// than half the machine; WideSame reports whether EASY then started
	// every job when FCFS did (WideJobs of them). WideErr is set when the
	// log is missing.
	WideJobs int
	WideSame bool
	WideDiff int
	WideLog  string
	WideErr  *Missing
}

// Fig1 simulates the toy workload under FCFS and EASY (§2, Fig. 1) and
// checks §2's remark that backfilling cannot be used when every job needs
// more than half the processors.
func (s *Study) Fig1(ctx context.Context) (*Fig1Result, error) {
	return s.fig1.Get(func() (*Fig1Result, error) {
		r := &Fig1Result{Wasted: map[string]float64{}, Backfilled: map[string]int{}, WideLog: "KTH-SP2"}
		var names, starts []string
		var wasted, wait, makespan []float64
		var backfilled []int
		var panels []*plot.Plot
		for _, name := range []string{"fcfs", "easy"} {
			sch, err := sim.New(name)
			if err != nil {
				return nil, err
			}
			res, err := sim.Run(ToyJobs(), Fig1Procs, sch, sim.EngineOptions{Timeline: true})
			if err != nil {
				return nil, err
			}
			p, err := simplot.Gantt(res, simplot.GanttOptions{Title: fmt.Sprintf("%s, %d processors", upper(name), Fig1Procs), Until: Fig1Until})
			if err != nil {
				return nil, err
			}
			panels = append(panels, p)
			w := wastedUntil(res, Fig1Until)
			b := backfilledJobs(res)
			r.Wasted[name], r.Backfilled[name] = w, b
			sum := res.Summary()
			names, starts = append(names, name), append(starts, fmt.Sprint(res.Start))
			wasted, backfilled = append(wasted, w), append(backfilled, b)
			wait, makespan = append(wait, sum.AvgWait), append(makespan, sum.Makespan)
		}
		r.Figure = figure("Fig. 1", "the same jobs under FCFS and under EASY", fig1Caption(r.Wasted, makespan), 2, panels...)
		r.Figure.ShareX, r.Figure.ShareY = true, true
		r.Frame = dataframe.New(
			series.New(names, series.String, "scheduler"),
			series.New(starts, series.String, "starts"),
			series.New(wasted, series.Float, "wasted"),
			series.New(backfilled, series.Int, "backfilled"),
			series.New(wait, series.Float, "avg_wait"),
			series.New(makespan, series.Float, "makespan"),
		)
		if err := s.wideJobs(r); err != nil {
			return nil, err
		}
		return r, nil
	})
}

// wideJobs runs §2's example: every job of a real log wider than half the
// machine, under FCFS and EASY.
func (s *Study) wideJobs(r *Fig1Result) error {
	var ms []Missing
	t, err := s.log(r.WideLog, &ms)
	if t == nil {
		if len(ms) > 0 {
			r.WideErr = &ms[0]
		}
		return err
	}
	procs := sim.Options{}.MachineSize(t)
	jobs, _, err := sim.Prepare(t, procs, sim.Options{})
	if err != nil {
		return err
	}
	for i := range jobs {
		jobs[i].Procs = max(jobs[i].Procs, procs/2+1)
	}
	var starts [2][]float64
	for k, sch := range []sim.Scheduler{&sim.FCFS{}, &sim.EASY{}} {
		res, err := sim.Run(jobs, procs, sch, sim.EngineOptions{})
		if err != nil {
			return err
		}
		starts[k] = res.Start
	}
	r.WideJobs = len(jobs)
	for i := range starts[0] {
		if starts[0][i] != starts[1][i] {
			r.WideDiff++
		}
	}
	r.WideSame = r.WideDiff == 0
	return nil
}

// fig1Caption says what Fig. 1's grey is (the processor time wasted while
// a job waits, by scheduler, processor-seconds) and where its panels stop:
// at T = Fig1Until, which cuts the jobs that run past it (makespan by
// scheduler, FCFS then EASY).
func fig1Caption(wasted map[string]float64, makespan []float64) string {
	c := fmt.Sprintf("FCFS leaves processors idle behind a wide job; EASY backfills small jobs into the holes; grey: processors idle while a job waits "+
		"(the paper's hatched wasted resources: FCFS %g, EASY %g processor-seconds up to T)", wasted["fcfs"], wasted["easy"])
	if last := slices.Max(makespan); last > Fig1Until {
		c += fmt.Sprintf("; drawn up to T = %g s, as the paper's: jobs running past it are cut (the last ends at %g s)", Fig1Until, last)
	}
	return c
}

// wastedUntil returns the processor time left idle while some job waited,
// from the first event to until (Fig. 1's hatched areas).
func wastedUntil(r *sim.Result, until float64) float64 {
	tl := r.Timeline
	w := 0.0
	for k := 0; k+1 < tl.Len(); k++ {
		t0, t1 := tl.Time[k], min(tl.Time[k+1], until)
		if tl.Queue[k] > 0 && t1 > t0 {
			w += float64(r.Procs-tl.Busy[k]) * (t1 - t0)
		}
	}
	return w
}

// backfilledJobs counts the jobs that started before some job that had
// arrived earlier (FCFS never does that).
func backfilledJobs(r *sim.Result) int {
	idx := make([]int, r.Len())
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case r.Submit[a] < r.Submit[b]:
			return -1
		case r.Submit[a] > r.Submit[b]:
			return 1
		}
		return 0
	})
	n := 0
	for k, j := range idx {
		for _, e := range idx[:k] {
			if r.Start[j] < r.Start[e] {
				n++
				break
			}
		}
	}
	return n
}

func upper(s string) string {
	switch s {
	case "fcfs":
		return "FCFS"
	case "easy":
		return "EASY"
	}
	return s
}

// Claims adds the claims of §2 and Fig. 1.
func (r *Fig1Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 1"
	l.Claim(item, "fig1/easy-backfills", "EASY takes small jobs from the back of the queue to fill holes in the schedule (backfilling); FCFS starts jobs in arrival order",
		r.Backfilled["easy"] > 0 && r.Backfilled["fcfs"] == 0,
		fmt.Sprintf("toy workload: EASY backfilled %d jobs, FCFS %d", r.Backfilled["easy"], r.Backfilled["fcfs"])).
		Quoting("taking small jobs from the back of the queue, and using them to fill in holes").
		AsCheck("definitions on a toy workload built with holes: FCFS never starts a job before an earlier one, EASY backfills; it tests our schedulers, not a result")
	l.Claim(item, "fig1/less-waste", "backfilling reduces fragmentation: less processor time is wasted up to T under EASY than under FCFS",
		r.Wasted["easy"] < r.Wasted["fcfs"],
		fmt.Sprintf("idle processor-seconds while jobs wait up to T = %g: EASY %g, FCFS %g", Fig1Until, r.Wasted["easy"], r.Wasted["fcfs"])).
		Quoting("This reduces fragmentation and improves throughput").
		AsCheck("on the toy workload built with holes that backfilling fills; it tests our schedulers, not a result")
	if r.WideErr != nil {
		unavailable(l, item, "fig1/wide-jobs", []Missing{*r.WideErr})
		return
	}
	l.Claim(item, "fig1/wide-jobs", "if all the jobs require more than half the processors, backfilling cannot be used: EASY schedules exactly as FCFS",
		r.WideSame, fmt.Sprintf("%s with every job widened to more than half the machine: %d of %d jobs start at a different time under EASY",
			r.WideLog, r.WideDiff, r.WideJobs)).
		Quoting("if all the jobs require more than half the processors, two jobs can never run at the same time, and backfilling cannot be used").
		AsCheck("a logical consequence (two jobs wider than half the machine never run together); it checks our schedulers")
}
