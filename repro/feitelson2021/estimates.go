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
	"gonum.org/v1/plot/vg"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/estimates"
	"github.com/tracelab/tracelab/sim/simplot"
	"github.com/tracelab/tracelab/tables"
)

// Fig2Logs are the logs of Fig. 2 (its caption: CTC and KTH SP2).
var Fig2Logs = []string{"CTC-SP2", "KTH-SP2"}

// Fig3Logs are the logs of Fig. 3 (its caption: CTC and BLUE).
var Fig3Logs = []string{"CTC-SP2", "SDSC-BLUE"}

// queueLimits are the runtime limits (seconds) by queue number that a
// log's header states: "the maximal allowed estimate" of Fig. 3 (§3.2).
// SDSC-BLUE-2000-4.2-cln: "express queue limit: 8 nodes for 2 hours",
// "high / normal queue limit: 36 hours", with queues 1 express, 2 high, 3
// normal. A log without stated limits (CTC-SP2) takes its largest
// estimate as the allowed maximum.
var queueLimits = map[string]map[int]float64{
	"SDSC-BLUE": {1: 2 * 3600, 2: 36 * 3600, 3: 36 * 3600},
}

// fig2Bins is the number of bins of Fig. 2's histograms (5% each).
const fig2Bins = Fig2Bins

// fig2ReadingCuts are other readings of "the very shortest ones" (the
// bins they take, of Fig2Bins), measured as entries of ours beside the
// paper's entries, which use ShortestBins.
var fig2ReadingCuts = []int{2, 3, 4}

// fig2Shortest tests "the very shortest" as the first cut bins of h: the
// flat range is h[cut:fig2Bins-1] (up to 95%, the peak bin left out);
// flat holds when its largest bin is at most FlatFactor times its
// smallest (its bins alike each other), shortest when every bin of the cut
// exceeds FlatFactor times the flat range's largest bin (not alike any of
// them).
func fig2Shortest(h []float64, cut int) (flat, shortest bool, fmin, fmax, smin float64) {
	rest := h[cut : fig2Bins-1]
	fmin, fmax, smin = slices.Min(rest), slices.Max(rest), slices.Min(h[:cut])
	return fmax <= FlatFactor*fmin, smin > FlatFactor*fmax, fmin, fmax, smin
}

// pctBins is the upper edge of the first n bins of Fig2Bins, in percent.
func pctBins(n int) int { return 100 * n / fig2Bins }

// The readings of §3.2's words on estimates (Figs. 2–3), shared with
// repro/findings:
const (
	// Fig2Bins is the number of bins of Fig. 2's histograms (5% each).
	Fig2Bins = 20
	// FlatFactor is "flat": the bins from the end of the very shortest
	// jobs (ShortestBins) to 95% alike each other, within ledger.LikeFactor
	// (ledger.WordRule: a flat histogram is a likeness of its bins, and a
	// log's histogram describes its own jobs exactly, so the factor, not
	// an error, bounds it); "the exception" is beyond it.
	FlatFactor = ledger.LikeFactor
	// ShortestBins is "the very shortest ones" of §3.2 ("For other jobs
	// except the very shortest ones the histogram is flat"), in bins of
	// Fig2Bins: the first bin, 0–5% of the estimate. The text names no
	// range; "very shortest" is the extreme, and the first bin is the
	// finest the histogram resolves. Both Fig. 2 entries (flat and
	// shortest) use it; the wider cuts (0–10%, 0–15%, 0–20%) are entries of
	// ours (fig2ReadingCuts).
	ShortestBins = 1
	// LargeOverestimate is "over-estimate by a large amount": the median
	// job's estimate at least twice its runtime.
	LargeOverestimate = 2
	// RoundEstimate is a "round figure": a whole multiple of 5 minutes, in
	// seconds; "tend to use" them means most (more than half) of the
	// estimates.
	RoundEstimate = 300
)

// Fig2Result is the estimate accuracy of Fig. 2 (§3.2).
type Fig2Result struct {
	Logs []string
	// Frame has one row per (log, bin): log, lo and hi (percent of the
	// estimate used), fraction of the jobs.
	Frame  dataframe.DataFrame
	Figure *plots.Figure
	// Summary has one row per log: jobs (with an estimate and a runtime),
	// left_out, first_bin (0–5%), peak (95–100% with the jobs that ran
	// past their estimate), flat_min and flat_max (the smallest and largest
	// bin from 5% to 95%: after ShortestBins), ran_past (share of jobs that
	// ran past their estimate).
	Summary dataframe.DataFrame
	hist    map[string][]float64
	// conv holds each log's histogram under the input conventions of
	// fig2Conventions, in their order.
	conv    map[string][][]float64
	Missing []Missing
}

// fig2Conventions are the obvious conventions of the input for Fig. 2's
// histogram, which the paper does not state: only the completed jobs
// (SWF status 1; the others include jobs cancelled or failed early), and
// only the jobs that did not run past their estimate (the peak bin's jobs
// killed late). Each is tallied over Fig. 2's claims (ledger.Tally);
// a threshold on the runtime (e.g. jobs of at least a minute) is a cut
// the text does not state and is not tried (scanned to a count, one can
// always be found).
var fig2Conventions = []struct {
	name string
	keep func(t *datasets.Trace, i int) bool
}{
	{"completed jobs only", func(t *datasets.Trace, i int) bool { return t.Status[i] == datasets.StatusCompleted }},
	{"jobs past their estimate left out", func(t *datasets.Trace, i int) bool { return !(t.Runtime[i] > t.ReqTime[i]) }},
}

// Fig2 computes the histograms of runtime / estimate of Fig. 2.
func (s *Study) Fig2(ctx context.Context) (*Fig2Result, error) {
	return s.fig2.Get(func() (*Fig2Result, error) {
		r := &Fig2Result{hist: map[string][]float64{}, conv: map[string][][]float64{}}
		var accs []estimates.Accuracy
		var logCol []string
		var lo, hi, frac []float64
		var jobs, out []int
		var first, peak, fmin, fmax, past []float64
		for _, name := range Fig2Logs {
			t, err := s.log(name, &r.Missing)
			if err != nil {
				return nil, err
			} else if t == nil {
				continue
			}
			a := estimates.AccuracyOf(t)
			h := a.Histogram(fig2Bins)
			r.Logs, accs = append(r.Logs, name), append(accs, a)
			r.hist[name] = h
			for _, c := range fig2Conventions {
				tc, _ := t.Filter(func(i int) bool { return c.keep(t, i) })
				r.conv[name] = append(r.conv[name], estimates.AccuracyOf(tc).Histogram(fig2Bins))
			}
			for k, f := range h {
				logCol = append(logCol, name)
				lo, hi, frac = append(lo, 100*float64(k)/fig2Bins), append(hi, 100*float64(k+1)/fig2Bins), append(frac, f)
			}
			flat := h[ShortestBins : fig2Bins-1]
			jobs, out = append(jobs, len(a.Used)), append(out, a.NoEstimate+a.UnknownRuntime)
			first, peak = append(first, h[0]), append(peak, h[fig2Bins-1])
			fmin, fmax = append(fmin, slices.Min(flat)), append(fmax, slices.Max(flat))
			past = append(past, float64(a.Over)/float64(len(a.Used)))
		}
		if len(r.Logs) == 0 {
			return r, nil
		}
		p, err := simplot.Accuracy(r.Logs, accs, fig2Bins, "runtime / estimate in 5% bins")
		if err != nil {
			return nil, err
		}
		r.Figure = figure("Fig. 2", "how much of their estimate jobs run",
			"the paper: a peak at the top bin (jobs killed at their estimate), the very shortest jobs apart, flat in between — compare the bins from 5% to 95% (the ledger says whether ours are flat)", 1, p)
		r.Figure.PanelWidth = 8 * vg.Inch
		r.Frame = dataframe.New(series.New(logCol, series.String, "log"), series.New(lo, series.Float, "lo"),
			series.New(hi, series.Float, "hi"), series.New(frac, series.Float, "fraction"))
		r.Summary = dataframe.New(series.New(r.Logs, series.String, "log"), series.New(jobs, series.Int, "jobs"),
			series.New(out, series.Int, "left_out"), series.New(first, series.Float, "first_bin"),
			series.New(peak, series.Float, "peak"), series.New(fmin, series.Float, "flat_min"),
			series.New(fmax, series.Float, "flat_max"), series.New(past, series.Float, "ran_past"))
		return r, nil
	})
}

// flatConventions gives a flat entry of log that differs what each input
// convention of fig2Conventions makes of it, and explains it by the first
// that is justified over Fig. 2's claims (tallies, in the same
// order) and brings it within; otherwise they are a measurement.
func (r *Fig2Result) flatConventions(e *ledger.Entry, log string, tallies []ledger.Tally) {
	var parts []string
	for k, c := range fig2Conventions {
		now, _, fmin, fmax, _ := fig2Shortest(r.conv[log][k], ShortestBins)
		t := tallies[k]
		if now && t.Justified() {
			e.ExplainedBy(ledger.AmongReadings(len(fig2Conventions)), fmt.Sprintf("with %s the bins from %d%% to 95%% lie within a factor of %.2f; over Fig. 2's claims it brings %d of %d within against %d", c.name, pctBins(ShortestBins), fmax/fmin, t.Within, t.N, t.AsComputed))
			return
		}
		parts = append(parts, fmt.Sprintf("with %s: factor %.2f (%d of %d of Fig. 2's claims within, against %d as computed)", c.name, fmax/fmin, t.Within, t.N, t.AsComputed))
	}
	e.Measured(strings.Join(parts, "; "))
}

// fig2Holds returns whether Fig. 2's three claims hold on the histogram
// h: the peak at 100% (the 95–100% bin above every bin from 10% to 95%),
// the flat rest and the very shortest as the exception (ShortestBins).
func fig2Holds(h []float64) [3]bool {
	flat, shortest, _, _, _ := fig2Shortest(h, ShortestBins)
	return [3]bool{h[fig2Bins-1] > slices.Max(h[2:fig2Bins-1]), flat, shortest}
}

// fig2CutTallies counts each wider reading of "the very shortest"
// (fig2ReadingCuts, in order) over every claim of Fig. 2 that rests on it:
// the flat and the shortest entry of each log (the peak entry does not
// use the cut). A cut is one reading of the words for the whole figure,
// so it is tallied over both entries it decides (ledger.Tally), not over
// the flat entries alone.
func fig2CutTallies(logs []string, hist map[string][]float64) []ledger.Tally {
	t := make([]ledger.Tally, len(fig2ReadingCuts))
	for _, name := range logs {
		flat, shortest, _, _, _ := fig2Shortest(hist[name], ShortestBins)
		for k, c := range fig2ReadingCuts {
			f, sh, _, _, _ := fig2Shortest(hist[name], c)
			t[k].Add(flat, f)
			t[k].Add(shortest, sh)
		}
	}
	return t
}

// flatCuts gives a flat entry of log that differs what each wider reading
// of "the very shortest" (fig2ReadingCuts) makes of Fig. 2's claims
// (tallies, from fig2CutTallies), and explains it by the first that is
// justified (ledger.Tally) and brings it within: the best of the readings
// measured (ledger.AmongReadings). Otherwise they are a measurement.
func (r *Fig2Result) flatCuts(e *ledger.Entry, log string, tallies []ledger.Tally) {
	var parts []string
	for k, c := range fig2ReadingCuts {
		now, _, fmin, fmax, _ := fig2Shortest(r.hist[log], c)
		t := tallies[k]
		if now && t.Justified() {
			e.ExplainedBy(ledger.AmongReadings(len(fig2ReadingCuts)), fmt.Sprintf("with \"the very shortest\" read as the jobs below %d%% of their estimate the bins from %d%% to 95%% lie within a factor of %.2f; over Fig. 2's flat and shortest entries it brings %d of %d within against %d", pctBins(c), pctBins(c), fmax/fmin, t.Within, t.N, t.AsComputed))
			return
		}
		parts = append(parts, fmt.Sprintf("below %d%%: %d of %d within against %d as computed (gains %d, loses %d)", pctBins(c), t.Within, t.N, t.AsComputed, t.Gained, t.Lost))
	}
	e.Measured(fmt.Sprintf("with \"the very shortest\" read wider, over Fig. 2's flat and shortest entries (each cut decides both): %s; none both gains 2 net (ledger.Tally) and brings this entry within, so none is a reason", strings.Join(parts, "; ")))
}

// Claims adds the claims of Fig. 2: the peak at 100% and the flat rest,
// "the very shortest" read as ShortestBins; the wider cuts of
// fig2ReadingCuts as entries of ours.
func (r *Fig2Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 2"
	unavailable(l, item, "fig2", r.Missing)
	cut := pctBins(ShortestBins)
	// An input convention changes the whole histogram, so it is tallied
	// over every claim of Fig. 2 (the peak, flat and shortest entries of
	// each log), as a reading is over its table (ledger.Tally).
	tallies := make([]ledger.Tally, len(fig2Conventions))
	for _, name := range r.Logs {
		was := fig2Holds(r.hist[name])
		for k := range fig2Conventions {
			now := fig2Holds(r.conv[name][k])
			for i := range was {
				tallies[k].Add(was[i], now[i])
			}
		}
	}
	cutTallies := fig2CutTallies(r.Logs, r.hist)
	for _, name := range r.Logs {
		h := r.hist[name]
		mid := h[2 : fig2Bins-1]
		l.Claim(item, "fig2/"+name+"/peak-at-100", name+": the histogram peaks at 100% (jobs killed at or past their estimate): the 95–100% bin exceeds every bin from 10% to 95%",
			fig2Holds(h)[0],
			fmt.Sprintf("95–100%%: %.3f of the jobs; largest bin from 10%% to 95%%: %.3f", h[fig2Bins-1], slices.Max(mid))).
			Quoting("the actual peak at 100% is due to jobs that were killed because they exceeded their estimate")
		flat, shortest, fmin, fmax, smin := fig2Shortest(h, ShortestBins)
		var others []string
		for _, c := range fig2ReadingCuts {
			_, _, cmin, cmax, _ := fig2Shortest(h, c)
			others = append(others, fmt.Sprintf("from %d%%: factor %.2f", pctBins(c), cmax/cmin))
		}
		reading := fmt.Sprintf("the very shortest jobs read as the first of Fig. 2's %d%% bins (0–%d%% of their estimate): the text names no range, and \"very shortest\" is the extreme, the finest bin the histogram resolves; the wider cuts are entries of ours (fig2/%s/shortest-to-*)",
			pctBins(1), cut, name)
		e := l.Claim(item, "fig2/"+name+"/flat", name+": except for the very shortest jobs the histogram is flat: the bins from "+fmt.Sprint(cut)+"% to 95% lie within a factor of 1.25 of each other (ledger.LikeFactor: flat is a likeness of the bins; "+reading+")",
			flat, fmt.Sprintf("bins from %d%% to 95%%: %.3f to %.3f (factor %.2f; %s)", cut, fmin, fmax, fmax/fmin, strings.Join(others, ", "))).
			Quoting("For other jobs except the very shortest ones the histogram is flat")
		if !flat {
			r.flatConventions(e, name, tallies)
			r.flatCuts(e, name, cutTallies)
		}
		l.Claim(item, "fig2/"+name+"/shortest", name+": the very shortest jobs are the exception to the flat histogram: their bins exceed 1.25 times every bin from "+fmt.Sprint(cut)+"% to 95% (ledger.LikeFactor: not alike them; "+reading+")",
			shortest, fmt.Sprintf("0–%d%%: %.3f of the jobs; bins from %d%% to 95%%: %.3f to %.3f", cut, smin, cut, fmin, fmax)).
			Quoting("For other jobs except the very shortest ones the histogram is flat")
		for _, c := range fig2ReadingCuts {
			flat, shortest, fmin, fmax, smin := fig2Shortest(h, c)
			l.OwnClaim(item, fmt.Sprintf("fig2/%s/shortest-to-%d", name, pctBins(c)), fmt.Sprintf("%s, \"the very shortest\" read as the jobs below %d%% of their estimate (a wider cut than the paper's entries, fig2/%s/flat and shortest, which take the first %d%% bin): the bins from %d%% to 95%% lie within a factor of 1.25 of each other, and each bin below %d%% exceeds 1.25 times all of them (ledger.LikeFactor)",
				name, pctBins(c), name, pctBins(1), pctBins(c), pctBins(c)),
				flat && shortest, fmt.Sprintf("bins from %d%% to 95%%: %.3f to %.3f (factor %.2f: flat %s); smallest bin below %d%%: %.3f (%s)",
					pctBins(c), fmin, fmax, fmax/fmin, holdsWord(flat), pctBins(c), smin,
					map[bool]string{true: "the exception", false: "not the exception: not above 1.25 times the flat range's largest bin"}[shortest]))
		}
	}
}

// holdsWord is "holds" or "does not hold".
func holdsWord(b bool) string {
	if b {
		return "holds"
	}
	return "does not hold"
}

// Fig3Result holds the CDFs of estimates and runtimes of Fig. 3 (§3.2).
type Fig3Result struct {
	Logs   []string
	Figure *plots.Figure
	// Frame has one row per log: jobs, median_estimate and
	// median_runtime (s), median_ratio (median over jobs of estimate /
	// runtime, jobs of positive runtime), round (share of estimates that
	// are whole multiples of 5 minutes), top_estimates (the five most
	// frequent, in words with their shares: "18 h (24%)"), top_share
	// (their share), max_estimate (s), at_max
	// (share of jobs whose estimate is the maximal allowed one:
	// queueLimits, else the log's largest) and at_largest (share of jobs
	// whose estimate is the log's largest).
	Frame   dataframe.DataFrame
	rows    []fig3Row
	Missing []Missing
}

type fig3Row struct {
	log                      string
	jobs                     int
	medEst, medRun, medRatio float64
	round, topShare          float64
	top                      []estimates.Mode
	maxEst, atMax            float64
	// atLargest is the share of jobs whose estimate is the log's largest
	// (atMax when the log states no queue limit).
	atLargest float64
}

// Fig3 computes the distributions of estimates and runtimes of Fig. 3.
func (s *Study) Fig3(ctx context.Context) (*Fig3Result, error) {
	return s.fig3.Get(func() (*Fig3Result, error) {
		r := &Fig3Result{}
		var panels []*plot.Plot
		for _, name := range Fig3Logs {
			t, err := s.log(name, &r.Missing)
			if err != nil {
				return nil, err
			} else if t == nil {
				continue
			}
			est, run := estimates.Pairs(t)
			p, err := simplot.EstimateCDF(name, est, run)
			if err != nil {
				return nil, err
			}
			r.Logs, panels = append(r.Logs, name), append(panels, p)
			row := fig3Row{log: name, jobs: len(est), top: estimates.TopModes(t, 5)}
			var ratio []float64
			round, atMax := 0, 0
			row.maxEst = slices.Max(est)
			for i, e := range est {
				if run[i] > 0 {
					ratio = append(ratio, e/run[i])
				}
				if math.Mod(e, RoundEstimate) == 0 {
					round++
				}
				if e == row.maxEst {
					atMax++
				}
			}
			row.medEst, row.medRun, row.medRatio = median(est), median(run), median(ratio)
			row.round, row.atMax = float64(round)/float64(len(est)), float64(atMax)/float64(len(est))
			row.atLargest = row.atMax
			if lim := queueLimits[name]; lim != nil {
				row.atMax = atQueueLimit(t, lim)
			}
			for _, m := range row.top {
				row.topShare += m.Fraction
			}
			r.rows = append(r.rows, row)
		}
		n := len(r.rows)
		jobs := make([]int, n)
		me, mr, ratio, round, share, mx, at := make([]float64, n), make([]float64, n), make([]float64, n),
			make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
		largest := make([]float64, n)
		top := make([]string, n)
		for i, row := range r.rows {
			jobs[i], me[i], mr[i], ratio[i] = row.jobs, row.medEst, row.medRun, row.medRatio
			round[i], share[i], mx[i], at[i], largest[i] = row.round, row.topShare, row.maxEst, row.atMax, row.atLargest
			var ts []string
			for _, m := range row.top {
				ts = append(ts, fmt.Sprintf("%s (%s)", tables.Duration(m.Seconds), tables.Percent(m.Fraction)))
			}
			top[i] = strings.Join(ts, ", ")
		}
		r.Frame = dataframe.New(series.New(r.Logs, series.String, "log"), series.New(jobs, series.Int, "jobs"),
			series.New(me, series.Float, "median_estimate"), series.New(mr, series.Float, "median_runtime"),
			series.New(ratio, series.Float, "median_ratio"), series.New(round, series.Float, "round"),
			series.New(top, series.String, "top_estimates"), series.New(share, series.Float, "top_share"),
			series.New(mx, series.Float, "max_estimate"), series.New(at, series.Float, "at_max"),
			series.New(largest, series.Float, "at_largest"))
		r.Figure = figure("Fig. 3", "distributions of the runtime estimates and of the runtimes",
			"compare the estimates' steps (round values) with the runtimes' curve (the ledger's Fig. 3 entries)", 2, panels...)
		if r.Figure != nil {
			// One time axis for both logs: CTC-SP2's estimates end at its
			// 18-hour limit, well left of SDSC-BLUE's.
			r.Figure.ShareX, r.Figure.ShareY = true, true
		}
		return r, nil
	})
}

// Claims adds the claims of Fig. 3: round estimates, large over-estimation,
// frequent use of the maximum.
func (r *Fig3Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 3"
	unavailable(l, item, "fig3", r.Missing)
	for _, row := range r.rows {
		var ts []string
		for _, m := range row.top {
			ts = append(ts, tables.Duration(m.Seconds))
		}
		// "Round figures": a whole multiple of 5 minutes; most estimates
		// being round means more than half of them, a direction read by
		// ledger.WordRule: beyond one half by twice the binomial standard
		// error over the jobs (ledger.Most).
		l.Check(item, "fig3/"+row.log+"/round", row.log+": users tend to use round figures as estimates (share of estimates that are whole multiples of 5 minutes)",
			ledger.Most("most", max(row.jobs, 1), true), row.round).Digits(3).InTable(item, row.log, "round").
			Quoting("users tend to use round figures such as 30 minutes or 2 hours as their estimates").
			Noting("the five most frequent estimates: " + strings.Join(ts, ", "))
		// "By a large amount": the median job's estimate is at least twice
		// its runtime.
		l.Check(item, "fig3/"+row.log+"/overestimate", row.log+": users over-estimate by a large amount (median over jobs of estimate / runtime)",
			ledger.Stated("a large amount", ledger.AtLeast(LargeOverestimate)), row.medRatio).Digits(3).InTable(item, row.log, "overestimate").
			Quoting("they tend to over-estimate by a large amount")
		// "Often": at least a tenth of the jobs. "The maximal allowed
		// estimate" is the queue's limit where the header states it.
		allowed := "the log's largest (its header states no queue limit)"
		if queueLimits[row.log] != nil {
			allowed = fmt.Sprintf("its queue's limit as the header states it; the log's largest, %s, is used by %s of the jobs",
				tables.Duration(float64(row.maxEst)), tables.Percent(row.atLargest))
		}
		l.Check(item, "fig3/"+row.log+"/at-max", row.log+": users often use the maximal allowed estimate (share of jobs whose estimate is "+allowed+")",
			ledger.Stated("often", ledger.AtLeast(0.1)), row.atMax).Digits(3).InTable(item, row.log, "at-max").
			Quoting("often using the maximal allowed estimate").
			Measured(fmt.Sprintf("%s's most frequent estimate is %s (%.0f%% of the jobs)", row.log, ts[0], 100*row.top[0].Fraction))
	}
}

// atQueueLimit returns the share of t's jobs with an estimate and a
// runtime (estimates.Pairs) whose estimate is their queue's limit in lim;
// jobs of queues without a limit count as not at it.
func atQueueLimit(t *datasets.Trace, lim map[int]float64) float64 {
	n, at := 0, 0
	for i := range t.JobID {
		if run, est := t.Runtime[i], t.ReqTime[i]; run >= 0 && est > 0 {
			n++
			if l, ok := lim[t.Queue[i]]; ok && est == l {
				at++
			}
		}
	}
	return float64(at) / float64(n)
}

// median returns the median of x (the mean of the two middle values for
// an even count), NaN for none. x is not modified.
func median(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	s := slices.Clone(x)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
