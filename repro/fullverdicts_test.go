package repro

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/findings"
	"github.com/tracelab/tracelab/repro/ledger"
)

// The verdicts of the committed full-mode ledgers, kept as a reviewed list
// (issue 21: "CI fails on any changed verdict", full mode). Every recording
// (scripts/reproduce.sh) saves new ledgers; TestFullVerdicts then fails,
// printing each verdict that moved (old → new), until the list is written
// again from them with
//
//	go test ./repro -run TestFullVerdicts -update-verdicts
//
// and committed with the ledgers, so that a moved verdict is a diff a
// reviewer reads. The quick-mode baselines are checked by each paper's own
// test (studytest.Baseline).

// verdictsFile is the committed list, relative to repro/.
const verdictsFile = "testdata/full-verdicts.json"

var updateVerdicts = flag.Bool("update-verdicts", false, "rewrite repro/"+verdictsFile+" from the committed full-mode ledgers (repro/ledgers)")

// The kinds of rows beside the ledgers' entry kinds (ledger.Kinds).
const (
	rowItem    = "item"    // an item's status (ledger.ItemStatus); the id is the item's name
	rowFinding = "finding" // a finding on a log (findings.json); paper "findings", id "finding/log"
)

// kindOrder is the order of a paper's rows: its items' statuses, then its
// entries by kind, then the findings.
var kindOrder = []string{rowItem, string(ledger.PaperClaim), string(ledger.SelfCheck), string(ledger.Ours), rowFinding}

// verdictRow is one verdict of the committed ledgers: an entry's verdict and
// how it is counted (ledger.Summary's categories), an item's status, or a
// finding's verdict on a log.
type verdictRow struct {
	Paper   string `json:"paper"`
	Kind    string `json:"kind"`
	ID      string `json:"id"`
	Verdict string `json:"verdict"`
	// As is how the summary counts the verdict: for a difference
	// "unexplained", "explained" or "explained among readings"
	// (Found.Scanned), of a claim or a check; for an agreeing claim
	// "singles out the log", "not discriminating" or "untested", with ",
	// tested with power" added when it is (MarkDiscrimination); empty
	// otherwise (a result of ours, an item, a finding).
	As string `json:"as,omitempty"`
}

func (r verdictRow) key() string { return r.Paper + " " + r.Kind + " " + r.ID }

// said is the row's verdict in words, as the changes print it.
func (r verdictRow) said() string {
	if r.As == "" {
		return r.Verdict
	}
	return r.Verdict + ", " + r.As
}

// entryAs is how ledger.Summarize counts e (see verdictRow.As).
func entryAs(e ledger.Entry) string {
	if e.Kind == ledger.Ours {
		return "" // a result of ours: neither explained nor discriminating
	}
	switch e.Verdict {
	case ledger.Differs:
		switch {
		case e.Unexplained():
			return "unexplained"
		case e.Found != nil && e.Found.Scanned():
			return "explained among readings"
		}
		return "explained"
	case ledger.Agrees:
		if e.Kind != ledger.PaperClaim && e.Kind != "" {
			return ""
		}
		as := "singles out the log"
		switch {
		case e.NotDiscriminating:
			as = "not discriminating"
		case e.Untested:
			as = "untested"
		}
		if e.Powered {
			as += ", tested with power"
		}
		return as
	}
	return ""
}

func kindRank(k string) int {
	if i := slices.Index(kindOrder, k); i >= 0 {
		return i
	}
	return len(kindOrder)
}

// compareRows orders rows by paper, kind (kindOrder) and id.
func compareRows(a, b verdictRow) int {
	if c := strings.Compare(a.Paper, b.Paper); c != 0 {
		return c
	}
	if c := kindRank(a.Kind) - kindRank(b.Kind); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// verdictRows is the sorted list of the verdicts of the snapshots and of
// the findings (nil: none).
func verdictRows(snaps map[string]ledger.Snapshot, found *findings.Stored) []verdictRow {
	var rows []verdictRow
	for _, s := range snaps {
		for _, it := range s.Items {
			rows = append(rows, verdictRow{Paper: s.Paper, Kind: rowItem, ID: it.Name, Verdict: string(it.Status)})
		}
		for _, e := range s.Entries {
			kind := e.Kind
			if kind == "" {
				kind = ledger.PaperClaim // as Summarize counts it
			}
			rows = append(rows, verdictRow{Paper: s.Paper, Kind: string(kind), ID: e.ID, Verdict: string(e.Verdict), As: entryAs(e)})
		}
	}
	if found != nil {
		for _, r := range found.Results {
			rows = append(rows, verdictRow{Paper: "findings", Kind: rowFinding, ID: r.Finding + "/" + r.Log, Verdict: r.Verdict.String()})
		}
	}
	slices.SortFunc(rows, compareRows)
	return rows
}

// verdictsHeader is the list's first field: what it is and how it is
// written again.
const verdictsHeader = "the verdicts of the committed full-mode ledgers (repro/ledgers), checked by TestFullVerdicts; after a recording (scripts/reproduce.sh) review its failures and write this file again with `go test ./repro -run TestFullVerdicts -update-verdicts`"

// writeVerdicts writes rows as JSON, one row a line, so that a moved
// verdict is a one-line difference.
func writeVerdicts(rows []verdictRow) ([]byte, error) {
	var b bytes.Buffer
	h, err := json.Marshal(verdictsHeader)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(&b, "{\n  \"about\": %s,\n  \"verdicts\": [\n", h)
	for i, r := range rows {
		line, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		sep := ","
		if i == len(rows)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "    %s%s\n", line, sep)
	}
	b.WriteString("  ]\n}\n")
	return b.Bytes(), nil
}

// readVerdicts reads a list written by writeVerdicts; it must be sorted
// (compareRows) without a repeated row, so that it is the list
// writeVerdicts makes.
func readVerdicts(b []byte) ([]verdictRow, error) {
	var f struct {
		About    string       `json:"about"`
		Verdicts []verdictRow `json:"verdicts"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, err
	}
	if len(f.Verdicts) == 0 {
		return nil, errors.New("no verdicts")
	}
	for i := 1; i < len(f.Verdicts); i++ {
		switch c := compareRows(f.Verdicts[i-1], f.Verdicts[i]); {
		case c == 0:
			return nil, fmt.Errorf("row %d repeats %q", i+1, f.Verdicts[i].key())
		case c > 0:
			return nil, fmt.Errorf("row %d (%q) is out of order after %q", i+1, f.Verdicts[i].key(), f.Verdicts[i-1].key())
		}
	}
	return f.Verdicts, nil
}

// verdictChanges lists, in the rows' order, each row of was that is gone
// or says otherwise in now, and each row of now that was lacks:
// "paper kind id: old → new".
func verdictChanges(was, now []verdictRow) []string {
	old := make(map[string]verdictRow, len(was))
	for _, r := range was {
		old[r.key()] = r
	}
	cur := make(map[string]verdictRow, len(now))
	for _, r := range now {
		cur[r.key()] = r
	}
	all := slices.Concat(was, now)
	slices.SortStableFunc(all, compareRows)
	all = slices.CompactFunc(all, func(a, b verdictRow) bool { return a.key() == b.key() })
	var out []string
	for _, r := range all {
		o, hadOld := old[r.key()]
		n, hasNew := cur[r.key()]
		switch {
		case !hasNew:
			out = append(out, fmt.Sprintf("%s: %s → gone", r.key(), o.said()))
		case !hadOld:
			out = append(out, fmt.Sprintf("%s: (not listed) → %s", r.key(), n.said()))
		case o != n:
			out = append(out, fmt.Sprintf("%s: %s → %s", r.key(), o.said(), n.said()))
		}
	}
	return out
}

// countChanges lists, per paper, the counts of rows by kind and verdict
// (verdictRow.said) that moved: "zakay2013 claim differs, unexplained 40 →
// 35", papers and kinds in the rows' order.
func countChanges(was, now []verdictRow) []string {
	type key struct{ paper, kind, said string }
	count := func(rows []verdictRow) map[key]int {
		m := map[key]int{}
		for _, r := range rows {
			m[key{r.Paper, r.Kind, r.said()}]++
		}
		return m
	}
	a, b := count(was), count(now)
	var keys []key
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(x, y key) int {
		return compareRows(verdictRow{Paper: x.paper, Kind: x.kind, ID: x.said}, verdictRow{Paper: y.paper, Kind: y.kind, ID: y.said})
	})
	var out []string
	for _, k := range keys {
		if a[k] != b[k] {
			out = append(out, fmt.Sprintf("%s %s %s %d → %d", k.paper, k.kind, k.said, a[k], b[k]))
		}
	}
	return out
}

// committedVerdicts is the list of the committed full-mode ledgers'
// verdicts, or a skip when none is committed.
func committedVerdicts(t *testing.T) []verdictRow {
	t.Helper()
	c := stored(t, committedDir)
	if len(c) == 0 {
		t.Skipf("no committed full-mode ledgers in repro/%s yet (see TestCommittedLedgersCurrent)", committedDir)
	}
	for k, s := range c {
		if s.Mode != "full" {
			t.Fatalf("repro/%s/%s.json is of %s mode, not full", committedDir, k, s.Mode)
		}
	}
	var fp *findings.Stored
	f, ok, err := findings.ReadStoredFile(committedDir)
	if err != nil {
		t.Fatal(err)
	}
	if ok {
		fp = &f
	}
	return verdictRows(c, fp)
}

// TestFullVerdicts: the verdicts of the committed full-mode ledgers (every
// entry's verdict and how it is counted, every item's status, every
// finding's verdict) are those of repro/testdata/full-verdicts.json. A
// recording that moves any fails here, each move printed; with
// -update-verdicts the list is written again from the ledgers.
func TestFullVerdicts(t *testing.T) {
	now := committedVerdicts(t)
	if *updateVerdicts {
		b, err := writeVerdicts(now)
		if err != nil {
			t.Fatal(err)
		}
		tmp, err := os.CreateTemp(filepath.Dir(verdictsFile), ".full-verdicts-*.json")
		if err != nil {
			t.Fatal(err)
		}
		werr := tmp.Chmod(0o644)
		if werr == nil {
			_, werr = tmp.Write(b)
		}
		if cerr := tmp.Close(); werr == nil {
			werr = cerr
		}
		if werr == nil {
			werr = os.Rename(tmp.Name(), verdictsFile)
		}
		if werr != nil {
			os.Remove(tmp.Name())
			t.Fatal(werr)
		}
		t.Logf("wrote repro/%s: %d verdicts", verdictsFile, len(now))
		return
	}
	b, err := os.ReadFile(verdictsFile)
	if errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("no repro/%s: write it with `go test ./repro -run TestFullVerdicts -update-verdicts` and commit it", verdictsFile)
	}
	if err != nil {
		t.Fatal(err)
	}
	was, err := readVerdicts(b)
	if err != nil {
		t.Fatalf("repro/%s: %v (write it again with -update-verdicts)", verdictsFile, err)
	}
	changes := verdictChanges(was, now)
	for _, c := range changes {
		t.Error(c)
	}
	for _, c := range countChanges(was, now) {
		t.Log(c)
	}
	if len(changes) > 0 {
		t.Errorf("%d of the committed ledgers' verdicts differ from repro/%s (above: old → new). If the recording meant them, "+
			"say why in its commit, then `go test ./repro -run TestFullVerdicts -update-verdicts` and commit the list with the ledgers",
			len(changes), verdictsFile)
	}
	// The list is the one writeVerdicts makes (no hand edit beside it).
	if want, err := writeVerdicts(was); err != nil {
		t.Fatal(err)
	} else if !bytes.Equal(b, want) {
		t.Errorf("repro/%s is not as -update-verdicts writes it (edited by hand?): write it again", verdictsFile)
	}
}

// TestVerdictChanges: the changes printed for each kind of move, and the
// written list read back.
func TestVerdictChanges(t *testing.T) {
	row := func(paper, kind, id, verdict, as string) verdictRow {
		return verdictRow{Paper: paper, Kind: kind, ID: id, Verdict: verdict, As: as}
	}
	base := []verdictRow{
		row("zakay2013", rowItem, "Fig. 4", "partial", ""),
		row("zakay2013", "claim", "fig4/KTH-SP2/sessions", "differs", "explained among readings"),
		row("zakay2013", "claim", "table2/CTC-SP2/users", "agrees", "not discriminating"),
		row("zakay2013", "check", "table1/CTC-SP2/jobs", "agrees", ""),
	}
	with := func(i int, r verdictRow) []verdictRow {
		out := slices.Clone(base)
		out[i] = r
		slices.SortFunc(out, compareRows)
		return out
	}
	for _, c := range []struct {
		name     string
		was, now []verdictRow
		want     []string
	}{
		{"same", base, slices.Clone(base), nil},
		{"explained → unexplained", base, with(1, row("zakay2013", "claim", "fig4/KTH-SP2/sessions", "differs", "unexplained")),
			[]string{"zakay2013 claim fig4/KTH-SP2/sessions: differs, explained among readings → differs, unexplained"}},
		{"agrees → differs", base, with(2, row("zakay2013", "claim", "table2/CTC-SP2/users", "differs", "unexplained")),
			[]string{"zakay2013 claim table2/CTC-SP2/users: agrees, not discriminating → differs, unexplained"}},
		{"discrimination mark", base, with(2, row("zakay2013", "claim", "table2/CTC-SP2/users", "agrees", "singles out the log")),
			[]string{"zakay2013 claim table2/CTC-SP2/users: agrees, not discriminating → agrees, singles out the log"}},
		{"item status", base, with(0, row("zakay2013", rowItem, "Fig. 4", "not reproduced", "")),
			[]string{"zakay2013 item Fig. 4: partial → not reproduced"}},
		{"kind: a claim becomes a check", base, with(2, row("zakay2013", "check", "table2/CTC-SP2/users", "agrees", "")),
			[]string{"zakay2013 claim table2/CTC-SP2/users: agrees, not discriminating → gone",
				"zakay2013 check table2/CTC-SP2/users: (not listed) → agrees"}},
		{"gone and new", base[:3], append(slices.Clone(base[:2]), base[3]),
			[]string{"zakay2013 claim table2/CTC-SP2/users: agrees, not discriminating → gone",
				"zakay2013 check table1/CTC-SP2/jobs: (not listed) → agrees"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := verdictChanges(c.was, c.now); !slices.Equal(got, c.want) {
				t.Errorf("got\n%q\nwant\n%q", got, c.want)
			}
		})
	}

	moved := with(1, row("zakay2013", "claim", "fig4/KTH-SP2/sessions", "differs", "unexplained"))
	if got, want := countChanges(base, moved), []string{
		"zakay2013 claim differs, explained among readings 1 → 0",
		"zakay2013 claim differs, unexplained 0 → 1",
	}; !slices.Equal(got, want) {
		t.Errorf("countChanges: got %q, want %q", got, want)
	}
	if got := countChanges(base, slices.Clone(base)); got != nil {
		t.Errorf("countChanges of the same rows: %q", got)
	}

	b, err := writeVerdicts(base)
	if err != nil {
		t.Fatal(err)
	}
	got, err := readVerdicts(b)
	if err != nil || !slices.Equal(got, base) {
		t.Errorf("read back %v, %v; want %v", got, err, base)
	}
	swapped := slices.Clone(base)
	swapped[1], swapped[2] = swapped[2], swapped[1]
	if b, _ := writeVerdicts(swapped); b != nil {
		if _, err := readVerdicts(b); err == nil {
			t.Error("a list out of order was read")
		}
	}
	if b, _ := writeVerdicts(append(slices.Clone(base), base[3])); b != nil {
		if _, err := readVerdicts(b); err == nil {
			t.Error("a list with a repeated row was read")
		}
	}
}

// TestEntryAs: how an entry's verdict is counted, as ledger.Summarize
// counts it.
func TestEntryAs(t *testing.T) {
	scanned := &ledger.Found{By: ledger.ByReading, Readings: 3}
	one := &ledger.Found{By: ledger.ByReading, Readings: 1}
	for _, c := range []struct {
		e    ledger.Entry
		want string
	}{
		{ledger.Entry{Kind: ledger.PaperClaim, Verdict: ledger.Differs}, "unexplained"},
		{ledger.Entry{Kind: ledger.PaperClaim, Verdict: ledger.Differs, Reason: "  "}, "unexplained"},
		{ledger.Entry{Kind: ledger.PaperClaim, Verdict: ledger.Differs, Reason: "r", Found: one}, "explained"},
		{ledger.Entry{Kind: ledger.PaperClaim, Verdict: ledger.Differs, Reason: "r", Found: scanned}, "explained among readings"},
		{ledger.Entry{Kind: ledger.SelfCheck, Verdict: ledger.Differs}, "unexplained"},
		{ledger.Entry{Kind: ledger.PaperClaim, Verdict: ledger.Agrees}, "singles out the log"},
		{ledger.Entry{Kind: ledger.PaperClaim, Verdict: ledger.Agrees, NotDiscriminating: true, Powered: true}, "not discriminating, tested with power"},
		{ledger.Entry{Kind: ledger.PaperClaim, Verdict: ledger.Agrees, Untested: true}, "untested"},
		{ledger.Entry{Kind: ledger.SelfCheck, Verdict: ledger.Agrees}, ""},
		{ledger.Entry{Kind: ledger.Ours, Verdict: ledger.Differs}, ""},
		{ledger.Entry{Kind: ledger.Ours, Verdict: ledger.Agrees}, ""},
		{ledger.Entry{Kind: ledger.PaperClaim, Verdict: ledger.NotComparable, Reason: "r"}, ""},
	} {
		if got := entryAs(c.e); got != c.want {
			t.Errorf("entryAs(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
}

// TestFullVerdictsCounts: the list of the committed ledgers counts, per
// paper, what each ledger's stored summary counts (so that the list
// misses no category the report shows).
func TestFullVerdictsCounts(t *testing.T) {
	rows := committedVerdicts(t)
	for k, s := range stored(t, committedDir) {
		var sum ledger.Summary
		for _, r := range rows {
			if r.Paper != k || r.Kind == rowItem {
				continue
			}
			switch ledger.Kind(r.Kind) {
			case ledger.PaperClaim:
				switch ledger.Verdict(r.Verdict) {
				case ledger.Agrees:
					sum.Claims.Agrees++
				case ledger.Differs:
					sum.Claims.Differs++
				case ledger.NotComparable:
					sum.Claims.NotComparable++
				}
				switch {
				case strings.HasPrefix(r.As, "not discriminating"):
					sum.NotDiscriminating++
				case strings.HasPrefix(r.As, "untested"):
					sum.Untested++
				case r.As == "unexplained":
					sum.Unexplained++
				case r.As == "explained among readings":
					sum.ExplainedAmongReadings++
				}
				if strings.HasSuffix(r.As, ", tested with power") {
					sum.Powered++
				}
			case ledger.SelfCheck:
				switch ledger.Verdict(r.Verdict) {
				case ledger.Agrees:
					sum.Checks.Agrees++
				case ledger.Differs:
					sum.Checks.Differs++
				case ledger.NotComparable:
					sum.Checks.NotComparable++
				}
				switch r.As {
				case "unexplained":
					sum.ChecksUnexplained++
				case "explained among readings":
					sum.ChecksExplainedAmongReadings++
				}
			case ledger.Ours:
				switch ledger.Verdict(r.Verdict) {
				case ledger.Agrees:
					sum.Ours.Agrees++
				case ledger.Differs:
					sum.Ours.Differs++
				case ledger.NotComparable:
					sum.Ours.NotComparable++
				}
			}
		}
		if sum != s.Summary {
			t.Errorf("%s: the list counts %+v, the stored summary %+v", k, sum, s.Summary)
		}
	}
}
