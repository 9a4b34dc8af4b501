package zakay2013

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
)

// TestRandomFullestShare: days of one job fill one bin (share 1, no
// spread); days of many jobs approach 1/16 from above (the limit the
// paper prints).
func TestRandomFullestShare(t *testing.T) {
	t.Parallel()
	ones := make([]int, 30)
	for i := range ones {
		ones[i] = 1
	}
	if m, sd := randomFullestShare(ones, 16, 5, 1); m != 1 || sd != 0 {
		t.Errorf("days of one job: %v ± %v, want 1 ± 0", m, sd)
	}
	big := []int{200000, 200000, 200000}
	// Closed form bound: the fullest of 16 bins of n = 200000 uniform jobs
	// exceeds 1/16 by a few binomial SDs, sqrt(p(1−p)/n) = 0.00054.
	if m, _ := randomFullestShare(big, 16, 3, 1); m <= 1.0/16 || m > 1.0/16+5*0.00054 {
		t.Errorf("days of 200000 jobs: %v, want just above 1/16", m)
	}
}

// TestNoLocalityReason: the scrambled logs with whole ties at the random
// days' value at every seed explain the difference from 1/16; off at one
// seed of three, the reason is a measurement and the entry unexplained.
func TestNoLocalityReason(t *testing.T) {
	t.Parallel()
	days := make([]int, 60)
	for i := range days {
		days[i] = 100
	}
	m, _ := randomFullestShare(days, 16, randomDraws, 0)
	for _, c := range []struct {
		name      string
		whole     []float64
		explained bool
		found     string
	}{
		{"every seed", []float64{m, m, m}, true, "one reading measured, holds at 3 of 3 seeds"},
		{"one seed off", []float64{m, m + 0.05, m}, false, ""},
		{"none", []float64{m + 0.05, m + 0.05, m + 0.05}, false, ""},
	} {
		r := &Fig5Result{rows: []binsRow{{log: "L", attr: datasets.Procs, scrambled: m - 0.02, dayJobs: days, wholeTies: c.whole}}}
		l := ledger.New("zakay2013")
		r.noLocality(l, "q")
		e := l.Entries()[0]
		if e.Verdict != ledger.Differs {
			t.Fatalf("%s: verdict %v, want differs", c.name, e.Verdict)
		}
		if got := e.Reason != ""; got != c.explained {
			t.Errorf("%s: reason %q, ours %q", c.name, e.Reason, e.OurValue)
		}
		if c.explained && e.Found.String() != c.found {
			t.Errorf("%s: found %q, want %q", c.name, e.Found, c.found)
		}
		if !c.explained && !strings.Contains(e.OurValue, "so not a reason") {
			t.Errorf("%s: ours %q does not keep the measurement", c.name, e.OurValue)
		}
	}
}
