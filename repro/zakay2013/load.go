package zakay2013

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/analytics/users/usersplot"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/resample/resampleplot"
	"github.com/tracelab/tracelab/sim/sweep"
)

// Fig11Log is the log of Fig. 11, its users multiplied by Fig11Load.
const (
	Fig11Log  = "OSC-cluster"
	Fig11Load = 6
)

// workloadMarginals are the marginals of Fig. 4 that describe the users'
// work rather than their position in time.
var workloadMarginals = []string{users.JobsPerUser.String(), users.SessionsPerUser.String(),
	users.AvgSessionLength.String(), users.CPUWork.String(), resample.HourOfWeek}

// Fig11Result is Fig. 11 (§6.3): OSC-cluster against resampled logs with
// six times its users (8 in full mode, 2 in quick mode), user ranks
// normalised to [0, 1], and EASY's utilisation of each.
type Fig11Result struct {
	Figure *plots.Figure // the eight panels of Fig. 4, the original bold black, the resampled logs a band
	// Frame has one row per log (the original first): name, users, jobs,
	// utilization (EASY, open replay), saturated.
	Frame       dataframe.DataFrame
	KS          dataframe.DataFrame // marginal, mean_ks, max_ks
	original    float64             // EASY's utilisation of the original
	utilization []float64           // of the resampled logs
	// originalOffered and offered are the utilisation the original and
	// the resampled logs offer (offeredUtilization over their windows).
	originalOffered float64
	offered         []float64
	ks              marginalKS
	// lowLoad lists the logs of Table I we have with their utilisation
	// (logUtilization), for §6.3's "some logs have a very low utilization";
	// lacking, the logs of Table I we do not have.
	lowLoad []logLoad
	lacking []string
	// standInLoad is SDSC-Par-1996's utilisation (nil when we lack it):
	// the stand-in of one of the lacking logs, shown, not counted.
	standInLoad *logLoad
	missing     missingLogs
	// common holds the same measures of the resampled logs of the same
	// seeds with their long-term users started in the library's common
	// week instead of §4's start (the paper's entries, paperStart); seed is
	// the study's seed.
	common *Fig11Result
	seed   uint64
}

// logLoad is the utilisation of one log, as it ran (logUtilization) and
// offered from its first submission to its last (offeredUtilization).
type logLoad struct {
	log           string
	util, offered float64
}

// logUtilization is the utilisation of a log as it ran: the work of its
// jobs (jobWork) over the machine's capacity from the first submission to
// the last job's end.
func logUtilization(tr *datasets.Trace) float64 {
	first, last := math.Inf(1), math.Inf(-1)
	for i, s := range tr.Submit {
		first = min(first, s)
		if e := tr.End(i); !math.IsNaN(e) {
			last = max(last, e)
		}
	}
	return jobWork(tr) / (float64(tr.Machine().Procs) * (last - first))
}

// offeredUtilization is the utilisation a log offers over the window
// [start, end] (seconds): the work of its jobs (jobWork) over the
// machine's capacity in the window, whatever the scheduler does.
func offeredUtilization(tr *datasets.Trace, start, end float64) float64 {
	return jobWork(tr) / (float64(tr.Machine().Procs) * (end - start))
}

// submitSpan returns a log's first and last submission (seconds).
func submitSpan(tr *datasets.Trace) (first, last float64) {
	first, last = math.Inf(1), math.Inf(-1)
	for _, t := range tr.Submit {
		first, last = min(first, t), max(last, t)
	}
	return first, last
}

// jobWork is the work of a log's jobs, runtime × processors
// (processor-seconds). Jobs of unknown runtime or processors are left out.
func jobWork(tr *datasets.Trace) float64 {
	work := 0.0
	for i, r := range tr.Runtime {
		if w := tr.Procs[i]; r >= 0 && w > 0 {
			work += r * float64(w)
		}
	}
	return work
}

// lowUtilization is §6.3's "a very low utilization, in the range of
// 10–30%".
const lowUtilLo, lowUtilHi = 0.10, 0.30

// Fig11 computes Fig. 11.
func (s *Study) Fig11(ctx context.Context) (*Fig11Result, error) {
	return s.fig11.Get(func() (*Fig11Result, error) {
		p, err := s.pools(Fig11Log)
		if isMissing(err) {
			return &Fig11Result{missing: missingLogs{Fig11Log}}, nil
		}
		if err != nil {
			return nil, err
		}
		ref, err := resample.ReferenceContext(ctx, p.Trace, &sim.EASY{}, resample.SimOptions{})
		if err != nil {
			return nil, err
		}
		orig, err := users.ComputeMarginals(p.Trace, users.Options{})
		if err != nil {
			return nil, err
		}
		orig.Name = Fig11Log
		n := s.validationVariants()
		vms, ms, offered, err := s.fig11Variants(ctx, p, paperStart)
		if err != nil {
			return nil, err
		}
		first, last := submitSpan(p.Trace)
		r := &Fig11Result{original: ref.Utilization, ks: ksOf(orig, vms), offered: offered,
			originalOffered: offeredUtilization(p.Trace, first, last), seed: s.seed()}
		// The same resampled logs (seeds) with the library's common week:
		// the fig11/common-week entry of ours (commonWeekTwin).
		cvms, cms, coffered, err := s.fig11Variants(ctx, p, resample.StartInCommonWeek)
		if err != nil {
			return nil, err
		}
		r.common = &Fig11Result{original: r.original, ks: ksOf(orig, cvms), offered: coffered, originalOffered: r.originalOffered}
		if r.ks, err = s.fig11Null(ctx, r.ks, vms, paperStart); err != nil {
			return nil, err
		}
		if r.common.ks, err = s.fig11Null(ctx, r.common.ks, cvms, resample.StartInCommonWeek); err != nil {
			return nil, err
		}
		for _, m := range cms {
			r.common.utilization = append(r.common.utilization, m.Utilization)
		}
		for _, pl := range TableILogs {
			tr, err := logOf(pl.Name)
			if isMissing(err) {
				r.lacking = append(r.lacking, pl.Name)
				continue
			}
			if err != nil {
				return nil, err
			}
			first, last := submitSpan(tr)
			r.lowLoad = append(r.lowLoad, logLoad{pl.Name, logUtilization(tr), offeredUtilization(tr, first, last)})
		}
		// SDSC-Par-1996 stands in for Table I's SDSC-Par-1995 elsewhere
		// (standIns): its utilisation is shown on the entry, not counted.
		if tr, err := logOf("SDSC-Par-1996"); err == nil {
			first, last := submitSpan(tr)
			r.standInLoad = &logLoad{"SDSC-Par-1996", logUtilization(tr), offeredUtilization(tr, first, last)}
		} else if !isMissing(err) {
			return nil, err
		}
		r.common.lowLoad, r.common.lacking, r.common.standInLoad = r.lowLoad, r.lacking, r.standInLoad
		ps, err := usersplot.Marginals(&orig, vms, usersplot.MarginalOptions{Label: fmt.Sprintf("%d resampled logs, ×%d users", n, Fig11Load), HourCounts: true})
		if err != nil {
			return nil, err
		}
		r.Figure = figure("Fig. 11", fmt.Sprintf("%s and resampled logs with %d times its users", Fig11Log, Fig11Load),
			"per-user distributions of the original and the resampled logs (users' ranks normalised to [0, 1]; the mean KS distance of each panel is in the table below, the paper expects the largest in arrival and end times); "+hourCountNote(orig, vms), 4, ps...)
		names := []string{"original"}
		all := []resample.Metrics{ref}
		for i, m := range ms {
			names, all = append(names, vms[i].Name), append(all, m)
			r.utilization = append(r.utilization, m.Utilization)
		}
		r.Frame = resample.MetricsFrame(names, all).Select([]string{"name", "users", "jobs", "utilization", "saturated"})
		r.KS = dataframe.New(
			series.New(resample.MarginalNames(), series.String, "marginal"),
			series.New(r.ks.mean, series.Float, "mean_ks"),
			series.New(r.ks.worst, series.Float, "max_ks"),
		)
		return r, nil
	})
}

// fig11Null sets the bound of "very similar" (nullKS) of k, the distances
// of Fig. 11's resampled logs vms (Fig11Load times the users) to the
// original: the pseudo-originals are resampled logs of the original's size
// (Study.nullSet: nullVariants of them, long-term users started by
// start), each against every one of vms (validationVariants: the paper's
// eight), as the original is. Given the ×6 logs the draws are independent
// and a resampled log of the original's size in its place is one more of
// them: its size, measured (OSC-cluster, 24 resampled logs of its size
// against Fig. 11's 8, each held out against 100 random sets of 16 of the
// others; scratch, explain23's session 26), is 1.1% of (set, marginal)
// cases at mean + NullK SD (5.7% at 2 SD; with 8 draws 2.6% at 3 SD): a
// conservative bound here. Not vms themselves: with six times the users, one of them
// in the original's place would be compared with less noise than the
// original, whose users are a sixth as many (measured, full mode: the
// draws of six-fold logs against each other average 0.022–0.029, those of
// logs of the original's size against them 0.040–0.058).
func (s *Study) fig11Null(ctx context.Context, k marginalKS, vms []users.Marginals, start resample.LongTermStart) (marginalKS, error) {
	vs, err := s.nullSet(ctx, variantsKey{log: Fig11Log, start: start})
	if err != nil {
		return k, err
	}
	x1, err := s.variantMarginals(ctx, vs)
	if err != nil {
		return k, err
	}
	return k.withNull(x1, vms, nil), nil
}

// fig11Variants generates Fig. 11's resampled logs (Study.validationVariants
// of them, Fig11Load times the users, seeds sweep.Seed(study seed, i)) with
// long-term users started by start, and returns each one's marginals, EASY's
// metrics on it (open replay) and the utilisation it offers over its window.
func (s *Study) fig11Variants(ctx context.Context, p *resample.Pools, start resample.LongTermStart) ([]users.Marginals, []resample.Metrics, []float64, error) {
	n := s.validationVariants()
	vms := make([]users.Marginals, n)
	ms := make([]resample.Metrics, n)
	offered := make([]float64, n)
	err := s.parallel(ctx, n, func(i int) error {
		x, err := p.Generate(resample.Options{Load: Fig11Load, LongTermStart: start, Seed: sweep.Seed(s.seed(), i)})
		if err != nil {
			return err
		}
		offered[i] = offeredUtilization(x.Trace, x.Start, x.End)
		if vms[i], err = users.ComputeMarginals(x.Trace, users.Options{}); err != nil {
			return err
		}
		vms[i].Name = fmt.Sprintf("×%d users, %d", Fig11Load, i+1)
		o, err := x.Simulate(&sim.EASY{}, resample.SimOptions{})
		if err != nil {
			return err
		}
		ms[i] = resample.OutcomeMetrics(x, o)
		return nil
	})
	return vms, ms, offered, err
}

// Claims adds the utilisations of §6.3 and, per marginal, the similarity
// of the resampled logs to the original (the time-position marginals are
// expected to differ most).
//
// The paper's entries use resampled logs whose long-term users start as §4
// says (paperStart); the same entries from the resampled logs of the same
// seeds started in the library's common week are summarised in one entry
// of ours, fig11/common-week/more_claims_within (commonWeekTwin).
func (r *Fig11Result) Claims(l *ledger.Ledger) {
	if len(r.missing) > 0 {
		r.missing.claims(l, "Fig. 11", "fig11")
		return
	}
	r.claims(l)
	if r.common != nil {
		lp, lc := ledger.New("zakay2013"), ledger.New("zakay2013")
		r.claims(lp)
		r.common.claims(lc)
		commonWeekTwin(l, "Fig. 11", "fig11", r.seed, lp.Entries(), lc.Entries(), "/mean_ks", "/utilization_x6")
	}
}

// claims adds Fig. 11's entries of r's logs (Fig11Result.Claims).
func (r *Fig11Result) claims(l *ledger.Ledger) {
	// The paper prints 12.8%: half a unit of its last digit, our value
	// being a deterministic statistic of the same log (SE 0).
	l.Check("Fig. 11", "fig11/original_utilization", Fig11Log+": EASY's utilisation of the original log",
		ledger.Printed("0.128", 0), r.original).Digits(4).
		Quoting("The average utilization of this log is only 12.8%").
		AsCheck("our copy of the log against the paper's description of its input, as Table I: a precondition of the figure, not a result")
	// Six times the users: the paper's 76.8% is the load it targets
	// ("targeting an average utilization of approximately 76.8%", six
	// times 12.8%), so the check is the load our resampled logs offer
	// (their jobs' work over the machine's capacity in their window), with
	// its SE, SD/√n; what EASY achieves over its makespan is shown beside
	// it, and it is not the paper's quantity.
	om, osd := stat.MeanStdDev(r.offered, nil)
	mean := stat.Mean(r.utilization, nil)
	e := l.Check("Fig. 11", "fig11/utilization_x6", fmt.Sprintf("%s with ×%d users: the load offered by %d resampled logs (the utilisation the paper targets)", Fig11Log, Fig11Load, len(r.offered)),
		ledger.Printed("0.768", osd/math.Sqrt(float64(len(r.offered)))), om).Digits(3).
		Quoting("targeting an average utilization of approximately 76.8%").
		AsCheck("the load the experiment is built to offer (six times the original's users): our configuration against the paper's, not a result")
	e.OurValue += fmt.Sprintf(" (range %.3f–%.3f; the original offers %.4f; EASY achieves %.3f on average over its makespan, range %.3f–%.3f)",
		slices.Min(r.offered), slices.Max(r.offered), r.originalOffered, mean, slices.Min(r.utilization), slices.Max(r.utilization))
	names := resample.MarginalNames()
	worstWork, worstTime := 0.0, 0.0
	for i, m := range names {
		if slices.Contains(workloadMarginals, m) {
			worstWork = max(worstWork, r.ks.mean[i])
			e := l.Check("Fig. 11", fmt.Sprintf("fig11/%s/mean_ks", m), fmt.Sprintf("%s ×%d users: mean KS distance of the %s distribution to the original's", Fig11Log, Fig11Load, m),
				similarKS("very similar", r.ks, i), r.ks.mean[i]).Digits(3).
				Quoting("the high-load simulations produce distributions that are very similar to the original log")
			e.OurValue += r.ks.nearLine(i)
			keptByConstruction(e, m)
		} else if m == users.FirstArrival.String() || m == users.LastDeparture.String() {
			worstTime = max(worstTime, r.ks.mean[i])
		}
	}
	var low, all []string
	lowest := math.Inf(1) // the lowest utilisation above the range, either definition
	var lowestLog string
	for _, x := range r.lowLoad {
		w := fmt.Sprintf("%s %.0f%%", x.log, 100*x.util)
		all = append(all, w)
		if x.util >= lowUtilLo && x.util <= lowUtilHi {
			low = append(low, w)
		}
		for _, u := range []float64{x.util, x.offered} {
			if u > lowUtilHi && u < lowest {
				lowest, lowestLog = u, x.log
			}
		}
	}
	e = l.Check("Fig. 11", "fig11/low_utilization_logs",
		fmt.Sprintf("number of the %d logs of Table I we have whose utilisation (work over capacity, first submission to last end) is 10–30%%", len(r.lowLoad)),
		ledger.Stated("some logs", ledger.AtLeast(2)), float64(len(low))).
		Quoting("some logs have a very low utilization, in the range of 10–30%")
	e.OurValue += " (" + strings.Join(low, ", ") + "; all: " + strings.Join(all, ", ") + ")"
	// Where the second low log could be brings nothing within: a
	// measurement, not a reason.
	if len(low) < 2 && len(r.lacking) > 0 {
		par := ""
		if x := r.standInLoad; x != nil {
			par = fmt.Sprintf("; %s, which stands in for SDSC-Par-1995 elsewhere, %.0f%%", x.log, 100*x.util)
		}
		e.Measured(fmt.Sprintf("on our %d logs the statement cannot hold under either utilisation measured (as run, first submission to last end; "+
			"offered, first to last submission): the lowest above 30%% is %s at %.0f%%; a second low log can only be among the %d of Table I "+
			"we do not have (%s)%s", len(r.lowLoad), lowestLog, 100*lowest, len(r.lacking), strings.Join(r.lacking, ", "), par))
	}
	// "Some logs" names none (the paper's words; only OSC-cluster, at
	// 12.8%, is named after it, as "one extreme case"): a count of at
	// least two over logs the paper does not list, of which ours are some
	// (below two, the rest — the logs of Table I we lack, and the
	// archive's others if the paper means them — could hold the second).
	// Our count stands in for the paper's (Entry.OnStandIn: not
	// comparable, whichever way it falls; as feitelson2021's
	// open/low-load-logs, whose "some logs" names none either).
	e.OnStandIn(fmt.Sprintf("on a stand-in: the paper names no log (\"some logs\"; only OSC-cluster, at 12.8%%, is named, as \"one extreme case\"); "+
		"our %d logs of Table I are some of the logs it may mean, not all (%d of Table I's %d lacking: %s), so our count of %d stands in for "+
		"the paper's: a count on part of the logs below two can neither show that some logs are that low nor that fewer than two are",
		len(r.lowLoad), len(r.lacking), len(TableILogs), strings.Join(r.lacking, ", "), len(low)))
	l.Claim("Fig. 11", "fig11/arrival_end_differ_most", "the main difference is in the arrival time and end time distributions",
		worstTime > worstWork, fmt.Sprintf("largest mean KS distance: arrival and end times %.3f, the users' work %.3f", worstTime, worstWork)).
		Quoting("The main difference is in the arrival time and end time distributions")
}

// loadSweep is one log's load sweep of Fig. 12.
type loadSweep struct {
	Log   string
	Loads []float64
	Reps  int
}

// fig12Sweeps are the sweeps of Fig. 12: load factors 0.8–1.5 (1–9 for
// OSC-cluster, whose load is very low), 10 simulations each (§6.3); quick
// mode runs fewer factors and replicates.
func (s *Study) fig12Sweeps() []loadSweep {
	if s.o.Quick {
		return []loadSweep{{"SDSC-DS", []float64{0.8, 1.0, 1.3}, 2}, {"SDSC-BLUE", []float64{0.8, 1.0}, 1},
			{"OSC-cluster", []float64{1, 5, 9}, 2}}
	}
	wide := []float64{0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5}
	return []loadSweep{{"SDSC-DS", wide, 10}, {"SDSC-BLUE", wide, 10}, {"OSC-cluster", []float64{1, 2, 3, 4, 5, 6, 7, 8, 9}, 10}}
}

// Fig12Result is Fig. 12 (§6.3): EASY under load factors, per log the
// slowdown and response time against the utilisation (saturated
// simulations left out) and the fraction of simulations that did not
// saturate.
type Fig12Result struct {
	Figure *plots.Figure // per log (rows): slowdown, response time, not saturated
	// Sweeps holds the rows of each log's sweep (sweep.Run over
	// resample.Experiment: replicate, seed, load, then MetricsColumns).
	Sweeps map[string]dataframe.DataFrame
	// Frame summarises each load factor: log, load, runs, unsaturated,
	// utilization, avg_slowdown, avg_response (means over the runs that
	// did not saturate).
	Frame   dataframe.DataFrame
	rows    []loadRow
	quick   bool // quick mode: a few load factors, too few to reach saturation everywhere
	missing missingLogs
	// seeds holds, for each of the onsetSeeds−1 further seeds (study seed
	// + k, k = 1, 2, …), the rows of the same sweeps.
	seeds [][]loadRow
	// steps holds, in full mode, the split step of each log whose
	// saturation entry differs (splitSteps); seed0 is the study's seed.
	steps map[string]stepRun
	seed0 uint64
	// common holds the rows of the same sweeps at the study's seed with
	// long-term users started in the library's common week instead of
	// §4's start (the paper's entries, paperStart).
	common []loadRow
}

// fig12Experiment is the experiment of Fig. 12's sweeps (and of the split
// step, splitSteps): long-term users started as §4 says (paperStart).
var fig12Experiment = resample.ExperimentOptions{Generate: resample.Options{LongTermStart: paperStart}}

// onsetSeeds is the number of seeds of Fig. 12's sweeps measured for the
// onset reading's reason (the rule: a random reason holds at every seed
// measured, at least 3).
const onsetSeeds = 3

type loadRow struct {
	log                  string
	load                 float64
	runs, unsaturated    int
	util, slowdown, resp float64
	maxUtil              float64 // highest utilisation of a simulation that did not saturate
	minSaturated         float64 // lowest utilisation of a simulation that saturated (+Inf if none)
}

// Fig12 computes Fig. 12.
func (s *Study) Fig12(ctx context.Context) (*Fig12Result, error) {
	return s.fig12.Get(func() (*Fig12Result, error) {
		r := &Fig12Result{Sweeps: map[string]dataframe.DataFrame{}, quick: s.o.Quick}
		var panels []*plot.Plot
		for _, sw := range s.fig12Sweeps() {
			p, err := s.pools(sw.Log)
			if isMissing(err) {
				r.missing = append(r.missing, sw.Log)
				continue
			}
			if err != nil {
				return nil, err
			}
			// Long-term users started as §4 says (paperStart).
			e, err := resample.NewExperiment(p, fig12Experiment)
			if err != nil {
				return nil, err
			}
			spec := sweep.Spec{Experiment: e, Reps: sw.Reps, Seed: s.seed(), Params: []sweep.Param{{Name: "load", Values: sw.Loads}}}
			df, err := sweep.Run(ctx, spec, sweep.Options{Workers: s.o.Workers,
				Progress: func(done, total int) { s.o.Report(sw.Log+": EASY under load factors", done, total) }})
			if err != nil {
				return nil, err
			}
			// The same sweep at further seeds, for the onset reason's
			// seed count (onsetSeeds): not drawn.
			for k := 1; k < onsetSeeds; k++ {
				spec.Seed = s.seed() + uint64(k)
				dk, err := sweep.Run(ctx, spec, sweep.Options{Workers: s.o.Workers,
					Progress: func(done, total int) {
						s.o.Report(fmt.Sprintf("%s: EASY under load factors, seed +%d", sw.Log, k), done, total)
					}})
				if err != nil {
					return nil, err
				}
				if len(r.seeds) < k {
					r.seeds = append(r.seeds, nil)
				}
				r.seeds[k-1] = append(r.seeds[k-1], loadRows(sw, dk)...)
			}
			// The same sweep at the study's seed with the library's common
			// week: the fig12/common-week entry of ours (commonWeekTwin).
			ce, err := resample.NewExperiment(p, resample.ExperimentOptions{Generate: resample.Options{LongTermStart: resample.StartInCommonWeek}})
			if err != nil {
				return nil, err
			}
			cspec := spec
			cspec.Experiment, cspec.Seed = ce, s.seed()
			dc, err := sweep.Run(ctx, cspec, sweep.Options{Workers: s.o.Workers,
				Progress: func(done, total int) { s.o.Report(sw.Log+": EASY under load factors, common week", done, total) }})
			if err != nil {
				return nil, err
			}
			r.common = append(r.common, loadRows(sw, dc)...)
			r.Sweeps[sw.Log] = df
			sd, err := resampleplot.LoadScatter(df, "avg_slowdown", plots.Axes{Title: sw.Log + ": slowdown", YLabel: "average slowdown", LogY: true})
			if err != nil {
				return nil, err
			}
			rt, err := resampleplot.LoadScatter(df, "avg_response", plots.Axes{Title: sw.Log + ": response time", YLabel: "average response time [s]", LogY: true})
			if err != nil {
				return nil, err
			}
			un, err := resampleplot.Unsaturated([]string{""}, []dataframe.DataFrame{df}, plots.Axes{Title: sw.Log + ": not saturated", XLabel: "load factor"})
			if err != nil {
				return nil, err
			}
			panels = append(panels, sd, rt, un)
			r.rows = append(r.rows, loadRows(sw, df)...)
		}
		if !s.o.Quick {
			byLog := map[string][]loadRow{}
			for _, x := range r.rows {
				byLog[x.log] = append(byLog[x.log], x)
			}
			steps, err := s.splitSteps(ctx, s.fig12Sweeps(), byLog)
			if err != nil {
				return nil, err
			}
			r.steps = steps
		}
		r.seed0 = s.seed()
		r.Figure = figure("Fig. 12", "EASY under load factors (users multiplied): SDSC-DS, SDSC-BLUE, OSC-cluster",
			"slowdown and response time against utilisation (the ledger's Fig. 12 entries); saturated simulations are left out and counted on the right", 3, panels...)
		var lg []string
		var load, util, sd, rt []float64
		var runs, ok []int
		for _, x := range r.rows {
			lg, load, runs, ok = append(lg, x.log), append(load, x.load), append(runs, x.runs), append(ok, x.unsaturated)
			util, sd, rt = append(util, x.util), append(sd, x.slowdown), append(rt, x.resp)
		}
		r.Frame = dataframe.New(
			series.New(lg, series.String, "log"),
			series.New(load, series.Float, "load"),
			series.New(runs, series.Int, "runs"),
			series.New(ok, series.Int, "unsaturated"),
			series.New(util, series.Float, "utilization"),
			series.New(sd, series.Float, "avg_slowdown"),
			series.New(rt, series.Float, "avg_response"),
		)
		return r, nil
	})
}

// loadRows summarises a sweep per load factor.
func loadRows(sw loadSweep, df dataframe.DataFrame) []loadRow {
	load, util := df.Col("load").Float(), df.Col("utilization").Float()
	sd, rt, sat := df.Col("avg_slowdown").Float(), df.Col("avg_response").Float(), df.Col("saturated").Float()
	var out []loadRow
	for _, l := range sw.Loads {
		x := loadRow{log: sw.Log, load: l, util: math.NaN(), slowdown: math.NaN(), resp: math.NaN(), maxUtil: math.NaN(),
			minSaturated: math.Inf(1)}
		var us, ss, rs []float64
		for i := range load {
			if load[i] != l {
				continue
			}
			x.runs++
			if sat[i] == 0 {
				us, ss, rs = append(us, util[i]), append(ss, sd[i]), append(rs, rt[i])
			} else {
				x.minSaturated = min(x.minSaturated, util[i])
			}
		}
		x.unsaturated = len(us)
		if len(us) > 0 {
			x.util, x.slowdown, x.resp, x.maxUtil = stat.Mean(us, nil), stat.Mean(ss, nil), stat.Mean(rs, nil), slices.Max(us)
		}
		out = append(out, x)
	}
	return out
}

// onset is the saturated simulation of lowest utilisation of a sweep.
type onset struct{ util, load float64 }

// onsetOf returns the lowest utilisation among the saturated simulations
// of a sweep (rows, one per load factor), false when none saturated.
func onsetOf(rows []loadRow) (onset, bool) {
	o := onset{util: math.Inf(1)}
	for _, x := range rows {
		if x.minSaturated < o.util {
			o = onset{x.minSaturated, x.load}
		}
	}
	return o, !math.IsInf(o.util, 1)
}

// onsetTally counts the onset reading over the logs (order) of one seed's
// sweeps (byLog): t, and for each log whether the onset agrees with the
// paper's value.
func onsetTally(order []string, byLog map[string][]loadRow) (t ledger.Tally, holds map[string]bool) {
	holds = map[string]bool{}
	for _, name := range order {
		top, _, _ := highestUnsaturated(byLog[name])
		on, ok := onsetOf(byLog[name])
		holds[name] = ok && saturationPoint[name].Accepts(on.util)
		t.Add(saturationPoint[name].Accepts(top), holds[name])
	}
	return t, holds
}

// onsetWords compares the highest utilisation without saturation (top, at
// load factor atLoad) with the lowest that saturated (on).
func onsetWords(top, atLoad float64, on onset) string {
	s := fmt.Sprintf("simulations that did not saturate reach %.3f (load factor %g), saturated ones start at %.3f (load factor %g)",
		top, atLoad, on.util, on.load)
	if on.util < top {
		return s + ": they overlap, so where a simulation saturates depends on its load's fluctuations, not on the utilisation alone"
	}
	return s + ": the saturation lies between them, within one step of the load factors"
}

// saturationPoint is what §6.3 says of each log's highest utilisation
// without saturation: SDSC-DS below 90%, SDSC-BLUE and OSC-cluster close to
// 100% (at least 90%).
var saturationPoint = map[string]ledger.Expectation{
	"SDSC-DS":     ledger.Stated("less than 90%", ledger.AtMost(0.9)),
	"SDSC-BLUE":   ledger.Stated("close to 100%", ledger.AtLeast(0.9)),
	"OSC-cluster": ledger.Stated("close to 100%", ledger.AtLeast(0.9)),
}

// Claims adds, per log: no valid (unsaturated) result above 100%
// utilisation; the highest utilisation without saturation; fewer
// successful simulations at the highest load factor than at the original
// load; and the slowdown's growth, small at low loads and precipitous
// near saturation. Each is judged over the seeds swept (the study's and
// onsetSeeds−1 more, the same sweeps): the mean of each seed's statistic
// and its standard error (ledger.SeedsRule) — the utilisations as stated
// on the mean, the drop in the share of simulations not saturated and the
// slowdown's growth as directions beyond 2 SE. The onset reading stays a
// reason only when it holds at every seed (ledger.Found).
//
// The sweeps' resampled logs start their long-term users as §4 says
// (paperStart); the same sweeps at the study's seed with the library's
// common week are summarised in one entry of ours,
// fig12/common-week/more_claims_within (commonWeekTwin), against the
// paper's entries at the study's seed alone (one seed each).
func (r *Fig12Result) Claims(l *ledger.Ledger) {
	r.claims(l)
	if len(r.common) > 0 {
		lp, lc := ledger.New("zakay2013"), ledger.New("zakay2013")
		(&Fig12Result{rows: r.rows, quick: r.quick, seed0: r.seed0}).claims(lp)
		(&Fig12Result{rows: r.common, quick: r.quick, seed0: r.seed0}).claims(lc)
		commonWeekTwin(l, "Fig. 12", "fig12", r.seed0, lp.Entries(), lc.Entries(), "/saturation_utilization")
	}
}

// claims adds Fig. 12's entries of r's sweeps (Fig12Result.Claims).
func (r *Fig12Result) claims(l *ledger.Ledger) {
	r.missing.claims(l, "Fig. 12", "fig12")
	byLog := map[string][]loadRow{}
	var order []string
	for _, x := range r.rows {
		if byLog[x.log] == nil {
			order = append(order, x.log)
		}
		byLog[x.log] = append(byLog[x.log], x)
	}
	quick := ""
	if r.quick {
		quick = "quick mode simulates only a few load factors"
	}
	// The onset reading counted over every log of the figure, as a
	// convention is (lublin2003): it may explain a log's difference only
	// when it agrees on more logs than the paper's reading. At each seed
	// (the study's and onsetSeeds−1 more), the reading holds for a log
	// when it is justified at that seed and brings the log within.
	onsets, onsetHolds := onsetTally(order, byLog)
	tallies := []ledger.Tally{onsets} // one per seed, the study's first
	held := map[string]int{}
	for _, name := range order {
		if onsets.Justified() && onsetHolds[name] {
			held[name]++
		}
	}
	for _, rows := range r.seeds {
		at := map[string][]loadRow{}
		for _, x := range rows {
			at[x.log] = append(at[x.log], x)
		}
		t, holds := onsetTally(order, at)
		tallies = append(tallies, t)
		for _, name := range order {
			if t.Justified() && holds[name] {
				held[name]++
			}
		}
	}
	for _, name := range order {
		rows := byLog[name]
		id := "fig12/" + name + "/"
		top, at, valid := highestUnsaturated(rows)
		where := fmt.Sprintf(" (reached at load factor %g, where %d of %d simulations did not saturate)", at.load, at.unsaturated, at.runs)
		sw := r.overSeeds(name)
		if sw.n > 1 {
			where = fmt.Sprintf(" (at seed %d reached at load factor %g, where %d of %d simulations did not saturate)", r.seed0, at.load, at.unsaturated, at.runs)
		}
		tops := sw.tops()
		mv := l.Check("Fig. 12", id+"max_valid_utilization", name+": highest utilisation of a simulation that did not saturate",
			ledger.Stated("no more than 100%", ledger.AtMost(1)), tops.Mean).Digits(3).
			Quoting("all the valid results indicate a utilization of no more than 100%").
			AsCheck("by construction: a simulation's utilisation is its work over processors × makespan (sim.Summary), and the jobs running at once never use more than the machine's processors, so it is at most 100% on any log")
		sw.judgedTops(mv, tops, ledger.AtMost(1).Accepts)
		e := l.Check("Fig. 12", id+"saturation_utilization", name+": highest utilisation reached without saturation",
			saturationPoint[name], tops.Mean).Digits(3).InTable("Fig. 12", name, "saturation utilisation").
			Quoting("SDSC-DS seems to saturate at less than 90% utilization, whereas BLUE and OSC come close to 100%")
		e.OurValue += where
		sw.judgedTops(e, tops, saturationPoint[name].Accepts)
		if on, ok := onsetOf(rows); ok {
			o := l.Own("Fig. 12", id+"saturation_onset", name+": lowest utilisation of a simulation that saturated (our reading of where it saturates)",
				saturationPoint[name], on.util).Digits(3)
			o.OurValue += fmt.Sprintf(" (at load factor %g)", on.load)
			if o.Verdict == ledger.Agrees && onsets.Justified() {
				// One reading, on the resampled logs of every seed swept.
				e.ExplainedBy(ledger.OneReading().AtSeeds(held[name], 1+len(r.seeds)).WithTally(tallies...), fmt.Sprintf("with the utilisation of the first simulation that saturated (ours: %s) the value is %.3f, which agrees "+
					"with the paper's %s (read so on every log of the figure: %d of %d within, against %d as read); the mechanism: %s",
					o.ID, on.util, saturationPoint[name].Value(), onsets.Within, onsets.N, onsets.AsComputed, onsetWords(top, at.load, on)))
			}
		}
		if quick != "" {
			e.ExplainedBy(ledger.FromInput(), quick)
		}
		if e.Reason == "" {
			r.saturationMeasured(e, name, order)
		}
		first, last := rows[0], rows[len(rows)-1]
		base := first
		for _, x := range rows {
			if x.load == 1 {
				base = x
			}
		}
		drops := sw.drops()
		text := fmt.Sprintf("not saturated: %d of %d at load %g, %d of %d at load %g", base.unsaturated, base.runs, base.load,
			last.unsaturated, last.runs, last.load)
		if drops.N > 1 {
			text = fmt.Sprintf("at seed %d %s; drop in the share not saturated over %d seeds %s", r.seed0, text, drops.N, drops.Text(3))
		}
		sd := l.Claim("Fig. 12", id+"success_drops", name+": fewer simulations succeed at the highest load factor than at the original load",
			drops.Above(0), text).ExplainedBy(ledger.FromInput(), quick).
			Quoting("when the loading factor grows beyond 1, which represents the original load, the number of successful simulations begins to drop")
		if drops.N > 1 {
			sd.JudgedOverSeeds(drops.N, r.seed0)
		}
		if len(valid) >= 3 {
			a, b := valid[0], valid[1]
			y, z := valid[len(valid)-2], valid[len(valid)-1]
			ss, hs, at := sw.growth()
			steep, high := ledger.MeanOverSeeds(ss), ledger.MeanOverSeeds(hs)
			text := fmt.Sprintf("mean slowdown %.3g → %.3g (loads %g → %g), %.3g → %.3g (loads %g → %g)",
				a.slowdown, b.slowdown, a.load, b.load, y.slowdown, z.slowdown, y.load, z.load)
			if steep.N > 1 {
				parts := make([]string, len(ss))
				held := 0
				for k := range ss {
					parts[k] = fmt.Sprintf("%d: %+.4g (%+.4g)", r.seed0+uint64(at[k]), hs[k], ss[k])
					if ss[k] > 0 && hs[k] > 0 {
						held++
					}
				}
				text = fmt.Sprintf("at seed %d %s; over %d seeds the highest step's growth less the lowest's %s, the highest step's growth %s "+
					"(the highest step's growth, and less the lowest's, at seed %s; holds at %d of %d seeds)",
					r.seed0, text, steep.N, steep.Text(3), high.Text(3), strings.Join(parts, ", "), held, steep.N)
			}
			pe := l.Claim("Fig. 12", id+"precipitous", name+": the slowdown grows little between the lowest load factors and steeply between the highest unsaturated ones",
				steep.Above(0) && high.Above(0), text).
				Quoting("At low loads performance is good, and increasing the load has little effect. But as the system approaches saturation, the performance deteriorates precipitously.")
			if steep.N > 1 {
				pe.JudgedOverSeeds(steep.N, r.seed0)
			}
			if pe.Verdict == ledger.Differs && steep.N > 1 {
				pe.Measured(r.halfWords(order, name, z))
			}
		}
	}
}

// highestUnsaturated returns the highest utilisation of a simulation that
// did not saturate over rows (a log's load factors), the row where it is
// reached, and the rows with an unsaturated run.
func highestUnsaturated(rows []loadRow) (top float64, at loadRow, valid []loadRow) {
	top = math.Inf(-1)
	for _, x := range rows {
		if x.unsaturated > 0 {
			if x.maxUtil > top {
				top, at = x.maxUtil, x
			}
			valid = append(valid, x)
		}
	}
	return top, at, valid
}

// halfRuns accepts a load factor at which at least half the simulations
// did not saturate.
func halfRuns(x loadRow) bool { return 2*x.unsaturated >= x.runs && x.unsaturated > 0 }

// halfWords measures, for log name's precipitous entry that differs, why
// its highest step scatters from seed to seed: the mean slowdown of the
// highest load factor top is over its simulations that did not saturate,
// often one or two of ten, and over the load factors where at least half
// did not (halfRuns) the growth is shown at each seed with its mean. A
// reading of ours measured after the entry differed, so the figure's
// other logs are counted under it as well (held: precipitous holds by
// ledger.SeedsRule) and the net gain shown: it is no reason unless it
// brings two more logs within than as read (ledger.Tally), which three
// logs of which two hold as read cannot; it is shown, never taken.
func (r *Fig12Result) halfWords(order []string, name string, top loadRow) string {
	holds, asRead, measured := 0, 0, 0
	var words string
	for _, n := range order {
		sw := r.overSeeds(n)
		ss, hs, _ := sw.growthOver(halfRuns)
		s0, h0, _ := sw.growth()
		if len(s0) > 1 && ledger.MeanOverSeeds(s0).Above(0) && ledger.MeanOverSeeds(h0).Above(0) {
			asRead++
		}
		if len(ss) < 2 {
			continue
		}
		st, hi := ledger.MeanOverSeeds(ss), ledger.MeanOverSeeds(hs)
		ok := st.Above(0) && hi.Above(0)
		if ok {
			holds++
		}
		if n == name {
			xs := make([]string, len(ss))
			for k, x := range ss {
				xs[k] = fmt.Sprintf("%+.4g", x)
			}
			verdict := "above 0 by 2 SE"
			if !ok {
				verdict = "not above 0 by 2 SE"
			}
			words = fmt.Sprintf("over the load factors where at least half the simulations did not saturate, the highest step's growth less the lowest's at each seed %s: %s, %s",
				strings.Join(xs, ", "), st.Text(3), verdict)
		}
		measured++
	}
	if words == "" {
		return ""
	}
	return fmt.Sprintf("the highest step's mean slowdown is over the simulations that did not saturate, at seed %d %d of %d at load factor %g; %s; "+
		"a reading of ours measured after this entry differed: under it precipitous holds on %d of the %d logs, against %d as read (net gain %d; a reason needs 2)",
		r.seed0, top.unsaturated, top.runs, top.load, words, holds, measured, asRead, holds-asRead)
}

// fig12Seeds are one log's rows of Fig. 12 at each seed swept (the
// study's, then Fig12Result.seeds, in order from first), over which its
// entries are judged (ledger.SeedsRule): the mean of each seed's statistic
// and its standard error.
type fig12Seeds struct {
	rows  [][]loadRow
	first uint64
	n     int
}

// overSeeds returns log name's rows at each seed swept.
func (r *Fig12Result) overSeeds(name string) fig12Seeds {
	sw := fig12Seeds{first: r.seed0}
	for _, rows := range append([][]loadRow{r.rows}, r.seeds...) {
		var mine []loadRow
		for _, x := range rows {
			if x.log == name {
				mine = append(mine, x)
			}
		}
		if len(mine) > 0 {
			sw.rows = append(sw.rows, mine)
		}
	}
	sw.n = len(sw.rows)
	return sw
}

// tops is the highest utilisation of a simulation that did not saturate
// over the seeds with one (highestUnsaturated).
func (sw fig12Seeds) tops() ledger.OverSeeds {
	var xs []float64
	for _, rows := range sw.rows {
		if top, _, valid := highestUnsaturated(rows); len(valid) > 0 {
			xs = append(xs, top)
		}
	}
	if len(xs) == 0 {
		return ledger.OverSeeds{Mean: math.Inf(-1), N: 1}
	}
	return ledger.MeanOverSeeds(xs)
}

// drops is the share of simulations not saturated at the original load
// (load factor 1, else the lowest) less that at the highest load factor,
// over the seeds (success_drops: fewer succeed, the mean above 0 by 2 SE).
func (sw fig12Seeds) drops() ledger.OverSeeds {
	var xs []float64
	for _, rows := range sw.rows {
		base, last := rows[0], rows[len(rows)-1]
		for _, x := range rows {
			if x.load == 1 {
				base = x
			}
		}
		xs = append(xs, float64(base.unsaturated)/float64(base.runs)-float64(last.unsaturated)/float64(last.runs))
	}
	return ledger.MeanOverSeeds(xs)
}

// growth is, at each seed with at least three load factors with an
// unsaturated run (at: their indices, 0 the study's seed), the mean
// slowdown's growth between the two highest of them less that between the
// two lowest (steep), and the former (high): precipitous holds when both
// means are above 0 by 2 SE (ledger.SeedsRule). The caller has checked
// that the study's seed has three such load factors.
func (sw fig12Seeds) growth() (steep, high []float64, at []int) {
	return sw.growthOver(func(x loadRow) bool { return x.unsaturated > 0 })
}

// growthOver is growth over the load factors whose rows ok accepts (in
// order, at least three at a seed; seeds with fewer are left out).
func (sw fig12Seeds) growthOver(ok func(loadRow) bool) (steep, high []float64, at []int) {
	for k, rows := range sw.rows {
		var valid []loadRow
		for _, x := range rows {
			if ok(x) {
				valid = append(valid, x)
			}
		}
		if len(valid) < 3 {
			continue
		}
		a, b := valid[0], valid[1]
		y, z := valid[len(valid)-2], valid[len(valid)-1]
		low, hi := b.slowdown-a.slowdown, z.slowdown-y.slowdown
		steep, high, at = append(steep, hi-low), append(high, hi), append(at, k)
	}
	return steep, high, at
}

// judgedTops adds to e, an entry on the highest utilisation without
// saturation judged on its mean o over the seeds
// (ledger.SeedsRule), each seed's value, how many hold (ok, as
// information) and the rule's note; nothing for one seed.
func (sw fig12Seeds) judgedTops(e *ledger.Entry, o ledger.OverSeeds, ok func(float64) bool) {
	if o.N < 2 {
		return
	}
	var parts []string
	held := 0
	for k, rows := range sw.rows {
		top, _, valid := highestUnsaturated(rows)
		if len(valid) == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("seed %d: %.3f", sw.first+uint64(k), top))
		if ok(top) {
			held++
		}
	}
	e.OurValue += fmt.Sprintf(" (SE %.3f)", o.SE)
	e.AcrossSeeds(fmt.Sprintf("%s; within at %d of %d seeds", strings.Join(parts, ", "), held, o.N))
	e.JudgedOverSeeds(o.N, sw.first)
}
