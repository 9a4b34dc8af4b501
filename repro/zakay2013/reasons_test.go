package zakay2013

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
)

// weeks returns n values k·step weeks, k = 0 … n−1, plus offset weeks.
func weeks(n int, step, offset float64) []float64 {
	x := make([]float64, n)
	for k := range x {
		x[k] = (float64(k)*step + offset) * datasets.Week
	}
	return x
}

// splitOf is a timeSplit whose three metrics share the same values.
func splitOf(lt, other []float64) timeSplit {
	var s timeSplit
	for m := range timeMetrics {
		s.lt[m], s.other[m] = lt, other
	}
	return s
}

// TestAttribution: variants that differ from the log only in their
// long-term users (all arriving at once) are attributed to them, with the
// place of the widest gap; only in the other users, to those; in both by
// much, to neither (no reason).
func TestAttribution(t *testing.T) {
	lt, other := weeks(100, 0.5, 0), weeks(100, 0.5, 0.25)
	orig := splitOf(lt, other)
	orig.discarded, orig.discardedEnd, orig.edgeWeeks, orig.temporaryRate = 7, 5, 4, 1.7
	atOnce := weeks(100, 0, 0) // every user at week 0
	for _, c := range []struct {
		name string
		v    timeSplit
		want []string
	}{
		{"long-term users moved", splitOf(atOnce, other), []string{"the long-term users account for it",
			"at 0.0 weeks 1% of the log's long-term users have arrived, 100% of the variants'",
			"a variant starts each in a week of its own traced activity (§4)"}},
		{"other users moved", splitOf(lt, atOnce), []string{"the other users account for it",
			"include 7 discarded by §4's 4-week rule as the pools apply it, which no variant has",
			"(2 first seen in the log's first 4 weeks, 5 in its last 4"}},
		{"both moved", splitOf(atOnce, atOnce), nil},
	} {
		a := attribute(orig, []timeSplit{c.v, c.v})
		got := a.reason(0)
		if c.want == nil && got != "" {
			t.Errorf("%s: reason %q, want none", c.name, got)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: reason %q, want it to contain %q", c.name, got, w)
			}
		}
	}
}

// TestAttributionPeriods: in part 3 of an extended log, long-term users
// repeating every 52 weeks against a span of 52.34 weeks lie 2 × 0.34
// weeks off their cycles; the last departure's reason says so.
func TestAttributionPeriods(t *testing.T) {
	lt, other := weeks(100, 0.5, 0), weeks(100, 0.5, 0.25)
	a := attribute(splitOf(lt, other), []timeSplit{splitOf(weeks(100, 0, 0), other)})
	run := []resample.Instance{{Kind: resample.LongTerm, Period: 52}, {Kind: resample.LongTerm, Period: 52},
		{Kind: resample.LongTerm, Period: 53}, {Kind: resample.Temporary}}
	a.withPeriods(3, [][]resample.Instance{run, run}, 52.34)
	m := 1 // last departure
	if timeMetrics[m] != users.LastDeparture {
		t.Fatalf("timeMetrics[1] = %v", timeMetrics[m])
	}
	want := "2 of the 3 repeat every 52 weeks, whole weeks to keep the day and time, where the log and each part span 52.34: part 3 lies 0.68 weeks off their cycles"
	if got := a.reason(m); !strings.Contains(got, want) {
		t.Errorf("reason %q, want it to contain %q", got, want)
	}
}

// TestOnset: the lowest utilisation of a saturated simulation, and the
// words that compare it with the highest that did not saturate: an
// overlap (as SDSC-DS's sweep: stable up to 0.975 at factor 1.5,
// saturated from 0.754 at 1.4) or a gap within one step of the factors
// (OSC-cluster: 0.895 at 7, 0.964 at 8).
func TestOnset(t *testing.T) {
	inf := math.Inf(1)
	if _, ok := onsetOf([]loadRow{{load: 1, minSaturated: inf}}); ok {
		t.Error("onset found in a sweep that never saturated")
	}
	on, ok := onsetOf([]loadRow{{load: 1.3, minSaturated: 0.83}, {load: 1.4, minSaturated: 0.754}, {load: 1.5, minSaturated: 0.853}})
	if !ok || on != (onset{0.754, 1.4}) {
		t.Errorf("onset %+v %v, want 0.754 at 1.4", on, ok)
	}
	if w := onsetWords(0.975, 1.5, on); !strings.Contains(w, "they overlap") {
		t.Errorf("overlap: %q", w)
	}
	if w := onsetWords(0.895, 7, onset{0.964, 8}); !strings.Contains(w, "reach 0.895 (load factor 7), saturated ones start at 0.964 (load factor 8): the saturation lies between them") {
		t.Errorf("gap: %q", w)
	}
}

// TestSpansByEdges: long-term users cut by one end of a 100-week log with
// spans spread evenly over 12–90 weeks are uniform, those inside it
// (spans 13–20 weeks) are not: the mechanism names both groups; when the
// users cut by one end are short too, there is none.
func TestSpansByEdges(t *testing.T) {
	const T = 100 * datasets.Week
	pop := func(oneEdge []float64) users.Population {
		p := users.Population{Options: users.Options{LongTerm: 12 * datasets.Week, Edge: 4 * datasets.Week}, LogEnd: T}
		add := func(first, span float64) {
			p.ID = append(p.ID, len(p.ID)+1)
			p.Class = append(p.Class, users.LongTerm)
			p.FirstArrival, p.LastArrival, p.Span = append(p.FirstArrival, first), append(p.LastArrival, first+span), append(p.Span, span)
		}
		for _, s := range oneEdge {
			add(datasets.Week, s) // active in the first 4 weeks, gone before the last 4
		}
		for _, s := range weeks(30, 0.25, 13) {
			add(40*datasets.Week, s) // inside the log
		}
		return p
	}
	got := spansByEdges(pop(weeks(40, 78.0/39, 12)), T)
	for _, w := range []string{"the 40 cut by one end of the log", "the 30 active in neither", "the 0 active in both"} {
		if !strings.Contains(got, w) {
			t.Errorf("mechanism %q, want it to contain %q", got, w)
		}
	}
	if got := spansByEdges(pop(weeks(40, 0.1, 12)), T); got != "" {
		t.Errorf("short spans cut by one end: %q, want no mechanism", got)
	}
}

// TestSpanReadings checks the two other readings of the activity spans on
// two long-term users of a 15.5-week log, by hand: in whole weeks they
// span 13 and 16 weeks, against the uniform on weeks 13–16 (CDF 1/4 per
// week): D = 1/2 − 1/4 at 13 and 3/4 − 1/2 below 16, 0.25. To their last
// end (13 and 15.9 weeks, log to 16 weeks) against U[12, 16]: F = 0.25
// and 0.975, D = max(1/2 − 0.25, 0.975 − 1/2) = 0.475.
func TestSpanReadings(t *testing.T) {
	w := datasets.Week
	p := users.Population{
		Options:       users.Options{LongTerm: 12 * w},
		LogStart:      0,
		LogEnd:        15.5 * w,
		Class:         []users.Class{users.LongTerm, users.LongTerm, users.Temporary},
		FirstArrival:  []float64{0, 0.1 * w, 2 * w},
		LastArrival:   []float64{12.5 * w, 15.4 * w, 3 * w},
		LastDeparture: []float64{13 * w, 16 * w, 3 * w},
	}
	for _, c := range []struct {
		name string
		ks   func(users.Population) float64
		want float64
	}{
		{"weeks", weeksSpansKS, 0.25},
		{"departure", departureSpansKS, 0.475},
	} {
		if got := c.ks(p); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: KS %v, want %v", c.name, got, c.want)
		}
	}
}

// TestBoundedSlowdownMeasured: the bounded slowdown is shown beside DS's
// slowdown statement and makes no statement of its own.
func TestBoundedSlowdownMeasured(t *testing.T) {
	pos := func(metric string, atOrBelow float64) metricPosition {
		return metricPosition{log: "SDSC-DS", metric: metric,
			pos: resample.Position{Original: 33.3, Replicates: 1000, Min: 20, Max: 400, AtOrBelow: atOrBelow, MedianRatio: 2}}
	}
	out := fig9Statements([]metricPosition{pos("avg_slowdown", 0.029), pos(boundedSlowdown, 0.031)})
	var ids []string
	for _, st := range out {
		ids = append(ids, st.id)
		if st.id == "fig9/SDSC-DS/slowdown_high" && !strings.Contains(st.evidence, "bounded slowdown (τ = 10 s, a reading the paper does not name): 3.1% of 1000") {
			t.Errorf("slowdown_high evidence %q", st.evidence)
		}
	}
	if want := []string{"fig9/SDSC-DS/slowdown_not_separated", "fig9/SDSC-DS/slowdown_high", "fig9/slowdown_around_share"}; !slices.Equal(ids, want) {
		t.Errorf("statements %v, want %v", ids, want)
	}
}

// TestThroughputAround: "typically distributed around the original
// value" is read for the throughput as for the utilisation (around): the
// share of variants at or below the original within 0.1–0.9, whatever the
// median's SE. KTH-SP2's measured numbers (1000 variants under §4's
// start): 77.5% at or below, median −1.97%, discarded 0.86%, cycle
// −0.81%: within. CEA-Curie under the common week: 91.7%, median −4.15%,
// discarded 3.88%, cycle +0.57%: outside, and the jobs counted back
// (median −0.84%) are shown, not a reason.
func TestThroughputAround(t *testing.T) {
	t.Parallel()
	row := func(log string, below, ratio, discarded, cycle float64) metricPosition {
		return metricPosition{log: log, metric: "jobs", discarded: discarded, cycle: cycle, spanWeeks: 47.56, period: 48, sdRatio: 0.08,
			pos: resample.Position{Original: 1000, Replicates: 1000, AtOrBelow: below, MedianRatio: ratio}}
	}
	out := fig8Statements([]metricPosition{row("KTH-SP2", 0.775, 1-0.0197, 0.0086, -0.0081), row("CEA-Curie", 0.917, 1-0.0415, 0.0388, 0.0057)})
	for _, c := range []struct {
		id       string
		agrees   bool
		measured string
	}{
		{"fig8/KTH-SP2/throughput_around", true, ""},
		{"fig8/CEA-Curie/throughput_around", false, "the median lies -0.84% from the original"},
	} {
		i := slices.IndexFunc(out, func(st statement) bool { return st.id == c.id })
		if i < 0 {
			t.Fatalf("no statement %s", c.id)
		}
		st := out[i]
		if st.agrees() != c.agrees || st.explained != "" || !strings.Contains(st.measured, c.measured) {
			t.Errorf("%s: agrees %v, explained %q, measured %q; want %v, measured containing %q", c.id, st.agrees(), st.explained, st.measured, c.agrees, c.measured)
		}
		if !st.want.Accepts(0.1) || !st.want.Accepts(0.9) || st.want.Accepts(0.0999) || st.want.Accepts(0.9001) {
			t.Errorf("%s: %s is not 0.1–0.9", c.id, st.want.Tolerance())
		}
	}
}

// TestAttributedIsOurs: a differing time-position claim stays unexplained;
// which users carry it is an entry of ours (agrees when a swap brings the
// distance within, differs when neither does), which the claim points at.
func TestAttributedIsOurs(t *testing.T) {
	lt, other := weeks(100, 0.5, 0), weeks(100, 0.5, 0.25)
	orig := splitOf(lt, other)
	atOnce := weeks(100, 0, 0)
	i := slices.Index(users.Metrics, users.FirstArrival)
	for _, c := range []struct {
		name    string
		v       timeSplit
		carried ledger.Verdict
	}{
		{"long-term users moved", splitOf(atOnce, other), ledger.Agrees},
		{"both moved", splitOf(atOnce, atOnce), ledger.Differs},
	} {
		a := attribute(orig, []timeSplit{c.v})
		k := marginalKS{attr: &a}
		l := ledger.New("zakay2013")
		e := l.Check("Fig. 4", "fig4/L/first_arrival/mean_ks", "s", ledger.AtMost(0.1), 0.3)
		k.attributed(l, e, i)
		if e.Reason != "" || e.Found != nil || !strings.Contains(e.OurValue, "fig4/L/first_arrival/carried_by_one_class, ours") {
			t.Errorf("%s: claim reason %q, ours %q", c.name, e.Reason, e.OurValue)
		}
		own, ok := l.Lookup("fig4/L/first_arrival/carried_by_one_class")
		if !ok || own.Kind != ledger.Ours || own.Verdict != c.carried {
			t.Errorf("%s: entry of ours %+v", c.name, own)
		}
	}
}

// TestSplitTimesDiscarded: a population's discarded users are counted by
// the edge zone they were first seen in, and its temporary users kept per
// week is theirs over its weeks. The log spans 20 weeks (21 calendar
// weeks); edge zones of 4 weeks.
func TestSplitTimesDiscarded(t *testing.T) {
	wk := datasets.Week
	p := users.Population{Options: users.Options{Edge: 4 * wk}, LogStart: 0, LogEnd: 20 * wk, Weeks: 21}
	for k, u := range []struct {
		c           users.Class
		first, last float64 // weeks
	}{
		{users.LongTerm, 0, 20},
		{users.Temporary, 6, 8},
		{users.Temporary, 10, 11},
		{users.Discarded, 0, 1},     // within the start zone
		{users.Discarded, 3.9, 4},   // first seen in the start zone
		{users.Discarded, 16.5, 17}, // within the end zone
	} {
		p.ID, p.Class, p.Jobs = append(p.ID, k+1), append(p.Class, u.c), append(p.Jobs, 1)
		p.FirstArrival, p.LastArrival = append(p.FirstArrival, u.first*wk), append(p.LastArrival, u.last*wk)
		p.LastDeparture, p.Span = append(p.LastDeparture, u.last*wk), append(p.Span, (u.last-u.first)*wk)
	}
	s := logTimes(p)
	if s.discarded != 3 || s.discardedEnd != 1 || s.edgeWeeks != 4 || math.Abs(s.temporaryRate-2.0/21) > 1e-12 {
		t.Errorf("discarded %d, at the end %d, edge %v weeks, rate %v; want 3, 1, 4, %v", s.discarded, s.discardedEnd, s.edgeWeeks, s.temporaryRate, 2.0/21)
	}
	if len(s.lt[0]) != 1 || len(s.other[0]) != 5 {
		t.Errorf("split %d long-term, %d others; want 1, 5", len(s.lt[0]), len(s.other[0]))
	}
}

// TestAttributionCountsPoolsDiscarded: the attribution of Figs 4 and 10
// (logTimes of the pools' population, as Fig4 and Fig10 call it) counts as
// the users no variant has those the pools discard (users.WithinEdge: 30
// on KTH-SP2), not those users.TouchesEdge would (47), 17 of whom the
// pools keep.
func TestAttributionCountsPoolsDiscarded(t *testing.T) {
	needData(t)
	p, err := quick.pools("KTH-SP2")
	if err != nil {
		t.Fatal(err)
	}
	touches, err := quick.population("KTH-SP2", users.TouchesEdge)
	if err != nil {
		t.Fatal(err)
	}
	s := logTimes(p.Population)
	if s.discarded != p.DiscardedUsers || s.discarded == touches.Summary()[users.Discarded].Users {
		t.Errorf("attribution counts %d discarded; the pools discard %d, users.TouchesEdge %d", s.discarded, p.DiscardedUsers, touches.Summary()[users.Discarded].Users)
	}
}

// TestWrapShare: over weeks 0–47, a long-term instance started in week 5
// of a stream active in weeks 0–20 and repeating every 48 weeks has weeks
// from cycle 0 (0–15) and cycle 1 (43–63): it wraps; one started in its
// first week does not (cycle 1 begins at week 48); one started in the gap
// after its activity (weeks 10–30, started at 31) has no week in cycle 0
// and one cycle (27–47) in the window. A temporary instance is not
// counted: 1 of 3. Over weeks 48–95 the first has cycles 1 and 2 (91–…):
// 1 of 3 again.
func TestWrapShare(t *testing.T) {
	p := &resample.Pools{LongTerm: []resample.Stream{{FirstWeek: 0, LastWeek: 20}, {FirstWeek: 10, LastWeek: 30}}}
	inst := []resample.Instance{
		{Kind: resample.LongTerm, Stream: 0, Phase: 5, Shift: -5, Period: 48},
		{Kind: resample.LongTerm, Stream: 0, Phase: 0, Shift: 0, Period: 48},
		{Kind: resample.LongTerm, Stream: 1, Phase: 31, Shift: -31, Period: 48},
		{Kind: resample.Temporary, Stream: 0, Phase: 0, Shift: 3},
	}
	for _, c := range []struct {
		from, to int
		want     float64
	}{{0, 47, 1.0 / 3}, {48, 95, 1.0 / 3}} {
		if got := wrapShare(p, inst, c.from, c.to); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("weeks %d–%d: %v, want %v", c.from, c.to, got, c.want)
		}
	}
	if got := wrapShare(p, inst[3:], 0, 47); !math.IsNaN(got) {
		t.Errorf("no long-term instance: %v, want NaN", got)
	}
	var a attribution
	a.withWraps(p, [][]resample.Instance{inst, inst[1:]}, 0, 47) // 1/3 and 0 of 2
	if math.Abs(a.wrapped-1.0/6) > 1e-12 {
		t.Errorf("mean over runs %v, want 1/6", a.wrapped)
	}
	m := slices.Index(timeMetrics, users.ActivityPeriod)
	if got := a.longTermCause(m); !strings.Contains(got, "in the variants 17% of the long-term users have weeks from two cycles") {
		t.Errorf("cause %q", got)
	}
	a.part = 3
	if got := a.longTermCause(m); !strings.Contains(got, "in part 3 17% of the long-term users") {
		t.Errorf("part 3: cause %q", got)
	}
}
