package feitelson2021

import (
	"context"
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/session/sessionplot"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/feedback"
)

// Fig18Logs are the logs whose continuation curves are measured (the
// paper's source, Shmueli and Feitelson 2007, used several logs; the figure
// does not name them in our copy).
var Fig18Logs = []string{"KTH-SP2", "SDSC-SP2", "CTC-SP2"}

// fig18MinJobs is the number of jobs a bin needs to enter the rank
// correlations and the fit (smaller bins are noise).
const fig18MinJobs = 100

// Fig18Result is the probability that a session continues (the next job
// within 20 minutes of the previous one's end) against the previous job's
// response time and slowdown (§4.4, Fig. 18).
type Fig18Result struct {
	Logs []string
	// Frame has one row per (log, measure, bin): session.Continuation's
	// Frame with a column log, and p_cont_minutes and p_cont_seconds (the
	// distribution-based model's 0.8 / (0.05 r + 1) at the bin's geometric
	// centre, r in minutes or in seconds; NaN for slowdown bins).
	Frame  dataframe.DataFrame
	Figure *plots.Figure
	// Per log: Spearman's ρ of probability against the bin over bins of at
	// least fig18MinJobs jobs, for response time and slowdown; the first
	// and last such response bins' probabilities; the RMS distance of the
	// model's formula from the response curve, r in minutes and seconds.
	rhoResp, rhoSlow, firstP, lastP, rmsMin, rmsSec []float64
	// nResp and nSlow are, per log, the numbers of bins rhoResp and
	// rhoSlow are computed over.
	nResp, nSlow []int
	// aucResp and aucSlow are, per log, how well the response time and the
	// slowdown tell the jobs after which the session continued from the
	// others (continuationAUC over every bin), and seResp, seSlow their
	// standard errors.
	aucResp, aucSlow, seResp, seSlow []float64
	Missing                          []Missing
}

// Fig18 measures the continuation curves.
func (s *Study) Fig18(ctx context.Context) (*Fig18Result, error) {
	return s.fig18.Get(func() (*Fig18Result, error) {
		r := &Fig18Result{}
		var frames []dataframe.DataFrame
		var panels []*plot.Plot
		for _, name := range Fig18Logs {
			t, err := s.log(name, &r.Missing)
			if err != nil {
				return nil, err
			} else if t == nil {
				continue
			}
			c, err := session.ContinuationOf(t, session.ContinuationOptions{})
			if err != nil {
				return nil, err
			}
			r.Logs = append(r.Logs, name)
			var x, y, ps, xs []float64
			var sMin, sSec float64
			for _, b := range c.Response {
				if b.Jobs < fig18MinJobs || math.IsInf(b.Hi, 1) {
					continue
				}
				mid := binMid(b)
				x, y = append(x, mid), append(y, b.Probability)
				dm, ds := feedback.ContinuationProbability(mid, 60)-b.Probability, feedback.ContinuationProbability(mid, 1)-b.Probability
				sMin, sSec = sMin+dm*dm, sSec+ds*ds
			}
			for _, b := range c.Slowdown {
				if b.Jobs >= fig18MinJobs && !math.IsInf(b.Hi, 1) {
					xs, ps = append(xs, binMid(b)), append(ps, b.Probability)
				}
			}
			n := float64(len(x))
			r.rhoResp, r.rhoSlow = append(r.rhoResp, spearman(x, y)), append(r.rhoSlow, spearman(xs, ps))
			r.nResp, r.nSlow = append(r.nResp, len(x)), append(r.nSlow, len(xs))
			ar, sr := continuationAUC(c.Response)
			as, ss := continuationAUC(c.Slowdown)
			r.aucResp, r.seResp = append(r.aucResp, ar), append(r.seResp, sr)
			r.aucSlow, r.seSlow = append(r.aucSlow, as), append(r.seSlow, ss)
			r.firstP, r.lastP = append(r.firstP, y[0]), append(r.lastP, y[len(y)-1])
			r.rmsMin, r.rmsSec = append(r.rmsMin, math.Sqrt(sMin/n)), append(r.rmsSec, math.Sqrt(sSec/n))
			df := c.Frame()
			logs := make([]string, df.Nrow())
			pm, psec := make([]float64, df.Nrow()), make([]float64, df.Nrow())
			meas := df.Col("measure").Records()
			lo, hi := df.Col("lo").Float(), df.Col("hi").Float()
			for i := range logs {
				logs[i], pm[i], psec[i] = name, math.NaN(), math.NaN()
				if meas[i] == "response_time" && !math.IsInf(hi[i], 1) {
					mid := math.Sqrt(math.Max(lo[i], 1) * hi[i])
					pm[i], psec[i] = feedback.ContinuationProbability(mid, 60), feedback.ContinuationProbability(mid, 1)
				}
			}
			frames = append(frames, dataframe.New(series.New(logs, series.String, "log")).CBind(df).
				Mutate(series.New(pm, series.Float, "p_cont_minutes")).Mutate(series.New(psec, series.Float, "p_cont_seconds")))
			for _, bySlowdown := range []bool{false, true} {
				p, err := sessionplot.Continuation(c, bySlowdown, "measured (a bin of jobs)")
				if err != nil {
					return nil, err
				}
				p.Title.Text = name + ", by " + map[bool]string{false: "response time", true: "slowdown"}[bySlowdown]
				if !bySlowdown {
					// The 2014 distribution-based model, r in minutes: a
					// function of r, drawn as a curve over whole decades
					// of response time (fig18Seconds), not at bin centres.
					mx, my := fig18Model()
					if _, err := plots.AddLines(p, []plots.XY{{Label: "2014 model 0.8 / (0.05 r + 1), r in minutes", X: mx, Y: my, Dashed: true, Color: 2}},
						plots.LinesOptions{Axes: plots.Axes{LogX: true}}); err != nil {
						return nil, err
					}
					p.X.Min, p.X.Max = math.Min(p.X.Min, fig18Seconds[0]), math.Max(p.X.Max, fig18Seconds[1])
				}
				panels = append(panels, p)
			}
		}
		r.Figure = figure("Fig. 18", "how likely a session continues (next job within 20 minutes) after a job",
			"the continuation against the previous job's response time (left) and its slowdown (right): compare how consistently each falls (the ledger's Fig. 18 entries)", 2, panels...)
		if r.Figure != nil {
			r.Figure.ShareY, r.Figure.ShareColumnX = true, true
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

// continuationAUC is the area under the ROC curve of a continuation
// curve's measure as a predictor that the session continues: the
// probability that a job after which the user continued has a smaller
// response time (or slowdown) than a job after which the user did not, two
// jobs of one bin counting one half (the Mann–Whitney statistic over the
// binned values, every bin and job included). 0.5 is no prediction. se is
// its standard error (Hanley and McNeil 1982, Radiology 143:29–36, eq. 1).
// Both are NaN when no job, or every job, was followed by a continuation.
func continuationAUC(bins []session.Bin) (auc, se float64) {
	var cont, stop float64
	for _, b := range bins {
		cont += float64(b.Continued)
		stop += float64(b.Jobs - b.Continued)
	}
	if cont == 0 || stop == 0 {
		return math.NaN(), math.NaN()
	}
	above, sum := stop, 0.0 // stopped jobs in the bins above the current one
	for _, b := range bins {
		st := float64(b.Jobs - b.Continued)
		above -= st
		sum += float64(b.Continued) * (above + st/2)
	}
	a := sum / (cont * stop)
	q1, q2 := a/(2-a), 2*a*a/(1+a)
	return a, math.Sqrt((a*(1-a) + (cont-1)*(q1-a*a) + (stop-1)*(q2-a*a)) / (cont * stop))
}

// fig18Seconds is the response-time axis of Fig. 18, in seconds: whole
// decades around the bins (the first, [0, 10 s), is drawn at 5 s, the
// open last one, from 32 h, at 64 h), so that both ends are labelled.
var fig18Seconds = [2]float64{1, 1e6}

// fig18Model returns the 2014 model's continuation probability (r in
// minutes) at 20 points a decade over fig18Seconds.
func fig18Model() (x, y []float64) {
	lo, hi := math.Log10(fig18Seconds[0]), math.Log10(fig18Seconds[1])
	n := int(math.Round((hi-lo)*20)) + 1
	for i := range n {
		r := math.Pow(10, lo+(hi-lo)*float64(i)/float64(n-1))
		x, y = append(x, r), append(y, feedback.ContinuationProbability(r, 60))
	}
	return x, y
}

// binMid is the geometric centre of a bin (its lower edge taken as at
// least 1).
func binMid(b session.Bin) float64 { return math.Sqrt(math.Max(b.Lo, 1) * b.Hi) }

// Claims adds the claims of §4.4 on what makes users continue (Fig. 18).
//
// "Better predictor" is read, for the paper's entries, as the curve falling
// more consistently (Spearman's ρ over the bins). The other reading, the
// measure that better tells the jobs after which the session continued
// from the others (continuationAUC: its distance from 0.5 larger by more
// than twice the standard error of the difference), is an entry of ours
// and a convention tallied over both claims of the figure on every log
// (ledger.Tally): under it "the longer the response time, the lower the
// probability" is the area above 0.5 by more than twice its standard error.
func (r *Fig18Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 18"
	unavailable(l, item, "fig18", r.Missing)
	longer, better := make([]bool, len(r.Logs)), make([]bool, len(r.Logs))
	aucLonger, aucBetter := make([]bool, len(r.Logs)), make([]bool, len(r.Logs))
	var t ledger.Tally
	for i := range r.Logs {
		longer[i] = r.rhoResp[i] < 0 && r.lastP[i] < r.firstP[i]
		better[i] = r.betterByRho(i)
		aucLonger[i] = r.aucResp[i]-0.5 > 2*r.seResp[i]
		aucBetter[i] = r.betterByAUC(i)
		t.Add(longer[i], aucLonger[i])
		t.Add(better[i], aucBetter[i])
	}
	for i, name := range r.Logs {
		l.Claim(item, "fig18/"+name+"/longer-response-less-continuation", name+": the longer a job's response time, the lower the probability that the session continues (next job within 20 minutes): Spearman's ρ over the response bins < 0",
			longer[i], fmt.Sprintf("ρ = %.2f; probability %.2f in the shortest bin, %.2f in the longest (bins of ≥ %d jobs)", r.rhoResp[i], r.firstP[i], r.lastP[i], fig18MinJobs)).
			Quoting("the longer a\njob’s response time, the lower the probability that the session will continue")
		gap, bound := r.rhoGap(i)
		const quote = "A job’s performance as measured by the response time is a better predictor\nof subsequent user behavior (think time till the next job) than the job’s slowdown"
		e := l.Claim(item, "fig18/"+name+"/response-better-predictor", name+": the response time is a better predictor of whether the user continues than the slowdown: the continuation falls more consistently with it (|ρ| larger by more than twice the standard error of the difference of Fisher's z)",
			better[i], fmt.Sprintf("ρ against response time %.3f (%d bins), against slowdown %.3f (%d bins); difference of |z| %.2f against 2 SE %.2f",
				r.rhoResp[i], r.nResp[i], r.rhoSlow[i], r.nSlow[i], gap, bound)).
			Quoting(quote)
		auc := r.aucText(i)
		if t.Justified() && aucBetter[i] {
			e.ExplainedBy(ledger.OneReading(), fmt.Sprintf("with \"better predictor\" read as the measure that better tells the jobs after which the session continued from the others, it holds: %s; applied to both claims of Fig. 18 on every log, this reading makes %d of %d hold, against %d as computed",
				auc, t.Within, t.N, t.AsComputed))
		} else {
			e.Measured(fmt.Sprintf("with \"better predictor\" read as the measure that better tells the jobs after which the session continued from the others: %s; applied to both claims of Fig. 18 on every log, %d of %d hold, against %d as computed", auc, t.Within, t.N, t.AsComputed))
		}
		l.OwnClaim(item, "fig18/"+name+"/response-better-predictor/auc", name+": the response time tells the jobs after which the session continued from the others better than the slowdown does (area under the ROC curve over every job, its distance from 0.5 larger by more than twice the standard error of the difference)",
			aucBetter[i], auc).Quoting(quote)
		l.OwnClaim(item, "fig18/"+name+"/p-cont-minutes", name+": the continuation probability of the 2014 distribution-based model, 0.8 / (0.05 r + 1), fits the measured curve with r in minutes better than in seconds (RMS distance)",
			r.rmsMin[i] < r.rmsSec[i], fmt.Sprintf("RMS distance %.3f with minutes, %.3f with seconds", r.rmsMin[i], r.rmsSec[i]))
	}
}

// rhoGap returns, for log i, how much larger |ρ| is against the response
// time than against the slowdown (Fisher's z) and twice the standard error
// of that difference (RhoSE over each curve's bins).
func (r *Fig18Result) rhoGap(i int) (gap, bound float64) {
	gap = math.Atanh(math.Abs(r.rhoResp[i])) - math.Atanh(math.Abs(r.rhoSlow[i]))
	return gap, 2 * math.Hypot(RhoSE(r.nResp[i]), RhoSE(r.nSlow[i]))
}

// betterByRho reports whether the continuation falls more consistently with
// the response time than with the slowdown on log i. "Better" is a claimed
// difference: |ρ| larger by more than the noise of the two rank
// correlations over their bins (twice RhoSE of the difference). Two curves that fall
// equally consistently (CTC-SP2: one adjacent swap in each) do not show it,
// whichever has more bins.
func (r *Fig18Result) betterByRho(i int) bool {
	gap, bound := r.rhoGap(i)
	return gap > bound
}

// betterByAUC reports whether the response time tells the jobs after which
// the session continued from the others better than the slowdown on log i:
// its area under the ROC curve farther from 0.5 by more than twice the
// standard error of the difference (the two taken as independent, which
// overstates the error of two measures of the same jobs).
func (r *Fig18Result) betterByAUC(i int) bool {
	return math.Abs(r.aucResp[i]-0.5)-math.Abs(r.aucSlow[i]-0.5) > 2*math.Hypot(r.seResp[i], r.seSlow[i])
}

// aucText gives log i's areas under the ROC curve.
func (r *Fig18Result) aucText(i int) string {
	return fmt.Sprintf("area under the ROC curve %.3f ± %.3f by response time, %.3f ± %.3f by slowdown (0.5: no prediction); difference of the distances from 0.5 %.3f against 2 SE %.3f",
		r.aucResp[i], r.seResp[i], r.aucSlow[i], r.seSlow[i], math.Abs(r.aucResp[i]-0.5)-math.Abs(r.aucSlow[i]-0.5), 2*math.Hypot(r.seResp[i], r.seSlow[i]))
}
