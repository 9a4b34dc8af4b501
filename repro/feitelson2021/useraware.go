package feitelson2021

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/feedback/feedbackplot"
	"github.com/tracelab/tracelab/sim/resample"
)

// fig19Alphas are the values of α of the user-aware scheduler (α = 0 is
// EASY) and fig19Loads the factors on the number of users.
func (s *Study) fig19Alphas() []float64 {
	if s.o.Quick {
		return []float64{0, 0.5, 0.9}
	}
	return []float64{0, 0.25, 0.5, 0.75, 0.9, 1}
}

func (s *Study) fig19Loads() []float64 {
	if s.o.Quick {
		return []float64{2}
	}
	return []float64{1.5, 2, 2.5}
}

// Fig19Result is the user-aware scheduler against α (§4.4, Fig. 19):
// throughput and session length on resampled logs with more users than
// the original, under the distribution-based user model with office hours.
type Fig19Result struct {
	Log    string
	Alphas []float64
	Loads  []float64
	// Frame is feedback.LoadSweep's, with a column alpha.
	Frame  dataframe.DataFrame
	Figure *plots.Figure
	// mean[load][α index] of throughput and jobs per session, and of the
	// utilisation and the jobs ended over the jobs arrived in the window.
	throughput, jobsPerSession map[float64][]float64
	utilization, ended         map[float64][]float64
	// reps is the number of replicates per (load, α); tpRep and jsRep
	// are [load][replicate][α index] the throughput and jobs per session
	// of each replicate. A replicate is one resampled log (and one seed
	// of the user model) simulated under every α (feedback.LoadSweep's
	// common random numbers, stream r at every load), so the replicates
	// are paired across α and across loads: a difference is judged by the
	// standard error of its replicates' paired differences.
	reps         int
	tpRep, jsRep map[float64][][]float64
	// horizon is the smallest population with the job streams generated
	// past the window (fig19Horizon); nil in quick mode.
	horizon []horizonRun
	Missing []Missing
}

// Fig19 sweeps α of the user-aware scheduler and the number of users.
func (s *Study) Fig19(ctx context.Context) (*Fig19Result, error) {
	return s.fig19.Get(func() (*Fig19Result, error) {
		r := &Fig19Result{Log: PopulationLog, Alphas: s.fig19Alphas(), Loads: s.fig19Loads(),
			throughput: map[float64][]float64{}, jobsPerSession: map[float64][]float64{},
			utilization: map[float64][]float64{}, ended: map[float64][]float64{}}
		p, err := s.poolsOf(PopulationLog, &r.Missing)
		if p == nil {
			return r, err
		}
		var scheds []string
		for _, a := range r.Alphas {
			scheds = append(scheds, fmt.Sprintf("useraware:%g", a))
		}
		reps := s.o.Reps(2, 1)
		df, err := feedback.LoadSweepContext(ctx, p, feedback.LoadSweepOptions{Loads: r.Loads, Schedulers: scheds,
			Model: feedback.Distribution{Cycle: feedback.OfficeHours}, Seed: s.seed(19), Replicates: reps,
			Generate: resample.Options{LongTermStart: literalStart}})
		if err != nil {
			return nil, err
		}
		alpha := make([]float64, df.Nrow())
		for i, sc := range df.Col("scheduler").Records() {
			alpha[i] = r.Alphas[slices.Index(scheds, sc)]
		}
		pop := make([]string, df.Nrow())
		for i, l := range df.Col("load").Float() {
			pop[i] = fmt.Sprintf("%g× users", l)
		}
		r.Frame = df.Mutate(series.New(alpha, series.Float, "alpha")).Mutate(series.New(pop, series.String, "population"))
		cols, err := plots.FloatColumns(r.Frame, "load", "alpha", "throughput_window_per_week", "jobs_per_session", "utilization", "arrivals", "replicate")
		if err != nil {
			return nil, err
		}
		r.tpRep, r.jsRep = map[float64][][]float64{}, map[float64][][]float64{}
		for _, l := range r.Loads {
			r.throughput[l], r.jobsPerSession[l] = make([]float64, len(r.Alphas)), make([]float64, len(r.Alphas))
			r.utilization[l], r.ended[l] = make([]float64, len(r.Alphas)), make([]float64, len(r.Alphas))
			r.tpRep[l], r.jsRep[l] = make([][]float64, reps), make([][]float64, reps)
			for j := range reps {
				r.tpRep[l][j], r.jsRep[l][j] = make([]float64, len(r.Alphas)), make([]float64, len(r.Alphas))
			}
		}
		for i := range cols[0] {
			load, k, j := cols[0][i], slices.Index(r.Alphas, cols[1][i]), int(cols[6][i])
			r.throughput[load][k] += cols[2][i] / float64(reps)
			r.jobsPerSession[load][k] += cols[3][i] / float64(reps)
			r.utilization[load][k] += cols[4][i] / float64(reps)
			r.ended[load][k] += cols[2][i] / cols[5][i] / float64(reps)
			r.tpRep[load][j][k], r.jsRep[load][j][k] = cols[2][i], cols[3][i]
		}
		r.reps = reps
		if !s.o.Quick {
			if r.horizon, err = s.fig19Horizon(ctx, p, r); err != nil {
				return nil, err
			}
		}
		var panels []*plot.Plot
		for _, y := range []struct{ col, label string }{{"throughput_window_per_week", "jobs ended per week"}, {"jobs_per_session", "jobs per session"},
			{"avg_session_hours", "hours per session"}} {
			pl, err := feedbackplot.Lines(r.Frame, "alpha", y.col, []string{"population"}, feedbackplot.LinesOptions{LinesOptions: plots.LinesOptions{Points: true,
				Axes: plots.Axes{Title: y.label, XLabel: "α (0 = EASY)", YLabel: y.label}}})
			if err != nil {
				return nil, err
			}
			panels = append(panels, pl)
		}
		r.Figure = figure("Fig. 19", "the user-aware scheduler on "+PopulationLog+" resampled with more users, against its parameter α",
			"the paper: throughput and session length rise with α — compare each panel's points from left to right (the ledger counts where ours do)", 3, panels...)
		r.Figure.ShareX = true
		return r, nil
	})
}

// Claims adds the claims of §4.4 on the user-aware scheduler (Fig. 19).
func (r *Fig19Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 19"
	if onlyUnavailable(l, item, "fig19", r.Missing) {
		return
	}
	holds := r.asComputed()
	for _, load := range r.Loads {
		tp, js := r.throughput[load], r.jobsPerSession[load]
		id := fmt.Sprintf("fig19/load%g", load)
		tpHolds, tpGap := r.throughputHolds(load)
		l.Claim(item, id+"/throughput", fmt.Sprintf("%g× users: average job throughput is higher the more emphasis the scheduler places on responsiveness (largest α against EASY, by more than twice the standard error of the replicates' paired differences, and rank correlation with α)", load),
			tpHolds, fmt.Sprintf("jobs per week: %s for α = %v; ρ = %.2f; %s", fmtFloats(tp, 0), r.Alphas, spearman(r.Alphas, tp), tpGap)).
			Quoting("Average job throughput and session length are higher the more emphasis is\nplaced by the scheduler on responsiveness").
			Measured(fmt.Sprintf("the resampled users' jobs are fixed, so a scheduler raises the throughput only by ending more of them within the window: at %g× users EASY ends %.1f%% of the jobs that arrive (utilisation %.2f), and the throughputs over α lie within %.1f%% of each other",
				load, 100*r.ended[load][0], r.utilization[load][0], 100*(slices.Max(tp)-slices.Min(tp))/slices.Min(tp))).
			Measured(r.horizonTextAt(load, holds))
		jsHolds, jsGap := r.sessionsHold(load)
		l.Claim(item, id+"/sessions", fmt.Sprintf("%g× users: session length (jobs per session) is higher the more emphasis the scheduler places on responsiveness (largest α against EASY, by more than twice the standard error of the replicates' paired differences, and rank correlation with α)", load),
			jsHolds, fmt.Sprintf("jobs per session: %s; ρ = %.2f; %s", fmtFloats(js, 2), spearman(r.Alphas, js), jsGap)).
			Quoting("Average job throughput and session length are higher the more emphasis is\nplaced by the scheduler on responsiveness")
	}
	if len(r.Loads) > 1 {
		first, end := r.Loads[0], r.Loads[len(r.Loads)-1]
		last := len(r.Alphas) - 1
		keep := r.jobsPerSession[end][last] / r.jobsPerSession[first][last]
		easy := r.jobsPerSession[end][0] / r.jobsPerSession[first][0]
		holds, gap := r.retains(keep, easy, first, end, last)
		l.Claim(item, "fig19/sessions-retain-length", fmt.Sprintf("when priority is given to interactive jobs, sessions retain their length despite increasing load: from %g× to %g× users sessions shorten less with the largest α than with EASY "+
			"(by more than twice the standard error of the difference of the two ratios of means, from the replicates paired across α and load)", first, end),
			holds, fmt.Sprintf("jobs per session, %g× over %g× users: α = %g %.3f, EASY %.3f; %s", end, first, r.Alphas[last], keep, easy, gap)).
			Quoting("sessions retain their length despite increasing load")
	}
}

// throughputHolds judges fig19/<load>/throughput: the largest α's
// throughput above EASY's by more than 2 SE (higher) and a positive rank
// correlation with α; gap says the first.
func (r *Fig19Result) throughputHolds(load float64) (bool, string) {
	tp := r.throughput[load]
	higher, gap := r.higher(tp, r.tpRep[load], 0)
	return higher && spearman(r.Alphas, tp) > 0, gap
}

// sessionsHold judges fig19/<load>/sessions as throughputHolds does the
// throughput, on the jobs per session.
func (r *Fig19Result) sessionsHold(load float64) (bool, string) {
	js := r.jobsPerSession[load]
	higher, gap := r.higher(js, r.jsRep[load], 2)
	return higher && spearman(r.Alphas, js) > 0, gap
}

// asComputed is whether each of Fig. 19's claims holds, by id.
func (r *Fig19Result) asComputed() map[string]bool {
	out := map[string]bool{}
	for _, load := range r.Loads {
		id := fmt.Sprintf("fig19/load%g", load)
		out[id+"/throughput"], _ = r.throughputHolds(load)
		out[id+"/sessions"], _ = r.sessionsHold(load)
	}
	if len(r.Loads) > 1 {
		first, end := r.Loads[0], r.Loads[len(r.Loads)-1]
		last := len(r.Alphas) - 1
		out["fig19/sessions-retain-length"], _ = r.retains(r.jobsPerSession[end][last]/r.jobsPerSession[first][last],
			r.jobsPerSession[end][0]/r.jobsPerSession[first][0], first, end, last)
	}
	return out
}

// retains reports whether keep, the largest α's jobs per session at load
// end over load first, exceeds easy, EASY's, by more than twice the
// standard error of the difference, and says so. keep and easy are
// ratios of means of r.reps replicates; to first order (the delta method)
// the difference is the mean of each replicate's linearised value
// keep·(a/A − b/B) − easy·(c/C − d/D), where a, b, c, d are the
// replicate's jobs per session (α largest at end and first, EASY at end
// and first) and A, B, C, D their means: one value per replicate, which
// keeps the pairing of a replicate's α and loads (one resampled stream),
// and whose standard error over the replicates is the difference's. With
// one replicate the error is not measured: keep need only exceed easy, and
// the words say the error is missing.
func (r *Fig19Result) retains(keep, easy, first, end float64, last int) (bool, string) {
	gap := keep - easy
	if r.reps < 2 {
		return gap > 0, fmt.Sprintf("difference %+.3f, one replicate: the error of the difference not measured", gap)
	}
	mA, mB := r.jobsPerSession[end][last], r.jobsPerSession[first][last]
	mC, mD := r.jobsPerSession[end][0], r.jobsPerSession[first][0]
	lin := make([]float64, r.reps)
	for j := range lin {
		a, b := r.jsRep[end][j][last], r.jsRep[first][j][last]
		c, d := r.jsRep[end][j][0], r.jsRep[first][j][0]
		lin[j] = keep*(a/mA-b/mB) - easy*(c/mC-d/mD)
	}
	se := ledger.MeanOverSeeds(lin).SE
	return gap > 2*se, fmt.Sprintf("difference %+.3f, 2 SE %.3f (%d replicates, paired across α and load)", gap, 2*se, r.reps)
}

// higher reports whether v's last value (the largest α) is above its first
// (EASY) by more than twice the standard error of their difference
// (ledger.WordRule's direction), and says so with digits decimals. v holds
// the means over the replicates byRep ([replicate][α index]); each
// replicate simulates one resampled log under every α, so the error is
// the paired one: the standard error over the replicates of each one's
// largest α less its EASY (ledger.MeanOverSeeds). With one replicate the
// error is not measured: the last value need only be above the first, and
// the words say the error is missing. (It was "above" alone: at 1.5× users
// 833 jobs a week against 832, 0.1%, counted as higher; then the SD pooled
// over α, as if the replicates were not paired.)
func (r *Fig19Result) higher(v []float64, byRep [][]float64, digits int) (bool, string) {
	last := len(v) - 1
	gap := v[last] - v[0]
	if r.reps < 2 {
		return gap > 0, fmt.Sprintf("largest α over EASY %+.*f, one replicate: the error of the difference not measured", digits, gap)
	}
	d := make([]float64, len(byRep))
	for j, x := range byRep {
		d[j] = x[last] - x[0]
	}
	se := ledger.MeanOverSeeds(d).SE
	return gap > 2*se, fmt.Sprintf("largest α over EASY %+.*f, 2 SE of the paired difference %.*f (%d replicates, each one resampled log under every α)", digits, gap, digits+1, 2*se, r.reps)
}

// fig20Load is the factor on the users of the resampled log of Figs 20–21
// (the paper does not state it), fig20AltLoad the log's own population,
// simulated beside it to measure what the load does to the claims that
// differ, and fig20Alphas the values of α compared (α = 0 is EASY).
var (
	fig20Load    = 1.25
	fig20AltLoad = 1.0
	fig20Alphas  = []float64{0, 0.75, 1}
	fig20Cycles  = []feedback.Cycle{feedback.OfficeHours, feedback.NoCycle}
)

// UserAwareRuns are the simulations of Figs 20 and 21: one resampled log
// simulated under the user-aware scheduler for each α and the
// distribution-based user model for each daily cycle, over the log's
// window [From, To). Each run keeps only the measures its readers take
// (uaDigest), not its job records, timeline and workload: the study's memo
// holds about 19 sets (Figs 19–21, Table 1's scan, the estimates
// convention), which as results took about 0.9 GB (lean14, Session 25).
type UserAwareRuns struct {
	Load float64
	// Procs is the simulated machine's processors (the log's).
	Procs    int
	Runs     []UserAwareRun
	From, To float64
}

// UserAwareRun is one simulation of UserAwareRuns.
type UserAwareRun struct {
	Cycle feedback.Cycle
	Alpha float64
	d     uaDigest
}

// uaDigest is what the readers of UserAwareRuns take of one run's result
// res, over the window [From, To) (by-hour arrays: Workload.QueueByHour,
// in the log's local time). The fields after the first five are measured
// for the runs with office hours only (zero otherwise), outside for EASY's
// (α = 0) only.
type uaDigest struct {
	summary   sim.Summary           // res.Summary()
	window    feedback.Window       // feedback.WindowOf(res, From, To)
	meanQueue float64               // feedback.MeanQueue of the timeline over the window
	classes   []feedback.ClassStats // feedback.ByClass(res, nil)
	queue     [24]float64           // waiting jobs by hour (the timeline's queue)
	busy      [24]float64           // busy processors by hour (the timeline's busy)
	work      [24]float64           // waiting work by hour (waitingWork)
	censored  float64               // censoredResp(res, To, feedback.Long)
	overSplit float64               // mean response of the jobs longer than splitLong (meanResponse)
	all       float64               // mean response of the jobs that ended (meanResponse)
	unended   int                   // long jobs submitted before To and not ended by To
	outside   float64               // outsideOffice of the submit times
}

// digestRun measures res, a run of cycle with a workload w, over [from, to).
func digestRun(w *feedback.Workload, res *feedback.Result, cycle feedback.Cycle, alpha, from, to float64) uaDigest {
	r := res.Sim
	d := uaDigest{summary: res.Summary(), window: feedback.WindowOf(r, from, to), meanQueue: feedback.MeanQueue(r.Timeline, from, to),
		classes: feedback.ByClass(r, nil), queue: w.QueueByHour(r.Timeline, from, to),
		busy: w.QueueByHour(sim.Timeline{Time: r.Timeline.Time, Queue: r.Timeline.Busy}, from, to)}
	if cycle != feedback.OfficeHours {
		return d
	}
	d.work = w.QueueByHour(waitingWork(r), from, to)
	d.censored = censoredResp(r, to, feedback.Long)
	d.overSplit = meanResponse(r, func(j int) bool { return r.Runtime[j] > splitLong })
	d.all = meanResponse(r, func(int) bool { return true })
	for j := range r.ID {
		if feedback.ClassOf(r.Runtime[j]) == feedback.Long && r.Submit[j] < to && !(r.End[j] < to) {
			d.unended++
		}
	}
	if alpha == 0 {
		d.outside = outsideOffice(w.Trace, from, to, r.Submit)
	}
	return d
}

// uaKey identifies a set of UserAwareRuns: the factor on the users, the
// replicate (0 is the figures' own seed), and whether the estimates are
// perfect (estimatesConvention).
type uaKey struct {
	load    float64
	rep     uint64
	perfect bool
}

// userAwareRuns simulates the resampled PopulationLog of Figs 20–21 with
// load times its users, at the figures' seed.
func (s *Study) userAwareRuns(ctx context.Context, load float64) (*UserAwareRuns, error) {
	return s.userAwareReplicate(ctx, load, 0)
}

// userAwareReplicate is userAwareRuns at replicate rep: rep 0 is the
// figures' seed, the others seeds of their own (resampling and user
// model).
func (s *Study) userAwareReplicate(ctx context.Context, load float64, rep uint64) (*UserAwareRuns, error) {
	return s.userAwareVariant(ctx, load, rep, false)
}

// userAwareVariant is userAwareReplicate with, when perfect, each job's
// runtime estimate set to its runtime (the same resampled log and seeds).
func (s *Study) userAwareVariant(ctx context.Context, load float64, rep uint64, perfect bool) (*UserAwareRuns, error) {
	seed := s.seed(20)
	if rep > 0 {
		seed = s.seed(20_000 + rep)
	}
	return s.uaRuns.Get(uaKey{load, rep, perfect}, func() (*UserAwareRuns, error) {
		var ms []Missing
		p, err := s.poolsOf(PopulationLog, &ms)
		if len(ms) > 0 {
			return nil, ms[0].Err
		} else if err != nil {
			return nil, err
		}
		rs, err := p.Generate(resample.Options{LongTermStart: literalStart, Load: load, Seed: seed})
		if err != nil {
			return nil, err
		}
		if perfect {
			// The same resampled log, each job's estimate its runtime
			// (estimatesConvention).
			rs.Trace.ReqTime = slices.Clone(rs.Trace.Runtime)
		}
		w, err := feedback.NewWorkload(rs.Trace, feedback.WorkloadOptions{Sim: sim.Options{Procs: p.Trace.MaxProcs()}})
		if err != nil {
			return nil, err
		}
		return simulateUserAware(ctx, s.o.NumWorkers(), w, load, seed, rs.Start, rs.End)
	})
}

// simulateUserAware runs Figs 20–21's simulations of workload w (load
// times its users), one per fig20Cycles × fig20Alphas, with the user
// model's seed, stopped at to, each kept as its digest over [from, to).
func simulateUserAware(ctx context.Context, workers int, w *feedback.Workload, load float64, seed uint64, from, to float64) (*UserAwareRuns, error) {
	u := &UserAwareRuns{Load: load, Procs: w.Procs, From: from, To: to}
	for _, c := range fig20Cycles {
		for _, a := range fig20Alphas {
			u.Runs = append(u.Runs, UserAwareRun{Cycle: c, Alpha: a})
		}
	}
	err := parallel.For(ctx, len(u.Runs), workers, func(ctx context.Context, i int) error {
		run := &u.Runs[i]
		res, err := feedback.SimulateContext(ctx, w, &feedback.UserAware{Alpha: run.Alpha}, feedback.Options{Model: feedback.Distribution{Cycle: run.Cycle},
			Seed: seed, Until: to, Engine: sim.EngineOptions{Timeline: true}})
		if err != nil {
			return err
		}
		run.d = digestRun(w, res, run.Cycle, run.Alpha, from, to)
		return nil
	})
	return u, err
}

// Fig20Result is the response time per job class (§4.4, Fig. 20).
type Fig20Result struct {
	// seed is the seed of the figures' runs, one per (cycle, α)
	// (userAwareReplicate's first); the claims are judged over it and
	// nightWorkSeeds − 1 more (ledger.SeedsRule).
	seed uint64
	// Summary has one row per simulation: cycle, alpha, the
	// sim.SummaryColumns, throughput_window_per_week (jobs ended in the window per
	// week) and mean_queue.
	Summary dataframe.DataFrame
	// Classes has one row per (cycle, alpha, class): scheduler ("EASY" or
	// "user-aware, α = …"), class (short ≤ 1 min, medium ≤ 10 min, long),
	// jobs, avg_wait, avg_response, avg_bounded_slowdown (jobs that ended).
	Classes dataframe.DataFrame
	Figure  *plots.Figure
	resp    map[string]float64 // "cycle α class" → average response
	tp      map[string]float64 // "cycle α" → throughput in the window
	// altResp and altTp are resp and tp with fig20AltLoad times the users.
	altResp, altTp map[string]float64
	// scan measures the claims that differ at each of scanLoads; conv
	// the load convention (Fig. 19's load).
	scan []loadPoint
	conv *loadConvention
	// est is the estimates convention (perfect runtime estimates).
	est *estimatesConvention
	// hor is the job streams generated past the window, a measurement
	// (horizonConvention); nil in quick mode.
	hor *horizonConvention
	// seeds are the claims of Figs 20–21 evaluated at fig20Load at each
	// of nightWorkSeeds seeds (the first the figures' own); over their
	// statistics over those seeds, by which the claims are judged
	// (ledger.SeedsRule), and judged the verdicts.
	seeds  []map[string]bool
	over   statsOverSeeds
	judged map[string]bool
	// censored is each α's long jobs' average response relative to
	// EASY's, with office hours, with the long jobs that had not ended by
	// the window's end counted with their response up to it (censoredResp).
	censored map[float64]float64
	Missing  []Missing
}

// censoredResp returns the average response of the jobs of class in r
// submitted before to, a job that had not ended by to counted with its
// response up to to (a lower bound of it): the jobs ByClass leaves out
// counted as at least as long as they had waited.
func censoredResp(r *sim.Result, to float64, class feedback.JobClass) float64 {
	var s float64
	n := 0
	for j := range r.ID {
		if !(r.Submit[j] < to) || feedback.ClassOf(r.Runtime[j]) != class {
			continue
		}
		end := r.End[j]
		if math.IsNaN(end) || end > to {
			end = to
		}
		s += end - r.Submit[j]
		n++
	}
	if n == 0 {
		return math.NaN()
	}
	return s / float64(n)
}

// Fig20 simulates the user-aware scheduler and EASY and measures the
// response time of each job class.
func (s *Study) Fig20(ctx context.Context) (*Fig20Result, error) {
	return s.fig20.Get(func() (*Fig20Result, error) {
		r := &Fig20Result{seed: s.seed(20), resp: map[string]float64{}, tp: map[string]float64{}, altResp: map[string]float64{}, altTp: map[string]float64{},
			censored: map[float64]float64{}}
		u, err := s.userAwareRuns(ctx, fig20Load)
		if missing(err) {
			r.Missing = append(r.Missing, Missing{PopulationLog, err})
			return r, nil
		} else if err != nil {
			return nil, err
		}
		n := len(u.Runs)
		cyc := make([]string, n)
		alpha, tp, mq := make([]float64, n), make([]float64, n), make([]float64, n)
		sums := make([]sim.Summary, n)
		var ccyc, csched, class []string
		var calpha, wait, resp, bsd []float64
		var jobs []int
		for i, run := range u.Runs {
			cyc[i], alpha[i], sums[i] = run.Cycle.String(), run.Alpha, run.d.summary
			tp[i] = run.d.window.Throughput
			mq[i] = run.d.meanQueue
			r.tp[fmt.Sprintf("%s %g", cyc[i], run.Alpha)] = tp[i]
			for _, c := range run.d.classes {
				ccyc, calpha, class = append(ccyc, cyc[i]), append(calpha, run.Alpha), append(class, c.Class.String())
				csched = append(csched, schedulerLabel(run.Alpha))
				jobs, wait, resp, bsd = append(jobs, c.Jobs), append(wait, c.AvgWait), append(resp, c.AvgResp), append(bsd, c.AvgBoundedSlowdown)
				r.resp[fmt.Sprintf("%s %g %s", cyc[i], run.Alpha, c.Class)] = c.AvgResp
			}
		}
		for _, run := range u.Runs {
			if run.Cycle == feedback.OfficeHours {
				r.censored[run.Alpha] = run.d.censored
			}
		}
		easyLong := r.censored[0]
		for a, v := range r.censored {
			r.censored[a] = v / easyLong
		}
		r.Summary = dataframe.New(series.New(cyc, series.String, "cycle"), series.New(alpha, series.Float, "alpha")).
			CBind(sim.SummaryFrame(nil, sums)).
			Mutate(series.New(tp, series.Float, "throughput_window_per_week")).Mutate(series.New(mq, series.Float, "mean_queue"))
		r.Classes = dataframe.New(series.New(ccyc, series.String, "cycle"), series.New(calpha, series.Float, "alpha"),
			series.New(csched, series.String, "scheduler"),
			series.New(class, series.String, "class"), series.New(jobs, series.Int, "jobs"),
			series.New(wait, series.Float, "avg_wait"), series.New(resp, series.Float, "avg_response"),
			series.New(bsd, series.Float, "avg_bounded_slowdown"))
		ps, err := classesPlots(r.Classes)
		if err != nil {
			return nil, err
		}
		r.Figure = figure("Fig. 20", "response time per job class, EASY and the user-aware scheduler",
			"the paper: the user-aware scheduler shortens short and medium jobs at the expense of long ones — compare the long jobs' bars ("+longJobsCaption(r.resp)+"; see the ledger)", 2, ps...)
		r.Figure.ShareY = true
		alt, err := s.userAwareRuns(ctx, fig20AltLoad)
		if err != nil {
			return nil, err
		}
		for _, run := range alt.Runs {
			k := fmt.Sprintf("%s %g", run.Cycle, run.Alpha)
			r.altTp[k] = run.d.window.Throughput
			for _, c := range run.d.classes {
				r.altResp[fmt.Sprintf("%s %s", k, c.Class)] = c.AvgResp
			}
		}
		if r.scan, err = s.scan(ctx); err != nil {
			return nil, err
		}
		if r.conv, err = s.fig19LoadConvention(ctx); err != nil {
			return nil, err
		}
		if r.est, err = s.fig20EstimatesConvention(ctx); err != nil {
			return nil, err
		}
		if r.hor, err = s.fig20HorizonConvention(ctx); err != nil {
			return nil, err
		}
		// The same runs at other seeds, which Fig. 21's waiting work
		// measures anyway (nightWork).
		var stats []seedStats
		for rep := range uint64(nightWorkSeeds) {
			v, err := s.userAwareReplicate(ctx, fig20Load, rep)
			if err != nil {
				return nil, err
			}
			r.seeds, stats = append(r.seeds, v.holds()), append(stats, v.stats())
		}
		r.over = overSeeds(stats)
		r.judged = r.over.judge()
		return r, nil
	})
}

// classesPlots draws the average response time per job class as grouped
// bars, a panel per daily cycle (as Fig. 21): the classes along x, a bar
// per scheduler.
func classesPlots(df dataframe.DataFrame) ([]*plot.Plot, error) {
	cyc, sched, class := df.Col("cycle").Records(), df.Col("scheduler").Records(), df.Col("class").Records()
	resp, err := plots.FloatColumn(df, "avg_response")
	if err != nil {
		return nil, err
	}
	var cycles, cats, scheds []string
	val := map[[3]string]float64{}
	for i := range class {
		for _, v := range []struct {
			list *[]string
			s    string
		}{{&cycles, cyc[i]}, {&cats, class[i]}, {&scheds, sched[i]}} {
			if !slices.Contains(*v.list, v.s) {
				*v.list = append(*v.list, v.s)
			}
		}
		val[[3]string{cyc[i], sched[i], class[i]}] = resp[i] / datasets.Hour
	}
	var ps []*plot.Plot
	for _, cy := range cycles {
		var samples []plots.Sample
		for _, sc := range scheds {
			sm := plots.Sample{Label: sc}
			for _, c := range cats {
				v, ok := val[[3]string{cy, sc, c}]
				if !ok {
					v = math.NaN()
				}
				sm.Values = append(sm.Values, v)
			}
			samples = append(samples, sm)
		}
		p, err := plots.Bars(cats, samples, plots.BarsOptions{Axes: plots.Axes{Title: "daily cycle: " + plots.Label(cy),
			XLabel: "job class (runtime)", YLabel: "average response time [h]"}})
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// Claims adds the claims of §4.4 on the job classes (Fig. 20). A claim
// that does not hold gives the same ratios with the log's own population
// (fig20AltLoad) and the mean daytime queues.
func (r *Fig20Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 20"
	if onlyUnavailable(l, item, "fig20", r.Missing) {
		return
	}
	c := feedback.OfficeHours.String()
	for _, a := range fig20Alphas[1:] {
		ratioOf := func(resp map[string]float64, class string) float64 {
			return resp[fmt.Sprintf("%s %g %s", c, a, class)] / resp[fmt.Sprintf("%s 0 %s", c, class)]
		}
		ratio := func(class string) float64 { return ratioOf(r.resp, class) }
		alt := func(class string) float64 { return ratioOf(r.altResp, class) }
		id := fmt.Sprintf("fig20/alpha%g", a)
		over := func(class string) string { return r.over.ratio[fmt.Sprintf("%g %s", a, class)].Text(3) }
		e := l.Claim(item, id+"/short-medium-faster", fmt.Sprintf("α = %g: the user-aware scheduler reduces the response time of short and medium jobs, which it prioritises (relative to EASY; both below 1 by more than 2 SE over the seeds, ledger.SeedsRule)", a),
			r.judged[id+"/short-medium-faster"], fmt.Sprintf("response relative to EASY, mean over the seeds: short %s, medium %s; at the figure's seed short %.2f, medium %.2f", over("short"), over("medium"), ratio("short"), ratio("medium"))).
			Quoting("achieves a significant reduction in response time for short and medium jobs").JudgedOverSeeds(len(r.seeds), r.seed).
			Measured(fmt.Sprintf("with %g× users: short %.2f, medium %.2f", fig20AltLoad, alt("short"), alt("medium"))).
			AcrossSeeds(seedsText(r.seeds, id+"/short-medium-faster")).Measured(r.conv.shown(id+"/short-medium-faster")).ExplainedBy(r.conv.found(id+"/short-medium-faster"), r.conv.reason(id+"/short-medium-faster"))
		r.est.apply(e, id+"/short-medium-faster")
		r.hor.apply(e, id+"/short-medium-faster")
		e = l.Claim(item, id+"/long-slower", fmt.Sprintf("α = %g: the improvement comes at the expense of long jobs, which are delayed (response relative to EASY above 1 by more than 2 SE over the seeds, ledger.SeedsRule)", a),
			r.judged[id+"/long-slower"], fmt.Sprintf("response relative to EASY, mean over the seeds: long %s; at the figure's seed %.2f", over("long"), ratio("long"))).
			Quoting("The improved performance of short jobs comes at the expense of long jobs").
			Main(). // the figure's caption
			JudgedOverSeeds(len(r.seeds), r.seed).
			Measured(fmt.Sprintf("long jobs' response relative to EASY with %s users; jobs running over %g h: %.3f with %g× users; long jobs not ended by the window's end (left out): %d",
				scanText(r.scan, func(p loadPoint) string { return fmt.Sprintf("%.2f", p.longRatio[a]) }),
				splitLong/3600.0, at(r.scan, fig20Load).overSplit[a], fig20Load, at(r.scan, fig20Load).unended[a])).
			Measured(fmt.Sprintf("with the long jobs not ended by the window's end counted with their response up to it (a lower bound), in both runs: long %.2f", r.censored[a])).
			AcrossSeeds(seedsText(r.seeds, id+"/long-slower")).Measured(r.conv.shown(id+"/long-slower")).ExplainedBy(r.conv.found(id+"/long-slower"), r.conv.reason(id+"/long-slower"))
		r.est.apply(e, id+"/long-slower")
		r.hor.apply(e, id+"/long-slower")
	}
}

// Fig21Result is the queue length through the day, with and without a
// daily cycle (§4.4, Fig. 21).
type Fig21Result struct {
	seed uint64 // as Fig20Result's
	// Frame has one row per (cycle, alpha, hour): scheduler (as in
	// Fig20Result.Classes) and avg_queue (time-weighted mean waiting jobs
	// in that local hour of the day over the window).
	Frame  dataframe.DataFrame
	Figure *plots.Figure
	queue  map[string][24]float64 // "cycle α"
	tp     map[string]float64
	// altQueue and altTp are queue and tp with fig20AltLoad times the
	// users.
	altQueue map[string][24]float64
	altTp    map[string]float64
	scan     []loadPoint
	conv     *loadConvention
	est      *estimatesConvention
	hor      *horizonConvention
	seeds    []map[string]bool
	over     statsOverSeeds // as Fig20Result's
	judged   map[string]bool
	// night is "more work left for the night" read as work: per seed
	// (nightWorkSeeds) the waiting work of EASY and of the user-aware
	// scheduler at night, and the processors each keeps busy then.
	night   []nightWork
	Missing []Missing
}

// nightWorkSeeds is the number of seeds (replicates of the figures'
// runs) at which the waiting work at night is measured.
const nightWorkSeeds = 3

// nightWork is the mean waiting work (processor-seconds: each waiting
// job's processors × runtime) and the mean busy processors from 0:00 to
// 6:00, with office hours, of EASY and of the user-aware scheduler; work
// the waiting work per hour of the day of every office-hours run (keyed
// "cycle α", as Fig21Result.queue), to judge Fig. 21's queue claims with
// the queue read as work; and outside the share of EASY's jobs (office
// hours, submitted in the window) that arrive outside 8:00–18:00 local
// time, against the caption's "jobs arrive only between 8 AM and 6 PM".
type nightWork struct {
	easyWork, awareWork, easyBusy, awareBusy float64
	work                                     map[string][24]float64
	outside                                  float64
}

// Fig21 measures the queue length per hour of the day of the simulations
// of Fig20.
func (s *Study) Fig21(ctx context.Context) (*Fig21Result, error) {
	return s.fig21.Get(func() (*Fig21Result, error) {
		r := &Fig21Result{seed: s.seed(20), queue: map[string][24]float64{}, altQueue: map[string][24]float64{}}
		f20, err := s.Fig20(ctx)
		if err != nil {
			return nil, err
		}
		if len(f20.Missing) > 0 {
			r.Missing = f20.Missing
			return r, nil
		}
		r.tp, r.altTp, r.scan, r.conv, r.est, r.seeds, r.over, r.judged = f20.tp, f20.altTp, f20.scan, f20.conv, f20.est, f20.seeds, f20.over, f20.judged
		r.hor = f20.hor
		u, err := s.userAwareRuns(ctx, fig20Load)
		if err != nil {
			return nil, err
		}
		alt, err := s.userAwareRuns(ctx, fig20AltLoad)
		if err != nil {
			return nil, err
		}
		for _, run := range alt.Runs {
			r.altQueue[fmt.Sprintf("%s %g", run.Cycle, run.Alpha)] = run.d.queue
		}
		for rep := range uint64(nightWorkSeeds) {
			ur, err := s.userAwareReplicate(ctx, fig20Load, rep)
			if err != nil {
				return nil, err
			}
			r.night = append(r.night, ur.nightWork())
		}
		var cyc, sched []string
		var alpha, q []float64
		var hour []int
		for _, run := range u.Runs {
			byHour := run.d.queue
			r.queue[fmt.Sprintf("%s %g", run.Cycle, run.Alpha)] = byHour
			for h, v := range byHour {
				cyc, alpha, hour, q = append(cyc, run.Cycle.String()), append(alpha, run.Alpha), append(hour, h), append(q, v)
				sched = append(sched, schedulerLabel(run.Alpha))
			}
		}
		r.Frame = dataframe.New(series.New(cyc, series.String, "cycle"), series.New(alpha, series.Float, "alpha"),
			series.New(sched, series.String, "scheduler"), series.New(hour, series.Int, "hour"), series.New(q, series.Float, "avg_queue"))
		var panels []*plot.Plot
		for _, a := range fig20Alphas { // the caption: EASY (α = 0) on the left, user-aware to its right
			sub := r.Frame.Filter(dataframe.F{Colname: "scheduler", Comparator: "==", Comparando: schedulerLabel(a)})
			pl, err := feedbackplot.Lines(sub, "hour", "avg_queue", []string{"cycle"}, feedbackplot.LinesOptions{LinesOptions: plots.LinesOptions{Points: true,
				Axes: plots.Axes{Title: schedulerLabel(a), XLabel: "hour of the day", YLabel: "mean waiting jobs"}},
				Label: func(v []string) string { return "daily cycle: " + plots.Label(v[0]) }})
			if err != nil {
				return nil, err
			}
			pl.X.Tick.Marker = plots.HourTicks{}
			panels = append(panels, pl)
		}
		r.Figure = figure("Fig. 21", "the queue through the day, with and without a daily cycle of the users",
			"the paper has the user-aware scheduler carry more work into the night than EASY; "+queueCaption(r.queue)+" (see the ledger)", len(panels), panels...)
		if r.Figure != nil {
			r.Figure.ShareX, r.Figure.ShareY = true, true
		}
		return r, nil
	})
}

// nightWork measures u's office-hours runs of EASY and of the user-aware
// scheduler with the largest α at night (0:00–6:00).
func (u *UserAwareRuns) nightWork() nightWork {
	n := nightWork{work: map[string][24]float64{}}
	ua := fig20Alphas[len(fig20Alphas)-1]
	for _, run := range u.Runs {
		if run.Cycle != feedback.OfficeHours {
			continue
		}
		byHour := run.d.work
		n.work[fmt.Sprintf("%s %g", run.Cycle, run.Alpha)] = byHour
		if run.Alpha == 0 {
			n.outside = run.d.outside
		}
		if run.Alpha != 0 && run.Alpha != ua {
			continue
		}
		work := hoursMean(byHour, 0, 6)
		busy := hoursMean(run.d.busy, 0, 6)
		if run.Alpha == 0 {
			n.easyWork, n.easyBusy = work, busy
		} else {
			n.awareWork, n.awareBusy = work, busy
		}
	}
	return n
}

// outsideOffice returns the share of the jobs submitted in the window
// [from, to) (submit times in seconds of trace tr) whose local time of day
// lies outside 8:00–18:00 (feedback.OfficeHours lets a session continue
// past 18:00: only breaks and first arrivals wait for the next window).
func outsideOffice(tr *datasets.Trace, from, to float64, submit []float64) float64 {
	loc, start := tr.Location(), tr.Header.UnixStartTime
	var n, out int
	for _, t := range submit {
		if !(t >= from && t < to) {
			continue
		}
		n++
		s := math.Floor(t)
		wt := time.Unix(start+int64(s), int64((t-s)*1e9)).In(loc)
		if h := wt.Hour(); h < 8 || h >= 18 {
			out++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return float64(out) / float64(n)
}

// workTally counts the reading of Fig. 21's queue as waiting work
// (processors × runtime) instead of waiting jobs over the figure's three
// claims on the queue (morning-buildup, easy-drains, aware-works-at-night:
// the other two are on the throughput, which the reading leaves as it
// is), at one seed: asComputed holds the claims as computed at that seed
// (UserAwareRuns.holds), work the office-hours runs' work per hour. It
// returns the tally and what the reading makes of each claim.
func workTally(asComputed map[string]bool, work map[string][24]float64) (ledger.Tally, map[string]bool) {
	now := map[string]bool{
		"fig21/morning-buildup":      morningBuildup(work),
		"fig21/easy-drains":          easyDrains(work),
		"fig21/aware-works-at-night": awareWorksAtNight(work),
	}
	var t ledger.Tally
	for _, id := range fig21QueueClaims {
		t.Add(asComputed[id], now[id])
	}
	return t, now
}

// fig21QueueClaims are the claims of Fig. 21 measured on the queue.
var fig21QueueClaims = []string{"fig21/morning-buildup", "fig21/easy-drains", "fig21/aware-works-at-night"}

// workReading gives e, a claim of fig21QueueClaims that differs, what
// reading the queue as work makes of it at each seed measured (r.night,
// against r.seeds), over the three queue claims (ledger.Tally); it is the
// reason only when it is justified and brings e within at every seed
// (ledger.ExplainedBy), otherwise a measurement.
func (r *Fig21Result) workReading(e *ledger.Entry) {
	if len(r.night) == 0 || len(r.night) != len(r.seeds) {
		return
	}
	var per []string
	held, justified := 0, 0
	for k, n := range r.night {
		t, now := workTally(r.seeds[k], n.work)
		if t.Justified() {
			justified++
		}
		if t.Justified() && now[e.ID] {
			held++
		}
		per = append(per, fmt.Sprintf("seed %d: this claim %s, %d of %d within against %d as computed (gains %d, loses %d)",
			k+1, holdsWord(now[e.ID]), t.Within, t.N, t.AsComputed, t.Gained, t.Lost))
	}
	text := fmt.Sprintf("with the queue read as waiting work (processors × runtime) instead of waiting jobs, over Fig. 21's %d claims on the queue: %s",
		len(fig21QueueClaims), strings.Join(per, "; "))
	if justified == len(r.night) {
		e.ExplainedBy(ledger.OneReading().AtSeeds(held, len(r.night)), text)
		return
	}
	e.Measured(text + fmt.Sprintf("; justified (a net gain of 2) at %d of %d seeds, so not a reason", justified, len(r.night)))
}

// waitingWork returns the timeline of the work waiting in r's queue: at
// each submit or start, the sum over the jobs submitted and not started of
// their processors × runtime (processor-seconds, rounded down per job).
// Only Time and Queue are set.
func waitingWork(r *sim.Result) sim.Timeline {
	type change struct {
		t float64
		d int
	}
	var cs []change
	for i := range r.Submit {
		if r.Start[i] > r.Submit[i] {
			w := int(r.Runtime[i] * float64(r.Width[i]))
			cs = append(cs, change{r.Submit[i], w}, change{r.Start[i], -w})
		}
	}
	slices.SortStableFunc(cs, func(a, b change) int { return cmp.Compare(a.t, b.t) })
	var tl sim.Timeline
	q := 0
	for _, c := range cs {
		q += c.d
		if n := len(tl.Time); n > 0 && tl.Time[n-1] == c.t {
			tl.Queue[n-1] = q
			continue
		}
		tl.Time, tl.Queue = append(tl.Time, c.t), append(tl.Queue, q)
	}
	return tl
}

// nightWorkText says what reading "work" as work (not jobs) makes of
// aware-works-at-night: the ratio at each seed, and whether it holds at
// each (above ledger.LikeFactor times EASY's, the claim's reading of
// "much more", strictly at one seed).
func nightWorkText(ns []nightWork) string {
	var per []string
	held := 0
	for k, n := range ns {
		ratio := n.awareWork / n.easyWork
		if ratio > ledger.LikeFactor {
			held++
		}
		per = append(per, fmt.Sprintf("seed %d: %.0f against %.0f processor-hours waiting at night (%.2f×), %.1f against %.1f processors busy",
			k+1, n.awareWork/datasets.Hour, n.easyWork/datasets.Hour, ratio, n.awareBusy, n.easyBusy))
	}
	return fmt.Sprintf("with the work left for the night read as work (each waiting job's processors × runtime) instead of jobs, user-aware against EASY, %s: within the claim at %d of %d seeds",
		strings.Join(per, "; "), held, len(ns))
}

// nightDrainText gives, per seed, EASY's mean waiting work at night
// (0:00–6:00) over its largest hourly mean 8:00–18:00 (easyDrains read as
// work).
func nightDrainText(ns []nightWork) string {
	var per []string
	for k, n := range ns {
		easy := n.work[feedback.OfficeHours.String()+" 0"]
		per = append(per, fmt.Sprintf("seed %d: %.0f of %.0f processor-hours (%.2f)", k+1, hoursMean(easy, 0, 6)/datasets.Hour, slices.Max(easy[8:18])/datasets.Hour, hoursMean(easy, 0, 6)/slices.Max(easy[8:18])))
	}
	return strings.Join(per, "; ")
}

// outsideText gives the range over the seeds of nightWork.outside.
func outsideText(ns []nightWork) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, n := range ns {
		lo, hi = min(lo, n.outside), max(hi, n.outside)
	}
	return fmt.Sprintf("%.1f–%.1f%%", 100*lo, 100*hi)
}

// schedulerLabel names the user-aware scheduler with parameter α ("EASY"
// for α = 0).
func schedulerLabel(alpha float64) string {
	if alpha == 0 {
		return "EASY"
	}
	return fmt.Sprintf("user-aware, α = %g", alpha)
}

// hoursMean returns the mean of q over hours [from, to).
func hoursMean(q [24]float64, from, to int) float64 {
	s := 0.0
	for h := from; h < to; h++ {
		s += q[h]
	}
	return s / float64(to-from)
}

// seedsText says at how many of the seeds of seeds (claims by id, as
// UserAwareRuns.holds gives them) claim id holds at fig20Load.
func seedsText(seeds []map[string]bool, id string) string {
	if len(seeds) == 0 {
		return ""
	}
	held := 0
	for _, h := range seeds {
		if h[id] {
			held++
		}
	}
	return fmt.Sprintf("at our %g× users it holds at %d of %d seeds (the figures' and %d more)", fig20Load, held, len(seeds), len(seeds)-1)
}

// Claims adds the claims of §4.4 on the daily cycle (Fig. 21).
func (r *Fig21Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 21"
	if onlyUnavailable(l, item, "fig21", r.Missing) {
		return
	}
	oh, none := feedback.OfficeHours.String(), feedback.NoCycle.String()
	ua := fig20Alphas[len(fig20Alphas)-1]
	easy, aware := r.queue[oh+" 0"], r.queue[fmt.Sprintf("%s %g", oh, ua)]
	e := l.Claim(item, "fig21/morning-buildup", "with a daily cycle the queue builds up in the morning, for both EASY and the user-aware scheduler (mean queue 10:00–12:00 above 6:00–8:00 for each, by more than 2 SE over the seeds, ledger.SeedsRule)",
		r.judged["fig21/morning-buildup"],
		fmt.Sprintf("waiting jobs 10:00–12:00 less 6:00–8:00, mean over the seeds: EASY %s, user-aware (α = %g) %s; at the figure's seed EASY %.1f → %.1f, user-aware %.1f → %.1f",
			r.over.buildEasy.Text(2), ua, r.over.buildAware.Text(2), hoursMean(easy, 6, 8), hoursMean(easy, 10, 12), hoursMean(aware, 6, 8), hoursMean(aware, 10, 12))).
		Quoting("For\nboth EASY and the user aware scheduler the queue builds up in the morning").JudgedOverSeeds(len(r.seeds), r.seed).
		AcrossSeeds(seedsText(r.seeds, "fig21/morning-buildup")).Measured(r.conv.shown("fig21/morning-buildup")).ExplainedBy(r.conv.found("fig21/morning-buildup"), r.conv.reason("fig21/morning-buildup"))
	r.est.apply(e, "fig21/morning-buildup")
	r.hor.apply(e, "fig21/morning-buildup")
	dayPeak := slices.Max(easy[8:18])
	altEasy, altAware := r.altQueue[oh+" 0"], r.altQueue[fmt.Sprintf("%s %g", oh, ua)]
	drains := l.Claim(item, "fig21/easy-drains", "with EASY the queue drains in the evening, leaving the system idle during the night (mean queue 0:00–6:00 below a tenth of its daytime peak: a threshold of ours, on the mean over the seeds, ledger.SeedsRule)",
		r.judged["fig21/easy-drains"], fmt.Sprintf("EASY's waiting jobs at night less a tenth of its daytime peak, mean over the seeds: %s; at the figure's seed %.2f at night, daytime peak %.1f", r.over.drain.Text(2), hoursMean(easy, 0, 6), dayPeak)).
		Quoting("with EASY it quickly drains in the evening, leaving the system idle during the night").
		Measured("EASY's waiting jobs at night against its daytime peak, and the processors it keeps busy at night, with "+
			scanText(r.scan, func(p loadPoint) string {
				return fmt.Sprintf("%.1f of %.1f (%.0f%% busy)", p.easyNight, p.easyPeak, 100*p.easyNightBusy)
			})+" users").
		JudgedOverSeeds(len(r.seeds), r.seed).
		AcrossSeeds(seedsText(r.seeds, "fig21/easy-drains")).Measured(r.conv.shown("fig21/easy-drains")).ExplainedBy(r.conv.found("fig21/easy-drains"), r.conv.reason("fig21/easy-drains"))
	if drains.Reason == "" && len(r.night) > 0 {
		drains.Measured(fmt.Sprintf("EASY's waiting work at night against its daytime peak (the queue read as work): %s", nightDrainText(r.night)))
		drains.Measured(fmt.Sprintf("the caption's \"jobs arrive only between 8 AM and 6 PM\": %s of EASY's jobs arrive outside 8:00–18:00 (a session continues past 18:00; breaks and first arrivals wait for the next window): the queue at night is the day's work still waiting", outsideText(r.night)))
		r.workReading(drains)
	}
	r.est.apply(drains, "fig21/easy-drains")
	r.hor.apply(drains, "fig21/easy-drains")
	aw := l.Claim(item, "fig21/aware-works-at-night", "the user-aware scheduler overcommits during the day and has much more work left for the night than EASY (mean queue 0:00–6:00 \"much more\" than EASY's, ledger.Much: above 1.25 times it by more than 2 SE of the paired seeds, ledger.SeedsRule)",
		r.judged["fig21/aware-works-at-night"], fmt.Sprintf("waiting jobs at night, user-aware (α = %g) less 1.25 times EASY's, mean over the seeds: %s; at the figure's seed user-aware %.2f, EASY %.2f", ua, r.over.night.Text(2), hoursMean(aware, 0, 6), hoursMean(easy, 0, 6))).
		Quoting("it has much more work left for the night").
		Main(). // the mechanism the figure shows
		// Why it does not hold brings nothing within: a measurement.
		Measured(fmt.Sprintf("the user-aware scheduler's daytime queue is shorter than EASY's (peak %.1f against %.1f), not longer, so it leaves fewer waiting jobs for the night; with %g× users: %.2f against %.2f at night",
			slices.Max(aware[8:18]), dayPeak, fig20AltLoad, hoursMean(altAware, 0, 6), hoursMean(altEasy, 0, 6))).
		Measured(nightWorkText(r.night)).
		JudgedOverSeeds(len(r.seeds), r.seed).
		AcrossSeeds(seedsText(r.seeds, "fig21/aware-works-at-night"))
	if aw.Reason == "" {
		r.workReading(aw)
	}
	r.est.apply(aw, "fig21/aware-works-at-night")
	r.hor.apply(aw, "fig21/aware-works-at-night")
	gainCycle := r.tp[fmt.Sprintf("%s %g", oh, ua)]/r.tp[oh+" 0"] - 1
	gainNone := r.tp[fmt.Sprintf("%s %g", none, ua)]/r.tp[none+" 0"] - 1
	same := ledger.Like(noCycleSameWords.Value(), 1, r.over.gainNone.SE)
	e = l.Claim(item, "fig21/no-cycle-same", "without a daily cycle both schedulers display the same level of performance (throughput of the user-aware scheduler over EASY's, the mean over the seeds, "+same.Value()+": the likeness rule, ledger.Like, with the seeds' standard error, ledger.SeedsRule)",
		r.judged["fig21/no-cycle-same"], fmt.Sprintf("throughput, user-aware (α = %g) over EASY without a cycle, mean over the seeds: %.3f (SE %.3f); at the figure's seed %.3f", ua, 1+r.over.gainNone.Mean, r.over.gainNone.SE, 1+gainNone)).
		Quoting("In simulations without daily cycles this effect\ncannot occur, and both schedulers display the same level of performance").
		JudgedOverSeeds(len(r.seeds), r.seed).
		AcrossSeeds(seedsText(r.seeds, "fig21/no-cycle-same")).Measured(r.conv.shown("fig21/no-cycle-same")).ExplainedBy(r.conv.found("fig21/no-cycle-same"), r.conv.reason("fig21/no-cycle-same"))
	r.est.apply(e, "fig21/no-cycle-same")
	r.hor.apply(e, "fig21/no-cycle-same")
	pct := func(o ledger.OverSeeds) string { return fmt.Sprintf("%+.2f%% (SE %.2f)", 100*o.Mean, 100*o.SE) }
	e = l.Claim(item, "fig21/only-with-cycle", "the user-aware scheduler's gain only works with a daily cycle: with the cycle its throughput is above EASY's, and its gain over EASY is larger than without a cycle (two directions, each by more than 2 SE over the seeds: ledger.SeedsRule)",
		r.judged["fig21/only-with-cycle"], fmt.Sprintf("throughput gain over EASY, mean over the seeds: %s with office hours, %s without a cycle, the first less the second %s; at the figure's seed %+.1f%% and %+.1f%%",
			pct(r.over.gainCycle), pct(r.over.gainNone), pct(r.over.lead), 100*gainCycle, 100*gainNone)).
		Quoting("this only worked when the simulation included a daily cycle\nof activity").
		Measured("throughput gain over EASY with office hours / without a cycle, with "+
			scanText(r.scan, func(p loadPoint) string { return fmt.Sprintf("%+.1f%% / %+.1f%%", 100*p.gainCycle, 100*p.gainNone) })+" users").
		JudgedOverSeeds(len(r.seeds), r.seed).
		AcrossSeeds(seedsText(r.seeds, "fig21/only-with-cycle")).Measured(r.conv.shown("fig21/only-with-cycle")).ExplainedBy(r.conv.found("fig21/only-with-cycle"), r.conv.reason("fig21/only-with-cycle"))
	r.est.apply(e, "fig21/only-with-cycle")
	r.hor.apply(e, "fig21/only-with-cycle")
}
