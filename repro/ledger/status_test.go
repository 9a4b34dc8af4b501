package ledger

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestStatusOf(t *testing.T) {
	t.Parallel()
	agree := Entry{Item: "Fig. 1", Verdict: Agrees, Kind: PaperClaim}
	differ := Entry{Item: "Fig. 1", Verdict: Differs, Kind: PaperClaim}
	explained := Entry{Item: "Fig. 1", Verdict: Differs, Kind: PaperClaim, Reason: "the log version"}
	missing := Entry{Item: "Fig. 1", Verdict: NotComparable, Kind: PaperClaim, Reason: "ANL-Intrepid is not available", MissingLog: "ANL-Intrepid"}
	missing2 := missing
	missing2.MissingLog = "SDSC-Par-1995"
	blanked := Entry{Item: "Fig. 1", Verdict: NotComparable, Kind: PaperClaim, OurValue: "0.5", Reason: "the paper's value is blanked in our copy of the text"}
	standIn := Entry{Item: "Fig. 1", Verdict: NotComparable, Kind: PaperClaim, OurValue: "0.7", StandIn: "SDSC-Par-1996 for SDSC-Par-1995"}
	check := Entry{Item: "Fig. 1", Verdict: Agrees, Kind: SelfCheck, Basis: "1000 = 1000"}
	ours := Entry{Item: "Fig. 1", Verdict: Agrees, Kind: Ours}
	main := differ
	main.MainClaim = true
	ambiguous := agree
	ambiguous.NotDiscriminating = true
	untested := agree
	untested.Untested = true
	other := Entry{Item: "Fig. 2", Verdict: Differs, Kind: PaperClaim}
	cases := []struct {
		name    string
		entries []Entry
		status  Status
		counted string
	}{
		{"all agree", []Entry{agree, agree, other}, Reproduced, "2 of 2 agree"},
		{"not discriminating still agrees", []Entry{agree, ambiguous}, Reproduced, "2 of 2 agree (1 not discriminating)"},
		{"one singles out the log", []Entry{untested, ambiguous, agree}, Reproduced, "3 of 3 agree (1 not discriminating, 1 untested)"},
		// Every claim agrees but none singles out the log: counted apart.
		{"none singles out: not discriminating", []Entry{ambiguous, ambiguous}, ReproducedNotDiscriminating, "2 of 2 agree (2 not discriminating)"},
		{"none singles out: untested", []Entry{untested, other}, ReproducedNotDiscriminating, "1 of 1 agree (1 untested)"},
		{"none singles out: both", []Entry{untested, ambiguous}, ReproducedNotDiscriminating, "2 of 2 agree (1 not discriminating, 1 untested)"},
		{"none singles out, beside checks and ours", []Entry{untested, check, ours}, ReproducedNotDiscriminating, "1 of 1 agree (1 untested); 1 check; 1 of ours"},
		{"none singles out, a log missing", []Entry{ambiguous, missing}, Partial,
			"1 of 1 agree (1 not discriminating); 1 not comparable, on missing logs (logs missing: ANL-Intrepid)"},
		{"none singles out, one differs", []Entry{untested, differ}, Partial, "1 of 2 differ (1 unexplained)"},
		{"some differ", []Entry{agree, differ, explained}, Partial, "2 of 3 differ (1 unexplained)"},
		{"a log missing", []Entry{agree, missing}, Partial, "1 of 1 agree; 1 not comparable, on missing logs (logs missing: ANL-Intrepid)"},
		{"a log missing beside a difference", []Entry{agree, differ, missing, blanked}, Partial,
			"1 of 2 differ (1 unexplained); 2 not comparable: 1 on missing logs (logs missing: ANL-Intrepid), 1 computed but not comparable"},
		{"main claim differs", []Entry{agree, agree, main}, NotReproduced, "1 of 3 differ (1 unexplained); the main claim differs"},
		// Nothing can be computed (every claim on a missing log): not
		// reproduced, as issue 21 says, with the logs named.
		{"every log missing", []Entry{missing, missing2, missing}, NotReproduced,
			"nothing of ours computed; 3 not comparable, on missing logs (logs missing: ANL-Intrepid, SDSC-Par-1995)"},
		{"every log missing beside a check", []Entry{missing, check}, NotReproduced,
			"nothing of ours computed; 1 not comparable, on missing logs (logs missing: ANL-Intrepid); 1 check"},
		// Computed but nothing compared is neither reproduced nor not.
		{"nothing comparable", []Entry{blanked, standIn}, NothingToCompare, "no claim comparable; 2 not comparable"},
		{"nothing comparable beside a check", []Entry{standIn, check}, NothingToCompare, "no claim comparable; 1 not comparable; 1 check"},
		{"a missing log and a stand-in", []Entry{missing, standIn, missing}, NothingToCompare,
			"no claim comparable; 3 not comparable: 2 on missing logs (logs missing: ANL-Intrepid), 1 computed but not comparable"},
		// A check on a missing log does not count.
		{"a check on a missing log", []Entry{standIn, {Item: "Fig. 1", Verdict: NotComparable, Kind: SelfCheck, MissingLog: "ANL-Intrepid"}}, NothingToCompare,
			"no claim comparable; 1 not comparable; 1 check"},
		{"no entry", []Entry{other}, NoClaim, "no claim entry"},
		// Checks and ours never make an item reproduced.
		{"checks only", []Entry{check, check}, ChecksOnly, "no claim entry; 2 checks"},
		{"checks beside a difference", []Entry{check, differ}, NotReproduced, "1 of 1 differ (1 unexplained); 1 check"},
		{"ours only", []Entry{ours}, OursOnly, "no claim entry; 1 of ours"},
		{"ours and a check", []Entry{ours, check}, OursOnly, "no claim entry; 1 check; 1 of ours"},
		{"nothing", nil, NoClaim, "no claim entry"},
		{"claims beside ours", []Entry{differ, ours}, NotReproduced, "1 of 1 differ (1 unexplained); 1 of ours"},
	}
	for _, c := range cases {
		s := StatusOf(Item{Name: "Fig. 1"}, c.entries)
		if s.Status != c.status || s.Counted != c.counted {
			t.Errorf("%s: %s (%q), want %s (%q)", c.name, s.Status, s.Counted, c.status, c.counted)
		}
	}
}

// TestStatusCarried: an item whose statements are carried by another
// item's claims (Item.CarriedBy, as zakay2013 Fig. 7's slopes by Table
// VII's entries) takes its status from them; checks and ours of the other
// item are never carried.
func TestStatusCarried(t *testing.T) {
	t.Parallel()
	entry := func(id string, v Verdict, k Kind) Entry {
		return Entry{Item: "Table VII", ID: id, Verdict: v, Kind: k, Reason: "why"}
	}
	fig7 := Item{Name: "Fig. 7", CarriedBy: []string{"table7/*/resampled_min", "table7/*/resampled_max"}}
	cases := []struct {
		name    string
		entries []Entry
		status  Status
		counted string
	}{
		{"carried agree", []Entry{entry("table7/KTH/resampled_min", Agrees, PaperClaim), entry("table7/KTH/resampled_max", Agrees, PaperClaim),
			entry("table7/KTH/original", Differs, PaperClaim)}, Reproduced,
			"2 of 2 agree; 2 carried by other items' entries table7/*/resampled_min, table7/*/resampled_max"},
		{"carried differ", []Entry{entry("table7/KTH/resampled_min", Agrees, PaperClaim), entry("table7/CTC/resampled_max", Differs, PaperClaim)}, Partial,
			"1 of 2 differ; 2 carried by other items' entries table7/*/resampled_min, table7/*/resampled_max"},
		{"carried not comparable", []Entry{entry("table7/SDSC-Par/resampled_min", NotComparable, PaperClaim)}, NothingToCompare,
			"no claim comparable; 1 not comparable; 1 carried by other items' entries table7/*/resampled_min, table7/*/resampled_max"},
		{"a check is not carried", []Entry{entry("table7/KTH/resampled_min", Agrees, SelfCheck)}, NoClaim, "no claim entry"},
		{"no match", []Entry{entry("table7/KTH/resampled", Agrees, PaperClaim)}, NoClaim, "no claim entry"},
		{"own and carried", []Entry{{Item: "Fig. 7", ID: "fig7/x", Verdict: Differs, Kind: PaperClaim}, entry("table7/KTH/resampled_max", Agrees, PaperClaim)}, Partial,
			"1 of 2 differ (1 unexplained); 1 carried by other items' entries table7/*/resampled_min, table7/*/resampled_max"},
	}
	for _, c := range cases {
		s := StatusOf(fig7, c.entries)
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
	}{{"Fig. 1", Reproduced, false}, {"Fig. 2", NoClaim, false}, {"§6.1", Partial, true}, {"§2", NothingToCompare, true}}
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

// TestMissingLog: (*Ledger).MissingLog is the one place the missing-log
// marker is set; it survives a saved ledger, and an item of such entries
// only is not reproduced (issue 21: "nothing can be computed").
func TestMissingLog(t *testing.T) {
	t.Parallel()
	l := New("demo")
	e := l.MissingLog("Table 5", "table5/whale/jobs", "whale: jobs", "589251", "SHARCNET-2005", "SHARCNET-2005 is not available here")
	if e.MissingLog != "SHARCNET-2005" || e.Verdict != NotComparable || e.OurValue != "—" || e.OurNumber != nil || e.Reason == "" {
		t.Errorf("MissingLog made %+v", *e)
	}
	snap, err := json.Marshal(l.Entries())
	if err != nil {
		t.Fatal(err)
	}
	var back []Entry
	if err := json.Unmarshal(snap, &back); err != nil {
		t.Fatal(err)
	}
	s := StatusOf(Item{Name: "Table 5"}, back)
	if s.Status != NotReproduced || s.OnMissingLogs != 1 || !slices.Equal(s.MissingLogs, []string{"SHARCNET-2005"}) {
		t.Errorf("saved and read back: %s, %d on missing logs %v", s.Status, s.OnMissingLogs, s.MissingLogs)
	}
	// The same entry made by Unavailable (no marker) is not on a missing
	// log: nothing to compare, as before.
	u := New("demo")
	u.Unavailable("Table 5", "table5/whale/jobs", "whale: jobs", "589251", "SHARCNET-2005 is not available here")
	if s := StatusOf(Item{Name: "Table 5"}, u.Entries()); s.Status != NothingToCompare {
		t.Errorf("Unavailable: %s, want %s", s.Status, NothingToCompare)
	}
	defer func() {
		if recover() == nil {
			t.Error("MissingLog without a log's name: no panic")
		}
	}()
	l.MissingLog("Table 5", "table5/x", "x", "1", "", "why")
}
