package findings

import (
	"fmt"
	"math"
	"slices"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/confidence"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/feitelson2007"
	"github.com/tracelab/tracelab/repro/ledger"
)

// Feitelson, "Locality of sampling and diversity in parallel system
// workloads", ICS 2007.

func init() {
	for _, a := range []struct {
		attr    datasets.Attribute
		name    string
		section string
	}{
		{datasets.Runtime, "runtime", "§3.2, Tables 2–3, Fig. 7"},
		{datasets.Procs, "processors", "§2–3, Fig. 2"},
	} {
		register(Finding{ID: "locality-of-sampling-" + string(a.attr), Paper: "feitelson2007", Section: a.section,
			Title:     "locality of sampling: " + a.name,
			Claim:     "Over slices of 3 days the " + a.name + " of the jobs is concentrated far beyond random sampling from the log's distribution: M'_med is above the global M'_g",
			Statistic: "M_med = M'_med − M'_g (3-day slices, 24 ranges; M'_g the median of the random samplings)",
			Rule:      "M'_med exceeds 95% of the random samplings' M'_med: the interval (M'_med minus their 2.5–97.5% range) lies above 0",
			Needs:     []string{"a slice of 3 days with 120 jobs or more", "more than one value"},
			measure:   samplingLocality(a.attr)})
	}
	register(
		Finding{ID: "autocorrelation-runtime", Paper: "feitelson2007", Section: "§2, Fig. 1",
			Title:     "runtimes autocorrelated",
			Claim:     "Successive jobs' runtimes are correlated (the correlation is lost when the jobs are scrambled)",
			Statistic: "autocorrelation of the runtimes at lag 1 (jobs in submit order)",
			Rule:      "its 95% interval (±1.96/√n, the scrambled sequence's band) lies above 0",
			Needs:     []string{"runtimes"},
			measure:   runtimeAutocorrelation},
		Finding{ID: "repeated-runs", Paper: "feitelson2007", Section: "§4, Fig. 9",
			Title:     "runs of repeated jobs",
			Claim:     "Users repeat jobs (same application and size): most runs are single jobs, but some runs are very long",
			Statistic: "longest run of equivalent jobs (same user, application and processors)",
			Rule:      fmt.Sprintf("at least %d jobs, with at least half of the runs single jobs (repro/feitelson2007's reading)", feitelson2007.VeryLongRun),
			Needs:     []string{"user ids", "application numbers"},
			measure:   repeatedRuns},
	)
}

// samplingReps is the number of random samplings of the locality of
// sampling (the paper: 1000); quickSamplingReps in quick mode.
const samplingReps, quickSamplingReps = 199, 39

func samplingLocality(a datasets.Attribute) func(l *Log) outcome {
	id := "locality-of-sampling-" + string(a)
	return func(l *Log) outcome {
		obs, err := l.Observations(a)
		if err != nil {
			return lacking(err, string(a))
		}
		r, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{Reps: l.opts.reps(samplingReps, quickSamplingReps),
			Seed: l.seed(id), Workers: 1})
		if err != nil {
			return lacking(err, "locality of sampling")
		}
		rs := sorted(r.RandomMed)
		q := func(p float64) float64 { return rs[min(len(rs)-1, int(math.Floor(p*float64(len(rs)))))] }
		ci := confidence.Interval{Mean: r.LocalityMed, Lo: r.MMed - q(0.975), Hi: r.MMed - q(0.025), Level: level, N: len(rs)}
		o := beyond("M_med", ci, above, 0)
		beyondAll := r.MMed > rs[len(rs)-1] && r.MMax > slices.Max(r.RandomMax)
		o.reason += fmt.Sprintf(" (M'_med %s against random %s–%s; M'_max %s against %s–%s%s; %d usable slices)",
			num(r.MMed), num(rs[0]), num(rs[len(rs)-1]), num(r.MMax), num(slices.Min(r.RandomMax)), num(slices.Max(r.RandomMax)),
			map[bool]string{true: ": both beyond every random sampling", false: ""}[beyondAll], r.Usable)
		return o
	}
}

func runtimeAutocorrelation(l *Log) outcome {
	obs, err := l.Observations(datasets.Runtime)
	if err != nil {
		return lacking(err, "runtimes")
	}
	n := len(obs.Value)
	if n < minUnits {
		return notApplicable("only %d jobs with a runtime", n)
	}
	acf, err := locality.Autocorrelation(obs.Value, 1)
	if err != nil {
		return lacking(err, "autocorrelation")
	}
	r := acf[1]
	if math.IsNaN(r) {
		return notApplicable("runtimes are constant")
	}
	h := 1.96 / math.Sqrt(float64(n))
	o := beyond("lag-1 autocorrelation of runtimes", confidence.Interval{Mean: r, Lo: r - h, Hi: r + h, Level: level, N: n}, above, 0)
	o.reason += fmt.Sprintf(" (%s jobs)", count(n))
	return o
}

func repeatedRuns(l *Log) outcome {
	if why := l.needUsers(); why != "" {
		return notApplicable("%s", why)
	}
	apps := false
	for _, a := range l.Trace.App {
		if a >= 0 {
			apps = true
			break
		}
	}
	if !apps {
		return notApplicable("no application numbers (every job's application is unknown)")
	}
	rr, err := locality.RunLengths(l.Trace, locality.RunOptions{})
	if err != nil {
		return lacking(err, "runs (application numbers)")
	}
	if len(rr.Lengths) < minUnits {
		return notApplicable("only %d runs", len(rr.Lengths))
	}
	ones := 0
	for _, n := range rr.Lengths {
		if n == 1 {
			ones++
		}
	}
	longest := slices.Max(rr.Lengths)
	single := float64(ones) / float64(len(rr.Lengths))
	// "Most runs are single": a direction, more than half beyond twice the
	// binomial standard error at one half over the runs (ledger.Most).
	most := ledger.Most("most", len(rr.Lengths), true)
	holds := longest >= feitelson2007.VeryLongRun && most.Accepts(single)
	return judged(holds, float64(longest), math.NaN(), math.NaN(), fmt.Sprintf("longest run %s jobs (%s %d); %s of the %s runs are single jobs (%s %s); log-log slope %s (the paper's line −2.5)",
		count(longest), map[bool]string{true: "at least", false: "below"}[longest >= feitelson2007.VeryLongRun], feitelson2007.VeryLongRun,
		pct(single), count(len(rr.Lengths)), map[bool]string{true: "beyond", false: "not beyond"}[most.Accepts(single)], most.Value(), num(rr.Slope)))
}
