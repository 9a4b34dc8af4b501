package lublin

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/confidence"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/estimates"
)

// EstimateEffectOptions control EstimateEffect; the zero value gives the
// defaults.
type EstimateEffectOptions struct {
	// Reps is the number of generated workloads (0: 10); 2 to 1000.
	Reps int
	// Jobs is the number of jobs of each generated workload (0: as many as
	// the log simulates); 2 to MaxJobs.
	Jobs int
	// Seed seeds the generated workloads: replicate r uses Seed + r.
	Seed uint64
	// Workers is the number of replicates simulated at a time (0: all
	// cores); the results do not depend on it.
	Workers int
	// Fit controls the estimate model fitted to the log.
	Fit estimates.FitOptions
}

// EstimateEffect is the average wait (s) under EASY backfilling of a log
// and of workloads generated from the paper's model for the log's machine,
// with and without runtime estimates.
type EstimateEffect struct {
	Log string
	// LogReal and LogExact are the log's average wait with its users'
	// estimates and with exact estimates (estimate = runtime).
	LogReal, LogExact float64
	// LogModelled is the log's average wait with its users' estimates
	// replaced by estimates drawn from the model: one value per replicate.
	LogModelled []float64
	// GeneratedExact and GeneratedModelled are the average waits of the
	// generated workloads with exact estimates and with estimates drawn
	// from the model fitted to the log: one value per replicate, the same
	// workload in both.
	GeneratedExact, GeneratedModelled []float64
	// Model is the estimate model fitted to the log.
	Model estimates.Model
}

// RunEstimateEffect measures how runtime estimates change EASY's average
// wait on generated workloads (the generator option Params.Estimates): it
// fits an estimate model to log (estimates.Fit), then for each replicate
// generates opts.Jobs jobs from PaperParams for the log's machine, with
// estimates from the model, scales the submit times so the workload offers
// the log's load (Σ runtime × processors over processors × span of submit
// times), and simulates EASY with the modelled estimates and with exact
// ones. The log itself is simulated with its users' estimates and with
// exact ones (sim.Prepare's defaults: estimates below the runtime raised
// to it), and, per replicate, with estimates drawn from the model for its
// own runtimes. See MovesTowardLog for the check.
func RunEstimateEffect(ctx context.Context, log *datasets.Trace, opts EstimateEffectOptions) (EstimateEffect, error) {
	if opts.Reps == 0 {
		opts.Reps = 10
	}
	if opts.Reps < 2 || opts.Reps > 1000 || opts.Jobs < 0 || opts.Jobs == 1 || opts.Jobs > MaxJobs {
		return EstimateEffect{}, fmt.Errorf("lublin: %d replicates of %d jobs, want 2 to 1000 of 2 to %d (0: the log's)", opts.Reps, opts.Jobs, MaxJobs)
	}
	workers, err := parallel.Workers(opts.Workers)
	if err != nil {
		return EstimateEffect{}, err
	}
	r := EstimateEffect{Log: log.Name}
	if r.Model, err = estimates.Fit(log, opts.Fit); err != nil {
		return r, err
	}
	procs := sim.Options{}.MachineSize(log)
	real, rep, err := sim.Prepare(log, procs, sim.Options{})
	if err != nil {
		return r, err
	}
	if len(real) < 2 {
		return r, rep.NoJobs(log.Name)
	}
	if r.LogReal, err = easyWait(real, procs); err != nil {
		return r, err
	}
	if r.LogExact, err = easyWait(exact(real), procs); err != nil {
		return r, err
	}
	p, err := PaperParams(procs)
	if err != nil {
		return r, err
	}
	p.Estimates = &r.Model
	n := opts.Jobs
	if n == 0 {
		n = len(real)
	}
	r.LogModelled = make([]float64, opts.Reps)
	load := offeredLoad(real, procs)
	if !(load > 0 && !math.IsInf(load, 1)) {
		return r, fmt.Errorf("%s: offered load %v, want positive and finite", log.Name, load)
	}
	r.GeneratedExact, r.GeneratedModelled = make([]float64, opts.Reps), make([]float64, opts.Reps)
	err = parallel.For(ctx, opts.Reps, workers, func(_ context.Context, i int) error {
		m := r.Model
		m.Src = rand.NewPCG(opts.Seed+uint64(i), 0x4c6f674573746d) // "LogEstm"
		logJobs := exact(real)
		for k := range logJobs {
			logJobs[k].Estimate = m.Rand(logJobs[k].Runtime)
		}
		var err error
		if r.LogModelled[i], err = easyWait(logJobs, procs); err != nil {
			return err
		}
		tr, err := Generate(p, n, opts.Seed+uint64(i))
		if err != nil {
			return err
		}
		jobs, _, err := sim.Prepare(tr, procs, sim.Options{})
		if err != nil {
			return err
		}
		scaleSubmits(jobs, offeredLoad(jobs, procs)/load)
		if r.GeneratedModelled[i], err = easyWait(jobs, procs); err != nil {
			return err
		}
		r.GeneratedExact[i], err = easyWait(exact(jobs), procs)
		return err
	})
	return r, err
}

// MovesTowardLog is the check that modelled estimates move EASY's wait
// from the wait with exact estimates toward the wait with the log's real
// estimates, in two readings:
//
//   - onLog: on the log's own jobs, the mean wait with modelled estimates
//     is closer to the wait with real estimates than the wait with exact
//     ones is (the model alone, nothing else changed);
//   - onGenerated: on the generated workloads, the wait with modelled
//     estimates over the wait with exact ones (paired per replicate) moves
//     in the direction of the log's real over exact, its 95% confidence
//     interval excluding 1. The absolute waits of a generated workload and
//     the log are not comparable: at the same offered load the generated
//     workloads wait 1.8 to 3.4 times longer than the logs (SDSC-SP2,
//     CTC-SP2, KTH-SP2, SDSC-BLUE, exact estimates, 10 replicates), so
//     the reading compares the change, not the level.
func (r EstimateEffect) MovesTowardLog() (onLog, onGenerated bool) {
	onLog = math.Abs(stat.Mean(r.LogModelled, nil)-r.LogReal) < math.Abs(r.LogExact-r.LogReal)
	_, lo, hi := meanCI(ratios(r.GeneratedModelled, r.GeneratedExact))
	if r.LogReal > r.LogExact {
		onGenerated = lo > 1
	} else {
		onGenerated = hi < 1
	}
	return onLog, onGenerated
}

// ratios returns a[i] / b[i].
func ratios(a, b []float64) []float64 {
	out := make([]float64, len(a))
	for i := range a {
		out[i] = a[i] / b[i]
	}
	return out
}

// meanCI returns the mean of x and its 95% confidence interval (Student's
// t; confidence.Mean95); the interval is the mean itself for a single value.
func meanCI(x []float64) (mean, lo, hi float64) {
	ci := confidence.Mean95(x)
	return ci.Mean, ci.Lo, ci.Hi
}

// Frame returns the average waits as a frame, one row per workload and
// estimates (log: real, exact, modelled; generated: exact, modelled):
// columns workload, estimates, reps, avg_wait_s with the 95% confidence
// interval of the mean over the replicates (ci_low, ci_high; Student's t;
// a single run's interval is the value itself), and vs_exact, the wait
// over the same workload's wait with exact estimates (per replicate for
// the generated workloads), with its interval (vs_exact_low,
// vs_exact_high).
func (r EstimateEffect) Frame() dataframe.DataFrame {
	var workload, kind []string
	var reps []int
	var cols [6][]float64
	add := func(w, k string, x, exact []float64) {
		workload, kind, reps = append(workload, w), append(kind, k), append(reps, len(x))
		m, lo, hi := meanCI(x)
		rm, rlo, rhi := meanCI(ratios(x, exact))
		for c, v := range []float64{m, lo, hi, rm, rlo, rhi} {
			cols[c] = append(cols[c], v)
		}
	}
	logExact := make([]float64, len(r.LogModelled))
	for i := range logExact {
		logExact[i] = r.LogExact
	}
	add(r.Log, "real", []float64{r.LogReal}, []float64{r.LogExact})
	add(r.Log, "exact", []float64{r.LogExact}, []float64{r.LogExact})
	add(r.Log, "modelled", r.LogModelled, logExact)
	add("generated", "exact", r.GeneratedExact, r.GeneratedExact)
	add("generated", "modelled", r.GeneratedModelled, r.GeneratedExact)
	s := []series.Series{series.New(workload, series.String, "workload"), series.New(kind, series.String, "estimates"),
		series.New(reps, series.Int, "reps")}
	for c, name := range []string{"avg_wait_s", "ci_low", "ci_high", "vs_exact", "vs_exact_low", "vs_exact_high"} {
		s = append(s, series.New(cols[c], series.Float, name))
	}
	return dataframe.New(s...)
}

// easyWait returns the average wait (s) of jobs under EASY backfilling on
// procs processors.
func easyWait(jobs []sim.Job, procs int) (float64, error) {
	res, err := sim.Run(jobs, procs, &sim.EASY{}, sim.EngineOptions{})
	if err != nil {
		return 0, err
	}
	return res.MeansOf(nil).AvgWait, nil // Summary's AvgWait, without sorting the tails
}

// exact returns a copy of jobs whose estimates are their runtimes.
func exact(jobs []sim.Job) []sim.Job {
	out := make([]sim.Job, len(jobs))
	for i, j := range jobs {
		j.Estimate = j.Runtime
		out[i] = j
	}
	return out
}

// offeredLoad returns Σ runtime × processors of jobs over procs × the span
// of their submit times (jobs in submit order, at least two).
func offeredLoad(jobs []sim.Job, procs int) float64 {
	work := 0.0
	for _, j := range jobs {
		work += j.Runtime * float64(j.Procs)
	}
	return work / (float64(procs) * (jobs[len(jobs)-1].Submit - jobs[0].Submit))
}

// scaleSubmits multiplies the jobs' interarrival times by factor (submit
// times scaled about the first one), in place.
func scaleSubmits(jobs []sim.Job, factor float64) {
	t0 := jobs[0].Submit
	for i := range jobs {
		jobs[i].Submit = t0 + (jobs[i].Submit-t0)*factor
	}
}
