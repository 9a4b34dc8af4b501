package ledger

import (
	"testing"
)

func TestStatusOf(t *testing.T) {
	t.Parallel()
	agree := Entry{Item: "Fig. 1", Verdict: Agrees, Kind: PaperClaim}
	differ := Entry{Item: "Fig. 1", Verdict: Differs, Kind: PaperClaim}
	explained := Entry{Item: "Fig. 1", Verdict: Differs, Kind: PaperClaim, Reason: "the log version"}
	missing := Entry{Item: "Fig. 1", Verdict: NotComparable, Kind: PaperClaim, Reason: "ANL-Intrepid is not available"}
	check := Entry{Item: "Fig. 1", Verdict: Agrees, Kind: SelfCheck, Basis: "1000 = 1000"}
	ours := Entry{Item: "Fig. 1", Verdict: Agrees, Kind: Ours}
	main := differ
	main.MainClaim = true
	ambiguous := agree
	ambiguous.NotDiscriminating = true
	other := Entry{Item: "Fig. 2", Verdict: Differs, Kind: PaperClaim}
	cases := []struct {
		name    string
		entries []Entry
		status  Status
		counted string
	}{
		{"all agree", []Entry{agree, agree, other}, Reproduced, "2 of 2 agree"},
		{"not discriminating still agrees", []Entry{agree, ambiguous}, Reproduced, "2 of 2 agree (1 not discriminating)"},
		{"some differ", []Entry{agree, differ, explained}, Partial, "2 of 3 differ (1 unexplained)"},
		{"a log missing", []Entry{agree, missing}, Partial, "1 of 1 agree; 1 not comparable"},
		{"main claim differs", []Entry{agree, agree, main}, NotReproduced, "1 of 3 differ (1 unexplained); the main claim differs"},
		{"nothing comparable", []Entry{missing, missing}, NotReproduced, "no claim comparable; 2 not comparable"},
		{"no entry", []Entry{other}, NotReproduced, "no claim entry"},
		// Checks and ours never make an item reproduced.
		{"checks only", []Entry{check, check}, ChecksOnly, "no claim entry; 2 checks"},
		{"checks beside a difference", []Entry{check, differ}, NotReproduced, "1 of 1 differ (1 unexplained); 1 check"},
		{"ours only", []Entry{ours}, OursOnly, "no claim entry; 1 of ours"},
		{"ours and a check", []Entry{ours, check}, OursOnly, "no claim entry; 1 check; 1 of ours"},
		{"nothing", nil, NotReproduced, "no claim entry"},
		{"claims beside ours", []Entry{differ, ours}, NotReproduced, "1 of 1 differ (1 unexplained); 1 of ours"},
	}
	for _, c := range cases {
		s := StatusOf(Item{Name: "Fig. 1"}, c.entries)
		if s.Status != c.status || s.Counted != c.counted {
			t.Errorf("%s: %s (%q), want %s (%q)", c.name, s.Status, s.Counted, c.status, c.counted)
		}
	}
}

func TestStatusesUnlisted(t *testing.T) {
	t.Parallel()
	p := Paper{Key: "demo", Items: []Item{{Name: "Fig. 1"}, {Name: "Fig. 2"}}}
	es := []Entry{
		{Item: "§6.1", Verdict: Agrees, Kind: PaperClaim},
		{Item: "Fig. 1", Verdict: Agrees, Kind: PaperClaim},
		{Item: "§6.1", Verdict: Differs, Kind: PaperClaim},
		{Item: "§2", Verdict: NotComparable, Kind: PaperClaim},
	}
	got := p.Statuses(es)
	want := []struct {
		name     string
		status   Status
		unlisted bool
	}{{"Fig. 1", Reproduced, false}, {"Fig. 2", NotReproduced, false}, {"§6.1", Partial, true}, {"§2", NotReproduced, true}}
	if len(got) != len(want) {
		t.Fatalf("%d statuses, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].Name != w.name || got[i].Status != w.status || got[i].Unlisted != w.unlisted {
			t.Errorf("status %d: %s %s unlisted=%v, want %s %s %v", i, got[i].Name, got[i].Status, got[i].Unlisted, w.name, w.status, w.unlisted)
		}
	}
}

func TestMainPanics(t *testing.T) {
	t.Parallel()
	l := New("demo")
	for name, f := range map[string]func(){
		"main of ours":    func() { l.Own("Fig. 1", "a", "x", Near(1, 0), 1).Main() },
		"main of a check": func() { l.Check("Fig. 1", "b", "x", Near(1, 0), 1).AsCheck("identity").Main() },
		"check of a main": func() { l.Check("Fig. 1", "c", "x", Near(1, 0), 1).Main().AsCheck("identity") },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}
