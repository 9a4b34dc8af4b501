package feitelson2021

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// TestScanLoads: the figures' own populations are among the scanned ones,
// so the measurements quoted at them exist.
func TestScanLoads(t *testing.T) {
	for _, l := range []float64{fig20Load, fig20AltLoad} {
		if !slices.Contains(scanLoads, l) {
			t.Errorf("scanLoads %v lack %g", scanLoads, l)
		}
	}
	ps := []loadPoint{{load: 1}, {load: 1.25, easyPeak: 3}}
	if got := at(ps, 1.25).easyPeak; got != 3 {
		t.Errorf("at(1.25).easyPeak = %g, want 3", got)
	}
	if got := scanText(ps, func(p loadPoint) string { return "x" }); got != "1× x, 1.25× x" {
		t.Errorf("scanText = %q", got)
	}
}

// TestMeanResponse: jobs that did not end are left out; none kept is NaN.
func TestMeanResponse(t *testing.T) {
	r := &sim.Result{ID: []int{1, 2, 3}, Submit: []float64{0, 10, 20}, End: []float64{100, 40, math.NaN()},
		Runtime: []float64{50, 20000, 20000}}
	for _, tt := range []struct {
		name string
		keep func(j int) bool
		want float64
	}{
		{"all ended", func(int) bool { return true }, 65},                      // (100 + 30) / 2
		{"over 4 h", func(j int) bool { return r.Runtime[j] > splitLong }, 30}, // job 3 never ended
	} {
		if got := meanResponse(r, tt.keep); got != tt.want {
			t.Errorf("%s: %g, want %g", tt.name, got, tt.want)
		}
	}
	if got := meanResponse(r, func(int) bool { return false }); !math.IsNaN(got) {
		t.Errorf("none kept: %g, want NaN", got)
	}
}

// TestAtQueueLimit: the share of jobs (with an estimate and a runtime)
// whose estimate is their queue's stated limit, worked by hand.
func TestAtQueueLimit(t *testing.T) {
	tr := &datasets.Trace{JobID: []int{1, 2, 3, 4, 5},
		Runtime: []float64{10, 10, 10, 10, -1},            // job 5: runtime unknown, not counted
		ReqTime: []float64{7200, 7200, 129600, 600, 7200}, // job 2 is in queue 3, whose limit is 36 h
		Queue:   []int{1, 3, 3, 1, 1}}
	if got, want := atQueueLimit(tr, queueLimits["SDSC-BLUE"]), 0.5; got != want { // jobs 1 and 3 of 4
		t.Errorf("atQueueLimit = %g, want %g", got, want)
	}
	if got := atQueueLimit(tr, map[int]float64{}); got != 0 {
		t.Errorf("no limits: %g, want 0", got)
	}
}

// TestShuffledShareRho: with the top user's jobs the same every week the
// share falls as the others' jobs rise, whatever the shuffle: ρ = −1 (the
// bias at its extreme); the result is reproducible from the seed.
func TestShuffledShareRho(t *testing.T) {
	oth := []float64{5, 1, 9, 3, 7}
	mean, p := shuffledShareRho([]float64{4, 4, 4, 4, 4}, oth, 0, 50, 1)
	if math.Abs(mean+1) > 1e-12 || p != 1 {
		t.Errorf("constant top: mean %g, p %g; want −1, 1", mean, p)
	}
	top := []float64{10, 2, 8, 1, 6}
	m1, p1 := shuffledShareRho(top, oth, -0.5, 200, 7)
	m2, p2 := shuffledShareRho(top, oth, -0.5, 200, 7)
	if m1 != m2 || p1 != p2 {
		t.Errorf("same seed: (%g, %g) then (%g, %g)", m1, p1, m2, p2)
	}
	if !(m1 < 0) {
		t.Errorf("the share's bias: mean ρ %g, want negative", m1)
	}
}

// TestResponseMeasured: the count of populations where EASY's response is
// below FCFS's, and the scan's pairs when there is a scan.
func TestResponseMeasured(t *testing.T) {
	for _, tt := range []struct {
		name       string
		easy, fcfs []float64
		scan       []loadPoint
		want       string
	}{
		{"below at one of two", []float64{1, 5}, []float64{2, 4}, nil,
			"EASY's average response is below FCFS's at 1 of the 2 populations of the sweep"},
		{"with a scan", []float64{1}, []float64{2}, []loadPoint{{load: 2, gainCycle: 0.05, respCycle: 0.5}},
			"EASY's average response is below FCFS's at 1 of the 1 populations of the sweep; the user-aware scheduler (α = 1) against EASY, with office hours (throughput gain, response ratio): 2× +5.0%, 0.50"},
	} {
		if got := responseMeasured(tt.easy, tt.fcfs, make([]float64, len(tt.easy)), tt.scan); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

// TestWeeklyShares: the weekly top user and the others, by jobs and by
// processor-time, and the row of the following calendar week, worked by
// hand (trace time 0 is Thursday 1 January 1970, UTC).
func TestWeeklyShares(t *testing.T) {
	const day = 86400
	tr := &datasets.Trace{JobID: []int{1, 2, 3, 4, 5, 6, 7, 8},
		Submit:  []float64{0, 60, 120, 180, 240, 7 * day, 7*day + 60, 21 * day},
		Runtime: []float64{100, 100, 10, 10, 10, 50, 50, 5},
		Procs:   []int{10, 10, 1, 1, 1, 2, 2, 4},
		User:    []int{1, 1, 2, 2, 2, 1, 2, 2}}
	for _, tt := range []struct {
		name        string
		work        bool
		top, others []float64
	}{
		{"jobs", false, []float64{3, 1, 1}, []float64{2, 1, 0}},         // week 0: user 2's 3 jobs against user 1's 2; week 1: a tie, user 1
		{"work", true, []float64{2000, 100, 20}, []float64{30, 100, 0}}, // week 0: user 1's 2 × 10 × 100 s
	} {
		top, others, next := weeklyShares(tr, tt.work)
		if !slices.Equal(top, tt.top) || !slices.Equal(others, tt.others) || !slices.Equal(next, []int{1, -1, -1}) {
			t.Errorf("%s: top %v others %v next %v; want %v %v [1 -1 -1]", tt.name, top, others, next, tt.top, tt.others)
		}
	}
	// The following week's others: the shares of weeks 0 and 1 against
	// the others of weeks 1 and (none) — one pair, too few for ρ.
	if got := laggedShareRho([]float64{3, 1, 1}, []float64{2, 1, 0}, []int{1, -1, -1}); !math.IsNaN(got) {
		t.Errorf("one pair: ρ = %g, want NaN", got)
	}
	// Same week: the lagged ρ is shuffledShareRho's statistic.
	top, oth := []float64{10, 2, 8, 1, 6}, []float64{5, 1, 9, 3, 7}
	share := make([]float64, len(top))
	for i := range top {
		share[i] = top[i] / (top[i] + oth[i])
	}
	if got, want := laggedShareRho(top, oth, []int{0, 1, 2, 3, 4}), spearman(share, oth); got != want {
		t.Errorf("same week: %g, want %g", got, want)
	}
}

// TestFig2021Predicates: the claims of Figs 20–21 on hand-made measures.
func TestFig2021Predicates(t *testing.T) {
	resp := map[string]float64{"office_hours 0 short": 10, "office_hours 1 short": 5,
		"office_hours 0 medium": 100, "office_hours 1 medium": 90,
		"office_hours 0 long": 1000, "office_hours 1 long": 1100}
	if !shortMediumFaster(resp, 1) || !longSlower(resp, 1) {
		t.Errorf("short 0.5, medium 0.9, long 1.1: want faster and slower")
	}
	var easy, aware [24]float64
	for h := range 24 {
		easy[h], aware[h] = 1, 3 // nights: aware 3 ≥ 2 × 1
	}
	for h := 8; h < 18; h++ {
		easy[h], aware[h] = 20, 20
	}
	queue := map[string][24]float64{"office_hours 0": easy, "office_hours 1": aware}
	if !morningBuildup(queue) || !easyDrains(queue) || !awareWorksAtNight(queue) {
		t.Errorf("queue 1 at night against a peak of 20: want the build-up, the drain and twice the work at night")
	}
	for _, tt := range []struct {
		name       string
		tp         map[string]float64
		same, only bool
	}{
		{"gain only with the cycle", map[string]float64{"office_hours 0": 100, "office_hours 1": 105, "none 0": 100, "none 1": 101}, true, true},
		// "The same" is within the likeness factor 1.25 of 1 (ledger.LikeFactor:
		// a ratio from 0.8 to 1.25), not a gain of ours.
		{"the same gain", map[string]float64{"office_hours 0": 100, "office_hours 1": 103, "none 0": 100, "none 1": 103}, true, false},
		{"a gain at the factor", map[string]float64{"office_hours 0": 100, "office_hours 1": 130, "none 0": 100, "none 1": 125}, true, true},
		{"a gain beyond the factor", map[string]float64{"office_hours 0": 100, "office_hours 1": 130, "none 0": 100, "none 1": 126}, false, true},
		// No gain with the cycle: it did not work, whatever happens without.
		{"a loss at the factor", map[string]float64{"office_hours 0": 100, "office_hours 1": 100, "none 0": 125, "none 1": 100}, true, false},
		{"a loss beyond the factor", map[string]float64{"office_hours 0": 100, "office_hours 1": 100, "none 0": 100, "none 1": 79}, false, false},
		// "Only worked with a cycle" is two directions of one run, compared
		// strictly (ledger.WordRule): no percentage point of ours.
		{"a small gain with the cycle only", map[string]float64{"office_hours 0": 1000, "office_hours 1": 1005, "none 0": 1000, "none 1": 1000}, true, true},
		{"a small gain, a bit less without", map[string]float64{"office_hours 0": 1000, "office_hours 1": 1005, "none 0": 1000, "none 1": 1004}, true, true},
		{"both lose, less with the cycle", map[string]float64{"office_hours 0": 1000, "office_hours 1": 995, "none 0": 1000, "none 1": 990}, true, false},
	} {
		if noCycleSame(tt.tp) != tt.same || onlyWithCycle(tt.tp) != tt.only {
			t.Errorf("%s: same %v only %v, want %v %v", tt.name, noCycleSame(tt.tp), onlyWithCycle(tt.tp), tt.same, tt.only)
		}
	}
}

// TestLoadConventionReason: a load is a reason when it is justified over
// the claims and the claim holds judged over its seeds (ledger.SeedsRule),
// whatever the count one by one; the text gives every load's counts.
func TestLoadConventionReason(t *testing.T) {
	c := &loadConvention{loads: []float64{1.5, 2}, asComputed: map[string]bool{"a": true, "b": false, "c": false},
		held:   []map[string]int{{"a": 3, "b": 3, "c": 3}, {"a": 3, "b": 2, "c": 2}},
		within: []map[string]bool{{"a": true, "b": true, "c": true}, {"a": true}},
		tally:  []ledger.Tally{{N: 3, AsComputed: 1, Within: 3, Gained: 2}, {N: 3, AsComputed: 1, Within: 1}}}
	if got := c.reason("b"); !strings.Contains(got, "at Fig. 19's 1.5× users (ours 1.25×) it holds judged over 3 seeds (ledger.SeedsRule; one by one at 3 of 3 at 1.5×)") || !strings.Contains(got, "1.5× 3 (gains 2, loses 0), 2× 1 (gains 0, loses 0), against 1 at 1.25×") {
		t.Errorf("reason(b) = %q", got)
	}
	if f := c.found("b"); !f.Judged || !f.Within || f.Held != 3 || f.Seeds != fig19LoadReps || !f.Holds() {
		t.Errorf("found(b) = %+v, want within over 3 seeds, at 3 one by one", f)
	}
	// A gain of one claim alone is never a reason (ledger.Tally.Justified).
	one := *c
	one.tally = []ledger.Tally{{N: 3, AsComputed: 1, Within: 2, Gained: 1}, c.tally[1]}
	if got := one.reason("b"); got != "" {
		t.Errorf("a gain of this claim alone: reason %q, want none", got)
	}
	if f := one.found("b"); !f.Judged || f.Within || f.Holds() {
		t.Errorf("found(b) without a justified load = %+v, want not within", f)
	}
	// At every seed one by one but not within judged over them: no reason.
	notOver := *c
	notOver.within = []map[string]bool{{"a": true, "c": true}, {"a": true}}
	if got := notOver.reason("b"); got != "" {
		t.Errorf("b at 3 of 3 seeds, not within over them: reason %q, want none", got)
	}
	// Within judged over the seeds but at 2 of 3 one by one: a reason
	// (the one seeds rule); the count is information.
	c.held[0]["b"] = 2
	if got := c.reason("b"); !strings.Contains(got, "one by one at 2 of 3 at 1.5×") {
		t.Errorf("b within over the seeds, at 2 of 3 one by one: reason %q, want 1.5×", got)
	}
	if f := c.found("b"); !f.Holds() || f.Held != 2 {
		t.Errorf("found(b) = %+v, want within over 3 seeds, at 2 one by one", f)
	}
	// With a reason the counts belong to it; without one (c at 2×, not
	// justified, and within at 1.5× only through the reason) they are
	// shown with how it fares.
	if got := c.shown("c"); got != "at Fig. 19's populations it holds at 1.5× 3 of 3 seeds (within, judged over them), 2× 2 of 3 seeds" {
		t.Errorf("shown(c) = %q: the counts belong to the reason", got)
	}
	// notOver shares c's held: b at 2 of 3 seeds at 1.5× now.
	if got, want := notOver.shown("b"), "at Fig. 19's populations it holds at 1.5× 2 of 3 seeds, 2× 2 of 3 seeds; applied to every one of the 3 claims of Figs 20–21, the claims that hold judged over 3 seeds (ledger.SeedsRule) at each of Fig. 19's populations: 1.5× 3 (gains 2, loses 0), 2× 1 (gains 0, loses 0), against 1 at 1.25×"; got != want {
		t.Errorf("shown(b) = %q, want %q", got, want)
	}
	var none *loadConvention
	if none.reason("b") != "" || none.shown("b") != "" {
		t.Errorf("nil convention: want no text")
	}
}

// TestWorkReading: the queue read as work is tallied over Fig. 21's three
// queue claims at each seed, and explains a claim only when justified and
// holding at every seed. Hand-made work queues: EASY 1 at night, 20 by
// day; the user-aware 3 at night, 20 by day (the build-up, the drain and
// three times the work at night all hold). Seed 1 as computed: only the
// build-up (gains 2: justified); seed 2 as computed: the build-up and the
// drain (gains 1: not justified).
func TestWorkReading(t *testing.T) {
	var easy, aware [24]float64
	for h := range 24 {
		easy[h], aware[h] = 1, 3
	}
	for h := 8; h < 18; h++ {
		easy[h], aware[h] = 20, 20
	}
	easy[6], easy[7], aware[6], aware[7] = 0.5, 0.5, 0.5, 0.5
	work := map[string][24]float64{"office_hours 0": easy, "office_hours 1": aware}
	one := map[string]bool{"fig21/morning-buildup": true}
	two := map[string]bool{"fig21/morning-buildup": true, "fig21/easy-drains": true}
	if tl, now := workTally(one, work); tl != (ledger.Tally{N: 3, AsComputed: 1, Within: 3, Gained: 2}) || !now["fig21/easy-drains"] {
		t.Errorf("seed 1: %+v %v", tl, now)
	}
	if tl, _ := workTally(two, work); tl.Justified() {
		t.Errorf("seed 2: %+v justified, want a net gain of 1", tl)
	}
	nights := []nightWork{{work: work}, {work: work}}
	for _, c := range []struct {
		seeds     []map[string]bool
		explained bool
	}{
		{[]map[string]bool{one, one}, true},
		{[]map[string]bool{one, two}, false},
	} {
		r := &Fig21Result{night: nights, seeds: c.seeds}
		e := &ledger.Entry{ID: "fig21/easy-drains", Verdict: ledger.Differs}
		r.workReading(e)
		if (e.Reason != "") != c.explained {
			t.Errorf("seeds %v: reason %q, our value %q; want explained %v", c.seeds, e.Reason, e.OurValue, c.explained)
		}
	}
}

// TestCensoredResp: jobs that had not ended by the window's end count
// with their response up to it. Long jobs (runtime > 600 s): one submitted
// at 0 ending at 1000 (response 1000), one submitted at 500 never ending
// (counted 2000 − 500 = 1500), one submitted at 100 ending at 3000 after
// the window (counted 1900); a short job and a job submitted after the
// window are left out: (1000 + 1500 + 1900)/3.
func TestCensoredResp(t *testing.T) {
	nan := math.NaN()
	r := &sim.Result{ID: []int{1, 2, 3, 4, 5},
		Submit: []float64{0, 500, 100, 0, 2500}, End: []float64{1000, nan, 3000, 30, 4000},
		Runtime: []float64{900, 900, 900, 30, 900}}
	if got, want := censoredResp(r, 2000, feedback.Long), (1000.0+1500+1900)/3; math.Abs(got-want) > 1e-9 {
		t.Errorf("censoredResp = %v, want %v", got, want)
	}
}
