package ledger

import (
	"encoding/json"
	"strings"
	"testing"
)

// tallyOfGain is a consistent Tally of 22 entries, 9 within as computed,
// with gain net (all gained, none lost).
func tallyOfGain(gain int) Tally {
	t := Tally{N: 22, AsComputed: 9, Within: 9 + gain}
	if gain >= 0 {
		t.Gained = gain
	} else {
		t.Lost = -gain
	}
	return t
}

// TestExplainedByTally: a reading that carries its tally (WithTally) is a
// reason only when the tally justifies it, judged as the reading is:
// counted only, at every seed (Tally.Justified each); judged over the
// seeds, on the mean net gain (JustifiedOverSeeds). Reference values:
// zakay2013 Fig. 9's common week at 0fc4618, 19 of 22 statements within
// against 9 (net gain 10) at the study's seed; the other gains are made
// up at the rule's edges (1 and 2; means 5/3 and 2).
func TestExplainedByTally(t *testing.T) {
	t.Parallel()
	g := tallyOfGain
	for _, c := range []struct {
		name      string
		found     Found
		explained bool
		ours      string // a part of our value when demoted
	}{
		{"one tally, gain 10", OneReading().WithTally(g(10)), true, ""},
		{"one tally, gain exactly 2", AmongReadings(8).WithTally(g(2)), true, ""},
		{"one tally, gain 1", OneReading().WithTally(g(1)), false, "its tally's net gain over its table is 1 (ledger.Tally.Justified asks at least 2), so not a reason"},
		{"a loss", OneReading().WithTally(g(-2)), false, "net gain over its table is -2"},
		{"counted at every seed, justified at each", AmongReadings(5).AtSeeds(3, 3).WithTally(g(10), g(2), g(3)), true, ""},
		{"counted at every seed, one seed at 1", AmongReadings(5).AtSeeds(3, 3).WithTally(g(10), g(1), g(3)), false,
			"at the 3 seeds is 10, 1, 3 (ledger.Tally.Justified asks at least 2 at each)"},
		{"tally before AtSeeds", AmongReadings(5).WithTally(g(10), g(1), g(3)).AtSeeds(3, 3), false, "10, 1, 3"},
		{"judged over seeds, mean 7/3", OneReading().OverSeeds(true, 2, 3).WithTally(g(3), g(3), g(1)), true, ""},
		{"judged over seeds, mean exactly 2", OneReading().OverSeeds(true, 2, 3).WithTally(g(3), g(2), g(1)), true, ""},
		{"judged over seeds, mean 5/3", OneReading().OverSeeds(true, 2, 3).WithTally(g(3), g(1), g(1)), false,
			"averaged over the 3 seeds is 1.67 (3, 1, 1; ledger.JustifiedOverSeeds asks at least 2)"},
		// Not within by the seeds rule: demoted for that first, whatever the tally.
		{"not within, tally justified", OneReading().OverSeeds(false, 3, 3).WithTally(g(3), g(3), g(3)), false, "not within judged over the 3 seeds"},
		// Without a stored tally the caller's judgement stands (the text states it).
		{"no tally stored", OneReading(), true, ""},
	} {
		e := &Entry{ID: "x", Paper: "demo2013", Kind: PaperClaim, Verdict: Differs, OurValue: "0.4"}
		e.ExplainedBy(c.found, "the common week")
		if got := e.Reason != ""; got != c.explained {
			t.Errorf("%s: explained %v (our value %q), want %v", c.name, got, e.OurValue, c.explained)
		}
		if !c.explained && !strings.Contains(e.OurValue, c.ours) {
			t.Errorf("%s: our value %q does not say %q", c.name, e.OurValue, c.ours)
		}
		if c.explained && e.OurValue != "0.4" {
			t.Errorf("%s: our value %q changed", c.name, e.OurValue)
		}
		if errs := Consistency([]Entry{*e}); len(errs) > 0 {
			t.Errorf("%s: %v", c.name, errs)
		}
	}
}

// TestFoundTallyJSON: the tally is stored under "tally", one object per
// seed with the Tally's counts, and read back; a Found without one keeps
// its JSON as before (omitted).
func TestFoundTallyJSON(t *testing.T) {
	t.Parallel()
	f := AmongReadings(5).AtSeeds(3, 3).WithTally(tallyOfGain(10), tallyOfGain(2), Tally{N: 22, AsComputed: 9, Within: 12, Gained: 4, Lost: 1})
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"by":"reading","readings":5,"seeds":3,"held":3,"tally":[` +
		`{"n":22,"as_computed":9,"within":19,"gained":10,"lost":0},` +
		`{"n":22,"as_computed":9,"within":11,"gained":2,"lost":0},` +
		`{"n":22,"as_computed":9,"within":12,"gained":4,"lost":1}]}`
	if string(b) != want {
		t.Errorf("JSON\n%s\nwant\n%s", b, want)
	}
	var back Found
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Tally) != 3 || back.Tally[2] != f.Tally[2] || !back.Justified() || !back.tallyValid() {
		t.Errorf("read back %+v", back)
	}
	if b, _ := json.Marshal(OneReading().AtSeeds(3, 3)); string(b) != `{"by":"reading","readings":1,"seeds":3,"held":3}` {
		t.Errorf("without a tally: %s", b)
	}
}

// TestFoundTallyPanics: a tally for an input fact, none, counts Add
// cannot give, or a number of tallies that is not the seeds measured.
func TestFoundTallyPanics(t *testing.T) {
	t.Parallel()
	differs := func() *Entry { return &Entry{ID: "x", Verdict: Differs} }
	expectPanics(t, map[string]func(){
		"input fact":          func() { FromInput().WithTally(tallyOfGain(3)) },
		"no tally":            func() { OneReading().WithTally() },
		"gain without gained": func() { OneReading().WithTally(Tally{N: 22, AsComputed: 9, Within: 12}) },
		"within beyond n":     func() { OneReading().WithTally(Tally{N: 5, AsComputed: 1, Within: 6, Gained: 5}) },
		"lost more than was":  func() { OneReading().WithTally(Tally{N: 22, AsComputed: 1, Within: 0, Lost: 2, Gained: 1}) },
		"one tally at 3 seeds": func() {
			differs().ExplainedBy(OneReading().AtSeeds(3, 3).WithTally(tallyOfGain(5)), "x")
		},
		"3 tallies, none random": func() {
			differs().ExplainedBy(OneReading().WithTally(tallyOfGain(5), tallyOfGain(5), tallyOfGain(5)), "x")
		},
	})
}

// TestConsistencyStoredTally: a stored ledger (read back, not made by
// ExplainedBy) whose reason's tally does not justify it, or has not one
// tally per seed, breaks Consistency.
func TestConsistencyStoredTally(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		found Found
		bad   string // "" when consistent
	}{
		{"justified", Found{By: ByReading, Readings: 1, Tally: []Tally{tallyOfGain(2)}}, ""},
		{"gain 1", Found{By: ByReading, Readings: 1, Tally: []Tally{tallyOfGain(1)}}, "does not justify it: its tally's net gain over its table is 1"},
		{"one seed of three at 1", Found{By: ByReading, Readings: 1, Seeds: 3, Held: 3, Tally: []Tally{tallyOfGain(5), tallyOfGain(1), tallyOfGain(5)}},
			"does not justify it"},
		{"judged, mean 11/3", Found{By: ByReading, Readings: 1, Seeds: 3, Held: 2, Judged: true, Within: true, Tally: []Tally{tallyOfGain(5), tallyOfGain(1), tallyOfGain(5)}}, ""},
		{"one tally at 3 seeds", Found{By: ByReading, Readings: 1, Seeds: 3, Held: 3, Tally: []Tally{tallyOfGain(5)}}, "not one per seed measured"},
		{"inconsistent counts", Found{By: ByReading, Readings: 1, Tally: []Tally{{N: 3, AsComputed: 0, Within: 5, Gained: 5}}}, "not one Tally.Add can give"},
	} {
		e := Entry{Paper: "demo2013", ID: "x", Kind: PaperClaim, Verdict: Differs, Reason: "the common week", Found: &c.found}
		errs := Consistency([]Entry{e})
		switch {
		case c.bad == "" && len(errs) > 0:
			t.Errorf("%s: %v", c.name, errs)
		case c.bad != "" && (len(errs) != 1 || !strings.Contains(errs[0].Error(), c.bad)):
			t.Errorf("%s: %v, want one saying %q", c.name, errs, c.bad)
		}
	}
}
