package zakay2013

import (
	"context"
	"os"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

func paperText(t *testing.T) string {
	t.Helper()
	text, err := study.PaperText(File)
	if err != nil {
		t.Skip(err)
	}
	return text
}

// TestItems: every numbered figure and table of the paper is listed.
func TestItems(t *testing.T) {
	s := New(study.Options{Quick: true})
	if m := s.Paper().MissingItems(paperText(t)); len(m) != 0 {
		t.Errorf("items not listed: %v", m)
	}
	for _, it := range s.Paper().Items {
		if it.Status != ledger.Reproduced && it.Note == "" {
			t.Errorf("%s is %s without a note saying why", it.Name, it.Status)
		}
	}
}

// quickLedger is the quick-mode ledger, computed once for the tests.
var quickLedger = study.Once[*ledger.Ledger]{}

func ledgerOf(t *testing.T) *ledger.Ledger {
	t.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	l, err := quickLedger.Get(func() (*ledger.Ledger, error) {
		return New(study.Options{Quick: true}).Ledger(context.Background())
	})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestQuotes: every quote of the ledger is in the paper's text.
func TestQuotes(t *testing.T) {
	text := paperText(t)
	for _, err := range ledger.VerifyQuotes(ledgerOf(t).Entries(), text) {
		t.Error(err)
	}
}

func TestTableI(t *testing.T) {
	l := ledgerOf(t)
	for _, tt := range []struct {
		id      string
		verdict ledger.Verdict
	}{
		{"table1/KTH-SP2/users", ledger.Agrees}, // 214 users in both versions
		{"table1/KTH-SP2/jobs", ledger.Agrees},  // 28,476 of the paper's 28,489
		{"table1/CTC-SP2/jobs", ledger.Agrees},  // 77,222 in both
		{"table1/ANL-Intrepid/jobs", ledger.NotComparable},
	} {
		e, ok := l.Lookup(tt.id)
		if !ok || e.Verdict != tt.verdict {
			t.Errorf("%s: %+v, want %s", tt.id, e, tt.verdict)
		}
	}
}
