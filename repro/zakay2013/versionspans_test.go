package zakay2013

import (
	"context"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// TestVersionSpans checks the bound on what the paper's version's extra
// first jobs can do to Table V's KS distance of the long-term spans.
// Reference values by hand.
func TestVersionSpans(t *testing.T) {
	lo := 12 * datasets.Week
	cases := []struct {
		name string
		v    versionSpans
		want []string // "" wants nothing
	}{
		{
			// SDSC-SP2 (ledger at 4697c25): 10/173 = 0.0578; period at time 0
			// already (start 0); 0.17348 − 0.0578 = 0.1157 > 1.36/√173 = 0.1034.
			name: "first jobs cannot be the cause",
			v:    versionSpans{lacks: 10, n: 173, ks: 0.17348, crit: ksCritical(173), span: 730 * datasets.Day, lo: lo},
			want: []string{"10 jobs more", "at most 10 of the 173", "by at most 0.058", "begins at the log's time 0 already", "at least 0.116",
				"beyond the critical distance 0.103", "cannot be the cause"},
		},
		{
			// SDSC-BLUE's shape: 8/429 = 0.0186; 5 days of 974 − 84: 0.0056;
			// 0.239 − 0.0186 − 0.0056 = 0.2148.
			name: "a period begun earlier",
			v:    versionSpans{lacks: 8, n: 429, ks: 0.239, crit: ksCritical(429), span: 974 * datasets.Day, start: 5 * datasets.Day, lo: lo},
			want: []string{"by at most 0.019", "at most 5.0 days", "at most 0.006", "at least 0.215", "cannot be the cause"},
		},
		{
			// 10/50 = 0.2: 0.25 − 0.2 = 0.05 ≤ 1.36/√50 = 0.192.
			name: "within reach",
			v:    versionSpans{lacks: 10, n: 50, ks: 0.25, crit: ksCritical(50), span: 730 * datasets.Day, lo: lo},
			want: []string{"at least 0.050", "within reach of the critical distance 0.192", "our copy cannot say"},
		},
		{
			name: "as many jobs",
			v:    versionSpans{sameJobs: true, n: 159, ks: 0.125, crit: ksCritical(159), span: 721 * datasets.Day, lo: lo},
			want: []string{"as many jobs as ours"},
		},
		{
			name: "nothing known",
			v:    versionSpans{n: 159, ks: 0.125, crit: ksCritical(159), span: 721 * datasets.Day, lo: lo},
			want: []string{""},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.v.words()
			for _, w := range c.want {
				if w == "" {
					if got != "" {
						t.Fatalf("got %q, want nothing", got)
					}
					continue
				}
				if !strings.Contains(got, w) {
					t.Errorf("missing %q in %q", w, got)
				}
			}
		})
	}
}

// TestTableVVersionWords checks that Table V's differing entries say what
// Table I tells of the paper's version: LANL-CM5's as many jobs as ours;
// SDSC-SP2's 10 first jobs bounded (0.17348 − 10/173 = 0.116 beyond 0.103);
// HPC2N's 5 first jobs for early_users_faster by users of ours (257 users
// in Table I and ours) away from before our first job (3.96 days after
// time 0) to after the 4 weeks: 28 − 3.96 = 24 days.
func TestTableVVersionWords(t *testing.T) {
	needData(t)
	r, err := New(study.Options{Quick: true}).TableV(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	l := ledger.New("zakay2013")
	r.Claims(l)
	want := map[string][]string{
		"table5/LANL-CM5/long_term_spans_uniform": {"as many jobs as ours (Table I)"},
		"table5/SDSC-SP2/long_term_spans_uniform": {"10 jobs more than ours", "at least 0.116", "cannot be the cause"},
		"table5/HPC2N/early_users_faster":         {"Table I counts as many users as ours, 257", "away for 24 days or more"},
	}
	seen := 0
	for _, e := range l.Entries() {
		ws, ok := want[e.ID]
		if !ok {
			continue
		}
		seen++
		if e.Verdict != ledger.Differs {
			t.Errorf("%s: %s, want differs (the words are shown on a difference)", e.ID, e.Verdict)
		}
		for _, w := range ws {
			if !strings.Contains(e.OurValue, w) {
				t.Errorf("%s: missing %q in %q", e.ID, w, e.OurValue)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("found %d of the %d entries", seen, len(want))
	}
}
