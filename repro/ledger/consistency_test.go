package ledger

import (
	"strings"
	"testing"
)

func TestConsistency(t *testing.T) {
	t.Parallel()
	num := func(id, paper string, v Verdict, cell *Cell) Entry {
		return Entry{Paper: "demo", Item: "Table 1", ID: id, Kind: PaperClaim, Verdict: v, PaperValue: paper,
			Want: &Want{Form: "near", V: 1, Abs: 0.1}, Cell: cell}
	}
	placed := num("t1/A/x", "1", Agrees, &Cell{Table: "Table 1", Row: "A", Column: "x"})
	cases := []struct {
		name    string
		entries []Entry
		want    []string // one substring per error, in order
	}{
		{"consistent", []Entry{placed, {Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: SelfCheck, Verdict: Differs, Reason: "our log's header says 338", Found: &Found{By: ByInput}}}, nil},
		{"explained without how", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: PaperClaim, Verdict: Differs, Reason: "whole minutes"}}, []string{"without how its reason was found"}},
		{"failing check explained without how", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: SelfCheck, Verdict: Differs, Reason: "version 2.2"}}, []string{"without how its reason was found"}},
		{"ours explained without how", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: Ours, Verdict: Differs, Reason: "a note"}}, nil},
		{"reason at some seeds", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: PaperClaim, Verdict: Differs, Reason: "x", Found: &Found{By: ByReading, Readings: 3, Seeds: 5, Held: 4}}}, []string{"holds at 4 of 5 seeds"}},
		{"reason not within over the seeds", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: PaperClaim, Verdict: Differs, Reason: "x", Found: &Found{By: ByReading, Readings: 3, Seeds: 3, Held: 3, Judged: true}}}, []string{"not within over 3 seeds"}},
		{"duplicate id", []Entry{placed, placed}, []string{"a second entry with this id"}},
		{"stand-in agrees", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: PaperClaim, Verdict: Agrees, StandIn: "1996 for 1995"}}, []string{"a claim on a stand-in (1996 for 1995) agrees"}},
		{"stand-in differs", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: PaperClaim, Verdict: Differs, Reason: "x", Found: &Found{By: ByInput}, StandIn: "1996 for 1995"}}, []string{"a claim on a stand-in (1996 for 1995) differs"}},
		{"stand-in not comparable", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: PaperClaim, Verdict: NotComparable, Reason: "1996 for 1995", StandIn: "1996 for 1995"}}, nil},
		{"stand-in check keeps its verdict", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: SelfCheck, Verdict: Agrees, StandIn: "1996 for 1995"}}, nil},
		// A failing check without a reason is counted unexplained
		// (TestSummarizeChecks), as a differing claim is: no breach.
		{"failing check without a reason", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: SelfCheck, Verdict: Differs}}, nil},
		{"failing check with a blank reason", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: SelfCheck, Verdict: Differs, Reason: "\t"}}, []string{"white space only"}},
		{"blank reason", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: PaperClaim, Verdict: Differs, Reason: " \n"}}, []string{"white space only"}},
		{"unexplained difference", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: PaperClaim, Verdict: Differs}}, nil},
		{"not comparable without a reason", []Entry{{Paper: "demo", Item: "Fig. 1", ID: "f1", Kind: PaperClaim, Verdict: NotComparable}}, []string{"not comparable without a reason"}},
		{"cell without a want", []Entry{{Paper: "demo", Item: "Table 1", ID: "t1/A/x", Kind: PaperClaim, Verdict: Agrees, Cell: &Cell{Table: "Table 1", Row: "A", Column: "x"}}}, []string{"without a Want"}},
		// B and C are logs (rows of a table); y on B agrees beside y on C
		// with another paper value, and neither is in a table.
		{"agreement outside its table", []Entry{placed, num("t1/B/x", "2", Differs, &Cell{Table: "Table 1", Row: "B", Column: "x"}),
			num("t1/C/x", "3", Differs, &Cell{Table: "Table 1", Row: "C", Column: "x"}),
			num("t1/B/y", "0.5", Agrees, nil), num("t1/C/y", "0.7", Differs, nil)},
			[]string{"t1/B/y: agrees on log B outside a table, beside the same claim on C"}},
		{"same paper value for every log", []Entry{placed, num("t1/B/x", "2", Differs, &Cell{Table: "Table 1", Row: "B", Column: "x"}),
			num("t1/A/y", "-2.5", Agrees, nil), num("t1/B/y", "-2.5", Agrees, nil)}, nil},
		{"one statement with our bounds", []Entry{placed, num("t1/B/x", "2", Differs, &Cell{Table: "Table 1", Row: "B", Column: "x"}),
			num("t1/A/y", "very similar (KS at most 0.136)", Agrees, nil), num("t1/B/y", "very similar (KS at most 0.100)", Agrees, nil)}, nil},
		{"a segment that is no log", []Entry{placed, num("t1/3days/y", "0.5", Agrees, nil), num("t1/7days/y", "0.7", Agrees, nil)}, nil},
	}
	for _, c := range cases {
		errs := Consistency(c.entries)
		if len(errs) != len(c.want) {
			t.Errorf("%s: %d errors %v, want %d", c.name, len(errs), errs, len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(errs[i].Error(), w) {
				t.Errorf("%s: error %q, want it to say %q", c.name, errs[i], w)
			}
		}
	}
}

func TestOnStandIn(t *testing.T) {
	t.Parallel()
	l := New("demo")
	cases := []struct {
		name    string
		e       *Entry
		verdict Verdict
	}{
		{"agreeing claim", l.Check("Fig. 1", "a", "x", Near(1, 0.1), 1), NotComparable},
		{"differing claim", l.Claim("Fig. 1", "b", "x", false, "does not"), NotComparable},
		{"check", l.Check("Fig. 1", "c", "x", Near(1, 0.1), 1).AsCheck("our configuration"), Agrees},
		{"ours", l.OwnClaim("Fig. 1", "d", "x", true, ""), Agrees},
		{"StandIn", l.StandIn("Fig. 1", "e", "x", Near(1, 0.1), 1, "1996 for 1995"), NotComparable},
	}
	for _, c := range cases {
		if c.e.StandIn == "" {
			c.e.OnStandIn("1996 for 1995")
		}
		if c.e.Verdict != c.verdict || c.e.StandIn != "1996 for 1995" {
			t.Errorf("%s: %s, stand-in %q; want %s", c.name, c.e.Verdict, c.e.StandIn, c.verdict)
		}
	}
	if errs := Consistency(l.Entries()); len(errs) > 0 {
		t.Errorf("entries on a stand-in made by the ledger are inconsistent: %v", errs)
	}
}
