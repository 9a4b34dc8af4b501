package lublin2003

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
	return studytest.QuickLedger(t, "lublin2003", func() (*ledger.Ledger, error) {
		return New(study.Options{Quick: true}).Ledger(context.Background())
	})
}

// TestQuotes: every quote of the ledger is in the paper's text.
func TestQuotes(t *testing.T) {
	studytest.Quotes(t, New(study.Options{}).Paper(), ledgerOf(t).Entries())
}

// TestLedger: entries whose verdict follows from a closed form, from the
// paper's own arithmetic or from the data's plain counts, and every item of
// the paper has entries.
func TestLedger(t *testing.T) {
	l := ledgerOf(t)
	for _, tt := range []struct {
		id      string
		verdict ledger.Verdict
	}{
		{"fig1/mean", ledger.Agrees},                        // αβ = 6 (closed form)
		{"fig1/variance", ledger.Agrees},                    // αβ² = 12
		{"fig1/shape", ledger.Agrees},                       // α ≤ 1 falls from 0, α > 1 has an interior mode
		{"fig2/serial", ledger.Agrees},                      // sampled p1 of the paper's model
		{"fig6/size1/mean", ledger.Agrees},                  // sampled mixture mean
		{"table1/model/p1/paper-rows", ledger.Agrees},       // (0.21 + 0.21 + 0.30) / 3 = 0.24
		{"table2/average/alpha1/paper-rows", ledger.Agrees}, // geometric mean 4.28 against the printed 4.20
		{"table1/LANL/pow2-only", ledger.Agrees},            // the CM-5 allocates powers of two ≥ 32
		{"logs/LANL/nodes", ledger.Agrees},                  // 1024 in the header
		{"logs/KTH/completed", ledger.Differs},              // the cleaned log: 20,530 completed against 16,221
		{"table2/SDSC95/alpha1", ledger.NotComparable},      // SDSC-Par-1995 is not available
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

// TestBaseline: the quick-mode ledger against its baseline
// (repro/testdata/quick, see repro/doc.go): no entry gone, no verdict
// changed, no value moved beyond its tolerance.
func TestBaseline(t *testing.T) {
	studytest.Baseline(t, "../testdata/quick/lublin2003.json", ledgerOf(t).Entries())
}
