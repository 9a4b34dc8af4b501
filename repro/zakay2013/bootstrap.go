package zakay2013

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/resample/resampleplot"
	"github.com/tracelab/tracelab/sim/sweep"
)

// §6.1, Figs. 8–9: 1000 resampled variants of each log simulated under
// EASY, against the original log simulated the same way. The paper checked
// "the nine logs from the archive that have user estimates" and shows six;
// its text names BLUE, CTC, CEA (Fig. 8), DS and HPC2N (Fig. 9).

// BootstrapLogs are the logs of the bootstrap: the six of the paper's nine
// that we have and whose bracketing we checked reading by reading, then
// CEA-Curie (named by Fig. 8; full mode only). Quick mode runs the first
// two.
var BootstrapLogs = []string{"KTH-SP2", "SDSC-SP2", "CTC-SP2", "SDSC-DS", "SDSC-BLUE", "HPC2N", "CEA-Curie"}

// readingLogs is how many of BootstrapLogs the per-reading table covers.
const readingLogs = 6

func (s *Study) bootstrapLogs(n int) []string {
	if s.o.Quick {
		return BootstrapLogs[:2]
	}
	return BootstrapLogs[:n]
}

// bootstrapReps is the number of variants of the default reading: the
// paper's 1000; readingReps that of every other reading, fewer, since the
// table has fifteen of them per log.
func (s *Study) bootstrapReps() int { return s.o.Reps(1000, 20) }
func (s *Study) readingReps() int   { return s.o.Reps(100, 4) }

// quickReadings are the readings of the quick-mode table.
var quickReadings = []string{"default", "cycle", "activity"}

type bootstrapKey struct{ log, reading string }

// bootstrap runs the bootstrap of one log under one reading (once per
// key): bootstrapReps variants for the default reading, readingReps for
// the others, seeded from the study's seed.
func (s *Study) bootstrap(ctx context.Context, log, reading string) (*resample.Bootstrap, error) {
	return s.bootstrapMemo.Get(bootstrapKey{log, reading}, func() (*resample.Bootstrap, error) {
		tr, err := logOf(log)
		if err != nil {
			return nil, err
		}
		rd, err := resample.ReadingByName(reading)
		if err != nil {
			return nil, err
		}
		reps := s.readingReps()
		if reading == "default" {
			reps = s.bootstrapReps()
		}
		label := fmt.Sprintf("%s: EASY on %d variants (%s)", log, reps, reading)
		b, err := resample.RunBootstrap(ctx, tr, rd, resample.BootstrapOptions{Replicates: reps, Seed: s.seed(),
			Sweep: sweep.Options{Workers: s.o.Workers, Progress: func(done, total int) { s.o.Report(label, done, total) }}})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", log, err)
		}
		b.Log = log
		return b, nil
	})
}

// metricPosition is one metric of one log's bootstrap: the original's
// place among the variants.
type metricPosition struct {
	log, metric string
	pos         resample.Position
	below       float64 // share of variants strictly below the original
	p5, p95     float64
	maxDev      float64 // largest |variant / original − 1|
}

func positionOf(log, metric string, b *resample.Bootstrap, orig float64) metricPosition {
	v := b.Replicates.Col(metric).Float()
	m := metricPosition{log: log, metric: metric, pos: resample.PositionOf(orig, v)}
	var fin []float64
	below := 0
	for _, x := range v {
		if math.IsNaN(x) {
			continue
		}
		fin = append(fin, x)
		if x < orig {
			below++
		}
		m.maxDev = max(m.maxDev, math.Abs(x/orig-1))
	}
	m.below = float64(below) / float64(len(fin))
	m.p5, m.p95 = quantile(fin, 0.05), quantile(fin, 0.95)
	return m
}

// quantile returns the q-quantile of x (linear interpolation between order
// statistics, R's type 7).
func quantile(x []float64, q float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	y := slices.Clone(x)
	slices.Sort(y)
	h := q * float64(len(y)-1)
	lo := int(math.Floor(h))
	hi := min(lo+1, len(y)-1)
	return y[lo] + (h-float64(lo))*(y[hi]-y[lo])
}

// bootstrapFigure is Fig. 8 or Fig. 9: per log, a histogram of each
// metric over the variants with the original as a red line.
type bootstrapFigure struct {
	Panels []*plot.Plot
	// Frame has one row per log and metric: log, metric, original,
	// median, p5, p95, share_below (strictly), share_at_or_below,
	// median_vs_original (ratio − 1), max_deviation, inside (the
	// original strictly inside the variants' range), variants.
	Frame   dataframe.DataFrame
	rows    []metricPosition
	missing missingLogs
}

// bootstrapMetric is a column of the variants' rows drawn in Figs. 8–9.
type bootstrapMetric struct {
	column, label string
	original      func(m resample.Metrics) float64
}

var (
	fig8Metrics = []bootstrapMetric{
		{"jobs", "jobs (throughput)", func(m resample.Metrics) float64 { return float64(m.Jobs) }},
		{"utilization", "utilization", func(m resample.Metrics) float64 { return m.Utilization }},
	}
	fig9Metrics = []bootstrapMetric{
		{"avg_slowdown", "average slowdown", func(m resample.Metrics) float64 { return m.AvgSlowdown }},
		{"avg_wait", "average wait (s)", func(m resample.Metrics) float64 { return m.AvgWait }},
	}
)

func (s *Study) bootstrapFigure(ctx context.Context, metrics []bootstrapMetric) (*bootstrapFigure, error) {
	f := &bootstrapFigure{}
	for _, log := range s.bootstrapLogs(len(BootstrapLogs)) {
		b, err := s.bootstrap(ctx, log, "default")
		if isMissing(err) {
			f.missing = append(f.missing, log)
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, m := range metrics {
			orig := m.original(b.Original)
			h, err := resampleplot.Histogram(b.Replicates.Col(m.column).Float(), orig, plots.HistOptions{
				Bins: min(40, max(8, b.Wait.Replicates/20)), Axes: plots.Axes{Title: log + ": " + m.label, XLabel: m.label}})
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", log, m.column, err)
			}
			f.Panels = append(f.Panels, h)
			f.rows = append(f.rows, positionOf(log, m.column, b, orig))
		}
	}
	f.Frame = positionFrame(f.rows)
	return f, nil
}

func positionFrame(rows []metricPosition) dataframe.DataFrame {
	n := len(rows)
	lg, mt := make([]string, n), make([]string, n)
	orig, med, p5, p95, below, atb, ratio, dev := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n),
		make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	inside := make([]bool, n)
	reps := make([]int, n)
	for i, r := range rows {
		lg[i], mt[i] = r.log, r.metric
		orig[i], med[i], p5[i], p95[i] = r.pos.Original, r.pos.Median, r.p5, r.p95
		below[i], atb[i], ratio[i], dev[i] = r.below, r.pos.AtOrBelow, r.pos.MedianRatio-1, r.maxDev
		inside[i], reps[i] = r.pos.Inside, r.pos.Replicates
	}
	return dataframe.New(
		series.New(lg, series.String, "log"),
		series.New(mt, series.String, "metric"),
		series.New(orig, series.Float, "original"),
		series.New(med, series.Float, "median"),
		series.New(p5, series.Float, "p5"),
		series.New(p95, series.Float, "p95"),
		series.New(below, series.Float, "share_below"),
		series.New(atb, series.Float, "share_at_or_below"),
		series.New(ratio, series.Float, "median_vs_original"),
		series.New(dev, series.Float, "max_deviation"),
		series.New(inside, series.Bool, "inside"),
		series.New(reps, series.Int, "variants"),
	)
}

// Fig8Result is Fig. 8: throughput (jobs in the log) and utilisation of
// EASY over the variants, the original as a red line.
type Fig8Result struct{ bootstrapFigure }

// Fig9Result is Fig. 9: average slowdown and wait of EASY over the
// variants, the original as a red line.
type Fig9Result struct{ bootstrapFigure }

// Fig8 computes Fig. 8.
func (s *Study) Fig8(ctx context.Context) (*Fig8Result, error) {
	return s.fig8.Get(func() (*Fig8Result, error) {
		f, err := s.bootstrapFigure(ctx, fig8Metrics)
		if err != nil {
			return nil, err
		}
		return &Fig8Result{*f}, nil
	})
}

// Fig9 computes Fig. 9.
func (s *Study) Fig9(ctx context.Context) (*Fig9Result, error) {
	return s.fig9.Get(func() (*Fig9Result, error) {
		f, err := s.bootstrapFigure(ctx, fig9Metrics)
		if err != nil {
			return nil, err
		}
		return &Fig9Result{*f}, nil
	})
}

func (f *bootstrapFigure) row(log, metric string) (metricPosition, bool) {
	for _, r := range f.rows {
		if r.log == log && r.metric == metric {
			return r, true
		}
	}
	return metricPosition{}, false
}

// What the text's words mean for a distribution of variants against the
// original (share of variants at or below the original's value): "around
// the original" between 0.1 and 0.9; "largely above" at most 0.25; the
// original "higher than nearly all the others" at least 0.9, "lower" at
// most 0.1.
const (
	aroundLo, aroundHi = 0.1, 0.9
	largelyAbove       = 0.25
	nearlyAll          = 0.9
)

func around(r metricPosition) bool { return r.pos.AtOrBelow >= aroundLo && r.pos.AtOrBelow <= aroundHi }

func shares(r metricPosition) string {
	return fmt.Sprintf("%.1f%% of %d variants at or below the original %s; median %+.1f%%", 100*r.pos.AtOrBelow,
		r.pos.Replicates, ledger.Format(r.pos.Original, 4), 100*(r.pos.MedianRatio-1))
}

// Claims adds the text's statements on Fig. 8: throughput around the
// original on every log (median within 1%), BLUE's 92% of variants below
// and its median 0.45% lower, utilisation around the original for CTC and
// below it for CEA by less than 8%.
func (f *Fig8Result) Claims(l *ledger.Ledger) {
	f.missing.claims(l, "Fig. 8", "fig8")
	for _, r := range f.rows {
		if r.metric != "jobs" {
			continue
		}
		l.Check("Fig. 8", "fig8/"+r.log+"/throughput_median", r.log+": median throughput of the variants relative to the original's",
			ledger.Stated("around the original", ledger.Near(0, 0.01)), r.pos.MedianRatio-1).Digits(3).
			Quoting("was typically distributed around the original value").Because(shares(r))
	}
	if r, ok := f.row("SDSC-BLUE", "jobs"); ok {
		l.Check("Fig. 8", "fig8/SDSC-BLUE/throughput_below", "SDSC-BLUE: share of variants with a lower throughput than the original",
			ledger.Near(0.92, 0.1), r.below).Digits(3).Quoting("92% of the variants had a lower throughput than the original log")
		l.Check("Fig. 8", "fig8/SDSC-BLUE/throughput_median_gap", "SDSC-BLUE: median throughput of the variants below the original's, fraction",
			ledger.Near(0.0045, 0.005), 1-r.pos.MedianRatio).Digits(3).
			Quoting("difference between the median throughput and the original was only 0.45%")
	}
	if r, ok := f.row("CTC-SP2", "utilization"); ok {
		l.Claim("Fig. 8", "fig8/CTC-SP2/utilization_around", "CTC-SP2: utilisation of the variants distributed around the original's",
			around(r), shares(r)).Quoting("distributions around the original value — as for CTC")
	}
	if r, ok := f.row("CEA-Curie", "utilization"); ok {
		l.Claim("Fig. 8", "fig8/CEA-Curie/utilization_below", "CEA-Curie: utilisation of the variants generally below the original's, by less than 8%",
			r.pos.AtOrBelow >= 1-largelyAbove && r.maxDev < 0.08, shares(r)+fmt.Sprintf("; largest difference %.1f%%", 100*r.maxDev)).
			Quoting("even for CEA the difference was less than 8%")
	}
}

// Claims adds the text's statements on Fig. 9, per log: never completely
// separated (the original within the variants' range, for the wait and
// the slowdown); the wait around the original for DS and CTC and largely
// above it for BLUE and HPC2N; the slowdown of DS's original above nearly
// all variants and HPC2N's below; the slowdown around the original in most
// logs; the most extreme differences within 10–20% in most cases. And our
// own: the original strictly inside the range of the default reading.
func (f *Fig9Result) Claims(l *ledger.Ledger) {
	f.missing.claims(l, "Fig. 9", "fig9")
	for _, r := range f.rows {
		name := map[string]string{"avg_wait": "wait", "avg_slowdown": "slowdown"}[r.metric]
		l.Claim("Fig. 9", fmt.Sprintf("fig9/%s/%s_not_separated", r.log, name),
			fmt.Sprintf("%s: some variants' average %s at or beyond the original's on each side (not completely separated)", r.log, name),
			r.pos.Min <= r.pos.Original && r.pos.Original <= r.pos.Max,
			fmt.Sprintf("variants %s–%s, original %s", ledger.Format(r.pos.Min, 4), ledger.Format(r.pos.Max, 4), ledger.Format(r.pos.Original, 4))).
			Quoting("at least some of our 1000 repetitions produced results like the original log")
	}
	for _, log := range []string{"SDSC-DS", "CTC-SP2"} {
		if r, ok := f.row(log, "avg_wait"); ok {
			l.Claim("Fig. 9", "fig9/"+log+"/wait_around", log+": average wait of the variants distributed around the original's",
				around(r), shares(r)).Quoting("being distributed either around the original values (as for DS and CTC)")
		}
	}
	for _, log := range []string{"SDSC-BLUE", "HPC2N"} {
		if r, ok := f.row(log, "avg_wait"); ok {
			l.Claim("Fig. 9", "fig9/"+log+"/wait_above", log+": average wait of the variants largely above the original's",
				r.pos.AtOrBelow <= largelyAbove, shares(r)).Quoting("or largely above them (as for BLUE and HPC2N)")
		}
	}
	if r, ok := f.row("SDSC-DS", "avg_slowdown"); ok {
		l.Claim("Fig. 9", "fig9/SDSC-DS/slowdown_high", "SDSC-DS: the original's average slowdown higher than nearly all the variants'",
			r.pos.AtOrBelow >= nearlyAll, shares(r)).Quoting("either higher or lower than nearly all the others (as in DS or HPC2N, respectively")
	}
	if r, ok := f.row("HPC2N", "avg_slowdown"); ok {
		l.Claim("Fig. 9", "fig9/HPC2N/slowdown_low", "HPC2N: the original's average slowdown lower than nearly all the variants'",
			r.pos.AtOrBelow <= 1-nearlyAll, shares(r)).Quoting("either higher or lower than nearly all the others (as in DS or HPC2N, respectively")
	}
	var aroundN, n, within, m int
	var sdLogs, devLogs []string
	for _, r := range f.rows {
		switch r.metric {
		case "avg_slowdown":
			n++
			if around(r) {
				aroundN++
				sdLogs = append(sdLogs, r.log)
			}
		case "avg_wait":
			m++
			if r.maxDev <= 0.2 {
				within++
				devLogs = append(devLogs, r.log)
			}
		}
	}
	if n > 0 {
		l.Check("Fig. 9", "fig9/slowdown_around_share", "share of the logs whose variants' average slowdown is around the original's",
			ledger.Stated("six of nine", ledger.AtLeast(0.5)), float64(aroundN)/float64(n)).Digits(3).
			Quoting("In six of the nine logs we checked, the distribution was more or less around the value obtained using the original log").
			Because(fmt.Sprintf("around in %d of %d logs: %s", aroundN, n, strings.Join(sdLogs, ", ")))
	}
	if m > 0 {
		l.Check("Fig. 9", "fig9/wait_extreme_within_20pct", "share of the logs whose most extreme variant's average wait is within 20% of the original's",
			ledger.Stated("most cases", ledger.AtLeast(0.5)), float64(within)/float64(m)).Digits(3).
			Quoting("in most cases the most extreme differences were not more than 10–20%").
			Because(fmt.Sprintf("within 20%% in %d of %d logs: %s", within, m, strings.Join(devLogs, ", ")))
	}
	for _, r := range f.rows {
		if r.metric != "avg_wait" {
			continue
		}
		l.OwnClaim("Fig. 9", "fig9/"+r.log+"/wait_inside", r.log+": with the default reading the original's average wait lies strictly inside the variants' range",
			r.pos.Inside, shares(r))
	}
}

// BootstrapReadingsResult is the bootstrap under every reading of §4 and
// §6.1 (resample.Readings), our addition to §6.1: which readings put the
// original among the variants.
type BootstrapReadingsResult struct {
	// Frame is resample.BootstrapFrame: one row per log and reading.
	Frame dataframe.DataFrame
	// Summary has one row per reading, in the order of
	// resample.Readings: reading, summary, logs, inside_wait (logs with
	// the original's wait strictly inside the variants' range),
	// median_ratio_wait (the median over logs of the median ratio).
	Summary dataframe.DataFrame
	bs      []*resample.Bootstrap
	missing missingLogs
}

// BootstrapReadings runs the bootstrap of each log under each reading:
// bootstrapReps variants for the default reading, readingReps for the
// others (quick mode: the first two logs, three readings).
func (s *Study) BootstrapReadings(ctx context.Context) (*BootstrapReadingsResult, error) {
	return s.readings.Get(func() (*BootstrapReadingsResult, error) {
		r := &BootstrapReadingsResult{}
		var names, sums []string
		for _, rd := range resample.Readings() {
			if s.o.Quick && !slices.Contains(quickReadings, rd.Name) {
				continue
			}
			names, sums = append(names, rd.Name), append(sums, rd.Summary)
		}
		var logs []string
		for _, log := range s.bootstrapLogs(readingLogs) {
			if _, err := logOf(log); isMissing(err) {
				r.missing = append(r.missing, log)
			} else {
				logs = append(logs, log)
			}
		}
		inside := make([]int, len(names))
		ratio := make([]float64, len(names))
		for k, name := range names {
			var rs []float64
			for _, log := range logs {
				b, err := s.bootstrap(ctx, log, name)
				if err != nil {
					return nil, err
				}
				r.bs = append(r.bs, b)
				if b.Wait.Inside {
					inside[k]++
				}
				rs = append(rs, b.Wait.MedianRatio)
			}
			ratio[k] = quantile(rs, 0.5)
		}
		r.Frame = resample.BootstrapFrame(r.bs)
		n := make([]int, len(names))
		for k := range n {
			n[k] = len(logs)
		}
		r.Summary = dataframe.New(
			series.New(names, series.String, "reading"),
			series.New(sums, series.String, "summary"),
			series.New(n, series.Int, "logs"),
			series.New(inside, series.Int, "inside_wait"),
			series.New(ratio, series.Float, "median_ratio_wait"),
		)
		return r, nil
	})
}

// Claims adds our result: with the default reading the original's average
// wait lies strictly inside the variants' range on every log; with each
// long-term user started in its own random week (of its cycle, or of its
// activity as §4 words it) it does not, on some log.
func (r *BootstrapReadingsResult) Claims(l *ledger.Ledger) {
	r.missing.claims(l, "Fig. 9", "readings")
	count := map[string][2]int{}
	for _, b := range r.bs {
		c := count[b.Reading.Name]
		c[1]++
		if b.Wait.Inside {
			c[0]++
		}
		count[b.Reading.Name] = c
	}
	if c, ok := count["default"]; ok {
		l.OwnClaim("Fig. 9", "readings/default/inside_every_log",
			"reading default (long-term users in one common week): the original's average wait strictly inside the variants' range on every log",
			c[0] == c[1], fmt.Sprintf("inside on %d of %d logs", c[0], c[1]))
	}
	for _, name := range []string{"cycle", "activity"} {
		if c, ok := count[name]; ok {
			l.OwnClaim("Fig. 9", "readings/"+name+"/outside_some_log",
				"reading "+name+" (each long-term user in its own week): the original's average wait outside the variants' range on some log",
				c[0] < c[1], fmt.Sprintf("inside on %d of %d logs", c[0], c[1]))
		}
	}
}

// BootstrapDiagnosticResult is the diagnostic of §6.1's explanation ("our
// resampling tends to distribute users and jobs somewhat more evenly"):
// the weekly offered load of each original and of its variants under the
// default reading and under each long-term user started in its own week
// (cycle).
type BootstrapDiagnosticResult struct {
	// Panels: per log, the weekly offered load of the original and of
	// the first variant of each reading.
	Panels []*plot.Plot
	// Frame has one row per log, source (original, default, cycle) and
	// user class (all, long_term, temporary, …): the columns of
	// resample.ProfileStatsFrame (log, class, periods, mean_load,
	// sd_load, cv_load, acf_1 … acf_4, mean_users, cv_users; means over
	// the variants), then source, sd_cv_load (the SD of cv_load over the
	// variants; 0 for the original) and variants.
	Frame dataframe.DataFrame
	// Daily is the same with daily periods, for the whole load ("all").
	Daily   dataframe.DataFrame
	rows    []diagRow
	missing missingLogs
}

type diagRow struct {
	log, source, class string
	stats              resample.ProfileStats
	sdCV               float64
	variants           int
}

// diagnosticVariants is the number of variants per reading in the
// diagnostic.
func (s *Study) diagnosticVariants() int { return s.o.Reps(20, 2) }

// The diagnostic's periods and autocorrelation lags.
const (
	profileWeek    = datasets.Week
	profileDay     = datasets.Day
	diagnosticLags = 4
)

// BootstrapDiagnostic computes the diagnostic.
func (s *Study) BootstrapDiagnostic(ctx context.Context) (*BootstrapDiagnosticResult, error) {
	return s.diagnostic.Get(func() (*BootstrapDiagnosticResult, error) {
		r := &BootstrapDiagnosticResult{}
		var daily []diagRow
		for _, log := range s.bootstrapLogs(readingLogs) {
			p, err := s.pools(log)
			if isMissing(err) {
				r.missing = append(r.missing, log)
				continue
			}
			if err != nil {
				return nil, err
			}
			var lines []plots.XY
			for _, source := range []string{"original", "default", "cycle"} {
				var profs []resample.LoadProfile
				var days []resample.LoadProfile
				if source == "original" {
					profs, days = []resample.LoadProfile{p.LoadProfile(profileWeek)}, []resample.LoadProfile{p.LoadProfile(profileDay)}
				} else {
					// Both readings resample the default pools (resample.Readings).
					rd, err := resample.ReadingByName(source)
					if err != nil {
						return nil, err
					}
					vs, err := p.Variants(rd.Generate, s.diagnosticVariants(), s.seed())
					if err != nil {
						return nil, fmt.Errorf("%s: %w", log, err)
					}
					for _, v := range vs {
						profs, days = append(profs, v.LoadProfile(profileWeek)), append(days, v.LoadProfile(profileDay))
					}
				}
				r.rows = append(r.rows, summariseProfiles(log, source, profs)...)
				for _, d := range summariseProfiles(log, source, days) {
					if d.class == "all" {
						daily = append(daily, d)
					}
				}
				lp := profs[0]
				x := make([]float64, lp.Periods())
				for k := range x {
					x[k] = float64(k)
				}
				lines = append(lines, plots.XY{Label: source, X: x, Y: lp.Load(0)})
			}
			pl, err := plots.Lines(lines, plots.LinesOptions{Axes: plots.Axes{Title: log + ": weekly offered load",
				XLabel: "week", YLabel: "work / capacity"}})
			if err != nil {
				return nil, fmt.Errorf("%s: %w", log, err)
			}
			r.Panels = append(r.Panels, pl)
		}
		r.Frame, r.Daily = diagFrame(r.rows), diagFrame(daily)
		return r, nil
	})
}

// summariseProfiles returns per class the mean over the profiles of each
// statistic, and the SD of the load's CV.
func summariseProfiles(log, source string, ps []resample.LoadProfile) []diagRow {
	byClass := map[string][]resample.ProfileStats{}
	var order []string
	for _, lp := range ps {
		for _, st := range lp.Stats(diagnosticLags) {
			if _, ok := byClass[st.Class]; !ok {
				order = append(order, st.Class)
			}
			byClass[st.Class] = append(byClass[st.Class], st)
		}
	}
	var out []diagRow
	for _, c := range order {
		ss := byClass[c]
		m := resample.ProfileStats{Log: log, Class: c, Load: resample.SeriesStats{ACF: make([]float64, diagnosticLags)}}
		var cvs []float64
		n := float64(len(ss))
		for _, st := range ss {
			m.Load.N = st.Load.N
			m.Load.Mean += st.Load.Mean / n
			m.Load.SD += st.Load.SD / n
			m.Load.CV += st.Load.CV / n
			m.Users.Mean += st.Users.Mean / n
			m.Users.CV += st.Users.CV / n
			for k := range m.Load.ACF {
				m.Load.ACF[k] += st.Load.ACF[k] / n
			}
			cvs = append(cvs, st.Load.CV)
		}
		sd := 0.0
		if len(cvs) > 1 {
			sd = resample.Describe(cvs, 0).SD
		}
		out = append(out, diagRow{log: log, source: source, class: c, stats: m, sdCV: sd, variants: len(ss)})
	}
	return out
}

// diagFrame is resample.ProfileStatsFrame of the rows' statistics, with
// the source, the SD of the load's CV over the variants and their number.
func diagFrame(rows []diagRow) dataframe.DataFrame {
	n := len(rows)
	ss := make([]resample.ProfileStats, n)
	src := make([]string, n)
	sd := make([]float64, n)
	vars := make([]int, n)
	for i, r := range rows {
		ss[i], src[i], sd[i], vars[i] = r.stats, r.source, r.sdCV, r.variants
	}
	return resample.ProfileStatsFrame(ss, diagnosticLags).CBind(dataframe.New(
		series.New(src, series.String, "source"),
		series.New(sd, series.Float, "sd_cv_load"),
		series.New(vars, series.Int, "variants"),
	))
}

// Claims adds our diagnostic, per log: the weekly offered load of the
// default variants varies more like the original's than that of the
// variants whose long-term users start each in its own week (cycle): its
// CV is the closer to the original's.
func (r *BootstrapDiagnosticResult) Claims(l *ledger.Ledger) {
	r.missing.claims(l, "Fig. 9", "diagnostic")
	cv := map[[2]string]float64{}
	var logs []string
	for _, x := range r.rows {
		if x.class != "all" {
			continue
		}
		if x.source == "original" {
			logs = append(logs, x.log)
		}
		cv[[2]string{x.log, x.source}] = x.stats.Load.CV
	}
	for _, log := range logs {
		o, d, c := cv[[2]string{log, "original"}], cv[[2]string{log, "default"}], cv[[2]string{log, "cycle"}]
		l.OwnClaim("Fig. 9", "diagnostic/"+log+"/load_cv_closer",
			log+": CV of the weekly offered load closer to the original's with the default reading than with the cycle reading",
			math.Abs(d-o) < math.Abs(c-o), fmt.Sprintf("original %.3f, default %.3f, cycle %.3f", o, d, c))
	}
}
