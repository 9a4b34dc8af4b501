package feitelson2007

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestJobsReason: a Table 6 job count is explained by a cleaning filter
// only when that one filter's removed jobs make up the difference exactly
// (the counts of SDSC-SP2-1998-4.2-cln's header against Table 6's 59725);
// a sum of filters is never searched for.
func TestJobsReason(t *testing.T) {
	t.Parallel()
	sp2 := table6Log{file: "SDSC-SP2-1998-3.1-cln", catalog: "SDSC-SP2", jobs: 59725}
	filters := []datasets.CleaningFilter{
		{Text: "user=328 and (job>=66553 and job<=68106) (452 jobs removed)", Removed: 452},
		{Text: "job<=10 (10 jobs removed)", Removed: 10},
	}
	cases := []struct {
		name    string
		jobs    int
		filters []datasets.CleaningFilter
		want    string
	}{
		{"one filter exactly", 59715, filters, `lacks exactly the jobs of its header's cleaning filter "job<=10 (10 jobs removed)" (59715 + 10 = 59725, the paper's count)`},
		{"off by one", 59714, filters, "another version of the log: ours is v (-11 jobs), the paper's SDSC-SP2-1998-3.1-cln"},
		{"only a sum would fit", 59725 - 462, filters, "(-462 jobs)"},
		{"no filter", 59715, nil, "(-10 jobs)"},
	}
	for _, c := range cases {
		got := logRow{log: sp2, name: "v", jobs: c.jobs, filters: c.filters}.jobsReason()
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want it to contain %q", c.name, got, c.want)
		}
	}
}
