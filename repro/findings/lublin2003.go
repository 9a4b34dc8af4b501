package findings

import (
	"errors"
	"fmt"
	"math"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/confidence"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/lublin"
)

// Lublin and Feitelson, "The workload on parallel supercomputers: modeling
// the characteristics of rigid jobs", JPDC 2003. Like the paper, every
// finding looks at the completed jobs (the log's status; all jobs when the
// log records none): lublin.SelectJobs.

func init() {
	register(
		Finding{ID: "sizes-powers-of-two", Paper: "lublin2003", Section: "§4.1, Table 1",
			Title:     "job sizes: powers of two dominate",
			Claim:     "The sizes of parallel jobs are dominated by powers of two, even on machines without an architectural preference for them",
			Statistic: "share of the parallel jobs (more than one processor) whose size is a power of two (p2)",
			Rule:      "the share's 95% interval (bootstrap over users; over jobs without user ids) lies above 1/2",
			Needs:     []string{"job sizes", "10 parallel jobs"},
			measure:   powersOfTwo},
		Finding{ID: "serial-share", Paper: "lublin2003", Section: "§4.2, Table 1",
			Title:     "a fifth of the jobs serial",
			Claim:     "A high fraction of the jobs is serial",
			Statistic: "share of the jobs that use one processor (p1)",
			Rule:      "the share's 95% interval (bootstrap over users) lies above 0.2 (the smallest of the paper's logs, 0.21, rounded down; the model takes 0.24)",
			Needs:     []string{"job sizes"},
			measure:   serialShare},
		Finding{ID: "sizes-two-stage-uniform", Paper: "lublin2003", Section: "§4.3, Table 1",
			Title:     "log sizes: two-stage uniform fits",
			Claim:     "A two-stage uniform distribution fits the log2 sizes of parallel jobs at least as well as a Gamma distribution",
			Statistic: "KS distance D_n of the two-stage uniform minus that of the Gamma (both of the model's discrete sizes)",
			Rule:      "at most 0 (no interval: both fits are of the same jobs)",
			Needs:     []string{"job sizes", "10 parallel jobs", "a machine size in the header"},
			measure:   twoStageSizes},
		Finding{ID: "runtime-hyper-gamma", Paper: "lublin2003", Section: "§5.1, Table 2",
			Title:     "log runtimes: hyper-Gamma fits",
			Claim:     "A hyper-Gamma distribution (fitted by EM) passes the KS test for the log of runtimes on a random subsample of 1000 jobs",
			Statistic: "KS distance D_n of the fitted hyper-Gamma on a random subsample of 1000 jobs (ln runtime)",
			Rule:      "the KS test does not reject the fit at 5% (p ≥ 0.05)",
			Needs:     []string{"runtimes", "a machine size"},
			measure:   hyperGammaRuntimes},
		Finding{ID: "runtime-grows-with-size", Paper: "lublin2003", Section: "§6.1, Fig. 4",
			Title:     "larger jobs run longer",
			Claim:     "Runtime is positively correlated with the number of processors",
			Statistic: "Pearson correlation between processors and runtime",
			Rule:      "the correlation's 95% interval (bootstrap over users) lies above 0",
			Needs:     []string{"job sizes", "runtimes"},
			measure:   sizeRuntimeCorrelation},
		Finding{ID: "p-falls-with-size", Paper: "lublin2003", Section: "§6.3, Table 5",
			Title:     "short runtimes rarer for large jobs",
			Claim:     "The weight p of the hyper-Gamma's lower (short-runtime) Gamma falls linearly with job size (a < 0 in p = a·size + b)",
			Statistic: "slope a of p = a·size + b, per processor",
			Rule:      "below 0 (no interval: the fit of the paper's eight size groups)",
			Needs:     []string{"job sizes", "runtimes", "a machine size"},
			measure:   pSlope},
		Finding{ID: "daily-cycle", Paper: "lublin2003", Section: "§7.2, Fig. 8",
			Title:     "arrivals follow a daily cycle",
			Claim:     "Jobs arrive mostly during working hours: the peak window (Monday to Friday, 8:00–19:00) gets more arrivals than its share of the week",
			Statistic: "share of the arrivals in the peak window over its share of the week's hours (55/168)",
			Rule:      "the ratio's 95% interval (bootstrap over users) lies above 1",
			Needs:     []string{"a start time in the header"},
			measure:   dailyCycle},
	)
}

// modelJobs returns the rows of the jobs the paper's model describes
// (completed jobs) and why there are none.
func modelJobs(l *Log) ([]int, string) {
	rows, _, err := lublin.SelectJobs(l.Trace, lublin.FitOptions{})
	if err != nil {
		return nil, err.Error()
	}
	if len(rows) == 0 {
		return nil, "no completed job"
	}
	return rows, ""
}

// inRows returns a predicate of membership in rows.
func inRows(n int, rows []int) []bool {
	in := make([]bool, n)
	for _, i := range rows {
		in[i] = true
	}
	return in
}

func powersOfTwo(l *Log) outcome {
	rows, why := modelJobs(l)
	if why != "" {
		return notApplicable("%s", why)
	}
	t, in := l.Trace, inRows(l.Trace.Len(), rows)
	r := sumsOf(l, func(i int) (float64, float64, bool) {
		p := t.Procs[i]
		if !in[i] || p <= 1 {
			return 0, 0, false
		}
		if lublin.IsPowerOfTwo(p) {
			return 1, 1, true
		}
		return 0, 1, true
	})
	if r.jobs < minUnits || len(r.num) < 2 {
		return notApplicable("only %d parallel jobs", r.jobs)
	}
	o := beyond("share of parallel jobs of a power-of-two size", r.interval(l, "sizes-powers-of-two"), above, 0.5)
	o.reason += fmt.Sprintf(" (%s parallel jobs; interval over %s)", count(r.jobs), r.units())
	return o
}

func serialShare(l *Log) outcome {
	rows, why := modelJobs(l)
	if why != "" {
		return notApplicable("%s", why)
	}
	t, in := l.Trace, inRows(l.Trace.Len(), rows)
	r := sumsOf(l, func(i int) (float64, float64, bool) {
		p := t.Procs[i]
		switch {
		case !in[i] || p < 1:
			return 0, 0, false
		case p == 1:
			return 1, 1, true
		}
		return 0, 1, true
	})
	if r.jobs < minUnits || len(r.num) < 2 {
		return notApplicable("only %d jobs of known size", r.jobs)
	}
	o := beyond("share of serial jobs", r.interval(l, "serial-share"), above, 0.2)
	o.reason += fmt.Sprintf(" (%s jobs; interval over %s)", count(r.jobs), r.units())
	return o
}

// fitted returns the fitted model, or the outcome when the log has none:
// not applicable without the machine size the size model needs
// (needMachine) or when FitLog fails before the fit the finding reads
// (part: its error names the fit that failed, "sizes" or "runtimes").
func (l *Log) fitted(needMachine bool, part string) (lublin.LogFit, *outcome) {
	if needMachine {
		if why := l.needMachine(); why != "" {
			o := notApplicable("%s", why)
			return lublin.LogFit{}, &o
		}
	}
	f, err := l.Model()
	if err == nil || (part == "sizes" && f.Size.TwoStageKS.N > 0) {
		return f, nil
	}
	o := notApplicable("the Lublin–Feitelson model cannot be fitted: %v", err)
	return f, &o
}

func twoStageSizes(l *Log) outcome {
	f, o := l.fitted(true, "sizes")
	if o != nil {
		return *o
	}
	s := f.Size
	d := s.TwoStageKS.D - s.GammaKS.D
	return judged(d <= 0, d, math.NaN(), math.NaN(), fmt.Sprintf("D_n two-stage uniform %s, Gamma %s: the two-stage uniform fits %s (%s parallel jobs)",
		num(s.TwoStageKS.D), num(s.GammaKS.D), map[bool]string{true: "at least as well", false: "worse"}[d <= 0], count(s.Parallel)))
}

func hyperGammaRuntimes(l *Log) outcome {
	f, err := l.Model()
	if errors.Is(err, fit.ErrCollapsed) {
		// EM from the middle minimum ends with one Gamma holding almost
		// nothing: the log of runtimes is not a mixture of two Gammas.
		return judged(false, math.NaN(), math.NaN(), math.NaN(), "no hyper-Gamma: "+err.Error())
	}
	if err != nil {
		return notApplicable("the Lublin–Feitelson model cannot be fitted: %v", err)
	}
	ks := f.Runtime.KSSub
	holds := ks.P >= 0.05
	return judged(holds, ks.D, math.NaN(), math.NaN(), fmt.Sprintf("D_n %s on %d random jobs, p = %s: %s at 5%% (on all %s jobs D_n %s, p = %s)",
		num(ks.D), ks.N, num(ks.P), map[bool]string{true: "not rejected", false: "rejected"}[holds], count(f.Runtime.N), num(f.Runtime.KS.D), num(f.Runtime.KS.P)))
}

func sizeRuntimeCorrelation(l *Log) outcome {
	rows, why := modelJobs(l)
	if why != "" {
		return notApplicable("%s", why)
	}
	t, in := l.Trace, inRows(l.Trace.Len(), rows)
	// Per unit the sums of x, y, x², y², xy and the count, so that any
	// resample of units gives Pearson's r from sums.
	type sums struct{ n, x, y, xx, yy, xy float64 }
	var us []sums
	unit := map[int]int{}
	byUser := t.HasUsers()
	jobs := 0
	for i := range t.JobID {
		p, r := t.Procs[i], t.Runtime[i]
		if !in[i] || p < 1 || math.IsNaN(r) {
			continue
		}
		key := i
		if byUser {
			key = t.User[i]
		}
		k, ok := unit[key]
		if !ok {
			k = len(us)
			unit[key] = k
			us = append(us, sums{})
		}
		x := float64(p)
		s := &us[k]
		s.n, s.x, s.y, s.xx, s.yy, s.xy = s.n+1, s.x+x, s.y+r, s.xx+x*x, s.yy+r*r, s.xy+x*r
		jobs++
	}
	if jobs < minUnits || len(us) < 2 {
		return notApplicable("only %d jobs of known size and runtime", jobs)
	}
	pearson := func(idx []int) float64 {
		var a sums
		for _, k := range idx {
			s := us[k]
			a.n, a.x, a.y, a.xx, a.yy, a.xy = a.n+s.n, a.x+s.x, a.y+s.y, a.xx+s.xx, a.yy+s.yy, a.xy+s.xy
		}
		cov := a.xy - a.x*a.y/a.n
		vx, vy := a.xx-a.x*a.x/a.n, a.yy-a.y*a.y/a.n
		return cov / math.Sqrt(vx*vy)
	}
	ci := confidence.Bootstrap{Resamples: l.resamples(), Seed: l.seed("runtime-grows-with-size")}.Statistic(len(us), pearson, level)
	if math.IsNaN(ci.Mean) {
		return notApplicable("sizes or runtimes are constant")
	}
	o := beyond("correlation of processors and runtime", ci, above, 0)
	units := "users"
	if !byUser {
		units = "jobs (no user ids)"
	}
	o.reason += fmt.Sprintf(" (%s jobs; interval over %s; the paper's logs 0.02–0.40)", count(jobs), units)
	return o
}

func pSlope(l *Log) outcome {
	f, o := l.fitted(false, "runtimes")
	if o != nil {
		return *o
	}
	pl := f.PLine
	if len(pl.Groups) < 2 || math.IsNaN(pl.Slope) {
		return notApplicable("fewer than two size groups to fit p against size")
	}
	return judged(pl.Slope < 0, pl.Slope, math.NaN(), math.NaN(), fmt.Sprintf("a = %s per processor, b = %s over %d size groups: p %s with size",
		num(pl.Slope), num(pl.Intercept), len(pl.Groups), map[bool]string{true: "falls", false: "does not fall"}[pl.Slope < 0]))
}

// peakShare is the share of the week's hours in the peak window (5 days of
// 11 hours).
const peakShare = 55.0 / 168

func dailyCycle(l *Log) outcome {
	if why := l.needClock(); why != "" {
		return notApplicable("%s", why)
	}
	t := l.Trace
	clock := datasets.NewClock(t)
	var opts lublin.FitOptions
	r := sumsOf(l, func(i int) (float64, float64, bool) {
		s := t.Submit[i]
		if math.IsNaN(s) {
			return 0, 0, false
		}
		if opts.InPeak(clock.Time(s)) {
			return 1 / peakShare, 1, true
		}
		return 0, 1, true
	})
	if r.jobs < minUnits || len(r.num) < 2 {
		return notApplicable("only %d jobs", r.jobs)
	}
	if s := l.span(); s < datasets.Week {
		return notApplicable("shorter than a week (%s)", weeks(s))
	}
	o := beyond("arrivals in the peak window over its share of the week", r.interval(l, "daily-cycle"), above, 1)
	o.reason += fmt.Sprintf(" (%s of the arrivals in 32.7%% of the hours; interval over %s)", pct(peakShare*ratioValue(r)), r.units())
	return o
}

// ratioValue is Σnum/Σden over every unit.
func ratioValue(r ratioOfSums) float64 {
	var a, b float64
	for k := range r.num {
		a, b = a+r.num[k], b+r.den[k]
	}
	return a / b
}
