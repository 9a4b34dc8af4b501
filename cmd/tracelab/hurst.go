package main

import (
	"fmt"
	"time"

	"github.com/tracelab/tracelab/analytics/selfsim"
)

func init() {
	register(&command{name: "hurst",
		usage:   "[LOG] [--unit 10m] [--factor 1.2] [--subsets 20] [--min-n 0] [--debias N] [--points] [--format table|csv|json]",
		summary: "Hurst parameter of the arrival process by rescaled range (R/S) pox plot (Zakay & Feitelson 2013, §5.3)",
		run:     runHurst})
}

func runHurst(e *env, args []string) error {
	fs := e.newFlags("hurst")
	format := formatFlag(fs)
	unit := fs.Duration("unit", time.Duration(selfsim.DefaultUnit)*time.Second, "time unit of the arrival counts")
	factor := fs.Float64("factor", 1.2, "ratio between successive subset sizes")
	subsets := fs.Int("subsets", 20, "subsets per size")
	minN := fs.Int("min-n", 0, "smallest subset size (0: automatic)")
	maxN := fs.Int("max-n", 0, "largest subset size (0: the whole series)")
	debias := fs.Int("debias", 0, "fGn replicates for the parametric-bootstrap bias correction (0: none)")
	seed := fs.Uint64("seed", 1, "random seed of --debias")
	points := fs.Bool("points", false, "print the pox plot's points instead of the summary")
	logArg, err := parseLogCommand(fs, format, args)
	if err != nil {
		return err
	}
	if *unit <= 0 {
		return fmt.Errorf("%w: --unit must be positive, not %v", errUsage, *unit)
	}
	if *debias < 0 {
		return fmt.Errorf("%w: --debias must be ≥ 0", errUsage)
	}
	tr, err := loadLog(e, logArg)
	if err != nil {
		return err
	}
	r, err := selfsim.Hurst(tr, selfsim.HurstOptions{Unit: unit.Seconds(),
		Pox: selfsim.PoxOptions{Factor: *factor, Subsets: *subsets, MinN: *minN, MaxN: *maxN}})
	if err != nil {
		return err
	}
	if *points {
		return writeFrame(e.stdout, *format, r.Frame())
	}
	rec := record{{"h", r.H}, {"h_corrected", r.HCorrected}, {"unit_seconds", r.Unit}, {"points", len(r.Points)}}
	if *debias > 0 {
		d, err := r.Debias(*debias, *seed)
		if err != nil {
			return err
		}
		rec = append(rec, field{"h_debiased", d})
	}
	return writeRecord(e.stdout, *format, rec)
}
