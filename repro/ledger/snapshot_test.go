package ledger

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
)

var samplePaper = Paper{Key: "demo2013", Items: []Item{{Name: "Table VI"}, {Name: "Fig. 8"}, {Name: "Table V"}}}

func TestSnapshotRoundTrip(t *testing.T) {
	t.Parallel()
	l := sampleLedger()
	other := New("other")
	other.Check("Table VI", "x", "s", Near(1, 0), 1)
	s := NewSnapshot(samplePaper, Run{Mode: "quick", Commit: "abc"}, "sha256:00", append(l.Entries(), other.Entries()...))
	if len(s.Entries) != l.Len() || s.Mode != "quick" || s.Commit != "abc" || s.CodeHash != "sha256:00" {
		t.Fatalf("snapshot %+v", s)
	}
	// sampleLedger: claims procs (agrees), runtime range, Table VII (differ;
	// the range explained, Table VII not computed: unexplained), Fig. 8
	// (agrees), Table V and Table I (not comparable); mix/equal is ours.
	// Neither agreement is in a table of several logs: both are untested.
	want := Summary{Claims: Totals{Agrees: 2, Differs: 2, NotComparable: 2}, Untested: 2, Unexplained: 1, Ours: Totals{Agrees: 1}}
	if s.Summary != want {
		t.Errorf("summary %+v, want %+v", s.Summary, want)
	}
	if got := s.Summary.String(); got != "6 claims: 2 agree (2 untested), 2 differ (1 unexplained), 2 not comparable; 1 of ours" {
		t.Errorf("summary %q", got)
	}
	// Table VI's one claim agrees untested: reproduced, not discriminating.
	if len(s.Items) != 7 || s.Items[0].Status != ReproducedNotDiscriminating || s.Items[2].Status != NothingToCompare {
		t.Errorf("items %+v", s.Items)
	}
	var buf bytes.Buffer
	if err := WriteSnapshot(&buf, s); err != nil {
		t.Fatal(err)
	}
	back, err := ReadSnapshot(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if c, err := back.Compare(l.Entries()); err != nil || len(c.Failed)+len(c.New) != 0 || c.Checked != l.Len() {
		t.Errorf("an unchanged ledger against its snapshot: %+v, %v", c, err)
	}
	if back.Items[0].Counted != s.Items[0].Counted || back.Entries[0].Want == nil {
		t.Errorf("read back %+v", back)
	}

	for name, bad := range map[string]string{
		"broken":        "{",
		"no paper":      `{"mode":"quick","entries":[]}`,
		"unknown field": `{"paper":"p","mode":"quick","verdicts":{}}`,
		"bad verdict":   `{"paper":"p","mode":"quick","entries":[{"paper":"p","item":"Fig. 1","id":"a","verdict":"fine","kind":"claim"}]}`,
		"bad kind":      `{"paper":"p","mode":"quick","entries":[{"paper":"p","item":"Fig. 1","id":"a","verdict":"agrees","kind":"mine"}]}`,
		"other paper":   `{"paper":"p","mode":"quick","entries":[{"paper":"q","item":"Fig. 1","id":"a","verdict":"agrees","kind":"claim"}]}`,
		"bad want":      `{"paper":"p","mode":"quick","entries":[{"paper":"p","item":"Fig. 1","id":"a","verdict":"agrees","kind":"claim","want":{"form":"near","v":1,"abs":-1}}]}`,
	} {
		if _, err := ReadSnapshot(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadSnapshot(%s): no error", name)
		}
	}
}

func TestCompare(t *testing.T) {
	t.Parallel()
	was := New("demo")
	was.Check("Table II", "count", "jobs", Near(100, 0), 100)
	was.Check("Table II", "share", "share", Printed("0.62", 0.02), 0.60) // tolerance 0.045
	was.Check("Table II", "ratio", "ratio", Approx(10, 0.1), 12)         // differs; drift 1
	was.Check("Table II", "range", "in range", Between(13, 36), 20)      // drift 5% of 20 = 1
	was.Claim("Fig. 1", "holds", "holds", true, "max 35")
	was.Blanked("Table V", "blank", "blanked", 236)
	was.Check("Table II", "gone", "gone", Near(1, 0), 1)
	s := NewSnapshot(Paper{Key: "demo"}, Run{Mode: "quick"}, "", was.Entries())

	now := New("demo")
	now.Check("Table II", "count", "jobs", Near(100, 0), 101)            // moved, verdict changed
	now.Check("Table II", "share", "share", Printed("0.62", 0.02), 0.64) // moved 0.04 ≤ 0.045: fine
	now.Check("Table II", "ratio", "ratio", Approx(10, 0.1), 10.5)       // improved: a change too
	now.Check("Table II", "range", "in range", Between(13, 36), 21.5)    // moved 1.5 > 1, still in range
	now.Claim("Fig. 1", "holds", "holds", true, "max 36")                // evidence text only
	now.Blanked("Table V", "blank", "blanked", 240)                      // moved 4 ≤ 11.8
	now.Check("Table II", "new", "new", Near(1, 0), 1)
	c, err := s.Compare(now.Entries())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range c.Failed {
		got = append(got, f.ID)
	}
	if strings.Join(got, " ") != "count ratio range gone" || strings.Join(c.New, " ") != "new" || c.Checked != 7 {
		t.Errorf("failed %v, new %v, checked %d", got, c.New, c.Checked)
	}
	if w := c.Failed[0].String(); !strings.Contains(w, "agrees, now differs") || !strings.Contains(w, "moved 1, beyond its tolerance 0") {
		t.Errorf("change %q", w)
	}
	if w := c.Failed[3].String(); w != "demo gone: agrees, now gone" {
		t.Errorf("change %q", w)
	}

	// A check that checks nothing fails.
	other := New("other")
	other.Check("Table II", "count", "jobs", Near(100, 0), 100)
	if _, err := s.Compare(other.Entries()); err == nil {
		t.Error("entries of another paper: no error")
	}
	if _, err := s.Compare(nil); err == nil {
		t.Error("no entries: no error")
	}
	if _, err := (Snapshot{Paper: "demo"}).Compare(now.Entries()); err == nil {
		t.Error("an empty snapshot: no error")
	}
}

func TestDrift(t *testing.T) {
	t.Parallel()
	l := New("demo")
	cases := []struct {
		e    *Entry
		want float64
	}{
		{l.Check("T", "a", "s", Near(5, 0.25), 4), 0.25},
		{l.Check("T", "b", "s", Approx(-20, 0.1), 4), 2},
		{l.Check("T", "c", "s", Between(1, 2), 40), 2},
		{l.Blanked("T", "d", "s", -8), 0.4},
		{l.Check("T", "e", "s", Stated("about 3", Near(3, 1)), 3), 1},
		{l.Check("T", "f", "s", AtLeast(1), math.NaN()), math.NaN()},
	}
	for _, c := range cases {
		if got := Drift(*c.e); !(got == c.want || math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("%s: Drift %v, want %v", c.e.ID, got, c.want)
		}
	}
}

func TestRejudge(t *testing.T) {
	t.Parallel()
	es := sampleLedger().Entries()
	if errs := Rejudge(es); len(errs) != 0 {
		t.Errorf("a fresh ledger: %v", errs)
	}
	es[0].Verdict = Differs // procs agrees
	forged := 41.0
	es[1].OurNumber = &forged // the runtime range: 41 differs as stored
	es[1].Verdict = Agrees
	errs := Rejudge(es)
	if len(errs) != 2 || !strings.Contains(errs[0].Error(), "table6/KTH-SP2/procs: stored differs") {
		t.Errorf("Rejudge: %v", errors.Join(errs...))
	}
}

func TestSummarize(t *testing.T) {
	t.Parallel()
	l := New("demo")
	// Two logs whose values lie within each other's tolerance: both
	// agreements are not discriminating.
	l.Check("Table II", "a/x", "s", Near(0.60, 0.05), 0.61).InTable("Table II", "A", "x")
	l.Check("Table II", "b/x", "s", Near(0.63, 0.05), 0.62).InTable("Table II", "B", "x")
	l.Check("Table II", "c/x", "s", Near(0.90, 0.05), 0.90).InTable("Table II", "C", "x")
	l.Check("Table II", "d", "s", Near(1, 0), 2)
	l.Check("Table II", "e", "s", Near(1, 0), 2).Because("another log version")
	l.Check("Table II", "f", "s", Near(1, 0), 2).AsCheck("1 = 1 by construction")
	l.Check("Table II", "g", "s", Near(1, 0), 1).AsCheck("identity")
	s := l.Summary()
	if s.Claims != (Totals{Agrees: 3, Differs: 2}) || s.NotDiscriminating != 2 || s.Discriminating() != 1 ||
		s.Unexplained != 1 || s.Explained() != 1 || s.UnexplainedShare() != 0.5 || s.Checks != (Totals{Agrees: 1, Differs: 1}) ||
		s.ChecksUnexplained != 1 || s.ChecksExplained() != 0 {
		t.Errorf("summary %+v", s)
	}
	if got := s.String(); got != "5 claims: 3 agree (2 not discriminating), 2 differ (1 unexplained), 0 not comparable; 2 checks (1 fails, 1 unexplained)" {
		t.Errorf("String %q", got)
	}
	if sum := s.Add(s); sum.Claims.Agrees != 6 || sum.Unexplained != 2 || sum.Checks.Differs != 2 || sum.ChecksUnexplained != 2 {
		t.Errorf("Add %+v", sum)
	}
	if len(OfKind(l.Entries(), SelfCheck)) != 2 || len(OfKind(l.Entries(), PaperClaim)) != 5 {
		t.Error("OfKind")
	}
}

// TestSummarizeChecks: a failing check is explained only by a reason, as a
// differing claim is. One without a reason, with a reason of white space
// only or with a measurement that brings nothing within (Measured) is
// counted unexplained — so Consistency, which no longer asks a failing
// check for a reason, cannot be satisfied by leaving one out.
func TestSummarizeChecks(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name        string
		add         func(l *Ledger)
		unexplained bool // counted in ChecksUnexplained
		breach      string
	}{
		{"no reason", func(l *Ledger) {
			l.Check("Table 1", "x", "jobs", Near(100, 0), 90).AsCheck("the log's header")
		}, true, ""},
		{"measured, brings nothing within", func(l *Ledger) {
			l.Check("Table 1", "x", "jobs", Near(100, 0), 90).AsCheck("the log's header").Measured("92 with cancelled jobs")
		}, true, ""},
		{"blank reason", func(l *Ledger) {
			l.Check("Table 1", "x", "jobs", Near(100, 0), 90).AsCheck("the log's header").Because(" \n")
		}, true, "white space only"},
		{"measured reason", func(l *Ledger) {
			l.Check("Table 1", "x", "jobs", Near(100, 0), 90).AsCheck("the log's header").Because("the archive's version 2.2 drops 10 jobs")
		}, false, "without how its reason was found"},
		{"reason if it differs", func(l *Ledger) {
			l.Check("Table 1", "x", "jobs", Near(100, 0), 90).AsCheck("the log's header").ExplainedBy(FromInput(), "the archive's version 2.2 drops 10 jobs")
		}, false, ""},
	}
	for _, c := range cases {
		l := New("demo")
		c.add(l)
		l.Check("Table 1", "y", "users", Near(5, 0), 5).AsCheck("the log's header")
		l.Check("Table 1", "z", "a claim", Near(5, 0), 6)
		s := l.Summary()
		wantUnexplained := 0
		if c.unexplained {
			wantUnexplained = 1
		}
		if s.Checks != (Totals{Agrees: 1, Differs: 1}) || s.ChecksUnexplained != wantUnexplained ||
			s.ChecksExplained() != 1-wantUnexplained || s.Claims != (Totals{Differs: 1}) || s.Unexplained != 1 {
			t.Errorf("%s: summary %+v", c.name, s)
		}
		if e, _ := l.Lookup("x"); e.Unexplained() != c.unexplained || VerdictText(e) == "differs, unexplained (check)" != c.unexplained {
			t.Errorf("%s: unexplained %t, verdict %q; want %t", c.name, e.Unexplained(), VerdictText(e), c.unexplained)
		}
		errs := Consistency(l.Entries())
		if c.breach == "" && len(errs) > 0 || c.breach != "" && (len(errs) != 1 || !strings.Contains(errs[0].Error(), c.breach)) {
			t.Errorf("%s: Consistency %v, want %q", c.name, errs, c.breach)
		}
	}
}

// TestReadSnapshotDuplicateIDs: a snapshot is keyed by entry id (Compare
// matches entries by id), so a file that holds an id twice is refused,
// naming the id (hostile3, session 14: 128,000 duplicates of 64 entries
// were read and printed).
func TestReadSnapshotDuplicateIDs(t *testing.T) {
	t.Parallel()
	entry := func(id string) string {
		return `{"paper":"p","item":"Fig. 1","id":"` + id + `","verdict":"agrees","kind":"claim"}`
	}
	snapshot := func(ids ...string) string {
		es := make([]string, len(ids))
		for i, id := range ids {
			es[i] = entry(id)
		}
		return `{"paper":"p","mode":"quick","entries":[` + strings.Join(es, ",") + `]}`
	}
	tests := []struct {
		name string
		ids  []string
		want string // "" for none
	}{
		{"distinct", []string{"a", "b", "c"}, ""},
		{"one repeat", []string{"a", "b", "a"}, `entry id "a" appears twice (entries 1 and 3)`},
		{"adjacent", []string{"a", "b", "b", "c"}, `entry id "b" appears twice (entries 2 and 3)`},
		{"many", []string{"a", "b", "a", "b", "a", "c"}, `entry id "a" appears twice (entries 1 and 3); 3 entries repeat an earlier id in all`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadSnapshot(strings.NewReader(snapshot(tc.ids...)))
			switch {
			case tc.want == "" && err != nil:
				t.Fatal(err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("ReadSnapshot: %v, want an error containing %q", err, tc.want)
			}
		})
	}
}
