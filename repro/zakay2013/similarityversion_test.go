package zakay2013

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestSimilarityVersionWords checks what a Table II "equal" cell says of
// the paper's version. Reference values by hand: SDSC-DS (ledger at
// 4697c25) has 45 users of one processor count among 332 and lacks 20
// first jobs, so its cell is at least (45 − 20)/(332 + 20) = 0.0710 against
// the paper's 0.0092; with 10 such users the bound is 0, within.
func TestSimilarityVersionWords(t *testing.T) {
	paper := SimilarityRow{0.1, 0.0092, 0.1, 0.1, 0.0092, 0.1}
	cases := []struct {
		name string
		c    tableCell
		want []string
	}{
		{"first jobs cannot be the cause", tableCell{log: "SDSC-DS", attr: datasets.Procs, paper: paper, users: 332, constant: 45, lacks: 20},
			[]string{"20 jobs more than ours", "at most 20 of our 45", "at least 0.071", "still outside", "cannot be the cause"}},
		{"first jobs within reach", tableCell{log: "SDSC-DS", attr: datasets.Procs, paper: paper, users: 332, constant: 10, lacks: 20},
			[]string{"at most 10 of our 10", "at least 0.000", "the paper's within reach: our copy cannot say"}},
		{"as many jobs", tableCell{log: "LANL-CM5", attr: datasets.Procs, paper: paper, users: 187, constant: 30, sameJobs: true},
			[]string{"(LANL-CM5-1994-3.1-cln) has as many jobs as ours", "other processor counts in its conversion"}},
		{"nothing known", tableCell{log: "LANL-CM5", attr: datasets.Procs, paper: paper, users: 187, constant: 30}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.c.versionWords(4)
			if c.want == nil && got != "" {
				t.Fatalf("got %q, want nothing", got)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("missing %q in %q", w, got)
				}
			}
		})
	}
}
