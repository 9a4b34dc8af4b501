package zakay2013

import (
	"testing"

	"github.com/tracelab/tracelab/sim/resample"
)

// TestSlowdownAroundPrintedCount: "In six of the nine logs we checked"
// (§6.1, Fig. 9) is a count the paper prints, so our share of logs agrees
// within 6/9 ± half a unit, 5.5/9–6.5/9 = 0.611–0.722 (ledger.Printed's
// rule on a count; referee15's D3), not "at least half". The full-mode
// ledger's common week is around in 5 of 7 logs (0.714: within); quick
// mode's 1 of 2 (0.5) and 4 or 6 of 7 are not.
func TestSlowdownAroundPrintedCount(t *testing.T) {
	cases := []struct {
		around, logs int
		agrees       bool
	}{
		{5, 7, true},  // 0.714, the full-mode common week at every seed
		{4, 7, false}, // 0.571 < 0.611
		{6, 7, false}, // 0.857 > 0.722
		{1, 2, false}, // 0.5, quick mode's common week
		{6, 9, true},  // the paper's own count
		{2, 3, true},  // 0.667
		{7, 7, false},
		{0, 7, false},
	}
	for _, c := range cases {
		var rows []metricPosition
		for i := range c.logs {
			at := 0.99 // not around: the original above nearly all variants
			if i < c.around {
				at = 0.5
			}
			rows = append(rows, metricPosition{log: BootstrapLogs[i%len(BootstrapLogs)], metric: "avg_slowdown",
				pos: resample.Position{Original: 1, Replicates: 100, Min: 0.5, Max: 2, AtOrBelow: at, MedianRatio: 1}})
		}
		var found bool
		for _, st := range fig9Statements(rows) {
			if st.id != "fig9/slowdown_around_share" {
				continue
			}
			found = true
			if got := st.agrees(); got != c.agrees {
				t.Errorf("%d of %d logs around (share %.3f): agrees %v, want %v (%s)", c.around, c.logs, st.got, got, c.agrees, st.want.Value())
			}
		}
		if !found {
			t.Errorf("%d of %d logs: no slowdown_around_share statement", c.around, c.logs)
		}
	}
}
