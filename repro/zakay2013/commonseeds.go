package zakay2013

import (
	"context"
	"fmt"
	"strings"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// The common week at further seeds. A convention measured on a random
// procedure is a reason only when it holds at every seed measured
// (ledger.Found): the bootstrap of Figs. 8–9 runs each reading once, at
// the study's seed and 1000 variants, so the common week (commonReading)
// is run again at commonSeedCount further seeds — the study's seed + 1,
// + 2 — with seedReps variants on every log of the bootstrap (quick mode:
// its two logs). A statement on the variants' range (not completely
// separated) is stricter at fewer variants: the range of 100 variants is
// inside that of 1000, so a further seed can only fail it more often than
// the figures' count would.
//
// Measured (full mode, seed 2014, a test binary under /usr/bin/time): 28
// CPU-s a seed over the seven logs (27.2 s user, 0.9 s sys), so about 56
// CPU-s for both; Fig. 8 reads the same bootstraps.

// commonSeedCount is the number of further seeds of the common week.
const commonSeedCount = 2

// seedReps is the number of variants of the common week at each further
// seed: 100 (20 in quick mode, the figures' own count there).
func (s *Study) seedReps() int { return s.o.Reps(100, 20) }

// seedBootstraps are the bootstraps of the common week at one further
// seed, by log.
type seedBootstraps struct {
	seed uint64
	by   map[string]*resample.Bootstrap
}

// commonAtSeeds runs the common week's bootstrap of every log of the
// bootstrap at each further seed (kept between processes as the figures'
// bootstraps are, storedRunBootstraps).
func (s *Study) commonAtSeeds(ctx context.Context) ([]seedBootstraps, error) {
	return s.commonSeeds.Get(func() ([]seedBootstraps, error) {
		var out []seedBootstraps
		for k := 1; k <= commonSeedCount; k++ {
			sb := seedBootstraps{seed: s.seed() + uint64(k), by: map[string]*resample.Bootstrap{}}
			for _, log := range s.bootstrapLogs(len(BootstrapLogs)) {
				tr, err := logOf(log)
				if isMissing(err) {
					continue
				}
				if err != nil {
					return nil, err
				}
				rd, err := resample.ReadingByName(commonReading)
				if err != nil {
					return nil, err
				}
				rd.Pools.Users.Start = paperPeriodStart(log, tr) // as Table V and the figures' bootstraps
				label := fmt.Sprintf("%s: EASY on %d variants (%s, seed %d)", log, s.seedReps(), commonReading, sb.seed)
				o := resample.BootstrapOptions{Seed: sb.seed,
					Sweep: sweep.Options{Workers: s.o.Workers, Progress: func(done, total int) { s.o.Report(label, done, total) }}}
				bs, err := storedRunBootstraps(ctx, tr, []resample.Reading{rd}, []int{s.seedReps()}, o)
				if err != nil {
					return nil, fmt.Errorf("%s, seed %d: %w", log, sb.seed, err)
				}
				bs[0].Log = log
				sb.by[log] = bs[0]
			}
			out = append(out, sb)
		}
		return out, nil
	})
}

// seedScan is each statement of Fig. 8 or 9 under the common week at each
// further seed (commonAtSeeds), by id.
type seedScan struct {
	variants int
	seeds    []uint64
	by       []map[string]statement
}

// scanSeeds evaluates statements under the common week at each further
// seed, on the logs of the bootstrap; bounded adds the bounded slowdown's
// rows (Fig. 9's statements cite it).
func (s *Study) scanSeeds(ctx context.Context, metrics []bootstrapMetric, statements func([]metricPosition) []statement, bounded bool) (seedScan, error) {
	runs, err := s.commonAtSeeds(ctx)
	if err != nil {
		return seedScan{}, err
	}
	sc := seedScan{variants: s.seedReps()}
	for _, run := range runs {
		var rows []metricPosition
		for _, log := range s.bootstrapLogs(len(BootstrapLogs)) {
			b, ok := run.by[log]
			if !ok {
				continue
			}
			for _, m := range metrics {
				rows = append(rows, positionOf(log, m.column, b, m.original(b.Original)))
			}
			if bounded {
				rows = append(rows, positionOf(log, boundedSlowdown, b, b.Original.AvgBoundedSlowdown))
			}
		}
		by := map[string]statement{}
		for _, st := range statements(rows) {
			by[st.id] = st
		}
		sc.seeds, sc.by = append(sc.seeds, run.seed), append(sc.by, by)
	}
	return sc, nil
}

// commonWeekReason is how the common week, counted over every statement
// of a figure (ledger.Tally) at the study's seed and at each further seed,
// bears on one differing paper entry: found and the text, which
// ExplainedBy makes the entry's reason when it holds at every seed.
type commonWeekReason struct {
	// main is the tally at the study's seed (the figures' variants);
	// within is, per further seed, how many of the same statements the
	// common week brings within there. Our reading's count is main's
	// AsComputed at every seed: the paper's entries as computed, at the
	// figures' count.
	main   ledger.Tally
	within []int
	seeds  seedScan
}

// newCommonWeekReason counts the common week over the statements lit (the
// paper's entries) against com (the same under the common week) and the
// further seeds.
func newCommonWeekReason(lit, com []statement, seeds seedScan) commonWeekReason {
	ours := map[string]statement{}
	for _, st := range com {
		ours[st.id] = st
	}
	r := commonWeekReason{within: make([]int, len(seeds.by)), seeds: seeds}
	for _, st := range lit {
		o, ok := ours[st.id]
		if !ok {
			continue
		}
		r.main.Add(st.agrees(), o.agrees())
		for k, by := range seeds.by {
			if o, ok := by[st.id]; ok && o.agrees() {
				r.within[k]++
			}
		}
	}
	return r
}

// justifiedAt reports whether the common week is justified (Tally) at
// further seed k: it brings at least two more statements within than the
// paper's entries as computed.
func (r commonWeekReason) justifiedAt(k int) bool { return r.within[k]-r.main.AsComputed >= 2 }

// found returns how the common week was found for the entry id: the best
// of the readings of resample.Readings (the library's default was chosen
// among them), at 1 + the further seeds, holding at the study's seed (the
// caller's condition) and at each further seed where it brings id within
// and is justified.
func (r commonWeekReason) found(id string) ledger.Found {
	held := 1
	for k, by := range r.seeds.by {
		if o, ok := by[id]; ok && o.agrees() && r.justifiedAt(k) {
			held++
		}
	}
	return ledger.AmongReadings(len(resample.Readings())).AtSeeds(held, 1+len(r.seeds.by))
}

// atSeeds says what the common week gives for id at each further seed and
// how many statements it brings within there.
func (r commonWeekReason) atSeeds(id string) string {
	if len(r.seeds.by) == 0 {
		return ""
	}
	var parts []string
	for k, by := range r.seeds.by {
		w := "not measured"
		if o, ok := by[id]; ok {
			w = map[bool]string{true: "within", false: "not within"}[o.agrees()]
			if o.want != nil {
				w += " (" + ledger.Format(o.got, 3) + ")"
			}
		}
		parts = append(parts, fmt.Sprintf("seed %d: %s, %d of %d statements within", r.seeds.seeds[k], w, r.within[k], r.main.N))
	}
	return fmt.Sprintf("at the further seeds (%d variants each): %s", r.seeds.variants, strings.Join(parts, "; "))
}
