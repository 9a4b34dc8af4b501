package findings

import (
	"fmt"
	"math"
	"slices"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/confidence"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/feitelson2021"
	"github.com/tracelab/tracelab/sim/estimates"
)

// Feitelson, "Resampling with feedback: a new paradigm of using workload
// data for performance evaluation", Euro-Par 2021 (keynote).

func init() {
	register(
		Finding{ID: "estimates-flat", Paper: "feitelson2021", Section: "§3.2, Fig. 2",
			Title:     "estimates uninformative (flat)",
			Claim:     "Runtime estimates are inaccurate: apart from the shortest jobs, the fraction of the estimate a job uses is spread evenly (a flat histogram)",
			Statistic: fmt.Sprintf("largest over smallest of the 5%% bins of runtime / estimate from %d%% to 95%% (the very shortest left out: repro/feitelson2021's reading)", feitelson2021.ShortestBins*100/feitelson2021.Fig2Bins),
			Rule:      fmt.Sprintf("at most %g (repro/feitelson2021's \"flat\": ledger.LikeFactor; no interval: a shape)", feitelson2021.FlatFactor),
			Needs:     []string{"estimates"},
			measure:   estimatesFlat},
		Finding{ID: "estimates-killed-peak", Paper: "feitelson2021", Section: "§3.2, Fig. 2",
			Title:     "estimates: peak at 100%",
			Claim:     "Many jobs run to their estimate (killed when they exceed it): the 95–100% bin is the histogram's peak",
			Statistic: "the 95–100% bin (with the jobs that ran past their estimate) over the largest bin from 10% to 95%",
			Rule:      "above 1 (no interval: a shape)",
			Needs:     []string{"estimates"},
			measure:   estimatesPeak},
		Finding{ID: "estimates-overestimate", Paper: "feitelson2021", Section: "§3.2, Fig. 3",
			Title:     "estimates: large overestimates",
			Claim:     "Users over-estimate runtimes by a large amount: the median job's estimate is at least twice its runtime",
			Statistic: fmt.Sprintf("share of the jobs whose estimate is at least %d× their runtime (more than half ⇔ the median ratio is at least %d)", feitelson2021.LargeOverestimate, feitelson2021.LargeOverestimate),
			Rule:      "the share's 95% interval (bootstrap over users) lies above 1/2",
			Needs:     []string{"estimates"},
			measure:   estimatesOver},
		Finding{ID: "estimates-round", Paper: "feitelson2021", Section: "§3.2, Fig. 3",
			Title:     "estimates: round figures (modal)",
			Claim:     "Users choose round figures as estimates (30 minutes, 2 hours): the estimates are modal",
			Statistic: "share of the estimates that are whole multiples of 5 minutes",
			Rule:      "the share's 95% interval (bootstrap over users) lies above 1/2 (\"tend to use\": most)",
			Needs:     []string{"estimates"},
			measure:   estimatesRound},
		Finding{ID: "continuation-falls", Paper: "feitelson2021", Section: "§4.3, Fig. 18",
			Title:     "long responses end sessions",
			Claim:     "The longer a job's response time, the lower the probability that the user's session continues (next job within 20 minutes of its end)",
			Statistic: "probability of continuing after a response under 10 minutes minus after one of 4 hours or more",
			Rule:      "the difference's 95% interval (binomial, over the jobs) lies above 0",
			Needs:     []string{"user ids", "wait and runtime"},
			measure:   continuationFalls},
		Finding{ID: "weekly-cycle", Paper: "feitelson2021", Section: "§3.2",
			Title:     "fewer arrivals at weekends",
			Claim:     "Workloads have a weekly cycle: a weekend day gets fewer arrivals than a weekday",
			Statistic: "arrivals per weekend day over arrivals per weekday",
			Rule:      "the ratio's 95% interval (bootstrap over users) lies below 1",
			Needs:     []string{"a start time in the header", "a week of jobs"},
			measure:   weeklyCycle},
	)
}

// estimateHistogram returns Fig. 2's histogram of the log, or why there is
// none.
func estimateHistogram(l *Log) ([]float64, estimates.Accuracy, string) {
	if why := l.needEstimates(); why != "" {
		return nil, estimates.Accuracy{}, why
	}
	a := estimates.AccuracyOf(l.Trace)
	if len(a.Used) < minUnits {
		return nil, a, fmt.Sprintf("only %d jobs with an estimate and a runtime", len(a.Used))
	}
	return a.Histogram(feitelson2021.Fig2Bins), a, ""
}

func estimatesFlat(l *Log) outcome {
	h, a, why := estimateHistogram(l)
	if why != "" {
		return notApplicable("%s", why)
	}
	// "except the very shortest": the first ShortestBins bins, as the
	// paper's entries read it (fig2/*/flat); the flat range ends at 95%.
	from := feitelson2021.ShortestBins * 100 / feitelson2021.Fig2Bins
	flat := h[feitelson2021.ShortestBins : len(h)-1]
	lo, hi := slices.Min(flat), slices.Max(flat)
	f := hi / lo
	if lo == 0 {
		f = math.Inf(1)
	}
	holds := f <= feitelson2021.FlatFactor
	return judged(holds, f, math.NaN(), math.NaN(), fmt.Sprintf("bins from %d%% to 95%% hold %s to %s of the jobs: a factor %s, %s %g (%s jobs)",
		from, pct(lo), pct(hi), num(f), map[bool]string{true: "within", false: "beyond"}[holds], feitelson2021.FlatFactor, count(len(a.Used))))
}

func estimatesPeak(l *Log) outcome {
	h, a, why := estimateHistogram(l)
	if why != "" {
		return notApplicable("%s", why)
	}
	peak, mid := h[len(h)-1], slices.Max(h[2:len(h)-1])
	r := peak / mid
	return judged(r > 1, r, math.NaN(), math.NaN(), fmt.Sprintf("95–100%%: %s of the jobs (%s ran past their estimate); largest bin from 10%% to 95%%: %s",
		pct(peak), pct(float64(a.Over)/float64(len(a.Used))), pct(mid)))
}

// estimatePairs returns the jobs of Fig. 3 (runtime known, estimate known
// and positive: estimates.Pairs) grouped in units by part.
func estimatePairs(l *Log, part func(est, run float64) (float64, bool)) ratioOfSums {
	t := l.Trace
	return sumsOf(l, func(i int) (float64, float64, bool) {
		run, est := t.Runtime[i], t.ReqTime[i]
		if !(run >= 0 && est > 0) {
			return 0, 0, false
		}
		n, ok := part(est, run)
		return n, 1, ok
	})
}

func estimatesOver(l *Log) outcome {
	if why := l.needEstimates(); why != "" {
		return notApplicable("%s", why)
	}
	var ratios []float64
	r := estimatePairs(l, func(est, run float64) (float64, bool) {
		if run <= 0 {
			return 0, false
		}
		ratios = append(ratios, est/run)
		if est >= feitelson2021.LargeOverestimate*run {
			return 1, true
		}
		return 0, true
	})
	if r.jobs < minUnits || len(r.num) < 2 {
		return notApplicable("only %d jobs with an estimate and a positive runtime", r.jobs)
	}
	o := beyond(fmt.Sprintf("share of jobs estimated at %d× their runtime or more", feitelson2021.LargeOverestimate), r.interval(l, "estimates-overestimate"), above, 0.5)
	o.reason += fmt.Sprintf(" (median estimate / runtime %s; %s jobs; interval over %s)", num(median(ratios)), count(r.jobs), r.units())
	return o
}

func estimatesRound(l *Log) outcome {
	if why := l.needEstimates(); why != "" {
		return notApplicable("%s", why)
	}
	r := estimatePairs(l, func(est, _ float64) (float64, bool) {
		if math.Mod(est, feitelson2021.RoundEstimate) == 0 {
			return 1, true
		}
		return 0, true
	})
	if r.jobs < minUnits || len(r.num) < 2 {
		return notApplicable("only %d jobs with an estimate and a runtime", r.jobs)
	}
	o := beyond("share of estimates in whole 5 minutes", r.interval(l, "estimates-round"), above, 0.5)
	var modes []string
	for _, m := range estimates.TopModes(l.Trace, 3) {
		modes = append(modes, fmt.Sprintf("%s (%s)", duration(m.Seconds), pct(m.Fraction)))
	}
	o.reason += fmt.Sprintf(" (most frequent: %s; interval over %s)", join(modes), r.units())
	return o
}

// duration formats seconds as hours and minutes.
func duration(s float64) string {
	switch {
	case s >= 3600 && math.Mod(s, 3600) == 0:
		return fmt.Sprintf("%.0f h", s/3600)
	case s >= 60 && math.Mod(s, 60) == 0:
		return fmt.Sprintf("%.0f min", s/60)
	}
	return fmt.Sprintf("%s s", num(s))
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}

// continuationEdges bin the response times: under 10 minutes, 10 minutes to
// 4 hours, 4 hours or more.
var continuationEdges = []float64{0, 600, 4 * 3600, math.Inf(1)}

func continuationFalls(l *Log) outcome {
	if why := l.needUsers(); why != "" {
		return notApplicable("%s", why)
	}
	c, err := session.ContinuationOf(l.Trace, session.ContinuationOptions{ResponseEdges: continuationEdges})
	if err != nil {
		return lacking(err, "continuation")
	}
	short, long := c.Response[0], c.Response[2]
	if short.Jobs < minUnits || long.Jobs < minUnits {
		return notApplicable("only %d jobs with a response under 10 minutes and %d of 4 hours or more followed by a job of their user "+
			"(of %s pairs of a job and the user's next, %s lack a wait or runtime and %s overlap)", short.Jobs, long.Jobs,
			count(c.Pairs), count(c.Unknown), count(c.Overlapping))
	}
	p1, p2 := short.Probability, long.Probability
	d := p1 - p2
	se := math.Hypot(confidence.ShareSE(p1, short.Jobs), confidence.ShareSE(p2, long.Jobs))
	ci := confidence.Interval{Mean: d, Lo: d - 1.96*se, Hi: d + 1.96*se, Level: level, N: short.Jobs + long.Jobs}
	o := beyond("continuation probability, short minus long responses,", ci, above, 0)
	o.reason += fmt.Sprintf(" (%s of %s jobs under 10 minutes continue, %s of %s of 4 hours or more)", pct(p1), count(short.Jobs), pct(p2), count(long.Jobs))
	return o
}

func weeklyCycle(l *Log) outcome {
	if why := l.needClock(); why != "" {
		return notApplicable("%s", why)
	}
	if s := l.span(); s < datasets.Week {
		return notApplicable("shorter than a week (%s)", weeks(s))
	}
	t := l.Trace
	clock := datasets.NewClock(t) // once: the zone is loaded from its file
	// Per job: weekend arrivals count 1/2 a weekend day, weekday ones 1/5
	// of a weekday: the ratio of sums is arrivals per weekend day over
	// arrivals per weekday.
	r := sumsOf(l, func(i int) (float64, float64, bool) {
		if math.IsNaN(t.Submit[i]) {
			return 0, 0, false
		}
		if clock.DayOfWeek(t.Submit[i]) >= 5 {
			return 0.5, 0, true
		}
		return 0, 0.2, true
	})
	if r.jobs < minUnits || len(r.num) < 2 {
		return notApplicable("only %d jobs", r.jobs)
	}
	o := beyond("arrivals per weekend day over arrivals per weekday", r.interval(l, "weekly-cycle"), below, 1)
	o.reason += fmt.Sprintf(" (%s jobs; interval over %s)", count(r.jobs), r.units())
	return o
}
