package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/analytics/locality"
)

func init() {
	register(&command{name: "locality",
		usage: "stack|bins|sampling|runs [LOG] [--attr runtime|req_time|procs] [options] [--format table|csv|json]\n\n" +
			"  stack     LRU stack depth (Zakay & Feitelson 2013, Table VI): --tolerance F (0: 5% for times, exact for procs), --exact, --update, --top-depth 0|1\n" +
			"  bins      fullest of 16 daily bins (2013, Fig 5): --bins N, --min-jobs N, --rows (one row per day)\n" +
			"  sampling  locality of sampling M', M'_g, M (Feitelson 2007, §3): --days 3, --shift 0, --ranges 24, --reps 1000,\n" +
			"            --seed 1, --ties split|random|lower, --align calendar|first_job|log_start, --min-expected 5, --rows (per slice)\n" +
			"  runs      runs of repeated jobs per user (2007, Fig 9): --key app,procs (any of app, procs, req_time), --rows (histogram)",
		summary: "locality of a log's jobs: stack depth, daily bins, locality of sampling, run lengths",
		run:     runLocality})
}

func runLocality(e *env, args []string) error {
	fs := e.newFlags("locality")
	format := formatFlag(fs)
	attrName := fs.String("attr", "runtime", "attribute: runtime, req_time or procs")
	rows := fs.Bool("rows", false, "print the per-day, per-slice or histogram rows instead of the summary")
	// stack
	tol := fs.Float64("tolerance", 0, "stack: relative tolerance (0: the paper's default for the attribute)")
	exact := fs.Bool("exact", false, "stack: exact matching")
	update := fs.Bool("update", false, "stack: a matched entry takes the new value")
	topDepth := fs.Int("top-depth", 0, "stack: the depth of the top of the stack, 0 (as the paper's Table VI) or 1")
	// bins
	bins := fs.Int("bins", 16, "bins: number of equal-weight bins")
	minJobs := fs.Int("min-jobs", 1, "bins: least jobs for a day to count")
	// sampling
	days := fs.Float64("days", 3, "sampling: slice length in days")
	shift := fs.Float64("shift", 0, "sampling: shift of the slice boundaries in days")
	ranges := fs.Int("ranges", 24, "sampling: number of equal-probability ranges")
	reps := fs.Int("reps", 1000, "sampling: bootstrap repetitions (0 for none)")
	seed := fs.Uint64("seed", 1, "sampling: random seed")
	ties := fs.String("ties", "split", "sampling, bins: tie rule split, random or lower")
	align := fs.String("align", "calendar", "sampling, bins: slice alignment calendar, first_job or log_start")
	minExpected := fs.Float64("min-expected", 5, "sampling: least expected jobs per range of a usable slice")
	// runs
	key := fs.String("key", "app,procs", "runs: fields of equivalent jobs (app, procs, req_time)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormat(*format); err != nil {
		return err
	}
	if len(pos) == 0 {
		return fmt.Errorf("%w: missing stack, bins, sampling or runs", errUsage)
	}
	sub := pos[0]
	if !slices.Contains([]string{"stack", "bins", "sampling", "runs"}, sub) {
		return fmt.Errorf("%w: unknown locality measure %q (want stack, bins, sampling or runs)", errUsage, sub)
	}
	logArg, err := oneOptionalLog(pos[1:])
	if err != nil {
		return err
	}
	attr, err := locality.ParseAttribute(*attrName)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	tieRule, err := locality.ParseTies(*ties)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	al, err := locality.ParseAlign(*align)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	tr, err := loadLog(e, logArg)
	if err != nil {
		return err
	}
	if sub == "runs" {
		k, err := parseRunKey(*key)
		if err != nil {
			return err
		}
		r, err := locality.RunLengths(tr, locality.RunOptions{Key: k})
		if err != nil {
			return err
		}
		if *rows {
			return writeFrame(e.stdout, *format, r.Histogram())
		}
		return writeRecord(e.stdout, *format, record{
			{"key", *key}, {"runs", len(r.Lengths)}, {"jobs", r.Jobs}, {"skipped", r.Skipped},
			{"longest", slices.Max(r.Lengths)}, {"slope", r.Slope}, {"intercept", r.Intercept},
		})
	}
	obs, err := locality.Observe(tr, attr)
	if err != nil {
		return err
	}
	switch sub {
	case "stack":
		r, err := locality.StackDepth(obs, locality.StackOptions{Tolerance: *tol, Exact: *exact, Update: *update, TopDepth: *topDepth})
		if err != nil {
			return err
		}
		return writeRecord(e.stdout, *format, record{{"attr", attr.String()}, {"mean_depth", r.MeanDepth}, {"jobs", r.Jobs}})
	case "bins":
		r, err := locality.DailyBins(obs, locality.DailyBinsOptions{Bins: *bins, MinJobs: *minJobs, Ties: tieRule,
			Slicing: locality.Slicing{Days: 1, Align: al}})
		if err != nil {
			return err
		}
		if *rows {
			return writeFrame(e.stdout, *format, r.Frame())
		}
		f := r.Fractions()
		var mean float64
		for _, x := range f {
			mean += x
		}
		slices.Sort(f)
		return writeRecord(e.stdout, *format, record{{"attr", attr.String()}, {"bins", r.Bins}, {"days", len(f)},
			{"mean_max_fraction", mean / float64(len(f))}, {"median_max_fraction", f[len(f)/2]}})
	}
	if *reps == 0 {
		*reps = -1
	}
	r, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{
		Slicing: locality.Slicing{Days: *days, Shift: *shift, Align: al},
		Ranges:  *ranges, MinExpected: *minExpected, Ties: tieRule, Reps: *reps, Seed: *seed})
	if err != nil {
		return err
	}
	if *rows {
		return writeFrame(e.stdout, *format, r.Frame())
	}
	return writeRecord(e.stdout, *format, record{
		{"attr", attr.String()}, {"slice_days", r.Options.Days}, {"ranges", r.Options.Ranges},
		{"m_max", r.MMax}, {"m_med", r.MMed}, {"m_max_random", r.GMax}, {"m_med_random", r.GMed},
		{"locality_max", r.LocalityMax}, {"locality_med", r.LocalityMed}, {"usable_slices", r.Usable},
	})
}

func parseRunKey(s string) (locality.RunKey, error) {
	var k locality.RunKey
	for _, f := range strings.Split(s, ",") {
		switch strings.TrimSpace(f) {
		case "app":
			k |= locality.KeyApp
		case "procs":
			k |= locality.KeyProcs
		case "req_time":
			k |= locality.KeyReqTime
		default:
			return 0, fmt.Errorf("%w: --key field %q (want app, procs or req_time)", errUsage, f)
		}
	}
	return k, nil
}
