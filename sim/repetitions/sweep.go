package repetitions

import (
	"context"
	"fmt"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
)

// SweepOptions are the parameters of ThetaSweep; the zero value is Fig 11
// of the 2007 paper: θ = 2, 2.5, …, 6 and no repetitions, 10 sequences of
// 100,000 jobs each, M'_med of the runtimes with 3-day slices and 24
// ranges.
type SweepOptions struct {
	// Thetas lists the values of θ; nil means 2, 2.5, …, 6 (9 values).
	Thetas []float64
	// Sequences is the number of independent logs per θ; 0 means 10.
	Sequences int
	// Jobs is the length of each log; 0 means 100,000.
	Jobs int
	// Model holds the other generator options (Theta, NoRepetitions,
	// Jobs and Seed are set by the sweep).
	Model Options
	// Sampling are the options of the locality measurement; the bootstrap
	// is not run.
	Sampling locality.SamplingOptions
	// Attr is the measured attribute (one of locality.Attributes); ""
	// means datasets.Runtime.
	Attr datasets.Attribute
	// Seed: sequence s of every θ uses generator seed Seed+s (common random
	// numbers across θ).
	Seed uint64
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
}

// ThetaSweep generates logs with the repetitions model for each θ, and
// without repetitions, and measures their locality of sampling (2007 §4,
// Fig 11). Columns: theta (0 for the model without repetitions),
// repetitions (false for it), sequence, m_med (M'_med), m_max (M'_max),
// usable_slices; sorted by repetitions (with first), theta, sequence.
// Results do not depend on Workers.
func ThetaSweep(src *datasets.Trace, opts SweepOptions) (dataframe.DataFrame, error) {
	if opts.Thetas == nil {
		for t := 2.0; t <= 6; t += 0.5 {
			opts.Thetas = append(opts.Thetas, t)
		}
	}
	if opts.Sequences == 0 {
		opts.Sequences = 10
	}
	if opts.Jobs == 0 {
		opts.Jobs = 100000
	}
	if opts.Attr == "" {
		opts.Attr = datasets.Runtime
	}
	workers, err := parallel.Workers(opts.Workers)
	if err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("repetitions: %w", err)
	}
	if opts.Sequences < 0 || opts.Jobs < 0 {
		return dataframe.DataFrame{}, fmt.Errorf("repetitions: sequences and jobs must be positive")
	}
	type task struct {
		theta float64
		rep   bool
		seq   int
	}
	var tasks []task
	for _, th := range opts.Thetas {
		for s := range opts.Sequences {
			tasks = append(tasks, task{th, true, s})
		}
	}
	for s := range opts.Sequences {
		tasks = append(tasks, task{0, false, s})
	}
	type result struct {
		mmed, mmax float64
		usable     int
	}
	results := make([]result, len(tasks))
	sampling := opts.Sampling
	sampling.SkipBootstrap = true
	err = parallel.For(context.Background(), len(tasks), workers, func(_ context.Context, i int) error {
		t := tasks[i]
		m := opts.Model
		m.Jobs, m.Seed = opts.Jobs, opts.Seed+uint64(t.seq)
		m.Theta, m.NoRepetitions = t.theta, !t.rep
		tr, err := Generate(src, m)
		if err != nil {
			return err
		}
		obs, err := locality.Observe(tr, opts.Attr)
		if err != nil {
			return err
		}
		r, err := locality.LocalityOfSampling(obs, sampling)
		if err != nil {
			return fmt.Errorf("θ=%v sequence %d: %w", t.theta, t.seq, err)
		}
		results[i] = result{mmed: r.MMed, mmax: r.MMax, usable: r.Usable}
		return nil
	})
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	idx := make([]int, len(tasks))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		ta, tb := tasks[idx[a]], tasks[idx[b]]
		if ta.rep != tb.rep {
			return ta.rep
		}
		if ta.theta != tb.theta {
			return ta.theta < tb.theta
		}
		return ta.seq < tb.seq
	})
	n := len(idx)
	theta, mmed, mmax := make([]float64, n), make([]float64, n), make([]float64, n)
	rep := make([]bool, n)
	seq, usable := make([]int, n), make([]int, n)
	for k, i := range idx {
		theta[k], rep[k], seq[k] = tasks[i].theta, tasks[i].rep, tasks[i].seq
		mmed[k], mmax[k], usable[k] = results[i].mmed, results[i].mmax, results[i].usable
	}
	return dataframe.New(
		series.New(theta, series.Float, "theta"),
		series.New(rep, series.Bool, "repetitions"),
		series.New(seq, series.Int, "sequence"),
		series.New(mmed, series.Float, "m_med"),
		series.New(mmax, series.Float, "m_max"),
		series.New(usable, series.Int, "usable_slices"),
	), nil
}
