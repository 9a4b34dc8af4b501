package ledger

import (
	"math"
	"strings"
	"testing"
)

// TestWords checks each word class of WordRule at its edges. The
// references are worked by hand from the rule: "most" of 100 units needs a
// share above ½ + 2·√(¼/100) = 0.6; likeness of 2 spans 2/1.25 = 1.6 to
// 2·1.25 = 2.5, widened by 2·se.
func TestWords(t *testing.T) {
	for _, c := range []struct {
		name string
		want Expectation
		got  float64
		ok   bool
	}{
		{"above beyond 2 SE", Above("higher", 1, 0.1), 1.21, true},
		{"above within 2 SE", Above("higher", 1, 0.1), 1.2, false},
		{"above, no error: strict", Above("longer", 1, 0), 1, false},
		{"above, no error", Above("longer", 1, 0), 1.0001, true},
		{"below beyond 2 SE", Below("shorter", 1, 0.05), 0.89, true},
		{"below within 2 SE", Below("shorter", 1, 0.05), 0.95, false},
		{"most of a sample", Most("most users", 100, true), 0.61, true},
		{"most of a sample, within noise", Most("most users", 100, true), 0.6, false},
		{"most of the cases: 4 of 7", Most("most workloads", 7, false), 4.0 / 7, true},
		{"most of the cases: a tie is not most", Most("most", 2, false), 0.5, false},
		{"like: the factor", Like("about twice", 2, 0), 2.5, true},
		{"like: beyond the factor", Like("about twice", 2, 0), 2.51, false},
		{"like: below", Like("about twice", 2, 0), 1.6, true},
		{"like: measured error, within 2 SE", Like("similar", 2, 0.1), 1.8, true},
		{"like: measured error, beyond 2 SE (the factor is no longer used)", Like("similar", 2, 0.1), 1.79, false},
		{"like: a difference from 0", Like("similar", 0, 0.1), -0.2, true},
		{"like: a difference from 0, beyond", Like("similar", 0, 0.1), 0.21, false},
		{"a bit more", ABit("a bit longer", 1, 0, true), 1.25, true},
		{"a bit more: too much", ABit("a bit longer", 1, 0, true), 1.26, false},
		{"a bit more: not more", ABit("a bit longer", 1, 0, true), 1, false},
		{"a bit below", ABit("a bit below", 1, 0, false), 0.8, true},
		{"much less", Much("much improved", 1, 0, false), 0.79, true},
		{"much less: the factor is not much", Much("much improved", 1, 0, false), 0.8, false},
		{"much more", Much("much more", 2, 0.1, true), 2.71, true},
	} {
		if got := c.want.Accepts(c.got); got != c.ok {
			t.Errorf("%s: %s accepts %g = %v, want %v", c.name, c.want.Value(), c.got, got, c.ok)
		}
	}
}

func TestWordsPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"negative se":     func() { Above("x", 0, -1) },
		"infinite se":     func() { Like("x", 1, math.Inf(1)) },
		"most of nothing": func() { Most("x", 0, true) },
		"a bit of 0":      func() { ABit("x", 0, 0, true) },
		"much of 0":       func() { Much("x", 0, 0, true) },
		"no runs":         func() { Unreplicated(0, 1) },
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

// TestWordsStored checks that every word's expectation is stored as a Want
// that judges as the expectation does (Rejudge).
func TestWordsStored(t *testing.T) {
	for _, e := range []Expectation{Above("x", 1, 0.1), Most("x", 7, false), Like("x", 2, 0.1), ABit("x", 1, 0, true), Much("x", 1, 0, false)} {
		w := e.(speccer).want()
		back, err := w.Expectation()
		if err != nil {
			t.Fatalf("%s: %v", e.Value(), err)
		}
		for _, v := range []float64{0.5, 0.79, 0.8, 1, 1.2, 1.21, 1.25, 2.5, 2.6} {
			if back.Accepts(v) != e.Accepts(v) {
				t.Errorf("%s: stored want judges %g differently", e.Value(), v)
			}
		}
	}
}

// TestUnreplicated checks the note of a strictly compared value from
// unreplicated runs: it names the runs and the seed and says the replicate
// error was not measured, on every verdict, after our value.
func TestUnreplicated(t *testing.T) {
	for _, c := range []struct {
		runs int
		seed uint64
		want string
	}{
		{1, 2014, "one run (seed 2014); replicate error not measured"},
		{3, 17, "mean of 3 runs (seeds from 17); replicate error not measured"},
	} {
		if got := Unreplicated(c.runs, c.seed); got != c.want {
			t.Errorf("Unreplicated(%d, %d) = %q, want %q", c.runs, c.seed, got, c.want)
		}
	}
	for _, got := range []float64{0.5, 1.5} {
		l := New("p")
		e := l.Check("Table I", "x", "ratio", Below("shorter", 1, 0), got).Digits(3).Unreplicated(1, 2014)
		want := Format(got, 3) + " (one run (seed 2014); replicate error not measured)"
		if e.OurValue != want {
			t.Errorf("%v: our value %q, want %q", got, e.OurValue, want)
		}
	}
}

// TestMostNeeds: the fewest units of n that "most" asks. Reference values
// by hand from Most's bound: a sample's share must exceed ½ + 1/√n (n = 4:
// 1.0, so none of 4 can; n = 5: 0.947, all five; n = 8: 0.854, 7 of 8;
// n = 9: 0.833, 8 of 9; n = 100: 0.6, 61); an exact count needs more than
// n/2 (3 of 4, 2 of 3). Three runs of a random procedure can never be
// "most" of a sample.
func TestMostNeeds(t *testing.T) {
	for _, c := range []struct {
		n      int
		sample bool
		want   int
	}{
		{1, true, 2}, {2, true, 3}, {3, true, 4}, {4, true, 5},
		{5, true, 5}, {6, true, 6}, {7, true, 7}, {8, true, 7}, {9, true, 8}, {100, true, 61},
		{1, false, 1}, {3, false, 2}, {4, false, 3}, {5, false, 3},
	} {
		if got := MostNeeds(c.n, c.sample); got != c.want {
			t.Errorf("MostNeeds(%d, sample %v) = %d, want %d", c.n, c.sample, got, c.want)
		}
		// MostNeeds is Most: k − 1 of n is refused and k of n accepted.
		e := Most("most", c.n, c.sample)
		if k := MostNeeds(c.n, c.sample); k > 0 && e.Accepts(float64(k-1)/float64(c.n)) {
			t.Errorf("Most(%d, sample %v) accepts %d of %d", c.n, c.sample, k-1, c.n)
		}
	}
}

// TestLargeFactor: "large" is one threshold (WordRule), beyond "much"'s
// factor, and is stated in the rule's text.
func TestLargeFactor(t *testing.T) {
	if !(LargeFactor > LikeFactor) {
		t.Errorf("LargeFactor %v is not beyond LikeFactor %v", float64(LargeFactor), LikeFactor)
	}
	if !strings.Contains(WordRule, "at least twice it") || LargeFactor != 2 {
		t.Errorf("WordRule does not state LargeFactor = %v as \"at least twice\"", float64(LargeFactor))
	}
}
