package feitelson2021

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/repro/ledger"
)

// estimatesConvention is Figs 20–21 simulated with perfect runtime
// estimates (each job's estimate set to its runtime, so that the
// user-aware scheduler's responsiveness C_j and every reservation see the
// true duration) against our reading, the logged estimates (Fig. 2: "the
// estimates provide little information about the actual runtimes"), at
// fig20Load and the same nightWorkSeeds seeds. §4.4 does not say what the
// scheduler's "expected to have short response times" is computed from;
// an input convention in the sense of ledger.Tally, counted over every
// claim of the two figures and judged over the seeds (ledger.SeedsRule,
// ledger.JustifiedOverSeeds).
type estimatesConvention struct {
	// asComputed and within are whether each claim holds judged over the
	// seeds, as computed and with perfect estimates; held the number of
	// seeds at which it holds with perfect estimates one by one.
	asComputed, within map[string]bool
	held               map[string]int
	// tally counts the convention over the claims judged over the seeds;
	// bySeed seed by seed (its net gain averaged decides, ledger.JustifiedOverSeeds).
	tally  ledger.Tally
	bySeed []ledger.Tally
	// longRatio is each α's long jobs' response relative to EASY's with
	// office hours, with perfect estimates, over the seeds.
	longRatio map[float64]ledger.OverSeeds
}

// fig20EstimatesConvention measures the estimates convention.
func (s *Study) fig20EstimatesConvention(ctx context.Context) (*estimatesConvention, error) {
	c := &estimatesConvention{held: map[string]int{}, longRatio: map[float64]ledger.OverSeeds{}}
	var ours, perfect []seedStats
	for rep := range uint64(nightWorkSeeds) {
		v, err := s.userAwareReplicate(ctx, fig20Load, rep)
		if err != nil {
			return nil, err
		}
		p, err := s.userAwareVariant(ctx, fig20Load, rep, true)
		if err != nil {
			return nil, err
		}
		ours, perfect = append(ours, v.stats()), append(perfect, p.stats())
		c.bySeed = append(c.bySeed, seedTally(v.holds(), p.holds(), c.held))
	}
	c.asComputed, c.within, c.tally = judgeOverSeeds(ours, perfect)
	over := overSeeds(perfect)
	for _, a := range fig20Alphas[1:] {
		c.longRatio[a] = over.ratio[fmt.Sprintf("%g long", a)]
	}
	return c, nil
}

// seedTally counts one seed's claims of Figs 20–21 under a convention
// (now) against as computed (was), one by one, and adds to held each claim
// that holds under the convention.
func seedTally(was, now map[string]bool, held map[string]int) ledger.Tally {
	var t ledger.Tally
	for _, id := range sortedIDs(was) {
		t.Add(was[id], now[id])
		if now[id] {
			held[id]++
		}
	}
	return t
}

// judgeOverSeeds judges the claims of Figs 20–21 over the seeds as
// computed (ours) and under a convention (alt), one seedStats per seed
// each (ledger.SeedsRule), and tallies the convention over them.
func judgeOverSeeds(ours, alt []seedStats) (asComputed, within map[string]bool, t ledger.Tally) {
	asComputed, within = overSeeds(ours).judge(), overSeeds(alt).judge()
	for _, id := range sortedIDs(asComputed) {
		t.Add(asComputed[id], within[id])
	}
	return asComputed, within, t
}

// sortedIDs returns the claim ids of m in order.
func sortedIDs(m map[string]bool) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// justified reports whether the convention may be a reason
// (ledger.JustifiedOverSeeds over its tallies seed by seed).
func (c *estimatesConvention) justified() bool { return ledger.JustifiedOverSeeds(c.bySeed) }

// text says what the convention gives for claim id.
func (c *estimatesConvention) text(id string) string {
	verdict := "does not hold"
	if c.within[id] {
		verdict = "holds"
	}
	var longs []string
	for _, a := range fig20Alphas[1:] {
		longs = append(longs, fmt.Sprintf("α = %g %s", a, c.longRatio[a].Text(3)))
	}
	return fmt.Sprintf("with perfect runtime estimates (each job's estimate its runtime: the user-aware scheduler's expected response and every reservation see the true duration) it %s judged over %d seeds (one by one at %d of %d; long jobs' response relative to EASY: %s); applied to every one of the %d claims of Figs 20–21, %d hold against %d with the logged estimates (gains %d, loses %d)",
		verdict, len(c.bySeed), c.held[id], len(c.bySeed), strings.Join(longs, ", "), c.tally.N, c.tally.Within, c.tally.AsComputed, c.tally.Gained, c.tally.Lost)
}

// apply gives entry e (claim id) the convention: as its reason when it
// brings e within judged over the seeds and is justified over the two
// figures, and e has no reason yet; else as a measurement.
func (c *estimatesConvention) apply(e *ledger.Entry, id string) *ledger.Entry {
	if c == nil {
		return e
	}
	if c.within[id] && c.justified() && e.Reason == "" {
		return e.ExplainedBy(ledger.OneReading().OverSeeds(true, c.held[id], len(c.bySeed)), "the runtime estimates: "+c.text(id))
	}
	if e.Verdict == ledger.Differs {
		return e.Measured(c.text(id) + ", not a reason")
	}
	return e
}
