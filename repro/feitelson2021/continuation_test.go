package feitelson2021

import (
	"math"
	"testing"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/repro/ledger"
)

// TestContinuationAUC: areas and standard errors computed by hand (Hanley
// and McNeil 1982, eq. 1: SE² = (A(1−A) + (C−1)(Q1−A²) + (S−1)(Q2−A²)) / CS,
// Q1 = A/(2−A), Q2 = 2A²/(1+A), C jobs continued, S stopped).
func TestContinuationAUC(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		bins    []session.Bin
		auc, se float64
	}{
		// Every continued job in the lower bin: A = 1, SE 0.
		{"separated", []session.Bin{{Jobs: 2, Continued: 2}, {Jobs: 2}}, 1, 0},
		// One bin: every pair tied, A = 1/2; Q1 = Q2 = 1/3, C = S = 2:
		// SE² = (1/4 + 2(1/3 − 1/4)) / 4 = 5/48.
		{"one bin", []session.Bin{{Jobs: 4, Continued: 2}}, 0.5, math.Sqrt(5.0 / 48)},
		// C = S = 3: pairs (continued lower) 2·2 + 2·½·1 + 1·½·2 = 6 of 9.
		{"overlap", []session.Bin{{Jobs: 3, Continued: 2}, {Jobs: 3, Continued: 1}}, 2.0 / 3,
			math.Sqrt((2.0/3*(1.0/3) + 2*(0.5-4.0/9) + 2*(8.0/15-4.0/9)) / 9)},
		// Nobody stopped: no prediction to measure.
		{"all continued", []session.Bin{{Jobs: 3, Continued: 3}}, math.NaN(), math.NaN()},
	} {
		auc, se := continuationAUC(c.bins)
		same := func(a, b float64) bool { return math.IsNaN(a) && math.IsNaN(b) || math.Abs(a-b) < 1e-12 }
		if !same(auc, c.auc) || !same(se, c.se) {
			t.Errorf("%s: AUC %v ± %v, want %v ± %v", c.name, auc, se, c.auc, c.se)
		}
	}
}

// TestFig18AUCReason: the area-under-the-ROC reading explains a
// response-better-predictor that differs only when, over both claims of
// Fig. 18 on every log, it brings at least two more within than the
// paper's reading (ledger.Tally). Made-up curves on three logs, each
// falling (ρ < 0, last bin below the first); by ρ the response time is
// better on A only. By the area it is better on A, B and C (a reason on B
// and C), or on A and B only (a net gain of one: a reason nowhere).
func TestFig18AUCReason(t *testing.T) {
	t.Parallel()
	r := func(aucSlowC float64) *Fig18Result {
		return &Fig18Result{Logs: []string{"A", "B", "C"},
			rhoResp: []float64{-0.99, -0.95, -0.95}, rhoSlow: []float64{-0.3, -0.95, -0.95},
			nResp: []int{13, 13, 13}, nSlow: []int{10, 10, 10},
			firstP: []float64{0.8, 0.8, 0.8}, lastP: []float64{0.2, 0.2, 0.2},
			rmsMin: []float64{0.1, 0.1, 0.1}, rmsSec: []float64{0.2, 0.2, 0.2},
			aucResp: []float64{0.8, 0.8, 0.8}, seResp: []float64{0.004, 0.004, 0.004},
			aucSlow: []float64{0.6, 0.6, aucSlowC}, seSlow: []float64{0.004, 0.004, 0.004}}
	}
	for _, c := range []struct {
		name      string
		res       *Fig18Result
		explained map[string]bool
	}{
		{"better on every log", r(0.6), map[string]bool{"B": true, "C": true}},
		{"as good on C", r(0.8), map[string]bool{"B": false, "C": false}},
	} {
		l := ledger.New(Key)
		c.res.Claims(l)
		if e, _ := l.Lookup("fig18/A/response-better-predictor"); e.Verdict != ledger.Agrees {
			t.Errorf("%s: A: verdict %s, want agrees", c.name, e.Verdict)
		}
		for name, want := range c.explained {
			e, ok := l.Lookup("fig18/" + name + "/response-better-predictor")
			if !ok || e.Verdict != ledger.Differs {
				t.Fatalf("%s: %s: entry %v, verdict %s; want differs", c.name, name, ok, e.Verdict)
			}
			if got := e.Reason != ""; got != want {
				t.Errorf("%s: %s: explained %v (reason %q), want %v", c.name, name, got, e.Reason, want)
			}
		}
	}
}
