package ledger

import (
	"math"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestMeanOverSeeds: the mean and its standard error (sample SD over √n).
// Reference values by hand: 1, 2, 3 have mean 2, SD 1, SE 1/√3 = 0.5774;
// the throughput gains of feitelson2021's Fig. 21 with office hours at
// 1.25× users, seeds 0–2 (+0.92, −0.05, −2.18 %, referee12's Session 23
// notes) have mean −0.4367 and SE 0.9155.
func TestMeanOverSeeds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		xs       []float64
		mean, se float64
	}{
		{"one seed: error not measured", []float64{4}, 4, 0},
		{"equal seeds", []float64{2, 2, 2}, 2, 0},
		{"1 2 3", []float64{1, 2, 3}, 2, 1 / math.Sqrt(3)},
		{"fig21 gains", []float64{0.92, -0.05, -2.18}, -0.4367, 0.9155},
	} {
		o := MeanOverSeeds(c.xs)
		if o.N != len(c.xs) || math.Abs(o.Mean-c.mean) > 5e-4 || math.Abs(o.SE-c.se) > 5e-4 {
			t.Errorf("%s: got %+v, want mean %.4f SE %.4f", c.name, o, c.mean, c.se)
		}
	}
}

// TestOverSeedsDirections: a direction over seeds holds only beyond its
// reference by more than twice the standard error; one seed is compared
// strictly (its error not measured).
func TestOverSeedsDirections(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name         string
		xs           []float64
		ref          float64
		above, below bool
	}{
		{"one seed above, strictly", []float64{0.0001}, 0, true, false},
		{"one seed at the reference", []float64{0}, 0, false, false},
		{"three seeds, every one above and beyond 2 SE", []float64{1, 1.1, 0.9}, 0, true, false},
		// mean 2/3·10, SE 10/3: the mean is exactly 2 SE above 0, not beyond.
		{"three seeds, one at the reference", []float64{10, 10, 0}, 0, false, false},
		// every seed above 0, but the mean 4.0 is within 2 SE (2·3.06).
		{"three seeds above, too spread", []float64{0.1, 2, 10}, 0, false, false},
		// fig21/only-with-cycle's gain with office hours (%): mean −0.44, SE 0.91.
		{"fig21 gains neither way", []float64{0.92, -0.05, -2.18}, 0, false, false},
		{"below", []float64{0.80, 0.82, 0.85}, 1, false, true},
	} {
		o := MeanOverSeeds(c.xs)
		if o.Above(c.ref) != c.above || o.Below(c.ref) != c.below {
			t.Errorf("%s: %+v: above %v below %v, want %v %v", c.name, o, o.Above(c.ref), o.Below(c.ref), c.above, c.below)
		}
	}
}

// TestOverSeedsThreeSeedsEvery: with three seeds a direction beyond 2 SE
// of the mean holds at every seed (SeedsRule says so): the t statistic of
// three values one of which is at or below the reference is at most 2.
func TestOverSeedsThreeSeedsEvery(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		// Values in steps of 0.01, as the gains in percent the rule
		// judges (a float's underflow is not a seed's value).
		v := func(name string) float64 { return float64(rapid.IntRange(-10000, 10000).Draw(t, name)) / 100 }
		xs := []float64{v("a"), v("b"), v("c")}
		if MeanOverSeeds(xs).Above(0) && min(xs[0], xs[1], xs[2]) <= 0 {
			t.Fatalf("%v: beyond 2 SE above 0 with a seed at or below it", xs)
		}
	})
}

// TestJudgedOverSeeds: the note says over how many seeds the entry was
// judged, whatever the verdict; one seed is a run whose error was not
// measured.
func TestJudgedOverSeeds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		holds bool
		seeds int
		want  string
	}{
		{"three seeds, agrees", true, 3, "holds: x (judged over 3 seeds, seed 7 and 2 more: the means and their standard errors, ledger.SeedsRule)"},
		{"three seeds, differs", false, 3, "does not hold: x (judged over 3 seeds, seed 7 and 2 more: the means and their standard errors, ledger.SeedsRule)"},
		{"one seed", true, 1, "holds: x (" + Unreplicated(1, 7) + ")"},
	} {
		e := New("demo").Claim("Fig. 21", "only", "only with a cycle", c.holds, "x").JudgedOverSeeds(c.seeds, 7)
		if e.OurValue != c.want || e.Reason != "" {
			t.Errorf("%s: our value %q, reason %q; want %q", c.name, e.OurValue, e.Reason, c.want)
		}
	}
}

// TestSeedsRuleInWords: the rule is stated in the words' rule the report
// prints.
func TestSeedsRuleInWords(t *testing.T) {
	if !strings.Contains(WordRule, SeedsRule) {
		t.Error("WordRule does not state SeedsRule")
	}
}
