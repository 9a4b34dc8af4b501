package feitelson2021

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/feedback"
)

// The claims of Figs 20–21 as predicates of one set of UserAwareRuns,
// measured by its responses per "cycle α class" (resp), throughputs in
// the window per "cycle α" (tp) and queues per hour of the day per
// "cycle α" (queue). The ledger's verdicts and the load convention
// (fig19LoadConvention) use the same predicates.

// shortMediumFaster: under α the short and medium jobs' average response
// is below EASY's, with office hours.
func shortMediumFaster(resp map[string]float64, a float64) bool {
	return classRatio(resp, a, feedback.Short) < 1 && classRatio(resp, a, feedback.Medium) < 1
}

// longSlower: under α the long jobs' average response is above EASY's.
func longSlower(resp map[string]float64, a float64) bool {
	return classRatio(resp, a, feedback.Long) > 1
}

// classRatio is class's average response under α over EASY's, with
// office hours.
func classRatio(resp map[string]float64, a float64, class feedback.JobClass) float64 {
	oh := feedback.OfficeHours.String()
	return resp[fmt.Sprintf("%s %g %s", oh, a, class)] / resp[fmt.Sprintf("%s 0 %s", oh, class)]
}

// officeQueues returns EASY's and the user-aware scheduler's (largest α)
// queues per hour with office hours.
func officeQueues(queue map[string][24]float64) (easy, aware [24]float64) {
	oh := feedback.OfficeHours.String()
	return queue[oh+" 0"], queue[fmt.Sprintf("%s %g", oh, fig20Alphas[len(fig20Alphas)-1])]
}

// morningBuildup: both queues are longer 10:00–12:00 than 6:00–8:00.
func morningBuildup(queue map[string][24]float64) bool {
	easy, aware := officeQueues(queue)
	return hoursMean(easy, 10, 12) > hoursMean(easy, 6, 8) && hoursMean(aware, 10, 12) > hoursMean(aware, 6, 8)
}

// easyDrains: EASY's mean queue 0:00–6:00 is below a tenth of its
// largest hourly mean 8:00–18:00.
func easyDrains(queue map[string][24]float64) bool {
	easy, _ := officeQueues(queue)
	return hoursMean(easy, 0, 6) < slices.Max(easy[8:18])/10
}

// awareWorksAtNight: the user-aware scheduler's mean queue 0:00–6:00 is
// "much more" than EASY's, above ledger.LikeFactor times it (ledger.Much;
// one seed: strictly).
func awareWorksAtNight(queue map[string][24]float64) bool {
	easy, aware := officeQueues(queue)
	return hoursMean(aware, 0, 6) > ledger.LikeFactor*hoursMean(easy, 0, 6)
}

// throughputGains returns the user-aware scheduler's (largest α)
// throughput gain over EASY with office hours and without a cycle.
func throughputGains(tp map[string]float64) (cycle, none float64) {
	ua := fig20Alphas[len(fig20Alphas)-1]
	oh, nc := feedback.OfficeHours.String(), feedback.NoCycle.String()
	return tp[fmt.Sprintf("%s %g", oh, ua)]/tp[oh+" 0"] - 1, tp[fmt.Sprintf("%s %g", nc, ua)]/tp[nc+" 0"] - 1
}

// noCycleSameWords is "the same level of performance" without a cycle,
// read by the ledger's rule for likeness (ledger.WordRule) at one seed:
// the paper measures no number, the reference its words name is EASY's
// throughput, and the ratio of two runs has no measured error, so the
// user-aware scheduler's throughput over EASY's must lie within the
// likeness factor of 1 (ledger.Like with se 0: 0.8–1.25). Over several
// seeds the mean ratio must lie within twice its standard error of 1
// (statsOverSeeds.judge, ledger.SeedsRule).
var noCycleSameWords = ledger.Like("alike to 1", 1, 0)

// noCycleSame: without a cycle the user-aware scheduler's throughput over
// EASY's is alike to 1 (noCycleSameWords).
func noCycleSame(tp map[string]float64) bool {
	_, none := throughputGains(tp)
	return noCycleSameWords.Accepts(1 + none)
}

// onlyWithCycle: "this only worked when the simulation included a daily
// cycle" — with office hours the user-aware scheduler's throughput is
// above EASY's (it worked: a gain above 0) and its gain is larger than
// without a cycle. Both are directions (ledger.WordRule), with no
// threshold of ours: of one run's statistics, whose error is not
// measured, compared strictly here (ledger.Unreplicated); over several
// seeds each beyond 2 SE of its mean (statsOverSeeds.judge).
func onlyWithCycle(tp map[string]float64) bool {
	cycle, none := throughputGains(tp)
	return cycle > 0 && cycle > none
}

// measures returns the responses, throughputs and queues of u's runs,
// keyed as the predicates above read them.
func (u *UserAwareRuns) measures() (resp, tp map[string]float64, queue map[string][24]float64) {
	resp, tp, queue = map[string]float64{}, map[string]float64{}, map[string][24]float64{}
	for _, run := range u.Runs {
		k := fmt.Sprintf("%s %g", run.Cycle, run.Alpha)
		tp[k] = run.d.window.Throughput
		queue[k] = run.d.queue
		for _, c := range run.d.classes {
			resp[fmt.Sprintf("%s %s", k, c.Class)] = c.AvgResp
		}
	}
	return resp, tp, queue
}

// holds evaluates every claim of Figs 20–21 decided by one set of runs
// (by ledger id), as one run is judged (strictly).
func (u *UserAwareRuns) holds() map[string]bool { return predicates(u.measures()) }

// predicates evaluates every claim of Figs 20–21 (by ledger id) on the
// measures of one set of runs, keyed as measures keys them, strictly.
func predicates(resp, tp map[string]float64, queue map[string][24]float64) map[string]bool {
	h := map[string]bool{
		"fig21/morning-buildup":      morningBuildup(queue),
		"fig21/easy-drains":          easyDrains(queue),
		"fig21/aware-works-at-night": awareWorksAtNight(queue),
		"fig21/no-cycle-same":        noCycleSame(tp),
		"fig21/only-with-cycle":      onlyWithCycle(tp),
	}
	for _, a := range fig20Alphas[1:] {
		id := fmt.Sprintf("fig20/alpha%g", a)
		h[id+"/short-medium-faster"], h[id+"/long-slower"] = shortMediumFaster(resp, a), longSlower(resp, a)
	}
	return h
}

// seedStats are the statistics of one set of UserAwareRuns (one seed) by
// which the claims of Figs 20–21 are judged over several seeds
// (ledger.SeedsRule): each predicate above made a number whose sign or
// bound decides it, so that its mean over the seeds can be judged.
type seedStats struct {
	// ratio is each class's average response under α over EASY's, with
	// office hours, keyed "α class" (short- and medium-faster: below 1;
	// long-slower: above 1).
	ratio map[string]float64
	// buildEasy and buildAware are EASY's and the user-aware scheduler's
	// mean queue 10:00–12:00 less 6:00–8:00 (morning-buildup: both above
	// 0).
	buildEasy, buildAware float64
	// drain is EASY's mean queue 0:00–6:00 less a tenth of its largest
	// hourly mean 8:00–18:00 (easy-drains, a threshold of ours: below 0).
	drain float64
	// night is the user-aware scheduler's mean queue 0:00–6:00 less
	// ledger.LikeFactor times EASY's (aware-works-at-night, "much more" by
	// ledger.WordRule's Much: above 0 by more than 2 SE, paired by seed).
	night float64
	// gainCycle and gainNone are throughputGains (only-with-cycle: the
	// first and the first less the second above 0; no-cycle-same: 1 plus
	// the second alike to 1).
	gainCycle, gainNone float64
}

// stats returns u's seedStats.
func (u *UserAwareRuns) stats() seedStats {
	resp, tp, queue := u.measures()
	return statsOf(resp, tp, queue)
}

// statsOf returns the seedStats of one seed's measures (keyed as the
// predicates read them).
func statsOf(resp, tp map[string]float64, queue map[string][24]float64) seedStats {
	st := seedStats{ratio: map[string]float64{}}
	for _, a := range fig20Alphas[1:] {
		for _, c := range []feedback.JobClass{feedback.Short, feedback.Medium, feedback.Long} {
			st.ratio[fmt.Sprintf("%g %s", a, c)] = classRatio(resp, a, c)
		}
	}
	easy, aware := officeQueues(queue)
	st.buildEasy = hoursMean(easy, 10, 12) - hoursMean(easy, 6, 8)
	st.buildAware = hoursMean(aware, 10, 12) - hoursMean(aware, 6, 8)
	st.drain = hoursMean(easy, 0, 6) - slices.Max(easy[8:18])/10
	st.night = hoursMean(aware, 0, 6) - ledger.LikeFactor*hoursMean(easy, 0, 6)
	st.gainCycle, st.gainNone = throughputGains(tp)
	return st
}

// statsOverSeeds is each of seedStats' statistics over the seeds
// measured: its mean and standard error (ledger.MeanOverSeeds).
type statsOverSeeds struct {
	ratio                 map[string]ledger.OverSeeds
	buildEasy, buildAware ledger.OverSeeds
	drain, night          ledger.OverSeeds
	gainCycle, gainNone   ledger.OverSeeds
	// lead is gainCycle less gainNone, paired by seed.
	lead ledger.OverSeeds
}

// overSeeds returns the statistics of ss (one per seed, at least one)
// over the seeds.
func overSeeds(ss []seedStats) statsOverSeeds {
	of := func(f func(seedStats) float64) ledger.OverSeeds {
		xs := make([]float64, len(ss))
		for i, st := range ss {
			xs[i] = f(st)
		}
		return ledger.MeanOverSeeds(xs)
	}
	o := statsOverSeeds{ratio: map[string]ledger.OverSeeds{},
		buildEasy: of(func(s seedStats) float64 { return s.buildEasy }), buildAware: of(func(s seedStats) float64 { return s.buildAware }),
		drain: of(func(s seedStats) float64 { return s.drain }), night: of(func(s seedStats) float64 { return s.night }),
		gainCycle: of(func(s seedStats) float64 { return s.gainCycle }), gainNone: of(func(s seedStats) float64 { return s.gainNone }),
		lead: of(func(s seedStats) float64 { return s.gainCycle - s.gainNone })}
	for k := range ss[0].ratio {
		o.ratio[k] = of(func(s seedStats) float64 { return s.ratio[k] })
	}
	return o
}

// judge decides every claim of Figs 20–21 (by ledger id) over the seeds
// by ledger.SeedsRule: a direction is the mean beyond its reference by
// more than twice its standard error (both parts of a statement made of
// two), a likeness the mean within twice it (ledger.Like), a threshold of
// ours the mean compared as stated. For one seed it is holds (strictly).
func (o statsOverSeeds) judge() map[string]bool {
	h := map[string]bool{
		"fig21/morning-buildup":      o.buildEasy.Above(0) && o.buildAware.Above(0),
		"fig21/easy-drains":          o.drain.Mean < 0,
		"fig21/aware-works-at-night": o.night.Above(0),
		"fig21/no-cycle-same":        ledger.Like(noCycleSameWords.Value(), 1, o.gainNone.SE).Accepts(1 + o.gainNone.Mean),
		"fig21/only-with-cycle":      o.gainCycle.Above(0) && o.lead.Above(0),
	}
	for _, a := range fig20Alphas[1:] {
		id := fmt.Sprintf("fig20/alpha%g", a)
		r := func(c feedback.JobClass) ledger.OverSeeds { return o.ratio[fmt.Sprintf("%g %s", a, c)] }
		h[id+"/short-medium-faster"] = r(feedback.Short).Below(1) && r(feedback.Medium).Below(1)
		h[id+"/long-slower"] = r(feedback.Long).Above(1)
	}
	return h
}

// fig19LoadReps is the number of replicates (seeds) at which Figs 20–21
// are simulated at each of Fig. 19's loads (the load convention): a claim
// holds under a load when it holds judged over them (ledger.SeedsRule).
const fig19LoadReps = 3

// loadConvention is Figs 20–21 simulated at each of Fig. 19's populations
// (Study.fig19Loads), fig19LoadReps times, against our reading (fig20Load
// at the figures' seed). §4.4 states no load for Figs 20–21 but presents
// them as how Fig. 19's results are achieved ("It is also interesting to
// see how these results are achieved"). Each load is a convention in the
// sense of ledger.Tally, counted over every claim of the two figures.
type loadConvention struct {
	loads []float64
	// asComputed is whether each claim holds as computed (at fig20Load,
	// judged over its seeds); held[k] the number of replicates at
	// loads[k] where it holds, within[k] whether it holds there judged
	// over them (ledger.SeedsRule).
	asComputed map[string]bool
	held       []map[string]int
	within     []map[string]bool
	tally      []ledger.Tally
}

// fig19LoadConvention measures the load convention.
func (s *Study) fig19LoadConvention(ctx context.Context) (*loadConvention, error) {
	ours, err := s.statsAtSeeds(ctx, fig20Load, nightWorkSeeds)
	if err != nil {
		return nil, err
	}
	c := &loadConvention{loads: s.fig19Loads(), asComputed: overSeeds(ours).judge()}
	ids := make([]string, 0, len(c.asComputed))
	for id := range c.asComputed {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, load := range c.loads {
		held := map[string]int{}
		var stats []seedStats
		for rep := range uint64(fig19LoadReps) {
			v, err := s.userAwareReplicate(ctx, load, rep)
			if err != nil {
				return nil, err
			}
			for id, ok := range v.holds() {
				if ok {
					held[id]++
				}
			}
			stats = append(stats, v.stats())
		}
		within := overSeeds(stats).judge()
		var t ledger.Tally
		for _, id := range ids {
			t.Add(c.asComputed[id], within[id])
		}
		c.held, c.within, c.tally = append(c.held, held), append(c.within, within), append(c.tally, t)
	}
	return c, nil
}

// statsAtSeeds returns the seedStats of Figs 20–21's runs with load times
// the users at replicates 0 to n − 1 (0 the figures' seed).
func (s *Study) statsAtSeeds(ctx context.Context, load float64, n int) ([]seedStats, error) {
	var out []seedStats
	for rep := range uint64(n) {
		v, err := s.userAwareReplicate(ctx, load, rep)
		if err != nil {
			return nil, err
		}
		out = append(out, v.stats())
	}
	return out, nil
}

// shown says what the convention gives for claim id ("" for a nil
// convention).
func (c *loadConvention) shown(id string) string {
	if c == nil {
		return ""
	}
	var parts []string
	for k, load := range c.loads {
		p := fmt.Sprintf("%g× %d of %d seeds", load, c.held[k][id], fig19LoadReps)
		if c.within[k][id] {
			p += " (within, judged over them)"
		}
		parts = append(parts, p)
	}
	text := "at Fig. 19's populations it holds at " + strings.Join(parts, ", ")
	if c.reason(id) == "" {
		// No load explains it: the counts say whether any is justified.
		text += "; " + c.counts()
	}
	return text
}

// counts says, for each of Fig. 19's loads, how many of the claims of
// Figs 20–21 hold judged over the load's seeds (ledger.SeedsRule,
// ledger.Tally) against our load's, judged over its own.
func (c *loadConvention) counts() string {
	var counts []string
	for k, load := range c.loads {
		t := c.tally[k]
		counts = append(counts, fmt.Sprintf("%g× %d (gains %d, loses %d)", load, t.Within, t.Gained, t.Lost))
	}
	t := c.tally[0]
	return fmt.Sprintf("applied to every one of the %d claims of Figs 20–21, the claims that hold judged over %d seeds (ledger.SeedsRule) at each of Fig. 19's populations: %s, against %d at %g×",
		t.N, fig19LoadReps, strings.Join(counts, ", "), t.AsComputed, fig20Load)
}

// found is how reason's convention is found for claim id: one of Fig.
// 19's loads, each measured at fig19LoadReps seeds and judged over them
// (ledger.SeedsRule, the rule of the verdict and of a reason alike), held
// the fewest seeds at which id holds one by one among the loads reason
// names.
func (c *loadConvention) found(id string) ledger.Found {
	if c == nil {
		return ledger.OneReading()
	}
	ks := c.named(id)
	held := fig19LoadReps
	for _, k := range ks {
		held = min(held, c.held[k][id])
	}
	if len(ks) == 0 {
		held = 0
	}
	return ledger.AmongReadings(len(c.loads)).OverSeeds(len(ks) > 0, held, fig19LoadReps)
}

// named returns the indices of Fig. 19's loads justified over Figs 20–21
// (ledger.Tally.Justified) at which claim id holds judged over the seeds
// (ledger.SeedsRule).
func (c *loadConvention) named(id string) []int {
	var ks []int
	for k := range c.loads {
		if c.tally[k].Justified() && c.within[k][id] {
			ks = append(ks, k)
		}
	}
	return ks
}

// reason is the convention as the reason of claim id: each of Fig. 19's
// loads justified over Figs 20–21 at which id holds judged over the seeds
// (ledger.SeedsRule), with the counts of every load; "" when there is
// none.
func (c *loadConvention) reason(id string) string {
	if c == nil {
		return ""
	}
	var why, each []string
	for _, k := range c.named(id) {
		why = append(why, fmt.Sprintf("%g×", c.loads[k]))
		each = append(each, fmt.Sprintf("%d of %d at %g×", c.held[k][id], fig19LoadReps, c.loads[k]))
	}
	if len(why) == 0 {
		return ""
	}
	return fmt.Sprintf("the load: §4.4 gives none for Figs 20–21 and presents them as how Fig. 19's results are achieved; at Fig. 19's %s users (ours %g×) it holds judged over %d seeds (ledger.SeedsRule; one by one at %s); %s",
		strings.Join(why, " and "), fig20Load, fig19LoadReps, strings.Join(each, ", "), c.counts())
}
