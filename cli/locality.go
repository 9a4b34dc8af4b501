package cli

import (
	"slices"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/datasets"
)

func init() {
	register(&command{name: "locality",
		usage: "stack|bins|sampling|runs|manipulate [LOG] [--attr runtime|req_time|procs] [options] [--format table|csv|json]\n\n" +
			"  stack     LRU stack depth (Zakay & Feitelson 2013, Table VI): --tolerance F (0: 5% for times, exact for procs), --exact, --update, --top-depth 0|1\n" +
			"  bins      fullest of 16 daily bins (2013, Fig 5): --bins N, --min-jobs N, --rows (one row per day)\n" +
			"  sampling  locality of sampling M', M'_g, M (Feitelson 2007, §3): --days 3, --shift 0, --ranges 24, --reps 1000,\n" +
			"            --seed 1, --ties split|random|lower, --align calendar|first_job|log_start, --min-expected 5, --rows (per slice)\n" +
			"  runs      runs of repeated jobs per user (2007, Fig 9): --key app,procs (any of app, procs, req_time), --rows (histogram)\n" +
			"  manipulate  stack depth and M' of the log and of versions with less or more locality, same marginals\n" +
			"            (2013, §6.5.5): --fractions 0.25,0.5,1 (scrambled), --windows 7,30 (days sorted), --manip-reps 10, the stack and sampling flags",
		summary: "locality of a log's jobs: stack depth, daily bins, locality of sampling, run lengths",
		run:     runLocality})
}

// localityArgs is a parsed locality command line.
type localityArgs struct {
	measure, log, format string
	attr                 datasets.Attribute
	rows                 bool
	stack                locality.StackOptions
	bins                 locality.DailyBinsOptions
	sampling             locality.SamplingOptions
	key                  locality.RunKey
	keyText              string
	manip                locality.ManipulationOptions
}

// localityMeasures are the measures of the locality command.
var localityMeasures = []string{"stack", "bins", "sampling", "runs", "manipulate"}

// localityFlags are the flags each measure uses, besides --format. The
// measures share one flag set (one help), so another measure's flag
// parses; it is then a usage error, never ignored: "locality stack
// --fractions 0.5" and "locality runs --attr procs" printed the measure
// without it and exited 0. manipulate measures the stack depth and the
// locality of sampling of every version, so it takes their flags.
var localityFlags = func() map[string][]string {
	stack := []string{"attr", "tolerance", "exact", "update", "top-depth"}
	sampling := []string{"attr", "days", "shift", "ranges", "reps", "seed", "ties", "align", "min-expected"}
	return map[string][]string{
		"stack":      stack,
		"bins":       {"attr", "bins", "min-jobs", "ties", "align", "rows"},
		"sampling":   append(slices.Clone(sampling), "rows"),
		"runs":       {"key", "rows"},
		"manipulate": append(append(slices.Clone(stack[1:]), sampling...), "fractions", "windows", "manip-reps"),
	}
}()

func parseLocality(e *env, args []string) (localityArgs, error) {
	var a localityArgs
	fs := e.newFlags("locality")
	format := formatFlag(fs)
	attrName := fs.String("attr", "runtime", "attribute: runtime, req_time or procs")
	rows := fs.Bool("rows", false, "print the per-day, per-slice or histogram rows instead of the summary")
	// stack
	tol := floatFlag(fs, "tolerance", 0, floatRange{lo: 0, hi: 1, zero: "the paper's default for the attribute"}, "stack: relative tolerance")
	exact := fs.Bool("exact", false, "stack: exact matching")
	update := fs.Bool("update", false, "stack: a matched entry takes the new value")
	topDepth := intFlag(fs, "top-depth", 0, 0, 1, "", "stack: the depth of the top of the stack, 0 (as the paper's Table VI) or 1")
	// bins
	bins := intFlag(fs, "bins", 16, 2, locality.MaxRanges, "", "bins: number of equal-weight bins")
	minJobs := intFlag(fs, "min-jobs", 1, 1, 1_000_000, "", "bins: least jobs for a day to count")
	// sampling
	days := floatFlag(fs, "days", 3, floatRange{lo: 0.01, hi: 3650}, "sampling: slice length in days")
	shift := floatFlag(fs, "shift", 0, floatRange{lo: 0, hi: 3650}, "sampling: shift of the slice boundaries in days")
	ranges := intFlag(fs, "ranges", 24, 2, locality.MaxRanges, "", "sampling: number of equal-probability ranges")
	reps := intFlag(fs, "reps", 1000, 0, 100_000, "no bootstrap", "sampling: bootstrap repetitions")
	seed := seedFlag(fs, "seed", 1, "sampling: random seed")
	ties := fs.String("ties", "split", "sampling, bins: tie rule split, random or lower")
	align := fs.String("align", "calendar", "sampling, bins: slice alignment calendar, first_job or log_start")
	minExpected := floatFlag(fs, "min-expected", 5, floatRange{lo: 0, hi: 1e6, openLo: true}, "sampling: least expected jobs per range of a usable slice")
	// runs
	key := fs.String("key", "app,procs", "runs: fields of equivalent jobs (app, procs, req_time)")
	// manipulate
	fractions := floatListFlag(fs, "fractions", floatRange{lo: 0, hi: 1}, "manipulate: fractions of jobs scrambled")
	windows := floatListFlag(fs, "windows", floatRange{lo: 0.01, hi: 3650}, "manipulate: windows in days whose values are sorted")
	manipReps := intFlag(fs, "manip-reps", 10, 1, 1000, "", "manipulate: replicates of each scramble level (each measures the whole log again: 1,000 replicates of 3 levels take about 30 s of CPU per 20,000 jobs)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return a, err
	}
	if err := checkFormat(*format); err != nil {
		return a, err
	}
	if len(pos) == 0 {
		return a, usagef("missing stack, bins, sampling or runs")
	}
	a.measure = pos[0]
	if !slices.Contains(localityMeasures, a.measure) {
		return a, usagef("unknown locality measure %q (want stack, bins, sampling, runs or manipulate)", a.measure)
	}
	if err := foreignFlag(fs, "locality", a.measure, localityMeasures, localityFlags, []string{"format"}, ", "); err != nil {
		return a, err
	}
	if a.log, err = oneOptionalLog(pos[1:]); err != nil {
		return a, err
	}
	if a.attr, err = datasets.ParseAttribute(*attrName, locality.Attributes...); err != nil {
		return a, usagef("--attr: %v", err)
	}
	tieRule, err := locality.ParseTies(*ties)
	if err != nil {
		return a, usagef("%v", err)
	}
	al, err := locality.ParseAlign(*align)
	if err != nil {
		return a, usagef("%v", err)
	}
	if a.key, err = parseRunKey(*key); err != nil {
		return a, err
	}
	a.format, a.rows, a.keyText = *format, *rows, *key
	a.stack = locality.StackOptions{Tolerance: *tol, Exact: *exact, Update: *update, TopDepth: *topDepth}
	a.bins = locality.DailyBinsOptions{Bins: *bins, MinJobs: *minJobs, Ties: tieRule, Slicing: locality.Slicing{Days: 1, Align: al}}
	a.sampling = locality.SamplingOptions{Slicing: locality.Slicing{Days: *days, Shift: *shift, Align: al},
		Ranges: *ranges, MinExpected: *minExpected, Ties: tieRule, Reps: *reps, Seed: *seed}
	a.sampling.SkipBootstrap = *reps == 0
	a.manip = locality.ManipulationOptions{Fractions: []float64{0.25, 0.5, 1}, Windows: []float64{7 * datasets.Day, 30 * datasets.Day},
		Reps: *manipReps, Seed: *seed, Stack: a.stack, Sampling: a.sampling}
	if fractions.set {
		a.manip.Fractions = fractions.v
	}
	if windows.set {
		a.manip.Windows = nil
		for _, d := range windows.v {
			a.manip.Windows = append(a.manip.Windows, d*datasets.Day)
		}
	}
	return a, nil
}

func runLocality(e *env, args []string) error {
	a, err := parseLocality(e, args)
	if err != nil {
		return err
	}
	tr, err := loadLog(e, a.log)
	if err != nil {
		return err
	}
	if a.measure == "runs" {
		r, err := locality.RunLengths(tr, locality.RunOptions{Key: a.key})
		if err != nil {
			return err
		}
		if a.rows {
			return writeFrame(e.stdout, a.format, r.Histogram())
		}
		return writeRecord(e.stdout, a.format, record{
			{"key", a.keyText}, {"runs", len(r.Lengths)}, {"jobs", r.Jobs}, {"skipped", r.Skipped},
			{"longest", slices.Max(r.Lengths)}, {"slope", r.Slope}, {"intercept", r.Intercept},
		})
	}
	obs, err := locality.Observe(tr, a.attr)
	if err != nil {
		return err
	}
	// The bootstrap and the manipulations can run for minutes: their
	// progress shows on stderr once a step lasts (progressDelay).
	boot := newProgressBar(e.stderr, "locality: bootstrap repetitions", progressDelay)
	a.sampling.Progress, a.manip.Sampling.Progress = boot.update, boot.update
	switch a.measure {
	case "manipulate":
		bar := newProgressBar(e.stderr, "locality: manipulated versions", progressDelay)
		a.manip.Progress = bar.update
		df, err := locality.Manipulations(e.context(), obs, a.manip)
		if err != nil {
			return err
		}
		bar.finish()
		return writeFrame(e.stdout, a.format, df)
	case "stack":
		r, err := locality.StackDepth(obs, a.stack)
		if err != nil {
			return err
		}
		return writeRecord(e.stdout, a.format, record{{"attr", a.attr.String()}, {"mean_depth", r.MeanDepth}, {"jobs", r.Jobs}})
	case "bins":
		r, err := locality.DailyBins(obs, a.bins)
		if err != nil {
			return err
		}
		if a.rows {
			return writeFrame(e.stdout, a.format, r.Frame())
		}
		f := r.Fractions()
		var mean float64
		for _, x := range f {
			mean += x
		}
		slices.Sort(f)
		return writeRecord(e.stdout, a.format, record{{"attr", a.attr.String()}, {"bins", r.Bins}, {"days", len(f)},
			{"mean_max_fraction", mean / float64(len(f))}, {"median_max_fraction", f[len(f)/2]}})
	}
	r, err := locality.LocalityOfSampling(obs, a.sampling)
	if err != nil {
		return err
	}
	if a.rows {
		return writeFrame(e.stdout, a.format, r.Frame())
	}
	return writeRecord(e.stdout, a.format, record{
		{"attr", a.attr.String()}, {"slice_days", r.Options.Days}, {"ranges", r.Options.Ranges},
		{"m_max", r.MMax}, {"m_med", r.MMed}, {"m_max_random", r.GMax}, {"m_med_random", r.GMed},
		{"locality_max", r.LocalityMax}, {"locality_med", r.LocalityMed}, {"usable_slices", r.Usable},
	})
}

func parseRunKey(s string) (locality.RunKey, error) {
	var k locality.RunKey
	fields, err := nameList(s)
	if err != nil {
		return 0, usagef("--key %s: %v", s, err)
	}
	for _, f := range fields {
		switch f {
		case "app":
			k |= locality.KeyApp
		case "procs":
			k |= locality.KeyProcs
		case "req_time":
			k |= locality.KeyReqTime
		default:
			return 0, usagef("--key field %q (want app, procs or req_time)", f)
		}
	}
	return k, nil
}
