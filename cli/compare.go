package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"

	"github.com/tracelab/tracelab/confidence"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/clip"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/compare"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/tables"
)

func init() {
	register(&command{name: "compare",
		usage: "[LOG] --scheduler A --scheduler B ... (each " + schedulersToken + ")\n" +
			"       [--variants 20] [--weeks N] [--load F] [--seed S] [--level 0.95] [--bootstrap N --bootstrap-seed S]\n" +
			"       [--metrics avg_wait,wait_p99,...|all] [--workers W] [--format table|csv|json]",
		summary: "compare schedulers on the same resampled variants of a log: each metric's mean and the paired difference to the first, with confidence intervals",
		run:     runCompare})
}

// compareDefaultMetrics are the metrics compare prints without --metrics.
var compareDefaultMetrics = []string{"avg_wait", "wait_p90", "wait_p99", "wait_max", "avg_bounded_slowdown",
	"bounded_slowdown_p99", "utilization", "user_bsld_jain"}

// maxCompared bounds the --scheduler flags: each simulates every variant,
// and 300 of them (the same one repeated) took 16 s on the sample.
const maxCompared = 64

// maxVariants bounds --variants.
const maxVariants = resample.MaxVariants

func runCompare(e *env, args []string) error {
	fs := e.newFlags("compare")
	format := formatFlag(fs)
	var names rareFlags // a repeatable string flag
	fs.Var(&names, "scheduler", schedulerHelp("a scheduler to compare (repeat the flag, at least once); the first is the baseline of the differences"))
	nvar := intFlag(fs, "variants", 20, 1, maxVariants, "", "resampled variants of the log (Zakay & Feitelson 2013 §4), the same for every scheduler")
	weeks := intFlag(fs, "weeks", 0, 0, resample.MaxWeeks, "the log's length", "length of each variant in weeks")
	load := floatFlag(fs, "load", 1, positiveFactor, "factor on the number of users (2013 §6.3)")
	seed := seedFlag(fs, "seed", 1, "base seed: variant i uses the seed of sweep replicate i")
	level := floatFlag(fs, "level", 0.95, floatRange{lo: 0, hi: 0.9999, openLo: true}, "confidence level")
	boot := intFlag(fs, "bootstrap", 0, 0, confidence.MaxResamples, "Student's t intervals", "percentile bootstrap intervals with this many resamples")
	bootSeed := seedFlag(fs, "bootstrap-seed", 1, "seed of the bootstrap resampling")
	metrics := fs.String("metrics", strings.Join(compareDefaultMetrics, ","), "metrics to print, comma-separated, or all: "+strings.Join(sim.SummaryColumns, ", "))
	workers := intFlag(fs, "workers", 0, 0, maxWorkers, "GOMAXPROCS", "simulations run at once")
	log, err := parseLogCommand(fs, format, args)
	if err != nil {
		return err
	}
	switch {
	case len(names) == 0:
		return usagef("--scheduler A [--scheduler B ...] is required")
	case len(names) > maxCompared:
		return usagef("--scheduler: %d schedulers, want at most %d", len(names), maxCompared)
	}
	for k, n := range names {
		if slices.Contains(names[:k], n) {
			return usagef("--scheduler %s: given twice", clip.Runes(n, 200))
		}
		if _, err := sim.FactoryOf(n); err != nil {
			return usagef("--scheduler: %v", err)
		}
	}
	if *boot == 0 {
		warnSeedUnused(e.stderr, "compare", fs, "bootstrap-seed", "without --bootstrap (Student's t intervals draw nothing)")
	}
	keep := sim.SummaryColumns
	if *metrics != "all" {
		keep = strings.Split(*metrics, ",")
		for _, m := range keep {
			if !slices.Contains(sim.SummaryColumns, m) {
				return usagef("--metrics: unknown metric %q (want all or some of %s)", m, strings.Join(sim.SummaryColumns, ", "))
			}
		}
	}
	tr, err := loadLog(e, log)
	if err != nil {
		return err
	}
	warnUnknownUsers(e.stderr, tr)
	if err := requireSimulable(tr); err != nil {
		return err
	}
	pools, err := resample.NewPools(tr, resample.PoolOptions{})
	if err != nil {
		return err
	}
	// Every variant is held until the last scheduler ran on it: bound the
	// jobs of all of them as resample bounds one log's (--variants
	// 100000 once died out of memory, about 340 bytes a job).
	length := float64(*weeks) * datasets.Week
	if *weeks == 0 {
		length = pools.Span()
	}
	if jobs := float64(tr.Len()) * length / max(pools.Span(), datasets.Week) * *load * float64(*nvar); jobs > resample.MaxJobs {
		return usagef("%d variants of about %.3g jobs each hold about %.3g jobs, more than %s: fewer variants, a shorter length (--weeks) or a lower --load",
			*nvar, jobs/float64(*nvar), jobs, tables.Count(resample.MaxJobs))
	}
	rs, err := pools.Variants(resample.Options{Weeks: *weeks, Load: *load}, *nvar, *seed)
	if err != nil {
		return err
	}
	variants := compare.Traces(rs)
	opts := compare.Options{Level: *level, Workers: *workers}
	if *boot > 0 {
		opts.Bootstrap = &confidence.Bootstrap{Resamples: *boot, Seed: *bootSeed}
	}
	ctx := e.context() // cancelled by SIGINT, SIGTERM, SIGHUP (Main; an ignored one stays ignored)
	fmt.Fprintf(e.stderr, "compare: %d schedulers × %d variants of %s on %v\n", len(names), len(variants), tr.Name, tr.Machine())
	c, err := compare.Schedulers(ctx, variants, names, opts)
	if err != nil {
		return err
	}
	df := c.Frame()
	df = df.Filter(dataframe.F{Colname: "metric", Comparator: "in", Comparando: keep})
	return writeFrame(e.stdout, *format, df)
}
