package resample

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"reflect"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/sweep"
)

// Reading is one reading of 2013 §4 and §6.1 where the text allows more
// than one: how the pools are formed, the generation options of the
// variants and the conventions under which the variants and the original
// are simulated and measured.
type Reading struct {
	Name    string
	Summary string // one line: what differs from the default
	// Pools holds the user classification (which temporary users are
	// discarded) and the clock; its Rare periods are not used.
	Pools PoolOptions
	// Generate holds the generation options; Seed and Stream are set per
	// replicate.
	Generate Options
	// Sim holds the conventions, applied to the original as to the
	// variants.
	Sim SimOptions
}

// Readings returns the readings measured for the bootstrap of 2013 §6.1,
// the default first, then one change at a time: where long-term users
// start, which are used, when they regenerate; how the initial temporary
// users are counted and weighted; how many temporary users arrive a week
// and which; and how the simulation is counted and run. The package
// documentation gives the evidence that chose the default.
func Readings() []Reading {
	fourWeeks := 4 * datasets.Week
	return []Reading{
		{Name: "default", Summary: "long-term users start in one common random week of the log"},
		{Name: "cycle", Summary: "each long-term user starts in its own random week of its cycle",
			Generate: Options{LongTermStart: StartInCycle}},
		{Name: "activity", Summary: "each long-term user starts in its own random week of its traced activity",
			Generate: Options{LongTermStart: StartInActivity}},
		{Name: "replacement", Summary: "long-term users drawn with replacement",
			Generate: Options{LongTermSelection: LongTermWithReplacement}},
		{Name: "immediate", Summary: "long-term users regenerate right after their activity",
			Generate: Options{Regeneration: RegenerateImmediately}},
		{Name: "regenerate-calendar", Summary: "long-term users regenerate after the calendar weeks the log touches, not its span",
			Generate: Options{Regeneration: RegenerateAfterCalendarWeeks}},
		{Name: "discard-touching", Summary: "temporary users discarded when their activity touches the first or last 4 weeks",
			Pools: PoolOptions{Discard: DiscardTouchingEdge}},
		{Name: "rates-observable", Summary: "temporary rates over the weeks a pooled user could have arrived in (edge-corrected)",
			Generate: Options{TemporaryRates: RatesOverObservable}},
		{Name: "initial-active", Summary: "initial temporary users counted and weighted by weeks with a job",
			Generate: Options{InitialTemporaries: InitialByActiveWeeks}},
		{Name: "initial-uniform", Summary: "initial temporary users chosen uniformly",
			Generate: Options{InitialTemporaries: InitialUniform}},
		{Name: "arrivals-poisson", Summary: "Poisson weekly arrivals", Generate: Options{ArrivalCount: PoissonArrivals}},
		{Name: "arrivals-fixed", Summary: "fixed weekly arrivals (⌊rate⌋ or ⌈rate⌉)", Generate: Options{ArrivalCount: FixedArrivals}},
		{Name: "arrivals-by-weeks", Summary: "arriving temporary users weighted by weeks of activity",
			Generate: Options{Arrivals: ByWeeks}},
		{Name: "stop-at-end", Summary: "simulation stops at the window's end; unfinished jobs not counted",
			Sim: SimOptions{StopAtEnd: true}},
		{Name: "steady-state", Summary: "jobs of the first and last 4 weeks not counted (warm-up, cool-down)",
			Sim: SimOptions{Warmup: fourWeeks, Cooldown: fourWeeks}},
		{Name: "kill-at-estimate", Summary: "runtimes cut at the estimate instead of estimates raised",
			Sim: SimOptions{Sim: sim.Options{Overrun: sim.KillAtEstimate}}},
		{Name: "drop-cancelled", Summary: "cancelled jobs (status 5) left out", Sim: SimOptions{DropCancelled: true}},
	}
}

// ReadingByName returns the reading of Readings with that name.
func ReadingByName(name string) (Reading, error) {
	var names []string
	for _, r := range Readings() {
		if r.Name == name {
			return r, nil
		}
		names = append(names, r.Name)
	}
	return Reading{}, fmt.Errorf("resample: unknown reading %q (want one of %s)", name, strings.Join(names, ", "))
}

// Position is where the original's value of a metric lies among the
// replicates' values (2013 §6.1: "we never saw results that were
// completely separated from the original result").
type Position struct {
	Original float64
	// Replicates is the number of finite replicate values; Min, Median
	// (the middle value, or the mean of the two middle ones) and Max are
	// over them.
	Replicates       int
	Min, Median, Max float64
	// AtOrBelow is the share of replicates at or below the original.
	AtOrBelow float64
	// MedianRatio is Median / Original.
	MedianRatio float64
	// Inside reports Min < Original < Max: the original lies strictly
	// inside the replicates' range.
	Inside bool
}

// PositionOf returns the position of original among values; NaN values
// are left out (and not counted in Replicates). Without finite values the
// statistics are NaN and Inside is false.
func PositionOf(original float64, values []float64) Position {
	v := make([]float64, 0, len(values))
	for _, x := range values {
		if !math.IsNaN(x) {
			v = append(v, x)
		}
	}
	nan := math.NaN()
	p := Position{Original: original, Replicates: len(v), Min: nan, Median: nan, Max: nan, AtOrBelow: nan, MedianRatio: nan}
	if len(v) == 0 {
		return p
	}
	slices.Sort(v)
	n := len(v)
	p.Min, p.Max = v[0], v[n-1]
	p.Median = v[n/2]
	if n%2 == 0 {
		p.Median = (v[n/2-1] + v[n/2]) / 2
	}
	below := 0
	for _, x := range v {
		if x <= original {
			below++
		}
	}
	p.AtOrBelow = float64(below) / float64(n)
	p.MedianRatio = p.Median / original
	p.Inside = p.Min < original && original < p.Max
	return p
}

// Bootstrap is the bootstrap of 2013 §6.1 on one log under one reading:
// the original simulated as it is, and resampled variants simulated
// under the same conventions.
type Bootstrap struct {
	Log       string
	Reading   Reading
	Scheduler string
	// Original is the reference simulation of the log (Reference).
	Original Metrics
	// Replicates has one row per variant: the sweep columns (replicate,
	// seed) and MetricsColumns.
	Replicates dataframe.DataFrame
	// Wait and Slowdown place the original's average wait and average
	// slowdown among the variants'.
	Wait, Slowdown Position
	// LoadCV is the mean over the variants of the CV of the weekly
	// offered load (Metrics.LoadCV); Original.LoadCV is the log's.
	LoadCV float64
}

// BootstrapOptions controls RunBootstrap.
type BootstrapOptions struct {
	// Scheduler is a name sim.New knows; "" means "easy".
	Scheduler string
	// Replicates is the number of variants; 0 means 1000, as the paper.
	Replicates int
	// Seed is the sweep's base seed: variant r uses sweep.Seed(Seed, r).
	Seed uint64
	// Sweep runs the replicates (workers, progress).
	Sweep sweep.Options
}

// RunBootstrap simulates log t and opts.Replicates resampled variants of it
// under reading rd (2013 §6.1, Figs. 8–9), and places the original among
// the variants. The result depends only on the log, the reading and the
// options, never on the number of workers. The pools of t, their digest
// and the reference run are made once per trace (while it lives), pool
// options and conventions, and shared by the readings.
func RunBootstrap(ctx context.Context, t *datasets.Trace, rd Reading, opts BootstrapOptions) (*Bootstrap, error) {
	spec, err := BootstrapSpec(t, rd, opts)
	if err != nil {
		return nil, err
	}
	e := spec.Experiment.(*Experiment)
	ref, err := e.pools.reference(ctx, e.opts.Scheduler, e.sched, rd.Sim)
	if err != nil {
		return nil, err
	}
	df, err := sweep.Run(ctx, spec, opts.Sweep)
	if err != nil {
		return nil, err
	}
	return newBootstrap(e, rd, ref, df), nil
}

// newBootstrap places the original's metrics ref among the replicates df of
// experiment e under reading rd.
func newBootstrap(e *Experiment, rd Reading, ref Metrics, df dataframe.DataFrame) *Bootstrap {
	b := &Bootstrap{Log: e.pools.Trace.Name, Reading: rd, Scheduler: e.opts.Scheduler, Original: ref}
	b.place(df)
	return b
}

// place sets the replicates of b to df and places b's original among them.
func (b *Bootstrap) place(df dataframe.DataFrame) {
	cv := df.Col("load_cv").Float()
	sum := 0.0
	for _, x := range cv {
		sum += x
	}
	b.Replicates = df
	b.Wait = PositionOf(b.Original.AvgWait, df.Col("avg_wait").Float())
	b.Slowdown = PositionOf(b.Original.AvgSlowdown, df.Col("avg_slowdown").Float())
	b.LoadCV = sum / float64(len(cv))
}

// First returns the bootstrap of the first n variants: what RunBootstrap
// gives with Replicates n, since variant i is seeded with
// sweep.Seed(Seed, i) whatever the number of variants. Readings are
// compared at one number of variants (the range of more variants is
// wider, so Inside depends on it). First panics unless 0 < n ≤ the number
// of variants.
func (b *Bootstrap) First(n int) *Bootstrap {
	if n <= 0 || n > b.Replicates.Nrow() {
		panic(fmt.Sprintf("resample: Bootstrap.First(%d) of %d variants", n, b.Replicates.Nrow()))
	}
	rows := make([]int, n)
	for i := range rows {
		rows[i] = i
	}
	f := *b
	f.place(b.Replicates.Subset(rows))
	return &f
}

// SharesVariants reports whether bootstraps of a log under readings r and o
// resample the same variants: the same pool options (but Rare, which the
// bootstrap does not use) and generation options. RunBootstraps generates
// each such variant once.
func (r Reading) SharesVariants(o Reading) bool {
	rp, op := r.Pools, o.Pools
	if rp.Users != op.Users || rp.Discard != op.Discard || rp.Clock != op.Clock {
		return false
	}
	rg, og := r.Generate, o.Generate
	if !maps.Equal(rg.ClassWeights, og.ClassWeights) {
		return false
	}
	rg.ClassWeights, og.ClassWeights = nil, nil
	return reflect.DeepEqual(rg, og)
}

// RunBootstraps returns the bootstraps of log t under the readings rds,
// rds[k] with reps[k] variants (0: 1000): exactly RunBootstrap(ctx, t,
// rds[k], opts) with opts.Replicates = reps[k]. Variant i of every reading
// is seeded with sweep.Seed(opts.Seed, i), so the readings that share
// their variants (SharesVariants) are run together: each variant is
// generated once, for every reading with more than i variants, and
// simulated once for the readings whose conventions differ only in what
// they count (SimOptions Warmup, Cooldown, StopAtEnd, Saturation; a
// reading that simulates otherwise, such as kill-at-estimate, or
// drop-cancelled on a log with cancelled jobs, gets its own simulation of
// the variant). With a store
// (opts.Sweep.Store, $TRACELAB_SWEEPS) or a shard, each bootstrap is run
// alone by RunBootstrap, which takes the store's rows.
func RunBootstraps(ctx context.Context, t *datasets.Trace, rds []Reading, reps []int, opts BootstrapOptions) ([]*Bootstrap, error) {
	if len(reps) != len(rds) {
		panic("resample: RunBootstraps: readings and replicates differ in length")
	}
	alone := opts.Sweep.Store != "" || os.Getenv(sweep.StoreEnv) != "" || opts.Sweep.Shard != (sweep.Shard{})
	bs := make([]*Bootstrap, len(rds))
	specs := make([]sweep.Spec, len(rds))
	for k, rd := range rds {
		o := opts
		o.Replicates = reps[k]
		var err error
		if alone {
			bs[k], err = RunBootstrap(ctx, t, rd, o)
		} else {
			specs[k], err = BootstrapSpec(t, rd, o)
		}
		if err != nil {
			return nil, err
		}
	}
	if alone {
		return bs, nil
	}
	grouped := make([]bool, len(rds))
	for k := range rds {
		if grouped[k] {
			continue
		}
		var group []int
		for j := k; j < len(rds); j++ {
			if !grouped[j] && rds[j].SharesVariants(rds[k]) {
				group, grouped[j] = append(group, j), true
			}
		}
		if err := runShared(ctx, rds, specs, group, opts.Sweep, bs); err != nil {
			return nil, err
		}
	}
	return bs, nil
}

// runShared runs the bootstraps of the readings rds[k], k in group, which
// share their variants, into bs[k] (see RunBootstraps); specs[k] is the
// sweep of reading k.
func runShared(ctx context.Context, rds []Reading, specs []sweep.Spec, group []int, so sweep.Options, bs []*Bootstrap) error {
	n := 0
	rows := make([][]sweep.Row, len(group))
	for g, k := range group {
		n = max(n, specs[k].Reps)
		rows[g] = make([]sweep.Row, specs[k].Reps)
	}
	// Every experiment of the group generates the same variants; the
	// first one generates them for all.
	lead := specs[group[0]].Experiment.(*Experiment)
	workers, err := parallel.Workers(so.Workers)
	if err != nil {
		return fmt.Errorf("resample: %w", err)
	}
	progress := parallel.NewProgress(n, so.Progress)
	err = parallel.For(ctx, n, workers, func(ctx context.Context, i int) error {
		var views []SimOptions
		for _, k := range group {
			if i < specs[k].Reps {
				views = append(views, rds[k].Sim)
			}
		}
		out := make([]Metrics, len(views))
		o := lead.opts.Generate
		o.Seed, o.Stream = sweep.Seed(specs[group[0]].Seed, i), 0
		if err := lead.replicateViews(ctx, o, views, out); err != nil {
			if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
				return err
			}
			return fmt.Errorf("resample: replicate %d (seed %d): %w", i, o.Seed, err)
		}
		v := 0
		for g, k := range group {
			if i < specs[k].Reps {
				rows[g][i] = out[v].Row()
				v++
			}
		}
		progress.Done()
		return nil
	})
	if err != nil {
		return err
	}
	for g, k := range group {
		e := specs[k].Experiment.(*Experiment)
		ref, err := e.pools.reference(ctx, e.opts.Scheduler, e.sched, rds[k].Sim)
		if err != nil {
			return err
		}
		df, err := sweep.Frame(specs[k], rows[g])
		if err != nil {
			return err
		}
		bs[k] = newBootstrap(e, rds[k], ref, df)
	}
	return nil
}

// BootstrapSpec returns the sweep of the variants RunBootstrap simulates
// for log t under reading rd: opts.Replicates replicates (0: 1000) of an
// Experiment on the pools of t (made once per trace and pool options),
// seeded from opts.Seed. A program that runs the sweep elsewhere (a
// cluster) and stores it (sweep.Store) gives RunBootstrap its rows.
func BootstrapSpec(t *datasets.Trace, rd Reading, opts BootstrapOptions) (sweep.Spec, error) {
	if opts.Scheduler == "" {
		opts.Scheduler = "easy"
	}
	if opts.Replicates == 0 {
		opts.Replicates = 1000
	}
	if opts.Replicates < 0 {
		return sweep.Spec{}, fmt.Errorf("resample: %d replicates", opts.Replicates)
	}
	po := rd.Pools
	po.Rare = nil
	p, err := sharedPools(t, po)
	if err != nil {
		return sweep.Spec{}, err
	}
	e, err := NewExperiment(p, ExperimentOptions{Generate: rd.Generate, Scheduler: opts.Scheduler, Sim: rd.Sim})
	if err != nil {
		return sweep.Spec{}, err
	}
	return sweep.Spec{Experiment: e, Reps: opts.Replicates, Seed: opts.Seed}, nil
}

// BootstrapFrame returns one row per bootstrap (the per-reading table of
// 2013 §6.1), in the order given: log, reading, scheduler, replicates;
// for the average wait and the average slowdown the original's value,
// the variants' min, median and max, the share of variants at or below
// the original, the median's ratio to the original, and whether the
// original lies strictly inside the variants' range; the original's
// weekly load CV and the variants' mean.
func BootstrapFrame(bs []*Bootstrap) dataframe.DataFrame {
	n := len(bs)
	lg, rd, sc := make([]string, n), make([]string, n), make([]string, n)
	reps := make([]int, n)
	cols := []series.Series{}
	add := func(name string, f func(b *Bootstrap) float64) {
		v := make([]float64, n)
		for i, b := range bs {
			v[i] = f(b)
		}
		cols = append(cols, series.New(v, series.Float, name))
	}
	addBool := func(name string, f func(b *Bootstrap) bool) {
		v := make([]bool, n)
		for i, b := range bs {
			v[i] = f(b)
		}
		cols = append(cols, series.New(v, series.Bool, name))
	}
	for i, b := range bs {
		lg[i], rd[i], sc[i], reps[i] = b.Log, b.Reading.Name, b.Scheduler, b.Wait.Replicates
	}
	for _, m := range []struct {
		name string
		pos  func(b *Bootstrap) Position
	}{{"wait", func(b *Bootstrap) Position { return b.Wait }}, {"slowdown", func(b *Bootstrap) Position { return b.Slowdown }}} {
		add("original_"+m.name, func(b *Bootstrap) float64 { return m.pos(b).Original })
		add("min_"+m.name, func(b *Bootstrap) float64 { return m.pos(b).Min })
		add("median_"+m.name, func(b *Bootstrap) float64 { return m.pos(b).Median })
		add("max_"+m.name, func(b *Bootstrap) float64 { return m.pos(b).Max })
		add("share_"+m.name+"_at_or_below", func(b *Bootstrap) float64 { return m.pos(b).AtOrBelow })
		add("median_ratio_"+m.name, func(b *Bootstrap) float64 { return m.pos(b).MedianRatio })
		addBool("inside_"+m.name, func(b *Bootstrap) bool { return m.pos(b).Inside })
	}
	add("original_load_cv", func(b *Bootstrap) float64 { return b.Original.LoadCV })
	add("mean_load_cv", func(b *Bootstrap) float64 { return b.LoadCV })
	return dataframe.New(append([]series.Series{
		series.New(lg, series.String, "log"),
		series.New(rd, series.String, "reading"),
		series.New(sc, series.String, "scheduler"),
		series.New(reps, series.Int, "replicates"),
	}, cols...)...)
}
