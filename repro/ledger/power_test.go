package ledger

import (
	"math"
	"strings"
	"testing"
)

// TestPowered: an agreement of a likeness stated alike for every log is
// marked tested with power only when its tolerance comes from its own
// noise and rejects every departure measured on the column's other logs
// (their values where the claim differs, at least one), through JSON as
// stored ledgers are marked. The first case is zakay2014 Fig. 10
// feedback-fcfs-vs-easy in full mode (committed ledger at a6b24fe): HPC2N
// "a bit longer" than 1 with SE 0.048 (1.0956–1.3456), ours 1.2424; the
// other logs' ratios 1.8844 (SDSC-DS, SE 0.078), 4.2583 (CEA, SE 0.277),
// 2.0128 (SDSC-SP2, SE 0.039) differ, rejected by the band's upper side,
// 1.25 + 2 SE: the likeness factor, ours, so not marked (ABit). The second is zakay2013 Table V
// session_length_similar in full mode: SDSC-BLUE within 2 SE of 0
// (±33,512 s), ours −11,600 s, accepts LANL-CM5's −2,471 s (SE 1,188).
// The others are made up.
func TestPowered(t *testing.T) {
	t.Parallel()
	type row struct {
		id, log string
		want    Expectation
		got     float64
		kind    Kind
	}
	for _, c := range []struct {
		name    string
		rows    []row
		powered string // the id marked, "" for none
	}{
		{"a bit longer: HPC2N rejects every departure by our factor", []row{
			{"hpc2n", "HPC2N", ABit("a bit longer", 1, 0.0478, true), 1.2424, PaperClaim},
			{"ds", "SDSC-DS", ABit("a bit longer", 1, 0.0782, true), 1.8844, PaperClaim},
			{"cea", "CEA", ABit("a bit longer", 1, 0.2766, true), 4.2583, PaperClaim},
			{"sp2", "SDSC-SP2", ABit("a bit longer", 1, 0.0386, true), 2.0128, PaperClaim},
		}, ""},
		{"similar, SDSC-BLUE accepts a departure", []row{
			{"blue", "SDSC-BLUE", Like("similar", 0, 16756), -11600, PaperClaim},
			{"lanl", "LANL-CM5", Like("similar", 0, 1188), -2471, PaperClaim},
		}, ""},
		{"no departure: power unmeasured", []row{
			{"a", "A", Like("similar", 0, 0.1), 0.05, PaperClaim},
			{"b", "B", Like("similar", 0, 0.1), -0.05, PaperClaim},
		}, ""},
		{"a factor of ours (no noise) is never marked", []row{
			{"a", "A", Like("close to", 1, 0), 1.1, PaperClaim},
			{"b", "B", Like("close to", 1, 0), 2, PaperClaim},
		}, ""},
		{"a threshold of ours (no reference) is never marked", []row{
			{"a", "A", AtLeast(0.5), 0.6, PaperClaim},
			{"b", "B", AtLeast(0.5), 0.3, PaperClaim},
		}, ""},
		{"not stated alike: another reference", []row{
			{"a", "A", Like("similar", 0, 0.1), 0.05, PaperClaim},
			{"b", "B", Like("similar", 1, 0.1), 2, PaperClaim},
		}, ""},
		{"a departure of a row of the same log does not count", []row{
			{"a", "A", Like("similar", 0, 0.1), 0.05, PaperClaim},
			{"a2", "A", Like("similar", 0, 0.1), 2, PaperClaim},
		}, ""},
		{"a result of ours is not marked", []row{
			{"a", "A", Like("similar", 0, 0.1), 0.05, Ours},
			{"b", "B", Like("similar", 0, 0.1), 2, PaperClaim},
		}, ""},
		{"a row judged by a threshold: not stated alike", []row{
			{"a", "A", Like("similar", 0, 0.1), 0.05, PaperClaim},
			{"b", "B", Like("similar", 0, 0.1), 2, PaperClaim},
			{"c", "C", AtMost(0.1), 2, PaperClaim},
		}, ""},
		{"the reference our own value (RelativeTo): marked, untested", []row{
			{"a", "A", RelativeTo("our original's H", Like("similar", 0, 0.01)), 0.005, PaperClaim},
			{"b", "B", RelativeTo("our original's H", Like("similar", 0, 0.01)), 0.03, PaperClaim},
		}, "a"},
		{"our own values as references, one per log: not stated alike", []row{
			{"a", "A", RelativeTo("our original's depth", Like("very similar", 30, 1)), 31, PaperClaim},
			{"b", "B", RelativeTo("our original's depth", Like("very similar", 25, 1)), 40, PaperClaim},
		}, ""},
		{"a noise from a critical distance (FromNoise)", []row{
			{"a", "A", FromNoise(0, 0.045, AtMost(0.0897)), 0.0472, PaperClaim},
			{"b", "B", FromNoise(0, 0.054, AtMost(0.1079)), 0.1254, PaperClaim},
			{"c", "C", FromNoise(0, 0.038, AtMost(0.0769)), 0.095, PaperClaim},
		}, "a"},
	} {
		l := New("demo")
		for _, r := range c.rows {
			var e *Entry
			if r.kind == Ours {
				e = l.Own("T", r.id, "s", r.want, r.got)
			} else {
				e = l.Check("T", r.id, "s", r.want, r.got)
			}
			e.InTable("T", r.log, "c")
		}
		es := l.Entries()
		for _, set := range [][]Entry{es, judgedFromJSON(t, es)} {
			n := 0
			for _, e := range set {
				if e.Powered != (e.ID == c.powered) {
					t.Errorf("%s: %s (%s) Powered = %v", c.name, e.ID, e.Verdict, e.Powered)
				}
				if e.Powered {
					n++
					mark := "not discriminating, tested with power"
					if e.Untested {
						mark = "untested, tested with power"
					}
					if e.NotDiscriminating == e.Untested || !strings.HasSuffix(VerdictText(e), mark) {
						t.Errorf("%s: %s shown %q, NotDiscriminating %v, Untested %v", c.name, e.ID, VerdictText(e), e.NotDiscriminating, e.Untested)
					}
				}
			}
			if s := Summarize(set); s.Powered != n {
				t.Errorf("%s: Summary.Powered = %d, want %d", c.name, s.Powered, n)
			}
		}
	}
}

// TestPoweredClearedAndCounted: MarkDiscrimination clears a stale mark (a
// stored entry whose departure is gone), and the summary and the item's
// status name the count apart.
func TestPoweredClearedAndCounted(t *testing.T) {
	t.Parallel()
	l := New("demo")
	l.Check("T", "a", "s", Like("similar", 0, 0.1), 0.05).InTable("T", "A", "c")
	l.Check("T", "b", "s", Like("similar", 0, 0.1), 2).InTable("T", "B", "c")
	es := l.Entries()
	if !es[0].Powered {
		t.Fatal("a: not marked")
	}
	if got := Summarize(es).String(); !strings.Contains(got, "1 agree (1 not discriminating; of these 1 tested with power)") {
		t.Errorf("summary %q", got)
	}
	if it := StatusOf(Item{Name: "T"}, es[:1]); it.Powered != 1 || !strings.Contains(it.Counted, "1 of 1 agree (1 not discriminating; of these 1 tested with power)") {
		t.Errorf("item status %+v", it)
	}
	// With its departure in the item, the item's words still count it.
	if it := StatusOf(Item{Name: "T"}, es); it.Powered != 1 || it.Counted != "1 of 2 differ (1 unexplained); 1 of the 1 agreeing tested with power" {
		t.Errorf("item status with a difference %+v", it)
	}
	if rows := Discrimination(es); len(rows) != 1 || rows[0].Powered != 1 || rows[0].Agreeing != 1 || rows[0].Ambiguous != 1 {
		t.Errorf("discrimination rows %+v", rows)
	}
	es = es[:1]
	MarkDiscrimination(es)
	if es[0].Powered {
		t.Error("a: still marked without a departure")
	}
}

// TestFromNoisePanics: a reference or noise that is not a number is a
// programmer's error.
func TestFromNoisePanics(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ ref, noise float64 }{{0, -1}, {math.NaN(), 0.1}, {0, math.Inf(1)}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("FromNoise(%v, %v) did not panic", c.ref, c.noise)
				}
			}()
			FromNoise(c.ref, c.noise, AtMost(1))
		}()
	}
}

// TestAlikeNotDiscriminating: "a bit longer" stated of two logs whose
// bands, moved by very different errors, do not overlap (1.02–1.27 and
// 1.40–1.65) is still the same statement of both: neither agreement
// singles out its log (PowerRule), and no agreement tested with power is
// left without a mark. Without the reference (Want.Ref) the same bands
// tell the rows apart.
func TestAlikeNotDiscriminating(t *testing.T) {
	t.Parallel()
	l := New("demo")
	l.Check("T", "a", "s", ABit("a bit longer", 1, 0.01, true), 1.1).InTable("T", "A", "c")
	l.Check("T", "b", "s", ABit("a bit longer", 1, 0.2, true), 1.5).InTable("T", "B", "c")
	for _, e := range l.Entries() {
		if e.Verdict != Agrees || !e.NotDiscriminating || e.Untested {
			t.Errorf("%s: %s, NotDiscriminating %v, Untested %v", e.ID, e.Verdict, e.NotDiscriminating, e.Untested)
		}
	}
	if rows := Discrimination(l.Entries()); len(rows) != 1 || rows[0].Ambiguous != 2 {
		t.Errorf("discrimination rows %+v", rows)
	}
	l = New("demo")
	l.Check("T", "a", "s", Between(1.02, 1.27), 1.1).InTable("T", "A", "c")
	l.Check("T", "b", "s", Between(1.40, 1.65), 1.5).InTable("T", "B", "c")
	for _, e := range l.Entries() {
		if e.NotDiscriminating || e.Untested {
			t.Errorf("without a reference, %s: NotDiscriminating %v, Untested %v", e.ID, e.NotDiscriminating, e.Untested)
		}
	}
}
