package zakay2013

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/analytics/users/usersplot"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/cleaned"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/resample/resampleplot"
	"github.com/tracelab/tracelab/sim/sweep"
)

// Our logs are the cleaned versions, from which the paper's flurries were
// removed (§6.4 uses "the flurries from the original logs", which are not
// available). The rare behaviours we oversample instead are each log's
// heaviest single-user bursts left: for each user, the 7-day window holding
// most of its jobs (resample.HeaviestBursts), the three heaviest.
const (
	burstWindow = 7 * 24 * 3600.0
	burstCount  = 3
)

// paperFlurries are the paper's rare behaviours (§6.4), by log.
var paperFlurries = []struct {
	log, users string
	ids        []int
}{
	{"LANL-CM5", "users 50 and 38 which each have a single flurry, and user 31 who has two", []int{50, 38, 31}},
	{"SDSC-SP2", "one large flurry by user 374", []int{374}},
	{"SDSC-Par", "all the activity of users 66 and 92", []int{66, 92}},
}

// Fig13Logs are the logs of Fig. 13, SDSC-Par-1996 standing in for
// SDSC-Par95.
var Fig13Logs = []string{"LANL-CM5", "SDSC-SP2", "SDSC-Par-1996"}

// bursts returns a log's heaviest bursts (once per log).
func (s *Study) bursts(log string) ([]resample.Burst, error) {
	return s.burstsMemo.Get(log, func() ([]resample.Burst, error) {
		tr, err := logOf(log)
		if err != nil {
			return nil, err
		}
		return resample.HeaviestBursts(tr, burstWindow, burstCount), nil
	})
}

// rarePools returns a log's pools with its heaviest bursts as rare
// behaviours (once per log).
func (s *Study) rarePools(log string) (*resample.Pools, error) {
	return s.rarePoolsMemo.Get(log, func() (*resample.Pools, error) {
		tr, err := logOf(log)
		if err != nil {
			return nil, err
		}
		bs, err := s.bursts(log)
		if err != nil {
			return nil, err
		}
		var rare []resample.RarePeriod
		for _, b := range bs {
			rare = append(rare, b.RarePeriod)
		}
		return resample.NewPools(tr, resample.PoolOptions{Rare: rare, Users: users.Options{Start: paperPeriodStart(log, tr)}})
	})
}

// removedUsers reads the cleaning filters of a log's header ("user=374 and
// (…) (11740 jobs removed)") and returns the jobs removed per user.
func removedUsers(h datasets.Header) map[int]int {
	out := map[int]int{}
	text := strings.Join(append(slices.Clone(h.Notes), h.Comments...), "\n")
	for _, m := range removedPattern.FindAllStringSubmatch(text, -1) {
		u, _ := strconv.Atoi(m[1])
		n, _ := strconv.Atoi(m[2])
		out[u] += n
	}
	return out
}

var removedPattern = regexp.MustCompile(`user=(\d+) and \([^\n]*?\) \((\d+) jobs removed\)`)

// Fig13Result is Fig. 13 (§6.4): jobs per week of three logs, the most
// active users in colour and the flurries the archive's cleaning removed
// put back (withFlurries), with the cleaned logs' heaviest single-user
// bursts.
type Fig13Result struct {
	Figure *plots.Figure // a panel per log of Fig13Logs
	// Bursts has one row per burst: log, user, begin and end (trace
	// seconds), days, jobs, log_jobs (all jobs in the period), share,
	// median_procs, median_runtime (s).
	Bursts  dataframe.DataFrame
	removed map[string]map[int]int // log → user → jobs removed by cleaning
	rows    []burstRow
	missing missingLogs
}

type burstRow struct {
	log            string
	b              resample.Burst
	procs, runtime float64 // medians over the burst's jobs
}

// Fig13 computes Fig. 13.
func (s *Study) Fig13(ctx context.Context) (*Fig13Result, error) {
	return s.fig13.Get(func() (*Fig13Result, error) {
		r := &Fig13Result{removed: map[string]map[int]int{}}
		var panels []*plot.Plot
		for _, name := range Fig13Logs {
			tr, err := logOf(name)
			if isMissing(err) {
				r.missing = append(r.missing, name)
				continue
			}
			if err != nil {
				return nil, err
			}
			r.removed[name] = removedUsers(tr.Header)
			bs, err := s.bursts(name)
			if err != nil {
				return nil, err
			}
			for _, b := range bs {
				var procs, runtime []float64
				for i, u := range tr.User {
					if u != b.User || tr.Submit[i] < b.Begin || tr.Submit[i] > b.End {
						continue
					}
					if tr.Procs[i] >= 0 { // −1: unknown
						procs = append(procs, float64(tr.Procs[i]))
					}
					if !math.IsNaN(tr.Runtime[i]) {
						runtime = append(runtime, tr.Runtime[i])
					}
				}
				r.rows = append(r.rows, burstRow{log: name, b: b, procs: median(procs), runtime: median(runtime)})
			}
			shown, restored, err := withFlurries(tr)
			if err != nil {
				return nil, err
			}
			var p *plot.Plot
			if restored == nil {
				p, err = resampleplot.WeeklyJobs(tr, 5, name)
			} else {
				p, err = resampleplot.WeeklyJobsMarked(shown, restored, flurriesLabel, 5, name)
			}
			if err != nil {
				return nil, err
			}
			panels = append(panels, p)
		}
		r.Figure = figure("Fig. 13", "jobs per week, the five most active users in colour, the flurries the archive's cleaning removed put back",
			"the flurries the archive removed are put back in dark red, at times reconstructed from the missing job numbers, as in the paper's original logs; the five named users are the busiest of the other jobs; compare with them the heaviest bursts left in the cleaned logs (table), our rare behaviours", 1, panels...)
		if r.Figure != nil {
			r.Figure.PanelWidth, r.Figure.PanelHeight = 9*vg.Inch, 2.4*vg.Inch
		}
		var lg []string
		var user, jobs, logJobs []int
		var begin, end, days, share, procs, runtime []float64
		for _, x := range r.rows {
			lg, user, jobs, logJobs = append(lg, x.log), append(user, x.b.User), append(jobs, x.b.Jobs), append(logJobs, x.b.LogJobs)
			begin, end, days = append(begin, x.b.Begin), append(end, x.b.End), append(days, (x.b.End-x.b.Begin)/86400)
			share, procs, runtime = append(share, float64(x.b.Jobs)/float64(x.b.LogJobs)), append(procs, x.procs), append(runtime, x.runtime)
		}
		r.Bursts = dataframe.New(
			series.New(lg, series.String, "log"), series.New(user, series.Int, "user"),
			series.New(begin, series.Float, "begin"), series.New(end, series.Float, "end"), series.New(days, series.Float, "days"),
			series.New(jobs, series.Int, "jobs"), series.New(logJobs, series.Int, "log_jobs"), series.New(share, series.Float, "share"),
			series.New(procs, series.Float, "median_procs"), series.New(runtime, series.Float, "median_runtime"),
		)
		return r, nil
	})
}

// flurriesLabel names Fig. 13's restored flurries in the key.
const flurriesLabel = "the removed flurries, put back"

// withFlurries returns t with the jobs its header's flurry filters (one
// user, a range of job numbers: datasets.CleaningFilter.Flurry) removed put
// back, as the paper's original logs hold them (§6.4), and which rows
// those are. The jobs are cleaned.Reconstruct's: each missing job number
// whose weight for a flurry filter exceeds ½, at its reconstructed submit
// time, as that filter's user's; every other field is unknown. A log whose
// header lists no flurry filter comes back as t with no marks (nil).
func withFlurries(t *datasets.Trace) (*datasets.Trace, []bool, error) {
	fs, err := t.Header.CleaningFilters()
	if err != nil {
		return nil, nil, fmt.Errorf("zakay2013: %s: %w", t.Name, err)
	}
	if !slices.ContainsFunc(fs, datasets.CleaningFilter.Flurry) {
		return t, nil, nil
	}
	rm, err := cleaned.Reconstruct(t)
	if err != nil {
		return nil, nil, err
	}
	out := t.Clone()
	marked := make([]bool, t.Len(), t.Len()+rm.Missing)
	for i, w := range rm.Weight {
		for j, f := range rm.Filters {
			if f.Flurry() && w[j] > 0.5 {
				job := datasets.UnknownJob()
				job.Submit, job.User = rm.Time[i], f.User
				out.Append(job)
				marked = append(marked, true)
				break
			}
		}
	}
	return out, marked, nil
}

// Claims records the paper's flurries as not available, with what the
// cleaned logs' headers say was removed. (Whether our stand-in bursts use
// as little as flurry jobs, Bursts's median_procs and median_runtime show:
// they are not flurries, so nothing of the paper is claimed of them.)
func (r *Fig13Result) Claims(l *ledger.Ledger) {
	r.missing.claims(l, "Fig. 13", "fig13")
	for _, f := range paperFlurries {
		why, log := unavailableWhy(f.log), f.log
		if rm, ok := r.removed[f.log]; ok {
			log += " (original, uncleaned)" // the paper's flurries are only in the archive's original log
			var parts []string
			for _, u := range f.ids {
				if n := rm[u]; n > 0 {
					parts = append(parts, fmt.Sprintf("user %d's %d jobs", u, n))
				}
			}
			why = "the flurries were removed from our cleaned log"
			if len(parts) > 0 {
				why += ": its header lists " + strings.Join(parts, ", ") + " as removed"
			}
		}
		l.MissingLog("Fig. 13", "fig13/"+f.log+"/flurries", f.log+": the paper's flurries, "+f.users, "flurries", log, why).
			Quoting(f.users)
	}
}

// rbValue is a value of RB_NPW with its label ("1/8").
type rbValue struct {
	label string
	v     float64
}

var rbFig14 = []rbValue{{"0", 0}, {"1/8", 1.0 / 8}, {"1/6", 1.0 / 6}, {"1/4", 1.0 / 4}}

// rareRuns generates reps resampled logs of pools p for each RB_NPW value
// (replicate i seeded sweep.Seed(seed, i) at every value: common random
// numbers), long-term users started as §4 says (paperStart), and returns
// them by value.
func (s *Study) rareRuns(ctx context.Context, p *resample.Pools, values []rbValue, reps int) ([][]*resample.Resampled, error) {
	out := make([][]*resample.Resampled, len(values))
	for k := range out {
		out[k] = make([]*resample.Resampled, reps)
	}
	err := s.parallel(ctx, len(values)*reps, func(i int) (err error) {
		k, rep := i/reps, i%reps
		out[k][rep], err = p.Generate(resample.Options{RBNPW: values[k].v, LongTermStart: paperStart, Seed: sweep.Seed(s.seed(), rep)})
		return err
	})
	return out, err
}

// busiestWeek is the largest number of jobs submitted in a week (7 × 24 h
// from the log's start).
func busiestWeek(r *resample.Resampled) float64 {
	count := map[int]float64{}
	for _, t := range r.Trace.Submit {
		count[int((t-r.Start)/burstWindow)]++
	}
	m := 0.0
	for _, c := range count {
		m = max(m, c)
	}
	return m
}

// Fig14Log is the log of Fig. 14.
const Fig14Log = "SDSC-SP2"

// Fig14Result is Fig. 14 (§6.4): SDSC-SP2 resampled with its bursts as
// rare behaviours, for RB_NPW 0, 1/8, 1/6 and 1/4.
type Fig14Result struct {
	Figure *plots.Figure // one resampled log per value, the most active users in colour
	// Frame has one row per value: rb_npw, logs, rare_arrivals, rare_jobs,
	// jobs, busiest_week (means over the resampled logs).
	Frame   dataframe.DataFrame
	rows    []rareRow
	missing missingLogs
}

type rareRow struct {
	rb                       rbValue
	logs                     int
	arrivals, rareJobs, jobs float64
	busiest                  float64
}

// Fig14 computes Fig. 14 with 7 resampled logs per value (2 in quick
// mode), as the repetitions of Fig. 15; the first is drawn.
func (s *Study) Fig14(ctx context.Context) (*Fig14Result, error) {
	return s.fig14.Get(func() (*Fig14Result, error) {
		p, err := s.rarePools(Fig14Log)
		if isMissing(err) {
			return &Fig14Result{missing: missingLogs{Fig14Log}}, nil
		}
		if err != nil {
			return nil, err
		}
		runs, err := s.rareRuns(ctx, p, rbFig14, s.o.Reps(7, 2))
		if err != nil {
			return nil, err
		}
		r := &Fig14Result{}
		var panels []*plot.Plot
		for k, rb := range rbFig14 {
			row := rareRow{rb: rb, logs: len(runs[k])}
			for _, x := range runs[k] {
				n := float64(len(runs[k]))
				row.arrivals += float64(x.Report.RareArrivals) / n
				row.rareJobs += float64(x.Report.RareJobs) / n
				row.jobs += float64(x.Trace.Len()) / n
				row.busiest += busiestWeek(x) / n
			}
			r.rows = append(r.rows, row)
			pl, err := resampleplot.WeeklyJobsRare(runs[k][0], 5, "RB_NPW "+rb.label)
			if err != nil {
				return nil, err
			}
			panels = append(panels, pl)
		}
		r.Figure = figure("Fig. 14", "rare behaviours added to "+Fig14Log+": jobs per week of one resampled log per RB_NPW",
			"the added rare-behaviour users' jobs (dark red, on top) at each RB_NPW; the five busiest other users are coloured and named (the paper marks 11; the ledger's Fig. 14 entries)", 1, panels...)
		r.Figure.PanelWidth, r.Figure.PanelHeight = 9*vg.Inch, 2.2*vg.Inch
		// One y range: the bursts compare from panel to panel.
		r.Figure.ShareX, r.Figure.ShareY = true, true
		r.Frame = rareFrame(r.rows)
		return r, nil
	})
}

func rareFrame(rows []rareRow) dataframe.DataFrame {
	var rb []string
	var logs []int
	var arr, rj, jobs, busy []float64
	for _, x := range rows {
		rb, logs = append(rb, x.rb.label), append(logs, x.logs)
		arr, rj, jobs, busy = append(arr, x.arrivals), append(rj, x.rareJobs), append(jobs, x.jobs), append(busy, x.busiest)
	}
	return dataframe.New(
		series.New(rb, series.String, "rb_npw"), series.New(logs, series.Int, "logs"),
		series.New(arr, series.Float, "rare_arrivals"), series.New(rj, series.Float, "rare_jobs"),
		series.New(jobs, series.Float, "jobs"), series.New(busy, series.Float, "busiest_week"),
	)
}

// Claims adds that without rare behaviours the busiest week is lower than
// with any, and that rare behaviours arrive more often as RB_NPW grows.
func (r *Fig14Result) Claims(l *ledger.Ledger) {
	if len(r.missing) > 0 {
		r.missing.claims(l, "Fig. 14", "fig14")
		return
	}
	zero := r.rows[0]
	lower, more := true, true
	var busy, arr []string
	for k, x := range r.rows {
		busy, arr = append(busy, fmt.Sprintf("%s: %.0f", x.rb.label, x.busiest)), append(arr, fmt.Sprintf("%s: %.1f", x.rb.label, x.arrivals))
		if k > 0 {
			lower = lower && zero.busiest < x.busiest
			more = more && x.arrivals > r.rows[k-1].arrivals
		}
	}
	burstsStandIn(l.Claim("Fig. 14", "fig14/"+Fig14Log+"/busiest_week_lower_without", Fig14Log+": without rare behaviours the busiest week has fewer jobs than with any",
		lower, "mean busiest week by RB_NPW "+strings.Join(busy, ", ")).
		Quoting("When there are no flurries at all (first graph), the scale of the number of jobs is dramatically lower."), Fig14Log)
	l.Claim("Fig. 14", "fig14/"+Fig14Log+"/more_with_rb", Fig14Log+": more rare behaviours arrive as RB_NPW grows",
		more, "mean rare arrivals by RB_NPW "+strings.Join(arr, ", ")).
		Quoting("it is easy to see that there are more flurries when RB_NPW gets bigger").
		AsCheck("our generator draws on average RB_NPW rare-behaviour users a week (§6.4 step 3): more arrive as RB_NPW grows by construction")
}

// burstsStandIn marks an entry of Figs. 14–16 as not comparable (our
// value kept): the paper added the flurries of the uncleaned logs, which
// were removed from the cleaned logs we have, and the heaviest bursts left
// in them stand in (HeaviestBursts) — not the paper's input, so their
// effect is not the paper's result to agree or differ with.
func burstsStandIn(e *ledger.Entry, log string) *ledger.Entry {
	return e.OnStandIn("the paper's flurries were removed from the cleaned " + log + " we have; its heaviest remaining single-user bursts stand in")
}

// Fig15Log is the log of Figs 15–16.
const Fig15Log = "LANL-CM5"

// Fig15Result is Fig. 15 (§6.4): LANL-CM5 resampled with its bursts as
// rare behaviours, 7 logs per RB_NPW value (2 in quick mode): the jobs per
// user and the average session length against the original's.
type Fig15Result struct {
	Figure *plots.Figure // per value (columns): jobs per user, average session length (rows)
	// Frame has one row per value: rb_npw, logs, rare_arrivals,
	// rare_share (of the jobs), ks_jobs, ks_session_length (mean KS
	// distance to the original), max_jobs (mean largest jobs per user).
	Frame        dataframe.DataFrame
	rows         []fig15Row
	origMax      float64 // the original's largest jobs per user
	largestBurst int
	missing      missingLogs
}

type fig15Row struct {
	rb                                 rbValue
	arrivals, share, ksJobs, ksSession float64
	maxJobs                            float64
	logs                               int
}

// Fig15 computes Fig. 15.
func (s *Study) Fig15(ctx context.Context) (*Fig15Result, error) {
	return s.fig15.Get(func() (*Fig15Result, error) {
		p, err := s.rarePools(Fig15Log)
		if isMissing(err) {
			return &Fig15Result{missing: missingLogs{Fig15Log}}, nil
		}
		if err != nil {
			return nil, err
		}
		orig, err := users.ComputeMarginals(p.Trace, users.Options{})
		if err != nil {
			return nil, err
		}
		orig.Name = Fig15Log
		bs, err := s.bursts(Fig15Log)
		if err != nil {
			return nil, err
		}
		runs, err := s.rareRuns(ctx, p, rbFig14, s.o.Reps(7, 2))
		if err != nil {
			return nil, err
		}
		r := &Fig15Result{origMax: slices.Max(orig.Values[users.JobsPerUser]), largestBurst: bs[0].Jobs}
		var jobsPanels, sessionPanels []*plot.Plot
		for k, rb := range rbFig14 {
			vms, err := s.variantMarginals(ctx, runs[k])
			if err != nil {
				return nil, err
			}
			o := usersplot.MarginalOptions{Label: fmt.Sprintf("%d resampled logs (range, median)", len(vms))}
			j, err := usersplot.Marginal(users.JobsPerUser, &orig, vms, o)
			if err != nil {
				return nil, err
			}
			sl, err := usersplot.Marginal(users.AvgSessionLength, &orig, vms, o)
			if err != nil {
				return nil, err
			}
			j.Title.Text, sl.Title.Text = "RB_NPW "+rb.label, "RB_NPW "+rb.label
			jobsPanels, sessionPanels = append(jobsPanels, j), append(sessionPanels, sl)
			row := fig15Row{rb: rb, logs: len(vms)}
			n := float64(len(vms))
			for i, v := range vms {
				row.arrivals += float64(runs[k][i].Report.RareArrivals) / n
				row.share += float64(runs[k][i].Report.RareJobs) / float64(runs[k][i].Trace.Len()) / n
				ks := resample.MarginalKS(orig, v)
				row.ksJobs += ks[slices.Index(users.Metrics, users.JobsPerUser)] / n
				row.ksSession += ks[slices.Index(users.Metrics, users.AvgSessionLength)] / n
				row.maxJobs += slices.Max(v.Values[users.JobsPerUser]) / n
			}
			r.rows = append(r.rows, row)
		}
		r.Figure = figure("Fig. 15", Fig15Log+" resampled with its bursts as rare behaviours, per RB_NPW",
			"jobs per user (top) and average session length (bottom): the original against the band of each RB_NPW (the ledger's Fig. 15 entries)", len(jobsPanels),
			append(jobsPanels, sessionPanels...)...)
		var rb []string
		var logs []int
		var arr, share, kj, ks, mx []float64
		for _, x := range r.rows {
			rb, logs = append(rb, x.rb.label), append(logs, x.logs)
			arr, share, kj, ks, mx = append(arr, x.arrivals), append(share, x.share), append(kj, x.ksJobs), append(ks, x.ksSession), append(mx, x.maxJobs)
		}
		r.Frame = dataframe.New(
			series.New(rb, series.String, "rb_npw"), series.New(logs, series.Int, "logs"),
			series.New(arr, series.Float, "rare_arrivals"), series.New(share, series.Float, "rare_share"),
			series.New(kj, series.Float, "ks_jobs"), series.New(ks, series.Float, "ks_session_length"),
			series.New(mx, series.Float, "max_jobs"),
		)
		return r, nil
	})
}

// Claims adds that without rare behaviours the largest numbers of jobs per
// user are much lower, and that the jobs per user move further from the
// original's as RB_NPW grows.
func (r *Fig15Result) Claims(l *ledger.Ledger) {
	if len(r.missing) > 0 {
		r.missing.claims(l, "Fig. 15", "fig15")
		return
	}
	zero, top := r.rows[0], r.rows[len(r.rows)-1]
	e := burstsStandIn(l.Claim("Fig. 15", "fig15/"+Fig15Log+"/max_jobs_lower_without", Fig15Log+": without rare behaviours the largest number of jobs of a user is lower",
		zero.maxJobs < top.maxJobs, fmt.Sprintf("mean largest jobs per user: %.0f with RB_NPW 0, %.0f with %s", zero.maxJobs, top.maxJobs, top.rb.label)).
		Quoting("When there are no flurries, the maximal values are much lower."), Fig15Log)
	e.Reason += fmt.Sprintf("; they are far smaller than the removed flurries: the largest has %d jobs, while the busiest user of the cleaned log has %.0f", r.largestBurst, r.origMax)
	burstsStandIn(l.Claim("Fig. 15", "fig15/"+Fig15Log+"/jobs_differ_more", Fig15Log+": the distribution of jobs per user moves away from the original's as RB_NPW grows",
		top.ksJobs > zero.ksJobs, fmt.Sprintf("mean KS distance %.3f with RB_NPW 0, %.3f with %s", zero.ksJobs, top.ksJobs, top.rb.label)).
		Quoting("The main differences can be seen in the graphs of the number of jobs and the average session lengths by each user."), Fig15Log)
}

// Fig16Result is Fig. 16 (§6.4): EASY on LANL-CM5 resampled with its
// bursts as rare behaviours, 100 simulations per RB_NPW value (4 in quick
// mode), the rare jobs left out of the metrics.
type Fig16Result struct {
	Figure *plots.Figure // non-rare jobs, utilisation, slowdown, wait: one outline per value
	// Sweep holds the simulations (sweep.Run over resample.Experiment:
	// replicate, seed, rb_npw, then MetricsColumns).
	Sweep dataframe.DataFrame
	// Frame has one row per value: rb_npw, runs, and the median and 90th
	// percentile of counted (non-rare jobs), utilization, avg_slowdown,
	// avg_wait.
	Frame   dataframe.DataFrame
	values  []rbValue
	stats   map[string][][2]float64 // metric → per value (median, p90)
	rate    float64                 // the log's arrival rate of temporary users
	missing missingLogs
}

// fig16Metrics are the panels of Fig. 16.
var fig16Metrics = []struct{ col, label string }{
	{"counted", "non-rare jobs"}, {"utilization", "utilisation"}, {"avg_slowdown", "average slowdown"}, {"avg_wait", "average wait [s]"},
}

// fig16Subtitle says how each metric's median (and, for the slowdown and
// the wait, its 90th percentile) moves from the first RB_NPW to the last:
// "RB_NPW 0 → 0.43 (for 1/2): non-rare jobs −1.6%, …".
func fig16Subtitle(values []rbValue, stats map[string][][2]float64) string {
	change := func(q [][2]float64, k int) string {
		return fmt.Sprintf("%+.1f%%", 100*(q[len(q)-1][k]/q[0][k]-1))
	}
	var parts []string
	for _, m := range fig16Metrics {
		q := stats[m.col]
		if len(q) < 2 {
			continue
		}
		part := strings.TrimSuffix(m.label, " [s]") + " median " + change(q, 0)
		if m.col == "avg_slowdown" || m.col == "avg_wait" {
			part += " (90th percentile " + change(q, 1) + ")"
		}
		parts = append(parts, part)
	}
	return fmt.Sprintf("RB_NPW %s → %s: %s", values[0].label, values[len(values)-1].label, strings.Join(parts, ", "))
}

// fig16Values are the paper's RB_NPW values, the last capped at the log's
// arrival rate of temporary users (RB_NPW cannot exceed it, §6.4 step 3).
func fig16Values(rate float64) []rbValue {
	vs := []rbValue{{"0", 0}, {"1/8", 1.0 / 8}, {"1/4", 1.0 / 4}, {"1/2", 1.0 / 2}}
	if last := &vs[len(vs)-1]; last.v > rate {
		last.v = math.Floor(rate*100) / 100
		last.label = strconv.FormatFloat(last.v, 'f', -1, 64) + " (for 1/2)"
	}
	return vs
}

// Fig16 computes Fig. 16.
func (s *Study) Fig16(ctx context.Context) (*Fig16Result, error) {
	return s.fig16.Get(func() (*Fig16Result, error) {
		p, err := s.rarePools(Fig15Log)
		if isMissing(err) {
			return &Fig16Result{missing: missingLogs{Fig15Log}}, nil
		}
		if err != nil {
			return nil, err
		}
		r := &Fig16Result{rate: p.TemporaryRate(), stats: map[string][][2]float64{}}
		r.values = fig16Values(r.rate)
		var vals []float64
		for _, v := range r.values {
			vals = append(vals, v.v)
		}
		// Long-term users started as §4 says (paperStart).
		e, err := resample.NewExperiment(p, resample.ExperimentOptions{Generate: resample.Options{LongTermStart: paperStart}})
		if err != nil {
			return nil, err
		}
		spec := sweep.Spec{Experiment: e, Reps: s.o.Reps(100, 4), Seed: s.seed(), Params: []sweep.Param{{Name: "rb_npw", Values: vals}}}
		if r.Sweep, err = sweep.Run(ctx, spec, sweep.Options{Workers: s.o.Workers,
			Progress: func(done, total int) { s.o.Report(Fig15Log+": EASY with rare behaviours", done, total) }}); err != nil {
			return nil, err
		}
		rb := r.Sweep.Col("rb_npw").Float()
		var panels []*plot.Plot
		cols := []series.Series{series.New(labels(r.values), series.String, "rb_npw"),
			series.New(slices.Repeat([]int{spec.Reps}, len(r.values)), series.Int, "runs")}
		for _, m := range fig16Metrics {
			v := r.Sweep.Col(m.col).Float()
			var samples []plots.Sample
			var med, p90 []float64
			for _, x := range r.values {
				var sample []float64
				for i := range v {
					if rb[i] == x.v && !math.IsNaN(v[i]) {
						sample = append(sample, v[i])
					}
				}
				slices.Sort(sample)
				q := [2]float64{stat.Quantile(0.5, stat.Empirical, sample, nil), stat.Quantile(0.9, stat.Empirical, sample, nil)}
				r.stats[m.col] = append(r.stats[m.col], q)
				med, p90 = append(med, q[0]), append(p90, q[1])
				samples = append(samples, plots.Sample{Label: "RB_NPW " + x.label, Values: sample})
			}
			// The slowdown and the wait on log bins: their runs span two
			// decades, and on equal-width bins most fell in the first,
			// hiding the tails the paper compares.
			tailed := m.col == "avg_slowdown" || m.col == "avg_wait"
			h, err := resampleplot.StepHistograms(samples, 15, plots.Axes{Title: m.label, XLabel: m.label, IntegerX: m.col == "counted", LogX: tailed})
			if err != nil {
				return nil, err
			}
			panels = append(panels, h)
			cols = append(cols, series.New(med, series.Float, m.col+"_median"), series.New(p90, series.Float, m.col+"_p90"))
		}
		r.Figure = figure("Fig. 16", fmt.Sprintf("EASY on %s with rare behaviours: %d simulations per RB_NPW", Fig15Log, spec.Reps),
			fig16Subtitle(r.values, r.stats), 4, panels...)
		r.Frame = dataframe.New(cols...)
		return r, nil
	})
}

func labels(vs []rbValue) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.label
	}
	return out
}

// Claims compares the lowest and the highest RB_NPW: fewer non-rare jobs
// and a lower utilisation, worse slowdown and wait, heavier tails.
func (r *Fig16Result) Claims(l *ledger.Ledger) {
	if len(r.missing) > 0 {
		r.missing.claims(l, "Fig. 16", "fig16")
		return
	}
	lo, hi := 0, len(r.values)-1
	cmp := func(col string, q int, higher bool) (bool, string) {
		a, b := r.stats[col][lo][q], r.stats[col][hi][q]
		return (b > a) == higher && a != b, fmt.Sprintf("%s with RB_NPW 0, %s with %s", ledger.Format(a, 4), ledger.Format(b, 4), r.values[hi].label)
	}
	id := "fig16/" + Fig15Log + "/"
	for _, c := range []struct {
		col, what string
	}{{"counted", "non-rare jobs"}, {"utilization", "utilisation of the non-rare jobs"}} {
		ok, ev := cmp(c.col, 0, false)
		burstsStandIn(l.Claim("Fig. 16", id+c.col+"_reduced", Fig15Log+": median "+c.what+" lower with more rare behaviours", ok, ev).
			Quoting("the number of jobs and the utilization are lightly reduced when the value of RB_NPW gets bigger"), Fig15Log)
	}
	for _, c := range []struct {
		col, what string
	}{{"avg_slowdown", "average slowdown"}, {"avg_wait", "average wait"}} {
		ok, ev := cmp(c.col, 0, true)
		burstsStandIn(l.Claim("Fig. 16", id+c.col+"_worse", Fig15Log+": median "+c.what+" of the non-rare jobs higher with more rare behaviours", ok, ev).
			Quoting("more flurries lead to worse performance"), Fig15Log)
		ok, ev = cmp(c.col, 1, true)
		burstsStandIn(l.Claim("Fig. 16", id+c.col+"_tail", Fig15Log+": 90th percentile of the "+c.what+" higher with more rare behaviours", ok, ev).
			Quoting("higher RB_NPW values cause a heavier tailed distribution of both metrics"), Fig15Log)
	}
}
