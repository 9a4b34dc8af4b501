package zakay2013

import (
	"fmt"
	"math"
	"slices"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/confidence"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/resample"
)

// cover counts a log's long-term users (its pools' classes) that submit at
// least one job in its first 4 weeks (edgeZone, from its first
// submission), in its last 4 weeks (to its last submission), and in an
// average 4 weeks (the mean over every window of 4 whole weeks from the
// first submission that lies within the log): the same count at each
// place, so a log whose population does not change — §4 reads the
// long-term users as "arbitrarily intersected with the logging period" —
// has the three alike up to noise. (Counting the users whose first-to-last
// job covers a week would not do: at the log's first week only those who
// submit in it can count, at a middle week every user spanning it does.)
// A resampled log starts each long-term user in a week of its own traced
// activity (§4's words, paperStart), so it begins with every one of them
// active and, each stream repeating after the log's span
// (resample.Pools.SpanWeeks), ends so too; where the log's first (last)
// weeks have fewer, the resampled logs' users arrive earlier (leave later)
// than the log's.
type cover struct {
	longTerm, first, last int
	mean                  float64
}

// longTermCover measures cover on p's log and long-term users.
func longTermCover(p *resample.Pools) *cover {
	lt := map[int]bool{}
	for k, c := range p.Population.Class {
		if c == users.LongTerm {
			lt[p.Population.ID[k]] = true
		}
	}
	return coverOf(p.Trace, lt)
}

// coverOf measures cover on tr for the users in lt.
func coverOf(tr *datasets.Trace, lt map[int]bool) *cover {
	c := &cover{longTerm: len(lt)}
	if tr.Len() == 0 || len(lt) == 0 {
		return c
	}
	start, end := slices.Min(tr.Submit), slices.Max(tr.Submit)
	// weeks[w] holds the long-term users submitting in whole week w.
	n := int(math.Floor((end-start)/datasets.Week)) + 1
	weeks := make([]map[int]bool, n)
	first, last := map[int]bool{}, map[int]bool{}
	for i, t := range tr.Submit {
		u := tr.User[i]
		if !lt[u] {
			continue
		}
		w := int(math.Floor((t - start) / datasets.Week))
		if weeks[w] == nil {
			weeks[w] = map[int]bool{}
		}
		weeks[w][u] = true
		if t-start < edgeZone {
			first[u] = true
		}
		if end-t < edgeZone {
			last[u] = true
		}
	}
	c.first, c.last = len(first), len(last)
	const zone = int(edgeZone / datasets.Week)
	windows := 0
	for w := 0; w+zone <= n-1; w++ { // whole windows: week n−1 is partial
		seen := map[int]bool{}
		for k := w; k < w+zone; k++ {
			for u := range weeks[k] {
				seen[u] = true
			}
		}
		c.mean += float64(len(seen))
		windows++
	}
	if windows > 0 {
		c.mean /= float64(windows)
	}
	return c
}

// note says, for marginal m, how many long-term users submit in the log's
// edge weeks against an average 4 weeks ("" for a marginal it does not
// bear on).
func (c *cover) note(m string) string {
	if c == nil || c.longTerm == 0 {
		return ""
	}
	var edge string
	var at int
	switch m {
	case users.FirstArrival.String():
		edge, at = "first", c.first
	case users.LastDeparture.String():
		edge, at = "last", c.last
	default:
		return ""
	}
	return fmt.Sprintf(" (the input: of the log's %d long-term users, %d (%.0f%%) submit a job in its %s 4 weeks, against %.1f (%.0f%%) "+
		"in an average 4 weeks; a resampled log starts each long-term user in a week of its own traced activity (§4), so all are active at its start "+
		"and, each stream repeating after the log's span, again at its end)",
		c.longTerm, at, 100*float64(at)/float64(c.longTerm), edge, c.mean, 100*c.mean/float64(c.longTerm))
}

// rotation is a log measured against its own rotations: the log cut at
// another week. Rotation r (r = 1 … W−1, W the log's whole weeks) moves
// every job back by r whole weeks cyclically over the log's span (its
// first to its last submission): t ↦ (t − first − r·week) mod span, its
// end the moved submission plus its wait and runtime (as a departure,
// users.Population.LastDeparture; 0 when unknown). Each user's first
// arrival is its earliest moved submission, its last departure its latest
// moved end. A rotation keeps every user's jobs and the users' common
// calendar, as the library's common week does with the log's own users;
// it changes only where the log begins and ends. Against it, the first
// arrivals and last departures of Fig. 4 measure where the log begins and
// ends, not what resampling does.
type rotation struct {
	n int // rotations measured
	// first and last are the KS distances of the rotations' first
	// arrivals and last departures from the log's.
	first, last spread
	// share, shareMin and shareMax are the rotations' start effects
	// (firstWeeksShare: the share of users first seen in the first 4
	// weeks); shares and users are each rotation's share and users.
	share, shareMin, shareMax float64
	shares                    []float64
	users                     []int
	// pairs is the number of pairs of resampled logs the bound of one
	// distance was measured on (pairNull); 0 for the former bound.
	pairs int
}

// spread summarises KS distances over the rotations: their mean, least
// and largest, their mean bound, and how many are at or below their own
// bound. The bound is "very similar"'s rule (nullKS) for one distance:
// pairNull of the log's resampled logs of its size (rotationsOf's pair),
// the same for every rotation; where that is not measured (fewer than 3
// resampled logs: quick mode) the former bound, VerySimilarLimit of the
// 5% critical distance for the two user counts.
type spread struct {
	mean, min, max, limit float64
	n, within             int
}

// add counts distance d with bound limit.
func (sp *spread) add(d, limit float64) {
	if sp.n == 0 {
		sp.min, sp.max = d, d
	}
	sp.n++
	sp.mean += d
	sp.limit += limit
	sp.min, sp.max = min(sp.min, d), max(sp.max, d)
	if d <= limit {
		sp.within++
	}
}

// rotationsOf measures tr against its rotations; orig is tr's Fig. 4
// marginals (first arrivals and last departures from its first
// submission), pseudo the log's resampled logs of its size, from which
// the bound of one distance is measured (pairNull; with fewer than 3 the
// former bound, spread). nil
// when tr spans less than two whole weeks.
func rotationsOf(tr *datasets.Trace, orig users.Marginals, pseudo []users.Marginals) *rotation {
	if tr.Len() == 0 {
		return nil
	}
	start, end := slices.Min(tr.Submit), slices.Max(tr.Submit)
	span := end - start
	weeks := int(math.Floor(span / datasets.Week))
	if weeks < 2 {
		return nil
	}
	dur := make([]float64, tr.Len())
	for i := range dur {
		if w, rt := tr.Wait[i], tr.Runtime[i]; w >= 0 && rt >= 0 && w <= datasets.MaxDuration && rt <= datasets.MaxDuration {
			dur[i] = w + rt
		}
	}
	baseFirst, baseLast := orig.Values[users.FirstArrival], orig.Values[users.LastDeparture]
	pair := pairNull(pseudo)
	ro := &rotation{shareMin: math.Inf(1)}
	if pair != nil {
		ro.pairs = len(pseudo) * (len(pseudo) - 1) / 2
	}
	first, last := map[int]float64{}, map[int]float64{}
	for r := 1; r < weeks; r++ {
		clear(first)
		clear(last)
		for i, t := range tr.Submit {
			x := math.Mod(t-start-float64(r)*datasets.Week, span)
			if x < 0 {
				x += span
			}
			u := tr.User[i]
			if f, ok := first[u]; !ok || x < f {
				first[u] = x
			}
			if l, ok := last[u]; !ok || x+dur[i] > l {
				last[u] = x + dur[i]
			}
		}
		vf, vl := sortedValues(first), sortedValues(last)
		ro.n++
		ro.first.add(fit.KSTwoSample(baseFirst, vf), pairBound(pair, users.FirstArrival, len(baseFirst), len(vf)))
		ro.last.add(fit.KSTwoSample(baseLast, vl), pairBound(pair, users.LastDeparture, len(baseLast), len(vl)))
		sh := firstWeeksShare(users.Marginals{Values: map[users.Metric][]float64{users.FirstArrival: vf}})
		ro.shares, ro.users = append(ro.shares, sh), append(ro.users, len(vf))
		ro.share += sh
		ro.shareMin, ro.shareMax = min(ro.shareMin, sh), max(ro.shareMax, sh)
	}
	for _, sp := range []*spread{&ro.first, &ro.last} {
		sp.mean /= float64(sp.n)
		sp.limit /= float64(sp.n)
	}
	ro.share /= float64(ro.n)
	return ro
}

// pairBound is metric m's bound of one distance between samples of n1 and
// n2 users: pair's (pairNull) where measured, else VerySimilarLimit of
// their 5% critical distance.
func pairBound(pair []float64, m users.Metric, n1, n2 int) float64 {
	if pair != nil {
		return pair[slices.Index(users.Metrics, m)]
	}
	return VerySimilarLimit(fit.KSTwoSampleCritical(n1, n2))
}

// sortedValues returns the values of m, sorted.
func sortedValues(m map[int]float64) []float64 {
	v := make([]float64, 0, len(m))
	for _, x := range m {
		v = append(v, x)
	}
	slices.Sort(v)
	return v
}

// note says, for the first arrivals and the last departures, how far the
// log's own rotations lie from it ("" for another marginal).
func (ro *rotation) note(m string) string {
	if ro == nil {
		return ""
	}
	var sp spread
	var what, where string
	switch m {
	case users.FirstArrival.String():
		sp, what, where = ro.first, "first arrivals", "begins"
	case users.LastDeparture.String():
		sp, what, where = ro.last, "last departures", "ends"
	default:
		return ""
	}
	bound := fmt.Sprintf("within their former bound, max(0.1, the 5%% critical distance), %.3f on average: fewer than %d resampled logs "+
		"(quick mode) measure no spread of one distance", sp.limit, minNull)
	if ro.pairs > 0 {
		bound = fmt.Sprintf("within %.3f, what one distance between two of the log's resampled logs gives: mean + %d SD over %d pairs", sp.limit, NullK, ro.pairs)
	}
	return fmt.Sprintf(" (the log against itself cut at another week: its jobs rotated cyclically by r whole weeks, r = 1…%d, every user and "+
		"the users' common calendar kept, give %s at a mean distance %.3f from the log's (%.3f–%.3f; %d of %d %s): this marginal "+
		"measures where a log %s, and a resampled log %s within its users' activity)",
		ro.n, what, sp.mean, sp.min, sp.max, sp.within, ro.n, bound, where, where)
}

// startWithin counts the rotations whose start effect is the original's
// share orig (of n users) within twice the standard error of the
// difference (as startWant).
func (ro *rotation) startWithin(orig float64, n int) int {
	k := 0
	for i, sh := range ro.shares {
		if math.Abs(sh-orig) <= 2*math.Hypot(confidence.ShareSE(sh, ro.users[i]), confidence.ShareSE(orig, n)) {
			k++
		}
	}
	return k
}

// above counts the rotations whose start effect exceeds share.
func (ro *rotation) above(share float64) int {
	k := 0
	for _, sh := range ro.shares {
		if sh > share {
			k++
		}
	}
	return k
}
