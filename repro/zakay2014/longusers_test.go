package zakay2014

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestLongUsers checks the count of users with very long activity periods
// (Figs 7 and 9: longer than twice the log's plus a day) and how the
// counts at Table I's further seeds are shown. Reference values are
// worked by hand.
func TestLongUsers(t *testing.T) {
	d := datasets.Day
	// Logged activity 1, 2, 0 and 3 days; simulated 3.5 (> 2·1 + 1 = 3),
	// 5 (= 2·2 + 1: not longer), 1.5 (> 0 + 1) and 3 days: 2 users.
	n, err := longUsers([]float64{d, 2 * d, 0, 3 * d}, []float64{3.5 * d, 5 * d, 1.5 * d, 3 * d})
	if err != nil || n != 2 {
		t.Errorf("longUsers = %d, %v; want 2", n, err)
	}
	if _, err := longUsers([]float64{d}, []float64{d, d}); err == nil {
		t.Error("longUsers of 2 simulated users against 1 logged: no error")
	}
	r := &ModelsResult{seed: 2014, longSeeds: map[string][]map[string]int{"SDSC-SP2": {{"fluid": 40}, {"fluid": 43}}}}
	// 40 and 43 of 400: 0.1000 and 0.1075.
	got := r.longAtSeeds("SDSC-SP2", "fluid", 400)
	if want := "of 400 users: seed 2015: 40 (0.1000), seed 2016: 43 (0.1075)"; !strings.Contains(got, want) {
		t.Errorf("longAtSeeds = %q, want %q", got, want)
	}
	if got := r.longAtSeeds("KTH-SP2", "fluid", 400); got != "" {
		t.Errorf("longAtSeeds of a log not run at further seeds = %q, want empty", got)
	}
}
