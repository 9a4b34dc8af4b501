package feitelson2021

import (
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestFig2Shortest: the readings of "the very shortest" on a histogram
// built by hand (20 bins of 5%): 0.20 in 0–5%, 0.065 in 5–10%, then bins
// from 0.04 to 0.048 and the peak 0.30 in 95–100%. Flat is a likeness of
// the bins (FlatFactor, ledger.LikeFactor 1.25), the exception beyond it.
func TestFig2Shortest(t *testing.T) {
	h := fig2TestHist
	for _, c := range []struct {
		cut              int
		flat, shortest   bool
		fmin, fmax, smin float64
	}{
		// From 5%: 0.04 to 0.065, a factor of 1.625: not flat (it was
		// within the old factor 3); 0.20 exceeds 1.25 × 0.065.
		{1, false, true, 0.04, 0.065, 0.20},
		// From 10%: 0.04 to 0.048 (1.2): flat; the bins below, 0.20 and
		// 0.065, both above 1.25 × 0.048 = 0.06.
		{2, true, true, 0.04, 0.048, 0.065},
		// From 15%: the 10–15% bin (0.048) is not above 0.06.
		{3, true, false, 0.04, 0.048, 0.048},
	} {
		flat, shortest, fmin, fmax, smin := fig2Shortest(h, c.cut)
		if flat != c.flat || shortest != c.shortest || fmin != c.fmin || fmax != c.fmax || smin != c.smin {
			t.Errorf("cut %d: got flat %v shortest %v (%g, %g, %g), want %v %v (%g, %g, %g)",
				c.cut, flat, shortest, fmin, fmax, smin, c.flat, c.shortest, c.fmin, c.fmax, c.smin)
		}
	}
}

// fig2TestHist is TestFig2Shortest's histogram.
var fig2TestHist = []float64{0.20, 0.065, 0.048, 0.04, 0.044, 0.04, 0.048, 0.044, 0.04, 0.048,
	0.04, 0.044, 0.048, 0.04, 0.044, 0.04, 0.048, 0.044, 0.04, 0.30}

// TestFig2CutTallies: each wider cut is tallied over both entries it
// decides. On TestFig2Shortest's histogram (as computed: not flat,
// shortest) cut 2 makes both hold (2 of 2 against 1: gains 1, loses 0);
// cut 3 makes it flat but not shortest (1 of 2 against 1: gains 1, loses
// 1). Two logs of that histogram double the counts.
func TestFig2CutTallies(t *testing.T) {
	h := fig2TestHist
	got := fig2CutTallies([]string{"a", "b"}, map[string][]float64{"a": h, "b": h})
	want := map[int]ledger.Tally{
		2: {N: 4, AsComputed: 2, Within: 4, Gained: 2, Lost: 0},
		3: {N: 4, AsComputed: 2, Within: 2, Gained: 2, Lost: 2},
	}
	for k, c := range fig2ReadingCuts {
		w, ok := want[c]
		if !ok {
			continue
		}
		if got[k] != w {
			t.Errorf("cut %d: got %+v, want %+v", c, got[k], w)
		}
	}
	if !got[0].Justified() || got[1].Justified() {
		t.Errorf("justified: cut 2 %v (want true), cut 3 %v (want false)", got[0].Justified(), got[1].Justified())
	}
}

// TestFig2Holds: the three claims on TestFig2Shortest's histogram: the
// peak (0.30) above every bin from 10% to 95% (at most 0.05), not flat
// (0.02 to 0.065), the first bin (0.20) the exception.
func TestFig2Holds(t *testing.T) {
	h := []float64{0.20, 0.065, 0.05, 0.03, 0.04, 0.02, 0.03, 0.05, 0.04, 0.03,
		0.02, 0.03, 0.04, 0.03, 0.02, 0.03, 0.04, 0.03, 0.02, 0.30}
	if got, want := fig2Holds(h), [3]bool{true, false, true}; got != want {
		t.Errorf("fig2Holds = %v, want %v", got, want)
	}
}
