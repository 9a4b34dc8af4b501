package feitelson2021

import (
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestRhoSE: the standard error of Fisher's z of Spearman's ρ,
// √(1.06/(n − 3)) (Fieller, Hartley and Pearson, Biometrika 44, 1957).
func TestRhoSE(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want float64
	}{
		{109, 0.1},                 // 1.06/106 = 0.01
		{48, math.Sqrt(1.06 / 45)}, // KTH-SP2's weeks of Fig. 11
		{3, math.Inf(1)},           // no degree of freedom left
		{1, math.Inf(1)},
	} {
		if got := RhoSE(tt.n); got != tt.want && math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("RhoSE(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
}

// TestRhoDirectionBeyondNoise: a claimed direction or difference of rank
// correlations holds only beyond twice its standard error, as Fig. 19's
// "higher" (TestFig19HigherBeyondNoise). KTH-SP2's ρ = −0.20 over 48 weeks
// (z within 2 SE = 0.31 of 0) does not show that weeks with many jobs have
// smaller jobs; CTC-SP2's continuation falls with one adjacent swap against
// the response time (12 bins) and against the slowdown (10 bins), so the
// response time is not shown the better predictor there. Both agreed when
// any ρ < 0, and any larger |ρ|, was enough.
func TestRhoDirectionBeyondNoise(t *testing.T) {
	l := ledgerOf(t)
	for _, tt := range []struct {
		id      string
		verdict ledger.Verdict
		shows   string // in our value: the bound it was judged by
	}{
		{"fig11/KTH-SP2/many-jobs-small", ledger.Differs, "against −2 SE"},
		{"fig11/CTC-SP2/many-jobs-small", ledger.Agrees, "against −2 SE"}, // ρ = −0.51 over 49 weeks
		{"fig18/CTC-SP2/response-better-predictor", ledger.Differs, "against 2 SE"},
		{"fig18/KTH-SP2/response-better-predictor", ledger.Agrees, "against 2 SE"}, // −0.98 against −0.41
	} {
		e, ok := l.Lookup(tt.id)
		if !ok || e.Verdict != tt.verdict || !strings.Contains(e.OurValue, tt.shows) {
			t.Errorf("%s: %s, %q; want %s with %q", tt.id, e.Verdict, e.OurValue, tt.verdict, tt.shows)
		}
	}
}
