package zakay2013

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
)

// timeMetrics are the marginals of Fig. 4 that place users in time; a
// difference in them is attributed to the long-term users or to the others
// (attribution).
var timeMetrics = []users.Metric{users.FirstArrival, users.LastDeparture, users.ActivityPeriod}

// timeSplit is one log's time-position values (timeMetrics, as in
// users.MarginalsOf, seconds) per user, split into its long-term users and
// the others; and its users of the class users.Discarded, counted by the
// edge zone they were first seen in, and its weekly rate of new temporary
// users (not discarded) over the log.
type timeSplit struct {
	lt, other [3][]float64
	// disc holds the values of the discarded users, who are among the
	// others (other holds them too), kept apart to measure what they
	// contribute to a gap (timeSplit.discardedNote).
	disc [3][]float64
	// discarded is the number of users of the class users.Discarded:
	// discardedEnd of them first seen within the population's Edge of its
	// last submission, the others within the Edge of its first.
	discarded, discardedEnd int
	// edgeWeeks is the population's Edge in weeks; temporaryRate its
	// temporary users (not discarded) per week of the log
	// (users.Population.TemporaryArrivalsPerWeek).
	edgeWeeks, temporaryRate float64
}

// splitTimes splits a log's users (p) by longTerm(k).
func splitTimes(p users.Population, longTerm func(k int) bool) timeSplit {
	s := timeSplit{edgeWeeks: p.Options.Edge / datasets.Week, temporaryRate: p.TemporaryArrivalsPerWeek()}
	for k := range p.ID {
		v := [3]float64{p.FirstArrival[k] - p.LogStart, p.LastDeparture[k] - p.LogStart, p.Span[k]}
		if p.Class[k] == users.Discarded {
			s.discarded++
			if p.FirstArrival[k] > p.LogStart+p.Options.Edge {
				s.discardedEnd++
			}
			for m := range v {
				s.disc[m] = append(s.disc[m], v[m])
			}
		}
		to := &s.other
		if longTerm(k) {
			to = &s.lt
		}
		for m := range v {
			to[m] = append(to[m], v[m])
		}
	}
	return s
}

// logTimes splits a log's users into its long-term users and the others.
// Given the population of the log's resampling pools (resample.Pools'
// Population, §4's discard rule as the pools apply it), its discarded
// users are those no variant can contain.
func logTimes(p users.Population) timeSplit {
	return splitTimes(p, func(k int) bool { return p.Class[k] == users.LongTerm })
}

// variantTimes splits a resampled log's users (population p) into its
// long-term instances and the others (resample.Instance.Kind; the user ids
// are instance ids).
func variantTimes(p users.Population, inst []resample.Instance) timeSplit {
	return splitTimes(p, func(k int) bool {
		id := p.ID[k]
		return id >= 1 && id <= len(inst) && inst[id-1].Kind == resample.LongTerm
	})
}

// attribution says which users a difference in a time-position marginal
// between a log and its variants comes from. ltSwapped is the mean KS
// distance to the log of the variants with their long-term users replaced
// by the log's own (what their other users alone make of it), otherSwapped
// that with their other users replaced by the log's (what their long-term
// users alone make of it), each with its bound: the entry's own bound of
// "very similar" (similarKS: the resampling's null, nullKS, set by
// bounded) where measured, else the former bound, VerySimilarLimit of the
// swapped logs' mean 5% critical distance (quick mode).
type attribution struct {
	ltSwapped, otherSwapped [3]float64
	ltBound, otherBound     [3]float64
	orig                    timeSplit
	pooled                  timeSplit // the variants' values, all variants together
	// part is the part of an extended log the variants are (Fig. 10; 0
	// for whole variants); period the number of weeks after which most
	// long-term instances repeat, periodUsers how many do (mean over the
	// runs) of users, and span the log's span in weeks.
	part               int
	period             int
	periodUsers, users float64
	span               float64
	// wrapped is the share of the variants' long-term instances with
	// stream weeks in the variant (or part) whose weeks there come from
	// two or more cycles of their stream (wrapShare); NaN where not
	// measured.
	wrapped float64
}

// attribute compares the log (orig) with its variants.
func attribute(orig timeSplit, vars []timeSplit) attribution {
	a := attribution{orig: orig, wrapped: math.NaN()}
	n := float64(len(vars))
	for m := range timeMetrics {
		all := slices.Concat(orig.lt[m], orig.other[m])
		lt, ot := 0.0, 0.0
		for _, v := range vars {
			x, y := slices.Concat(orig.lt[m], v.other[m]), slices.Concat(v.lt[m], orig.other[m])
			a.ltSwapped[m] += fit.KSTwoSample(all, x) / n
			a.otherSwapped[m] += fit.KSTwoSample(all, y) / n
			lt += fit.KSTwoSampleCritical(len(all), len(x)) / n
			ot += fit.KSTwoSampleCritical(len(all), len(y)) / n
			a.pooled.lt[m] = append(a.pooled.lt[m], v.lt[m]...)
			a.pooled.other[m] = append(a.pooled.other[m], v.other[m]...)
		}
		a.ltBound[m], a.otherBound[m] = VerySimilarLimit(lt), VerySimilarLimit(ot)
	}
	return a
}

// bounded returns a with both swaps' bounds of each time metric set to
// the bound k judges that marginal's entry by (marginalKS.limit) where k's
// null is measured: a swap brings the distance "within its bound" by the
// one rule of "very similar". Without a null, a keeps the former bound.
func (a attribution) bounded(k marginalKS) attribution {
	if k.null == nil {
		return a
	}
	for m, tm := range timeMetrics {
		b := k.limit(slices.Index(users.Metrics, tm))
		a.ltBound[m], a.otherBound[m] = b, b
	}
	return a
}

// wrapShare returns the share of the long-term instances (of pools p)
// with stream weeks in the weeks from to to of their log whose weeks there
// come from two or more cycles of their stream: started after their
// stream's first week and regenerated (§4) before to, such a user's first
// and last jobs there come from different cycles, so its period of
// activity runs across the regeneration. A cycle's weeks run from its
// first to its last job's week (idle weeks inside it counted). It is NaN
// without long-term instances there.
func wrapShare(p *resample.Pools, inst []resample.Instance, from, to int) float64 {
	n, wrapped := 0, 0
	for _, in := range inst {
		if in.Kind != resample.LongTerm || in.Stream >= len(p.LongTerm) {
			continue
		}
		st := p.LongTerm[in.Stream]
		cycles := 0
		for k := 0; ; k++ {
			lo := st.FirstWeek
			if k == 0 {
				lo = max(in.Phase, st.FirstWeek)
			}
			lo += in.Shift + k*in.Period
			hi := st.LastWeek + in.Shift + k*in.Period
			if lo > to {
				break
			}
			if lo <= hi && hi >= from {
				cycles++
			}
			if in.Period <= 0 {
				break
			}
		}
		if cycles > 0 {
			n++
		}
		if cycles > 1 {
			wrapped++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return float64(wrapped) / float64(n)
}

// withWraps records the mean wrapShare of runs (each variant's or extended
// log's instances) over the weeks from to to.
func (a *attribution) withWraps(p *resample.Pools, runs [][]resample.Instance, from, to int) {
	a.wrapped = 0
	for _, inst := range runs {
		a.wrapped += wrapShare(p, inst, from, to) / float64(len(runs))
	}
}

// withPeriods records, for part q of the extended logs of Fig. 10 (runs
// holds each extended log's instances), the weeks after which most
// long-term instances repeat, against the log's span (weeks).
func (a *attribution) withPeriods(q int, runs [][]resample.Instance, span float64) {
	a.part, a.span = q, span
	count := map[int]int{}
	for _, inst := range runs {
		for _, in := range inst {
			if in.Kind == resample.LongTerm {
				a.users += 1 / float64(len(runs))
				count[in.Period]++
			}
		}
	}
	for p, c := range count {
		if c > count[a.period] || c == count[a.period] && p < a.period {
			a.period = p
		}
	}
	a.periodUsers = float64(count[a.period]) / float64(len(runs))
}

// swaps says what the two swaps measured for time metric m.
func (a attribution) swaps(m int) string {
	return fmt.Sprintf("with the variants' long-term users replaced by the log's own (their other users kept) the mean distance is %.3f "+
		"(bound %.3f); with their other users replaced by the log's instead, %.3f (bound %.3f)", a.ltSwapped[m], a.ltBound[m], a.otherSwapped[m], a.otherBound[m])
}

// reason gives, for a differing entry of time metric m, what the swaps
// measured and, for the part whose replacement leaves the smaller distance
// when that is within its bound, where that part differs most; ""
// when neither replacement brings the distance within. It says which
// users carry a difference, not which convention or input moves it (a
// swap puts the log's own users in place of part of a variant's), so it
// is a result of ours (attributed), never a claim's reason.
func (a attribution) reason(m int) string {
	lt, ot := a.ltSwapped[m], a.otherSwapped[m]
	inLT, inOther := lt <= a.ltBound[m], ot <= a.otherBound[m]
	if !inLT && !inOther {
		return ""
	}
	s := a.swaps(m) + ": "
	most := ""
	if inLT && inOther {
		most = " most of"
	}
	if inLT && (!inOther || lt <= ot) {
		return s + "the long-term users account for" + most + " it: " + widestGap(a.orig.lt[m], a.pooled.lt[m], m, "long-term users") +
			a.longTermCause(m)
	}
	return s + "the other users account for" + most + " it: " + widestGap(a.orig.other[m], a.pooled.other[m], m, "other users") +
		a.orig.discardedNote(m, a.pooled.other[m])
}

// discardedNote says which of a log's other users no variant has: those
// its pools discard (§4), at its start and at its end, and the log's share
// of other users at the widest gap of time metric m (widestGap, against
// the variants' other users, pooled) without them, which measures what
// they contribute to the gap. It words them as a cause (against the rate
// at which the variants' temporary users arrive) only when removing them
// moves the log's share toward the variants'; otherwise it says they do
// not widen the gap.
func (s timeSplit) discardedNote(m int, pooled []float64) string {
	if s.discarded == 0 {
		return fmt.Sprintf("; none of the log's other users is discarded by §4's %.0f-week rule as the pools apply it", s.edgeWeeks)
	}
	at := gapAt(s.other[m], pooled)
	with, variants := shareAt(s.other[m], at), shareAt(pooled, at)
	kept := len(s.other[m]) - len(s.disc[m])
	who := fmt.Sprintf("; the log's other users include %d discarded by §4's %.0f-week rule as the pools apply it, which no variant has "+
		"(%d first seen in the log's first %.0f weeks, %d in its last %.0f", s.discarded, s.edgeWeeks,
		s.discarded-s.discardedEnd, s.edgeWeeks, s.discardedEnd, s.edgeWeeks)
	if kept <= 0 {
		return who + "), and no other user of the log is kept"
	}
	without := 100 * float64(countAt(s.other[m], at)-countAt(s.disc[m], at)) / float64(kept)
	if math.Abs(without-variants) < math.Abs(with-variants) {
		return fmt.Sprintf("%s: %.1f a week there, against %.1f temporary users kept arriving a week over the log), and the variants' "+
			"temporary users arrive at a constant rate (§4); without the %d discarded: %.0f%%, nearer the variants' %.0f%%, so they "+
			"widen the gap", who, float64(s.discardedEnd)/max(s.edgeWeeks, 1e-9), s.temporaryRate, s.discarded, without, variants)
	}
	return fmt.Sprintf("%s); without the %d discarded: %.0f%%, no nearer the variants' %.0f%%, so they do not widen the gap",
		who, s.discarded, without, variants)
}

// gapAt is the value at which the distributions of orig and pooled differ
// most (the two-sample Kolmogorov–Smirnov distance's place).
func gapAt(orig, pooled []float64) float64 { return fit.KSTwoSampleTest(orig, pooled).At }

// countAt is the number of values of x at most at.
func countAt(x []float64, at float64) int {
	n := 0
	for _, v := range x {
		if v <= at {
			n++
		}
	}
	return n
}

// shareAt is the percentage of the values of x at most at (0 for none).
func shareAt(x []float64, at float64) float64 {
	return 100 * float64(countAt(x, at)) / float64(max(len(x), 1))
}

// widestGap says where the distributions of time metric m of the log's
// users (orig) and of the variants' (pooled) differ most.
func widestGap(orig, pooled []float64, m int, who string) string {
	at := gapAt(orig, pooled)
	verb := map[users.Metric]string{users.FirstArrival: "have arrived", users.LastDeparture: "have left",
		users.ActivityPeriod: "are active for at most that long"}[timeMetrics[m]]
	return fmt.Sprintf("at %.1f weeks %.0f%% of the log's %s %s, %.0f%% of the variants'", at/datasets.Week, shareAt(orig, at), who, verb, shareAt(pooled, at))
}

// longTermCause names the measured cause in the long-term users: where a
// variant starts them, or, in a later part of an extended log, how far
// the part has drifted against their cycles.
func (a attribution) longTermCause(m int) string {
	if timeMetrics[m] == users.LastDeparture && a.part > 1 && a.period > 0 {
		return fmt.Sprintf(" (%.0f of the %.0f repeat every %d weeks, whole weeks to keep the day and time, where the log and each part "+
			"span %.2f: part %d lies %.2f weeks off their cycles)", a.periodUsers, a.users, a.period, a.span, a.part,
			float64(a.part-1)*math.Abs(a.span-float64(a.period)))
	}
	if timeMetrics[m] == users.ActivityPeriod && !math.IsNaN(a.wrapped) {
		where := "the variants"
		if a.part > 0 {
			where = fmt.Sprintf("part %d", a.part)
		}
		return fmt.Sprintf(" (a variant starts each in a week of its own traced activity (§4); in %s %.0f%% of the long-term users have weeks "+
			"from two cycles of their stream, one ending and the stream regenerated (§4) within it, so for nearly all of them the "+
			"period of activity runs across the regeneration)", where, 100*a.wrapped)
	}
	return " (a variant starts each in a week of its own traced activity (§4))"
}

// attributed adds, for e — the claim of marginal i of k that the resampled
// logs' distribution is similar to the original's — when it differs on a
// time-position marginal, an entry of ours: whether one class of users
// (the long-term users, or the others) carries the difference
// (attribution.reason), and points e's value at it. It gives e no reason:
// the swap shows where the difference is, not what moves it (a reason
// comes only from the readings measured at every seed, readingsKS).
func (k marginalKS) attributed(l *ledger.Ledger, e *ledger.Entry, i int) {
	if e.Verdict != ledger.Differs || k.attr == nil || i >= len(users.Metrics) {
		return
	}
	m := slices.Index(timeMetrics, users.Metrics[i])
	if m < 0 {
		return
	}
	id := strings.TrimSuffix(e.ID, "/mean_ks") + "/carried_by_one_class"
	a := k.attr.bounded(k)
	why := a.reason(m)
	evidence := why
	if why == "" {
		evidence = a.swaps(m) + ": neither brings it within"
	}
	l.OwnClaim(e.Item, id, fmt.Sprintf("the difference of %s (%.3f) is carried by one class of users: replacing that class of every variant by the log's own brings the mean distance within its bound", e.ID, e.Number()),
		why != "", evidence)
	e.Measured("which users carry it: " + id + ", ours")
}
