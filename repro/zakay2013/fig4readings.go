package zakay2013

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// readingSeeds is the number of seeds (the study's seed and the next ones)
// at which Fig. 4 is measured under each generation reading: a reading is
// a reason only when it holds judged over them (ledger.Found.OverSeeds).
const readingSeeds = 3

// paperStart is where the paper's entries of Figs 4 and 10 start the
// long-term users of a resampled log: §4's words, "each user is started in
// some arbitrary week of his traced activity" (resample.StartInActivity,
// the reading literalReading, as the paper's entries of §6.1). The
// library's default, one common random week of the log
// (resample.StartInCommonWeek), is not in the paper: it is one of the
// generation readings measured beside it (generationReadings), a reason
// for a difference only by the ledger's rule.
const paperStart = resample.StartInActivity

// generationReadings are the readings of resample.Readings that change the
// resampled logs themselves (their pools or generation; not only how they
// are simulated), the paper's (literalReading: §4's start, paperStart)
// first, then the others in the order of resample.Readings, the library's
// default among them: the conventions the paper leaves open that can move
// Fig. 4's marginals. Each changes one convention of the paper's reading:
// resample.Readings changes one of the library's defaults, whose long-term
// users start in one common week, so every reading there that leaves the
// start alone is given §4's start here (its Summary says so); the start
// itself is changed by commonReading (the common week alone) and "cycle".
func generationReadings() []resample.Reading {
	var first, rest []resample.Reading
	for _, rd := range resample.Readings() {
		switch {
		case rd.Sim != (resample.SimOptions{}):
		case rd.Name == literalReading:
			first = append(first, rd)
		default:
			if rd.Name != commonReading && rd.Generate.LongTermStart == resample.StartInCommonWeek {
				rd.Generate.LongTermStart = paperStart
				rd.Summary += ", long-term users started as §4 says"
			}
			rest = append(rest, rd)
		}
	}
	if len(first) != 1 || first[0].Generate.LongTermStart != paperStart {
		panic("zakay2013: resample.Readings has no reading " + literalReading + " with §4's start")
	}
	return append(first, rest...)
}

// readingsKS is Fig. 4 (or Fig. 10) measured under each generation reading
// at several seeds. Cells are the (log or part, marginal) pairs in the
// order of the item's groups and resample.MarginalNames; the hour of the
// week is a check (keptByConstruction) and never counted.
type readingsKS struct {
	item  string   // "Fig. 4" or "Fig. 10"
	names []string // generationReadings, the paper's (§4's start, as computed) first
	about []string // per reading: its Summary
	seeds []uint64
	// mean is, per seed, reading and cell, the mean KS distance.
	mean [][][]float64
	// limit is, per seed and cell, the entry's bound: the paper reading's
	// (marginalKS.limit: the resampling's own null under the paper's
	// generation, nullKS), against which every reading is judged (bound).
	limit [][]float64
	// pooled is, per seed and cell, the mean KS distance under the paper's
	// generation (the same resampled logs as mean[j][0]) against the
	// original's pooled users (pooledOriginal) instead of all its users,
	// judged against the entry's bound (bound), not a null of its own.
	pooled [][]float64
	// also are the other comparisons of the same resampled logs with the
	// original (comparedAlso), in that order, tried after the pooled users.
	also  []comparison
	claim []bool // per cell: whether it is a claim (not the hour of the week)
}

// comparison is the item measured under the paper's generation with the
// original and the resampled logs compared under another convention of
// the comparison itself: mean is, per seed and cell, the mean KS
// distance, judged against the entry's bound (readingsKS.bound), not a
// null of its own.
type comparison struct {
	words string
	mean  [][]float64
}

// comparedAlso are the conventions of the comparison itself tried on a
// cell after the original's pooled users (pooledWords), in this order: the
// paper says neither how it counted the users of the two logs nor in what
// unit it placed them in time.
var comparedAlso = []string{symmetricWords, weeksWords}

// symmetricWords says what the comparison with §4's discarding applied to
// both logs is (symmetricMarginals).
const symmetricWords = "with §4's discarding applied to both logs alike, the temporary users whose whole activity lies within 4 weeks of " +
	"the log's start or end left out of the original and of each resampled log (the pools' own rule, users.WithinEdge, on each log's own period)"

// weeksWords says what the comparison in whole weeks is (inWeeks).
const weeksWords = "with first arrivals, last departures and periods of activity in whole weeks on both sides (the unit of §4's thresholds; " +
	"weeks counted from each log's first job)"

// within reports whether cell c is within its entry's bound at seed j
// under reading r: the mean distance under the reading against the bound
// of the paper's reading (bound, the entry's own tolerance), never the
// reading's own null. A convention explains a difference only by bringing
// our value within the entry's tolerance; one that only widens the
// resampling's noise (a wider null of its own) explains nothing
// (referee15's D1, TestReasonBoundIsTheEntrys in repro).
func (rk readingsKS) within(j, r, c int) bool { return rk.mean[j][r][c] <= rk.bound(j, c) }

// bound is cell c's bound at seed j: the paper reading's (reading 0, the
// entry's own: the resampling's null, nullKS, under the paper's
// generation), against which every reading and comparison is judged.
func (rk readingsKS) bound(j, c int) float64 { return rk.limit[j][c] }

// tally counts reading r against the paper's (as computed) over the item's claim cells at
// seed j (ledger.Tally).
func (rk readingsKS) tally(j, r int) ledger.Tally {
	var t ledger.Tally
	for c, claim := range rk.claim {
		if claim {
			t.Add(rk.within(j, 0, c), rk.within(j, r, c))
		}
	}
	return t
}

// explain gives e, the item's claim of cell c that differs, what the
// generation readings measured: the reading that brings it within judged
// over the seeds (the verdict's rule, withinOverSeeds: the cell's mean
// distance within its bound and the tally justified on the mean net gain),
// or failing that at the most seeds one by one while bringing more of the
// item's cells within than ours (Tally, at that seed), is its reason when
// it is within over the seeds (ledger.Entry.ExplainedBy makes it a
// measurement otherwise); when none does at any seed nor over them, the
// reading with the most cells within is shown with our value.
func (rk readingsKS) explain(e *ledger.Entry, c int) {
	if e.Verdict != ledger.Differs || len(rk.names) < 2 || !rk.claim[c] {
		return
	}
	best, bestHeld, bestWithin, bestOver := 1, -1, -1, false
	var bestTallies []ledger.Tally // the best reading's tally at each seed
	for r := 1; r < len(rk.names); r++ {
		held, within := 0, 0
		var ts []ledger.Tally
		var ds []float64
		for j := range rk.seeds {
			t := rk.tally(j, r)
			if t.Justified() && rk.within(j, r, c) {
				held++
			}
			within += t.Within
			ts, ds = append(ts, t), append(ds, rk.mean[j][r][c]-rk.bound(j, c))
		}
		over := withinOverSeeds(ts, ds, nil)
		if betterReason(over, held, within, bestOver, bestHeld, bestWithin) {
			best, bestHeld, bestWithin, bestOver, bestTallies = r, held, within, over, ts
		}
	}
	what := fmt.Sprintf("%d generation readings of resample.Readings measured over %s's claims at seeds %d–%d",
		len(rk.names), rk.item, rk.seeds[0], rk.seeds[len(rk.seeds)-1])
	if bestHeld == 0 && !bestOver {
		e.Measured(fmt.Sprintf("%s: none brings it within at a seed where it brings more claims within than as computed, nor over the seeds; the most within: %s, %s",
			what, rk.reading(best), rk.counts(best, c)))
		return
	}
	found := foundOverSeeds(ledger.AmongReadings(len(rk.names)), bestOver, bestHeld, len(rk.seeds))
	if len(bestTallies) > 0 {
		found = found.WithTally(bestTallies...)
	}
	e.ExplainedBy(found,
		fmt.Sprintf("under the reading %s (best of %s), %s", rk.reading(best), what, rk.counts(best, c)))
}

// pooledWords says what the comparison with the original's pooled users
// is (pooledOriginal).
const pooledWords = "compared with the original's users as §4's pools hold them, the temporary users whose whole activity lies within " +
	"4 weeks of the log's start or end left out (§4 discards them, so no resampled log has them; the paper does not say " +
	"which users its original curve counts)"

// explainPooled gives e, the item's claim of cell c that differs and that
// no generation reading explains, the comparison with the original's
// pooled users (pooledOriginal) at every seed measured: its reason when,
// at every seed, it brings more of the item's claims within than ours
// (Tally), this one within, and more of the item's other claims within
// than ours too (never chosen for one entry alone); shown with our value
// otherwise. The pools'
// own rule (users.WithinEdge) fixes which users it leaves out, but it is
// tried on a cell only after the generation readings failed there: the
// cell's reason is then found among every reading tried on it, the
// generation readings (ours among them) and this one
// (ledger.AmongReadings), as explain's and feitelson2007's cascades count.
// Failing that, the other comparisons (comparedAlso: §4's discarding on
// both sides, whole weeks) are tried in turn by the same rule, each found
// among the readings tried before it and itself.
func (rk readingsKS) explainPooled(e *ledger.Entry, c int) {
	if e.Verdict != ledger.Differs || e.Reason != "" || len(rk.pooled) != len(rk.seeds) || !rk.claim[c] {
		return
	}
	rk.explainCompared(e, c, comparison{words: pooledWords, mean: rk.pooled}, len(rk.names)+1)
	for i, cmp := range rk.also {
		if e.Reason != "" || len(cmp.mean) != len(rk.seeds) {
			return
		}
		rk.explainCompared(e, c, cmp, len(rk.names)+2+i)
	}
}

// comparedTally counts comparison cmp against ours (all the original's
// users, exact times) over the item's claim cells at seed j, both under
// the paper's generation (ledger.Tally).
func (rk readingsKS) comparedTally(cmp comparison, j int) ledger.Tally {
	var t ledger.Tally
	for c, claim := range rk.claim {
		if claim {
			t.Add(rk.within(j, 0, c), cmp.mean[j][c] <= rk.bound(j, c))
		}
	}
	return t
}

// explainCompared gives e, cell c, comparison cmp at every seed measured:
// its reason when, judged over the seeds (withinOverSeeds), it brings more
// of the item's claims within than ours (Tally), this one within, and more
// of the item's other claims within than ours too (never chosen for one
// entry alone), found
// among the tried readings tried on the cell (the generation readings and
// the comparisons before it, and itself); shown with our value otherwise.
func (rk readingsKS) explainCompared(e *ledger.Entry, c int, cmp comparison, tried int) {
	held := 0
	s := ""
	var ts []ledger.Tally
	var ds, othersGain []float64
	for j, seed := range rk.seeds {
		t := rk.comparedTally(cmp, j)
		in := cmp.mean[j][c] <= rk.bound(j, c)
		// Never chosen for one entry alone (ledger.Tally): it must bring
		// more of the item's other claims within than ours too.
		others, oursOthers := t.Within, t.AsComputed
		if in {
			others--
		}
		if rk.within(j, 0, c) {
			oursOthers--
		}
		if t.Justified() && in && others > oursOthers {
			held++
		}
		ts, ds = append(ts, t), append(ds, cmp.mean[j][c]-rk.bound(j, c))
		othersGain = append(othersGain, float64(others-oursOthers))
		if j > 0 {
			s += "; "
		}
		s += fmt.Sprintf("seed %d: %d of %d of %s's claims within (as computed %d), this one %.3f against %.3f", seed, t.Within, t.N, rk.item, t.AsComputed,
			cmp.mean[j][c], rk.bound(j, c))
	}
	over := withinOverSeeds(ts, ds, othersGain)
	if held == 0 && !over {
		e.Measured(cmp.words + ": " + s + "; at no seed, nor over the seeds, does it bring this one within and more of the other claims within than as computed")
		return
	}
	e.ExplainedBy(foundOverSeeds(ledger.AmongReadings(tried), over, held, len(rk.seeds)).WithTally(ts...),
		fmt.Sprintf("%s (tried after the %d readings before it, none of which explains it), %s", cmp.words, tried-1, s))
}

// withinOverSeeds judges a convention over the seeds measured by the
// verdict's rule (ledger.SeedsRule), as ledger.Found.OverSeeds asks: ts
// are its tallies over the item's claims per seed, ds the cell's mean KS
// distance less its bound per seed (within at a seed when ≤ 0), and
// others, when given, how many more of the item's other claims it brings
// within than ours per seed (never chosen for one entry alone: more than
// none). It is within when it is justified on the mean net gain
// (ledger.JustifiedOverSeeds), the mean of ds is at most 0 (a bound,
// compared as stated on the mean) and the mean of others above 0.
func withinOverSeeds(ts []ledger.Tally, ds, others []float64) bool {
	if !ledger.JustifiedOverSeeds(ts) || !ledger.MeanOverSeeds(ds).Within(ledger.AtMost(0)) {
		return false
	}
	return others == nil || ledger.MeanOverSeeds(others).Mean > 0
}

// foundOverSeeds is f measured at seeds seeds, held of which bring the
// cell within one by one: judged over them (over) when there are several,
// as one run otherwise.
func foundOverSeeds(f ledger.Found, over bool, held, seeds int) ledger.Found {
	if seeds < 2 {
		return f.AtSeeds(held, seeds)
	}
	return f.OverSeeds(over, held, seeds)
}

// betterReason reports whether a reading within over the seeds (over), held at
// held seeds one by one with within of the item's claims within summed
// over the seeds, is a better reason than the best so far: within over
// the seeds first (the rule of a reason), then the seeds held, then the
// claims within.
func betterReason(over bool, held, within int, bestOver bool, bestHeld, bestWithin int) bool {
	if over != bestOver {
		return over
	}
	if held != bestHeld {
		return held > bestHeld
	}
	return within > bestWithin
}

// reading names reading r, with its summary when known.
func (rk readingsKS) reading(r int) string {
	if r < len(rk.about) && rk.about[r] != "" {
		return fmt.Sprintf("%s (%s)", rk.names[r], rk.about[r])
	}
	return rk.names[r]
}

// counts describes reading r per seed: claims within against ours, and
// cell c's distance against its bound.
func (rk readingsKS) counts(r, c int) string {
	s := ""
	for j, seed := range rk.seeds {
		t := rk.tally(j, r)
		if j > 0 {
			s += "; "
		}
		s += fmt.Sprintf("seed %d: %d of %d within (as computed %d), this one %.3f against %.3f", seed, t.Within, t.N, t.AsComputed,
			rk.mean[j][r][c], rk.bound(j, c))
	}
	return s
}

// measureReadings measures item under every generation reading at
// readingSeeds seeds (the study's seed and the next ones): ks gives, under
// a reading at a seed, the distances of each of the item's groups (its
// logs, or its parts), groups of them, and, when withPooled (the paper's
// reading only), the same resampled logs compared with the original under
// each convention of the comparison: the original's pooled users
// (pooledOriginal) first, then those of comparedAlso in order. Only the
// paper reading's own distances need their null (marginalKS.limit: the
// bound every reading and comparison is judged against); the others are
// read for their means only (ksMeans).
func (s *Study) measureReadings(item string, groups int, ks func(rd resample.Reading, seed uint64, withPooled bool) (own []marginalKS, compared [][]marginalKS, err error)) (readingsKS, error) {
	rds := generationReadings()
	rk := readingsKS{item: item}
	for _, w := range comparedAlso {
		rk.also = append(rk.also, comparison{words: w})
	}
	for _, rd := range rds {
		rk.names, rk.about = append(rk.names, rd.Name), append(rk.about, rd.Summary)
	}
	for range groups {
		for _, m := range resample.MarginalNames() {
			rk.claim = append(rk.claim, m != resample.HourOfWeek)
		}
	}
	for j := range readingSeeds {
		seed := s.seed() + uint64(j)
		rk.seeds = append(rk.seeds, seed)
		means := make([][]float64, len(rds))
		var limits []float64
		var pooled []float64
		alsoMean := make([][]float64, len(rk.also))
		for r, rd := range rds {
			gs, cs, err := ks(rd, seed, r == 0)
			if err != nil {
				return readingsKS{}, err
			}
			for _, k := range gs {
				for i := range k.mean {
					means[r] = append(means[r], k.mean[i])
					if r == 0 {
						limits = append(limits, k.limit(i))
					}
				}
			}
			if r > 0 {
				continue
			}
			for ci, ks := range cs {
				for _, k := range ks {
					for i := range k.mean {
						if ci == 0 {
							pooled = append(pooled, k.mean[i])
							continue
						}
						alsoMean[ci-1] = append(alsoMean[ci-1], k.mean[i])
					}
				}
			}
		}
		rk.mean, rk.limit = append(rk.mean, means), append(rk.limit, limits)
		rk.pooled = append(rk.pooled, pooled)
		for i := range rk.also {
			rk.also[i].mean = append(rk.also[i].mean, alsoMean[i])
		}
	}
	return rk, nil
}

// fig4Readings measures Fig. 4 on logs (origs their marginals, pooled
// those of their pooled users, pooledOriginal) under every generation
// reading, each with the study's number of validation variants seeded as
// in Study.variants; under the paper's (paperStart), the same variants are also
// compared with the pooled users, with §4's discarding on both sides
// (symmetricMarginals) and in whole weeks (inWeeks).
func (s *Study) fig4Readings(ctx context.Context, logs []string, origs, pooled []users.Marginals) (readingsKS, error) {
	return s.measureReadings("Fig. 4", len(logs), func(rd resample.Reading, seed uint64, compare bool) ([]marginalKS, [][]marginalKS, error) {
		var out []marginalKS
		cmp := make([][]marginalKS, 1+len(comparedAlso))
		for li, log := range logs {
			vms, sym, err := s.readingMarginals(ctx, log, rd, seed, compare)
			if err != nil {
				return nil, nil, err
			}
			if !compare {
				out = append(out, ksMeans(origs[li], vms))
				continue
			}
			out = append(out, ksOf(origs[li], vms))
			cmp[0] = append(cmp[0], ksMeans(pooled[li], vms))
			cmp[1] = append(cmp[1], ksMeans(pooled[li], sym))
			cmp[2] = append(cmp[2], ksMeans(inWeeks(origs[li]), mapMarginals(vms, inWeeks)))
		}
		return out, cmp, nil
	})
}

// fig10Readings measures Fig. 10 (orig the marginals of Fig10Log, pooled
// those of its pooled users, pooledOriginal) under every generation
// reading, each with reps extended logs seeded as in Study.Fig10: one
// group per part of fig10Periods; under the paper's (paperStart), the same parts are
// also compared as in fig4Readings.
func (s *Study) fig10Readings(ctx context.Context, orig, pooled users.Marginals, reps int) (readingsKS, error) {
	return s.measureReadings("Fig. 10", len(fig10Periods), func(rd resample.Reading, seed uint64, compare bool) ([]marginalKS, [][]marginalKS, error) {
		tr, err := logOf(Fig10Log)
		if err != nil {
			return nil, nil, err
		}
		rd.Pools.Users.Start = paperPeriodStart(Fig10Log, tr) // as Table V
		p, err := resample.NewPools(tr, rd.Pools)
		if err != nil {
			return nil, nil, err
		}
		parts, _, ms, _, err := s.fig10Parts(ctx, p, rd.Generate, seed, reps)
		if err != nil {
			return nil, nil, fmt.Errorf("%s, reading %s: %w", Fig10Log, rd.Name, err)
		}
		var sym []users.Marginals
		if compare {
			if sym, err = s.symmetricMarginals(ctx, parts, p.Population.Options); err != nil {
				return nil, nil, err
			}
		}
		// The pseudo-originals of fig10Null under the paper's reading and
		// this seed: Fig. 4's resampled logs of Fig10Log (asked as Fig. 4
		// asks them, with §4's discarding: the same memoised set).
		var pseudo []users.Marginals
		if compare && reps >= 2 && s.nullVariants() >= minNull {
			if pseudo, _, err = s.readingMarginals(ctx, Fig10Log, rd, seed, compare); err != nil {
				return nil, nil, err
			}
		}
		var out []marginalKS
		cmp := make([][]marginalKS, 1+len(comparedAlso))
		for k := range fig10Periods {
			var pm, ps []users.Marginals
			for i := k; i < len(ms); i += len(fig10Periods) {
				pm = append(pm, ms[i])
				if compare {
					ps = append(ps, sym[i])
				}
			}
			if !compare {
				out = append(out, ksMeans(orig, pm))
				continue
			}
			out = append(out, fig10Null(ksOf(orig, pm), pseudo, len(pm)))
			cmp[0] = append(cmp[0], ksMeans(pooled, pm))
			cmp[1] = append(cmp[1], ksMeans(pooled, ps))
			cmp[2] = append(cmp[2], ksMeans(inWeeks(orig), mapMarginals(pm, inWeeks)))
		}
		return out, cmp, nil
	})
}

// readingKey identifies the resampled logs of readingMarginals: a
// generation reading is named by its Name and its long-term start, the one
// option generationReadings changes under a kept name.
type readingKey struct {
	log, reading string
	start        resample.LongTermStart
	seed         uint64
	symmetric    bool
}

// readingSet is what readingMarginals returns for one readingKey.
type readingSet struct{ ms, sym []users.Marginals }

// readingMarginals is the Fig. 4 marginals of one log's resampled logs
// under reading rd (one of generationReadings) at seed, and when symmetric
// those of the same logs with §4's discarding (symmetricMarginals, the
// pools' options). They are computed once per readingKey: Fig. 10's
// readings take Fig10Log's as their pseudo-originals (fig10Readings), the
// ones Fig. 4's readings measured. The slices are shared: callers must not
// change them.
func (s *Study) readingMarginals(ctx context.Context, log string, rd resample.Reading, seed uint64, symmetric bool) (ms, sym []users.Marginals, err error) {
	k := readingKey{log: log, reading: rd.Name, start: rd.Generate.LongTermStart, seed: seed, symmetric: symmetric}
	set, err := s.readingMemo.Get(k, func() (readingSet, error) {
		ms, sym, err := s.generateReadingMarginals(ctx, log, rd, seed, symmetric)
		return readingSet{ms, sym}, err
	})
	return set.ms, set.sym, err
}

// generateReadingMarginals computes readingMarginals.
func (s *Study) generateReadingMarginals(ctx context.Context, log string, rd resample.Reading, seed uint64, symmetric bool) (ms, sym []users.Marginals, err error) {
	tr, err := logOf(log)
	if err != nil {
		return nil, nil, err
	}
	rd.Pools.Users.Start = paperPeriodStart(log, tr) // as Table V
	p, err := resample.NewPools(tr, rd.Pools)
	if err != nil {
		return nil, nil, err
	}
	vs := make([]*resample.Resampled, s.nullVariants())
	err = s.parallel(ctx, len(vs), func(i int) error {
		g := rd.Generate
		g.Seed = sweep.Seed(seed, i)
		r, err := p.Generate(g)
		if err != nil {
			return fmt.Errorf("%s, reading %s: %w", log, rd.Name, err)
		}
		vs[i] = r
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if ms, err = s.variantMarginals(ctx, vs); err != nil || !symmetric {
		return ms, nil, err
	}
	trs := make([]*datasets.Trace, len(vs))
	for i, v := range vs {
		trs[i] = v.Trace
	}
	sym, err = s.symmetricMarginals(ctx, trs, p.Population.Options)
	return ms, sym, err
}

// symmetricMarginals returns the Fig. 4 marginals of resampled logs (or
// parts of one) with the users §4 discards left out, classified by o (the
// pools' options: the temporary users whose whole activity lies within 4
// weeks of the log's start or end, users.WithinEdge) on each log's own
// period: the resampled side of the comparison with the original's pooled
// users (pooledOriginal) when the discarding is applied to both logs.
func (s *Study) symmetricMarginals(ctx context.Context, trs []*datasets.Trace, o users.Options) ([]users.Marginals, error) {
	out := make([]users.Marginals, len(trs))
	err := s.parallel(ctx, len(trs), func(i int) error {
		p, err := users.Classify(trs[i], o)
		if err != nil {
			return err
		}
		out[i] = users.MarginalsOf(trs[i], keepUsers(p, func(k int) bool { return p.Class[k] != users.Discarded }))
		return nil
	})
	return out, err
}

// inWeeks returns m with its time positions — first arrivals, last
// departures (from the log's first job) and periods of activity — in whole
// weeks (⌊t / 1 week⌋, in weeks), its other marginals as they are: the
// comparison of Figs 4 and 10 at the resolution of §4's thresholds.
func inWeeks(m users.Marginals) users.Marginals {
	out := m
	out.Values = make(map[users.Metric][]float64, len(m.Values))
	for k, v := range m.Values {
		switch k {
		case users.FirstArrival, users.LastDeparture, users.ActivityPeriod:
			w := make([]float64, len(v))
			for i, x := range v {
				w[i] = math.Floor(x / datasets.Week)
			}
			out.Values[k] = w
		default:
			out.Values[k] = v
		}
	}
	return out
}

// mapMarginals returns f applied to each of ms.
func mapMarginals(ms []users.Marginals, f func(users.Marginals) users.Marginals) []users.Marginals {
	out := make([]users.Marginals, len(ms))
	for i, m := range ms {
		out[i] = f(m)
	}
	return out
}

// commonWeek adds an entry of ours for the item (ids under prefix): the
// library's common week (commonReading: every long-term user started in
// one common random week of the log) measured over the item's claims at
// every seed, against §4's start (the paper's entries). It holds when the
// common week brings more of them within at every seed; it explains no
// entry by itself (readingsKS.explain does, by the ledger's rule).
func (rk readingsKS) commonWeek(l *ledger.Ledger, prefix string) {
	r := slices.Index(rk.names, commonReading)
	if r < 1 || len(rk.seeds) == 0 {
		return
	}
	var parts []string
	more := true
	for j, seed := range rk.seeds {
		t := rk.tally(j, r)
		parts = append(parts, fmt.Sprintf("seed %d: %d of %d within, against %d under §4's start", seed, t.Within, t.N, t.AsComputed))
		more = more && t.Within > t.AsComputed
	}
	l.OwnClaim(rk.item, prefix+"/common-week/more_claims_within",
		fmt.Sprintf("with the library's common week (every long-term user started in one common random week of the log) more of %s's claims hold than under §4's start, at every seed measured", rk.item),
		more, strings.Join(parts, "; "))
}
