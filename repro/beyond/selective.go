package beyond

import (
	"context"
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// SelectiveResult is the experiment of §6.5.4, selective manipulation:
// each log resampled (sim/resample, the log's length) with one user class
// (resample.UserClass: heavy users, users of long jobs, users of many
// small jobs) weighted ×2 (resample.Options.ClassWeights), against the
// default, and simulated under EASY. Variants use the same seeds as the
// default (common random numbers), so each replicate's ratio to the
// default is paired.
type SelectiveResult struct {
	// Frame has one row per log and variant ("default", "heavy×2", …):
	// replicates, the users of the class in the log, mean jobs and
	// utilization, EASY's average wait (s) and average bounded slowdown
	// (τ = 10 s) with 95% CIs, and their paired ratios to the default
	// (wait_ratio, bsld_ratio) with 95% CIs.
	Frame dataframe.DataFrame
	// Figure draws Frame (the estimates with their 95% CIs); nil when
	// none of the logs is available here.
	Figure   *plots.Figure
	Variants []SelectiveVariant
	missing  []string
}

// SelectiveVariant is one log's variant.
type SelectiveVariant struct {
	// Variant is "default" or the weighted class and its factor
	// ("heavy×2"); Class is the class's name ("" for the default).
	Log, Variant, Class string
	// ClassUsers is the number of the log's users in the weighted class
	// (0 for the default).
	ClassUsers           int
	Jobs, Utilization    float64 // means over replicates
	Wait, BSLD           Interval
	WaitRatio, BSLDRatio Interval // paired, variant / default
	wait, bsld           []float64
}

// selectiveFactor is the weight of the up-weighted class.
const selectiveFactor = 2

// Selective runs §6.5.4 on SDSC-SP2 (quick) or the four logs (full), with
// 10 replicates per variant (4 in quick mode).
func (s *Study) Selective(ctx context.Context) (*SelectiveResult, error) {
	return s.selective.Get(func() (*SelectiveResult, error) {
		res := &SelectiveResult{}
		reps := s.o.Reps(10, 4)
		for _, name := range s.logsFor(fourLogs...) {
			pools, ok, err := logPools(name)
			if err != nil {
				return nil, err
			}
			if !ok {
				res.missing = append(res.missing, name)
				continue
			}
			classes := pools.UserClasses()
			var base *SelectiveVariant
			for _, c := range append([]resample.UserClass{-1}, resample.AllUserClasses()...) {
				v := SelectiveVariant{Log: name, Variant: "default"}
				var o resample.Options
				if c >= 0 {
					v.Class = c.String()
					v.Variant = fmt.Sprintf("%s×%d", c, selectiveFactor)
					o.ClassWeights = resample.ClassWeights{c: selectiveFactor}
					for _, set := range classes {
						if set.Has(c) {
							v.ClassUsers++
						}
					}
				}
				exp, err := resample.NewExperiment(pools, resample.ExperimentOptions{Generate: o, Scheduler: "easy"})
				if err != nil {
					return nil, err
				}
				df, err := sweep.Run(ctx, sweep.Spec{Experiment: exp, Reps: reps, Seed: s.o.SeedOr()},
					sweep.Options{Workers: s.o.NumWorkers()})
				if err != nil {
					return nil, fmt.Errorf("%s %s: %w", name, v.Variant, err)
				}
				v.wait, v.bsld = df.Col("avg_wait").Float(), df.Col("avg_bounded_slowdown").Float()
				v.Jobs, v.Utilization = meanOf(df.Col("jobs").Float()), meanOf(df.Col("utilization").Float())
				v.Wait, v.BSLD = meanCI(v.wait), meanCI(v.bsld)
				if base == nil {
					base = &v
				}
				v.WaitRatio, v.BSLDRatio = ratioCI(v.wait, base.wait), ratioCI(v.bsld, base.bsld)
				res.Variants = append(res.Variants, v)
			}
		}
		res.Frame = res.frame()
		if res.Frame.Err != nil {
			return nil, res.Frame.Err
		}
		var err error
		res.Figure, err = figureOf(res.Frame, selectiveFigure)
		return res, err
	})
}

func (r *SelectiveResult) frame() dataframe.DataFrame {
	n := len(r.Variants)
	log, variant, reps, users := make([]string, n), make([]string, n), make([]int, n), make([]int, n)
	vals := make([][]float64, n)
	for i, v := range r.Variants {
		log[i], variant[i], reps[i], users[i] = v.Log, v.Variant, v.Wait.N, v.ClassUsers
		vals[i] = []float64{v.Jobs, v.Utilization, v.Wait.Mean, v.Wait.Lo, v.Wait.Hi, v.BSLD.Mean, v.BSLD.Lo, v.BSLD.Hi,
			v.WaitRatio.Mean, v.WaitRatio.Lo, v.WaitRatio.Hi, v.BSLDRatio.Mean, v.BSLDRatio.Lo, v.BSLDRatio.Hi}
	}
	return frameOf([]series.Series{series.New(log, series.String, "log"), series.New(variant, series.String, "variant"),
		series.New(reps, series.Int, "replicates"), series.New(users, series.Int, "class_users")},
		[]string{"jobs", "utilization", "wait", "wait_lo", "wait_hi", "bsld", "bsld_lo", "bsld_hi",
			"wait_ratio", "wait_ratio_lo", "wait_ratio_hi", "bsld_ratio", "bsld_ratio_lo", "bsld_ratio_hi"}, vals)
}

// Claims adds, per log and up-weighted class, whether EASY's average wait
// and average bounded slowdown change (the 95% CI of the paired ratio to
// the default excludes 1), with the ratios as evidence.
func (r *SelectiveResult) Claims(l *ledger.Ledger) {
	const item = "§6.5.4"
	for _, name := range r.missing {
		l.MissingLog(item, "selective/"+name, "selective manipulation of "+name, "ours", name, name+" is not available here")
	}
	for _, v := range r.Variants {
		if v.Variant == "default" {
			continue
		}
		id := fmt.Sprintf("selective/%s/%s-x%d/", v.Log, v.Class, selectiveFactor)
		for _, m := range []struct {
			key, what string
			ratio     Interval
		}{{"wait", "average wait", v.WaitRatio}, {"bsld", "average bounded slowdown", v.BSLDRatio}} {
			l.OwnClaim(item, id+m.key+"-changes", fmt.Sprintf("%s: weighting the %s users ×%d changes EASY's %s (95%% CI of the paired ratio to the default excludes 1)", v.Log, v.Class, selectiveFactor, m.what),
				m.ratio.Lo > 1 || m.ratio.Hi < 1,
				fmt.Sprintf("ratio %.3f [%.3f, %.3f] over %d replicates", m.ratio.Mean, m.ratio.Lo, m.ratio.Hi, m.ratio.N)).
				Measured(fmt.Sprintf("the replicates spread too widely to exclude 1 with %d of them (interval %.2f wide)", m.ratio.N, m.ratio.Hi-m.ratio.Lo))
		}
	}
}

// Answer states the answer of §6.5.4 from the data.
func (r *SelectiveResult) Answer() string {
	s := "**Answer, from the data.**\n\n"
	for _, v := range r.Variants {
		if v.Variant == "default" {
			s += fmt.Sprintf("- %s, default: EASY waits %.0f s [%.0f, %.0f], bounded slowdown %.1f [%.1f, %.1f] (%d replicates).\n",
				v.Log, v.Wait.Mean, v.Wait.Lo, v.Wait.Hi, v.BSLD.Mean, v.BSLD.Lo, v.BSLD.Hi, v.Wait.N)
			continue
		}
		s += fmt.Sprintf("  - %s (%d users of the log): utilization %.2f; wait ×%.2f [%.2f, %.2f], bounded slowdown ×%.2f [%.2f, %.2f] of the default.\n",
			v.Variant, v.ClassUsers, v.Utilization, v.WaitRatio.Mean, v.WaitRatio.Lo, v.WaitRatio.Hi, v.BSLDRatio.Mean, v.BSLDRatio.Lo, v.BSLDRatio.Hi)
	}
	for _, name := range r.missing {
		s += "- " + name + ": not available here.\n"
	}
	return s
}
