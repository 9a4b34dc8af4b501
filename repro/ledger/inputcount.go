package ledger

import (
	"fmt"
	"math"
	"strings"
)

// InputTolerance is the largest relative difference, 1%, between a
// paper's count of a selection of its input and ours under which our log
// is the paper's input (InputRule). It lies between the version
// differences the archive's cleaning explains — 5 to 20 jobs of its
// "job<=N" filters, at most 0.05% (zakay2013's Table I and feitelson2007's
// Table 6 against our versions), and one user in 678 (0.15%, feitelson2021's
// CTC-SP2) — and the smallest input difference measured to move results,
// a flurry of 2080 jobs, 2.6% of CTC-SP2's (feitelson2021's Fig. 6); any
// value between 0.15% and 2.6% classifies every count of the papers alike.
const InputTolerance = 0.01

// InputRule is the rule of InputCount.StandsIn in words, as
// REPRODUCTION.md states it.
const InputRule = "Our log is a stand-in for the claims that rest on a selection of it (jobs, completed jobs, users, in the " +
	"paper's period) when the paper states the size of that selection, ours differs from it by more than 1%, and no " +
	"other selection the paper's text allows comes within 1% of it (a cut the text does not state, such as a runtime " +
	"threshold, is shown but never used: a threshold scanned to a count can always be found). The jobs the archive's " +
	"cleaning removed from the selection, counted back, say why — our version lacks jobs the paper had when they make up " +
	"the difference, it differs otherwise (another conversion) when they do not — and never whether: counted back, they " +
	"are still not in our log. The 1% lies between the version differences the cleaning explains (5–20 jobs, at most " +
	"0.05%; one user in 678, 0.15%) and the smallest difference measured to move results (a flurry, 2.6% of a log's " +
	"jobs). On a stand-in every claim is not comparable, an agreement exactly as a difference, with our value shown."

// InputCount is a paper's count of a selection of its input (jobs,
// completed jobs or users, in its period) next to ours, for InputRule.
type InputCount struct {
	// What names the paper's selection and where it is stated:
	// "completed jobs, October 1996–August 1997 (§2)".
	What string
	// Paper is the paper's count; AtLeast marks it a lower bound ("a bit
	// more than 20000").
	Paper   int
	AtLeast bool
	// Ours is our count under the paper's selection.
	Ours int
	// Removed is the number of the selection's jobs that the archive's
	// cleaning removed from our version (the header's filters), 0 when
	// none: counted back in the evidence, never in the verdict.
	Removed int
	// Others are our counts under other selections.
	Others []Selection
}

// Selection is our count under another selection than the paper's stated
// one. Allowed says whether the paper's text allows it (a selection it
// states, or the removal of jobs it says it left out); only an allowed
// selection can make our log the paper's input.
type Selection struct {
	Name    string
	N       int
	Allowed bool
}

// Difference returns the relative difference of n from the paper's count,
// (n − paper)/paper; 0 when n is above a lower bound (AtLeast).
func (c InputCount) Difference(n int) float64 {
	if c.Paper <= 0 {
		panic("ledger: InputCount without the paper's count")
	}
	if c.AtLeast && n >= c.Paper {
		return 0
	}
	return float64(n-c.Paper) / float64(c.Paper)
}

// within reports whether n is within InputTolerance of the paper's count.
func (c InputCount) within(n int) bool {
	return math.Abs(c.Difference(n)) <= InputTolerance
}

// StandsIn reports whether our log stands in for the paper's input by
// InputRule: ours is beyond InputTolerance of the paper's count, and so
// is every other selection the paper's text allows.
func (c InputCount) StandsIn() bool {
	if c.within(c.Ours) {
		return false
	}
	for _, s := range c.Others {
		if s.Allowed && c.within(s.N) {
			return false
		}
	}
	return true
}

// MadeUpByCleaning reports whether the jobs the archive's cleaning removed
// make up the difference: ours < paper ≤ ours + removed (our version
// lacks jobs the paper had). More jobs than the paper's can never be made
// up: the cleaning only removes.
func (c InputCount) MadeUpByCleaning() bool {
	return c.Ours < c.Paper && c.Paper <= c.Ours+c.Removed
}

// Evidence states the counts behind StandsIn: the paper's and ours with
// their difference, what the cleaning counted back does, and the other
// selections with theirs.
func (c InputCount) Evidence() string {
	bound := ""
	if c.AtLeast {
		bound = "at least "
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the paper counts %s%d %s, ours %d (%s)", bound, c.Paper, c.What, c.Ours, c.percent(c.Ours))
	switch {
	case c.MadeUpByCleaning():
		fmt.Fprintf(&b, "; the archive's cleaning removed %d of them, which make up the difference (ours counted back: at most %d): our version lacks jobs the paper had",
			c.Removed, c.Ours+c.Removed)
	case c.within(c.Ours):
	default:
		fmt.Fprintf(&b, "; the archive's cleaning removed %d of them, which does not make up the difference", c.Removed)
	}
	var allowed, shown []string
	for _, s := range c.Others {
		t := fmt.Sprintf("%s %d (%s)", s.Name, s.N, c.percent(s.N))
		if s.Allowed {
			allowed = append(allowed, t)
		} else {
			shown = append(shown, t)
		}
	}
	if len(allowed) > 0 {
		fmt.Fprintf(&b, "; selections the paper's text allows: %s", strings.Join(allowed, "; "))
	}
	if len(shown) > 0 {
		fmt.Fprintf(&b, "; selections it does not state, not used: %s", strings.Join(shown, "; "))
	}
	if c.StandsIn() {
		fmt.Fprintf(&b, ": none within %g%%, so our log is a stand-in for the claims resting on this selection (ledger.InputRule)", 100*InputTolerance)
	} else {
		fmt.Fprintf(&b, ": within %g%%, our log is the paper's input for this selection (ledger.InputRule)", 100*InputTolerance)
	}
	return b.String()
}

// percent renders n's difference from the paper's count: "+26.3%".
func (c InputCount) percent(n int) string {
	d := 100 * c.Difference(n)
	if math.Abs(d) < 0.1 && d != 0 {
		return fmt.Sprintf("%+.3f%%", d)
	}
	return fmt.Sprintf("%+.1f%%", d)
}
