package feitelson2007

import (
	"context"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/repro/study/studytest"
)

// TestItems: every numbered figure and table of the paper is listed, and
// an item not fully reproduced says why.
func TestItems(t *testing.T) {
	studytest.Items(t, New(study.Options{}).Paper())
}

func ledgerOf(t *testing.T) *ledger.Ledger {
	t.Helper()
	return studytest.QuickLedger(t, "feitelson2007", func() (*ledger.Ledger, error) {
		return New(study.Options{Quick: true}).Ledger(context.Background())
	})
}

// TestQuotes: every quote of the ledger is in the paper's text.
func TestQuotes(t *testing.T) {
	studytest.Quotes(t, New(study.Options{}).Paper(), ledgerOf(t).Entries())
}

// TestLedger: entries whose verdict follows from the definitions, from
// the paper's own arithmetic or from the logs we lack, and every item of
// the paper has entries.
func TestLedger(t *testing.T) {
	l := ledgerOf(t)
	for _, tt := range []struct {
		id      string
		verdict ledger.Verdict
	}{
		{"table6/KTH-SP2/procs", ledger.Agrees},             // 100 processors in the header
		{"table6/SDSC-Par-1995/jobs", ledger.NotComparable}, // not in the archive copy
		{"fig3/no-autocorrelation", ledger.Agrees},          // symmetric sub-ranges (sim/repetitions.Symmetric)
		{"fig3/uniform", ledger.Agrees},                     // uniform by construction
		{"table2/SDSC-DS/m_max", ledger.NotComparable},      // blanked in our copy
		{"table2/SDSC-DS/times-random", ledger.Agrees},      // 24·(0.085·23/24 + 1/24) = 2.95 for the paper's own value
		{"table5/whale/jobs", ledger.NotComparable},         // SHARCNET is not available
	} {
		e, ok := l.Lookup(tt.id)
		if !ok || e.Verdict != tt.verdict {
			t.Errorf("%s: %+v, want %s", tt.id, e, tt.verdict)
		}
	}
	items := map[string]bool{}
	for _, e := range l.Entries() {
		items[e.Item] = true
	}
	for _, it := range New(study.Options{}).Paper().Items {
		if !items[it.Name] {
			t.Errorf("%s has no ledger entry", it.Name)
		}
	}
}

// TestShare: the share of the fullest range follows from m_i (§3.1 step
// 3(c)); the paper's own pairs: m = 0.419 → 44.3%, 0.269 → 29.9%, 0.085
// → 12.3% with 24 ranges.
func TestShare(t *testing.T) {
	for _, tt := range []struct{ m, want float64 }{{0.419, 0.443}, {0.269, 0.299}, {0.085, 0.123}, {0, 1.0 / 24}, {1, 1}} {
		if got := share(tt.m, 24); got < tt.want-0.0006 || got > tt.want+0.0006 {
			t.Errorf("share(%v) = %v, want %v", tt.m, got, tt.want)
		}
	}
}

// TestBaseline: every entry that agrees in the quick-mode baseline still
// agrees (repro/testdata/quick, see repro/doc.go).
func TestBaseline(t *testing.T) {
	studytest.Baseline(t, "../testdata/quick/feitelson2007.json", ledgerOf(t).Entries())
}
