package zakay2014

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
	"gonum.org/v1/plot/vg"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/feedback/feedbackplot"
)

// ModelsResult is Figs 5–9 (§VII): the workload each user model generates
// under EASY (recorded as the simulation unfolds) against the log — arrivals
// per hour of the week (Figs 5, 6, 8) and the activity length per user
// (Figs 7, 9) — for KTH-SP2, and SDSC-SP2 in full mode.
type ModelsResult struct {
	Logs    []ModelsLog
	missing []string // the figures' logs that are not available
	seed    uint64   // the user models' seed, one run (ledger.Unreplicated)
	// longSeeds are, by log, the random models' users with very long
	// activity periods at Table I's further seeds (tableIRow.longSeeds;
	// full mode only), shown beside a Fig. 7 or 9 claim that differs.
	longSeeds map[string][]map[string]int
}

// ModelsLog is the figures of one log.
type ModelsLog struct {
	Log string
	// Arrivals draws Figs 5, 6 and 8: the arrivals per hour of the week
	// of the adjusted, distribution-based and fluid models (dashed) and of
	// the log (bold black).
	Arrivals *plots.Figure
	// Activity draws Figs 7 and 9: the distribution of the activity
	// length per user of the distribution-based and fluid models (dashed)
	// and of the log.
	Activity *plots.Figure
	// Users has one row per model: model, mean_activity_days,
	// shorter (users less active than in the log), much_longer (users
	// active much longer than in the log: longUsers), users.
	Users dataframe.DataFrame
	// Summary is feedback.Comparison.SummaryFrame: the simulations'
	// metrics.
	Summary dataframe.DataFrame

	m modelMeasures
}

// modelMeasures are the numbers the claims of Figs 5–9 compare.
type modelMeasures struct {
	cycle                  map[string]float64
	peak                   map[string]float64 // largest share of one hour of the week
	corrWithLog            map[string]float64
	morning, evening       float64 // distribution model: weekday share of 6–10 h and 16–20 h
	shorter, longer, users map[string]int
	meanDays               map[string]float64 // mean activity per user, days
	medianRatio            map[string]float64 // median over users of activity(model)/activity(log)
}

// Models simulates the user models on the figures' logs (memoised with
// Table I's simulations).
func (s *Study) Models(ctx context.Context) (*ModelsResult, error) {
	return s.models.Get(func() (*ModelsResult, error) {
		logs := []string{"KTH-SP2", "SDSC-SP2"}
		if s.o.Quick {
			logs = logs[:1]
		}
		r := &ModelsResult{seed: s.seed()}
		for _, name := range logs {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			c, err := s.comparison(comparisonKey{log: name, scheduler: "easy"})
			if missing(err) {
				r.missing = append(r.missing, name)
				continue
			}
			if err != nil {
				return nil, err
			}
			ml, err := modelsLog(name, c)
			if err != nil {
				return nil, err
			}
			r.Logs = append(r.Logs, ml)
		}
		if !s.o.Quick {
			t, err := s.TableI(ctx)
			if err != nil {
				return nil, err
			}
			r.longSeeds = map[string][]map[string]int{}
			for _, row := range t.rows {
				if row.ok && len(row.longSeeds) > 0 {
					r.longSeeds[row.log.Catalog] = row.longSeeds
				}
			}
		}
		return r, nil
	})
}

// longAtSeeds says how many users have very long activity periods under
// model on log at Table I's further seeds (from seed+1), of users; "" when
// they were not run (quick mode).
func (r *ModelsResult) longAtSeeds(log, model string, users int) string {
	seeds := r.longSeeds[log]
	if len(seeds) == 0 || users == 0 {
		return ""
	}
	parts := make([]string, len(seeds))
	for k, m := range seeds {
		parts[k] = fmt.Sprintf("seed %d: %d (%.4f)", r.seed+uint64(k+1), m[model], float64(m[model])/float64(users))
	}
	return fmt.Sprintf("at further seeds, of %d users: %s", users, strings.Join(parts, ", "))
}

// longOverSeeds returns the shares of users with very long activity
// periods under model on log: long of users at the figure's seed, then at
// Table I's further seeds (full mode). A magnitude word is judged on their
// mean, as stated (ledger.SeedsRule).
func (r *ModelsResult) longOverSeeds(log, model string, long, users int) []float64 {
	vs := []float64{frac(long, users)}
	for _, m := range r.longSeeds[log] {
		vs = append(vs, frac(m[model], users))
	}
	return vs
}

// checkLong records a Fig. 7 or 9 claim that a few users under model are
// active for very long periods, judged on the mean share over the seeds
// measured (ledger.SeedsRule; one seed, the figure's, in quick mode).
func (r *ModelsResult) checkLong(l *ledger.Ledger, fig, id, statement, model string, m modelMeasures, log string) *ledger.Entry {
	users := m.users[model]
	o := ledger.MeanOverSeeds(r.longOverSeeds(log, model, m.longer[model], users))
	e := l.Check(fig, id, statement, few(users), o.Mean)
	if o.N == 1 {
		return e.Noting(fmt.Sprintf("%d of %d users", m.longer[model], users))
	}
	e.OurValue += fmt.Sprintf(" (SE %.4f)", o.SE)
	return e.Noting(fmt.Sprintf("%d of %d users at seed %d", m.longer[model], users, r.seed)).
		AcrossSeeds(r.longAtSeeds(log, model, users)).
		JudgedOverSeeds(o.N, r.seed)
}

func modelsLog(name string, c *feedback.Comparison) (ModelsLog, error) {
	ml := ModelsLog{Log: name, Summary: c.SummaryFrame()}
	how := c.HourOfWeekFrame()
	var arrivals, activity []*plot.Plot
	for _, f := range []struct{ model, fig string }{{"adjusted", "Fig. 5"}, {"distribution", "Fig. 6"}, {"fluid", "Fig. 8"}} {
		p, err := feedbackplot.HourOfWeek(how, f.model)
		if err != nil {
			return ml, err
		}
		p.Title.Text = fmt.Sprintf("%s: the %s model", f.fig, f.model)
		arrivals = append(arrivals, p)
	}
	act := c.ActivityFrame()
	for _, f := range []struct{ model, fig string }{{"distribution", "Fig. 7"}, {"fluid", "Fig. 9"}} {
		p, err := feedbackplot.Activity(act, f.model)
		if err != nil {
			return ml, err
		}
		p.Title.Text = fmt.Sprintf("%s: the %s model", f.fig, f.model)
		activity = append(activity, p)
	}
	ml.Arrivals = figure("Figs 5, 6, 8", "arrivals per hour of the week under EASY, each user model against "+name,
		"each user model's daily and weekly cycles against the log's (§VII; the ledger's Figs 5, 6, 8 entries)", 1, arrivals...)
	ml.Arrivals.PanelWidth, ml.Arrivals.PanelHeight = 8*vg.Inch, 2.1*vg.Inch
	// One quantity in every panel: the log's curve at the same height in each.
	ml.Arrivals.ShareX, ml.Arrivals.ShareY = true, true
	ml.Activity = figure("Figs 7, 9", "activity length per user under EASY, two user models against "+name,
		"each user model's activity lengths against the log's (§VII; the ledger's Figs 7, 9 entries)", 2, activity...)
	ml.Activity.ShareX, ml.Activity.ShareY = true, true
	var err error
	if ml.m, err = measure(c); err != nil {
		return ml, err
	}
	ml.Users = ml.m.frame()
	return ml, nil
}

// models are the user models, in the paper's order.
var models = []string{"adjusted", "distribution", "fluid"}

func measure(c *feedback.Comparison) (modelMeasures, error) {
	m := modelMeasures{cycle: map[string]float64{}, peak: map[string]float64{}, corrWithLog: map[string]float64{},
		shorter: map[string]int{}, longer: map[string]int{}, users: map[string]int{}, meanDays: map[string]float64{},
		medianRatio: map[string]float64{}}
	logProfile := profile(c.Original.HourOfWeek)
	m.cycle["log"], m.peak["log"] = cv(logProfile), slices.Max(logProfile)
	base, err := feedback.ActivityLengths(c.Workload.Trace)
	if err != nil {
		return m, err
	}
	m.meanDays["log"], m.users["log"] = mean(base)/datasets.Day, len(base)
	for _, name := range models {
		run := c.Run(name)
		p := profile(run.Marginals.HourOfWeek)
		m.cycle[name], m.peak[name] = cv(p), slices.Max(p)
		m.corrWithLog[name] = stat.Correlation(p, logProfile, nil)
		if name == "distribution" {
			for h, v := range p {
				day, hour := h/24, h%24
				if day >= 5 { // Saturday, Sunday
					continue
				}
				switch {
				case hour >= 6 && hour < 10:
					m.morning += v
				case hour >= 16 && hour < 20:
					m.evening += v
				}
			}
		}
		act, err := feedback.ActivityLengths(run.Trace)
		if err != nil {
			return m, err
		}
		if m.longer[name], err = longUsers(base, act); err != nil {
			return m, fmt.Errorf("zakay2014: %s: %w", name, err)
		}
		var ratios []float64
		for u := range act {
			if act[u] < base[u] {
				m.shorter[name]++
			}
			if base[u] > 0 {
				ratios = append(ratios, act[u]/base[u])
			}
		}
		m.users[name] = len(act)
		m.meanDays[name] = mean(act) / datasets.Day
		slices.Sort(ratios)
		m.medianRatio[name] = stat.Quantile(0.5, stat.Empirical, ratios, nil)
	}
	return m, nil
}

// longUsers counts the users with very long activity periods under a
// model (Figs 7 and 9): "much" longer than their own logged activity, the
// ledger's word rule for "much" (ledger.Much: act[u] > LikeFactor·base[u],
// strict, a user's activity at one seed being one run whose error is not
// measured). The paper explains Fig. 7's "excessively long periods" by the
// users taking "much longer to finish all their jobs", and gives Fig. 9's
// "very long activity periods" no other reference than the log the figure
// draws beside the model, so both words are read as this one "much" (a
// factor of their own, such as twice the logged activity plus a day,
// would be a threshold of ours that no words derive). A user whose logged jobs were all submitted at one instant (base[u]
// = 0) counts when the model spreads them at all (none does, on KTH-SP2
// and SDSC-SP2 at seeds 2014–2017). It returns an error when the two do
// not have the same users.
func longUsers(base, act []float64) (int, error) {
	if len(act) != len(base) {
		return 0, fmt.Errorf("%d users simulated, %d in the log", len(act), len(base))
	}
	n := 0
	for u := range act {
		if base[u] > 0 && ledger.Much(muchLongerWords, base[u], 0, true).Accepts(act[u]) || base[u] == 0 && act[u] > 0 {
			n++
		}
	}
	return n, nil
}

// muchLongerWords are the words longUsers reads (Fig. 7 §VII-B: "it takes
// them much longer to finish all their jobs").
const muchLongerWords = "much longer than the user's logged activity"

// longText is longUsers' reading, in the entries' statements.
var longText = fmt.Sprintf("much longer than in the log: > %g× the user's logged activity", ledger.LikeFactor)

// profile is the share of the arrivals in each hour of the week.
func profile(counts [168]int) []float64 {
	total := 0
	for _, c := range counts {
		total += c
	}
	p := make([]float64, len(counts))
	for h, c := range counts {
		p[h] = float64(c) / float64(max(total, 1))
	}
	return p
}

// cv is the coefficient of variation of a profile: the strength of its
// daily and weekly cycles (0 for arrivals spread evenly over the week).
func cv(p []float64) float64 {
	mu, sd := stat.MeanStdDev(p, nil)
	return sd / mu
}

func mean(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	return stat.Mean(x, nil)
}

func (m modelMeasures) frame() dataframe.DataFrame {
	names := append([]string{"log"}, models...)
	var days []float64
	var shorter, longer, users []int
	for _, n := range names {
		days = append(days, m.meanDays[n])
		shorter, longer, users = append(shorter, m.shorter[n]), append(longer, m.longer[n]), append(users, m.users[n])
	}
	return dataframe.New(series.New(names, series.String, "model"), series.New(days, series.Float, "mean_activity_days"),
		series.New(shorter, series.Int, "shorter"), series.New(longer, series.Int, "much_longer"), series.New(users, series.Int, "users"))
}

// Claims checks §VII's reading of Figs 5–9 on each log.
//
// The paper's words become measures: the strength of the daily and weekly
// cycles is the coefficient of variation of the hour-of-week profile
// ("total destruction": at most half the log's); "sharp peaks that do not
// exist in the original": the model's busiest hour of the week busier than
// any hour of the log; "preserves the cycles": a correlation of at least
// 0.8 with the log's profile; "most users": more than half; "a few users
// ... very long": at least one and at most a tenth of the users active much
// longer than in the log (longUsers: more than ledger.LikeFactor times);
// "close to the original": a median ratio of activity lengths within 20% of 1. The shares of users
// carry the tolerance rule's sampling error (see few and most).
func (r *ModelsResult) Claims(l *ledger.Ledger) {
	for _, log := range r.missing {
		l.MissingLog("Fig. 8", "fig8/"+log+"/cycles-kept", log+": fluid model: correlation of the hour-of-week profile with the log's",
			"cycles preserved (≥ 0.8)", log, log+" is not available here")
	}
	for _, ml := range r.Logs {
		m, log := ml.m, ml.Log
		l.Check("Fig. 5", "fig5/"+log+"/cycle-strength",
			log+": strength of the daily and weekly cycles (CV of the hour-of-week profile), adjusted model relative to the log",
			ledger.Stated("destroyed (≤ 0.5)", ledger.AtMost(0.5)), m.cycle["adjusted"]/m.cycle["log"]).InTable("Fig. 5", log, "cycle-strength").
			Quoting("this leads to a total destruction of the daily and weekly cycles")
		l.Check("Fig. 6", "fig6/"+log+"/peak",
			log+": busiest hour of the week, distribution-based model relative to the log",
			ledger.Above("peaks absent from the log", 1, 0), m.peak["distribution"]/m.peak["log"]).InTable("Fig. 6", log, "peak").
			Quoting("This creates sharp peaks of activity that do not exist in the original data").
			Unreplicated(1, r.seed)
		l.Claim("Fig. 6", "fig6/"+log+"/morning-evening",
			log+": distribution-based model: a large morning slot and a smaller evening one (weekday share of 6–10 h vs 16–20 h)",
			m.morning > m.evening && m.evening > 0, fmt.Sprintf("morning %.3f, evening %.3f", m.morning, m.evening)).
			Quoting("a large one in the morning and a smaller one in the evening").
			AsCheck("a property the model is built to have (§VII-B: 70% of the users daytime, active from 7:30 ± 1 h, 30% night-time, from 17:30 ± 1 h; sim/feedback.Distribution): it checks our implementation")
		l.Check("Fig. 7", "fig7/"+log+"/shorter-activity",
			log+": distribution-based model: fraction of users active for a shorter period than in the log (higher throughput per user)",
			most(m.users["distribution"]), frac(m.shorter["distribution"], m.users["distribution"])).InTable("Fig. 7", log, "shorter-activity").
			Quoting("For most of the workloads, this leads to high throughput per user")
		r.checkLong(l, "Fig. 7", "fig7/"+log+"/hyperactive",
			log+": distribution-based model: fraction of users active for excessively long periods ("+longText+")",
			"distribution", m, log).InTable("Fig. 7", log, "hyperactive").
			Quoting("some few users are active for excessively long periods in the simulations")
		l.Check("Fig. 8", "fig8/"+log+"/cycles-kept",
			log+": fluid model: correlation of the hour-of-week profile with the log's",
			ledger.Stated("cycles preserved (≥ 0.8)", ledger.AtLeast(0.8)), m.corrWithLog["fluid"]).InTable("Fig. 8", log, "cycles-kept").
			Quoting("The fluid model preserves the daily and weekly cycles")
		l.Check("Fig. 9", "fig9/"+log+"/activity-close",
			log+": fluid model: median over users of the activity length relative to the log's",
			ledger.Like("close to the original", 1, 0), m.medianRatio["fluid"]).InTable("Fig. 9", log, "activity-close").
			Quoting("the throughput per user is close to the original workload in most of the traces")
		r.checkLong(l, "Fig. 9", "fig9/"+log+"/few-long",
			log+": fluid model: fraction of users with very long activity periods ("+longText+")",
			"fluid", m, log).InTable("Fig. 9", log, "few-long").
			Quoting("However, a few users have very long activity periods.")
	}
}

func frac(n, of int) float64 {
	if of == 0 {
		return math.NaN()
	}
	return float64(n) / float64(of)
}

// few is "a few" of n users, a magnitude word (ledger.WordRule): at least
// one user and at most a tenth of them, our threshold, compared as stated.
func few(n int) ledger.Expectation {
	if n == 0 {
		return ledger.Stated("a few (≤ 0.1)", ledger.AtMost(0.1))
	}
	return ledger.Stated("a few (≥ 1 user, ≤ 0.1)", ledger.Between(1/float64(n), 0.1))
}

// most is "most" of n users, a direction (ledger.Most): a share above one
// half by more than twice the binomial standard error at one half.
func most(n int) ledger.Expectation {
	if n == 0 {
		return ledger.Stated("most users (> 0.5)", ledger.AtLeast(math.Nextafter(0.5, 1)))
	}
	return ledger.Most("most users", n, true)
}
