package feitelson2007

import (
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestFig11Rates: the rates measured beside the source's own are half and
// twice as often (fig11SlowDowns) and the 1995 SDSC Paragon log's 147.9
// jobs a day (§3.1), as a divisor of the source's rate. Hand-worked: a
// source of n jobs whose submits span 10 days has n/10 a day, so the
// Paragon's rate divides it by (n/10)/147.9: 300 jobs, 30.0 a day, 0.2028
// (jobs arrive 4.9 times as often); 1479 jobs, the same rate, 1; 2958
// jobs, 2 (half as often).
func TestFig11Rates(t *testing.T) {
	cases := []struct {
		jobs     int
		wantSlow float64
		ours     string
	}{
		{300, 30.0 / 147.9, "against 30.0 in ours"},
		{1479, 1, "against 147.9 in ours"},
		{2958, 2, "against 295.8 in ours"},
	}
	for _, c := range cases {
		tr := datasets.NewTrace("toy", c.jobs)
		for i := range c.jobs { // submits evenly over 10 days, first to last
			tr.Append(datasets.Job{JobID: i + 1, Submit: float64(i) * 10 * 86400 / float64(c.jobs-1), Runtime: 1, Procs: 1})
		}
		rates := fig11Rates(tr)
		if len(rates) != len(fig11SlowDowns)+1 {
			t.Fatalf("%d jobs: %d rates, want %d", c.jobs, len(rates), len(fig11SlowDowns)+1)
		}
		for i, slow := range fig11SlowDowns {
			if rates[i].slow != slow {
				t.Errorf("rate %d: %g, want %g", i, rates[i].slow, slow)
			}
		}
		p := rates[len(rates)-1]
		if math.Abs(p.slow-c.wantSlow) > 1e-9 {
			t.Errorf("%d jobs: Paragon slow-down %g, want %g", c.jobs, p.slow, c.wantSlow)
		}
		if !strings.Contains(p.label, "147.9 a day") || !strings.Contains(p.label, c.ours) {
			t.Errorf("%d jobs: label %q, want the paper's 147.9 a day and %q", c.jobs, p.label, c.ours)
		}
	}
}
