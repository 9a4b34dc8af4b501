package feitelson2021

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestEstimatesConventionApply checks when perfect runtime estimates
// explain a claim of Figs 20–21: it must hold judged over the seeds and
// the convention's net gain over the two figures, averaged over the seeds
// (ledger.JustifiedOverSeeds), must be at least two; otherwise it is a
// measurement. An entry already explained keeps its reason. The tallies
// are hand-made.
func TestEstimatesConventionApply(t *testing.T) {
	tally := func(was, now int) ledger.Tally { return ledger.Tally{N: 9, AsComputed: was, Within: now} }
	id := "fig20/alpha1/long-slower"
	conv := func(gains ...int) *estimatesConvention {
		c := &estimatesConvention{within: map[string]bool{id: true}, held: map[string]int{id: 2}, tally: tally(3, 3+gains[0]),
			longRatio: map[float64]ledger.OverSeeds{0.75: {Mean: 1.1, SE: 0.01, N: 3}, 1: {Mean: 1.2, SE: 0.02, N: 3}}}
		for _, g := range gains {
			c.bySeed = append(c.bySeed, tally(3, 3+g))
		}
		return c
	}
	for _, c := range []struct {
		name      string
		conv      *estimatesConvention
		reason    string // the entry's reason before
		explained bool
		want      string
	}{
		// Net gains 2, 3, 1: 2 on average, justified; within over the seeds.
		{"justified", conv(2, 3, 1), "", true, "the runtime estimates: with perfect runtime estimates"},
		// Net gains 1, 2, 1: 1.33, not justified.
		{"not justified", conv(1, 2, 1), "", false, "not a reason"},
		{"already explained", conv(2, 3, 1), "the load: …", true, "the load: …"},
		{"not measured", nil, "", false, ""},
	} {
		e := &ledger.Entry{ID: id, Verdict: ledger.Differs, OurValue: "does not hold", Reason: c.reason}
		c.conv.apply(e, id)
		got := e.Reason + e.OurValue
		if (e.Reason != "") != c.explained || !strings.Contains(got, c.want) {
			t.Errorf("%s: reason %q, value %q; want explained %v, saying %q", c.name, e.Reason, e.OurValue, c.explained, c.want)
		}
		if c.name == "justified" && (e.Found == nil || !e.Found.Judged || !e.Found.Within || e.Found.Held != 2 || e.Found.Seeds != 3) {
			t.Errorf("%s: found %+v, want within over 3 seeds, 2 one by one", c.name, e.Found)
		}
	}
}
