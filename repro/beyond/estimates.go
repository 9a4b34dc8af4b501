package beyond

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/lublin"
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
		onLog, onGen := e.MovesTowardLog()
		id := "estimates/" + e.Log + "/"
		real, exact := e.LogReal/e.LogExact, meanOf(e.LogModelled)/e.LogExact
		l.OwnClaim(item, id+"moves-toward-log", e.Log+": on the log's own jobs, modelled estimates move EASY's average wait from the wait with exact estimates toward the wait with the users' real estimates",
			onLog, fmt.Sprintf("wait over exact-estimate wait: real %.3f, modelled %.3f (mean of %d)", real, exact, len(e.LogModelled)))
		g := ratioCI(e.GeneratedModelled, e.GeneratedExact)
		l.OwnClaim(item, id+"generated-moves-like-log", e.Log+": on workloads generated from its model, modelled estimates change EASY's average wait in the direction the log's real estimates do (95% CI excluding 1)",
			onGen, fmt.Sprintf("generated modelled/exact %.3f [%.3f, %.3f] over %d workloads; log real/exact %.3f", g.Mean, g.Lo, g.Hi, g.N, real))
	}
}

// Answer states the answer from the data.
func (r *EstimatesResult) Answer() string {
	s := "**Answer, from the data.**\n\n"
	for _, e := range r.Effects {
		onLog, onGen := e.MovesTowardLog()
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
