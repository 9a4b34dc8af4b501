package ledger

import (
	"strings"
	"testing"
)

func TestExplainedBy(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		verdict   Verdict
		found     Found
		wantFound string // Found.String of the entry, "" when none
		wantOurs  string
	}{
		{"input fact", Differs, FromInput(), "input fact", "41"},
		{"one reading", Differs, OneReading(), "one reading measured", "41"},
		{"a scan", Differs, AmongReadings(24), "best of 24 readings measured", "41"},
		{"at every seed", Differs, AmongReadings(3).AtSeeds(5, 5), "best of 3 readings measured, holds at 5 of 5 seeds", "41"},
		// Within at 2 of 5 seeds: a measurement, not a reason.
		{"at some seeds", Differs, OneReading().AtSeeds(2, 5), "", "41 (whole minutes; within at 2 of 5 seeds measured, so not a reason)"},
		{"agreement untouched", Agrees, OneReading(), "", "41"},
	}
	for _, c := range cases {
		e := &Entry{ID: "x", Verdict: c.verdict, OurValue: "41"}
		e.ExplainedBy(c.found, "whole minutes")
		got := ""
		if e.Found != nil {
			got = e.Found.String()
		}
		if got != c.wantFound || e.OurValue != c.wantOurs {
			t.Errorf("%s: found %q, ours %q; want %q, %q", c.name, got, e.OurValue, c.wantFound, c.wantOurs)
		}
		if explained := e.Reason != ""; explained != (c.wantFound != "") {
			t.Errorf("%s: reason %q", c.name, e.Reason)
		}
	}
}

func TestFoundPanics(t *testing.T) {
	t.Parallel()
	expectPanics(t, map[string]func(){
		"no readings":     func() { AmongReadings(0) },
		"held > seeds":    func() { OneReading().AtSeeds(3, 2) },
		"no seeds":        func() { OneReading().AtSeeds(0, 0) },
		"empty Found":     func() { (&Entry{Verdict: Differs}).ExplainedBy(Found{}, "x") },
		"input with seed": func() { (&Entry{Verdict: Differs}).ExplainedBy(Found{By: ByInput, Seeds: 1, Held: 1}, "x") },
	})
}

// TestSummarizeScans recomputes the count of reasons chosen among several
// readings, and the unexplained share without them, from the entries.
func TestSummarizeScans(t *testing.T) {
	t.Parallel()
	l := New("demo2013")
	l.Check("Table IV", "a", "s", Near(1, 0), 2).ExplainedBy(AmongReadings(24), "whole minutes, equal to three decimals")
	l.Check("Table IV", "b", "s", Near(1, 0), 2).ExplainedBy(OneReading(), "whole minutes")
	l.Check("Table IV", "c", "s", Near(1, 0), 2).ExplainedBy(FromInput(), "version 2.2")
	l.Check("Table IV", "d", "s", Near(1, 0), 2)
	l.Check("Table IV", "e", "s", Near(1, 0), 1).ExplainedBy(AmongReadings(3), "agrees: not counted")
	l.Check("Table IV", "f", "s", Near(1, 0), 2).ExplainedBy(AmongReadings(3).AtSeeds(4, 5), "not at every seed")
	l.Check("Table I", "g", "s", Near(1, 0), 2).AsCheck("the header").ExplainedBy(AmongReadings(2), "months of the header")
	es := l.Entries()
	if errs := Consistency(es); len(errs) > 0 {
		t.Fatalf("Consistency: %v", errs)
	}
	s := Summarize(es)
	// Differing claims a, b, c, d, f; unexplained d and f (4 of 5 seeds);
	// chosen among readings: a.
	want := Summary{Claims: Totals{Agrees: 1, Differs: 5}, Untested: 1, Unexplained: 2, ExplainedAmongReadings: 1,
		Checks: Totals{Differs: 1}, ChecksExplainedAmongReadings: 1}
	if s != want {
		t.Errorf("Summarize = %+v, want %+v", s, want)
	}
	if got := s.UnexplainedShareWithoutScans(); got != 3.0/5 {
		t.Errorf("share without scans %v, want 3/5", got)
	}
	if got := s.Add(s); got.ExplainedAmongReadings != 2 || got.ChecksExplainedAmongReadings != 2 {
		t.Errorf("Add: %+v", got)
	}
	var buf strings.Builder
	if err := WriteMarkdown(&buf, es[:1]); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "[best of 24 readings measured] whole minutes") {
		t.Errorf("markdown does not say how the reason was found:\n%s", buf.String())
	}
}
