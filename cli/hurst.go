package cli

import (
	"time"

	"github.com/tracelab/tracelab/analytics/selfsim"
)

func init() {
	register(&command{name: "hurst",
		usage:   "[LOG] [--unit 10m] [--factor 1.2] [--subsets 20] [--min-n 0] [--max-n 0] [--debias N] [--seed S] [--points] [--format table|csv|json]",
		summary: "Hurst parameter of the arrival process by rescaled range (R/S) pox plot (Zakay & Feitelson 2013, §5.3)",
		run:     runHurst})
}

// hurstArgs is a parsed hurst command line.
type hurstArgs struct {
	log, format         string
	unit                time.Duration
	factor              float64
	subsets, minN, maxN int
	debias              int
	seed                uint64
	points              bool
}

func parseHurst(e *env, args []string) (hurstArgs, error) {
	fs := e.newFlags("hurst")
	a := hurstArgs{}
	format := formatFlag(fs)
	unit := durationFlag(fs, "unit", time.Duration(selfsim.DefaultUnit)*time.Second, time.Second, 7*24*time.Hour, "",
		"time unit of the arrival counts (the series may hold at most 10,000,000 units)")
	factor := floatFlag(fs, "factor", 1.2, floatRange{lo: 1.01, hi: 10}, "ratio between successive subset sizes")
	intVar(fs, &a.subsets, "subsets", 20, 1, selfsim.MaxSubsets, "", "subsets per size")
	intVar(fs, &a.minN, "min-n", 0, 0, selfsim.MaxUnits, "automatic", "smallest subset size (at least 2)")
	intVar(fs, &a.maxN, "max-n", 0, 0, selfsim.MaxUnits, "the whole series", "largest subset size")
	intVar(fs, &a.debias, "debias", 0, 0, 1000, "none", "fGn replicates for the parametric-bootstrap bias correction")
	seed := seedFlag(fs, "seed", 1, "random seed of --debias")
	points := fs.Bool("points", false, "print the pox plot's points instead of the summary")
	log, err := parseLogCommand(fs, format, args)
	if err != nil {
		return a, err
	}
	if a.minN == 1 {
		return a, usagef("--min-n 1: want 0 (automatic) or a size of at least 2")
	}
	if a.debias == 0 {
		warnSeedUnused(e.stderr, "hurst", fs, "seed", "without --debias (it seeds the bias correction's fGn replicates)")
	}
	a.log, a.format, a.unit, a.factor, a.seed, a.points = log, *format, *unit, *factor, *seed, *points
	return a, nil
}

func runHurst(e *env, args []string) error {
	a, err := parseHurst(e, args)
	if err != nil {
		return err
	}
	tr, err := loadLog(e, a.log)
	if err != nil {
		return err
	}
	r, err := selfsim.Hurst(tr, selfsim.HurstOptions{Unit: a.unit.Seconds(),
		Pox: selfsim.PoxOptions{Factor: a.factor, Subsets: a.subsets, MinN: a.minN, MaxN: a.maxN}})
	if err != nil {
		return err
	}
	if a.points {
		return writeFrame(e.stdout, a.format, r.Frame())
	}
	rec := record{{"h", r.H}, {"h_corrected", r.HCorrected}, {"unit_seconds", r.Unit}, {"points", len(r.Points)}}
	if a.debias > 0 {
		d, err := r.Debias(a.debias, a.seed, newProgressBar(e.stderr, "hurst: debias replicates", progressDelay).update)
		if err != nil {
			return err
		}
		rec = append(rec, field{"h_debiased", d})
	}
	return writeRecord(e.stdout, a.format, rec)
}
