package feitelson2021

import (
	"strings"
	"testing"
)

// TestFig11SizeReadings: a reading of "all of them, by all users, are
// small" is a reason for a log's many-jobs-small only when, over Fig. 11's
// logs, it brings at least two more within than the paper's reading
// (ledger.Tally) and this log among them. Made-up ρ over 100 weeks each
// (−2 SE = −0.21): as computed −0.1 on A and B, −0.5 on C and D (2 of 4
// hold). By runtime −0.5 on every log (4 of 4: a reason on A), or −0.5
// on A only (3 of 4: a net gain of one, no reason).
func TestFig11SizeReadings(t *testing.T) {
	t.Parallel()
	n := []int{100, 100, 100, 100}
	for _, c := range []struct {
		name    string
		runtime []float64
		reason  bool
	}{
		{"every log", []float64{-0.5, -0.5, -0.5, -0.5}, true},
		{"A only", []float64{-0.5, -0.1, -0.5, -0.5}, false},
	} {
		r := &Fig11Result{Logs: []string{"A", "B", "C", "D"},
			rhoSize: []float64{-0.1, -0.1, -0.5, -0.5}, sizeWeeks: n,
			rhoSizeAll: []float64{-0.1, -0.1, -0.5, -0.5}, allWeeks: n,
			rhoRuntime: c.runtime, runtimeWeeks: n}
		reason, measured := r.sizeReadings(0)
		if got := reason != ""; got != c.reason {
			t.Errorf("%s: reason %q, want one: %v", c.name, reason, c.reason)
		}
		if c.reason && !strings.Contains(reason, "mean runtime") {
			t.Errorf("%s: reason %q, want the runtime reading", c.name, reason)
		}
		if !strings.Contains(measured, "all the week's jobs") || !strings.Contains(measured, "mean runtime") {
			t.Errorf("%s: measured %q, want both readings", c.name, measured)
		}
	}
}
