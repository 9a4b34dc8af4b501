package zakay2013

import (
	"errors"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
)

// rangeStatement is a made-up "not completely separated" statement of
// log: it holds when the original (orig) lies within lo–hi, the variants'
// range.
func rangeStatement(id, log string, lo, hi, orig float64) statement {
	return statement{item: "Fig. 9", id: id, log: log, text: "s", holds: lo <= orig && orig <= hi,
		evidence: ledger.Format(lo, 4) + "–" + ledger.Format(hi, 4) + ", original " + ledger.Format(orig, 4)}
}

// TestEscalate: at a further seed, a statement the common week brings
// within at the study's seed but not at the screen's variants is judged
// again at the figure's count on the logs it concerns (its log; every log
// for a statement over all logs), and that judgement replaces the
// screen's, within or not; statements within at the screen, and those not
// within at the study's seed, are not judged again (rejudge is not asked
// for them). The statements are made up.
func TestEscalate(t *testing.T) {
	t.Parallel()
	logs := []string{"A", "B", "C"}
	in := func(id, log string) statement { return rangeStatement(id, log, 1, 3, 2) }
	out := func(id, log string) statement { return rangeStatement(id, log, 2.5, 3, 2) }
	set := func(sts ...statement) map[string]statement {
		m := map[string]statement{}
		for _, st := range sts {
			m[st.id] = st
		}
		return m
	}
	errRun := errors.New("run failed")
	for _, c := range []struct {
		name     string
		atStudy  []statement
		screen   map[string]statement // the further seed at the screen's count
		figure   map[string]statement // the same at the figure's count
		fail     error                // rejudge's error
		concern  []string             // the logs rejudge is asked for; nil: not asked
		judged   []string             // ids whose result is the figure's
		within   []string             // ids within at the further seed afterwards
		wantErrs error
	}{
		{name: "held at the screen: not judged again",
			atStudy: []statement{in("a", "A")}, screen: set(in("a", "A")), figure: set(out("a", "A")),
			within: []string{"a"}},
		{name: "not within at the study's seed: not judged again",
			atStudy: []statement{out("a", "A")}, screen: set(out("a", "A")), figure: set(in("a", "A")),
			within: nil},
		{name: "failed at the screen, held at the figure's count",
			atStudy: []statement{in("a", "A"), in("b", "B")}, screen: set(out("a", "A"), in("b", "B")), figure: set(in("a", "A"), out("b", "B")),
			concern: []string{"A"}, judged: []string{"a"}, within: []string{"a", "b"}},
		{name: "failed at the screen and at the figure's count",
			atStudy: []statement{in("a", "A")}, screen: set(out("a", "A")), figure: set(out("a", "A")),
			concern: []string{"A"}, judged: []string{"a"}, within: nil},
		{name: "two logs, in the order of the logs",
			atStudy: []statement{in("c", "C"), in("a", "A"), in("b", "B")}, screen: set(out("c", "C"), out("a", "A"), in("b", "B")),
			figure:  set(in("c", "C"), out("a", "A"), in("b", "B")),
			concern: []string{"A", "C"}, judged: []string{"a", "c"}, within: []string{"b", "c"}},
		{name: "a statement over all logs concerns every log",
			atStudy: []statement{in("all", "")}, screen: set(out("all", "")), figure: set(in("all", "")),
			concern: logs, judged: []string{"all"}, within: []string{"all"}},
		{name: "not measured at the figure's count: the screen's stands",
			atStudy: []statement{in("a", "A")}, screen: set(out("a", "A")), figure: set(),
			concern: []string{"A"}, within: nil},
		{name: "the run fails",
			atStudy: []statement{in("a", "A")}, screen: set(out("a", "A")), fail: errRun,
			concern: []string{"A"}, wantErrs: errRun},
	} {
		at := maps.Clone(c.screen)
		var asked []string
		called := false
		screen, err := escalate(c.atStudy, at, logs, func(concern []string) (map[string]statement, error) {
			called, asked = true, concern
			return c.figure, c.fail
		})
		if !errors.Is(err, c.wantErrs) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.wantErrs)
		}
		if called != (c.concern != nil) || !slices.Equal(asked, c.concern) {
			t.Errorf("%s: rejudge asked %v (called %v), want %v", c.name, asked, called, c.concern)
		}
		if err != nil {
			continue
		}
		if got := slices.Sorted(maps.Keys(screen)); !slices.Equal(got, c.judged) {
			t.Errorf("%s: judged again %v, want %v", c.name, got, c.judged)
		}
		for id, st := range screen {
			if st.evidence != c.screen[id].evidence || at[id].evidence != c.figure[id].evidence {
				t.Errorf("%s: %s screen %q, now %q; want %q then %q", c.name, id, st.evidence, at[id].evidence, c.screen[id].evidence, c.figure[id].evidence)
			}
		}
		var within []string
		for id, st := range at {
			if st.agrees() {
				within = append(within, id)
			}
		}
		if slices.Sort(within); !slices.Equal(within, c.within) {
			t.Errorf("%s: within %v, want %v", c.name, within, c.within)
		}
	}
}

// TestCommonWeekReasonEscalated: the rule of a reason (ledger.Tally at
// each seed, ledger.Found) reads the further seeds' statements as
// escalate left them: a statement that fails the screen but holds at the
// figure's count holds at that seed, counts toward that seed's tally, and
// its reason says which count decided at which seed. Made-up statements:
// three of one figure, the paper's entries all differing, the common week
// within at the study's seed on all three.
func TestCommonWeekReasonEscalated(t *testing.T) {
	t.Parallel()
	ids := []string{"a", "b", "c"}
	mk := func(within ...bool) []statement {
		var out []statement
		for k, id := range ids {
			lo := 2.5
			if within[k] {
				lo = 1
			}
			out = append(out, rangeStatement("fig9/"+id, "L", lo, 3, 2))
		}
		return out
	}
	lit, com := mk(false, false, false), mk(true, true, true)
	// seedAt is one further seed: the screen's statements, and those at
	// the figure's count, through escalate.
	seedAt := func(screen, figure []statement) (map[string]statement, map[string]statement) {
		at, judged := map[string]statement{}, map[string]statement{}
		for _, st := range screen {
			at[st.id] = st
		}
		for _, st := range figure {
			judged[st.id] = st
		}
		sc, err := escalate(com, at, []string{"L"}, func([]string) (map[string]statement, error) { return judged, nil })
		if err != nil {
			t.Fatal(err)
		}
		return at, sc
	}
	n := len(resample.Readings())
	for _, c := range []struct {
		name      string
		screens   [][]statement // per further seed
		figures   [][]statement
		explained []string
		held      int
		within    []int // the Found's tally at each seed, of 3 statements, none within as computed
		has       []string
	}{
		// At seed 2015 the screen has only a within (1 of 3 against 0: not
		// justified); at the figure's count b and c hold as well.
		{"decided at the figure's count", [][]statement{com, mk(true, false, false)}, [][]statement{com, com},
			[]string{"fig9/a", "fig9/b", "fig9/c"}, 3, []int{3, 3, 3},
			[]string{"seed 2014: within, decided at 100 variants, 3 of 3 statements within",
				"seed 2015: within, decided at the figure's 1000 variants (1–3, original 2; at 100: not within, 2.500–3, original 2), 3 of 3 statements within",
				"seed 2015: within, decided at 100 variants, 3 of 3"}},
		// At the figure's count c still fails at seed 2015: 2 of 3 within
		// against 0 is justified there, c holds at 2 of 3 seeds.
		{"the figure's count denies one", [][]statement{com, mk(true, false, false)}, [][]statement{com, mk(true, true, false)},
			[]string{"fig9/a", "fig9/b"}, 3, []int{3, 3, 2},
			[]string{"seed 2015: within, decided at 100 variants, 2 of 3", "seed 2015: within, decided at the figure's 1000 variants"}},
		// Only a holds at seed 2015 either way: 1 of 3 is not justified,
		// so no entry holds at 3 of 3 seeds.
		{"not justified at the figure's count", [][]statement{com, mk(true, false, false)}, [][]statement{com, mk(true, false, false)},
			nil, 0, nil, []string{"within at 2 of 3 seeds measured, so not a reason", "not within, decided at the figure's 1000 variants"}},
	} {
		sc := seedScan{variants: 100, figure: 1000}
		for k := range c.screens {
			by, screen := seedAt(c.screens[k], c.figures[k])
			sc.seeds, sc.by, sc.screen = append(sc.seeds, uint64(2014+k)), append(sc.by, by), append(sc.screen, screen)
		}
		l := ledger.New("zakay2013")
		addReadings(l, lit, com, func(string) string { return "" }, readingScan{}, sc)
		var texts []string
		for _, id := range ids {
			e, ok := l.Lookup("fig9/" + id)
			if !ok {
				t.Fatalf("%s: no entry fig9/%s", c.name, id)
			}
			if e.Verdict != ledger.Differs {
				t.Errorf("%s: %s %s, want differs", c.name, id, e.Verdict)
			}
			texts = append(texts, e.Reason+" "+e.OurValue)
			if slices.Contains(c.explained, "fig9/"+id) {
				var tallies []ledger.Tally
				for _, w := range c.within {
					tallies = append(tallies, ledger.Tally{N: 3, Within: w, Gained: w})
				}
				if want := ledger.AmongReadings(n).AtSeeds(c.held, 3).WithTally(tallies...); e.Found == nil || !reflect.DeepEqual(*e.Found, want) {
					t.Errorf("%s: %s found %v, want %v", c.name, id, e.Found, want)
				}
			} else if e.Reason != "" {
				t.Errorf("%s: %s explained (%q), want unexplained", c.name, id, e.Reason)
			}
		}
		all := strings.Join(texts, "\n")
		for _, w := range append(c.has, "a statement the common week brings within at the study's seed but not at 100 is judged at that seed again with the figure's 1000") {
			if !strings.Contains(all, w) {
				t.Errorf("%s: texts lack %q:\n%s", c.name, w, all)
			}
		}
	}
}

// TestSeedsRead: a figure's further seeds are read (and so judged again at
// the figure's count) only where some paper entry differs while the common
// week brings it within at the study's seed — Fig. 8 in the full
// reproduction has none (its differing entries differ under the common
// week too). Made-up statements.
func TestSeedsRead(t *testing.T) {
	t.Parallel()
	in := func(id string) statement { return rangeStatement(id, "L", 1, 3, 2) }
	out := func(id string) statement { return rangeStatement(id, "L", 2.5, 3, 2) }
	for _, c := range []struct {
		name     string
		lit, com []statement
		want     bool
	}{
		{"a differing entry the common week brings within", []statement{in("a"), out("b")}, []statement{in("a"), in("b")}, true},
		{"every entry agrees", []statement{in("a"), in("b")}, []statement{in("a"), out("b")}, false},
		{"differing under both (Fig. 8)", []statement{in("a"), out("b")}, []statement{out("a"), out("b")}, false},
		{"the common week lacks the statement", []statement{out("b")}, []statement{in("a")}, false},
		{"nothing", nil, nil, false},
	} {
		if got := seedsRead(c.lit, c.com); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
