package beyond

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/lublin"
	"gonum.org/v1/gonum/stat"
)

// EstimatesResult is the experiment on runtime estimates for generated
// workloads: Lublin–Feitelson workloads carry no requested times, so EASY
// runs on them with exact estimates. An estimate model fitted to each log
// (sim/estimates, after Tsafrir, Etsion and Feitelson 2005) adds estimates
// to generated workloads (lublin.Params.Estimates), and
// lublin.RunEstimateEffect measures EASY's average wait with exact,
// modelled and (on the log) real estimates.
type EstimatesResult struct {
	// Frame has one row per log, workload (the log or generated) and kind
	// of estimates: lublin.EstimateEffect.Frame's columns, with the log's
	// name first.
	Frame dataframe.DataFrame
	// Figure draws Frame (the estimates with their 95% CIs); nil when
	// none of the logs is available here.
	Figure  *plots.Figure
	Effects []lublin.EstimateEffect
	missing []string
}

// Estimates runs the experiment on SDSC-SP2 (quick) or the four logs
// (full), with 20 generated workloads per log (4 in quick mode), each as
// many jobs as the log simulates.
func (s *Study) Estimates(ctx context.Context) (*EstimatesResult, error) {
	return s.estimates.Get(func() (*EstimatesResult, error) {
		res := &EstimatesResult{}
		var frames []dataframe.DataFrame
		for _, name := range s.logsFor(fourLogs...) {
			tr, err := study.Log(name)
			if errors.Is(err, study.ErrMissing) {
				res.missing = append(res.missing, name)
				continue
			}
			if err != nil {
				return nil, err
			}
			e, err := lublin.RunEstimateEffect(ctx, tr, lublin.EstimateEffectOptions{
				Reps: s.o.Reps(20, 4), Seed: s.o.SeedOr(), Workers: s.o.Workers})
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			e.Log = name
			res.Effects = append(res.Effects, e)
			f := e.Frame()
			logs := make([]string, f.Nrow())
			for i := range logs {
				logs[i] = name
			}
			frames = append(frames, dataframe.New(series.New(logs, series.String, "log")).CBind(f))
		}
		if len(frames) == 0 {
			res.Frame = dataframe.New(series.New([]string{}, series.String, "log"))
			return res, nil
		}
		res.Frame = frames[0]
		for _, f := range frames[1:] {
			res.Frame = res.Frame.RBind(f)
		}
		if res.Frame.Err != nil {
			return nil, res.Frame.Err
		}
		var err error
		res.Figure, err = figureOf(res.Frame, estimatesFigure)
		return res, err
	})
}

// Claims adds, per log, the two readings of lublin.EstimateEffect's
// MovesTowardLog: on the log's own jobs and on generated workloads, the
// modelled estimates move EASY's wait toward the wait with the log's real
// estimates.
func (r *EstimatesResult) Claims(l *ledger.Ledger) {
	const item = "estimates"
	for _, name := range r.missing {
		l.MissingLog(item, "estimates/"+name, "runtime estimates on "+name, "ours", name, name+" is not available here")
	}
	for _, e := range r.Effects {
		_, onGen := e.MovesTowardLog()
		id := "estimates/" + e.Log + "/"
		real, modelled := e.LogReal/e.LogExact, meanOf(e.LogModelled)/e.LogExact
		onLog, se := towardLog(e.LogModelled, e.LogReal, e.LogExact)
		l.OwnClaim(item, id+"moves-toward-log", e.Log+": on the log's own jobs, modelled estimates move EASY's average wait from the wait with exact estimates toward the wait with the users' real estimates "+
			"(the mean over the model's replicates closer to the real estimates' wait than the exact estimates' is, by more than 2 SE of that mean)",
			onLog, fmt.Sprintf("wait over exact-estimate wait: real %.3f, modelled %.3f (mean of %d, 2 SE %.3f): distance to real %.3f against %.3f from exact",
				real, modelled, len(e.LogModelled), 2*se/e.LogExact, math.Abs(modelled-real), math.Abs(1-real)))
		g := ratioCI(e.GeneratedModelled, e.GeneratedExact)
		l.OwnClaim(item, id+"generated-moves-like-log", e.Log+": on workloads generated from its model, modelled estimates change EASY's average wait in the direction the log's real estimates do (95% CI excluding 1)",
			onGen, fmt.Sprintf("generated modelled/exact %.3f [%.3f, %.3f] over %d workloads; log real/exact %.3f", g.Mean, g.Lo, g.Hi, g.N, real))
	}
}

// Answer states the answer from the data.
func (r *EstimatesResult) Answer() string {
	s := "**Answer, from the data.**\n\n"
	for _, e := range r.Effects {
		_, onGen := e.MovesTowardLog()
		onLog, _ := towardLog(e.LogModelled, e.LogReal, e.LogExact)
		g := ratioCI(e.GeneratedModelled, e.GeneratedExact)
		s += fmt.Sprintf("- %s: real estimates make EASY wait %.2f× as long as exact ones; modelled ones %.2f× on the log "+
			"(toward the real: %v) and %.2f× [%.2f, %.2f] on generated workloads (in the log's direction: %v).\n",
			e.Log, e.LogReal/e.LogExact, meanOf(e.LogModelled)/e.LogExact, onLog, g.Mean, g.Lo, g.Hi, onGen)
	}
	for _, name := range r.missing {
		s += "- " + name + ": not available here.\n"
	}
	return s
}

// ratioCI is the mean of a[i]/b[i] with its 95% confidence interval.
func ratioCI(a, b []float64) Interval {
	r := make([]float64, len(a))
	for i := range a {
		r[i] = a[i] / b[i]
	}
	return meanCI(r)
}

// towardLog is lublin.EstimateEffect.MovesTowardLog's reading on the log's
// own jobs as a direction by the ledger's word rule (ledger.WordRule): the
// mean wait over the replicates of the random estimate model (modelled)
// is closer to the wait with the real estimates (real) than the wait with
// exact estimates (exact, one deterministic simulation, as real) is, by
// more than twice the standard error of that mean, se (the replicates'
// standard deviation over √n; 0 with one replicate, the error not
// measured: then strictly).
func towardLog(modelled []float64, real, exact float64) (holds bool, se float64) {
	if len(modelled) > 1 {
		se = stat.StdDev(modelled, nil) / math.Sqrt(float64(len(modelled)))
	}
	return math.Abs(stat.Mean(modelled, nil)-real)+2*se < math.Abs(exact-real), se
}
