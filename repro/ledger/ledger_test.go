package ledger

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
)

func TestExpectations(t *testing.T) {
	t.Parallel()
	inf := math.Inf(1)
	cases := []struct {
		name      string
		e         Expectation
		got       float64
		ok        bool
		value     string
		tolerance string
	}{
		{"approx inside", Approx(4.82, 0.07), 5.15, true, "4.82", "±7%"},
		{"approx edge", Approx(100, 0.05), 105, true, "100", "±5%"},
		{"approx outside", Approx(100, 0.05), 105.01, false, "100", "±5%"},
		{"approx negative", Approx(-2, 0.1), -2.2, true, "-2", "±10%"},
		{"approx zero tolerance", Approx(0.742, 0), 0.742, true, "0.742", "±0%"},
		{"approx NaN", Approx(1, 0.5), math.NaN(), false, "1", "±50%"},
		{"approx Inf", Approx(1, 0.5), inf, false, "1", "±50%"},
		{"near inside", Near(0.64, 0.05), 0.6, true, "0.64", "±0.05"},
		{"near outside", Near(0.64, 0.05), 0.58, false, "0.64", "±0.05"},
		{"near computed tolerance", Near(0.0160, 0.054094747994910986), 0.07, true, "0.016", "±0.0541"},
		{"near large computed tolerance", Near(28489, 1234.5678), 28000, true, "28489", "±1235"},
		{"near exact", Near(133, 0), 133, true, "133", "exact"},
		{"near exact off", Near(133, 0), 134, false, "133", "exact"},
		{"between inside", Between(13, 36), 20, true, "13–36", "in range"},
		{"between low edge", Between(13, 36), 13, true, "13–36", "in range"},
		{"between outside", Between(13, 36), 36.5, false, "13–36", "in range"},
		{"at least", AtLeast(0.5), 0.73, true, "≥ 0.5", "in range"},
		{"at least below", AtLeast(0.5), 0.49, false, "≥ 0.5", "in range"},
		{"at most", AtMost(0.05), 0.01, true, "≤ 0.05", "in range"},
		{"at most Inf", AtMost(0.05), math.Inf(-1), false, "≤ 0.05", "in range"},
		// A value derived from the paper's numbers shows 7 significant digits
		// (8/7 of feitelson2021 Fig. 6), one typed from the paper as printed.
		{"derived value", Approx(8.0/7, 1e-9), 1.142857142857, true, "1.142857", "±1e-07%"},
		{"derived small value", Near(1.0/16/3, 0.01), 0.02, true, "0.02083333", "±0.01"},
		{"printed value", Near(55208, 0), 55208, true, "55208", "exact"},
		{"printed small value", Near(0.0045, 0.001), 0.004, true, "0.0045", "±0.001"},
		{"stated", Stated("about a third", Approx(1.0/3, 0.15)), 0.3, true, "about a third", "±15%"},
	}
	for _, c := range cases {
		if got := c.e.Accepts(c.got); got != c.ok {
			t.Errorf("%s: Accepts(%v) = %v, want %v", c.name, c.got, got, c.ok)
		}
		if v := c.e.Value(); v != c.value {
			t.Errorf("%s: Value() = %q, want %q", c.name, v, c.value)
		}
		if v := c.e.Tolerance(); v != c.tolerance {
			t.Errorf("%s: Tolerance() = %q, want %q", c.name, v, c.tolerance)
		}
	}
}

func TestExpectationPanics(t *testing.T) {
	t.Parallel()
	expectPanics(t, map[string]func(){
		"approx negative tolerance": func() { Approx(1, -0.1) },
		"approx NaN value":          func() { Approx(math.NaN(), 0.1) },
		"near NaN tolerance":        func() { Near(1, math.NaN()) },
		"between reversed":          func() { Between(2, 1) },
	})
}

// expectPanics fails t for every case of cases whose call does not panic.
func expectPanics(t *testing.T, cases map[string]func()) {
	t.Helper()
	for name, f := range cases {
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

func TestFormat(t *testing.T) {
	t.Parallel()
	cases := []struct {
		v      float64
		digits int
		want   string
	}{
		{4.8234, 4, "4.823"},
		{0.06299501446517981, 4, "0.06300"},
		{135.24011574074075, 4, "135.2"},
		{28476, 4, "28476"},
		{-3, 4, "-3"},
		{1234.5678, 2, "1235"},
		{0.5, 3, "0.500"},
		{1.5e-7, 3, "1.5e-07"},
		{2.5e20, 3, "2.5e+20"},
		{math.NaN(), 4, "NaN"},
		{math.Inf(1), 4, "∞"},
	}
	for _, c := range cases {
		if got := Format(c.v, c.digits); got != c.want {
			t.Errorf("Format(%v, %d) = %q, want %q", c.v, c.digits, got, c.want)
		}
	}
}

func sampleLedger() *Ledger {
	l := New("demo2013")
	l.Section("§5.2 Table VI")
	l.Check("Table VI", "table6/KTH-SP2/procs", "mean stack depth of processors, KTH-SP2", Approx(3.82, 0.07), 3.9)
	l.Check("§5.2", "runtime-depth-range", "average stack depth of runtimes between 13 and 36", Between(13, 36), 41).
		Quoting("from 13 to 36").ExplainedBy(OneReading(), "CEA-Curie's depth is 41: its users repeat fewer runtimes")
	l.Section("§6.1 Fig. 8")
	l.Claim("Fig. 8", "fig8/KTH-SP2/bracketed", "some replicates perform like the original", true, "share 0.12")
	l.Blanked("Table V", "table5/CTC-SP2/temporary", "temporary users, CTC-SP2", 236)
	l.Unavailable("Table I", "table1/ANL-Intrepid/jobs", "jobs of ANL-Intrepid", "68936", "log ANL-Intrepid-2009 not available")
	l.Failed("Table VII", "table7/HPC2N/H", "Hurst parameter of HPC2N", Between(0.6, 0.9), errors.New("no arrivals"))
	l.Own("§6.5", "mix/equal", "mixing equals averaging", Near(0, 0.05), 0.02)
	return l
}

func TestLedger(t *testing.T) {
	t.Parallel()
	l := sampleLedger()
	want := []struct {
		id      string
		verdict Verdict
		ours    string
		section string
		origin  Kind
	}{
		{"table6/KTH-SP2/procs", Agrees, "3.900", "§5.2 Table VI", PaperClaim},
		{"runtime-depth-range", Differs, "41", "§5.2 Table VI", PaperClaim},
		{"fig8/KTH-SP2/bracketed", Agrees, "holds: share 0.12", "§6.1 Fig. 8", PaperClaim},
		{"table5/CTC-SP2/temporary", NotComparable, "236", "§6.1 Fig. 8", PaperClaim},
		{"table1/ANL-Intrepid/jobs", NotComparable, "—", "§6.1 Fig. 8", PaperClaim},
		{"table7/HPC2N/H", Differs, "— (not computed: no arrivals)", "§6.1 Fig. 8", PaperClaim},
		{"mix/equal", Agrees, "0.02000", "§6.1 Fig. 8", Ours},
	}
	es := l.Entries()
	if len(es) != len(want) {
		t.Fatalf("%d entries, want %d", len(es), len(want))
	}
	for i, w := range want {
		e := es[i]
		if e.ID != w.id || e.Verdict != w.verdict || e.OurValue != w.ours || e.Section != w.section ||
			e.Kind != w.origin || e.Paper != "demo2013" {
			t.Errorf("entry %d = %+v, want %+v", i, e, w)
		}
	}
	if r := es[1].Reason; !strings.Contains(r, "CEA-Curie") {
		t.Errorf("reason of a difference lost: %q", r)
	}
	// Totals count the claims only: mix/equal is ours.
	if tot := l.Totals(); tot != (Totals{Agrees: 2, Differs: 2, NotComparable: 2}) {
		t.Errorf("totals %+v", tot)
	}
	if got := Count(l.Entries()).String(); got != "7 entries: 3 agree, 2 differ, 2 not comparable" {
		t.Errorf("count of every entry %q", got)
	}
	if e, ok := l.Lookup("table5/CTC-SP2/temporary"); !ok || e.Number() != 236 {
		t.Errorf("Lookup: %+v %v", e, ok)
	}
	// An annotation for a difference does not attach to an agreement.
	if es[0].Reason != "" {
		t.Errorf("agreeing entry has reason %q", es[0].Reason)
	}
}

func TestLedgerPanics(t *testing.T) {
	t.Parallel()
	for name, f := range map[string]func(l *Ledger){
		"duplicate id": func(l *Ledger) {
			l.Check("Table I", "a", "s", Near(1, 0), 1)
			l.Check("Table I", "a", "s", Near(1, 0), 1)
		},
		"bad id":             func(l *Ledger) { l.Check("Table I", "a b", "s", Near(1, 0), 1) },
		"empty id":           func(l *Ledger) { l.Check("Table I", "", "s", Near(1, 0), 1) },
		"no statement":       func(l *Ledger) { l.Check("Table I", "a", "", Near(1, 0), 1) },
		"unavailable no why": func(l *Ledger) { l.Unavailable("Table I", "a", "s", "1", "") },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f(New("p"))
		}()
	}
}

func TestJSONRoundTrip(t *testing.T) {
	t.Parallel()
	es := sampleLedger().Entries()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, es); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(es) {
		t.Fatalf("%d entries back, want %d", len(back), len(es))
	}
	for i := range es {
		a, b := es[i], back[i]
		if a.ID != b.ID || a.Verdict != b.Verdict || a.OurValue != b.OurValue || a.Reason != b.Reason ||
			!(a.Number() == b.Number() || math.IsNaN(a.Number()) && math.IsNaN(b.Number())) {
			t.Errorf("entry %d: %+v back as %+v", i, a, b)
		}
	}
	if _, err := ReadJSON(strings.NewReader("{")); err == nil {
		t.Error("ReadJSON accepted broken JSON")
	}
}

func TestOutputs(t *testing.T) {
	t.Parallel()
	es := sampleLedger().Entries()
	var csv, txt, md bytes.Buffer
	if err := WriteCSV(&csv, es); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	if len(lines) != len(es)+1 || !strings.HasPrefix(lines[0], "paper,item,id,statement") {
		t.Errorf("CSV: %d lines, header %q", len(lines), lines[0])
	}
	if err := WriteText(&txt, es); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), "table5/CTC-SP2/temporary") || !strings.HasSuffix(txt.String(), "6 claims: 2 agree (2 untested), 2 differ (1 unexplained), 2 not comparable; 1 of ours\n") {
		t.Errorf("text output:\n%s", txt.String())
	}
	if err := WriteMarkdown(&md, es); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(md.String(), "\n"); got != len(es)+2 {
		t.Errorf("markdown has %d lines, want %d", got, len(es)+2)
	}
	if !strings.Contains(md.String(), "agrees (ours)") {
		t.Errorf("markdown does not mark our own results:\n%s", md.String())
	}
	df := Frame(es)
	if df.Err != nil || df.Nrow() != len(es) || df.Ncol() != len(Columns) {
		t.Fatalf("frame %dx%d, err %v", df.Nrow(), df.Ncol(), df.Err)
	}
	if got := df.Col("verdict").Records()[1]; got != "differs" {
		t.Errorf("frame verdict[1] = %q", got)
	}
}

func TestVerifyQuotes(t *testing.T) {
	t.Parallel()
	text := "the average stack depth\nranges from 13 to 36 for runtimes,"
	l := New("p")
	l.Check("§5.2", "a", "s", Between(13, 36), 20).Quoting("ranges from 13 to 36")
	l.Check("§5.2", "b", "s", Between(13, 36), 20).Quoting("average stack depth ranges")
	l.Check("§5.2", "c", "s", Between(13, 36), 20).Quoting("from 13 to 63")
	l.Check("§5.2", "d", "s", Between(13, 36), 20)
	errs := VerifyQuotes(l.Entries(), text)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "13 to 63") {
		t.Errorf("VerifyQuotes = %v, want one error for the misquote", errs)
	}
}

func TestNumberedItems(t *testing.T) {
	t.Parallel()
	text := `As shown in Figure 2 and Fig. 10, and in Table IV (see also Table II), Figs 5 and
Tables 1; Table VII and Fig.3. Figure 2 again.`
	got := NumberedItems(text)
	want := []string{"Fig. 2", "Fig. 3", "Fig. 5", "Fig. 10", "Table 1", "Table II", "Table IV", "Table VII"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("NumberedItems = %q, want %q", got, want)
	}
	p := Paper{Key: "p", Items: []Item{{Name: "Fig. 2"}, {Name: "Fig. 3"}, {Name: "Table IV"}}}
	missing := p.MissingItems(text)
	if strings.Join(missing, ",") != "Fig. 5,Fig. 10,Table 1,Table II,Table VII" {
		t.Errorf("MissingItems = %q", missing)
	}
}

func TestNumeral(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]int{"1": 1, "12": 12, "I": 1, "IV": 4, "VI": 6, "IX": 9, "XIV": 14, "VII": 7} {
		if got := numeral(s); got != want {
			t.Errorf("numeral(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestNewForSections(t *testing.T) {
	t.Parallel()
	p := Paper{Key: "p", Items: []Item{{Name: "Table VI", Section: "§5.2 — Table VI"}}}
	l := NewFor(p)
	l.Check("Table VI", "a", "s", Near(1, 0), 1)
	l.Check("§5.2", "b", "s", Near(1, 0), 1)
	l.Section("elsewhere")
	l.Check("Table VI", "c", "s", Near(1, 0), 1)
	es := l.Entries()
	if es[0].Section != "§5.2 — Table VI" || es[1].Section != "" || es[2].Section != "elsewhere" {
		t.Errorf("sections %q %q %q", es[0].Section, es[1].Section, es[2].Section)
	}
}

// TestMeasured: a measurement goes with our value of a differing entry,
// which stays unexplained; an agreeing entry and an empty note are left.
func TestMeasured(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		got        float64
		note       string
		wantOurs   string
		wantReason string
	}{
		{"differs", 41, "41 at 1× users too", "41 (41 at 1× users too)", ""},
		{"agrees", 20, "unused", "20", ""},
		{"differs, no note", 41, "", "41", ""},
	}
	for _, c := range cases {
		l := New("demo")
		e := l.Check("§5.2", "depth", "average stack depth", Between(13, 36), c.got).Measured(c.note)
		if e.OurValue != c.wantOurs || e.Reason != c.wantReason {
			t.Errorf("%s: our value %q, reason %q; want %q, %q", c.name, e.OurValue, e.Reason, c.wantOurs, c.wantReason)
		}
		if s := Summarize(l.Entries()); c.got == 41 && s.Unexplained != 1 {
			t.Errorf("%s: %d unexplained, want 1", c.name, s.Unexplained)
		}
	}
}

// TestAcrossSeeds: how a statement fares at the other seeds measured is
// shown with our value whatever the verdict (unlike Measured), and never
// becomes a reason.
func TestAcrossSeeds(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		holds    bool
		note     string
		wantOurs string
	}{
		{"agrees", true, "holds at 1 of 3 seeds", "holds: x (holds at 1 of 3 seeds)"},
		{"differs", false, "holds at 2 of 3 seeds", "does not hold: x (holds at 2 of 3 seeds)"},
		{"agrees, no note", true, "", "holds: x"},
	}
	for _, c := range cases {
		l := New("demo")
		e := l.Claim("Fig. 21", "only", "only with a cycle", c.holds, "x").AcrossSeeds(c.note)
		if e.OurValue != c.wantOurs || e.Reason != "" {
			t.Errorf("%s: our value %q, reason %q; want %q and no reason", c.name, e.OurValue, e.Reason, c.wantOurs)
		}
	}
}

// TestTally: a convention is justified only when it brings more entries
// within than our reading even with the entry it explains left out (a net
// gain of two or more).
func TestTally(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		was, now  []bool
		want      Tally
		justified bool
	}{
		{"net gain of one: chosen for one entry alone", []bool{true, false, false, true}, []bool{false, true, true, true}, Tally{N: 4, AsComputed: 2, Within: 3, Gained: 2, Lost: 1}, false},
		{"one gained, none lost", []bool{false, true}, []bool{true, true}, Tally{N: 2, AsComputed: 1, Within: 2, Gained: 1, Lost: 0}, false},
		{"net gain of two", []bool{true, false, false, false}, []bool{false, true, true, true}, Tally{N: 4, AsComputed: 1, Within: 3, Gained: 3, Lost: 1}, true},
		{"as many as it loses", []bool{true, false}, []bool{false, true}, Tally{N: 2, AsComputed: 1, Within: 1, Gained: 1, Lost: 1}, false},
		{"nothing", nil, nil, Tally{}, false},
	}
	for _, c := range cases {
		var got Tally
		for i := range c.was {
			got.Add(c.was[i], c.now[i])
		}
		if got != c.want || got.Justified() != c.justified {
			t.Errorf("%s: %+v (justified %t), want %+v (%t)", c.name, got, got.Justified(), c.want, c.justified)
		}
	}
}
