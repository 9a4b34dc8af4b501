package ledger

import (
	"encoding/json"
	"testing"
)

func TestPrinted(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text   string
		se     float64
		got    float64
		accept bool
	}{
		// Half a unit of the last printed digit: 0.005 for "0.62".
		{"0.62", 0, 0.625, true},
		{"0.62", 0, 0.6251, false},
		// Plus two standard errors: 0.005 + 0.068.
		{"0.62", 0.034, 0.69, true},
		{"0.62", 0.034, 0.70, false},
		// Integers: half a unit is 0.5.
		{"28489", 0, 28489.5, true},
		{"28489", 0, 28490, false},
		{"3.9", 0, 3.86, true},
	} {
		if got := Printed(c.text, c.se).Accepts(c.got); got != c.accept {
			t.Errorf("Printed(%q, %v).Accepts(%v) = %v", c.text, c.se, c.got, got)
		}
	}
}

func TestDiscrimination(t *testing.T) {
	t.Parallel()
	l := New("demo")
	// Column "shorter": KTH 0.60 and SP2 0.62 lie within each other's ±0.05;
	// CTC 0.90 singles itself out.
	l.Check("Table II", "t2/KTH", "KTH shorter", Near(0.60, 0.05), 0.61).InTable("Table II", "KTH", "shorter")
	l.Check("Table II", "t2/SP2", "SP2 shorter", Near(0.62, 0.05), 0.63).InTable("Table II", "SP2", "shorter")
	l.Check("Table II", "t2/CTC", "CTC shorter", Near(0.90, 0.05), 0.88).InTable("Table II", "CTC", "shorter")
	l.Check("Table II", "t2/BLUE", "BLUE shorter", Near(0.30, 0.05), 0.50).InTable("Table II", "BLUE", "shorter")
	es := l.Entries()
	rows := Discrimination(es)
	if len(rows) != 1 || rows[0].Agreeing != 3 || rows[0].Ambiguous != 2 || rows[0].Rows != 4 {
		t.Fatalf("Discrimination = %+v, want 3 agreeing, 2 ambiguous, 4 rows", rows)
	}
	// Through JSON, as stored ledgers are judged.
	back := judgedFromJSON(t, es)
	want := map[string]bool{"t2/KTH": true, "t2/SP2": true, "t2/CTC": false, "t2/BLUE": false}
	for _, e := range back {
		if e.NotDiscriminating != want[e.ID] {
			t.Errorf("%s: NotDiscriminating = %v", e.ID, e.NotDiscriminating)
		}
	}
}

// TestTighterThanSpread: an agreement whose own tolerance holds another
// row's paper value does not single out its row, even when our value lies
// outside that row's tolerance (DESIGN: a tolerance tighter than the
// spread between the logs). The first case is zakay2013 Table II, procs,
// shorter_01 in full mode (LANL-CM5 0.727 ± 0.0693, ours 0.658; KTH-SP2
// 0.782 ± 0.0757, ours 0.744); the second Fig. 4's bounds, KTH-SP2's KS
// ≤ 0.136 beside SDSC-SP2's ≤ 0.100 (ours 0.113).
func TestTighterThanSpread(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		add  func(l *Ledger)
		want map[string]bool // NotDiscriminating by id (every entry agrees)
	}{
		{"own tolerance holds the other's value", func(l *Ledger) {
			l.Check("T", "lanl", "s", Near(0.727, 0.0693), 0.658).InTable("T", "LANL", "c")
			l.Check("T", "kth", "s", Near(0.782, 0.0757), 0.744).InTable("T", "KTH", "c")
		}, map[string]bool{"lanl": true, "kth": true}},
		{"apart both ways", func(l *Ledger) {
			l.Check("T", "kth", "s", Near(0.60, 0.05), 0.61).InTable("T", "KTH", "c")
			l.Check("T", "ctc", "s", Near(0.90, 0.05), 0.88).InTable("T", "CTC", "c")
		}, map[string]bool{"kth": false, "ctc": false}},
		{"a wider bound holds a narrower one", func(l *Ledger) {
			l.Check("T", "kth", "s", AtMost(0.136), 0.113).InTable("T", "KTH", "c")
			l.Check("T", "sp2", "s", AtMost(0.100), 0.05).InTable("T", "SP2", "c")
		}, map[string]bool{"kth": true, "sp2": true}},
		{"disjoint ranges", func(l *Ledger) {
			l.Check("T", "low", "s", Between(0, 0.2), 0.1).InTable("T", "A", "c")
			l.Check("T", "high", "s", AtLeast(0.5), 0.7).InTable("T", "B", "c")
		}, map[string]bool{"low": false, "high": false}},
		{"ranges sharing only a bound", func(l *Ledger) {
			// zakay2013 Fig. 12 (quick): SDSC-DS "less than 90%", 0.866,
			// beside "close to 100%" (≥ 0.9).
			l.Check("T", "ds", "s", AtMost(0.9), 0.866).InTable("T", "DS", "c")
			l.Check("T", "blue", "s", AtLeast(0.9), 0.95).InTable("T", "BLUE", "c")
		}, map[string]bool{"ds": false, "blue": false}},
		{"relative tolerance holds the other's value", func(l *Ledger) {
			// A accepts 88.8–111.2, B 110.445–111.555.
			l.Check("T", "a", "s", Approx(100, 0.112), 91).InTable("T", "A", "c")
			l.Check("T", "b", "s", Approx(111, 0.005), 111.5).InTable("T", "B", "c")
		}, map[string]bool{"a": true, "b": false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := New("demo")
			c.add(l)
			for _, e := range l.Entries() {
				if e.Verdict != Agrees || e.Untested {
					t.Fatalf("%s: %s, untested %v: every case agrees and is tested", e.ID, e.Verdict, e.Untested)
				}
				if e.NotDiscriminating != c.want[e.ID] {
					t.Errorf("%s: NotDiscriminating = %v, want %v", e.ID, e.NotDiscriminating, c.want[e.ID])
				}
			}
		})
	}
}

// TestUntested: an agreement singles out its log only when it was tested
// against another row's paper value in its table column; every other
// agreeing claim is marked Untested, never counted as singling out.
func TestUntested(t *testing.T) {
	t.Parallel()
	l := New("demo")
	// Tested and singling out: CTC 0.88 is outside KTH's 0.60 ± 0.05.
	l.Check("Table II", "t2/KTH", "s", Near(0.60, 0.05), 0.61).InTable("Table II", "KTH", "shorter")
	l.Check("Table II", "t2/CTC", "s", Near(0.90, 0.05), 0.88).InTable("Table II", "CTC", "shorter")
	// Alone in its column: no other log's value to tell it from.
	l.Check("Table II", "t2/SP2/longer", "s", Near(0.3, 0.05), 0.3).InTable("Table II", "SP2", "longer")
	// A range, a qualitative statement and a number outside any table.
	l.Check("Table VII", "t7/range", "s", Between(0.6, 0.9), 0.7)
	l.Claim("Fig. 1", "f1/holds", "s", true, "holds")
	l.Check("Fig. 9", "f9/slope", "s", Near(-2.5, 0.2), -2.4)
	// A difference, a check and ours are never marked.
	l.Check("Fig. 9", "f9/differs", "s", Near(1, 0), 2)
	l.Check("Fig. 9", "f9/check", "s", Near(1, 0), 1).AsCheck("identity")
	l.Own("§6", "own", "s", Near(1, 0), 1)
	es := l.Entries()
	want := map[string]bool{"t2/SP2/longer": true, "t7/range": true, "f1/holds": true, "f9/slope": true}
	for _, e := range es {
		if e.Untested != want[e.ID] {
			t.Errorf("%s: Untested = %v, want %v", e.ID, e.Untested, want[e.ID])
		}
		if e.NotDiscriminating {
			t.Errorf("%s: NotDiscriminating", e.ID)
		}
	}
	s := Summarize(es)
	if s.Claims.Agrees != 6 || s.Untested != 4 || s.NotDiscriminating != 0 || s.Discriminating() != 2 {
		t.Errorf("summary %+v: want 6 agree, 4 untested, 2 singling out", s)
	}
	if got, want := s.String(), "7 claims: 6 agree (4 untested), 1 differ (1 unexplained), 0 not comparable; 1 check; 1 of ours"; got != want {
		t.Errorf("String %q, want %q", got, want)
	}
}

func TestKinds(t *testing.T) {
	t.Parallel()
	l := New("demo")
	c := l.Check("§6.1", "n", "variants made", Near(1000, 0), 1000).AsCheck("1000 = 1000: the count we asked for")
	s := l.StandIn("Table 1", "m", "M' of the 1995 Paragon", Approx(0.94, 0.05), 0.94, "our SDSC-Par is the 1996 log")
	if c.Kind != SelfCheck || c.Basis == "" || s.Verdict != NotComparable || s.OurNumber == nil {
		t.Errorf("check %+v, stand-in %+v", c, s)
	}
	if e := l.Check("x", "p", "claim", Near(1, 0), 1); e.Kind != PaperClaim {
		t.Errorf("default kind %q", e.Kind)
	}
}

// TestRelativeToOurs: a Want derived from our own computation (RelativeTo)
// is no paper value. An agreement with it is Untested, never singling out
// nor "not discriminating", and it is no other row's paper value either.
// The first case is zakay2013 Table VI, req_time, resampled_vs_original in
// full mode (repro/ledgers/zakay2013.json at eef9387): the paper's cells
// are blanked, each Want is our original's mean depth within 2 SE, and
// KTH-SP2 (6.52 ± 1.08, ours 6.43) was counted as singling out its log
// beside SDSC-SP2 (4.00 ± 0.747, ours 4.01) and SDSC-DS (4.00 ± 0.749,
// ours 4.02), not discriminating.
func TestRelativeToOurs(t *testing.T) {
	t.Parallel()
	const ours = "our original log's value"
	for _, c := range []struct {
		name      string
		add       func(l *Ledger)
		untested  map[string]bool // Untested by id (every entry agrees)
		ambiguous int             // Discrimination's ambiguous agreements, all columns
	}{
		{"both relative to ours", func(l *Ledger) {
			l.Check("T", "kth", "s", RelativeTo(ours, Near(6.520445180150037, 1.0790014727995196)), 6.427443856993044).InTable("T", "KTH", "c")
			l.Check("T", "sp2", "s", RelativeTo(ours, Near(4.00448219711595, 0.7466309329483958)), 4.011031362447252).InTable("T", "SP2", "c")
			l.Check("T", "ds", "s", RelativeTo(ours, Near(4.002626367899948, 0.7491998113960979)), 4.015169781865023).InTable("T", "DS", "c")
		}, map[string]bool{"kth": true, "sp2": true, "ds": true}, 0},
		{"the same values as paper values", func(l *Ledger) {
			// Without RelativeTo, as before: KTH singles out, SP2 and DS do not.
			l.Check("T", "kth", "s", Near(6.520445180150037, 1.0790014727995196), 6.427443856993044).InTable("T", "KTH", "c")
			l.Check("T", "sp2", "s", Near(4.00448219711595, 0.7466309329483958), 4.011031362447252).InTable("T", "SP2", "c")
			l.Check("T", "ds", "s", Near(4.002626367899948, 0.7491998113960979), 4.015169781865023).InTable("T", "DS", "c")
		}, map[string]bool{}, 2},
		{"a paper value beside one relative to ours", func(l *Ledger) {
			// The relative Want would accept the paper row's value; it is
			// no paper value, so the paper row has nothing to be told from.
			l.Check("T", "paper", "s", Near(0.60, 0.05), 0.61).InTable("T", "A", "c")
			l.Check("T", "rel", "s", RelativeTo(ours, Near(0.62, 0.05)), 0.63).InTable("T", "B", "c")
		}, map[string]bool{"paper": true, "rel": true}, 0},
		{"two paper values and one relative to ours", func(l *Ledger) {
			l.Check("T", "a", "s", Near(0.60, 0.05), 0.61).InTable("T", "A", "c")
			l.Check("T", "b", "s", Near(0.90, 0.05), 0.88).InTable("T", "B", "c")
			l.Check("T", "rel", "s", RelativeTo(ours, Near(0.89, 0.05)), 0.90).InTable("T", "C", "c")
		}, map[string]bool{"rel": true}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := New("demo")
			c.add(l)
			es := l.Entries()
			// Judged again from JSON, as stored ledgers are.
			back := judgedFromJSON(t, es)
			for _, set := range [][]Entry{es, back} {
				for _, e := range set {
					if e.Verdict != Agrees {
						t.Fatalf("%s: %s: every case agrees", e.ID, e.Verdict)
					}
					if e.Untested != c.untested[e.ID] {
						t.Errorf("%s: Untested = %v, want %v", e.ID, e.Untested, c.untested[e.ID])
					}
					if e.Untested && e.NotDiscriminating {
						t.Errorf("%s: both untested and not discriminating", e.ID)
					}
					if rel := e.Want.Relative != ""; rel != (e.ID == "rel" || c.name == "both relative to ours") {
						t.Errorf("%s: Want.Relative = %q", e.ID, e.Want.Relative)
					}
				}
			}
			n := 0
			for _, r := range Discrimination(back) {
				n += r.Ambiguous
			}
			if n != c.ambiguous {
				t.Errorf("Discrimination: %d ambiguous, want %d", n, c.ambiguous)
			}
		})
	}
}

// judgedFromJSON returns es after a JSON round trip, marked again by
// MarkDiscrimination, as a stored ledger is judged when it is read.
func judgedFromJSON(t *testing.T, es []Entry) []Entry {
	t.Helper()
	b, err := json.Marshal(es)
	if err != nil {
		t.Fatal(err)
	}
	var back []Entry
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	MarkDiscrimination(back)
	return back
}
