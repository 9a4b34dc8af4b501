package zakay2013

import (
	"context"
	"fmt"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// readingSeeds is the number of seeds (the study's seed and the next ones)
// at which Fig. 4 is measured under each generation reading: a reading is
// a reason only when it holds at every one (ledger.Found).
const readingSeeds = 3

// generationReadings are the readings of resample.Readings that change the
// resampled logs themselves (their pools or generation; not only how they
// are simulated), the default first: the conventions the paper leaves open
// that can move Fig. 4's marginals.
func generationReadings() []resample.Reading {
	var out []resample.Reading
	for _, rd := range resample.Readings() {
		if rd.Sim == (resample.SimOptions{}) {
			out = append(out, rd)
		}
	}
	return out
}

// readingsKS is Fig. 4 (or Fig. 10) measured under each generation reading
// at several seeds. Cells are the (log or part, marginal) pairs in the
// order of the item's groups and resample.MarginalNames; the hour of the
// week is a check (keptByConstruction) and never counted.
type readingsKS struct {
	item  string   // "Fig. 4" or "Fig. 10"
	names []string // generationReadings, the default (our reading) first
	about []string // per reading: its Summary
	seeds []uint64
	// mean and limit are, per seed, reading and cell, the mean KS distance
	// and its bound (VerySimilarLimit of the mean critical distance).
	mean, limit [][][]float64
	// pooled and pooledLimit are, per seed and cell, the mean KS distance
	// and its bound under the default generation (the same resampled logs
	// as mean[j][0]) against the original's pooled users (pooledOriginal)
	// instead of all its users.
	pooled, pooledLimit [][]float64
	claim               []bool // per cell: whether it is a claim (not the hour of the week)
}

// within reports whether cell c is within its bound at seed j under
// reading r.
func (rk readingsKS) within(j, r, c int) bool { return rk.mean[j][r][c] <= rk.limit[j][r][c] }

// tally counts reading r against the default over the item's claim cells at
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
// generation readings measured: the reading that brings it within at the
// most seeds while bringing more of the item's cells within than ours
// (Tally, at that seed) is its reason when that holds at every seed
// (ledger.Entry.ExplainedBy makes it a measurement otherwise); when none
// does at any seed, the reading with the most cells within is shown with
// our value.
func (rk readingsKS) explain(e *ledger.Entry, c int) {
	if e.Verdict != ledger.Differs || len(rk.names) < 2 || !rk.claim[c] {
		return
	}
	best, bestHeld, bestWithin := 1, -1, -1
	for r := 1; r < len(rk.names); r++ {
		held, within := 0, 0
		for j := range rk.seeds {
			t := rk.tally(j, r)
			if t.Justified() && rk.within(j, r, c) {
				held++
			}
			within += t.Within
		}
		if held > bestHeld || held == bestHeld && within > bestWithin {
			best, bestHeld, bestWithin = r, held, within
		}
	}
	what := fmt.Sprintf("%d generation readings of resample.Readings measured over %s's claims at seeds %d–%d",
		len(rk.names), rk.item, rk.seeds[0], rk.seeds[len(rk.seeds)-1])
	if bestHeld == 0 {
		e.Measured(fmt.Sprintf("%s: none brings it within at a seed where it brings more claims within than ours; the most within: %s, %s",
			what, rk.reading(best), rk.counts(best, c)))
		return
	}
	e.ExplainedBy(ledger.AmongReadings(len(rk.names)).AtSeeds(bestHeld, len(rk.seeds)),
		fmt.Sprintf("under the reading %s (best of %s), %s", rk.reading(best), what, rk.counts(best, c)))
}

// pooledTally counts the comparison with the original's pooled users
// against ours (all its users) over the item's claim cells at seed j,
// both under the default generation (ledger.Tally).
func (rk readingsKS) pooledTally(j int) ledger.Tally {
	var t ledger.Tally
	for c, claim := range rk.claim {
		if claim {
			t.Add(rk.within(j, 0, c), rk.pooled[j][c] <= rk.pooledLimit[j][c])
		}
	}
	return t
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
func (rk readingsKS) explainPooled(e *ledger.Entry, c int) {
	if e.Verdict != ledger.Differs || e.Reason != "" || len(rk.pooled) != len(rk.seeds) || !rk.claim[c] {
		return
	}
	held := 0
	s := ""
	for j, seed := range rk.seeds {
		t := rk.pooledTally(j)
		in := rk.pooled[j][c] <= rk.pooledLimit[j][c]
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
		if j > 0 {
			s += "; "
		}
		s += fmt.Sprintf("seed %d: %d of %d of %s's claims within (ours %d), this one %.3f against %.3f", seed, t.Within, t.N, rk.item, t.AsComputed,
			rk.pooled[j][c], rk.pooledLimit[j][c])
	}
	if held == 0 {
		e.Measured(pooledWords + ": " + s + "; at no seed does it bring this one within and more of the other claims within than ours")
		return
	}
	e.ExplainedBy(ledger.AmongReadings(len(rk.names)+1).AtSeeds(held, len(rk.seeds)),
		fmt.Sprintf("%s (tried after the %d generation readings, none of which brings it within), %s", pooledWords, len(rk.names), s))
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
		s += fmt.Sprintf("seed %d: %d of %d within (ours %d), this one %.3f against %.3f", seed, t.Within, t.N, t.AsComputed,
			rk.mean[j][r][c], rk.limit[j][r][c])
	}
	return s
}

// measureReadings measures item under every generation reading at
// readingSeeds seeds (the study's seed and the next ones): ks gives, under
// a reading at a seed, the distances of each of the item's groups (its
// logs, or its parts), groups of them, and, when withPooled (the default
// reading only), the same resampled logs' distances to the original's
// pooled users (pooledOriginal).
func (s *Study) measureReadings(item string, groups int, ks func(rd resample.Reading, seed uint64, withPooled bool) (own, pooled []marginalKS, err error)) (readingsKS, error) {
	rds := generationReadings()
	rk := readingsKS{item: item}
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
		means, limits := make([][]float64, len(rds)), make([][]float64, len(rds))
		var pooled, pooledLimit []float64
		for r, rd := range rds {
			gs, ps, err := ks(rd, seed, r == 0)
			if err != nil {
				return readingsKS{}, err
			}
			for _, k := range gs {
				for i := range k.mean {
					means[r] = append(means[r], k.mean[i])
					limits[r] = append(limits[r], VerySimilarLimit(k.critical[i]))
				}
			}
			if r > 0 {
				continue
			}
			for _, k := range ps {
				for i := range k.mean {
					pooled = append(pooled, k.mean[i])
					pooledLimit = append(pooledLimit, VerySimilarLimit(k.critical[i]))
				}
			}
		}
		rk.mean, rk.limit = append(rk.mean, means), append(rk.limit, limits)
		rk.pooled, rk.pooledLimit = append(rk.pooled, pooled), append(rk.pooledLimit, pooledLimit)
	}
	return rk, nil
}

// fig4Readings measures Fig. 4 on logs (origs their marginals, pooled
// those of their pooled users, pooledOriginal) under every generation
// reading, each with the study's number of validation variants seeded as
// in Study.variants.
func (s *Study) fig4Readings(ctx context.Context, logs []string, origs, pooled []users.Marginals) (readingsKS, error) {
	return s.measureReadings("Fig. 4", len(logs), func(rd resample.Reading, seed uint64, withPooled bool) ([]marginalKS, []marginalKS, error) {
		var out, outPooled []marginalKS
		for li, log := range logs {
			vms, err := s.readingMarginals(ctx, log, rd, seed)
			if err != nil {
				return nil, nil, err
			}
			out = append(out, ksOf(origs[li], vms))
			if withPooled {
				outPooled = append(outPooled, ksOf(pooled[li], vms))
			}
		}
		return out, outPooled, nil
	})
}

// fig10Readings measures Fig. 10 (orig the marginals of Fig10Log, pooled
// those of its pooled users, pooledOriginal) under every generation
// reading, each with reps extended logs seeded as in Study.Fig10: one
// group per part of fig10Periods.
func (s *Study) fig10Readings(ctx context.Context, orig, pooled users.Marginals, reps int) (readingsKS, error) {
	return s.measureReadings("Fig. 10", len(fig10Periods), func(rd resample.Reading, seed uint64, withPooled bool) ([]marginalKS, []marginalKS, error) {
		tr, err := logOf(Fig10Log)
		if err != nil {
			return nil, nil, err
		}
		rd.Pools.Users.Start = paperPeriodStart(Fig10Log, tr) // as Table V
		p, err := resample.NewPools(tr, rd.Pools)
		if err != nil {
			return nil, nil, err
		}
		_, _, ms, _, err := s.fig10Parts(ctx, p, rd.Generate, seed, reps)
		if err != nil {
			return nil, nil, fmt.Errorf("%s, reading %s: %w", Fig10Log, rd.Name, err)
		}
		var out, outPooled []marginalKS
		for k := range fig10Periods {
			var pm []users.Marginals
			for i := k; i < len(ms); i += len(fig10Periods) {
				pm = append(pm, ms[i])
			}
			out = append(out, ksOf(orig, pm))
			if withPooled {
				outPooled = append(outPooled, ksOf(pooled, pm))
			}
		}
		return out, outPooled, nil
	})
}

// readingMarginals is the Fig. 4 marginals of one log's resampled logs
// under reading rd at seed.
func (s *Study) readingMarginals(ctx context.Context, log string, rd resample.Reading, seed uint64) ([]users.Marginals, error) {
	tr, err := logOf(log)
	if err != nil {
		return nil, err
	}
	rd.Pools.Users.Start = paperPeriodStart(log, tr) // as Table V
	p, err := resample.NewPools(tr, rd.Pools)
	if err != nil {
		return nil, err
	}
	vs := make([]*resample.Resampled, s.validationVariants())
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
		return nil, err
	}
	return s.variantMarginals(ctx, vs)
}
