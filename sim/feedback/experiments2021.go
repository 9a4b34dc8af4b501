package feedback

import (
	"context"
	"fmt"
	"math"
	"runtime"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
)

// LoadSweepOptions controls LoadSweep. The zero value sweeps the paper's
// question of Fig. 17: FCFS and EASY under feedback with the fluid model,
// for user populations of 0.5 to 2.5 times the log's.
type LoadSweepOptions struct {
	// Loads are the factors on the number of users (resample.Options.Load);
	// nil means 0.5, 1, 1.5, 2, 2.5.
	Loads []float64
	// Schedulers are scheduler names sim.FactoryOf knows; nil means fcfs, easy.
	Schedulers []string
	// Model is the user model; nil means Fluid.
	Model Model
	// Replicates is the number of resampled logs per load (replicate r
	// uses resample seed Seed, stream r at every load: common random
	// numbers); 0 means 1.
	Replicates int
	Seed       uint64
	// Generate is the template of the resampling options (length, …);
	// Load, Seed and Stream are set per point.
	Generate resample.Options
	// Workload holds the simulation conventions; the machine size defaults
	// to the pools' log's.
	Workload WorkloadOptions
	// Open adds the conventional open replay of each resampled log, for
	// comparison: its throughput is dictated by the arrivals (2021 §4.4).
	Open bool
}

// LoadSweep is the experiment of 2021 Figs. 17 and 19: resampled logs with
// more and more users (resampling gives the population, feedback the
// timing), simulated under each scheduler with feedback until the end of
// the resampled window, measuring the achieved throughput. It returns
// one row per (load, replicate, scheduler, simulation): load, replicate,
// users (user instances of the resampled log), offered (jobs in it),
// scheduler, simulation ("feedback" or "open"), throughput (jobs ended in
// the window per week), utilization (in the window), avg_wait and
// avg_response (jobs that ended), sessions, avg_session_hours and
// jobs_per_session (sessions of the jobs that arrived in the window,
// Definition 1). Rows are ordered by load, replicate, scheduler,
// simulation. The simulations run in parallel; the result does not
// depend on the number of workers.
func LoadSweep(p *resample.Pools, o LoadSweepOptions) (dataframe.DataFrame, error) {
	if o.Loads == nil {
		o.Loads = []float64{0.5, 1, 1.5, 2, 2.5}
	}
	if o.Schedulers == nil {
		o.Schedulers = []string{"fcfs", "easy"}
	}
	if o.Model == nil {
		o.Model = Fluid{}
	}
	if o.Replicates == 0 {
		o.Replicates = 1
	}
	facs := make([]sim.Factory, len(o.Schedulers))
	for i, n := range o.Schedulers {
		f, err := sim.FactoryOf(n)
		if err != nil {
			return dataframe.DataFrame{}, err
		}
		facs[i] = f
	}
	type point struct {
		load float64
		rep  int
		r    *resample.Resampled
		w    *Workload
	}
	pts := make([]point, 0, len(o.Loads)*o.Replicates)
	for _, l := range o.Loads {
		for rep := range o.Replicates {
			pts = append(pts, point{load: l, rep: rep})
		}
	}
	err := parallel.For(context.Background(), len(pts), runtime.GOMAXPROCS(0), func(_ context.Context, i int) error {
		g := o.Generate
		g.Load, g.Seed, g.Stream = pts[i].load, o.Seed, uint64(pts[i].rep)
		r, w, err := resampled(p, g, o.Workload)
		pts[i].r, pts[i].w = r, w
		return err
	})
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	kinds := []bool{false}
	if o.Open {
		kinds = append(kinds, true)
	}
	type task struct {
		pt, sched int
		open      bool
	}
	var tasks []task
	for i := range pts {
		for s := range o.Schedulers {
			for _, k := range kinds {
				tasks = append(tasks, task{i, s, k})
			}
		}
	}
	type row struct {
		win  Window
		sum  sim.Summary
		sess SessionStats
	}
	rows := make([]row, len(tasks))
	err = parallel.For(context.Background(), len(tasks), runtime.GOMAXPROCS(0), func(_ context.Context, i int) error {
		t := tasks[i]
		pt := pts[t.pt]
		var res *sim.Result
		var sess SessionStats
		if t.open {
			r, err := sim.Run(pt.w.Jobs, pt.w.Procs, facs[t.sched](), sim.EngineOptions{})
			if err != nil {
				return err
			}
			res = r
			sess, err = SessionsOf(pt.w.Trace, pt.r.Start, pt.r.End)
			if err != nil {
				return err
			}
		} else {
			r, err := Simulate(pt.w, facs[t.sched](), Options{Model: o.Model, Seed: o.Seed ^ uint64(pt.rep)<<32,
				Until: pt.r.End})
			if err != nil {
				return err
			}
			res = r.Sim
			sess, err = SessionsOf(r.Trace(), pt.r.Start, pt.r.End)
			if err != nil {
				return err
			}
		}
		rows[i] = row{WindowOf(res, pt.r.Start, pt.r.End), res.Summary(), sess}
		return nil
	})
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	n := len(tasks)
	load, tp, util, wait, resp, hours, jps := make([]float64, n), make([]float64, n), make([]float64, n),
		make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	rep, nusers, offered, nsess := make([]int, n), make([]int, n), make([]int, n), make([]int, n)
	sched, kind := make([]string, n), make([]string, n)
	for i, t := range tasks {
		pt := pts[t.pt]
		load[i], rep[i] = pt.load, pt.rep
		nusers[i], offered[i] = len(pt.r.Instances), pt.w.Len()
		sched[i] = o.Schedulers[t.sched]
		kind[i] = "feedback"
		if t.open {
			kind[i] = "open"
		}
		r := rows[i]
		tp[i], util[i], wait[i], resp[i] = r.win.Throughput, r.win.Utilization, r.sum.AvgWait, r.sum.AvgResponse
		nsess[i], hours[i], jps[i] = r.sess.Sessions, r.sess.AvgLength/datasets.Hour, r.sess.AvgJobs
	}
	return dataframe.New(
		series.New(load, series.Float, "load"),
		series.New(rep, series.Int, "replicate"),
		series.New(nusers, series.Int, "users"),
		series.New(offered, series.Int, "offered"),
		series.New(sched, series.String, "scheduler"),
		series.New(kind, series.String, "simulation"),
		series.New(tp, series.Float, "throughput"),
		series.New(util, series.Float, "utilization"),
		series.New(wait, series.Float, "avg_wait"),
		series.New(resp, series.Float, "avg_response"),
		series.New(nsess, series.Int, "sessions"),
		series.New(hours, series.Float, "avg_session_hours"),
		series.New(jps, series.Float, "jobs_per_session"),
	), nil
}

// ValidationOptions controls Validate. The zero value simulates EASY on
// 100 resampled logs, open and with the fluid model.
type ValidationOptions struct {
	// Replicates is the number of resampled logs; 0 means 100 (the paper
	// uses 1000).
	Replicates int
	// Scheduler is a scheduler name sim.FactoryOf knows; "" means easy.
	Scheduler string
	// Model is the user model of the feedback simulations; nil means
	// Fluid.
	Model Model
	Seed  uint64
	// Generate is the template of the resampling options; Seed and Stream
	// are set per replicate.
	Generate resample.Options
	Workload WorkloadOptions
}

// ValidationResult holds the validation of 2021 Fig. 15.
type ValidationResult struct {
	// Frame has one row per (replicate, simulation): replicate,
	// simulation ("open" or "feedback"), avg_wait, avg_bounded_slowdown,
	// utilization, jobs.
	Frame dataframe.DataFrame
	// Conventional is the average wait of the conventional simulation of
	// the original log (the vertical line of Fig. 15); Feedback that of
	// the feedback simulation of the original log.
	Conventional, Feedback float64
	// OpenWaits and FeedbackWaits are the replicates' average waits.
	OpenWaits, FeedbackWaits []float64
}

// Validate repeats the validation of 2021 §4.4 (Fig. 15): the average
// waiting time of simulations on many resampled logs, open replay and
// with feedback, against the conventional simulation of the original log
// (pools p's log). Replicate r resamples with seed (Seed, r).
func Validate(p *resample.Pools, o ValidationOptions) (*ValidationResult, error) {
	if o.Replicates == 0 {
		o.Replicates = 100
	}
	if o.Scheduler == "" {
		o.Scheduler = "easy"
	}
	if o.Model == nil {
		o.Model = Fluid{}
	}
	f, err := sim.FactoryOf(o.Scheduler)
	if err != nil {
		return nil, err
	}
	ws := o.Workload
	if ws.Sim.Procs == 0 {
		ws.Sim.Procs = p.Trace.MaxProcs()
	}
	orig, err := NewWorkload(p.Trace, ws)
	if err != nil {
		return nil, err
	}
	out := &ValidationResult{OpenWaits: make([]float64, o.Replicates), FeedbackWaits: make([]float64, o.Replicates)}
	n := o.Replicates
	sums := make([]sim.Summary, 2*n)
	err = parallel.For(context.Background(), n+1, runtime.GOMAXPROCS(0), func(_ context.Context, i int) error {
		if i == n {
			c, err := Conventional(orig, f(), sim.EngineOptions{})
			if err != nil {
				return err
			}
			fb, err := Simulate(orig, f(), Options{Model: o.Model, Seed: o.Seed})
			if err != nil {
				return err
			}
			out.Conventional, out.Feedback = c.Summary().AvgWait, fb.Summary().AvgWait
			return nil
		}
		g := o.Generate
		g.Seed, g.Stream = o.Seed, uint64(i)
		_, w, err := resampled(p, g, ws)
		if err != nil {
			return err
		}
		r, err := sim.Run(w.Jobs, w.Procs, f(), sim.EngineOptions{})
		if err != nil {
			return err
		}
		fb, err := Simulate(w, f(), Options{Model: o.Model, Seed: o.Seed ^ uint64(i)<<32})
		if err != nil {
			return err
		}
		sums[2*i], sums[2*i+1] = r.Summary(), fb.Summary()
		return nil
	})
	if err != nil {
		return nil, err
	}
	rep := make([]int, 2*n)
	kind := make([]string, 2*n)
	wait, bsd, util := make([]float64, 2*n), make([]float64, 2*n), make([]float64, 2*n)
	jobs := make([]int, 2*n)
	for i := range 2 * n {
		rep[i] = i / 2
		kind[i] = [2]string{"open", "feedback"}[i%2]
		s := sums[i]
		wait[i], bsd[i], util[i], jobs[i] = s.AvgWait, s.AvgBoundedSlowdown, s.Utilization, s.Jobs
		if i%2 == 0 {
			out.OpenWaits[i/2] = s.AvgWait
		} else {
			out.FeedbackWaits[i/2] = s.AvgWait
		}
	}
	out.Frame = dataframe.New(
		series.New(rep, series.Int, "replicate"),
		series.New(kind, series.String, "simulation"),
		series.New(wait, series.Float, "avg_wait"),
		series.New(bsd, series.Float, "avg_bounded_slowdown"),
		series.New(util, series.Float, "utilization"),
		series.New(jobs, series.Int, "jobs"),
	)
	return out, nil
}

// StudyOptions controls UserAwareStudy. The zero value compares EASY and
// the user-aware scheduler with α = 0.9 under the distribution-based model
// with and without a daily cycle of office hours.
type StudyOptions struct {
	// Alphas are the α of the user-aware schedulers; nil means 0 (EASY)
	// and 0.9.
	Alphas []float64
	// Cycles are the activity patterns of the distribution-based model;
	// nil means OfficeHours and NoCycle (2021 Fig. 21).
	Cycles []Cycle
	Seed   uint64
	// Until stops the simulations (0: run to completion); metrics are
	// over the window [first arrival, Until).
	Until float64
}

// Study holds the simulations of UserAwareStudy, one per (cycle, α).
type Study struct {
	Workload *Workload
	Runs     []StudyRun
	From, To float64
}

// StudyRun is one simulation of a Study.
type StudyRun struct {
	Cycle  Cycle
	Alpha  float64
	Result *Result
}

// UserAwareStudy simulates workload w under the user-aware scheduler for
// each α (α = 0 is EASY) and the distribution-based model for each cycle,
// recording timelines: the material of 2021 Figs. 20 (ClassFrame) and 21
// (HourlyQueueFrame).
func UserAwareStudy(w *Workload, o StudyOptions) (*Study, error) {
	if o.Alphas == nil {
		o.Alphas = []float64{0, 0.9}
	}
	if o.Cycles == nil {
		o.Cycles = []Cycle{OfficeHours, NoCycle}
	}
	for _, a := range o.Alphas {
		if !(a >= 0 && a <= 1) {
			return nil, fmt.Errorf("feedback: α %v outside [0, 1]", a)
		}
	}
	st := &Study{Workload: w, From: w.Jobs[0].Submit, To: o.Until}
	for _, c := range o.Cycles {
		for _, a := range o.Alphas {
			st.Runs = append(st.Runs, StudyRun{Cycle: c, Alpha: a})
		}
	}
	err := parallel.For(context.Background(), len(st.Runs), runtime.GOMAXPROCS(0), func(_ context.Context, i int) error {
		run := &st.Runs[i]
		r, err := Simulate(w, &UserAware{Alpha: run.Alpha}, Options{Model: Distribution{Cycle: run.Cycle},
			Seed: o.Seed, Until: o.Until, Engine: sim.EngineOptions{Timeline: true}})
		run.Result = r
		return err
	})
	if err != nil {
		return nil, err
	}
	if st.To == 0 {
		st.To = math.Inf(-1)
		for _, r := range st.Runs {
			if tl := r.Result.Sim.Timeline; tl.Len() > 0 {
				st.To = math.Max(st.To, tl.Time[tl.Len()-1])
			}
		}
	}
	return st, nil
}

// SummaryFrame returns one row per simulation: cycle, alpha, the
// sim.SummaryColumns, and throughput_window (jobs ended in [From, To) per
// week) and mean_queue.
func (s *Study) SummaryFrame() dataframe.DataFrame {
	n := len(s.Runs)
	cyc := make([]string, n)
	alpha, tp, mq := make([]float64, n), make([]float64, n), make([]float64, n)
	sums := make([]sim.Summary, n)
	for i, r := range s.Runs {
		cyc[i], alpha[i] = r.Cycle.String(), r.Alpha
		sums[i] = r.Result.Summary()
		tp[i] = WindowOf(r.Result.Sim, s.From, s.To).Throughput
		mq[i] = MeanQueue(r.Result.Sim.Timeline, s.From, s.To)
	}
	return dataframe.New(
		series.New(cyc, series.String, "cycle"),
		series.New(alpha, series.Float, "alpha"),
	).CBind(sim.SummaryFrame(nil, sums)).
		Mutate(series.New(tp, series.Float, "throughput_window")).
		Mutate(series.New(mq, series.Float, "mean_queue"))
}

// ClassFrame returns the response time per job class (2021 Fig. 20) of
// every simulation: cycle, alpha, class (short ≤ 1 min, medium ≤ 10 min,
// long), jobs, avg_wait, avg_response, avg_bounded_slowdown (jobs that
// ended).
func (s *Study) ClassFrame() dataframe.DataFrame {
	var cyc, class []string
	var alpha, wait, resp, bsd []float64
	var jobs []int
	for _, r := range s.Runs {
		for _, c := range ByClass(r.Result.Sim, nil) {
			cyc, alpha = append(cyc, r.Cycle.String()), append(alpha, r.Alpha)
			class, jobs = append(class, c.Class.String()), append(jobs, c.Jobs)
			wait, resp, bsd = append(wait, c.AvgWait), append(resp, c.AvgResp), append(bsd, c.AvgBoundedSlowdown)
		}
	}
	return dataframe.New(
		series.New(cyc, series.String, "cycle"),
		series.New(alpha, series.Float, "alpha"),
		series.New(class, series.String, "class"),
		series.New(jobs, series.Int, "jobs"),
		series.New(wait, series.Float, "avg_wait"),
		series.New(resp, series.Float, "avg_response"),
		series.New(bsd, series.Float, "avg_bounded_slowdown"),
	)
}

// HourlyQueueFrame returns the time-weighted mean queue length in each
// local hour of the day (2021 Fig. 21) of every simulation over [From,
// To): cycle, alpha, hour (0–23) and avg_queue.
func (s *Study) HourlyQueueFrame() dataframe.DataFrame {
	var cyc []string
	var alpha, q []float64
	var hour []int
	for _, r := range s.Runs {
		byHour := s.Workload.QueueByHour(r.Result.Sim.Timeline, s.From, s.To)
		for h, v := range byHour {
			cyc, alpha, hour, q = append(cyc, r.Cycle.String()), append(alpha, r.Alpha), append(hour, h), append(q, v)
		}
	}
	return dataframe.New(
		series.New(cyc, series.String, "cycle"),
		series.New(alpha, series.Float, "alpha"),
		series.New(hour, series.Int, "hour"),
		series.New(q, series.Float, "avg_queue"),
	)
}
