package feitelson2021

import (
	"context"
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/session/sessionplot"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// Fig11Logs are the logs whose weeks Fig. 11's statement is tested on (the
// figure's own logs are lost with its caption's first lines).
var Fig11Logs = []string{"KTH-SP2", "SDSC-SP2", "CTC-SP2", "HPC2N"}

// Fig11Result tests "when one user loads the system, others tend to back
// off" (§4.2, Fig. 11) on the weeks of several logs.
type Fig11Result struct {
	Logs []string
	// Frame has one row per log: weeks, rho_size (Spearman's rank
	// correlation between a week's jobs and the mean processors of the
	// jobs of all but its most active user), rho_share (between the most
	// active user's share of a week's jobs and the other users' jobs).
	Frame    dataframe.DataFrame
	Figure   *plots.Figure
	rhoSize  []float64
	rhoShare []float64
	// sizeWeeks is, per log, the number of weeks rhoSize is computed over
	// (those with jobs of other users than the most active one).
	sizeWeeks []int
	// rhoSizeAll and rhoRuntime are Spearman's ρ between a week's jobs and
	// the mean processors of all its jobs (the most active user's
	// included: "all of them, by all users"), and the mean runtime of all
	// its jobs ("small" read as short); allWeeks and runtimeWeeks the
	// numbers of weeks they are computed over.
	rhoSizeAll, rhoRuntime []float64
	allWeeks, runtimeWeeks []int
	// rhoTop is Spearman's ρ between the most active user's jobs and the
	// other users' jobs (the other reading of "one user loads the
	// system"); weeks the number of weeks of each log.
	rhoTop []float64
	// rhoShuffled is the mean of ρ(share, other users' jobs) over
	// shuffles of the most active user's weekly jobs across the weeks (no
	// association by construction): the negative bias the share carries
	// because the other users' jobs are in its denominator; pShuffled the
	// fraction of shuffles with ρ at or below the observed one.
	rhoShuffled, pShuffled []float64
	weeks                  []int
	// backOff holds, per log, the shuffle test under each of
	// fig11Readings (the other readings of "loads" and "back off").
	backOff [][]fig11Test
	Missing []Missing
}

// fig11Reading is a reading of "when one user loads the system, others
// tend to back off" the paper's words allow besides ours (the most active
// user's share of a week's jobs against the other users' jobs in the same
// week): the load counted as processor-time (work) instead of jobs, the
// others' backing off read in the following week, or the jobs counted
// only when they completed (an input convention: failed and cancelled
// jobs left out).
type fig11Reading struct {
	key, label string
	work       bool // top user and others by processor-time, not jobs
	nextWeek   bool // the others' activity in the following calendar week
	completed  bool // only the jobs of status completed (datasets.StatusCompleted)
}

// fig11Readings are the readings measured beside ours (ledger.Tally over
// the logs of Fig11Logs decides whether one may be a reason).
var fig11Readings = []fig11Reading{
	{"work", "the load as processor-time (the week's top user by processor-time, its share of the week's work against the other users' work)", true, false, false},
	{"next-week", "the others' jobs in the following week", false, true, false},
	{"work-next-week", "the load as processor-time and the others' work in the following week", true, true, false},
	{"completed", "only the jobs that completed (failed and cancelled ones left out)", false, false, true},
}

// fig11Seeds are the seeds of the shuffles under each reading. Each seed's
// fraction is an estimate of one statistic (the shuffle test's p-value), so
// a reading is judged over them by ledger.SeedsRule: on their mean, which
// is the fraction over all fig11Seeds × fig11Shuffles shuffles.
const fig11Seeds = 5

// fig11Test is one reading's test on one log: ρ and the fraction of the
// shuffles at or below it at each of fig11Seeds seeds.
type fig11Test struct {
	rho float64
	p   []float64
}

// meanP is the fraction of the shuffles at or below ρ, the mean over the
// seeds (ledger.MeanOverSeeds).
func (t fig11Test) meanP() float64 { return ledger.MeanOverSeeds(t.p).Mean }

// holds reports whether fewer than 5% of the shuffles are as low, judged
// over the seeds (ledger.SeedsRule: the 5% compared, as stated, with the
// mean over the seeds).
func (t fig11Test) holds() bool {
	return len(t.p) > 0 && t.meanP() < 0.05
}

// holdsAt reports whether fewer than 5% of the shuffles are as low at seed
// j alone.
func (t fig11Test) holdsAt(j int) bool { return t.p[j] < 0.05 }

// seedsHeld is the number of seeds at which fewer than 5% of the shuffles
// are as low.
func (t fig11Test) seedsHeld() int {
	n := 0
	for _, p := range t.p {
		if p < 0.05 {
			n++
		}
	}
	return n
}

// weeklyShares returns, for each calendar week of t with jobs (the rows of
// feedback.WeeklyActivity, in order), the most active user's jobs and the
// other users' jobs, or with work the same by processor-time
// (processors × runtime, jobs with both known), the top user then being
// the one with the most processor-time; and next, the row of the
// following calendar week (−1 when it has no jobs or is past the end).
func weeklyShares(t *datasets.Trace, work bool) (top, others []float64, next []int) {
	c := datasets.NewClock(t)
	first := math.Inf(1)
	for _, s := range t.Submit {
		first = math.Min(first, s)
	}
	perWeek := map[int]map[int]float64{}
	for i, s := range t.Submit {
		if math.IsNaN(s) {
			continue
		}
		k := c.WeekIndex(first, s)
		if perWeek[k] == nil {
			perWeek[k] = map[int]float64{}
		}
		v := 1.0
		if work {
			v = 0
			if t.Procs[i] > 0 && t.Runtime[i] >= 0 {
				v = float64(t.Procs[i]) * t.Runtime[i]
			}
		}
		perWeek[k][t.User[i]] += v
	}
	keys := make([]int, 0, len(perWeek))
	for k := range perWeek {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for r, k := range keys {
		topUser, topV, total := -1, -1.0, 0.0
		for u, v := range perWeek[k] {
			total += v
			if v > topV || (v == topV && u < topUser) {
				topUser, topV = u, v
			}
		}
		top, others = append(top, topV), append(others, total-topV)
		n := -1
		if r+1 < len(keys) && keys[r+1] == k+1 {
			n = r + 1
		}
		next = append(next, n)
	}
	return top, others, next
}

// fig11Measure tests reading on t (its completed jobs only, when the
// reading says so): Spearman's ρ between the top user's share and the
// others' activity (the same or the following week) and the shuffle test
// at each of fig11Seeds seeds from seed.
func fig11Measure(t *datasets.Trace, reading fig11Reading, seed uint64) fig11Test {
	if reading.completed {
		status := t.Status
		t, _ = t.Filter(func(i int) bool { return status[i] == datasets.StatusCompleted })
	}
	top, oth, next := weeklyShares(t, reading.work)
	if !reading.nextWeek {
		for i := range next {
			next[i] = i
		}
	}
	out := fig11Test{rho: laggedShareRho(top, oth, next)}
	for k := range uint64(fig11Seeds) {
		_, p := shuffledLaggedShareRho(top, oth, next, out.rho, fig11Shuffles, seed+k)
		out.p = append(out.p, p)
	}
	return out
}

// Fig11 measures, per calendar week, the jobs and how the load is shared
// between the week's most active user and the others
// (feedback.WeeklyActivity).
func (s *Study) Fig11(ctx context.Context) (*Fig11Result, error) {
	return s.fig11.Get(func() (*Fig11Result, error) {
		r := &Fig11Result{}
		var weeks []int
		var panels []*plot.Plot
		for _, name := range Fig11Logs {
			t, err := s.log(name, &r.Missing)
			if err != nil {
				return nil, err
			} else if t == nil {
				continue
			}
			df := feedback.WeeklyActivity(t)
			cols, err := plots.FloatColumns(df, "jobs", "mean_procs_others", "top_user_jobs", "other_jobs", "mean_procs", "mean_runtime")
			if err != nil {
				return nil, err
			}
			jobs, others, top, oth := cols[0], cols[1], cols[2], cols[3]
			for k, y := range [][]float64{cols[4], cols[5]} {
				rho, n := knownRho(jobs, y)
				if k == 0 {
					r.rhoSizeAll, r.allWeeks = append(r.rhoSizeAll, rho), append(r.allWeeks, n)
				} else {
					r.rhoRuntime, r.runtimeWeeks = append(r.rhoRuntime, rho), append(r.runtimeWeeks, n)
				}
			}
			var x, y, px, py []float64
			for i := range jobs {
				if !math.IsNaN(others[i]) {
					x, y = append(x, jobs[i]), append(y, others[i])
					// The log's first and last calendar weeks are partial:
					// counted, not drawn (one would squash the axis).
					if i > 0 && i < len(jobs)-1 {
						px, py = append(px, jobs[i]), append(py, others[i])
					}
				}
			}
			share := make([]float64, len(top))
			for i := range top {
				share[i] = top[i] / jobs[i]
			}
			r.Logs, weeks = append(r.Logs, name), append(weeks, len(jobs))
			r.rhoSize, r.rhoShare = append(r.rhoSize, spearman(x, y)), append(r.rhoShare, spearman(share, oth))
			r.sizeWeeks = append(r.sizeWeeks, len(x))
			r.rhoTop, r.weeks = append(r.rhoTop, spearman(top, oth)), append(r.weeks, len(jobs))
			mean, pShuf := shuffledShareRho(top, oth, r.rhoShare[len(r.rhoShare)-1], fig11Shuffles, s.seed(11))
			r.rhoShuffled, r.pShuffled = append(r.rhoShuffled, mean), append(r.pShuffled, pShuf)
			var tests []fig11Test
			for _, reading := range fig11Readings {
				tests = append(tests, fig11Measure(t, reading, s.seed(11)))
			}
			r.backOff = append(r.backOff, tests)
			p, err := plots.Scatter([]plots.XY{{Label: "a calendar week", X: px, Y: py}}, plots.ScatterOptions{Axes: plots.Axes{
				Title: fmt.Sprintf("%s (ρ = %.2f)", name, r.rhoSize[len(r.rhoSize)-1]), XLabel: "jobs in the week",
				YLabel: "mean processors of the other users' jobs", LogX: true, LogY: true}})
			if err != nil {
				return nil, err
			}
			panels = append(panels, p)
		}
		r.Figure = figure("Fig. 11", "weeks with many jobs against the size of the other users' jobs",
			"the paper: the more jobs in a week, the fewer processors the other users' jobs use — ρ < 0 is that trend (the ledger's Fig. 11 entries say on which logs ours holds); partial first and last weeks not drawn", 2, panels...)
		if r.Figure != nil {
			// One scale for the four logs, which then compare, and a labelled
			// decade on each log axis (CTC-SP2's weeks alone span 1.1k–2.5k jobs).
			r.Figure.ShareX, r.Figure.ShareY = true, true
		}
		r.Frame = dataframe.New(series.New(r.Logs, series.String, "log"), series.New(weeks, series.Int, "weeks"),
			series.New(r.rhoSize, series.Float, "rho_size"), series.New(r.rhoShare, series.Float, "rho_share"),
			series.New(r.rhoShuffled, series.Float, "rho_share_shuffled"), series.New(r.pShuffled, series.Float, "p_shuffled"))
		return r, nil
	})
}

// Claims adds the claims of §4.2 and Fig. 11's caption.
func (r *Fig11Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 11"
	unavailable(l, item, "fig11", r.Missing)
	// Each reading is tallied over the logs judged over the seeds (the
	// count shown) and at each seed alone (ledger.JustifiedOverSeeds: the
	// net gain averaged over the seeds decides whether it may be a reason).
	tallies := make([]ledger.Tally, len(fig11Readings))
	bySeed := make([][]ledger.Tally, len(fig11Readings))
	for k := range fig11Readings {
		bySeed[k] = make([]ledger.Tally, fig11Seeds)
	}
	for i := range r.Logs {
		for k := range fig11Readings {
			t := r.backOff[i][k]
			tallies[k].Add(r.pShuffled[i] < 0.05, t.holds())
			for j := range t.p {
				bySeed[k][j].Add(r.pShuffled[i] < 0.05, t.holdsAt(j))
			}
		}
	}
	for i, name := range r.Logs {
		var within, shown []string
		var found ledger.Found
		for k, reading := range fig11Readings {
			t := r.backOff[i][k]
			text := fmt.Sprintf("with %s ρ = %.2f, %.1f%% of %d shuffles at or below it over %d seeds (%s seed by seed)",
				reading.label, t.rho, 100*t.meanP(), len(t.p)*fig11Shuffles, len(t.p), pRange(t.p))
			shown = append(shown, text)
			if t.holds() && ledger.JustifiedOverSeeds(bySeed[k]) {
				// One of the readings measured beside ours, judged over
				// the seeds.
				found = ledger.AmongReadings(len(fig11Readings)).OverSeeds(true, t.seedsHeld(), len(t.p))
				within = append(within, fmt.Sprintf("%s: it holds; applied to every log of Fig. 11 this reading makes %d of %d hold, against %d under ours (one of the %d readings measured beside ours, each in our value)",
					text, tallies[k].Within, tallies[k].N, tallies[k].AsComputed, len(fig11Readings)))
			}
		}
		// The share has the others' jobs in its denominator, so ρ < 0
		// even without any association: the claim holds only when ρ is
		// lower than under shuffled weeks (fewer than 5% of the shuffles
		// as low).
		l.Claim(item, "fig11/"+name+"/others-back-off", name+": when one user loads the system, others tend to back off: the larger the most active user's share of a week, the fewer jobs the other users submit (Spearman's ρ lower than with the most active user's weekly jobs shuffled across the weeks: fewer than 5% of the shuffles as low)",
			r.pShuffled[i] < 0.05, fmt.Sprintf("ρ = %.2f over %s's weeks; with the most active user's weekly jobs shuffled across the weeks ρ is %.2f on average, %.0f%% of %d shuffles at or below %.2f",
				r.rhoShare[i], name, r.rhoShuffled[i], 100*r.pShuffled[i], fig11Shuffles, r.rhoShare[i])).
			Quoting("when one user loads the system, others tend to back off").
			Measured(fmt.Sprintf("over %d weeks ρ has a standard error of about %.2f (1/√(n−1)); with the most active user's jobs instead of its share ρ = %.2f; %s",
				r.weeks[i], 1/math.Sqrt(float64(r.weeks[i]-1)), r.rhoTop[i], strings.Join(shown, "; "))).
			ExplainedBy(found, strings.Join(within, "; "))
		// A claimed direction holds only beyond the noise of ρ over the
		// log's weeks (as Fig. 19's "higher", useraware.go).
		bound := 2 * RhoSE(r.sizeWeeks[i])
		e := l.Claim(item, "fig11/"+name+"/many-jobs-small", name+": when there are many jobs, all of them, by all users, are small: the more jobs in a week, the fewer processors the other users' jobs use (Spearman's ρ below 0 by more than twice its standard error)",
			math.Atanh(r.rhoSize[i]) < -bound, fmt.Sprintf("ρ = %.2f over %d weeks; Fisher's z = %.2f against −2 SE = %.2f", r.rhoSize[i], r.sizeWeeks[i], math.Atanh(r.rhoSize[i]), -bound)).
			Quoting("When there are many jobs, all of them, by all users, are small").
			Measured(fmt.Sprintf("%s; %s", map[bool]string{true: fmt.Sprintf("the sign is the claim's, within the noise of %d weeks", r.sizeWeeks[i]),
				false: "the sign is against the claim"}[r.rhoSize[i] < 0], r.otherRhoSize(i)))
		if reason, measured := r.sizeReadings(i); reason != "" {
			e.ExplainedBy(ledger.AmongReadings(2), reason)
		} else {
			e.Measured(measured)
		}
	}
}

// knownRho is Spearman's ρ between x and y over the indices where y is
// known (not NaN), and their number.
func knownRho(x, y []float64) (float64, int) {
	var kx, ky []float64
	for i := range x {
		if !math.IsNaN(y[i]) {
			kx, ky = append(kx, x[i]), append(ky, y[i])
		}
	}
	return spearman(kx, ky), len(kx)
}

// sizeReadings says what the other readings of "all of them, by all users,
// are small" make of log i's claim — the mean processors of all the week's
// jobs, and the mean runtime ("small" read as short) —, each tallied over
// the logs of Fig. 11 (ledger.Tally). reason is the text of the readings
// that are justified and bring log i within ("" when none does); measured
// says what each gives.
func (r *Fig11Result) sizeReadings(i int) (reason, measured string) {
	holds := func(rho float64, n int) bool { return math.Atanh(rho) < -2*RhoSE(n) }
	readings := []struct {
		name string
		rho  []float64
		n    []int
	}{
		{"the mean processors of all the week's jobs, the most active user's included", r.rhoSizeAll, r.allWeeks},
		{"the mean runtime of the week's jobs (\"small\" read as short)", r.rhoRuntime, r.runtimeWeeks},
	}
	var reasons, parts []string
	for _, rd := range readings {
		var t ledger.Tally
		for k := range r.Logs {
			t.Add(holds(r.rhoSize[k], r.sizeWeeks[k]), holds(rd.rho[k], rd.n[k]))
		}
		s := fmt.Sprintf("with %s ρ = %.2f over %d weeks (Fisher's z %.2f against −2 SE %.2f); over Fig. 11's logs it makes %d of %d hold, against %d as computed",
			rd.name, rd.rho[i], rd.n[i], math.Atanh(rd.rho[i]), -2*RhoSE(rd.n[i]), t.Within, t.N, t.AsComputed)
		if t.Justified() && holds(rd.rho[i], rd.n[i]) {
			reasons = append(reasons, s)
		}
		parts = append(parts, s)
	}
	return strings.Join(reasons, "; "), strings.Join(parts, "; ")
}

// otherRhoSize lists rhoSize on the logs of Fig. 11 other than the i-th,
// with their numbers of weeks.
func (r *Fig11Result) otherRhoSize(i int) string {
	var s []string
	for k, name := range r.Logs {
		if k != i {
			s = append(s, fmt.Sprintf("%s %.2f over %d weeks", name, r.rhoSize[k], r.sizeWeeks[k]))
		}
	}
	return "ρ on the other logs: " + strings.Join(s, ", ")
}

// fig11Shuffles is the number of shuffles of shuffledShareRho.
const fig11Shuffles = 1000

// shuffledShareRho returns the mean over n shuffles (seeded) of the most
// active user's weekly jobs top across the weeks of Spearman's ρ between
// its share top/(top + oth) and the other users' jobs oth, and the
// fraction of shuffles whose ρ is at or below observed. The shuffles keep
// both marginals and remove any association, so the mean is the share's
// built-in bias (oth is in its denominator), the fraction a one-sided
// p-value of observed.
func shuffledShareRho(top, oth []float64, observed float64, n int, seed uint64) (mean, p float64) {
	same := make([]int, len(top))
	for i := range same {
		same[i] = i
	}
	return shuffledLaggedShareRho(top, oth, same, observed, n, seed)
}

// laggedShareRho is Spearman's ρ between the share top/(top + oth) of the
// weeks i with next[i] ≥ 0 and oth[next[i]] (next[i] = i: the same week).
func laggedShareRho(top, oth []float64, next []int) float64 {
	var x, y []float64
	for i, n := range next {
		if n >= 0 {
			x, y = append(x, top[i]/(top[i]+oth[i])), append(y, oth[n])
		}
	}
	return spearman(x, y)
}

// shuffledLaggedShareRho is shuffledShareRho with the others' activity
// taken at next[i] (laggedShareRho).
func shuffledLaggedShareRho(top, oth []float64, next []int, observed float64, n int, seed uint64) (mean, p float64) {
	rng := rand.New(rand.NewPCG(seed, 11))
	perm := slices.Clone(top)
	below := 0
	for range n {
		rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		rho := laggedShareRho(perm, oth, next)
		mean += rho / float64(n)
		if rho <= observed {
			below++
		}
	}
	return mean, float64(below) / float64(n)
}

// pRange writes fractions as a percentage or a range of percentages.
func pRange(p []float64) string {
	lo, hi := slices.Min(p), slices.Max(p)
	if lo == hi {
		return fmt.Sprintf("%.1f%%", 100*lo)
	}
	return fmt.Sprintf("%.1f–%.1f%%", 100*lo, 100*hi)
}

// RhoSE is the standard error of Fisher's z = atanh(ρ) of Spearman's rank
// correlation over n pairs without association, √(1.06/(n − 3)) (Fieller,
// Hartley and Pearson 1957); +Inf for n ≤ 3. A claimed direction of a
// rank correlation holds when z lies beyond twice it; two correlations
// differ when their z differ by more than twice √(SE₁² + SE₂²).
func RhoSE(n int) float64 {
	if n <= 3 {
		return math.Inf(1)
	}
	return math.Sqrt(1.06 / float64(n-3))
}

// spearman returns Spearman's rank correlation of x and y (average ranks
// for ties), NaN for fewer than two pairs.
func spearman(x, y []float64) float64 {
	if len(x) < 2 || len(x) != len(y) {
		return math.NaN()
	}
	return stat.Correlation(ranks(x), ranks(y), nil)
}

// ranks returns the ranks of x, 1 for the smallest, ties sharing their
// average rank.
func ranks(x []float64) []float64 {
	idx := argsort(x)
	r := make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && x[idx[j+1]] == x[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

// Fig13Result splits the users' time into the three states of §4.3's
// user model (Fig. 13): waiting for a job, thinking (in session), away.
type Fig13Result struct {
	Log string
	// seed is the fluid model's seed, one run per scheduler
	// (ledger.Unreplicated).
	seed uint64
	// Frame has one row per workload ("log", "fluid, easy", "fluid,
	// fcfs"): waiting, thinking and away (shares of the users' time from
	// first submission to last end), user_days.
	Frame  dataframe.DataFrame
	Figure *plots.Figure
	share  map[string][3]float64
	// InWindows is the share of the jobs of the fluid simulations that
	// arrive inside one of their user's original session windows (from the
	// session's first arrival to its last one, recycled weekly); a user
	// model whose returns follow "the passage of time" puts them there.
	InWindows map[string]float64
	Missing   []Missing
}

// Fig13 measures the user states of PopulationLog as logged and as
// generated by feedback simulations (fluid model) under EASY and FCFS.
func (s *Study) Fig13(ctx context.Context) (*Fig13Result, error) {
	return s.fig13.Get(func() (*Fig13Result, error) {
		r := &Fig13Result{Log: PopulationLog, seed: s.seed(13), share: map[string][3]float64{}, InWindows: map[string]float64{}}
		w, err := s.workloadOf(PopulationLog, &r.Missing)
		if w == nil {
			return r, err
		}
		names := []string{"log", "fluid, easy", "fluid, fcfs"}
		traces := make([]*datasets.Trace, len(names))
		traces[0] = w.Trace
		err = parallel.For(ctx, 2, s.o.NumWorkers(), func(_ context.Context, i int) error {
			sch := []sim.Scheduler{&sim.EASY{}, &sim.FCFS{}}[i]
			res, err := feedback.Simulate(w, sch, feedback.Options{Model: feedback.Fluid{}, Seed: s.seed(13)})
			if err != nil {
				return err
			}
			traces[i+1] = res.Trace()
			return nil
		})
		if err != nil {
			return nil, err
		}
		var wt, th, aw, days []float64
		for i, n := range names {
			df, err := feedback.StateTimes(traces[i])
			if err != nil {
				return nil, err
			}
			c, err := plots.FloatColumns(df, "waiting_hours", "thinking_hours", "away_hours")
			if err != nil {
				return nil, err
			}
			var sw, st, sa float64
			for k := range c[0] {
				sw, st, sa = sw+c[0][k], st+c[1][k], sa+c[2][k]
			}
			tot := sw + st + sa
			r.share[n] = [3]float64{sw / tot, st / tot, sa / tot}
			wt, th, aw, days = append(wt, sw/tot), append(th, st/tot), append(aw, sa/tot), append(days, tot/24)
		}
		r.Frame = dataframe.New(series.New(names, series.String, "workload"), series.New(wt, series.Float, "waiting"),
			series.New(th, series.Float, "thinking"), series.New(aw, series.Float, "away"), series.New(days, series.Float, "user_days"))
		p, err := plots.Bars([]string{"waiting", "thinking", "away"}, []plots.Sample{
			{Label: "the log", Values: []float64{wt[0], th[0], aw[0]}, Role: plots.Original},
			// EASY blue, FCFS vermillion, as in Figs 8, 12 and 17.
			{Label: "fluid model, EASY", Values: []float64{wt[1], th[1], aw[1]}, Color: 1},
			{Label: "fluid model, FCFS", Values: []float64{wt[2], th[2], aw[2]}, Color: 2},
		}, plots.BarsOptions{Axes: plots.Axes{Title: PopulationLog, XLabel: "user state", YLabel: "share of the users' time"}})
		if err != nil {
			return nil, err
		}
		// The thinking bars are too short to see: their values are written
		// above them, one line per bar in its colour, in the key's order.
		for i, c := range []color.Color{plots.OriginalColor, plots.Palette[0], plots.Palette[1]} {
			at := plotter.XYs{{X: 1, Y: max(th[0], th[1], th[2])}}
			off := vg.Point{Y: vg.Points(3 + 10*float64(len(names)-1-i))}
			err := plots.AddLabels(p, at, []string{fmt.Sprintf("%.4f", th[i])}, plots.LabelOptions{Colors: []color.Color{c}, Align: draw.XCenter, Offset: off})
			if err != nil {
				return nil, err
			}
		}
		r.Figure = figure("Fig. 13", "the users' time in the three states of the user model",
			"each scheduler's share of the users' time in each state (the ledger's Fig. 13 entries judge the paper's claims on them); "+
				"the thinking bars, too short to see, have their values written above them", 1, p)
		return r, nil
	})
}

// Claims adds the claims of §4.3 on the user states (Fig. 13).
func (r *Fig13Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 13"
	if onlyUnavailable(l, item, "fig13", r.Missing) {
		return
	}
	lg, fe, ff := r.share["log"], r.share["fluid, easy"], r.share["fluid, fcfs"]
	l.Claim(item, "fig13/three-states", r.Log+": users alternate between waiting for jobs, thinking and submitting, and being away: each state takes a share of their time",
		lg[0] > 0 && lg[1] > 0 && lg[2] > 0, fmt.Sprintf("log: waiting %.3f, thinking %.3f, away %.3f", lg[0], lg[1], lg[2])).
		Quoting("each user’s\nactivity is modeled by transitions between three states").
		AsCheck("every user of a log with sessions has jobs (waiting), gaps within sessions (thinking) and between them (away): it holds on any log, a check of our state accounting")
	l.Claim(item, "fig13/feedback-wait", r.Log+": the feedback signal paces the users: under the slower scheduler (FCFS) they spend a larger share of their time waiting than under EASY",
		ff[0] > fe[0], fmt.Sprintf("waiting share: FCFS %.3f, EASY %.3f", ff[0], fe[0])).
		Quoting("The feedback signal informs the user that the job has terminated").
		Unreplicated(1, r.seed)
}

// Fig14Result counts the order (follows) and potential-dependence
// (depends-on) constraints of §4.3 (Fig. 14) in several logs.
type Fig14Result struct {
	Logs []string
	// Frame has one row per log: batches, both (edges in both
	// relations), follows_only, depends_only (in the transitive reduction
	// that session.Analyze keeps), depends_all (every rule-2 edge), and
	// reduced (the share of rule-2 edges the reduction drops).
	Frame dataframe.DataFrame
	// Figure draws one user's jobs with their sessions and depends-on edges.
	Figure *plots.Figure
	rows   []fig14Row
	// Same reports whether feedback simulations of PopulationLog (fluid
	// model, EASY) with the reduced and with all rule-2 edges give every
	// job the same arrival; Differ counts the jobs that differ.
	Same    bool
	Differ  int
	Missing []Missing
}

type fig14Row struct {
	log                                          string
	jobs, batches, both, followsOnly, dependOnly int
	allDeps, reducedDeps                         int
}

// fig14Logs are the logs whose constraints are counted.
func (s *Study) fig14Logs() []string {
	if s.o.Quick {
		return []string{"KTH-SP2", "SDSC-SP2"}
	}
	return []string{"KTH-SP2", "SDSC-SP2", "CTC-SP2", "HPC2N", "SDSC-BLUE", "CEA-Curie"}
}

// Fig14 counts the edges of the two constraints per log.
func (s *Study) Fig14(ctx context.Context) (*Fig14Result, error) {
	return s.fig14.Get(func() (*Fig14Result, error) {
		r := &Fig14Result{}
		for _, name := range s.fig14Logs() {
			t, err := s.log(name, &r.Missing)
			if err != nil {
				return nil, err
			} else if t == nil {
				continue
			}
			st, err := session.Analyze(t, session.Options{})
			if err != nil {
				return nil, err
			}
			all, err := session.Analyze(t, session.Options{Dependencies: session.AllDependencies})
			if err != nil {
				return nil, err
			}
			row := fig14Row{log: name, jobs: t.Len(), batches: st.Batches.Len(), reducedDeps: st.Deps.Edges(), allDeps: all.Deps.Edges()}
			for b := range st.Batches.Len() {
				f := st.Follows(b)
				deps := st.Deps.Of(b)
				in := f >= 0 && slices.Contains(deps, f)
				switch {
				case in:
					row.both++
				case f >= 0:
					row.followsOnly++
				}
				row.dependOnly += len(deps)
				if in {
					row.dependOnly--
				}
			}
			r.Logs, r.rows = append(r.Logs, name), append(r.rows, row)
			if r.Figure == nil {
				p, err := dependencyPlot(t, st)
				if err != nil {
					return nil, err
				}
				r.Figure = figure("Fig. 14", "order and potential-dependence constraints: one day of one user",
					"dashed: a session's first batch depends on the last batch of earlier sessions that had ended when it began (rule 2; "+
						"several lines meet where it depends on several); the order constraints (each batch follows the one before it) are the rows' order, not drawn as lines", 1, p)
			}
		}
		if err := s.reductionTest(r); err != nil {
			return nil, err
		}
		n := len(r.rows)
		b, both, fo, do, all := make([]int, n), make([]int, n), make([]int, n), make([]int, n), make([]int, n)
		red := make([]float64, n)
		for i, row := range r.rows {
			b[i], both[i], fo[i], do[i], all[i] = row.batches, row.both, row.followsOnly, row.dependOnly, row.allDeps
			red[i] = 1 - float64(row.reducedDeps)/float64(row.allDeps)
		}
		r.Frame = dataframe.New(series.New(r.Logs, series.String, "log"), series.New(b, series.Int, "batches"),
			series.New(both, series.Int, "both"), series.New(fo, series.Int, "follows_only"),
			series.New(do, series.Int, "depends_only"), series.New(all, series.Int, "depends_all"),
			series.New(red, series.Float, "reduced"))
		return r, nil
	})
}

// reductionTest simulates PopulationLog with feedback on the reduced and
// on the full dependency graph and compares every job's arrival.
func (s *Study) reductionTest(r *Fig14Result) error {
	var ms []Missing // reported by Fig14's own loop
	t, err := s.log(PopulationLog, &ms)
	if t == nil {
		return err
	}
	var subs [2][]float64
	for k, dep := range []session.Dependencies{session.ReducedDependencies, session.AllDependencies} {
		w, err := feedback.NewWorkload(t, feedback.WorkloadOptions{Session: session.Options{Dependencies: dep}})
		if err != nil {
			return err
		}
		res, err := feedback.Simulate(w, &sim.EASY{}, feedback.Options{Model: feedback.Fluid{}, Seed: s.seed(14)})
		if err != nil {
			return err
		}
		subs[k] = res.Sim.Submit
	}
	for i := range subs[0] {
		if subs[0][i] != subs[1][i] {
			r.Differ++
		}
	}
	r.Same = r.Differ == 0
	return nil
}

// dependencyPlot draws the busiest day of the user with most sessions
// among the first users of t (session.Structure.PlotUser): jobs, sessions
// and depends-on edges.
func dependencyPlot(t *datasets.Trace, st session.Structure) (*plot.Plot, error) {
	best, bestSessions := -1, 0
	for u := range st.Users.ID {
		if n := st.Users.Sessions[u]; n > bestSessions && st.Users.Jobs[u] < 2000 {
			best, bestSessions = u, n
		}
	}
	if best < 0 {
		return nil, fmt.Errorf("feitelson2021: %s has no user with sessions", t.Name)
	}
	// The day (from its first session) with the most sessions of that user.
	fs := st.Users.FirstSession[best]
	from, most := 0.0, 0
	for k := range bestSessions {
		s0 := st.Sessions.Start[fs+k]
		n := 0
		for m := k; m < bestSessions && st.Sessions.Start[fs+m] < s0+datasets.Day; m++ {
			n++
		}
		if n > most {
			from, most = s0, n
		}
	}
	p, err := sessionplot.User(st, t, st.Users.ID[best], from-60, from+datasets.Day)
	if err != nil {
		return nil, err
	}
	p.Title.Text = fmt.Sprintf("%s, one day of user %d", plots.Label(t.Name), st.Users.ID[best])
	return p, nil
}

// Claims adds the claims of §4.3 on the constraints (Fig. 14).
func (r *Fig14Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 14"
	unavailable(l, item, "fig14", r.Missing)
	for _, row := range r.rows {
		l.Claim(item, "fig14/"+row.log+"/not-redundant", row.log+": the order and potential-dependence constraints are not redundant: each relation has edges the other lacks",
			row.followsOnly > 0 && row.dependOnly > 0, fmt.Sprintf("%d batches: %d edges in both, %d follows only, %d depends-on only", row.batches, row.both, row.followsOnly, row.dependOnly)).
			Quoting("show that the two types are not redundant").
			AsCheck("a possibility the definitions allow, shown by the marked edges of a conceptual drawing (ledger.PossibilityRule): one edge of each kind exists on any log with enough activity, so it checks our relations, not a result")
	}
	if len(r.rows) == 0 || r.rows[0].log != PopulationLog {
		return
	}
	row := r.rows[0]
	l.Claim(item, "fig14/"+row.log+"/last-job-enough", row.log+": it is enough to enforce dependencies on the last terminated job of each previous session: a feedback simulation (fluid model, EASY) on the transitive reduction gives every job the same arrival as on all the edges",
		r.Same, fmt.Sprintf("%d of %d jobs arrive at a different time; %d rule-2 edges in all, %d in the reduction",
			r.Differ, row.jobs, row.allDeps, row.reducedDeps)).
		Quoting("it is enough to enforce dependencies on the last terminated job in each previous session").
		AsCheck("a property of the dependency graph (the transitive reduction keeps every ordering); it checks our simulator")
}
