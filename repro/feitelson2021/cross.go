package feitelson2021

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/feedback/feedbackplot"
	"github.com/tracelab/tracelab/sim/resample"
)

// Fig8Logs are the logs of the cross-simulation (the paper's generated
// workloads come from its own site-level simulation; ours from feedback
// simulations of these logs with the fluid user model).
func (s *Study) fig8Logs() []string {
	if s.o.Quick {
		return []string{"KTH-SP2"}
	}
	return []string{"KTH-SP2", "SDSC-SP2"}
}

// Fig8Result is the cross-simulation of §3.4 (Fig. 8).
type Fig8Result struct {
	Logs []string
	// seed is the fluid model's seed of the claims' cross-simulations:
	// one run each, compared strictly (ledger.Unreplicated).
	seed uint64
	// Frame has one row per (log, simulation): log, generated_under,
	// simulated_with, simulation ("feedback" or "open"), the
	// sim.SummaryColumns, mean_queue, and the saturation test of the
	// weekly outstanding jobs (2013 §6.3): slope (jobs per week) and
	// saturated.
	Frame dataframe.DataFrame
	// Figure shows the waiting jobs at each week's start, a panel per log.
	Figure *plots.Figure
	// Alternative is the cross-simulation under the other reading of the
	// fluid model's session windows (sessionsToEnd: to the last end of a
	// session's jobs), recorded as entries of ours.
	Alternative map[string]*feedback.Cross
	// site are, per log, cross-simulations of workloads generated at
	// the site level as §3.4 says ("explained below in Sect. 4.3": §4.2's
	// resampled population, the fluid user model), one per seed
	// (siteLevelSeeds); a convention measured beside ours.
	site map[string][]siteLevelRun
	// span are, per log, the cross-simulation with each generated
	// workload recorded over the log's own span only (spanRecorded), one
	// per seed of the fluid model (spanSeeds; the first is cross's): a
	// convention measured beside ours.
	span map[string][]crossRows
	// spanEnd is span under the other reading of the session windows
	// (sessionsToEnd), the two conventions together: a third measured
	// beside ours.
	spanEnd map[string][]crossRows
	cross   map[string]*feedback.Cross
	// scan is, per log, the load scan of the workload generated under
	// EASY at the figure's seed (scanLoad): a measurement shown on the
	// claims it bears on when they differ.
	scan map[string]loadScan
	sat  map[string]map[[3]string]sim.Saturation
	// logSpan and logUtil are, per log, the log's own span (first to last
	// logged arrival) and its conventional EASY utilisation.
	logSpan map[string][2]float64
	logUtil map[string]float64
	Missing []Missing
}

// sessionsToEnd is the fluid model with each session's window ending at
// the last end of its jobs: the other reading of "each session's start and
// end timestamps" (§4.3) than the default (the session's last arrival,
// Definition 1 of 2014 delimiting sessions by arrivals).
var sessionsToEnd = feedback.Fluid{SessionEnd: feedback.LastEnd}

// Fig8 runs the cross-simulation: feedback simulations (fluid model) of
// each log under FCFS and EASY record the workloads their users generate,
// and each recording is replayed open under both schedulers.
func (s *Study) Fig8(ctx context.Context) (*Fig8Result, error) {
	return s.fig8.Get(func() (*Fig8Result, error) {
		r := &Fig8Result{seed: s.seed(8), cross: map[string]*feedback.Cross{}, scan: map[string]loadScan{}, sat: map[string]map[[3]string]sim.Saturation{},
			Alternative: map[string]*feedback.Cross{}, site: map[string][]siteLevelRun{}, span: map[string][]crossRows{}, spanEnd: map[string][]crossRows{}, logSpan: map[string][2]float64{}, logUtil: map[string]float64{}}
		var frames []dataframe.DataFrame
		var panels []*plot.Plot
		var key *plot.Legend
		for _, name := range s.fig8Logs() {
			w, err := s.workloadOf(name, &r.Missing)
			if err != nil {
				return nil, err
			} else if w == nil {
				continue
			}
			x, err := feedback.CrossSimulation(w, feedback.Fluid{}, s.seed(8))
			if err != nil {
				return nil, err
			}
			r.Logs = append(r.Logs, name)
			r.cross[name] = x
			if r.Alternative[name], err = feedback.CrossSimulation(w, sessionsToEnd, s.seed(8)); err != nil {
				return nil, err
			}
			if r.site[name], err = s.siteLevel(name); err != nil {
				return nil, err
			}
			if r.span[name], err = spanRecorded(w, x, feedback.Fluid{}, s.seed(8)); err != nil {
				return nil, err
			}
			if r.spanEnd[name], err = spanRecorded(w, r.Alternative[name], sessionsToEnd, s.seed(8)); err != nil {
				return nil, err
			}
			if r.scan[name], err = scanLoad(w, x); err != nil {
				return nil, err
			}
			r.logSpan[name] = [2]float64{w.Jobs[0].Submit, w.Jobs[len(w.Jobs)-1].Submit}
			conv, err := feedback.Conventional(w, &sim.EASY{}, sim.EngineOptions{})
			if err != nil {
				return nil, err
			}
			r.logUtil[name] = conv.Summary().Utilization
			sats := map[[3]string]sim.Saturation{}
			slope, saturated := make([]float64, len(x.Rows)), make([]bool, len(x.Rows))
			for i, row := range x.Rows {
				st := saturation(row.Sim)
				sats[crossKey(row)] = st
				slope[i], saturated[i] = st.Slope, st.Saturated
			}
			r.sat[name] = sats
			df := x.Frame()
			logs := make([]string, df.Nrow())
			for i := range logs {
				logs[i] = name
			}
			df = dataframe.New(series.New(logs, series.String, "log")).CBind(df).
				Mutate(series.New(slope, series.Float, "slope")).Mutate(series.New(saturated, series.Bool, "saturated"))
			frames = append(frames, df)
			ps, k, err := crossPanels(name, x.WeeklyFrame())
			if err != nil {
				return nil, err
			}
			panels = append(panels, ps...)
			if key == nil {
				key = k
			}
		}
		r.Figure = figure("Fig. 8", "cross-simulation: each scheduler replaying the log the other generated with feedback",
			"each scheduler's queue replaying the log EASY generated (left) and the log FCFS generated (right, its own scale); "+
				"a scheduler replaying its own log is dashed, beside its run with feedback (the ledger's Fig. 8 entries judge the paper's claims)", 2, panels...)
		if r.Figure != nil {
			r.Figure.Key = key
		}
		if len(frames) > 0 {
			r.Frame = frames[0]
			for _, f := range frames[1:] {
				r.Frame = r.Frame.RBind(f)
			}
		}
		return r, nil
	})
}

// crossPanels draws Fig. 8 for one log as two panels, one per generated
// workload (weekly, the columns of Cross.WeeklyFrame), each on its own
// scale: the scheduler that generated it with feedback, replaying it, and
// the other scheduler replaying it. The key has every line of both.
func crossPanels(log string, weekly dataframe.DataFrame) ([]*plot.Plot, *plot.Legend, error) {
	by := []string{"generated_under", "simulated_with", "simulation"}
	opts := func(title string) feedbackplot.LinesOptions {
		return feedbackplot.LinesOptions{LinesOptions: plots.LinesOptions{Axes: plots.Axes{Title: title, XLabel: "week",
			YLabel: "waiting jobs at the week's start", IntegerY: true}}, Label: crossLabel, Style: crossStyle}
	}
	all, err := feedbackplot.Lines(weekly, "week", "queue", by, opts(log))
	if err != nil {
		return nil, nil, err
	}
	var panels []*plot.Plot
	for _, gen := range []string{"easy", "fcfs"} {
		df := weekly.Filter(dataframe.F{Colname: "generated_under", Comparator: series.Eq, Comparando: gen})
		if df.Err != nil {
			return nil, nil, df.Err
		}
		p, err := feedbackplot.Lines(df, "week", "queue", by, opts(log+": the log "+strings.ToUpper(gen)+" generated"))
		if err != nil {
			return nil, nil, err
		}
		panels = append(panels, p)
	}
	return panels, &all.Legend, nil
}

func crossKey(row feedback.CrossRow) [3]string {
	kind := "feedback"
	if row.Open {
		kind = "open"
	}
	return [3]string{row.GeneratedUnder, row.SimulatedWith, kind}
}

// saturation tests the weekly outstanding jobs of a simulation over the
// weeks that jobs arrived in, with the threshold of 2013 §6.3 (one job per
// week).
func saturation(r *sim.Result) sim.Saturation { return r.Saturation(sim.SaturationOptions{}) }

// crossRow returns x's row with the given key.
func crossRow(x *feedback.Cross, k [3]string) feedback.CrossRow {
	for _, row := range x.Rows {
		if crossKey(row) == k {
			return row
		}
	}
	panic(fmt.Sprintf("feitelson2021: no cross-simulation row %v", k))
}

// Claims adds the claims of §3.4 on the cross-simulation (Fig. 8), under
// the default fluid model, and the same statements under the other reading
// of its session windows as entries of ours. "Saturation" is 2013 §6.3's
// test of the weekly outstanding jobs up to the last arrival; a difference
// gives the load the generated workload offers and the test over the log's
// own span.
func (r *Fig8Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 8"
	unavailable(l, item, "fig8", r.Missing)
	base, site, span, spanEnd := map[string][]crossClaim{}, map[string][][]crossClaim{}, map[string][][]crossClaim{}, map[string][][]crossClaim{}
	// Each convention's tally counts a claim within when it holds judged
	// over the convention's seeds (ledger.SeedsRule); tk, tsk, tek are its
	// tallies seed by seed, whose mean net gain justifies it
	// (ledger.JustifiedOverSeeds).
	var t, ts, te ledger.Tally
	var tk, tsk, tek []ledger.Tally
	var lost, lostEnd []string // the claims that hold as computed and not over the log's span (spanEnd: and sessions to their end)
	for _, name := range r.Logs {
		base[name] = crossClaims(r.cross[name], r.logSpan[name][1], r.logUtil[name])
		for _, run := range r.site[name] {
			site[name] = append(site[name], run.rows.claims(run.start, r.logSpan[name][1], r.logUtil[name]))
		}
		for _, rows := range r.span[name] {
			span[name] = append(span[name], rows.claims(r.cross[name].Workload.Jobs[0].Submit, r.logSpan[name][1], r.logUtil[name]))
		}
		for _, rows := range r.spanEnd[name] {
			spanEnd[name] = append(spanEnd[name], rows.claims(r.cross[name].Workload.Jobs[0].Submit, r.logSpan[name][1], r.logUtil[name]))
		}
		for i, c := range base[name] {
			t.Add(c.holds, crossOverSeeds(site[name], i))
			ts.Add(c.holds, crossOverSeeds(span[name], i))
			te.Add(c.holds, crossOverSeeds(spanEnd[name], i))
			tk = addAtSeeds(tk, c.holds, site[name], i)
			tsk = addAtSeeds(tsk, c.holds, span[name], i)
			tek = addAtSeeds(tek, c.holds, spanEnd[name], i)
			lost = append(lost, lostAt(name, c, span[name], i)...)
			lostEnd = append(lostEnd, lostAt(name, c, spanEnd[name], i)...)
		}
	}
	for _, name := range r.Logs {
		alt := crossClaims(r.Alternative[name], r.logSpan[name][1], r.logUtil[name])
		for i, c := range base[name] {
			e := l.Claim(item, "fig8/"+name+"/"+c.id, name+": "+c.statement, c.holds, c.evidence).Quoting(c.quote).
				Unreplicated(1, r.seed)
			// The load the workload offers, and the other reading of the
			// session windows, bring nothing within: measurements.
			if !c.holds {
				e.Measured(c.why + fmt.Sprintf("; with the fluid sessions ending at their jobs' last end (fig8/%s/sessions-to-end/%s): %s", name, c.id, alt[i].evidence))
				if sc, ok := r.scan[name]; ok && strings.HasPrefix(c.id, "fcfs-on-easy-") {
					ee := crossRow(r.cross[name], [3]string{"easy", "easy", "feedback"})
					e.Measured(sc.text(ee.Summary.Utilization))
				}
				// Three conventions are measured beside ours, each at several
				// seeds: the workloads generated at the site level, the
				// generated workloads recorded over the log's span, and that
				// recording with the fluid sessions ending at their jobs'
				// last end (the two readings together). Each is judged over
				// its seeds by ledger.SeedsRule: a reason only when the
				// claim's margin over the seeds holds (its mean beyond 0 by
				// 2 SE) and the tally's net gain averaged over the seeds is
				// at least 2; the reason counts the three as readings tried.
				convs := []struct {
					runs [][]crossClaim
					tk   []ledger.Tally
					why  string
				}{
					{site[name], tk, siteLevelText(t, site[name], r.site[name], i, c.id)},
					{span[name], tsk, spanRecordedText(spanText, ts, span[name], i, lost)},
					{spanEnd[name], tek, spanRecordedText(spanEndText, te, spanEnd[name], i, lostEnd)},
				}
				var reasons []string
				var found ledger.Found
				for _, cv := range convs {
					why := cv.why + "; " + overSeedsText(cv.runs, i, cv.tk)
					if len(cv.runs) < 2 || !crossOverSeeds(cv.runs, i) || !ledger.JustifiedOverSeeds(cv.tk) {
						e.Measured(why + ": not a reason")
						continue
					}
					if len(reasons) == 0 || len(cv.runs) < found.Seeds {
						found = ledger.AmongReadings(len(convs)).OverSeeds(true, holdsAtEvery(cv.runs, i), len(cv.runs))
					}
					reasons = append(reasons, why)
				}
				if len(reasons) > 0 {
					e.ExplainedBy(found, strings.Join(reasons, "; "))
				}
			}
		}
		for _, c := range alt {
			l.OwnClaim(item, "fig8/"+name+"/sessions-to-end/"+c.id, name+", fluid sessions ending at their jobs' last end: "+c.statement, c.holds, c.evidence).
				Measured(c.why)
		}
	}
}

// siteLevelSeeds is the number of seeds the site-level convention is
// measured at (a random procedure: a reason only when it holds at each).
const siteLevelSeeds = 3

// siteLevelRun is one cross-simulation of a workload generated at the site
// level, and FCFS and EASY replaying the part of the workload generated
// under EASY that was submitted within the resampled window (the log such
// a site would have recorded): what Fig. 8's claims read of them, not the
// simulations' job records.
type siteLevelRun struct {
	// rows are the four simulations of the cross-simulation the claims
	// compare, start the generated workload's first arrival.
	rows  crossRows
	start float64
	// windowJobs is the number of jobs of the workload recorded within
	// the window; windowFCFS and windowEASY are the saturation tests of
	// its replays by FCFS and EASY (saturation), windowFCFSAll FCFS's
	// keeping every week (sim.SaturationOptions.NoDrop).
	windowJobs                            int
	windowFCFS, windowFCFSAll, windowEASY sim.Saturation
}

// siteLevel runs the cross-simulation of Fig. 8 on siteLevelSeeds logs
// resampled from log name (§4.2's literal start, the log's users and
// length, on its machine), each with the fluid user model: §3.4's
// "site-level simulation … explained below in Sect. 4.3", whose population
// model is §4.2's resampling.
func (s *Study) siteLevel(name string) ([]siteLevelRun, error) {
	var ms []Missing
	p, err := s.poolsOf(name, &ms)
	if err != nil || p == nil {
		return nil, err
	}
	out := make([]siteLevelRun, siteLevelSeeds)
	for k := range out {
		rs, err := p.Generate(resample.Options{LongTermStart: literalStart, Seed: s.seed(8), Stream: uint64(k)})
		if err != nil {
			return nil, err
		}
		w, err := feedback.NewWorkload(rs.Trace, feedback.WorkloadOptions{Sim: sim.Options{Procs: p.Trace.MaxProcs()}})
		if err != nil {
			return nil, err
		}
		x, err := feedback.CrossSimulation(w, feedback.Fluid{}, s.seed(8)+uint64(k))
		if err != nil {
			return nil, err
		}
		rec := submittedBy(x.Feedback["easy"].Jobs(), rs.End)
		eng := sim.EngineOptions{WeekOrigin: rs.Start}
		// Fig. 8 reads x's rows for their summaries, weekly counts, mean
		// queues and saturation tests (crossClaims), and the replays for
		// their tests: the memo keeps those (it holds every log's runs),
		// not the job records and timelines.
		run := siteLevelRun{rows: crossRowsOf(x), start: x.Workload.Jobs[0].Submit, windowJobs: len(rec)}
		f, err := sim.Run(rec, w.Procs, &sim.FCFS{}, eng)
		if err != nil {
			return nil, err
		}
		run.windowFCFS, run.windowFCFSAll = saturation(f), f.Saturation(sim.SaturationOptions{NoDrop: true})
		e, err := sim.Run(rec, w.Procs, &sim.EASY{}, eng)
		if err != nil {
			return nil, err
		}
		run.windowEASY = saturation(e)
		out[k] = run
	}
	return out, nil
}

// submittedBy returns the jobs of js submitted at or before end.
func submittedBy(js []sim.Job, end float64) []sim.Job {
	var out []sim.Job
	for _, j := range js {
		if j.Submit <= end {
			out = append(out, j)
		}
	}
	return out
}

// crossOverSeeds reports whether claim i holds judged over the seeds (rows of
// runs) by ledger.SeedsRule: its margin's mean above 0 by more than twice
// its standard error; false without a seed.
func crossOverSeeds(runs [][]crossClaim, i int) bool {
	if len(runs) == 0 {
		return false
	}
	return marginOverSeeds(runs, i).Above(0)
}

// marginOverSeeds returns the mean and standard error of claim i's margin
// over the seeds (rows of runs, at least one).
func marginOverSeeds(runs [][]crossClaim, i int) ledger.OverSeeds {
	m := make([]float64, len(runs))
	for k, cs := range runs {
		m[k] = cs[i].margin
	}
	return ledger.MeanOverSeeds(m)
}

// addAtSeeds adds claim i, holding as computed or not (holds), to the
// tallies seed by seed (ts[k] for row k of runs), growing ts as needed.
func addAtSeeds(ts []ledger.Tally, holds bool, runs [][]crossClaim, i int) []ledger.Tally {
	for len(ts) < len(runs) {
		ts = append(ts, ledger.Tally{})
	}
	for k, cs := range runs {
		ts[k].Add(holds, cs[i].holds)
	}
	return ts
}

// overSeedsText shows claim i's margin over the seeds (runs) and the net
// gain of the tallies seed by seed (ts), averaged (ledger.SeedsRule).
func overSeedsText(runs [][]crossClaim, i int, ts []ledger.Tally) string {
	if len(runs) == 0 || len(ts) == 0 {
		return "not measured"
	}
	gain := 0
	for _, t := range ts {
		gain += t.Within - t.AsComputed
	}
	return fmt.Sprintf("over the %d seeds (ledger.SeedsRule): margin %s (%s), holds %d of %d one by one; net gain over Fig. 8 averaged over the seeds %.2f",
		len(runs), marginOverSeeds(runs, i).Text(3), runs[0][i].marginUnit, holdsAtEvery(runs, i), len(runs), float64(gain)/float64(len(ts)))
}

// lostAt lists where claim i of log name, holding as computed (c), does
// not hold under a convention measured at the seeds of runs: each seed at
// which it fails, and, when it holds at each, over the seeds
// (crossOverSeeds) if it fails there.
func lostAt(name string, c crossClaim, runs [][]crossClaim, i int) []string {
	if !c.holds {
		return nil
	}
	var out []string
	for k, cs := range runs {
		if !cs[i].holds {
			out = append(out, fmt.Sprintf("%s %s at seed %d (%s)", name, c.id, k+1, cs[i].evidence))
		}
	}
	if len(out) == 0 && len(runs) > 0 && !crossOverSeeds(runs, i) {
		out = append(out, fmt.Sprintf("%s %s over the %d seeds (margin %s, not beyond 2 SE)", name, c.id, len(runs), marginOverSeeds(runs, i).Text(3)))
	}
	return out
}

// holdsAtEvery returns at how many seeds (rows of site) claim i holds.
func holdsAtEvery(site [][]crossClaim, i int) int {
	n := 0
	for _, cs := range site {
		if cs[i].holds {
			n++
		}
	}
	return n
}

// siteLevelText says what the site-level convention makes of claim i (id):
// its value at each seed, the FCFS replay of the workload recorded within
// the resampled window, and the convention's tally over Fig. 8's claims.
func siteLevelText(t ledger.Tally, site [][]crossClaim, runs []siteLevelRun, i int, id string) string {
	var vals []string
	for k, cs := range site {
		v := fmt.Sprintf("seed %d: %s", k+1, cs[i].evidence)
		if id == "fcfs-on-easy-saturates" {
			run := runs[k]
			sf, all := run.windowFCFS, run.windowFCFSAll
			v += fmt.Sprintf(" (the workload recorded within the window, %d jobs: FCFS ends it with %d outstanding jobs against EASY's %d; the test reads slope %.2f, %.2f with every week kept)",
				run.windowJobs, tail(sf.Weekly, 1)[0], tail(run.windowEASY.Weekly, 1)[0], sf.Slope, all.Slope)
		}
		vals = append(vals, v)
	}
	return fmt.Sprintf("with the workloads generated at the site level as §3.4 says (§4.3: §4.2's resampled population, each user in its own week, and the fluid user model) %s; applied to every log and claim of Fig. 8, each judged over the seeds, this makes %d of %d hold, against %d as computed",
		strings.Join(vals, "; "), t.Within, t.N, t.AsComputed)
}

// crossClaim is one statement of §3.4 on a cross-simulation.
type crossClaim struct {
	id, statement, quote string
	holds                bool
	// margin is the claim's statistic less its threshold, in marginUnit:
	// the claim holds when it is above 0 (judged over seeds by
	// ledger.SeedsRule, crossOverSeeds).
	margin        float64
	marginUnit    string
	evidence, why string
}

// crossRows are the four simulations §3.4's statements compare: FCFS
// and EASY each replaying the workload the other generated (fe: generated
// under EASY, simulated with FCFS; ef) and each pacing its own users (ff,
// ee).
type crossRows struct{ fe, ff, ef, ee crossDigest }

// crossDigest is what §3.4's statements (crossRows.claims) read of one
// simulation of a cross-simulation (a feedback.CrossRow): its summary,
// mean queue, weekly outstanding jobs and saturation test. The conventions
// measured beside ours keep these, not the rows, whose results hold every
// job's record (about 0.2 GB over Fig. 8's memo: lean14, Session 25).
type crossDigest struct {
	summary     sim.Summary
	meanQueue   float64
	outstanding []int          // the result's Weekly.Outstanding
	sat         sim.Saturation // saturation of the result
}

// digestOf returns row's crossDigest.
func digestOf(row feedback.CrossRow) crossDigest {
	return crossDigest{summary: row.Summary, meanQueue: row.MeanQueue, outstanding: row.Sim.Weekly.Outstanding, sat: saturation(row.Sim)}
}

// crossRowsOf returns the four simulations of cross-simulation x that
// §3.4's statements compare: each scheduler's own users are its feedback
// simulation.
func crossRowsOf(x *feedback.Cross) crossRows {
	return crossRows{fe: digestOf(crossRow(x, [3]string{"easy", "fcfs", "open"})), ff: digestOf(crossRow(x, [3]string{"fcfs", "fcfs", "feedback"})),
		ef: digestOf(crossRow(x, [3]string{"fcfs", "easy", "open"})), ee: digestOf(crossRow(x, [3]string{"easy", "easy", "feedback"}))}
}

// crossClaims measures §3.4's statements on cross-simulation x of a log
// whose last logged arrival is at logEnd and whose conventional EASY
// utilisation is logUtil.
func crossClaims(x *feedback.Cross, logEnd, logUtil float64) []crossClaim {
	return crossRowsOf(x).claims(x.Workload.Jobs[0].Submit, logEnd, logUtil)
}

// spanSeeds is the number of seeds of the fluid model the recordings over
// the log's span are measured at (a random procedure: a reason only when
// it holds at each), the figure's seed first.
const spanSeeds = 3

// spanRecorded returns, at each of spanSeeds seeds of user model m from
// seed (x is the cross-simulation of w under m at seed), the four
// simulations of §3.4 on the generated workloads recorded over the log's
// own span (the jobs submitted up to the last logged arrival: the log
// such a site would have recorded over the same period; §3.4: "These
// generated workloads were recorded, creating logs like those that are
// obtained from real supercomputer sites"), each replayed open by FCFS
// and EASY, a scheduler's own users being its replay of its own
// recording. The feedback simulations run until every job is done,
// 1.7 times the log's span for KTH-SP2 under EASY.
func spanRecorded(w *feedback.Workload, x *feedback.Cross, m feedback.Model, seed uint64) ([]crossRows, error) {
	end := w.Jobs[len(w.Jobs)-1].Submit
	out := make([]crossRows, spanSeeds)
	for k := range out {
		if k > 0 {
			var err error
			if x, err = feedback.CrossSimulation(w, m, seed+uint64(k)); err != nil {
				return nil, err
			}
		}
		rec := map[string][]sim.Job{}
		for _, gen := range []string{"easy", "fcfs"} {
			rec[gen] = submittedBy(x.Feedback[gen].Jobs(), end)
		}
		replay := func(gen, with string) (crossDigest, error) {
			sc, err := sim.New(with)
			if err != nil {
				return crossDigest{}, err
			}
			r, err := sim.Run(rec[gen], w.Procs, sc, sim.EngineOptions{Timeline: true})
			if err != nil {
				return crossDigest{}, err
			}
			mq := math.NaN()
			if tl := r.Timeline; tl.Len() > 0 {
				mq = feedback.MeanQueue(tl, tl.Time[0], tl.Time[tl.Len()-1])
			}
			// The timeline is recorded for its mean queue alone: the
			// digest keeps that, not the timeline nor the job records
			// (Fig. 8's memo holds every log's rows at spanSeeds seeds
			// under both models).
			return digestOf(feedback.CrossRow{GeneratedUnder: gen, SimulatedWith: with, Open: true, Sim: r, Summary: r.Summary(), MeanQueue: mq}), nil
		}
		var rows crossRows
		for _, c := range []struct {
			gen, with string
			row       *crossDigest
		}{{"easy", "fcfs", &rows.fe}, {"fcfs", "fcfs", &rows.ff}, {"fcfs", "easy", &rows.ef}, {"easy", "easy", &rows.ee}} {
			var err error
			if *c.row, err = replay(c.gen, c.with); err != nil {
				return nil, err
			}
		}
		out[k] = rows
	}
	return out, nil
}

// The conventions of spanRecordedText: the generated workloads recorded
// over the log's span, under the default fluid model and with its
// sessions ending at their jobs' last end.
const (
	spanText    = "with the generated workloads recorded over the log's own span (the jobs submitted up to its last logged arrival, as a site's log of the same period) and each replayed by FCFS and EASY"
	spanEndText = "with both: the fluid sessions ending at their jobs' last end and the generated workloads recorded over the log's own span, each replayed by FCFS and EASY"
)

// spanRecordedText says what convention conv (spanText, spanEndText)
// makes of claim i at each seed, and the convention's tally over Fig. 8's
// claims with the claims it loses (lost).
func spanRecordedText(conv string, t ledger.Tally, span [][]crossClaim, i int, lost []string) string {
	var vals []string
	for k, cs := range span {
		v := "does not hold"
		if cs[i].holds {
			v = "holds"
		}
		vals = append(vals, fmt.Sprintf("seed %d: %s, %s", k+1, v, cs[i].evidence))
	}
	out := fmt.Sprintf("%s: %s; applied to every log and claim of Fig. 8, each judged over the seeds, this makes %d of %d hold, against %d as computed",
		conv, strings.Join(vals, "; "), t.Within, t.N, t.AsComputed)
	if len(lost) > 0 {
		out += " (lost: " + strings.Join(lost, "; ") + ")"
	}
	return out
}

// claims measures §3.4's statements on rows; start is the first logged
// arrival, logEnd the last, logUtil the log's conventional EASY
// utilisation.
func (rows crossRows) claims(start, logEnd, logUtil float64) []crossClaim {
	fe, ff, ef, ee := rows.fe, rows.ff, rows.ef, rows.ee
	sat := fe.sat
	peakFE := slices.Max(append([]int{0}, fe.outstanding...))
	peakFF := slices.Max(append([]int{0}, ff.outstanding...))
	load := fmt.Sprintf("the workload its users generate under EASY offers %.2f of the machine (the log %.2f) over %.0f days (the log's span %.0f)",
		ee.summary.Utilization, logUtil, ee.summary.Makespan/datasets.Day, (logEnd-start)/datasets.Day)
	advFCFS := ff.summary.AvgWait / ef.summary.AvgWait
	advEASY := fe.summary.AvgWait / ee.summary.AvgWait
	return []crossClaim{
		// "Could not handle the load" (overloaded, §3.4) compares FCFS on
		// EASY's workload with FCFS on its own users' workload, the one
		// it handles: a direction whose reference is the other value
		// (ledger.WordRule), one run so strictly; not a factor of ours.
		{id: "fcfs-on-easy-overloads",
			statement: "FCFS simulated with the workload generated under EASY is overloaded: its outstanding jobs peak higher than when FCFS's own users pace it (ledger.WordRule: a direction, the reference the other value)",
			quote:     "FCFS could not handle the load that was generated when users interacted with EASY",
			holds:     peakFE > peakFF, margin: float64(peakFE - peakFF), marginUnit: "peak outstanding jobs less FCFS's own", evidence: fmt.Sprintf("peak weekly outstanding jobs %d against %d", peakFE, peakFF), why: load},
		{id: "fcfs-on-easy-saturates",
			statement:  "FCFS simulated with the workload generated under EASY saturates and overloads (the weekly outstanding jobs grow: saturation test of 2013 §6.3)",
			quote:      "led to system saturation and overloading",
			holds:      sat.Saturated,
			margin:     sat.Slope - sat.Threshold,
			marginUnit: "the test's slope less its threshold, jobs/week",
			evidence: fmt.Sprintf("slope %.1f jobs/week; peak %d outstanding jobs, mean queue %.1f against %.1f when FCFS's own users pace it",
				sat.Slope, peakFE, fe.meanQueue, ff.meanQueue),
			why: load + fmt.Sprintf("; the test takes each week's minimum from there to the last arrival, and the queue drains as the arrivals thin out at the end (last weekly counts %v)",
				tail(sat.Weekly, 4))},
		{id: "fcfs-cannot-handle",
			statement: "FCFS could not handle the load users generated with EASY: its average wait on that workload is above its wait on the workload of its own users (ledger.WordRule: a direction, the reference the other value)",
			quote:     "could not handle the load that was generated when users interacted with EASY",
			holds:     fe.summary.AvgWait > ff.summary.AvgWait, margin: fe.summary.AvgWait - ff.summary.AvgWait, marginUnit: "average wait less FCFS's own, s", evidence: fmt.Sprintf("%.0f s against %.0f s", fe.summary.AvgWait, ff.summary.AvgWait), why: load},
		{id: "easy-on-fcfs-no-advantage",
			// An advantage is a direction whose reference the words fix
			// (ledger.WordRule: 1 for a ratio); "failed to show" it holds
			// when the ratio is not above 1 (one run: strictly).
			statement: "EASY simulated with the workload generated under FCFS fails to show a significant advantage: the ratio of FCFS's to EASY's average wait on that workload is not above 1 (ledger.WordRule: a direction, the reference 1 for a ratio)",
			quote:     "failed to show that EASY had a significant advantage",
			holds:     !(advFCFS > 1), margin: 1 - advFCFS, marginUnit: "1 less the ratio of FCFS's to EASY's average wait on the FCFS workload", evidence: fmt.Sprintf("FCFS wait / EASY wait: %.2f on the FCFS workload (%.2f on the EASY workload)", advFCFS, advEASY), why: load},
		{id: "fcfs-workload-lighter",
			statement:  "the workload generated under FCFS is not challenging enough: it offers less work per unit time than the one generated under EASY (utilization of EASY on each)",
			quote:      "the workload was not challenging enough",
			holds:      ef.summary.Utilization < ee.summary.Utilization,
			margin:     ee.summary.Utilization - ef.summary.Utilization,
			marginUnit: "EASY's utilization on its own workload less on FCFS's",
			evidence:   fmt.Sprintf("EASY's utilization %.3f on the FCFS workload, %.3f on its own", ef.summary.Utilization, ee.summary.Utilization), why: load},
	}
}

// tail returns the last n values of x.
func tail(x []int, n int) []int { return x[max(0, len(x)-n):] }

// crossLabel names a line of Fig. 8 by its generated_under,
// simulated_with and simulation values.
func crossLabel(v []string) string {
	gen, with := strings.ToUpper(v[0]), strings.ToUpper(v[1])
	switch {
	case v[2] == "feedback":
		return with + " with feedback"
	case gen == with:
		return with + " replaying its own log (under its feedback line)"
	}
	return with + " replaying " + gen + "'s log"
}

// crossStyle draws Fig. 8's lines: a colour per simulated scheduler,
// dashed when it replays its own log, and colours of their own for the
// cross replays, the point of the figure.
func crossStyle(v []string) (plots.Role, int, bool) {
	with := map[string]int{"easy": 1, "fcfs": 2}[v[1]]
	switch {
	case v[2] == "feedback":
		return plots.Compared, with, false
	case v[0] == v[1]:
		return plots.Compared, with, true
	}
	return plots.Compared, with + 2, false
}
