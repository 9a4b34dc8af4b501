package feedback

import (
	"context"
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
// scheduler, simulation ("feedback" or "open"), throughput_window_per_week (jobs ended
// in the window per week), arrivals (jobs arrived in the window per week),
// utilization (in the window), avg_wait and avg_response (jobs that
// ended), sessions, avg_session_hours and jobs_per_session (sessions of
// the jobs that arrived in the window, Definition 1), max_queue, and
// saturated (sim.Result.Saturation: 2013 §6.3's test with its threshold of
// one job per week, over the weeks of arrivals, the last 20% left out),
// saturated_all_weeks (the same test keeping every week of arrivals:
// sim.SaturationOptions.NoDrop) and outstanding_end (jobs submitted and
// not ended by the window's end: Window.Outstanding). Rows are ordered by load,
// replicate, scheduler, simulation. The simulations run in parallel; the
// result does not depend on the number of workers.
func LoadSweep(p *resample.Pools, o LoadSweepOptions) (dataframe.DataFrame, error) {
	return LoadSweepContext(context.Background(), p, o)
}

// LoadSweepContext is LoadSweep that stops, with an error wrapping ctx's
// (in a sim.SchedulerError naming the scheduler), when ctx is cancelled
// (between two rounds: sim.Engine.RunContext).
func LoadSweepContext(ctx context.Context, p *resample.Pools, o LoadSweepOptions) (dataframe.DataFrame, error) {
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
	err := parallel.For(ctx, len(pts), runtime.GOMAXPROCS(0), func(_ context.Context, i int) error {
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
		win    Window
		sum    sim.Summary
		sess   SessionStats
		sat    sim.Saturation
		satAll bool
	}
	rows := make([]row, len(tasks))
	err = forSims(ctx, len(tasks), func(ctx context.Context, i int) error {
		t := tasks[i]
		pt := pts[t.pt]
		var res *sim.Result
		var sess SessionStats
		if t.open {
			r, err := sim.RunContext(ctx, pt.w.Jobs, pt.w.Procs, facs[t.sched](), sim.EngineOptions{WeekOrigin: pt.r.Start})
			if err != nil {
				return err
			}
			res = r
			sess, err = SessionsOf(pt.w.Trace, pt.r.Start, pt.r.End)
			if err != nil {
				return err
			}
		} else {
			r, err := SimulateContext(ctx, pt.w, facs[t.sched](), Options{Model: o.Model, Seed: o.Seed ^ uint64(pt.rep)<<32,
				Until: pt.r.End, Engine: sim.EngineOptions{WeekOrigin: pt.r.Start}})
			if err != nil {
				return err
			}
			res = r.Sim
			sess, err = SessionsOf(r.Trace(), pt.r.Start, pt.r.End)
			if err != nil {
				return err
			}
		}
		rows[i] = row{WindowOf(res, pt.r.Start, pt.r.End), res.Summary(), sess,
			res.Saturation(sim.SaturationOptions{}), res.Saturation(sim.SaturationOptions{NoDrop: true}).Saturated}
		return nil
	})
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	n := len(tasks)
	load, tp, arr, util, wait, resp, hours, jps := make([]float64, n), make([]float64, n), make([]float64, n),
		make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	rep, nusers, offered, nsess, maxq, outEnd := make([]int, n), make([]int, n), make([]int, n), make([]int, n), make([]int, n), make([]int, n)
	sched, kind := make([]string, n), make([]string, n)
	saturated, satAll := make([]bool, n), make([]bool, n)
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
		arr[i] = float64(r.win.Arrived) / ((r.win.To - r.win.From) / datasets.Week)
		maxq[i], saturated[i], satAll[i], outEnd[i] = r.sum.MaxQueue, r.sat.Saturated, r.satAll, r.win.Outstanding
		nsess[i], hours[i], jps[i] = r.sess.Sessions, r.sess.AvgLength/datasets.Hour, r.sess.AvgJobs
	}
	return dataframe.New(
		series.New(load, series.Float, "load"),
		series.New(rep, series.Int, "replicate"),
		series.New(nusers, series.Int, "users"),
		series.New(offered, series.Int, "offered"),
		series.New(sched, series.String, "scheduler"),
		series.New(kind, series.String, "simulation"),
		series.New(tp, series.Float, "throughput_window_per_week"),
		series.New(arr, series.Float, "arrivals"),
		series.New(util, series.Float, "utilization"),
		series.New(wait, series.Float, "avg_wait"),
		series.New(resp, series.Float, "avg_response"),
		series.New(nsess, series.Int, "sessions"),
		series.New(hours, series.Float, "avg_session_hours"),
		series.New(jps, series.Float, "jobs_per_session"),
		series.New(maxq, series.Int, "max_queue"),
		series.New(saturated, series.Bool, "saturated"),
		series.New(satAll, series.Bool, "saturated_all_weeks"),
		series.New(outEnd, series.Int, "outstanding_end"),
	), nil
}
