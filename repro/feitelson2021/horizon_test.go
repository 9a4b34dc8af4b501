package feitelson2021

import (
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestHorizonJudge checks that a horizon's throughputs are judged by
// fig19/<load>/throughput's rule: the largest α above EASY by more than
// 2 SE of the replicates' paired differences (a replicate is one resampled
// log under every α) and a positive rank correlation. Reference values by
// hand ([α][replicate]).
func TestHorizonJudge(t *testing.T) {
	t.Parallel()
	r := &Fig19Result{Alphas: []float64{0, 0.5, 1}, reps: 2}
	for _, c := range []struct {
		name  string
		tp    [][]float64
		holds bool
		means []float64
		gap   string
	}{
		// Differences 40 and 40: SE 0, gap 40, ρ = 1 (an SD pooled over
		// α, 14.1, would have asked for 28.3).
		{"holds", [][]float64{{990, 1010}, {1010, 1030}, {1030, 1050}}, true, []float64{1000, 1020, 1040},
			"largest α over EASY +40, 2 SE of the paired difference 0.0"},
		// Differences 40 and 0: gap 20, SE 20.
		{"within noise", [][]float64{{990, 1010}, {1000, 1020}, {1030, 1010}}, false, []float64{1000, 1010, 1020},
			"largest α over EASY +20, 2 SE of the paired difference 40.0"},
		// The largest α below EASY.
		{"below", [][]float64{{1040, 1060}, {990, 1010}, {1030, 1050}}, false, []float64{1050, 1000, 1040},
			"largest α over EASY -10, 2 SE of the paired difference 0.0"},
	} {
		holds, means, gap := horizonRun{Throughput: c.tp}.judge(r)
		for i := range means {
			if math.Abs(means[i]-c.means[i]) > 1e-9 {
				t.Errorf("%s: means %v, want %v", c.name, means, c.means)
			}
		}
		if holds != c.holds || !strings.HasPrefix(gap, c.gap) {
			t.Errorf("%s: judge = %v, %q; want %v, %q…", c.name, holds, gap, c.holds, c.gap)
		}
	}
	// Four values of α, the largest above EASY by 40 at each replicate
	// (beyond 2 SE) but ranked 2, 4, 1, 3: ρ = 1 − 6·10/60 = 0, not
	// positive.
	r4 := &Fig19Result{Alphas: []float64{0, 0.25, 0.5, 1}, reps: 2}
	tp := [][]float64{{1010, 1030}, {1090, 1110}, {990, 1010}, {1050, 1070}}
	if holds, _, gap := (horizonRun{Throughput: tp}).judge(r4); holds || !strings.HasPrefix(gap, "largest α over EASY +40") {
		t.Errorf("ρ = 0: judge = %v, %q; want false with the gap +40", holds, gap)
	}
}

// TestHorizonText checks that the entry says the throughput rises with
// the horizon only when it does, and what the horizon could gain over
// Fig. 19 from the claims as computed.
func TestHorizonText(t *testing.T) {
	t.Parallel()
	r := &Fig19Result{Alphas: []float64{0, 1}, Loads: []float64{1.5, 2}, reps: 2,
		throughput: map[float64][]float64{1.5: {800, 801}}}
	run := func(easy float64) horizonRun {
		return horizonRun{Throughput: [][]float64{{easy - 5, easy + 5}, {easy, easy + 10}}, Arrived: [][]float64{{1.1, 1.2}, {1.1, 1.3}}}
	}
	one := map[string]bool{"a": false, "b": true, "c": true}
	two := map[string]bool{"a": false, "b": false, "c": true}
	r.horizon = []horizonRun{run(900), run(1000)}
	txt := r.horizonTextAt(1.5, one)
	for _, want := range []string{"800 → 900 → 1000 jobs per week as the streams reach further: it rises with the horizon",
		"(jobs arrived in the window 1.10–1.30 of the log's as computed)",
		"Fig. 19's other 2 claims hold as computed, so over the figure any horizon gains at most 1 (ledger.Tally): not a reason"} {
		if !strings.Contains(txt, want) {
			t.Errorf("rising horizon: %q lacks %q", txt, want)
		}
	}
	r.horizon = []horizonRun{run(900), run(850)}
	if txt := r.horizonTextAt(1.5, two); strings.Contains(txt, "rises with the horizon") || !strings.Contains(txt, "2 of Fig. 19's 3 claims differ as computed") {
		t.Errorf("not rising, two differing: %q", txt)
	}
	if txt := r.horizonTextAt(2, one); txt != "" {
		t.Errorf("at a load not measured: %q, want nothing", txt)
	}
}

// TestHorizonConventionApply checks that the horizon of Figs 20–21 is
// shown on a differing entry only, with its tally and the claims it loses,
// and is never given as a reason even when it brings the entry within and
// gains 2 net (ledger.Tally): no horizon is a reading of ours.
func TestHorizonConventionApply(t *testing.T) {
	t.Parallel()
	c := &horizonConvention{
		asComputed: map[string]bool{"a": false, "b": false, "c": true},
		within:     map[string]bool{"a": true, "b": true, "c": true},
		held:       map[string]int{"a": 3, "b": 3, "c": 3},
		bySeed:     []ledger.Tally{{N: 3, AsComputed: 1, Within: 3, Gained: 2}, {N: 3, AsComputed: 1, Within: 3, Gained: 2}, {N: 3, AsComputed: 1, Within: 3, Gained: 2}},
		tally:      ledger.Tally{N: 3, AsComputed: 1, Within: 3, Gained: 2},
		gainCycle:  ledger.MeanOverSeeds([]float64{0.12, 0.13, 0.14}),
		gainNone:   ledger.MeanOverSeeds([]float64{0.02, 0.03, 0.04}),
		arrived:    [2]float64{1.39, 1.47},
	}
	l := ledger.New(Key)
	e := c.apply(l.Claim("Fig. 21", "a", "a claim", false, "does not hold"), "a")
	for _, want := range []string{"generated to 2× the log's span", "submit 1.39–1.47", "it holds judged over 3 seeds (one by one at 3 of 3)",
		"with office hours 0.130 (SE 0.006), without a cycle 0.030 (SE 0.006)", "3 hold against 1 as computed (gains 2, loses 0)", "not a reason"} {
		if !strings.Contains(e.OurValue, want) {
			t.Errorf("differing entry: %q lacks %q", e.OurValue, want)
		}
	}
	if e.Reason != "" || e.Verdict != ledger.Differs {
		t.Errorf("the horizon was made a reason: %q, %v", e.Reason, e.Verdict)
	}
	if got := c.apply(l.Claim("Fig. 21", "c", "a claim", true, "holds"), "c"); got.OurValue != "holds: holds" {
		t.Errorf("agreeing entry changed: %q", got.OurValue)
	}
	c.within["c"] = false
	if got := c.apply(l.Claim("Fig. 21", "b", "a claim", false, "does not hold"), "b"); !strings.Contains(got.OurValue, "(gains 2, loses 0: c)") {
		t.Errorf("lost claim not named: %q", got.OurValue)
	}
	var none *horizonConvention
	if got := none.apply(l.Claim("Fig. 21", "d", "a claim", false, "does not hold"), "d"); got.OurValue != "does not hold: does not hold" {
		t.Errorf("quick mode (nil) changed the entry: %q", got.OurValue)
	}
}
