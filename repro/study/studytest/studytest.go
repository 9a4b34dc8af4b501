// Package studytest holds the checks every paper package of repro makes in
// its tests: every numbered item of the paper listed (with a note when not
// fully reproduced), every quote of the ledger found in the paper's text,
// and the quick-mode ledger computed once per test process.
package studytest

import (
	"os"
	"sync"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// PaperText returns the text of p's paper (study.PaperText), skipping the
// test when it is not found.
func PaperText(t testing.TB, p ledger.Paper) string {
	t.Helper()
	text, err := study.PaperText(p.File)
	if err != nil {
		t.Skip(err)
	}
	return text
}

// Items checks that p lists every numbered figure and table of its text.
// (Their statuses are computed from the ledger: ledger.StatusOf.)
func Items(t *testing.T, p ledger.Paper) {
	t.Helper()
	if m := p.MissingItems(PaperText(t, p)); len(m) != 0 {
		t.Errorf("%s: items not listed: %v", p.Key, m)
	}
}

// Quotes checks that every quote of the entries is in p's text.
func Quotes(t *testing.T, p ledger.Paper, entries []ledger.Entry) {
	t.Helper()
	for _, err := range ledger.VerifyQuotes(entries, PaperText(t, p)) {
		t.Error(err)
	}
}

var ledgers sync.Map // paper key → *study.Once[*ledger.Ledger]

// QuickLedger returns the ledger that compute makes (a paper's quick-mode
// Ledger), computed once per test process for the paper key; the test
// skips when TRACELAB_DATA is not set or with go test -short (a quick
// ledger takes about a minute), and fails on an error.
func QuickLedger(t testing.TB, key string, compute func() (*ledger.Ledger, error)) *ledger.Ledger {
	t.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	if testing.Short() {
		t.Skip("-short: the quick-mode ledger takes about a minute")
	}
	v, _ := ledgers.LoadOrStore(key, &study.Once[*ledger.Ledger]{})
	l, err := v.(*study.Once[*ledger.Ledger]).Get(compute)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Baseline checks that every entry that agrees in the paper's quick-mode
// baseline (file, e.g. "../testdata/quick/<key>.json") still agrees.
func Baseline(t *testing.T, file string, entries []ledger.Entry) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := ledger.ReadBaseline(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range b.Check(entries).Regressions {
		t.Error(r)
	}
}
