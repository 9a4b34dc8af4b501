package feitelson2007

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestTable5JobsAreChecks: Table 5's jobs per SHARCNET cluster describe
// the paper's input, so by the ledger's kinds (REPRODUCTION.md, Kinds) they
// are checks; the clusters' deviations are the paper's claims. Both are
// not comparable without SHARCNET-2005, whether or not the log is here.
func TestTable5JobsAreChecks(t *testing.T) {
	for _, r := range []*SharcnetResult{
		{Why: sharcnetLog + " is not available here", missing: true},
		{Why: sharcnetLog + " is available but its split into clusters is not implemented"},
	} {
		l := ledger.New("test")
		r.Claims(l)
		jobs := 0
		for _, e := range l.Entries() {
			if !strings.HasPrefix(e.ID, "table5/") || e.Verdict != ledger.NotComparable {
				continue
			}
			wantCheck := strings.HasSuffix(e.ID, "/jobs")
			if wantCheck {
				jobs++
			}
			if (e.Kind == ledger.SelfCheck) != wantCheck {
				t.Errorf("missing %v: %s is of kind %s", r.missing, e.ID, e.Kind)
			}
		}
		if jobs != len(table5Paper) {
			t.Errorf("missing %v: %d jobs entries, want %d", r.missing, jobs, len(table5Paper))
		}
	}
}
