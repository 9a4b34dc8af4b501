package zakay2013

import (
	"context"
	"fmt"
	"maps"
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
// its two logs). Those variants are a screen: a statement on the
// variants' range (not completely separated) is stricter at fewer
// variants (the range of 100 variants is inside that of 1000), so a
// further seed could fail it for its count alone. In a figure whose
// further seeds are read (seedsRead), the statements the screen does not
// settle — within under the common week at the study's seed, not within
// at the screen — are judged again at that seed with the
// figure's count (bootstrapReps: 1000, 20 in quick mode, where it is the
// screen's own) on the logs they concern, and that judgement is the one
// counted, in the statement and in the seed's tally (escalate). Statements
// within at the screen are not judged again, nor are those the common week
// does not bring within at the study's seed.
//
// Measured (full mode, seed 2014, a test binary under /usr/bin/time): 28
// CPU-s a seed over the seven logs (27.2 s user, 0.9 s sys), so about 56
// CPU-s for both; Fig. 8 reads the same bootstraps. Judged again at the
// figure's count (full mode, session 22, a throw-away test timing
// getrusage around scanSeeds once the screens were run): Fig. 9, SDSC-SP2's
// two range statements at seeds 2014 and 2015, 27.4 CPU-s (two bootstraps
// of SDSC-SP2, 1000 variants each, the screen's 100 among them simulated
// again); Fig. 8 none (seedsRead), where the rule alone would have run
// CEA-Curie twice at 1000 for 161 CPU-s.

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

// commonKey identifies a bootstrap of one reading alone at a further
// seed: its log, reading, seed and number of variants.
type commonKey struct {
	log, reading string
	seed         uint64
	reps         int
}

// commonBootstrap runs the common week's bootstrap of log at seed with reps
// variants, once per study and kept between processes as the figures'
// bootstraps are (storedRunBootstraps); a log we lack gives isMissing's
// error.
func (s *Study) commonBootstrap(ctx context.Context, log string, seed uint64, reps int) (*resample.Bootstrap, error) {
	return s.seedBootstrap(ctx, log, commonReading, seed, reps)
}

// seedBootstrap runs the bootstrap of log under reading alone at seed with
// reps variants, once per study and kept between processes as the
// figures' bootstraps are (storedRunBootstraps): the common week's further
// seeds (commonBootstrap) and §4's start's (literalAtSeeds). A log we lack
// gives isMissing's error.
func (s *Study) seedBootstrap(ctx context.Context, log, reading string, seed uint64, reps int) (*resample.Bootstrap, error) {
	return s.commonMemo.Get(commonKey{log, reading, seed, reps}, func() (*resample.Bootstrap, error) {
		tr, err := logOf(log)
		if err != nil {
			return nil, err
		}
		rd, err := resample.ReadingByName(reading)
		if err != nil {
			return nil, err
		}
		rd.Pools.Users.Start = paperPeriodStart(log, tr) // as Table V and the figures' bootstraps
		label := fmt.Sprintf("%s: EASY on %d variants (%s, seed %d)", log, reps, reading, seed)
		o := resample.BootstrapOptions{Seed: seed,
			Sweep: sweep.Options{Workers: s.o.Workers, Progress: func(done, total int) { s.o.Report(label, done, total) }}}
		bs, err := storedRunBootstraps(ctx, tr, []resample.Reading{rd}, []int{reps}, o)
		if err != nil {
			return nil, fmt.Errorf("%s, seed %d: %w", log, seed, err)
		}
		bs[0].Log = log
		return bs[0], nil
	})
}

// commonAtSeeds runs the common week's bootstrap of every log of the
// bootstrap at each further seed, seedReps variants (commonBootstrap).
func (s *Study) commonAtSeeds(ctx context.Context) ([]seedBootstraps, error) {
	var out []seedBootstraps
	for k := 1; k <= commonSeedCount; k++ {
		sb := seedBootstraps{seed: s.seed() + uint64(k), by: map[string]*resample.Bootstrap{}}
		for _, log := range s.bootstrapLogs(len(BootstrapLogs)) {
			b, err := s.commonBootstrap(ctx, log, sb.seed, s.seedReps())
			if isMissing(err) {
				continue
			}
			if err != nil {
				return nil, err
			}
			sb.by[log] = b
		}
		out = append(out, sb)
	}
	return out, nil
}

// seedScan is each statement of Fig. 8 or 9 under the common week at each
// further seed (commonAtSeeds), by id. The further seeds are a screen:
// their variants (seedReps) are fewer than the figure's (bootstrapReps).
// A statement the common week brings within at the study's seed but not
// at a further seed's screen is judged again at that seed with the
// figure's count, on the logs it concerns (escalate); by holds that
// judgement, screen the screen's result of the statements judged again.
// figure is the figure's count where escalate applies (0 where the
// further seeds are not read, seedsRead, or the screen's count is the
// figure's, as in quick mode).
type seedScan struct {
	variants, figure int
	seeds            []uint64
	by               []map[string]statement
	screen           []map[string]statement
}

// scanSeeds evaluates statements under the common week at each further
// seed, on the logs of the bootstrap; bounded adds the bounded slowdown's
// rows (Fig. 9's statements cite it). lit and atStudy are the same
// statements at the study's seed (the figure's) under §4's literal start
// and under the common week: atStudy decides what escalate judges again at
// the figure's count, and it does so only where the further seeds are
// read (seedsRead).
func (s *Study) scanSeeds(ctx context.Context, metrics []bootstrapMetric, statements func([]metricPosition) []statement, bounded bool, lit, atStudy []statement) (seedScan, error) {
	runs, err := s.commonAtSeeds(ctx)
	if err != nil {
		return seedScan{}, err
	}
	rowsOf := func(by map[string]*resample.Bootstrap) map[string]statement {
		var rows []metricPosition
		for _, log := range s.bootstrapLogs(len(BootstrapLogs)) {
			b, ok := by[log]
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
		out := map[string]statement{}
		for _, st := range statements(rows) {
			out[st.id] = st
		}
		return out
	}
	sc := seedScan{variants: s.seedReps()}
	if seedsRead(lit, atStudy) {
		sc.figure = s.bootstrapReps()
	}
	for _, run := range runs {
		var logs []string
		for _, log := range s.bootstrapLogs(len(BootstrapLogs)) {
			if _, ok := run.by[log]; ok {
				logs = append(logs, log)
			}
		}
		by := rowsOf(run.by)
		var screen map[string]statement
		if sc.figure > sc.variants {
			screen, err = escalate(atStudy, by, logs, func(concern []string) (map[string]statement, error) {
				full := maps.Clone(run.by)
				for _, log := range concern {
					b, err := s.commonBootstrap(ctx, log, run.seed, sc.figure)
					if err != nil {
						return nil, err
					}
					full[log] = b
				}
				return rowsOf(full), nil
			})
			if err != nil {
				return seedScan{}, err
			}
		}
		sc.seeds, sc.by, sc.screen = append(sc.seeds, run.seed), append(sc.by, by), append(sc.screen, screen)
	}
	return sc, nil
}

// seedsRead reports whether a figure's further seeds are read: some
// paper entry (lit) differs while the common week (com, the same
// statements) brings it within at the study's seed, so that the common
// week may be its reason (addReadings). Elsewhere the further seeds decide
// nothing and are shown nowhere, so they are not judged again at the
// figure's count (measured for Fig. 8 in full mode: 161 CPU-s, CEA-Curie's
// utilisation at seeds 2014 and 2015, for no entry).
func seedsRead(lit, com []statement) bool {
	ours := map[string]statement{}
	for _, st := range com {
		ours[st.id] = st
	}
	for _, st := range lit {
		if o, ok := ours[st.id]; ok && !st.agrees() && o.agrees() {
			return true
		}
	}
	return false
}

// escalate judges again, at the figure's count, the statements of one
// further seed that the screen does not settle. A statement is judged
// again when the common week brings it within at the study's seed
// (atStudy) but not at the further seed's screen (at): the screen's
// variants are fewer than the figure's, and a statement on the variants'
// range (not completely separated) fails more often on fewer, so only the
// figure's count can deny it. Statements within at the screen stay as the
// screen judged them, as do those the common week does not bring within at
// the study's seed. rejudge evaluates every statement with the logs
// concern (a statement's log, or every log of logs for a statement over
// all logs) at the figure's count; escalate puts the judged statements in
// at and returns their screen's results by id (nil when none).
func escalate(atStudy []statement, at map[string]statement, logs []string, rejudge func(concern []string) (map[string]statement, error)) (map[string]statement, error) {
	var ids []string
	concerned := map[string]bool{}
	for _, st := range atStudy {
		o, ok := at[st.id]
		if !st.agrees() || !ok || o.agrees() {
			continue
		}
		ids = append(ids, st.id)
		if st.log == "" {
			for _, log := range logs {
				concerned[log] = true
			}
		} else {
			concerned[st.log] = true
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	var concern []string
	for _, log := range logs {
		if concerned[log] {
			concern = append(concern, log)
		}
	}
	again, err := rejudge(concern)
	if err != nil {
		return nil, err
	}
	screen := map[string]statement{}
	for _, id := range ids {
		st, ok := again[id]
		if !ok {
			continue // not measured at the figure's count: the screen's judgement stands
		}
		screen[id], at[id] = at[id], st
	}
	return screen, nil
}

// commonWeekReason is how the common week, counted over every statement
// of a figure (ledger.Tally) at the study's seed and at each further seed,
// bears on one differing paper entry: found and the text, which
// ExplainedBy makes the entry's reason when it holds at every seed.
type commonWeekReason struct {
	// main is the tally at the study's seed (the figures' variants);
	// at is, per further seed, the tally of the same statements with the
	// common week judged there. Our reading's count is main's AsComputed
	// at every seed: the paper's entries as computed, at the figures'
	// count.
	main  ledger.Tally
	at    []ledger.Tally
	seeds seedScan
}

// newCommonWeekReason counts the common week over the statements lit (the
// paper's entries) against com (the same under the common week) and the
// further seeds.
func newCommonWeekReason(lit, com []statement, seeds seedScan) commonWeekReason {
	ours := map[string]statement{}
	for _, st := range com {
		ours[st.id] = st
	}
	r := commonWeekReason{at: make([]ledger.Tally, len(seeds.by)), seeds: seeds}
	for _, st := range lit {
		o, ok := ours[st.id]
		if !ok {
			continue
		}
		r.main.Add(st.agrees(), o.agrees())
		for k, by := range seeds.by {
			o, ok := by[st.id]
			r.at[k].Add(st.agrees(), ok && o.agrees())
		}
	}
	return r
}

// justifiedAt reports whether the common week is justified (Tally) at
// further seed k: it brings at least two more statements within than the
// paper's entries as computed.
func (r commonWeekReason) justifiedAt(k int) bool { return r.at[k].Justified() }

// found returns how the common week was found for the entry id: the best
// of the readings of resample.Readings (the library's default was chosen
// among them), at 1 + the further seeds, holding at the study's seed (the
// caller's condition) and at each further seed where it brings id within
// and is justified; with its tally at every seed (ledger.Found.WithTally).
func (r commonWeekReason) found(id string) ledger.Found {
	held := 1
	for k, by := range r.seeds.by {
		if o, ok := by[id]; ok && o.agrees() && r.justifiedAt(k) {
			held++
		}
	}
	return ledger.AmongReadings(len(resample.Readings())).AtSeeds(held, 1+len(r.seeds.by)).WithTally(append([]ledger.Tally{r.main}, r.at...)...)
}

// atSeeds says what the common week gives for id at each further seed,
// at which count it was decided there (the screen's, or the figure's when
// escalate judged it again) and how many statements it brings within
// there, those judged again counted as judged.
func (r commonWeekReason) atSeeds(id string) string {
	if len(r.seeds.by) == 0 {
		return ""
	}
	escalates := r.seeds.figure > r.seeds.variants
	var parts []string
	for k, by := range r.seeds.by {
		w := "not measured"
		if o, ok := by[id]; ok {
			w = withinWords(o)
			if o.want != nil {
				w += " (" + ledger.Format(o.got, 3) + ")"
			}
			if sc, ok := r.screenAt(k, id); ok {
				w = fmt.Sprintf("%s, decided at the figure's %d variants (%s; at %d: %s, %s)", withinWords(o), r.seeds.figure,
					detail(o), r.seeds.variants, withinWords(sc), detail(sc))
			} else if escalates {
				w += fmt.Sprintf(", decided at %d variants", r.seeds.variants)
			}
		}
		parts = append(parts, fmt.Sprintf("seed %d: %s, %d of %d statements within", r.seeds.seeds[k], w, r.at[k].Within, r.main.N))
	}
	head := fmt.Sprintf("at the further seeds (%d variants each", r.seeds.variants)
	if escalates {
		head += fmt.Sprintf("; a statement the common week brings within at the study's seed but not at %d is judged at that seed again with the figure's %d, on the logs it concerns",
			r.seeds.variants, r.seeds.figure)
	}
	return head + "): " + strings.Join(parts, "; ")
}

// screenAt returns the screen's result of statement id at further seed k
// when escalate judged it again there.
func (r commonWeekReason) screenAt(k int, id string) (statement, bool) {
	if k >= len(r.seeds.screen) {
		return statement{}, false
	}
	st, ok := r.seeds.screen[k][id]
	return st, ok
}

func withinWords(st statement) string {
	return map[bool]string{true: "within", false: "not within"}[st.agrees()]
}

// detail is what a statement measured, in short: its value, or its
// evidence.
func detail(st statement) string {
	if st.want != nil {
		return ledger.Format(st.got, 3)
	}
	return st.evidence
}
