package feitelson2021

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/internal/parallel"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
)

// fig19Horizons are the lengths, as multiples of the log's span
// (resample.Options.Extend), to which full mode generates the resampled
// users' job streams of Fig. 19's smallest population while measuring
// the same window (horizonRun). Our resampled logs end where the
// measured window ends, so a user who runs ahead of the log's timing
// under the distribution-based model runs out of jobs; §4.2's users do
// not ("we just continue resampling on and on"; long-term users are
// "simply regenerated"). Two lengths show whether the window's
// throughput settles; none is chosen as a reading.
var fig19Horizons = []float64{1.25, 2}

// horizonRun is Fig. 19's smallest population simulated with the job
// streams generated to a longer horizon and measured over the window of
// the log as computed (its Start to End).
type horizonRun struct {
	Extend float64
	// Throughput[α index][replicate] is the jobs ended in the window per
	// week; Arrived the same for the jobs arrived in it, over the jobs the
	// log as computed holds (above 1: users pulled jobs from past the
	// window).
	Throughput, Arrived [][]float64
}

// fig19Horizon runs Fig. 19's smallest population with its streams
// generated to each of fig19Horizons: the same seeds, streams, user model
// and schedulers as Fig19's sweep, the simulation stopped and measured at
// the end of the window as computed. It checks that the longer log holds
// the same jobs up to that end (an error otherwise).
func (s *Study) fig19Horizon(ctx context.Context, p *resample.Pools, r *Fig19Result) ([]horizonRun, error) {
	load := r.Loads[0]
	procs := p.Trace.MaxProcs()
	type task struct{ h, rep, a int }
	var tasks []task
	for h := range fig19Horizons {
		for rep := range r.reps {
			for a := range r.Alphas {
				tasks = append(tasks, task{h, rep, a})
			}
		}
	}
	tp, arr := make([]float64, len(tasks)), make([]float64, len(tasks))
	err := parallel.For(ctx, len(tasks), s.o.NumWorkers(), func(ctx context.Context, i int) error {
		t := tasks[i]
		base := resample.Options{LongTermStart: literalStart, Load: load, Seed: s.seed(19), Stream: uint64(t.rep)}
		g0, err := p.Generate(base)
		if err != nil {
			return err
		}
		o := base
		o.Extend = fig19Horizons[t.h]
		g, err := p.Generate(o)
		if err != nil {
			return err
		}
		within := 0
		for k := range g.Trace.Len() {
			if g.Trace.Submit[k] <= g0.End {
				within++
			}
		}
		if within != g0.Trace.Len() {
			return fmt.Errorf("feitelson2021: Fig. 19's log generated to %g× the span holds %d jobs up to the window's end, the log as computed %d", o.Extend, within, g0.Trace.Len())
		}
		w, err := feedback.NewWorkload(g.Trace, feedback.WorkloadOptions{Sim: sim.Options{Procs: procs}})
		if err != nil {
			return err
		}
		fac, err := sim.FactoryOf(fmt.Sprintf("useraware:%g", r.Alphas[t.a]))
		if err != nil {
			return err
		}
		fr, err := feedback.SimulateContext(ctx, w, fac(), feedback.Options{Model: feedback.Distribution{Cycle: feedback.OfficeHours},
			Seed: s.seed(19) ^ uint64(t.rep)<<32, Until: g0.End, Engine: sim.EngineOptions{WeekOrigin: g0.Start}})
		if err != nil {
			return err
		}
		win := feedback.WindowOf(fr.Sim, g0.Start, g0.End)
		tp[i], arr[i] = win.Throughput, float64(win.Arrived)/float64(g0.Trace.Len())
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]horizonRun, len(fig19Horizons))
	for h := range out {
		out[h] = horizonRun{Extend: fig19Horizons[h], Throughput: make([][]float64, len(r.Alphas)), Arrived: make([][]float64, len(r.Alphas))}
	}
	for i, t := range tasks {
		out[t.h].Throughput[t.a] = append(out[t.h].Throughput[t.a], tp[i])
		out[t.h].Arrived[t.a] = append(out[t.h].Arrived[t.a], arr[i])
	}
	return out, nil
}

// judge applies fig19/<load>/throughput's rule (Fig19Result.higher and
// the rank correlation with α) to the horizon's throughputs: the means
// over the replicates, and the paired difference of each replicate (one
// resampled log under every α).
func (h horizonRun) judge(r *Fig19Result) (holds bool, means []float64, gap string) {
	means = make([]float64, len(h.Throughput))
	var byRep [][]float64
	for a, xs := range h.Throughput {
		for j, x := range xs {
			means[a] += x / float64(len(xs))
			if j >= len(byRep) {
				byRep = append(byRep, make([]float64, len(h.Throughput)))
			}
			byRep[j][a] = x
		}
	}
	higher, gap := r.higher(means, byRep, 0)
	return higher && spearman(r.Alphas, means) > 0, means, gap
}

// horizonTextAt measures fig19/<load>/throughput, at the smallest load,
// with the streams generated past the window, as a measurement: the
// horizon is measured on this claim alone, so over Fig. 19 it can gain at
// most this claim and the others that differ as computed (holds, by id);
// with every other holding that is 1, never a reason by ledger.Tally.
// Its effect on Figs 20–21 and Table 1, which use the same model, is not
// measured.
func (r *Fig19Result) horizonTextAt(load float64, holds map[string]bool) string {
	if len(r.horizon) == 0 || load != r.Loads[0] {
		return ""
	}
	var parts []string
	easyTP := []float64{r.throughput[r.Loads[0]][0]}
	easy := []string{fmt.Sprintf("%.0f", easyTP[0])}
	for _, h := range r.horizon {
		holds, means, gap := h.judge(r)
		verdict := "does not hold"
		if holds {
			verdict = "holds"
		}
		var arrived []float64
		for _, xs := range h.Arrived {
			arrived = append(arrived, xs...)
		}
		parts = append(parts, fmt.Sprintf("to %g× the log's span: jobs per week %s, ρ = %.2f; %s: %s (jobs arrived in the window %.2f–%.2f of the log's as computed)",
			h.Extend, fmtFloats(means, 0), spearman(r.Alphas, means), gap, verdict, slices.Min(arrived), slices.Max(arrived)))
		easy = append(easy, fmt.Sprintf("%.0f", means[0]))
		easyTP = append(easyTP, means[0])
	}
	trend := "as the streams reach further"
	if rising := slices.IsSorted(easyTP) && easyTP[len(easyTP)-1] > easyTP[0]; rising {
		trend = fmt.Sprintf("as the streams reach further: it rises with the horizon, not settling by %g× (the window's throughput is set by how far the streams reach, so no horizon is a reading of ours)", fig19Horizons[len(fig19Horizons)-1])
	}
	return fmt.Sprintf("with the resampled users' job streams generated past the window, which is measured as before (the log as computed ends where the window ends, so under the distribution-based model a user who runs ahead of the log's timing runs out of jobs; §4.2's users are resampled \"on and on\"): %s; "+
		"EASY's throughput in the same window %s jobs per week %s; "+
		"%s (Figs 20–21 and Table 1 use the same model, not measured)",
		strings.Join(parts, "; "), strings.Join(easy, " → "), trend, othersText(holds))
}

// othersText says what the horizon could gain over Fig. 19 (holds: its
// claims as computed): with every other claim holding, at most this one.
func othersText(holds map[string]bool) string {
	differ := 0
	for _, h := range holds {
		if !h {
			differ++
		}
	}
	if differ <= 1 {
		return fmt.Sprintf("Fig. 19's other %d claims hold as computed, so over the figure any horizon gains at most 1 (ledger.Tally): not a reason", len(holds)-1)
	}
	return fmt.Sprintf("%d of Fig. 19's %d claims differ as computed; the horizon was measured on this one only, so it is not tallied: not a reason", differ, len(holds))
}

// fig20Horizon is the length, as a multiple of the log's span, to which
// full mode generates the job streams of Figs 20–21 (horizonConvention):
// the longer of fig19Horizons.
var fig20Horizon = fig19Horizons[len(fig19Horizons)-1]

// horizonConvention is Figs 20–21 simulated with the resampled users' job
// streams generated to fig20Horizon times the log's span while measured
// over the window as computed, at fig20Load and the same nightWorkSeeds
// seeds, counted over every claim of the two figures and judged over the
// seeds as estimatesConvention is. It is a measurement only: the window's
// throughput rises with the horizon without settling (Fig. 19's
// horizonRun), so no horizon is a reading of ours and none is chosen.
type horizonConvention struct {
	asComputed, within map[string]bool
	held               map[string]int
	tally              ledger.Tally
	bySeed             []ledger.Tally
	// gain is the user-aware scheduler's (largest α) throughput gain over
	// EASY with office hours and without a cycle, over the seeds
	// (throughputGains); arrived the jobs arrived in the window over the
	// log's as computed, EASY with office hours, lowest and highest seed.
	gainCycle, gainNone ledger.OverSeeds
	arrived             [2]float64
}

// fig20HorizonConvention measures the horizon convention (full mode only:
// nil in quick mode).
func (s *Study) fig20HorizonConvention(ctx context.Context) (*horizonConvention, error) {
	if s.o.Quick {
		return nil, nil
	}
	var ms []Missing
	p, err := s.poolsOf(PopulationLog, &ms)
	if len(ms) > 0 || p == nil {
		return nil, err
	}
	c := &horizonConvention{held: map[string]int{}, arrived: [2]float64{math.Inf(1), math.Inf(-1)}}
	var ours, longer []seedStats
	for rep := range uint64(nightWorkSeeds) {
		v, err := s.userAwareReplicate(ctx, fig20Load, rep)
		if err != nil {
			return nil, err
		}
		seed := s.seed(20)
		if rep > 0 {
			seed = s.seed(20_000 + rep)
		}
		base := resample.Options{LongTermStart: literalStart, Load: fig20Load, Seed: seed}
		g0, err := p.Generate(base)
		if err != nil {
			return nil, err
		}
		base.Extend = fig20Horizon
		g, err := p.Generate(base)
		if err != nil {
			return nil, err
		}
		within := 0
		for k := range g.Trace.Len() {
			if g.Trace.Submit[k] <= g0.End {
				within++
			}
		}
		if within != g0.Trace.Len() || g0.Start != v.From || g0.End != v.To {
			return nil, fmt.Errorf("feitelson2021: Figs 20–21's log generated to %g× the span holds %d jobs up to the window's end, the log as computed %d", fig20Horizon, within, g0.Trace.Len())
		}
		w, err := feedback.NewWorkload(g.Trace, feedback.WorkloadOptions{Sim: sim.Options{Procs: p.Trace.MaxProcs()}})
		if err != nil {
			return nil, err
		}
		u, err := simulateUserAware(ctx, s.o.NumWorkers(), w, fig20Load, seed, v.From, v.To)
		if err != nil {
			return nil, err
		}
		for _, run := range u.Runs {
			if run.Cycle == feedback.OfficeHours && run.Alpha == 0 {
				a := float64(run.d.window.Arrived) / float64(g0.Trace.Len())
				c.arrived = [2]float64{math.Min(c.arrived[0], a), math.Max(c.arrived[1], a)}
			}
		}
		ours, longer = append(ours, v.stats()), append(longer, u.stats())
		c.bySeed = append(c.bySeed, seedTally(v.holds(), u.holds(), c.held))
	}
	c.asComputed, c.within, c.tally = judgeOverSeeds(ours, longer)
	over := overSeeds(longer)
	c.gainCycle, c.gainNone = over.gainCycle, over.gainNone
	return c, nil
}

// apply shows the convention on entry e (claim id) when e differs, as a
// measurement: never a reason (see horizonConvention).
func (c *horizonConvention) apply(e *ledger.Entry, id string) *ledger.Entry {
	if c == nil || e.Verdict != ledger.Differs {
		return e
	}
	verdict := "does not hold"
	if c.within[id] {
		verdict = "holds"
	}
	var lost []string
	for _, k := range sortedIDs(c.asComputed) {
		if c.asComputed[k] && !c.within[k] {
			lost = append(lost, k)
		}
	}
	lostText := ""
	if len(lost) > 0 {
		lostText = ": " + strings.Join(lost, ", ")
	}
	return e.Measured(fmt.Sprintf("with the resampled users' job streams generated to %g× the log's span, the window measured as before (EASY's users then submit %.2f–%.2f of the jobs the log as computed holds): it %s judged over %d seeds (one by one at %d of %d); "+
		"the user-aware scheduler's throughput gain over EASY with office hours %s, without a cycle %s; applied to every one of the %d claims of Figs 20–21, %d hold against %d as computed (gains %d, loses %d%s); "+
		"not a reason: the window's throughput rises with the horizon without settling (Fig. 19), so no horizon is a reading of ours",
		fig20Horizon, c.arrived[0], c.arrived[1], verdict, len(c.bySeed), c.held[id], len(c.bySeed),
		c.gainCycle.Text(3), c.gainNone.Text(3), c.tally.N, c.tally.Within, c.tally.AsComputed, c.tally.Gained, c.tally.Lost, lostText))
}
