package feitelson2007

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestFig11StandIn: Fig. 11's three numbers are of a model sampling a log
// the paper does not name, so ours (modelSource) is a stand-in: not
// comparable whichever way the number falls, any reason a reading found
// dropped, and the span of the sources' means shown. Means worked by hand
// from thetaFrame's two sequences: θ = 2 ours (0.166+0.168)/2 = 0.167, KTH
// 0.182, slow 0.31.
func TestFig11StandIn(t *testing.T) {
	t.Parallel()
	ours := thetaFrame([2]float64{0.166, 0.168}, [2]float64{0.075, 0.080}, [2]float64{0.032, 0.032})
	kth := sourceSweep{log: "KTH", frame: thetaFrame([2]float64{0.181, 0.183}, [2]float64{0.081, 0.090}, [2]float64{0.032, 0.032})}
	slow := sourceSweep{log: "slow", frame: thetaFrame([2]float64{0.30, 0.32}, [2]float64{0.12, 0.13}, [2]float64{0.045, 0.045})}
	for _, c := range []struct {
		name    string
		sources []sourceSweep
		agrees  bool // the number as computed falls within
		found   bool // a reading had been found as its reason
		span    string
	}{
		{"differs", []sourceSweep{kth, slow}, false, false, "spans 0.167 (" + modelSource + ") to 0.310 (slow)"},
		{"agrees", []sourceSweep{kth}, true, false, "spans 0.167 (" + modelSource + ") to 0.182 (KTH)"},
		{"explained", []sourceSweep{kth}, false, true, "with each of our 2 logs"},
		{"no other source", nil, false, false, ""},
	} {
		r := &Fig11Result{Frame: ours, sources: c.sources}
		l := ledger.New("test")
		want := ledger.AtMost(0)
		if c.agrees {
			want = ledger.AtMost(1)
		}
		e := l.Check("Fig. 11", "fig11/theta2", "x", want, 0.5)
		if c.found {
			e.ExplainedBy(ledger.AmongReadings(3).AtSeeds(1, 1), "a reading")
			if e.Found == nil {
				t.Fatalf("%s: setup: no reason found", c.name)
			}
		}
		r.onStandIn(e, 2)
		if e.Verdict != ledger.NotComparable || e.StandIn == "" || e.Found != nil {
			t.Errorf("%s: verdict %s, stand-in %q, found %+v; want not comparable on a stand-in, no reason found", c.name, e.Verdict, e.StandIn, e.Found)
		}
		if !strings.Contains(e.Reason, modelSource+" stands in for it") || !strings.Contains(e.Reason, c.span) {
			t.Errorf("%s: reason %q, want the stand-in and %q", c.name, e.Reason, c.span)
		}
		if errs := ledger.Consistency([]ledger.Entry{*e}); len(errs) > 0 {
			t.Errorf("%s: %v", c.name, errs)
		}
	}
}
