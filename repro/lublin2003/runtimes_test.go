package lublin2003

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestSubsampleReason: subsamples of 500 that pass at every seed explain a
// failed re-test on 1000 jobs; passing at some seeds is a measurement, at
// none nothing.
func TestSubsampleReason(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name      string
		p         []float64
		explained bool
		measured  bool
	}{
		{"every seed", []float64{0.08, 0.3, 0.06}, true, false},
		{"two of three", []float64{0.08, 0.01, 0.2}, false, true},
		{"none", []float64{0.01, 0.02, 0.04}, false, false},
	} {
		e := &ledger.Entry{ID: "x", Verdict: ledger.Differs, OurValue: "p 0.03"}
		e.ExplainedBy(subsampleReason(c.p))
		if got := e.Reason != ""; got != c.explained {
			t.Errorf("%s: reason %q", c.name, e.Reason)
		}
		if got := strings.Contains(e.OurValue, "so not a reason"); got != c.measured {
			t.Errorf("%s: ours %q", c.name, e.OurValue)
		}
	}
}
