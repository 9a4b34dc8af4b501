package feitelson2007

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

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/analytics/locality/localityplot"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/repetitions"
)

// fig9Logs are the logs of Fig. 9 that record application numbers (the
// paper does not name its logs).
var fig9Logs = []string{"LANL-CM5", "CTC-SP2"}

// Fig9Result is Fig. 9 (§4): the histogram of run lengths of equivalent
// jobs (same user, application and processors).
type Fig9Result struct {
	Absent
	Logs   []string
	Runs   []locality.RunResult
	Frame  dataframe.DataFrame // log, runs, jobs, longest, share_single (runs of length 1), slope
	Figure *plots.Figure
}

// Fig9 finds the runs of fig9Logs (locality.RunLengths, the paper's key).
func (s *Study) Fig9(ctx context.Context) (*Fig9Result, error) {
	return s.fig9.Get(func() (*Fig9Result, error) {
		r := &Fig9Result{}
		var runs, jobs, longest []int
		var single, slope []float64
		var panels []*plot.Plot
		for _, name := range fig9Logs {
			if ok, err := r.have(name); !ok {
				if err != nil {
					return nil, err
				}
				continue
			}
			tr, err := study.Log(name)
			if err != nil {
				return nil, err
			}
			rr, err := locality.RunLengths(tr, locality.RunOptions{})
			if err != nil {
				return nil, err
			}
			p, err := localityplot.RunLengths(rr.Histogram(), rr.Binned(), rr.Slope, rr.Intercept, -2.5, fmt.Sprintf("%s (slope %s)", name, strings.Replace(fmt.Sprintf("%.2f", rr.Slope), "-", "−", 1)))
			if err != nil {
				return nil, err
			}
			ones := 0
			for _, n := range rr.Lengths {
				if n == 1 {
					ones++
				}
			}
			r.Logs, r.Runs, panels = append(r.Logs, name), append(r.Runs, rr), append(panels, p)
			runs, jobs, longest = append(runs, len(rr.Lengths)), append(jobs, rr.Jobs), append(longest, slices.Max(rr.Lengths))
			single, slope = append(single, float64(ones)/float64(len(rr.Lengths))), append(slope, rr.Slope)
		}
		r.Figure = figure("Fig. 9", "how many runs of repeated jobs (same user, application, processors) have each length",
			"a power law is a straight line on these log-log axes: compare the points with the fit and the fit with the paper's slope −2.5 (our slopes in the titles; the ledger's Fig. 9 entries judge them)", 2, panels...)
		r.Frame = dataframe.New(seriesOf(r.Logs, "log"), series.New(runs, series.Int, "runs"), series.New(jobs, series.Int, "jobs"),
			series.New(longest, series.Int, "longest"), series.New(single, series.Float, "share_single"), series.New(slope, series.Float, "slope"))
		return r, nil
	})
}

// VeryLongRun is §4's "some runs are very long": a run of at least 100
// equivalent jobs.
const VeryLongRun = 100

// Claims checks §4's reading of Fig. 9: most runs are single jobs or
// short (runs of one job are at least half of all), some are very long
// (≥ 100 jobs), and the histogram falls like the paper's line of slope
// −2.5 (our least-squares slope through logarithmic bins, within half a
// unit of the printed digit plus twice its standard error).
func (r *Fig9Result) Claims(l *ledger.Ledger) {
	r.claims(l, "Fig. 9", "fig9")
	for i, name := range r.Logs {
		rr := r.Runs[i]
		single := r.Frame.Col("share_single").Float()[i]
		e := l.Check("Fig. 9", "fig9/"+name+"/single", name+": share of runs that are a single job (the histogram's runs, not jobs)",
			ledger.Stated("many jobs are independent or are part of a short run", ledger.AtLeast(0.5)), single).InTable("Fig. 9", name, "single").
			Quoting("many jobs are independent or are part of a short run")
		// The words speak of jobs; the share read off the histogram is of
		// runs, and a run of k jobs holds k of them: the jobs' shares are
		// shown beside it (what "short" is the text does not say).
		e.OurValue += fmt.Sprintf(" (of the jobs: %.3f in runs of one job, %.3f in runs of at most %d)", jobsInRuns(rr.Lengths, 1), jobsInRuns(rr.Lengths, shortRun), shortRun)
		l.Check("Fig. 9", "fig9/"+name+"/longest", name+": longest run of equivalent jobs",
			ledger.Stated("some runs are very long", ledger.AtLeast(VeryLongRun)), float64(slices.Max(rr.Lengths))).InTable("Fig. 9", name, "longest").
			Quoting("some runs are very long")
		se := slopeSE(rr.Binned())
		l.Check("Fig. 9", "fig9/"+name+"/slope", fmt.Sprintf("%s: slope of the run-length histogram (log-log, least squares over logarithmic bins; standard error %.2f)", name, se),
			ledger.Printed("-2.5", roundSE(se)), rr.Slope).Digits(3).InTable("Fig. 9", name, "slope").Quoting("the dashed line has a slope of -2.5")
	}
}

// shortRun is the longest run shown as "short" beside fig9/*/single (a
// length of ours: the text gives none).
const shortRun = 5

// jobsInRuns is the share of the jobs of runs (their lengths) that lie in
// runs of at most k jobs.
func jobsInRuns(lengths []int, k int) float64 {
	var in, all int
	for _, n := range lengths {
		all += n
		if n <= k {
			in += n
		}
	}
	return float64(in) / float64(all)
}

// roundSE rounds a standard error to two significant digits, as a
// tolerance is printed.
func roundSE(se float64) float64 {
	if !(se > 0) || math.IsInf(se, 0) {
		return se
	}
	p := math.Pow(10, math.Floor(math.Log10(se))-1)
	return math.Round(se/p) * p
}

// slopeSE is the standard error of the least-squares slope of
// log10(density) against log10(length) over the bins of b (Binned).
func slopeSE(b dataframe.DataFrame) float64 {
	x, y := b.Col("length").Float(), b.Col("density").Float()
	n := len(x)
	if n < 3 {
		return math.NaN()
	}
	for i := range x {
		x[i], y[i] = math.Log10(x[i]), math.Log10(y[i])
	}
	alpha, beta := stat.LinearRegression(x, y, nil, false)
	mx := stat.Mean(x, nil)
	var ssr, sxx float64
	for i := range x {
		e := y[i] - alpha - beta*x[i]
		ssr += e * e
		sxx += (x[i] - mx) * (x[i] - mx)
	}
	return math.Sqrt(ssr / float64(n-2) / sxx)
}

// modelSource is the log whose jobs the repetitions model samples (the
// paper does not name its global distribution).
const modelSource = "SDSC-Par-1996"

// Fig10Result is Fig. 10 (§4): a log generated by the repetitions model
// (θ = 2.5), its scatter, m_i over time and autocorrelation.
type Fig10Result struct {
	Measured
	Absent
	jobs       int     // N of the generated log
	seed       uint64  // the seed of the figure's run, the first of seedLag50's
	sourceLag1 float64 // lag-1 autocorrelation of the source's runtimes
	// gaps are the same model with new sequences starting fig10GapFactors
	// times less often than at the source's job rate (the paper's "arrival
	// times according to the model" does not give the rate), then (last)
	// so rarely that runs never interleave.
	gaps []gapRun
	// seedLag50 is the autocorrelation at lag 50, in standard errors 1/√N,
	// of the model's output at consecutive seeds from the study's (the
	// first is the entry's run): its replicate spread; seedDynamics the
	// same runs' quarterStepRatio.
	seedLag50, seedDynamics []float64
	// seedLag50R is the same runs' autocorrelation coefficient at lag 50
	// (r, not in standard errors): the statistic fig10/autocorrelation
	// compares with the real logs' (realLag50), whose lengths differ.
	seedLag50R []float64
	// sourceLag50 is the lag-50 autocorrelation (standard errors 1/√N) of
	// the model with each other log of Table 2 as its source, at the same
	// seeds as seedLag50 (Study.sourceLag50): the paper names no source,
	// and its claim is about the model's output in general.
	sourceLag50 []sourceLag
	// plainDynamics is quarterStepRatio of the model without repetitions
	// (plain sampling from the global distribution: no locality of
	// sampling, Fig. 11's baseline) at the same seeds: what the statistic
	// gives a workload without the behaviour.
	plainDynamics []float64
	// real is quarterStepRatio on each of Table 2's logs available here
	// (runtimeLogs, in the paper's order): the spread of real workloads
	// that fig10/dynamics judges the model against.
	real []logRatio
	// realLag50 is the autocorrelation coefficient of the runtimes at lag
	// 50 on each of Table 2's logs available here (runtimeLogs, in the
	// paper's order): the real workloads fig10/autocorrelation judges the
	// model against.
	realLag50 []logRatio
}

// logRatio is a statistic of one log (catalog name).
type logRatio struct {
	log   string
	ratio float64
}

// quarterStepRatio is Fig. 6's dynamics of m_i over time in one number:
// the mean relative change of the quarterly maximum of m_i between
// successive quarters over that of the quarterly median (meanAbsStep of
// the columns m_max and m_med of locality.SamplingResult.Quarterly).
func quarterStepRatio(quarters dataframe.DataFrame) float64 {
	return meanAbsStep(quarters.Col("m_max").Float()) / meanAbsStep(quarters.Col("m_med").Float())
}

// realDynamics measures quarterStepRatio on each of runtimeLogs available
// here (Table 2's logs, ours), with the paper's slicing (Study.locality);
// a log that is not available is left out.
func (s *Study) realDynamics(ctx context.Context) ([]logRatio, error) {
	var out []logRatio
	for _, l := range runtimeLogs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sr, err := s.locality(l.Catalog)
		if missing(err) {
			continue
		} else if err != nil {
			return nil, err
		}
		q, err := sr.Quarterly(0)
		if err != nil {
			return nil, err
		}
		out = append(out, logRatio{l.Catalog, quarterStepRatio(q)})
	}
	return out, nil
}

// dynamicsWant is "similar to that of real workloads" (§4, Fig. 10) on
// quarterStepRatio: the reference the words name is the real workloads,
// whose statistic is measured on each of Table 2's logs (real), so the
// model is alike when its mean over the seeds is not told apart from a
// real workload's value: within the real logs' range widened by twice its
// standard error se (realRange ± 2 se, the rule fig10/autocorrelation's
// acWant uses: ledger.Like's 2 SE, ledger.SeedsRule). se 0 is the range
// itself, for one value. ledger.Like's factor is for a single reference;
// asked against every log it would fail the real logs themselves (ours
// span a factor of 3.8, no log is within 1.25 of all the others), so it is
// shown against each log beside (likeText), not judged. real must not be
// empty.
func dynamicsWant(real []logRatio, se float64) ledger.Expectation {
	lo, hi := realRange(real)
	return ledger.RelativeTo("the range of the statistic on our versions of Table 2's logs",
		ledger.Stated(fmt.Sprintf("similar to that of real workloads (Table 2's %d logs, ours: %.3f–%.3f, within 2 SE = %.3f of that range)", len(real), lo, hi, 2*se),
			ledger.Between(lo-2*se, hi+2*se)))
}

// realRange is the range of the statistic on Table 2's logs (real): the
// reference of "similar to that of real workloads" (§4, Fig. 10), which
// dynamicsWant and acWant widen by 2 SE of the model's mean. real must not
// be empty.
func realRange(real []logRatio) (lo, hi float64) {
	lo, hi = real[0].ratio, real[0].ratio
	for _, r := range real[1:] {
		lo, hi = min(lo, r.ratio), max(hi, r.ratio)
	}
	return lo, hi
}

// likeText lists real's values and says to which of them v is alike by
// the likeness factor (ledger.Like with no measured error), and on how
// many the median is much steadier than the maximum (ledger.Much: Fig. 6's
// behaviour, fig6/max-vs-median's criterion).
func likeText(real []logRatio, v float64) string {
	var vals, alike []string
	much := 0
	for _, r := range real {
		vals = append(vals, fmt.Sprintf("%s %.3f", r.log, r.ratio))
		if ledger.Like("", r.ratio, 0).Accepts(v) {
			alike = append(alike, r.log)
		}
		if ledger.Much("", 1, 0, true).Accepts(r.ratio) {
			much++
		}
	}
	names := strings.Join(alike, ", ")
	if len(alike) == 0 {
		names = "none"
	}
	return fmt.Sprintf("Table 2's logs (ours): %s; the model's %.3f is alike (within the likeness factor %g, ledger.Like) to %d of %d (%s); "+
		"the median much steadier than the maximum (beyond the factor, Fig. 6's behaviour) on %d of %d real logs",
		strings.Join(vals, ", "), v, ledger.LikeFactor, len(alike), len(real), names, much, len(real))
}

// dynamicsSeedText says how the entry's one run compares with the model's
// output at other seeds (seedDynamics) against the real logs' range (each
// seed's one value against the range itself, dynamicsWant with se 0), and
// whether the runs without repetitions (plainDynamics) pass the entry's
// rule too (their mean within the range widened by 2 of their SE).
func (r *Fig10Result) dynamicsSeedText() string {
	if len(r.seedDynamics) == 0 || len(r.real) == 0 {
		return ""
	}
	lo, hi, mean, se, _ := seedSpread(r.seedDynamics, 0)
	want := dynamicsWant(r.real, 0)
	in := 0
	for _, v := range r.seedDynamics {
		if want.Accepts(v) {
			in++
		}
	}
	t := fmt.Sprintf("over %d seeds (the figure's and the next %d) the model's ratio is %.3f–%.3f, mean %.3f (standard error of the mean %.3f), %d of %d within the real logs' range",
		len(r.seedDynamics), len(r.seedDynamics)-1, lo, hi, mean, se, in, len(r.seedDynamics))
	if len(r.plainDynamics) == 0 {
		return t
	}
	plo, phi, pmean, pse, _ := seedSpread(r.plainDynamics, 0)
	pin := 0
	for _, v := range r.plainDynamics {
		if want.Accepts(v) {
			pin++
		}
	}
	rule := "outside"
	pass := dynamicsWant(r.real, pse).Accepts(pmean)
	if pass {
		rule = "within"
	}
	t += fmt.Sprintf("; without repetitions (plain sampling from the global distribution, no locality of sampling) the same seeds give %.3f–%.3f, mean %.3f (standard error %.3f: %s the range widened by 2 of it, the entry's rule), %d of %d within the range "+
		"(the model: %d of %d)", plo, phi, pmean, pse, rule, pin, len(r.plainDynamics), in, len(r.seedDynamics))
	if pin > 0 || pass {
		t += ": a workload without locality of sampling falls within the real logs' range too, so an agreement here is weak evidence of the model's locality"
	}
	return t
}

// gapRun is the autocorrelation of the repetitions model's runtimes when
// sequences start factor times less often.
type gapRun struct {
	factor              float64
	lag1, lag50SE, days float64 // lag-1 autocorrelation, lag 50 in units of 1/√N, span in days
	lag50               float64 // lag-50 autocorrelation coefficient r
	dynamics            float64 // quarterStepRatio of its m_i with the paper's slicing (NaN: not measured)
}

// modelRun generates the model's output from src with o and measures the
// autocorrelation of its runtimes at lags 1 and 50 (Fig. 10) and its span,
// and with dynamics its quarterStepRatio (NaN without: a run whose
// sequences never interleave spans too long to slice); the factor is the
// caller's.
func modelRun(src *datasets.Trace, o repetitions.Options, dynamics bool) (gapRun, error) {
	g, err := repetitions.Generate(src, o)
	if err != nil {
		return gapRun{}, err
	}
	obs, err := locality.Observe(g, datasets.Runtime)
	if err != nil {
		return gapRun{}, err
	}
	a, err := locality.Autocorrelation(obs.Value, 50)
	if err != nil {
		return gapRun{}, err
	}
	run := gapRun{lag1: a[1], lag50: a[50], lag50SE: a[50] * math.Sqrt(float64(obs.Len())), days: g.Span() / datasets.Day, dynamics: math.NaN()}
	if dynamics {
		sr, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{SkipBootstrap: true, Slicing: paperSlicing(obs)})
		if err != nil {
			return gapRun{}, err
		}
		q, err := sr.Quarterly(0)
		if err != nil {
			return gapRun{}, err
		}
		run.dynamics = quarterStepRatio(q)
	}
	return run, nil
}

// sourceLag is the lag-50 autocorrelation coefficient r of the model's
// output with one source log, over the seeds.
type sourceLag struct {
	log   string
	lag50 ledger.OverSeeds
}

// sourceLag50 measures the model (θ = 2.5, the source's job rate) with
// each log of runtimeLogs but modelSource available here as its global
// distribution, at the seeds of fig10/autocorrelation (fig10Seeds from the
// study's; 3 in quick mode): the lag-50 autocorrelation coefficient r,
// over the seeds (ledger.MeanOverSeeds).
func (s *Study) sourceLag50(ctx context.Context) ([]sourceLag, error) {
	var out []sourceLag
	for _, lg := range runtimeLogs {
		if lg.Catalog == modelSource {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		src, err := study.Log(lg.Catalog)
		if missing(err) {
			continue
		} else if err != nil {
			return nil, err
		}
		var xs []float64
		for k := range uint64(s.o.Reps(fig10Seeds, 3)) {
			run, err := modelRun(src, repetitions.Options{Jobs: src.Len(), Theta: 2.5, Seed: s.o.SeedOr() + k}, false)
			if err != nil {
				return nil, err
			}
			xs = append(xs, run.lag50)
		}
		out = append(out, sourceLag{lg.Catalog, ledger.MeanOverSeeds(xs)})
	}
	return out, nil
}

// sourceText shows fig10/autocorrelation's statement with each other
// source: the paper's words are about the model's output ("the
// autocorrelation structure is also similar to that of real workloads"),
// and its source is not named, so the entry's value on modelSource is
// shown beside every other source's, each judged by the same rule
// (acWant: within the real logs' range widened by twice that source's
// standard error over the seeds).
func (r *Fig10Result) sourceText() string {
	if len(r.sourceLag50) == 0 || len(r.realLag50) == 0 {
		return ""
	}
	n := 0
	if len(r.seedLag50R) > 0 {
		if o := ledger.MeanOverSeeds(r.seedLag50R); acWant(r.realLag50, o.SE).Accepts(o.Mean) {
			n++
		}
	}
	var parts []string
	for _, o := range r.sourceLag50 {
		mark := ""
		if acWant(r.realLag50, o.lag50.SE).Accepts(o.lag50.Mean) {
			n, mark = n+1, ", within"
		}
		parts = append(parts, o.log+" "+o.lag50.Text(4)+mark)
	}
	return fmt.Sprintf("the paper names no source for its model: with each other log of Table 2 as the source (θ = 2.5, the source's job rate, the same %d seeds) r at lag 50 is %s: within with %d of %d sources, counting ours (%s)",
		r.sourceLag50[0].lag50.N, strings.Join(parts, "; "), n, 1+len(r.sourceLag50), modelSource)
}

// realLag50 measures the autocorrelation coefficient of the runtimes at
// lag 50 on each of runtimeLogs available here (Table 2's logs, ours); a
// log that is not available is left out.
func (s *Study) realLag50(ctx context.Context) ([]logRatio, error) {
	var out []logRatio
	for _, l := range runtimeLogs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		obs, err := s.observe(l.Catalog, datasets.Runtime)
		if missing(err) {
			continue
		} else if err != nil {
			return nil, err
		}
		a, err := locality.Autocorrelation(obs.Value, 50)
		if err != nil {
			return nil, err
		}
		out = append(out, logRatio{l.Catalog, a[50]})
	}
	return out, nil
}

// acWant is "the autocorrelation structure is also similar to that of real
// workloads, as was shown in Fig. 1" (§4) on the autocorrelation
// coefficient at lag 50 (Fig. 1's "even for large lags"): a likeness whose
// reference the words name, the real workloads, measured on each of
// Table 2's logs (real; Fig. 1 shows two of them, "similar plots can be
// drawn for the other logs too"). The model is alike when its mean over
// the seeds is not told apart from a real workload's value: within the
// real logs' range widened by twice its standard error se (ledger.Like's
// 2 SE, ledger.SeedsRule; realRange ± 2 se, as fig10/dynamics).
// The coefficient r, not r in standard errors 1/√N (Fig. 1's criterion
// of significance): the logs' lengths differ, and r·√N grows with a log's
// length at the same autocorrelation. real must not be empty.
func acWant(real []logRatio, se float64) ledger.Expectation {
	lo, hi := realRange(real)
	return ledger.RelativeTo("the range of the lag-50 autocorrelation on our versions of Table 2's logs",
		ledger.Stated(fmt.Sprintf("similar to that of real workloads (Table 2's %d logs, ours: r %.4f–%.4f, within 2 SE = %.4f of that range)", len(real), lo, hi, 2*se),
			ledger.Between(lo-2*se, hi+2*se)))
}

// realLag50Text lists the real logs' lag-50 autocorrelation coefficients.
func realLag50Text(real []logRatio) string {
	var parts []string
	for _, r := range real {
		parts = append(parts, fmt.Sprintf("%s %.4f", r.log, r.ratio))
	}
	return "r at lag 50 on Table 2's logs (ours): " + strings.Join(parts, ", ")
}

// fig10Seeds is the number of seeds of the model's output whose lag-50
// autocorrelation is measured beside fig10/autocorrelation's one run.
const fig10Seeds = 8

// seedSpread summarises replicates xs: their range, mean, the standard
// error of the mean (sample standard deviation over √n; 0 for one value),
// and how many are at least atLeast.
func seedSpread(xs []float64, atLeast float64) (lo, hi, mean, se float64, n int) {
	lo, hi = slices.Min(xs), slices.Max(xs)
	mean = stat.Mean(xs, nil)
	if len(xs) > 1 {
		se = stat.StdDev(xs, nil) / math.Sqrt(float64(len(xs)))
	}
	for _, x := range xs {
		if x >= atLeast {
			n++
		}
	}
	return lo, hi, mean, se, n
}

// fig10GapFactors are the rates of new sequences measured beside the
// default (the source log's job rate).
var fig10GapFactors = []float64{4, 16}

// Fig10 generates as many jobs as modelSource has with θ = 2.5 and
// measures them like the real logs.
func (s *Study) Fig10(ctx context.Context) (*Fig10Result, error) {
	return s.fig10.Get(func() (*Fig10Result, error) {
		var a Absent
		if ok, err := a.have(modelSource); !ok {
			return &Fig10Result{Absent: a}, err
		}
		src, err := study.Log(modelSource)
		if err != nil {
			return nil, err
		}
		tr, err := repetitions.Generate(src, repetitions.Options{Jobs: src.Len(), Theta: 2.5, Seed: s.o.SeedOr()})
		if err != nil {
			return nil, err
		}
		obs, err := locality.Observe(tr, datasets.Runtime)
		if err != nil {
			return nil, err
		}
		r := &Fig10Result{jobs: obs.Len(), seed: s.o.SeedOr()}
		srcObs, err := s.observe(modelSource, datasets.Runtime)
		if err != nil {
			return nil, err
		}
		acf, err := locality.Autocorrelation(srcObs.Value, 1)
		if err != nil {
			return nil, err
		}
		r.sourceLag1 = acf[1]
		genACF, err := locality.Autocorrelation(obs.Value, 1)
		if err != nil {
			return nil, err
		}
		probs := repetitions.RunLengthProbs(2.5, 1000)
		meanRun := 0.0
		for i, p := range probs {
			meanRun += float64(i+1) * p
		}
		gap := src.Span() / float64(src.Len()) * meanRun // Generate's default
		// Runs that never interleave: sequences start so rarely (a mean gap
		// of a million longest runtimes, a thousand times the longest run
		// of 1000 repetitions) that each ends before the next begins.
		longest := 0.0
		for _, rt := range src.Runtime {
			if !math.IsNaN(rt) {
				longest = max(longest, rt)
			}
		}
		for _, f := range append(slices.Clone(fig10GapFactors), 1e6*longest/gap) {
			run, err := modelRun(src, repetitions.Options{Jobs: src.Len(), Theta: 2.5, Seed: s.o.SeedOr(), MeanGap: f * gap}, false)
			if err != nil {
				return nil, err
			}
			run.factor = f
			r.gaps = append(r.gaps, run)
		}
		for k := range uint64(s.o.Reps(fig10Seeds, 3)) {
			run, err := modelRun(src, repetitions.Options{Jobs: src.Len(), Theta: 2.5, Seed: s.o.SeedOr() + k}, true)
			if err != nil {
				return nil, err
			}
			r.seedLag50, r.seedDynamics = append(r.seedLag50, run.lag50SE), append(r.seedDynamics, run.dynamics)
			r.seedLag50R = append(r.seedLag50R, run.lag50)
			plain, err := modelRun(src, repetitions.Options{Jobs: src.Len(), NoRepetitions: true, Seed: s.o.SeedOr() + k}, true)
			if err != nil {
				return nil, err
			}
			r.plainDynamics = append(r.plainDynamics, plain.dynamics)
		}
		if r.sourceLag50, err = s.sourceLag50(ctx); err != nil {
			return nil, err
		}
		if r.real, err = s.realDynamics(ctx); err != nil {
			return nil, err
		}
		if r.realLag50, err = s.realLag50(ctx); err != nil {
			return nil, err
		}
		r.Measured, err = s.measure(obs, obs, locality.ScatterOptions{PerDecade: 10},
			localityplot.ScatterOptions{Title: "runtimes over time", YLabel: "runtime [s]", LogY: true},
			"Fig. 10", "a log generated by the repetitions model (θ = 2.5), measured like the real ones",
			fmt.Sprintf("compare with the real logs (Figs 2, 6 and 1): the streaks of repeated runtimes, mᵢ's quarterly maximum and median, "+
				"and the autocorrelation in submit order against scrambled (lag 1: %.2f, against %.2f for the source log, %s); the ledger's Fig. 10 entries judge each",
				genACF[1], r.sourceLag1, modelSource))
		return r, err
	})
}

// Claims checks §4's reading of Fig. 10: the model's output has locality
// of sampling beyond every bootstrap repetition, m_i fluctuating from
// quarter to quarter like the real logs' (quarterStepRatio within the range
// of Table 2's logs widened by 2 SE of the mean, dynamicsWant), and autocorrelation at lag 50 like
// the real logs' (within their range widened by 2 SE, acWant). The paper names no source for the model:
// its words are about the model's output, so these stay claims, judged on
// modelSource, and the autocorrelation is shown with every other log of
// Table 2 as the source by the same rule (sourceText).
func (r *Fig10Result) Claims(l *ledger.Ledger) {
	if r.claims(l, "Fig. 10", "fig10"); len(r.Missing) > 0 {
		return
	}
	sr := r.Sampling
	l.Claim("Fig. 10", "fig10/significant", "the model's M'_max and M'_med lie beyond every bootstrap repetition's",
		sr.MMax > maxOf(sr.RandomMax) && sr.MMed > maxOf(sr.RandomMed),
		fmt.Sprintf("M'_max %.3f vs ≤ %.3f, M'_med %.3f vs ≤ %.3f", sr.MMax, maxOf(sr.RandomMax), sr.MMed, maxOf(sr.RandomMed))).
		Quoting("exhibit essentially the same behavior as our original workloads").
		Main() // the model produces locality of sampling
	const dyn = "the model: relative change of the quarterly maximum of m_i between quarters, over that of the median, against the same on each of Table 2's logs (ours; \"similar to that of real workloads\": within their range widened by 2 SE of the mean)"
	const dynQuote = "the dynamic behavior over time of the model is similar to that of real workloads"
	// Both values are measured at several seeds (the figure's first):
	// each is judged by its mean over them, compared with the range or
	// bound as stated (ledger.SeedsRule).
	v := quarterStepRatio(r.Quarters)
	if len(r.real) == 0 {
		l.Unavailable("Fig. 10", "fig10/dynamics", dyn, "similar to that of real workloads", "none of Table 2's logs is available here").Quoting(dynQuote)
	} else {
		o := ledger.MeanOverSeeds([]float64{v})
		if len(r.seedDynamics) > 0 {
			o = ledger.MeanOverSeeds(r.seedDynamics)
		}
		mean := o.Mean
		l.Check("Fig. 10", "fig10/dynamics", dyn+", the mean over the seeds", dynamicsWant(r.real, o.SE), mean).
			Quoting(dynQuote).
			Noting(fmt.Sprintf("at the figure's seed %.3f; ", v)+likeText(r.real, mean)+"; "+r.dynamicsSeedText()).
			JudgedOverSeeds(max(1, len(r.seedDynamics)), r.seed)
	}
	a := r.Autocorrelation.Col("original").Float()
	const acQuote = "The autocorrelation structure is also similar to that of real workloads"
	if len(r.realLag50) == 0 {
		l.Unavailable("Fig. 10", "fig10/autocorrelation", "the model: autocorrelation of runtimes at lag 50 against the real logs'", "similar to that of real workloads", "none of Table 2's logs is available here").Quoting(acQuote)
		return
	}
	ac := ledger.MeanOverSeeds(r.seedLag50R)
	if len(r.seedLag50R) == 0 {
		ac = ledger.MeanOverSeeds([]float64{a[50]})
	}
	one := a[50] * math.Sqrt(float64(r.jobs))
	l.Check("Fig. 10", "fig10/autocorrelation", fmt.Sprintf("the model: autocorrelation coefficient of runtimes at lag 50, the mean over the seeds, against the real logs' (at the figure's seed r = %.4f, %.2f standard errors 1/√N)", a[50], one),
		acWant(r.realLag50, ac.SE), ac.Mean).
		Quoting(acQuote).
		JudgedOverSeeds(max(1, len(r.seedLag50R)), r.seed).
		Noting(fmt.Sprintf("mean over the seeds %s; %s", ac.Text(4), realLag50Text(r.realLag50))).
		Measured(fmt.Sprintf("lag-1 autocorrelation %.3f against %.3f for the source log; %s",
			a[1], r.sourceLag1, r.gapText())).
		Measured(r.seedText()).
		Measured(r.sourceText())
}

// seedText says how the entry's one run compares with the model's output
// at other seeds.
func (r *Fig10Result) seedText() string {
	lo, hi, mean, se, n := seedSpread(r.seedLag50, 3)
	verdict := "the weak autocorrelation is not one seed's (the mean is more than 2 of its standard errors below 3)"
	if mean+2*se >= 3 {
		verdict = "the seeds do not settle whether the model's mean reaches 3"
	}
	return fmt.Sprintf("in standard errors 1/√N (Fig. 1's criterion, at least 3: significant even at a large lag), over %d seeds (the figure's and the next %d) lag 50 is %.1f–%.1f standard errors, mean %.2f (standard error of the mean %.2f), %d of %d at least 3: %s",
		len(r.seedLag50), len(r.seedLag50)-1, lo, hi, mean, se, n, len(r.seedLag50), verdict)
}

// gapText says what the rate of new sequences does to the autocorrelation.
func (r *Fig10Result) gapText() string {
	var parts []string
	for _, g := range r.gaps[:len(fig10GapFactors)] {
		parts = append(parts, fmt.Sprintf("with sequences starting %g times less often (the log's span becomes %.0f days) lag 1 is %.3f and lag 50 %.1f standard errors",
			g.factor, g.days, g.lag1, g.lag50SE))
	}
	c := r.gaps[len(fig10GapFactors)]
	parts = append(parts, fmt.Sprintf("with sequences that never interleave (each run's repetitions consecutive) lag 1 is %.3f and lag 50 %.1f standard errors: "+
		"the interleaving of runs sets the autocorrelation, and the paper's rate of new sequences (\"arrival times according to the model\") is not given", c.lag1, c.lag50SE))
	return strings.Join(parts, "; ")
}

// sourceNote names an input that moves Fig. 11's values: the source of
// the global distribution, which the paper does not name. Without
// repetitions (and at θ > 4, fig11/above4) the model's M'_med is its
// source's random-sampling median M'_g. The spread of M'_g over our logs
// (about 0.013) does not bring the differing values within the paper's,
// so it goes with our value, not as a reason (measured).
func (r *Fig11Result) sourceNote() string {
	return fmt.Sprintf("the source of the global distribution sets the floor: without repetitions our model (sampling %s, not named by the paper) gives %.3f, its M'_g; the M'_g of our logs of Table 2 span %.3f–%.3f",
		modelSource, stat.Mean(r.at(0), nil), r.gRange[0], r.gRange[1])
}

// Fig11Result is Fig. 11 (§4): M'_med of logs generated by the model for
// θ = 2, 2.5, …, 6 and without repetitions.
type Fig11Result struct {
	Absent
	Sequences, Jobs int
	Frame           dataframe.DataFrame // repetitions.ThetaSweep
	Summary         dataframe.DataFrame // theta (0: no repetitions), min, mean, max of m_med
	Figure          *plots.Figure
	gMed            float64 // M'_g of the source's M'_med (random sampling)
	// gMedSE is the standard error of gMed, the median of the bootstrap's
	// random-sampling M'_med: 1.2533·sd/√n (the normal approximation).
	gMedSE float64
	// gRange is the range of M'_g of M'_med over the logs of Table 2: the
	// no-repetition values other sources would give.
	gRange [2]float64
	// sources is the sweep of fig11Thetas with each other log of Table 2
	// as the global distribution (the paper does not name its source),
	// with the same sequences and seed.
	sources []sourceSweep
	// rates is the sweep of fig11Thetas with modelSource at the job rates
	// of fig11Rates (the paper's "arrival times according to the model"
	// give no rate; ours is the source's), same sequences and seed.
	rates []sourceSweep
	// confirm are the further sets of sequences of the best reading and
	// ours (confirmBest), empty when no reading is justified.
	confirm []fig11Confirm
	// ownGMed is M'_g of random sampling from the global distribution in
	// the slices of the sequences without repetitions (Poisson arrivals)
	// rather than the source log's, averaged over a few sequences
	// (measureOwnSlices); ownGMedSE its standard error, ownUsable the
	// usable slices of the last.
	ownGMed, ownGMedSE   float64
	ownUsable, srcUsable int
	// noneSets are the mean M'_med of further sets of Sequences sequences
	// without repetitions (fig11NoneSets in all, the sweep's the first;
	// the k-th at seeds Seed + k·Sequences onwards), noneSetSE their
	// standard errors over the sequences: fig11/none-is-random is judged
	// over the sets (ledger.SeedsRule). seed is the sweep's seed.
	noneSets, noneSetSE []float64
	seed                uint64
}

// fig11NoneSets is how many sets of sequences without repetitions
// fig11/none-is-random is judged over in full mode (one in quick mode).
const fig11NoneSets = 4

// fig11SlowDowns are the factors by which the job rate is divided in the
// sweeps measured beside ours (repetitions.Options.SlowDown).
var fig11SlowDowns = []float64{0.5, 2}

// paragon1995PerDay is the job rate of the 1995 SDSC Paragon log, the
// paper's running example (§3.1: "it contains 53,970 jobs (in the cleaned
// version) and spans a full year, for an average of 147.9 jobs per day"),
// not available here. Had the paper's model sampled that log, its
// sequences would arrive at this rate: fig11Rates measures it with
// modelSource's jobs.
const paragon1995PerDay = 147.9

// fig11Rate is a job rate measured beside the source's own: slow divides
// the source's job rate (repetitions.Options.SlowDown), label says what it
// is.
type fig11Rate struct {
	slow  float64
	label string
}

// fig11Rates are the rates of fig11SlowDowns and the 1995 SDSC Paragon
// log's (paragon1995PerDay), for the source src.
func fig11Rates(src *datasets.Trace) []fig11Rate {
	var out []fig11Rate
	for _, slow := range fig11SlowDowns {
		out = append(out, fig11Rate{slow, fmt.Sprintf("jobs arriving %g times less often", slow)})
	}
	perDay := float64(src.Len()) / (src.Span() / 86400)
	return append(out, fig11Rate{perDay / paragon1995PerDay,
		fmt.Sprintf("jobs at the 1995 SDSC Paragon log's rate (the paper's running example, not available here: %.1f a day, §3.1, against %.1f in ours)", paragon1995PerDay, perDay)})
}

// fig11Thetas are the θ of Fig. 11's quoted numbers, measured with every
// source.
var fig11Thetas = []float64{2, 2.5, 4}

// fig11InRange reports whether every sequence's M'_med at θ = 2.5 lies in
// the paper's range 0.078–0.098, to the printed digit.
func fig11InRange(v []float64) bool {
	lo, hi := printedRange(fig11Theta25Lo, fig11Theta25Hi)
	return slices.Min(v) >= lo && slices.Max(v) <= hi
}

// fig11Holds judges a sweep's three quoted numbers (θ = 2, θ = 2.5's
// range, θ = 4), each mean with the tolerance of its own standard error
// over the sequences (ledger.Printed, the rule of fig11/theta2 and
// fig11/theta4).
func fig11Holds(sweep dataframe.DataFrame) [3]bool {
	within := func(printed string, t float64) bool {
		v := mMedAt(sweep, t)
		sd := 0.0
		if len(v) > 1 {
			sd = stat.StdDev(v, nil) / math.Sqrt(float64(len(v)))
		}
		return ledger.Printed(printed, roundSE(sd)).Accepts(stat.Mean(v, nil))
	}
	return [3]bool{within(fig11Theta2, 2), fig11InRange(mMedAt(sweep, 2.5)), within(fig11Theta4, 4)}
}

// fig11ConfirmSets is how many further sets of sequences, with seeds
// disjoint from the sweeps' and from each other, the best other source or
// rate (bestSweep) and ours are measured at when that reading is
// justified at the sweeps' seeds: it was chosen among several readings of
// a random procedure, so it is a reason only when it holds at every set
// measured (ledger.Found.AtSeeds).
const fig11ConfirmSets = 2

// fig11Confirm is one further set of sequences: the sweep of fig11Thetas
// of ours and of the best reading at the same seeds.
type fig11Confirm struct {
	ours, reading dataframe.DataFrame
}

// sourceSweep is Fig. 11's sweep of fig11Thetas with another source log
// or another job rate.
type sourceSweep struct {
	log   string              // what differs from ours: the source log, or the rate
	frame dataframe.DataFrame // repetitions.ThetaSweep
	src   *datasets.Trace     // the source log the sweep samples
	model repetitions.Options // the generator's options (the rate)
}

// Fig11 runs the θ sweep: the paper's 10 sequences of 100,000 jobs in full
// mode, 3 of 30,000 in quick mode.
func (s *Study) Fig11(ctx context.Context) (*Fig11Result, error) {
	return s.fig11.Get(func() (*Fig11Result, error) {
		var a Absent
		if ok, err := a.have(modelSource); !ok {
			return &Fig11Result{Absent: a}, err
		}
		src, err := study.Log(modelSource)
		if err != nil {
			return nil, err
		}
		r := &Fig11Result{Sequences: s.o.Reps(10, 3), Jobs: s.o.Reps(100000, 30000)}
		s.o.Report("Fig. 11 θ sweep", 0, 0)
		r.Frame, err = repetitions.ThetaSweep(src, repetitions.SweepOptions{Sequences: r.Sequences, Jobs: r.Jobs,
			Seed: s.o.SeedOr(), Workers: s.o.Workers})
		if err != nil {
			return nil, err
		}
		p, err := localityplot.ThetaSweep(r.Frame, fmt.Sprintf("%d sequences of %s jobs per θ", r.Sequences, plots.Count(r.Jobs)))
		if err != nil {
			return nil, err
		}
		r.Figure = figure("Fig. 11", "locality M′_med of logs generated with repetitions, against the Zipf exponent θ",
			"the smaller θ, the longer the runs of repeated jobs; compare M′_med across θ, and with the band of the logs generated without repetitions (min–max) (the ledger's Fig. 11 entries)", 1, p)
		sr, err := s.locality(modelSource)
		if err != nil {
			return nil, err
		}
		r.gMed = sr.GMed
		if n := len(sr.RandomMed); n > 1 {
			r.gMedSE = 1.2533 * stat.StdDev(sr.RandomMed, nil) / math.Sqrt(float64(n))
		}
		r.gRange = [2]float64{math.Inf(1), math.Inf(-1)}
		for _, lg := range runtimeLogs {
			if _, err := study.Log(lg.Catalog); missing(err) {
				continue
			}
			g, err := s.locality(lg.Catalog)
			if err != nil {
				return nil, err
			}
			r.gRange = [2]float64{min(r.gRange[0], g.GMed), max(r.gRange[1], g.GMed)}
			if lg.Catalog == modelSource {
				continue
			}
			other, err := study.Log(lg.Catalog)
			if err != nil {
				return nil, err
			}
			f, err := repetitions.ThetaSweep(other, repetitions.SweepOptions{Thetas: fig11Thetas, Sequences: r.Sequences, Jobs: r.Jobs,
				Seed: s.o.SeedOr(), Workers: s.o.Workers})
			if err != nil {
				return nil, err
			}
			r.sources = append(r.sources, sourceSweep{log: lg.Catalog, frame: f, src: other})
		}
		for _, rate := range fig11Rates(src) {
			f, err := repetitions.ThetaSweep(src, repetitions.SweepOptions{Thetas: fig11Thetas, Sequences: r.Sequences, Jobs: r.Jobs,
				Model: repetitions.Options{SlowDown: rate.slow}, Seed: s.o.SeedOr(), Workers: s.o.Workers})
			if err != nil {
				return nil, err
			}
			r.rates = append(r.rates, sourceSweep{log: rate.label, frame: f, src: src,
				model: repetitions.Options{SlowDown: rate.slow}})
		}
		if err := r.confirmBest(s, src); err != nil {
			return nil, err
		}
		if err := r.measureOwnSlices(s, src); err != nil {
			return nil, err
		}
		r.seed = s.o.SeedOr()
		for k := 1; k < s.o.Reps(fig11NoneSets, 1); k++ {
			f, err := repetitions.ThetaSweep(src, repetitions.SweepOptions{Thetas: []float64{}, Sequences: r.Sequences, Jobs: r.Jobs,
				Seed: r.seed + uint64(k*r.Sequences), Workers: s.o.Workers})
			if err != nil {
				return nil, err
			}
			v := mMedAt(f, 0)
			r.noneSets = append(r.noneSets, stat.Mean(v, nil))
			r.noneSetSE = append(r.noneSetSE, stat.StdDev(v, nil)/math.Sqrt(float64(len(v))))
		}
		r.srcUsable = sr.Usable
		var th, lo, mean, hi []float64
		for _, t := range r.thetas() {
			v := r.at(t)
			th, lo, mean, hi = append(th, t), append(lo, slices.Min(v)), append(mean, stat.Mean(v, nil)), append(hi, slices.Max(v))
		}
		r.Summary = dataframe.New(series.New(th, series.Float, "theta"), series.New(lo, series.Float, "min_m_med"),
			series.New(mean, series.Float, "mean_m_med"), series.New(hi, series.Float, "max_m_med"))
		return r, nil
	})
}

// ownSequences is how many of the sequences without repetitions
// measureOwnSlices bootstraps.
const ownSequences = 4

// measureOwnSlices fills ownGMed, ownGMedSE and ownUsable: M'_g of random
// sampling grouped in the slices of the first ownSequences sequences
// without repetitions (the sweep's seeds), averaged; its standard error is
// their standard deviation over √k (it holds the bootstrap's error and the
// sequences' differences). A single sequence's bootstrap can land on
// either side of the rule's bound (measured: 0.02761–0.02773 over four in
// full mode), so one sequence is not enough.
func (r *Fig11Result) measureOwnSlices(s *Study, src *datasets.Trace) error {
	var owns []float64
	for seq := range min(r.Sequences, ownSequences) {
		g, err := repetitions.Generate(src, repetitions.Options{Jobs: r.Jobs, NoRepetitions: true, Seed: s.o.SeedOr() + uint64(seq)})
		if err != nil {
			return err
		}
		obs, err := locality.Observe(g, datasets.Runtime)
		if err != nil {
			return err
		}
		own, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{Reps: s.reps(), Seed: s.o.SeedOr(), Workers: s.o.Workers, Slicing: paperSlicing(obs)})
		if err != nil {
			return err
		}
		owns, r.ownUsable = append(owns, own.GMed), own.Usable
	}
	r.ownGMed = stat.Mean(owns, nil)
	if len(owns) > 1 {
		r.ownGMedSE = stat.StdDev(owns, nil) / math.Sqrt(float64(len(owns)))
	}
	return nil
}

// thetas returns the θ values of the sweep in increasing order, 0 (no
// repetitions) first.
func (r *Fig11Result) thetas() []float64 {
	th := slices.Clone(r.Frame.Col("theta").Float())
	slices.Sort(th)
	return slices.Compact(th)
}

// at returns M'_med of every sequence with θ = t (0: no repetitions).
func (r *Fig11Result) at(t float64) []float64 { return mMedAt(r.Frame, t) }

// mMedAt returns M'_med of every sequence of a θ sweep with θ = t.
func mMedAt(sweep dataframe.DataFrame, t float64) []float64 {
	th, m := sweep.Col("theta").Float(), sweep.Col("m_med").Float()
	var out []float64
	for i := range th {
		if th[i] == t {
			out = append(out, m[i])
		}
	}
	return out
}

// Claims checks §4's numbers for Fig. 11: the means for θ = 2 and 4 to
// half a unit of the printed digit plus twice their standard error over
// the sequences; θ = 2.5's range 0.078–0.098 as a range our sequences must
// lie in; above θ = 4 the mean must be within twice the standard error
// of the difference (paired by sequence, one seed with and without
// repetitions) of the mean without repetitions, itself within twice
// the standard error of the source's random-sampling median M'_g, judged
// over every set of sequences measured (noneIsRandom). The
// source of the global distribution is not named by the paper (ours:
// SDSC-Par-1996), nor the job rate: another source or rate measured beside
// ours is the reason of a number it brings within only when it brings more
// of the three numbers (θ = 2, 2.5, 4) within than ours (bestSweep), and
// what it gives is shown; the three numbers are then marked as computed
// on a stand-in (onStandIn), since they are of a source the paper does
// not name.
func (r *Fig11Result) Claims(l *ledger.Ledger) {
	if r.claims(l, "Fig. 11", "fig11"); len(r.Missing) > 0 {
		return
	}
	const config = "our configuration: the sweep we run (the paper's in full mode)"
	l.Check("Fig. 11", "fig11/sequences", "independent sequences per θ", ledger.Printed("10", 0), float64(r.Sequences)).
		Quoting("we used the model to create 10 independent sequences of 100,000 jobs").AsCheck(config).
		ExplainedBy(ledger.FromInput(), "quick mode: fewer and shorter sequences")
	l.Check("Fig. 11", "fig11/sequence-jobs", "jobs per sequence", ledger.Printed("100000", 0), float64(r.Jobs)).
		Quoting("we used the model to create 10 independent sequences of 100,000 jobs").AsCheck(config).
		ExplainedBy(ledger.FromInput(), "quick mode: fewer and shorter sequences")
	l.Check("Fig. 11", "fig11/thetas", "values of θ between 2 and 6", ledger.Printed("9", 0), float64(len(r.thetas())-1)).
		Quoting("This was repeated for 9 values of θ between 2 and 6").AsCheck(config)
	mean := func(t float64) float64 { return stat.Mean(r.at(t), nil) }
	se := func(t float64) float64 { // the standard error of the mean over the sequences
		v := r.at(t)
		if len(v) < 2 {
			return 0
		}
		return stat.StdDev(v, nil) / math.Sqrt(float64(len(v)))
	}
	const quote = "values of θ from 2 to 4 lead to values of M'_{med} from 0.180 down to 0.038"
	want2, want4 := ledger.Printed(fig11Theta2, roundSE(se(2))), ledger.Printed(fig11Theta4, roundSE(se(4)))
	inRange, holds := fig11InRange, fig11Holds
	ours := holds(r.Frame)
	// What each other source (or job rate) gives, and how many of the
	// three claims it would make hold. The paper names neither its source
	// nor its rate: each is a reading, and the one that brings the most of
	// the three within, when it brings more within than ours, is the reason
	// of a claim it brings within — found as the best of the readings
	// measured (ledger.AmongReadings), at the sweep's one set of seeds.
	best := r.bestSweep(holds, ours)
	best.confirm, best.judge = r.confirm, holds
	altText := func(header string, sweeps []sourceSweep, claim int, value func(dataframe.DataFrame) string) string {
		var parts []string
		for _, src := range sweeps {
			h, n := holds(src.frame), 0
			for _, ok := range h {
				if ok {
					n++
				}
			}
			mark := ""
			if h[claim] {
				mark = ", within"
			}
			parts = append(parts, fmt.Sprintf("%s %s%s (%d of 3 of these claims)", src.log, value(src.frame), mark, n))
		}
		n := 0
		for _, ok := range ours {
			if ok {
				n++
			}
		}
		return fmt.Sprintf("%s: %s; ours: %d of 3", header, strings.Join(parts, "; "), n)
	}
	sourceText := func(claim int, value func(dataframe.DataFrame) string) string {
		return altText("with each other log of Table 2 as the source, same sequences and seed", r.sources, claim, value) + " (" + modelSource + ")"
	}
	rateText := func(claim int, value func(dataframe.DataFrame) string) string {
		return altText("with "+modelSource+" at other job rates, same sequences and seed", r.rates, claim, value) + " (the source's rate)"
	}
	meanText := func(t float64) func(dataframe.DataFrame) string {
		return func(f dataframe.DataFrame) string { return fmt.Sprintf("%.3f", stat.Mean(mMedAt(f, t), nil)) }
	}
	e := l.Check("Fig. 11", "fig11/theta2", fmt.Sprintf("mean M'_med of the model with θ = 2 (%d sequences; standard error %.4f)", len(r.at(2)), se(2)),
		want2, mean(2)).Digits(3).Quoting(quote)
	e.Measured(r.sourceNote())
	e.Measured(sourceText(0, meanText(2)))
	e.Measured(rateText(0, meanText(2)))
	best.explain(e, 0, meanText(2))
	r.onStandIn(e, 2)
	e = l.Check("Fig. 11", "fig11/theta4", fmt.Sprintf("mean M'_med of the model with θ = 4 (%d sequences; standard error %.4f)", len(r.at(4)), se(4)),
		want4, mean(4)).Digits(3).Quoting(quote)
	e.Measured(r.sourceNote())
	e.Measured(sourceText(2, meanText(4)))
	e.Measured(rateText(2, meanText(4)))
	best.explain(e, 2, meanText(4))
	r.onStandIn(e, 4)
	v := r.at(2.5)
	e = l.Claim("Fig. 11", "fig11/theta2.5/range", "the sequences with θ = 2.5 give M'_med within the paper's range 0.078–0.098 (to the printed digit)",
		inRange(v), fmt.Sprintf("our %d sequences of %d jobs: %.4f–%.4f", len(v), r.Jobs, slices.Min(v), slices.Max(v))).
		Quoting("produces an M'_{med} in the range 0.078–0.098")
	e.Measured(r.sourceNote())
	rangeText := func(f dataframe.DataFrame) string {
		w := mMedAt(f, 2.5)
		return fmt.Sprintf("%.4f–%.4f", slices.Min(w), slices.Max(w))
	}
	e.Measured(sourceText(1, rangeText))
	e.Measured(rateText(1, rangeText))
	best.explain(e, 1, rangeText)
	r.onStandIn(e, 2.5)
	th := r.thetas()
	var means []float64
	var vals [][]float64
	for _, t := range th[1:] { // th[0] = 0: no repetitions
		means, vals = append(means, mean(t)), append(vals, r.at(t))
	}
	dec := decreasingPaired(vals)
	l.Claim("Fig. 11", "fig11/decreasing", "mean M'_med decreases as θ grows (from the smallest θ to the largest by more than 2 SE of the difference, "+
		"and rising between no two neighbouring θ by more than 2 SE: means over the sequences, a random procedure, each difference paired by sequence, one seed at every θ)", dec.holds(),
		fmt.Sprintf("%.4f at θ = %g to %.4f at θ = %g: a fall of %.4f, 2 SE %.4f; of the changes between neighbouring θ the nearest to a rise beyond 2 SE is %+.4f (θ = %g to %g), 2 SE %.4f",
			means[0], th[1], means[len(means)-1], th[len(th)-1], dec.fall, 2*dec.fallSE, dec.rise, th[dec.riseAt], th[1+dec.riseAt], 2*dec.riseSE)).
		Quoting("small θ lead to very long runlengths")
	// "Essentially the same" by the tolerance rule (no printed digit):
	// within twice the standard error of the difference. Both were within
	// 10%, a constant the text does not give.
	none := mean(0)
	worst := 0.0
	var diffs []string
	for _, t := range th {
		if t > 4 {
			d, dse := pairedDiff(r.at(t), r.at(0)) // sequence s of each θ shares its seed
			z := math.Abs(d) / dse
			worst = max(worst, z)
			diffs = append(diffs, fmt.Sprintf("θ = %g: %+.1f%%, %.1f standard errors, %.1f%% of the jobs repeat their predecessor", t, 100*(mean(t)-none)/none, z, 100*repeatShare(t)))
		}
	}
	l.Check("Fig. 11", "fig11/above4", "largest difference of mean M'_med for θ > 4 from the model without repetitions, in standard errors of the difference (paired by sequence: one seed with and without repetitions)",
		ledger.Stated("essentially the same as having no repetitions", ledger.AtMost(2)), worst).Digits(3).
		Quoting("when $\\theta > 4$ this is essentially the same as having no repetitions").
		Measured(strings.Join(diffs, "; "))
	r.noneIsRandom(l, none, se(0))
}

// noneIsRandom adds fig11/none-is-random: the mean M'_med without
// repetitions (none, standard error noneSE over the sweep's sequences)
// relative to the source's M'_g, judged over every set of sequences
// measured (the sweep's and noneSets: ledger.SeedsRule, the mean of the
// sets with their standard error; with one set, its sequences' error).
// The input that moves it, measured: the slices random sampling is
// grouped in. The source's M'_g groups the draws in the source log's
// slices (bursty arrivals); the model's sequences have Poisson arrivals.
// Random sampling in a generated sequence's own slices (ownGMed) is the
// same comparison with the model's slice sizes, by the same rule; it is
// the reason when it brings the mean within, and at every set one by one
// (ledger.Found.AtSeeds).
func (r *Fig11Result) noneIsRandom(l *ledger.Ledger, none, noneSE float64) {
	sets, setSE := append([]float64{none}, r.noneSets...), append([]float64{noneSE}, r.noneSetSE...)
	mean := none
	if len(sets) > 1 {
		o := ledger.MeanOverSeeds(sets)
		mean, noneSE = o.Mean, o.SE
	}
	ratioSE := math.Hypot(noneSE, r.gMedSE) / r.gMed
	e := l.Check("Fig. 11", "fig11/none-is-random",
		fmt.Sprintf("mean M'_med without repetitions, relative to the source's M'_g (random sampling; %d set(s) of %d sequences; standard error of the ratio %.4f)", len(sets), r.Sequences, ratioSE),
		ledger.Stated("essentially the median value seen for random sampling", ledger.Near(1, 2*ratioSE)), mean/r.gMed).Digits(3).
		Quoting("M'_{med} comes out at essentially the median value seen for random sampling from the global distribution")
	if len(sets) > 1 {
		e.JudgedOverSeeds(len(sets), r.seed)
	}
	ownSE := math.Hypot(noneSE, r.ownGMedSE) / r.ownGMed
	own := ledger.Near(1, 2*ownSE)
	held := 0
	var bySet []string
	for i, v := range sets {
		within := ledger.Near(1, 2*math.Hypot(setSE[i], r.ownGMedSE)/r.ownGMed).Accepts(v / r.ownGMed)
		if within {
			held++
		}
		bySet = append(bySet, fmt.Sprintf("%.4f (%.4f against the source's M'_g)", v/r.ownGMed, v/r.gMed))
	}
	slicesText := fmt.Sprintf("random sampling grouped in the slices of the generated sequences without repetitions (%d usable, Poisson arrivals; mean over %d sequences) rather than in %s's (%d usable) gives M'_g %.5f against %.5f; relative to it the mean without repetitions (%.5f) is %.4f",
		r.ownUsable, min(r.Sequences, ownSequences), modelSource, r.srcUsable, r.ownGMed, r.gMed, mean, mean/r.ownGMed)
	if len(sets) > 1 {
		slicesText += fmt.Sprintf(" (set by set: %s; within at %d of %d sets)", strings.Join(bySet, ", "), held, len(sets))
	}
	switch {
	case own.Accepts(mean/r.ownGMed) && e.Verdict == ledger.Differs:
		e.ExplainedBy(ledger.OneReading().AtSeeds(held, len(sets)), "the slice sizes: "+slicesText+", within "+own.Tolerance())
	case !own.Accepts(mean/r.ownGMed) && e.Verdict == ledger.Agrees:
		e.OurValue += " (" + slicesText + ", not within " + own.Tolerance() + ")"
	default:
		e.Measured(fmt.Sprintf("without repetitions %.4f, M'_g %.4f; %s, not within %s", mean, r.gMed, slicesText, own.Tolerance()))
	}
}

// onStandIn marks e, one of Fig. 11's three numbers (θ = 2, 2.5, 4), as
// computed on a stand-in (ledger.Entry.OnStandIn: a claim not comparable,
// whichever way it falls, our value and what was measured beside it
// shown). The numbers are of the paper's model sampling a global
// distribution that §4 does not name ("sample a variate X = x with
// probability proportional to f(x)"; Fig. 10's caption and §4's text name
// no log either, and §3's running example, the 1995 Paragon log, is not
// the one we have), and they are a property of that input, not of the
// model alone: the mean M'_med at θ = t moves with the source over our
// logs of Table 2 by far more than the tolerance (sourceSpan). So
// modelSource stands in for the paper's unnamed source. The claims §4
// words as properties of the model (fig11/decreasing, fig11/above4,
// fig11/none-is-random) stay comparable. Any reason a reading found for
// e (bestSweep) is dropped with the verdict: a reason explains a
// difference, and e no longer differs.
func (r *Fig11Result) onStandIn(e *ledger.Entry, t float64) {
	e.OnStandIn(r.standInWhy(t))
	e.Found = nil
}

// standInWhy is onStandIn's reason for θ = t: which log stands in for
// which, with the span of the mean M'_med at θ = t over the sources
// measured (ours and r.sources).
func (r *Fig11Result) standInWhy(t float64) string {
	why := fmt.Sprintf("on a stand-in: the paper does not name the global distribution its model samples (§4), so Fig. 11's numbers are of a log it does not name; %s stands in for it", modelSource)
	if len(r.sources) == 0 {
		return why
	}
	lo, hi := sourceMean{modelSource, stat.Mean(r.at(t), nil)}, sourceMean{modelSource, stat.Mean(r.at(t), nil)}
	for _, s := range r.sources {
		m := sourceMean{s.log, stat.Mean(mMedAt(s.frame, t), nil)}
		if m.mean < lo.mean {
			lo = m
		}
		if m.mean > hi.mean {
			hi = m
		}
	}
	return fmt.Sprintf("%s. The number is a property of the source, not of the model alone: with each of our %d logs of Table 2 as the source (same sequences and seed) the mean M'_med at θ = %g spans %.3f (%s) to %.3f (%s)",
		why, 1+len(r.sources), t, lo.mean, lo.log, hi.mean, hi.log)
}

// sourceMean is a mean M'_med of the model with one source log.
type sourceMean struct {
	log  string
	mean float64
}

// fig11Reading is the best of the other sources and job rates measured
// for Fig. 11's three numbers (bestSweep): which, how many of the three it
// brings within against ours, and among how many readings it was found.
type fig11Reading struct {
	sweep    *sourceSweep
	rate     bool // a job rate of modelSource, not another source
	holds    [3]bool
	tally    ledger.Tally
	readings int
	// confirm are the reading and ours at further sets of seeds
	// (Fig11Result.confirm), judged by judge (fig11Holds).
	confirm []fig11Confirm
	judge   func(dataframe.DataFrame) [3]bool
}

// confirmBest measures the best reading (bestSweep), when it is justified
// at the sweeps' seeds, and ours at fig11ConfirmSets further sets of
// sequences: set k uses the seeds Seed + k·Sequences onwards, disjoint
// from the sweeps' (sequence i uses Seed + i, repetitions.SweepOptions).
func (r *Fig11Result) confirmBest(s *Study, src *datasets.Trace) error {
	b := r.bestSweep(fig11Holds, fig11Holds(r.Frame))
	if b.sweep == nil || !b.tally.Justified() {
		return nil
	}
	for k := 1; k <= fig11ConfirmSets; k++ {
		o := repetitions.SweepOptions{Thetas: fig11Thetas, Sequences: r.Sequences, Jobs: r.Jobs,
			Seed: s.o.SeedOr() + uint64(k*r.Sequences), Workers: s.o.Workers}
		ours, err := repetitions.ThetaSweep(src, o)
		if err != nil {
			return err
		}
		o.Model = b.sweep.model
		reading, err := repetitions.ThetaSweep(b.sweep.src, o)
		if err != nil {
			return err
		}
		r.confirm = append(r.confirm, fig11Confirm{ours: ours, reading: reading})
	}
	return nil
}

// bestSweep returns the reading of r.sources and r.rates that brings the
// most of Fig. 11's three numbers within (the first of the best), with its
// tally against ours.
func (r *Fig11Result) bestSweep(holds func(dataframe.DataFrame) [3]bool, ours [3]bool) fig11Reading {
	b := fig11Reading{readings: len(r.sources) + len(r.rates)}
	for k := range b.readings {
		var sw *sourceSweep
		rate := k >= len(r.sources)
		if rate {
			sw = &r.rates[k-len(r.sources)]
		} else {
			sw = &r.sources[k]
		}
		h := holds(sw.frame)
		var t ledger.Tally
		for i := range h {
			t.Add(ours[i], h[i])
		}
		if b.sweep == nil || t.Within > b.tally.Within {
			b.sweep, b.rate, b.holds, b.tally = sw, rate, h, t
		}
	}
	return b
}

// explain gives e, Fig. 11's claim number claim (0 θ = 2, 1 θ = 2.5's
// range, 2 θ = 4), the reading as its reason when the reading is justified
// over the three (ledger.Tally), brings this one within, and is justified
// without it too (a reading is never chosen for one entry alone,
// ledger.Tally); value says what the reading gives. Otherwise e is left as
// it is (our value already shows every reading). The tally covers the
// three numbers measured under every reading: Fig. 11's other claims
// (decreasing, above4, none-is-random) and Fig. 10's model are not
// measured with the other sources, and the reason says so. Chosen among
// readings of a random procedure at the sweeps' seeds, the reading is a
// reason only when it is justified and brings this one within at every
// further set of sequences measured (b.confirm, confirmBest) too; where it
// is not, ExplainedBy shows it with our value and e stays unexplained.
func (b fig11Reading) explain(e *ledger.Entry, claim int, value func(dataframe.DataFrame) string) {
	if b.sweep == nil || !b.tally.Justified() || !b.holds[claim] {
		return
	}
	what := "with " + b.sweep.log + " as the source of the global distribution (the paper names none)"
	if b.rate {
		what = "with " + modelSource + " and " + b.sweep.log
	}
	// The readings measured are the other sources and rates and ours (as
	// Table 2's readings count ours). Chosen at the sweeps' seeds, the
	// reading holds at a further set of sequences (b.confirm) when it is
	// justified there against ours at the same seeds and brings this claim
	// within; otherwise ExplainedBy shows it with our value, unexplained.
	held := 1
	var further []string
	for _, c := range b.confirm {
		h, o := b.judge(c.reading), b.judge(c.ours)
		var t ledger.Tally
		for i := range h {
			t.Add(o[i], h[i])
		}
		mark, gain := "", ""
		if h[claim] {
			mark = ", within"
		}
		if !t.Justified() {
			gain = ", not justified"
		}
		if t.Justified() && h[claim] {
			held++
		}
		further = append(further, fmt.Sprintf("%s%s (%d of %d within, against %d%s)", value(c.reading), mark, t.Within, t.N, t.AsComputed, gain))
	}
	at := "at the one set of seeds of the sweeps"
	if len(further) > 0 {
		at = fmt.Sprintf("at the sweeps' seeds; at %d further sets of %d sequences with other seeds it gives %s", len(further), len(mMedAt(b.sweep.frame, 2)), strings.Join(further, "; "))
	}
	e.ExplainedBy(ledger.AmongReadings(b.readings+1).AtSeeds(held, 1+len(b.confirm)),
		fmt.Sprintf("%s, applied to the three of Fig. 11's numbers measured under every reading (θ = 2, 2.5, 4: %d of %d within, against %d as computed; "+
			"its other claims and Fig. 10's model not measured with it), gives %s, within the paper's, %s",
			what, b.tally.Within, b.tally.N, b.tally.AsComputed, value(b.sweep.frame), at))
}

// repeatShare is the share of the jobs of the repetitions model with θ
// (runs of at most 1000, the paper's table) that repeat the job before
// them: 1 − 1/E[R], the model's departure from random sampling.
func repeatShare(theta float64) float64 {
	mean := 0.0
	for i, p := range repetitions.RunLengthProbs(theta, 1000) {
		mean += float64(i+1) * p
	}
	return 1 - 1/mean
}

// trend is decreasingPaired's measure of a sequence of means: the fall from
// the first to the last and the largest rise between neighbours (at riseAt,
// from riseAt−1), each with the standard error of its difference: that of
// the sequences' paired differences, since sequence s of every θ is
// generated from the same seed (repetitions.SweepOptions.Seed: common
// random numbers; over our full sweep neighbouring θ correlate −0.29 to
// 0.71 across the sequences).
type trend struct {
	fall, fallSE float64
	rise, riseSE float64
	riseAt       int
}

// holds reports whether the means decrease as a direction does by the
// ledger's word rule (ledger.WordRule): the fall beyond 2 SE, and no rise
// beyond 2 SE (a rise within the noise is a flat stretch, not an increase).
func (t trend) holds() bool { return t.fall > 2*t.fallSE && !(t.rise > 2*t.riseSE) }

// decreasingPaired measures whether the means of vals (vals[i][s] is
// sequence s at the i-th value of the growing parameter) decrease, each
// difference with the standard error of its sequences' paired differences
// (pairedDiff). It panics with fewer than two values of the parameter or
// with sequences of unequal count.
func decreasingPaired(vals [][]float64) trend {
	if len(vals) < 2 {
		panic("feitelson2007: decreasingPaired needs two values of the parameter or more")
	}
	n := len(vals) - 1
	t := trend{rise: math.Inf(-1), riseAt: 1}
	t.fall, t.fallSE = pairedDiff(vals[0], vals[n])
	for i := 1; i <= n; i++ {
		if d, se := pairedDiff(vals[i], vals[i-1]); d-2*se > t.rise-2*t.riseSE || math.IsInf(t.rise, -1) {
			t.rise, t.riseSE, t.riseAt = d, se, i
		}
	}
	return t
}

// pairedDiff returns the mean over the sequences of a[s] − b[s] and its
// standard error (0 with one sequence). It panics when a and b differ in
// length or are empty.
func pairedDiff(a, b []float64) (mean, se float64) {
	if len(a) != len(b) || len(a) == 0 {
		panic("feitelson2007: pairedDiff needs the same sequences on both sides")
	}
	d := make([]float64, len(a))
	for s := range a {
		d[s] = a[s] - b[s]
	}
	o := ledger.MeanOverSeeds(d)
	return o.Mean, o.SE
}
