package feedback

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
)

// Jobs returns the jobs of the simulation as they arrived (simulated
// submit times and waits), leaving out those that had not arrived when it
// stopped: the recorded workload, ready for an open replay (sim.Run). They
// are in the order the engine saw them arrive (submit time, ties in
// order of submission), so that an open replay with the same scheduler
// repeats the simulation's schedule.
func (r *Result) Jobs() []sim.Job {
	idx := r.arrivalOrder()
	out := make([]sim.Job, len(idx))
	for i, k := range idx {
		j := r.w.Jobs[k]
		j.Submit = r.Sim.Submit[k]
		j.Wait = r.Sim.Start[k] - j.Submit
		out[i] = j
	}
	return out
}

// Conventional is the conventional simulation of 2014 §V: the open replay
// of the workload's jobs at their logged submit times with scheduler s (a
// fresh one), on the workload's machine.
func Conventional(w *Workload, s sim.Scheduler, eng sim.EngineOptions) (*sim.Result, error) {
	return ConventionalContext(context.Background(), w, s, eng)
}

// ConventionalContext is Conventional that stops, with an error wrapping
// ctx's in a *sim.SchedulerError naming s, when ctx is cancelled (between
// two rounds: see sim.Engine.RunContext). A bug of s ends it with a
// *sim.SchedulerError too, never a panic or a run without end.
func ConventionalContext(ctx context.Context, w *Workload, s sim.Scheduler, eng sim.EngineOptions) (*sim.Result, error) {
	r, err := sim.RunContext(ctx, w.Jobs, w.Procs, s, eng)
	if err != nil {
		return nil, err
	}
	r.Scheduler = sim.SchedulerName(s)
	r.Prep = w.Prep
	return r, nil
}

// Run is one simulation of a comparison: the conventional (open) replay or
// a feedback simulation with one user model.
type Run struct {
	// Name is "conventional" or the model's name.
	Name      string
	Scheduler string
	// Sim is the per-job outcome in workload order.
	Sim *sim.Result
	// Trace is the workload the simulation generated (the log's arrival
	// times for the conventional simulation).
	Trace *datasets.Trace
	// Marginals are the per-user marginals of Trace (package users): the
	// arrivals per hour of the week (Figs. 5, 6, 8) and the activity
	// length per user (Figs. 7, 9).
	Marginals users.Marginals
	Summary   sim.Summary
	// AvgActivityDays is the mean activity length per user, days.
	AvgActivityDays float64
}

// ComparisonOptions controls Compare. The zero value compares the
// conventional simulation and the three user models under EASY.
type ComparisonOptions struct {
	// Scheduler is a name sim.New knows (or "useraware"); "" means easy.
	Scheduler string
	// Models are the user models; nil means Adjusted, Distribution and
	// Fluid with the paper's parameters.
	Models []Model
	// NoConventional leaves out the conventional simulation.
	NoConventional bool
	// Seed seeds the models.
	Seed uint64
	// Timeline records the queue timelines (for QueueFrame); it costs
	// memory in proportion to the number of events.
	Timeline bool
}

// Comparison holds the simulations of one workload under one scheduler:
// the conventional one and one feedback simulation per user model (2014
// §VII–VIII).
type Comparison struct {
	Workload *Workload
	// Original are the marginals of the log itself (the jobs simulated).
	Original users.Marginals
	Runs     []Run
}

// Compare simulates workload w conventionally and with each user model
// (2014 §VII, Figs. 5–10 and Table I), in parallel. It returns the errors of
// the simulations and of the marginals.
func Compare(w *Workload, opts ComparisonOptions) (*Comparison, error) {
	return CompareContext(context.Background(), w, opts)
}

// CompareContext is Compare that stops, with an error wrapping ctx's (in a
// sim.SchedulerError naming the scheduler), when ctx is cancelled (between
// two rounds: sim.Engine.RunContext).
func CompareContext(ctx context.Context, w *Workload, opts ComparisonOptions) (*Comparison, error) {
	if opts.Scheduler == "" {
		opts.Scheduler = "easy"
	}
	f, err := sim.FactoryOf(opts.Scheduler)
	if err != nil {
		return nil, err
	}
	models := opts.Models
	if models == nil {
		models = []Model{Adjusted{}, Distribution{}, Fluid{}}
	}
	c := &Comparison{Workload: w}
	// The log's users are classified once: for the original marginals and
	// for the conventional run, whose trace is the log.
	orig, err := users.Classify(w.Trace, users.Options{})
	if err != nil {
		return nil, err
	}
	c.Original = users.MarginalsOf(w.Trace, orig)
	c.Original.Name = "original"
	n := len(models)
	if !opts.NoConventional {
		n++
	}
	c.Runs = make([]Run, n)
	eng := sim.EngineOptions{Timeline: opts.Timeline}
	err = forSims(ctx, n, func(ctx context.Context, i int) error {
		run := &c.Runs[i]
		if !opts.NoConventional {
			if i == 0 {
				r, err := ConventionalContext(ctx, w, f(), eng)
				if err != nil {
					return err
				}
				run.Name, run.Scheduler, run.Sim, run.Trace = "conventional", r.Scheduler, r, w.Trace
				run.finishWith(orig)
				return nil
			}
			i--
		}
		res, err := SimulateContext(ctx, w, f(), Options{Model: models[i], Seed: opts.Seed, Engine: eng})
		if err != nil {
			return err
		}
		run.Name, run.Scheduler, run.Sim, run.Trace = res.Model, res.Scheduler, res.Sim, res.Trace()
		return run.finish()
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

func (run *Run) finish() error {
	p, err := users.Classify(run.Trace, users.Options{})
	if err != nil {
		return err
	}
	run.finishWith(p)
	return nil
}

// finishWith fills the run's marginals, summary and activity from the
// users p of its trace.
func (run *Run) finishWith(p users.Population) {
	run.Marginals = users.MarginalsOf(run.Trace, p)
	run.Marginals.Name = run.Name
	run.Summary = run.Sim.Summary()
	run.AvgActivityDays = mean(p.Span) / datasets.Day
}

// Run returns the run of the given name, nil if none.
func (c *Comparison) Run(name string) *Run {
	for i := range c.Runs {
		if c.Runs[i].Name == name {
			return &c.Runs[i]
		}
	}
	return nil
}

// SummaryFrame returns one row per simulation: trace, simulation,
// scheduler, the sim.SummaryColumns and avg_activity_days.
func (c *Comparison) SummaryFrame() dataframe.DataFrame {
	names := make([]string, len(c.Runs))
	sums := make([]sim.Summary, len(c.Runs))
	trace, sched := make([]string, len(c.Runs)), make([]string, len(c.Runs))
	act := make([]float64, len(c.Runs))
	for i, r := range c.Runs {
		names[i], sums[i], sched[i], act[i] = r.Name, r.Summary, r.Scheduler, r.AvgActivityDays
		trace[i] = c.Workload.Name
	}
	df := sim.SummaryFrame(names, sums).Rename("simulation", "name")
	df = df.Mutate(series.New(sched, series.String, "scheduler")).
		Mutate(series.New(trace, series.String, "trace")).
		Mutate(series.New(act, series.Float, "avg_activity_days"))
	cols := append([]string{"trace", "simulation", "scheduler"}, sim.SummaryColumns...)
	return df.Select(append(cols, "avg_activity_days"))
}

// HourOfWeekFrame returns the arrivals per hour of the week of the log
// and of every simulation (2014 Figs. 5, 6, 8): users.HourOfWeekFrame with
// the trace column naming the simulation ("original" for the log).
func (c *Comparison) HourOfWeekFrame() dataframe.DataFrame {
	ms := []users.Marginals{c.Original}
	for _, r := range c.Runs {
		if r.Name != "conventional" { // the conventional simulation keeps the log's arrivals
			ms = append(ms, r.Marginals)
		}
	}
	return users.HourOfWeekFrame(ms...)
}

// ActivityFrame returns the distribution of the activity length per user
// (2014 Figs. 7, 9) of the log and of every feedback simulation, long
// form: simulation, rank (0 the shortest), fraction (rank / (users − 1))
// and activity_days.
func (c *Comparison) ActivityFrame() dataframe.DataFrame {
	var name []string
	var rank []int
	var frac, days []float64
	add := func(n string, v []float64) {
		for i, x := range v {
			name = append(name, n)
			rank = append(rank, i)
			f := 0.0
			if len(v) > 1 {
				f = float64(i) / float64(len(v)-1)
			}
			frac = append(frac, f)
			days = append(days, x/datasets.Day)
		}
	}
	add("original", c.Original.Values[users.ActivityPeriod])
	for _, r := range c.Runs {
		if r.Name != "conventional" {
			add(r.Name, r.Marginals.Values[users.ActivityPeriod])
		}
	}
	return dataframe.New(
		series.New(name, series.String, "simulation"),
		series.New(rank, series.Int, "rank"),
		series.New(frac, series.Float, "fraction"),
		series.New(days, series.Float, "activity_days"),
	)
}

// QueueFrame returns the time-weighted distributions of the queue length
// (2014 Fig. 10) of the runs of one or more comparisons (which must have
// recorded timelines), over each run's whole simulation: columns trace,
// simulation, scheduler, queue and cdf (fraction of the time the queue
// held at most queue jobs), and the mean queue length per run in
// mean_queue.
func QueueFrame(cs ...*Comparison) dataframe.DataFrame {
	var trace, simu, sched []string
	var queue []int
	var cdf, mq []float64
	for _, c := range cs {
		for _, r := range c.Runs {
			tl := r.Sim.Timeline
			if tl.Len() == 0 {
				continue
			}
			from, to := tl.Time[0], tl.Time[tl.Len()-1]
			q, f := QueueDistribution(tl, from, to)
			m := MeanQueue(tl, from, to)
			for i := range q {
				trace = append(trace, c.Workload.Name)
				simu = append(simu, r.Name)
				sched = append(sched, r.Scheduler)
				queue = append(queue, q[i])
				cdf = append(cdf, f[i])
				mq = append(mq, m)
			}
		}
	}
	return dataframe.New(
		series.New(trace, series.String, "trace"),
		series.New(simu, series.String, "simulation"),
		series.New(sched, series.String, "scheduler"),
		series.New(queue, series.Int, "queue"),
		series.New(cdf, series.Float, "cdf"),
		series.New(mq, series.Float, "mean_queue"),
	)
}

// Cross is the cross-simulation of 2021 §3.4 (Fig. 8): the workloads that
// feedback simulations generate under EASY and under FCFS, each replayed
// open under the other scheduler (and under its own, which must repeat the
// feedback simulation's schedule).
type Cross struct {
	Workload *Workload
	// Feedback holds the feedback simulations, by scheduler name.
	Feedback map[string]*Result
	// Rows are the simulations: which scheduler generated the workload,
	// which one was simulated, and whether it was the feedback simulation
	// itself or an open replay of its recorded workload.
	Rows []CrossRow
}

// CrossRow is one simulation of a Cross.
type CrossRow struct {
	GeneratedUnder, SimulatedWith string
	Open                          bool
	Sim                           *sim.Result
	Summary                       sim.Summary
	MeanQueue                     float64
}

// CrossSimulation runs the cross-simulation of 2021 Fig. 8 on workload w
// with user model m (nil: Fluid) and seed: feedback simulations under
// EASY and FCFS record their workloads, and each is replayed open under
// both schedulers. Timelines are recorded for the queue lengths. It is
// CrossSchedulers(w, m, seed, "easy", "fcfs").
func CrossSimulation(w *Workload, m Model, seed uint64) (*Cross, error) {
	return CrossSimulationContext(context.Background(), w, m, seed)
}

// CrossSimulationContext is CrossSimulation that stops when ctx is
// cancelled, as CrossSchedulersContext does.
func CrossSimulationContext(ctx context.Context, w *Workload, m Model, seed uint64) (*Cross, error) {
	return CrossSchedulersContext(ctx, w, m, seed, "easy", "fcfs")
}

// CrossSchedulers is the cross-simulation of 2021 Fig. 8 between any
// schedulers, named as sim.FactoryOf knows them (a program's own,
// registered with sim.Register, too): a feedback simulation under each
// records its workload, and each workload is replayed open under every
// scheduler. Cross.Feedback and the rows name the schedulers as given. It
// returns an error for fewer than one scheduler, a name given twice or an
// unknown one.
func CrossSchedulers(w *Workload, m Model, seed uint64, schedulers ...string) (*Cross, error) {
	return CrossSchedulersContext(context.Background(), w, m, seed, schedulers...)
}

// CrossSchedulersContext is CrossSchedulers that stops, with an error
// wrapping ctx's (in a sim.SchedulerError naming the scheduler), when ctx
// is cancelled (between two rounds: sim.Engine.RunContext).
func CrossSchedulersContext(ctx context.Context, w *Workload, m Model, seed uint64, schedulers ...string) (*Cross, error) {
	if m == nil {
		m = Fluid{}
	}
	if len(schedulers) == 0 {
		return nil, fmt.Errorf("feedback: cross-simulation without a scheduler")
	}
	scheds := schedulers
	facs := make([]sim.Factory, len(scheds))
	for i, name := range scheds {
		if slices.Contains(scheds[:i], name) {
			return nil, fmt.Errorf("feedback: cross-simulation: scheduler %q given twice", name)
		}
		f, err := sim.FactoryOf(name)
		if err != nil {
			return nil, fmt.Errorf("feedback: %w", err)
		}
		facs[i] = f
	}
	c := &Cross{Workload: w, Feedback: map[string]*Result{}}
	fbs := make([]*Result, len(scheds))
	eng := sim.EngineOptions{Timeline: true}
	err := forSims(ctx, len(scheds), func(ctx context.Context, i int) error {
		r, err := SimulateContext(ctx, w, facs[i](), Options{Model: m, Seed: seed, Engine: eng})
		fbs[i] = r
		return err
	})
	if err != nil {
		return nil, err
	}
	type spec struct{ gen, with int }
	var specs []spec
	for g := range scheds {
		for s := range scheds {
			specs = append(specs, spec{g, s})
		}
	}
	opens := make([]*sim.Result, len(specs))
	err = forSims(ctx, len(specs), func(ctx context.Context, i int) error {
		r, err := sim.RunContext(ctx, fbs[specs[i].gen].Jobs(), w.Procs, facs[specs[i].with](), eng)
		opens[i] = r
		return err
	})
	if err != nil {
		return nil, err
	}
	for i, s := range scheds {
		c.Feedback[s] = fbs[i]
		c.Rows = append(c.Rows, newCrossRow(s, s, false, fbs[i].Sim))
	}
	for i, sp := range specs {
		c.Rows = append(c.Rows, newCrossRow(scheds[sp.gen], scheds[sp.with], true, opens[i]))
	}
	return c, nil
}

func newCrossRow(gen, with string, open bool, r *sim.Result) CrossRow {
	row := CrossRow{GeneratedUnder: gen, SimulatedWith: with, Open: open, Sim: r, Summary: r.Summary()}
	row.MeanQueue = math.NaN()
	if tl := r.Timeline; tl.Len() > 0 {
		row.MeanQueue = MeanQueue(tl, tl.Time[0], tl.Time[tl.Len()-1])
	}
	return row
}

// Frame returns one row per simulation: generated_under, simulated_with,
// simulation ("feedback" or "open"), the sim.SummaryColumns and
// mean_queue (time-weighted).
func (c *Cross) Frame() dataframe.DataFrame {
	n := len(c.Rows)
	gen, with, kind := make([]string, n), make([]string, n), make([]string, n)
	sums := make([]sim.Summary, n)
	mq := make([]float64, n)
	for i, r := range c.Rows {
		gen[i], with[i], sums[i], mq[i] = r.GeneratedUnder, r.SimulatedWith, r.Summary, r.MeanQueue
		kind[i] = "feedback"
		if r.Open {
			kind[i] = "open"
		}
	}
	return dataframe.New(
		series.New(gen, series.String, "generated_under"),
		series.New(with, series.String, "simulated_with"),
		series.New(kind, series.String, "simulation"),
	).CBind(sim.SummaryFrame(nil, sums)).Mutate(series.New(mq, series.Float, "mean_queue"))
}

// WeeklyFrame returns the number of waiting jobs at each week boundary of
// every simulation (sim.Result.Weekly): generated_under, simulated_with,
// simulation, week (0 the first boundary) and queue.
func (c *Cross) WeeklyFrame() dataframe.DataFrame {
	var gen, with, kind []string
	var wk, q []int
	for _, r := range c.Rows {
		k := "feedback"
		if r.Open {
			k = "open"
		}
		for i := range r.Sim.Weekly.Time {
			gen, with, kind = append(gen, r.GeneratedUnder), append(with, r.SimulatedWith), append(kind, k)
			wk = append(wk, i)
			q = append(q, r.Sim.Weekly.Queue[i])
		}
	}
	return dataframe.New(
		series.New(gen, series.String, "generated_under"),
		series.New(with, series.String, "simulated_with"),
		series.New(kind, series.String, "simulation"),
		series.New(wk, series.Int, "week"),
		series.New(q, series.Int, "queue"),
	)
}

// SessionStats are the sessions (Definition 1, one-hour gap) of the jobs
// that arrived in a window of a simulated workload.
type SessionStats struct {
	Sessions int
	// AvgLength is the mean session length (first arrival to latest end),
	// seconds; AvgJobs the mean number of jobs per session.
	AvgLength, AvgJobs float64
}

// SessionsOf returns the session statistics of the jobs of trace t that
// arrived in [from, to). It returns the errors of session.Analyze.
func SessionsOf(t *datasets.Trace, from, to float64) (SessionStats, error) {
	sub, _ := t.Filter(func(i int) bool { return t.Submit[i] >= from && t.Submit[i] < to })
	if sub.Len() == 0 {
		return SessionStats{AvgLength: math.NaN(), AvgJobs: math.NaN()}, nil
	}
	st, err := session.Analyze(sub, session.Options{})
	if err != nil {
		return SessionStats{}, err
	}
	n := st.Sessions.Len()
	s := SessionStats{Sessions: n}
	var length float64
	for i := range n {
		length += st.Sessions.Length(i)
	}
	s.AvgLength = length / float64(n)
	s.AvgJobs = float64(sub.Len()) / float64(n)
	return s, nil
}

// resampled generates one resampled log from pools p with options o and
// prepares it for feedback simulation on the original machine (the
// pools' log's machine size unless ws.Sim.Procs is set).
func resampled(p *resample.Pools, o resample.Options, ws WorkloadOptions) (*resample.Resampled, *Workload, error) {
	r, err := p.Generate(o)
	if err != nil {
		return nil, nil, err
	}
	if ws.Sim.Procs == 0 {
		ws.Sim.Procs = p.Trace.MaxProcs()
	}
	w, err := NewWorkload(r.Trace, ws)
	if err != nil {
		return nil, nil, err
	}
	return r, w, nil
}

// forSims is parallel.For over simulations with GOMAXPROCS workers, but
// when ctx is cancelled it returns the error of the simulation with the
// smallest index that ctx stopped (a sim.SchedulerError naming its
// scheduler, wrapping ctx's error) rather than ctx's bare error, which it
// returns when no simulation had started.
func forSims(ctx context.Context, n int, task func(ctx context.Context, i int) error) error {
	errs := make([]error, n)
	err := parallel.For(ctx, n, runtime.GOMAXPROCS(0), func(ctx context.Context, i int) error {
		errs[i] = task(ctx, i)
		return errs[i]
	})
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		for _, e := range errs {
			if e != nil && errors.Is(e, ctx.Err()) {
				return e
			}
		}
	}
	return err
}
