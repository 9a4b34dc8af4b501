package feitelson2021

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
)

// narrowWidth is the widest job counted as narrow in the last step's
// decomposition (jobCounts): at most 4 of KTH-SP2's 100 processors, the
// jobs that fit in the few processors EASY leaves idle near saturation.
// A cut of ours for the measurement, not a tolerance: no verdict reads it.
const narrowWidth = 4

// jobCounts splits the jobs of one feedback simulation by where they end
// up, per week of its window [from, to): the jobs the users submitted
// (Released: the fluid model holds a user's next job until its
// predecessors end, so the resampled log's other jobs never arrive), those
// ended in the window, and the ended ones by width (narrow: at most
// narrowWidth processors), by runtime class (feedback.ClassOf) and by how
// they started: Backfilled when some job submitted before it was still
// waiting when it started (it overtook that job: EASY's backfilling; a
// job never started counts as waiting for ever), InOrder otherwise.
// Sessions and JobsPerSession are those of the jobs that arrived in the
// window (feedback.SessionsOf, Definition 1).
type jobCounts struct {
	Released, Ended          float64
	Narrow, Wide             float64
	Short, Medium, Long      float64
	Backfilled, InOrder      float64
	Sessions, JobsPerSession float64
	Utilization              float64
}

// countJobs returns the jobCounts of result res over [from, to) (seconds).
// Jobs with a NaN submit time were never released.
func countJobs(res *sim.Result, from, to float64) jobCounts {
	weeks := (to - from) / datasets.Week
	var c jobCounts
	idx := make([]int, 0, len(res.ID))
	for j := range res.ID {
		if !math.IsNaN(res.Submit[j]) {
			idx = append(idx, j)
		}
	}
	c.Released = float64(len(idx))
	// In submit order, a job overtook an earlier one when the latest start
	// among the jobs submitted before it is later than its own start.
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(res.Submit[a], res.Submit[b]) })
	overtook := make([]bool, len(res.ID))
	latest := math.Inf(-1)
	for i := 0; i < len(idx); {
		// Jobs submitted at the same instant do not overtake each other.
		k := i
		for k < len(idx) && res.Submit[idx[k]] == res.Submit[idx[i]] {
			k++
		}
		next := latest
		for _, j := range idx[i:k] {
			st := res.Start[j]
			if math.IsNaN(st) {
				st = math.Inf(1)
			}
			overtook[j] = latest > st
			next = math.Max(next, st)
		}
		latest, i = next, k
	}
	for j := range res.ID {
		if e := res.End[j]; !(e >= from && e < to) {
			continue
		}
		c.Ended++
		if res.Width[j] <= narrowWidth {
			c.Narrow++
		} else {
			c.Wide++
		}
		switch feedback.ClassOf(res.Runtime[j]) {
		case feedback.Short:
			c.Short++
		case feedback.Medium:
			c.Medium++
		default:
			c.Long++
		}
		if overtook[j] {
			c.Backfilled++
		} else {
			c.InOrder++
		}
	}
	for _, x := range []*float64{&c.Released, &c.Ended, &c.Narrow, &c.Wide, &c.Short, &c.Medium, &c.Long, &c.Backfilled, &c.InOrder} {
		*x /= weeks
	}
	c.Utilization = feedback.WindowOf(res, from, to).Utilization
	return c
}

// lastStepJobs is where the jobs that EASY gains over the sweep's last step
// go (fig17/easy/load-ceases): the step's simulations with feedback rerun
// for their per-job outcome (feedback.LoadSweep keeps only summaries).
type lastStepJobs struct {
	// At are the counts at each end of the step, replicate by replicate.
	At [2][]jobCounts
	// Users are the user instances at each end, replicate by replicate.
	Users [2][]float64
	// OfferedBy are the resampled logs' jobs per week, replicate by replicate.
	OfferedBy [2][]float64
}

// easyLastStep reruns the last step of f (f.lastStep's loads and
// replicates) under EASY with feedback, as fig17Options runs it, and counts
// where its jobs go (countJobs). Each rerun must end the same jobs as the
// sweep's (an error otherwise).
func (s *Study) easyLastStep(ctx context.Context, p *resample.Pools, f *Fig17Result) (*lastStepJobs, error) {
	ls := f.lastStep
	o := s.fig17Options(ls.loads, ls.reps)
	procs := p.Trace.MaxProcs()
	fac, err := sim.FactoryOf("easy")
	if err != nil {
		return nil, err
	}
	type run struct {
		c       jobCounts
		users   float64
		offered float64
		tp      float64
	}
	n := 2 * ls.reps
	runs := make([]run, n)
	err = parallel.For(ctx, n, s.o.NumWorkers(), func(ctx context.Context, i int) error {
		li, rep := i/ls.reps, i%ls.reps
		g := o.Generate
		g.Load, g.Seed, g.Stream = ls.loads[li], o.Seed, uint64(rep)
		r, err := p.Generate(g)
		if err != nil {
			return err
		}
		w, err := feedback.NewWorkload(r.Trace, feedback.WorkloadOptions{Sim: sim.Options{Procs: procs}})
		if err != nil {
			return err
		}
		fr, err := feedback.SimulateContext(ctx, w, fac(), feedback.Options{Model: feedback.Fluid{}, Seed: o.Seed ^ uint64(rep)<<32,
			Until: r.End, Engine: sim.EngineOptions{WeekOrigin: r.Start}})
		if err != nil {
			return err
		}
		c := countJobs(fr.Sim, r.Start, r.End)
		ss, err := feedback.SessionsOf(fr.Trace(), r.Start, r.End)
		if err != nil {
			return err
		}
		c.Sessions, c.JobsPerSession = float64(ss.Sessions)/((r.End-r.Start)/datasets.Week), ss.AvgJobs
		runs[i] = run{c, float64(len(r.Instances)), float64(w.Len()) / ((r.End - r.Start) / datasets.Week),
			feedback.WindowOf(fr.Sim, r.Start, r.End).Throughput}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := &lastStepJobs{}
	reps := ls.byRep[[2]string{"feedback", "easy"}]
	for i, rn := range runs {
		li, rep := i/ls.reps, i%ls.reps
		if rn.users != reps[rep].users[li] || rn.tp != reps[rep].throughput[li] {
			return nil, fmt.Errorf("feitelson2021: Fig. 17's rerun of easy with feedback at %g× users, replicate %d, differs from the sweep's", ls.loads[li], rep)
		}
		out.At[li] = append(out.At[li], rn.c)
		out.Users[li] = append(out.Users[li], rn.users)
		out.OfferedBy[li] = append(out.OfferedBy[li], rn.offered)
	}
	return out, nil
}

// gain is the step's gain per added user of the statistic f, over the
// replicates (mean and SE).
func (l *lastStepJobs) gain(f func(c jobCounts) float64) overReps {
	g := make([]float64, len(l.At[0]))
	for j := range g {
		g[j] = (f(l.At[1][j]) - f(l.At[0][j])) / (l.Users[1][j] - l.Users[0][j])
	}
	return meanSE(g)
}

// mean is the statistic f's mean over the replicates at end k of the step.
func (l *lastStepJobs) mean(k int, f func(c jobCounts) float64) float64 {
	var m float64
	for _, c := range l.At[k] {
		m += f(c) / float64(len(l.At[k]))
	}
	return m
}

// text says where the step's added jobs go, for the entry (a measurement,
// not a reason: it changes no reading of the claim).
func (l *lastStepJobs) text() string {
	offered := make([]float64, len(l.At[0]))
	for j := range offered {
		offered[j] = (l.OfferedBy[1][j] - l.OfferedBy[0][j]) / (l.Users[1][j] - l.Users[0][j])
	}
	g := func(f func(c jobCounts) float64) string { return l.gain(f).text() }
	backfilled, inOrder := l.gain(func(c jobCounts) float64 { return c.Backfilled }), l.gain(func(c jobCounts) float64 { return c.InOrder })
	t := fmt.Sprintf("where the last step's added jobs go (its %d replicates rerun with EASY for each job's outcome; gains per added user, jobs per week): "+
		"each added user's resampled jobs offer %s, of which the users submit %s (the rest wait on their predecessors: the feedback) and %s end in the window; "+
		"of these, jobs on at most %d processors %s, wider ones %s; short (≤ 1 min) %s, medium %s, long (> 10 min) %s; "+
		"started ahead of an earlier-submitted job still waiting (backfilled) %s, in arrival order %s; "+
		"sessions %s a week (%.0f → %.0f), jobs per session %.2f → %.2f; utilization %.3f → %.3f",
		len(l.At[0]), meanSE(offered).text(),
		g(func(c jobCounts) float64 { return c.Released }), g(func(c jobCounts) float64 { return c.Ended }),
		narrowWidth, g(func(c jobCounts) float64 { return c.Narrow }), g(func(c jobCounts) float64 { return c.Wide }),
		g(func(c jobCounts) float64 { return c.Short }), g(func(c jobCounts) float64 { return c.Medium }), g(func(c jobCounts) float64 { return c.Long }),
		backfilled.text(), inOrder.text(),
		g(func(c jobCounts) float64 { return c.Sessions }),
		l.mean(0, func(c jobCounts) float64 { return c.Sessions }), l.mean(1, func(c jobCounts) float64 { return c.Sessions }),
		l.mean(0, func(c jobCounts) float64 { return c.JobsPerSession }), l.mean(1, func(c jobCounts) float64 { return c.JobsPerSession }),
		l.mean(0, func(c jobCounts) float64 { return c.Utilization }), l.mean(1, func(c jobCounts) float64 { return c.Utilization }))
	// The summary is said only when the replicates show it: the backfilled
	// jobs' gain above 0, and the in-order jobs' not, each by 2 SE.
	if backfilled.mean-2*backfilled.se > 0 && inOrder.mean+2*inOrder.se < 0 {
		t += ": the gain is all backfilled jobs, while the jobs EASY starts in arrival order fall, as FCFS's throughput does"
	} else if backfilled.mean-2*backfilled.se > 0 {
		t += ": the gain is carried by backfilled jobs"
	}
	return t
}
