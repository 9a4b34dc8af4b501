package findings

import (
	"context"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets/datasetstest"
)

// TestResamplingMarginalsNull: the resampling-marginal findings judge
// "very similar" by the zakay2013 ledger's rule (zakay2013.ResampledNull):
// with the 4 resampled logs of quick mode the null is measured, so the
// outcome has no interval, names the bound's draws and says that 4 draws
// make no 5% test (mean + 3 SD tells a resampled log apart in about 11%
// of cases with 4; full mode draws 16).
func TestResamplingMarginalsNull(t *testing.T) {
	if testing.Short() {
		t.Skip("a real log")
	}
	tr := datasetstest.Load(t, "KTH-SP2")
	rs, err := Evaluate(context.Background(), tr, []string{"resampling-keeps-activity", "resampling-keeps-positions"}, Options{Quick: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Verdict != Holds && r.Verdict != Fails {
			t.Errorf("%s: %s: %s", r.Finding, r.Verdict, r.Reason)
			continue
		}
		if !strings.Contains(r.Reason, "a resampled log in the original's place against the other 3, mean + 3 SD over 4, not a 5% test with so few: about 11%") {
			t.Errorf("%s: reason %q does not state the resampling's own null", r.Finding, r.Reason)
		}
		if r.Lo == r.Lo || r.Hi == r.Hi { // not NaN: an interval on top of the null's 3 SD
			t.Errorf("%s: interval [%g, %g], want none (the bound holds the noise)", r.Finding, r.Lo, r.Hi)
		}
		if holds := r.Value <= 1; holds != (r.Verdict == Holds) {
			t.Errorf("%s: value %.3f but %s", r.Finding, r.Value, r.Verdict)
		}
	}
}
