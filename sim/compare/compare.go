package compare

import (
	"context"
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/confidence"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
)

// Options configures Schedulers. The zero value replays each variant under
// package sim's conventions on its own machine size, with 95% Student's t
// intervals, on GOMAXPROCS workers.
type Options struct {
	// Sim gives the conventions of every replay (sim.Replay).
	Sim sim.Options
	// Level is the confidence level of the intervals; 0 means 0.95. It
	// must be in [0, 1).
	Level float64
	// Bootstrap, when set, makes the intervals percentile bootstrap ones
	// (with its number of resamples and seed); nil means Student's t.
	Bootstrap *confidence.Bootstrap
	// Workers is the number of replays run at once; 0 means GOMAXPROCS.
	Workers int
}

// Comparison holds the summaries of every scheduler on every variant.
type Comparison struct {
	// Schedulers are the names compared, the first being the baseline
	// of the paired differences.
	Schedulers []string
	// Variants are the workloads' names.
	Variants []string
	// Summaries[s][v] is scheduler s's summary on variant v (with tails:
	// sim.Result.Summary).
	Summaries [][]sim.Summary
	opts      Options
}

// Schedulers replays every variant under every scheduler (names sim.New
// knows, a program's own included) and returns the comparison; the first
// scheduler is the baseline. It returns an error for an unknown scheduler,
// fewer than one variant or scheduler, bad options, or a replay that fails
// (a variant without a machine size, say).
func Schedulers(ctx context.Context, variants []*datasets.Trace, schedulers []string, opts Options) (*Comparison, error) {
	if len(variants) == 0 || len(schedulers) == 0 {
		return nil, fmt.Errorf("compare: %d variants and %d schedulers, want at least one of each", len(variants), len(schedulers))
	}
	if !(opts.Level >= 0 && opts.Level < 1) {
		return nil, fmt.Errorf("compare: level %v, want in [0, 1)", opts.Level)
	}
	if opts.Level == 0 {
		opts.Level = 0.95
	}
	if b := opts.Bootstrap; b != nil && (b.Resamples < 0 || b.Resamples > confidence.MaxResamples) {
		return nil, fmt.Errorf("compare: %d bootstrap resamples, want 0 to %d", b.Resamples, confidence.MaxResamples)
	}
	workers, err := parallel.Workers(opts.Workers)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	factories := make([]sim.Factory, len(schedulers))
	for i, name := range schedulers {
		if factories[i], err = sim.FactoryOf(name); err != nil {
			return nil, err
		}
	}
	c := &Comparison{Schedulers: schedulers, Variants: make([]string, len(variants)),
		Summaries: make([][]sim.Summary, len(schedulers)), opts: opts}
	for i, v := range variants {
		if v.Len() == 0 {
			return nil, fmt.Errorf("compare: %s has no job: nothing to compare (a log too short or too lightly loaded for its users to be resampled?)", v.Name)
		}
		c.Variants[i] = v.Name
	}
	for s := range c.Summaries {
		c.Summaries[s] = make([]sim.Summary, len(variants))
	}
	nv := len(variants)
	err = parallel.For(ctx, len(schedulers)*nv, workers, func(ctx context.Context, k int) error {
		s, v := k/nv, k%nv
		r, err := sim.ReplayContext(ctx, variants[v], factories[s](), opts.Sim)
		if err != nil {
			return fmt.Errorf("compare: %s on %s: %w", schedulers[s], variants[v].Name, err)
		}
		c.Summaries[s][v] = r.Summary()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Traces returns the logs of resampled variants (sim/resample
// Pools.Variants), the workloads Schedulers compares on.
func Traces(rs []*resample.Resampled) []*datasets.Trace {
	out := make([]*datasets.Trace, len(rs))
	for i, r := range rs {
		out[i] = r.Trace
	}
	return out
}

// FrameColumns are the columns of Comparison.Frame.
var FrameColumns = []string{"scheduler", "metric", "variants", "mean", "ci_low", "ci_high",
	"baseline", "diff", "diff_low", "diff_high", "differs"}

// Frame returns one row per (scheduler, metric of sim.SummaryColumns), in
// the order of Schedulers and of the columns: the metric's mean over the
// variants with its confidence interval (ci_low, ci_high), and the paired
// difference scheduler − baseline (the first scheduler) with its interval
// (diff_low, diff_high); differs is true when that interval excludes 0.
// The baseline's own rows have a difference of 0. Units are those of
// sim.SummaryColumns (seconds for times). A metric undefined on some
// variant (NaN) has NaN statistics.
func (c *Comparison) Frame() dataframe.DataFrame {
	nm := len(sim.SummaryColumns)
	var sched, metric, base []string
	var nvar []int
	var differs []bool
	var cols [6][]float64
	values := func(s, m int) []float64 {
		x := make([]float64, len(c.Variants))
		for v, sum := range c.Summaries[s] {
			x[v] = asFloat(sum.Row()[m])
		}
		return x
	}
	for s, name := range c.Schedulers {
		for m := range nm {
			x, b := values(s, m), values(0, m)
			ci := c.interval(x, nil)
			d := c.interval(x, b)
			sched, metric, base = append(sched, name), append(metric, sim.SummaryColumns[m]), append(base, c.Schedulers[0])
			nvar = append(nvar, len(x))
			// An undefined interval (NaN: the metric is undefined on some
			// variant) tells nothing: it never differs.
			differs = append(differs, s > 0 && !math.IsNaN(d.Lo) && !math.IsNaN(d.Hi) && !d.Contains(0))
			for k, v := range []float64{ci.Mean, ci.Lo, ci.Hi, d.Mean, d.Lo, d.Hi} {
				cols[k] = append(cols[k], v)
			}
		}
	}
	ss := []series.Series{
		series.New(sched, series.String, "scheduler"),
		series.New(metric, series.String, "metric"),
		series.New(nvar, series.Int, "variants"),
	}
	for k, name := range []string{"mean", "ci_low", "ci_high"} {
		ss = append(ss, series.New(cols[k], series.Float, name))
	}
	ss = append(ss, series.New(base, series.String, "baseline"))
	for k, name := range []string{"diff", "diff_low", "diff_high"} {
		ss = append(ss, series.New(cols[3+k], series.Float, name))
	}
	ss = append(ss, series.New(differs, series.Bool, "differs"))
	return dataframe.New(ss...)
}

// interval returns the interval of the mean of x, or of the paired
// difference x − b when b is not nil.
func (c *Comparison) interval(x, b []float64) confidence.Interval {
	if b != nil {
		x = confidence.Diff(x, b)
	}
	if bs := c.opts.Bootstrap; bs != nil {
		return bs.Mean(x, c.opts.Level)
	}
	return confidence.MeanT(x, c.opts.Level)
}

func asFloat(v any) float64 {
	switch x := v.(type) {
	case int:
		return float64(x)
	case float64:
		return x
	}
	return math.NaN()
}
