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
// at least twice EASY's.
func awareWorksAtNight(queue map[string][24]float64) bool {
	easy, aware := officeQueues(queue)
	return hoursMean(aware, 0, 6) >= 2*hoursMean(easy, 0, 6)
}

// throughputGains returns the user-aware scheduler's (largest α)
// throughput gain over EASY with office hours and without a cycle.
func throughputGains(tp map[string]float64) (cycle, none float64) {
	ua := fig20Alphas[len(fig20Alphas)-1]
	oh, nc := feedback.OfficeHours.String(), feedback.NoCycle.String()
	return tp[fmt.Sprintf("%s %g", oh, ua)]/tp[oh+" 0"] - 1, tp[fmt.Sprintf("%s %g", nc, ua)]/tp[nc+" 0"] - 1
}

// noCycleSameWords is "the same level of performance" without a cycle,
// read by the ledger's rule for likeness (ledger.WordRule): the paper
// measures no number, the reference its words name is EASY's throughput,
// and the ratio of two runs has no measured error, so the user-aware
// scheduler's throughput over EASY's must lie within the likeness factor
// of 1 (ledger.Like with se 0: 0.8–1.25).
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
// without a cycle. Both are directions (ledger.WordRule) of one run's
// statistics, whose error is not measured, so they are compared strictly
// (ledger.Unreplicated), with no threshold of ours.
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
		tp[k] = feedback.WindowOf(run.Result.Sim, u.From, u.To).Throughput
		queue[k] = u.Workload.QueueByHour(run.Result.Sim.Timeline, u.From, u.To)
		for _, c := range feedback.ByClass(run.Result.Sim, nil) {
			resp[fmt.Sprintf("%s %s", k, c.Class)] = c.AvgResp
		}
	}
	return resp, tp, queue
}

// holds evaluates every claim of Figs 20–21 decided by one set of runs
// (by ledger id).
func (u *UserAwareRuns) holds() map[string]bool {
	resp, tp, queue := u.measures()
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

// fig19LoadReps is the number of replicates (seeds) at which Figs 20–21
// are simulated at each of Fig. 19's loads (the load convention): a claim
// holds under a load only when it holds at every one.
const fig19LoadReps = 3

// loadConvention is Figs 20–21 simulated at each of Fig. 19's populations
// (Study.fig19Loads), fig19LoadReps times, against our reading (fig20Load
// at the figures' seed). §4.4 states no load for Figs 20–21 but presents
// them as how Fig. 19's results are achieved ("It is also interesting to
// see how these results are achieved"). Each load is a convention in the
// sense of ledger.Tally, counted over every claim of the two figures.
type loadConvention struct {
	loads []float64
	// asComputed is whether each claim holds as computed; held[k] the
	// number of replicates at loads[k] where it holds.
	asComputed map[string]bool
	held       []map[string]int
	tally      []ledger.Tally
}

// fig19LoadConvention measures the load convention.
func (s *Study) fig19LoadConvention(ctx context.Context) (*loadConvention, error) {
	u, err := s.userAwareRuns(ctx, fig20Load)
	if err != nil {
		return nil, err
	}
	c := &loadConvention{loads: s.fig19Loads(), asComputed: u.holds()}
	ids := make([]string, 0, len(c.asComputed))
	for id := range c.asComputed {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, load := range c.loads {
		held := map[string]int{}
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
		}
		var t ledger.Tally
		for _, id := range ids {
			t.Add(c.asComputed[id], held[id] == fig19LoadReps)
		}
		c.held, c.tally = append(c.held, held), append(c.tally, t)
	}
	return c, nil
}

// shown says what the convention gives for claim id ("" for a nil
// convention).
func (c *loadConvention) shown(id string) string {
	if c == nil {
		return ""
	}
	var parts []string
	for k, load := range c.loads {
		parts = append(parts, fmt.Sprintf("%g× %d of %d seeds", load, c.held[k][id], fig19LoadReps))
	}
	text := "at Fig. 19's populations it holds at " + strings.Join(parts, ", ")
	if c.reason(id) == "" {
		// No load explains it: the counts say whether any is justified.
		text += "; " + c.counts()
	}
	return text
}

// counts says, for each of Fig. 19's loads, how many of the claims of
// Figs 20–21 hold at every seed (ledger.Tally) against our load.
func (c *loadConvention) counts() string {
	var counts []string
	for k, load := range c.loads {
		t := c.tally[k]
		counts = append(counts, fmt.Sprintf("%g× %d (gains %d, loses %d)", load, t.Within, t.Gained, t.Lost))
	}
	t := c.tally[0]
	return fmt.Sprintf("applied to every one of the %d claims of Figs 20–21, the claims that hold at every seed at each of Fig. 19's populations: %s, against %d at %g×",
		t.N, strings.Join(counts, ", "), t.AsComputed, fig20Load)
}

// found is how reason's convention is found: one of Fig. 19's loads, each
// measured at fig19LoadReps seeds, reason naming only the loads at which
// the claim holds at every seed.
func (c *loadConvention) found() ledger.Found {
	if c == nil {
		return ledger.OneReading()
	}
	return ledger.AmongReadings(len(c.loads)).AtSeeds(fig19LoadReps, fig19LoadReps)
}

// reason is the convention as the reason of claim id: each of Fig. 19's
// loads justified over Figs 20–21 at which id holds at every seed, with
// the counts of every load; "" when there is none.
func (c *loadConvention) reason(id string) string {
	if c == nil {
		return ""
	}
	var why []string
	for k, load := range c.loads {
		if c.tally[k].Justified() && c.held[k][id] == fig19LoadReps {
			why = append(why, fmt.Sprintf("%g×", load))
		}
	}
	if len(why) == 0 {
		return ""
	}
	return fmt.Sprintf("the load: §4.4 gives none for Figs 20–21 and presents them as how Fig. 19's results are achieved; at Fig. 19's %s users (ours %g×) it holds at each of %d seeds; %s",
		strings.Join(why, " and "), fig20Load, fig19LoadReps, c.counts())
}
