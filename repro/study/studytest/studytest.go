// Package studytest holds the checks every paper package of repro makes in
// its tests: every numbered item of the paper listed, every quote of the
// ledger found in the paper's text, the quick-mode ledger computed once per
// test process, compared with its baseline and checked for consistency
// (ledger.Consistency), and entries of the committed full-mode ledger
// pinned (Pinned).
package studytest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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

// Baseline compares a paper's quick-mode entries with its baseline (file,
// e.g. "../testdata/quick/<key>.json", a ledger.Snapshot): it fails for
// every stored entry that is gone, changed verdict (either way) or moved
// beyond its tolerance (ledger.Snapshot.Compare), and logs the new ones.
// To record an intended change, save the baseline again (repro/doc.go).
func Baseline(t *testing.T, file string, entries []ledger.Entry) {
	t.Helper()
	s := readSnapshot(t, file)
	c, err := s.Compare(entries)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range c.Failed {
		t.Errorf("%s (baseline %s; if intended: %s)", f, file, RegenerateBaseline(s.Paper))
	}
	if len(c.New) > 0 {
		t.Logf("%d entries are not in the baseline %s yet: %v", len(c.New), file, c.New)
	}
	known := ReadKnownList(t, filepath.Join(filepath.Dir(filepath.Dir(file)), KnownInconsistencies))
	for _, err := range ledger.Consistency(entries) {
		if !known[err.Error()] {
			t.Errorf("%v (the rules of ledger.Consistency)", err)
		}
	}
}

// KnownInconsistencies is the file, in repro/testdata, that lists the
// breaches of ledger.Consistency the paper packages still have to resolve,
// one error a line ("paper id: what"; # starts a comment). The tests fail
// on a breach not listed, and repro's TestConsistency on a listed one that
// no stored ledger shows any more, so the list only shrinks.
const KnownInconsistencies = "known-inconsistencies.txt"

// ReadKnownList reads a list of known breaches still to resolve (as
// KnownInconsistencies), one a line, # starting a comment, as a set; a
// missing file is an empty list.
func ReadKnownList(t testing.TB, file string) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			known[line] = true
		}
	}
	return known
}

// RegenerateBaseline is the command that saves the quick-mode baseline of
// paper key, from the module's root.
func RegenerateBaseline(key string) string {
	return "go run ./cmd/tracelab reproduce " + key + " --quick --write-baseline repro/testdata/quick"
}

func readSnapshot(t testing.TB, file string) ledger.Snapshot {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := ledger.ReadSnapshot(f)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Pinned checks entries of a paper's committed full-mode ledger (file, e.g.
// "../ledgers/<key>.json") that CI cannot afford to compute in full: their
// stored verdicts must follow from their stored values (ledger.Rejudge),
// and compute — a reduced, seeded computation of the paper package that
// makes entries with the same ids — must give each of them exactly its
// stored value and verdict. ids names the entries; compute may be nil to
// re-judge only. The test skips when no committed ledger exists yet (before
// the first full reproduction); that the stored ledger belongs to the
// current code is tested by repro's stale-ledger test.
func Pinned(t *testing.T, file string, ids []string, compute func() ([]ledger.Entry, error)) {
	t.Helper()
	if _, err := os.Stat(file); err != nil {
		t.Skipf("no committed full-mode ledger %s yet: run scripts/reproduce.sh and commit repro/ledgers", file)
	}
	s := readSnapshot(t, file)
	stored := map[string]ledger.Entry{}
	for _, e := range s.Entries {
		stored[e.ID] = e
	}
	var pinned []ledger.Entry
	for _, id := range ids {
		e, ok := stored[id]
		if !ok {
			t.Errorf("%s: no entry %s", file, id)
			continue
		}
		pinned = append(pinned, e)
	}
	for _, err := range ledger.Rejudge(pinned) {
		t.Error(err)
	}
	if compute == nil {
		return
	}
	got, err := compute()
	if err != nil {
		t.Fatal(err)
	}
	now := map[string]ledger.Entry{}
	for _, e := range got {
		now[e.ID] = e
	}
	for _, want := range pinned {
		e, ok := now[want.ID]
		switch {
		case !ok:
			t.Errorf("%s: the reduced computation made no entry %s", s.Paper, want.ID)
		case e.Verdict != want.Verdict || e.OurValue != want.OurValue || !sameNumber(e.OurNumber, want.OurNumber):
			t.Errorf("%s %s: the reduced computation gives %s (%s), the committed ledger %s (%s)",
				s.Paper, want.ID, e.OurValue, e.Verdict, want.OurValue, want.Verdict)
		}
	}
}

func sameNumber(a, b *float64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
