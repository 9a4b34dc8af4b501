package lublin2003

import (
	"math"
	"testing"
	"time"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/lublin"
)

// jobsAt returns a trace (UTC, starting Monday 1997-01-06 00:00) of
// completed jobs submitted at the given offsets from its start, each with
// the given runtime and size.
func jobsAt(offsets []time.Duration, runtime float64, procs []int) *datasets.Trace {
	tr := datasets.NewTrace("test", len(offsets))
	tr.Header.UnixStartTime = time.Date(1997, time.January, 6, 0, 0, 0, 0, time.UTC).Unix()
	for i, d := range offsets {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.Runtime, j.Status, j.Procs = i+1, d.Seconds(), runtime, datasets.StatusCompleted, 1
		if procs != nil {
			j.Procs = procs[i]
		}
		tr.Append(j)
	}
	return tr
}

func hm(day, h, m int) time.Duration {
	return time.Duration(day)*24*time.Hour + time.Duration(h)*time.Hour + time.Duration(m)*time.Minute
}

// TestDailyHours: the daily-hours convention fits arrival times t (hours)
// as t' = 2t, plus 48 below 10 (§7.2). Reference: a Gamma fitted by
// maximum likelihood has the sample's mean (αβ = x̄), so αβ is the mean of
// the t' worked out by hand from the arrival times.
func TestDailyHours(t *testing.T) {
	times := []time.Duration{hm(0, 0, 30), hm(0, 4, 45), hm(0, 5, 0), hm(0, 8, 15), hm(0, 9, 0), hm(0, 10, 30),
		hm(0, 12, 0), hm(0, 14, 45), hm(0, 16, 0), hm(0, 18, 30), hm(1, 11, 0), hm(1, 22, 0)}
	// t' = 2t (+48 when 2t < 10): 49, 57.5, 10, 16.5, 18, 21, 24, 29.5, 32, 37, 22, 44.
	want := (49 + 57.5 + 10 + 16.5 + 18 + 21 + 24 + 29.5 + 32 + 37 + 22 + 44) / 12.0
	f := lublin.LogFit{Options: lublin.FitOptions{DayStart: lublin.DefaultDayStart}}
	got, err := dailyHours(f, jobsAt(times, 100, nil))
	if err != nil {
		t.Fatal(err)
	}
	if g := got.Daily.Gamma.Gamma; math.Abs(g.Alpha*g.Beta-want) > 1e-6*want {
		t.Errorf("αβ = %.6f, want the mean of t' %.6f", g.Alpha*g.Beta, want)
	}
}

// TestPeakArrivalGaps: every job submitted in the peak hours (Monday to
// Friday 08:00–19:00) counts its gap from the job before it, also when
// that one came before the peak (07:00 → 08:30: 90 min); a Saturday job
// and its gap are left out. Reference: αβ of the ML Gamma is the mean of
// ln of the gaps worked out by hand (minutes below).
func TestPeakArrivalGaps(t *testing.T) {
	times := []time.Duration{hm(0, 7, 0), hm(0, 8, 30), hm(0, 9, 0), hm(0, 9, 20), hm(0, 10, 0), hm(0, 10, 5),
		hm(0, 11, 0), hm(0, 11, 30), hm(0, 12, 10), hm(0, 13, 0), hm(0, 13, 1), hm(0, 14, 0), hm(5, 10, 0)}
	gaps := []float64{90, 30, 20, 40, 5, 55, 30, 40, 50, 1, 59} // minutes
	var want float64
	for _, g := range gaps {
		want += math.Log(60*g) / float64(len(gaps))
	}
	got, err := peakArrivalGaps(lublin.LogFit{}, jobsAt(times, 100, nil))
	if err != nil {
		t.Fatal(err)
	}
	if g := got.Arrival.Peak.Gamma; math.Abs(g.Alpha*g.Beta-want) > 1e-6*want {
		t.Errorf("αβ = %.6f, want the mean ln gap %.6f", g.Alpha*g.Beta, want)
	}
}

// TestPLineUnweighted: ordinary least squares through the groups' points,
// whatever their job counts. Reference (by hand): points (1, 0.9),
// (2, 0.7), (4, 0.8): x̄ = 7/3, ȳ = 0.8, Sxy = −0.1, Sxx = 42/9, so
// a = −3/140 and b = 0.8 − a·7/3 = 0.85; weighting by the counts
// (100, 1, 1) would give a line close to the first point instead.
func TestPLineUnweighted(t *testing.T) {
	f := lublin.LogFit{}
	f.Runtime.HyperGamma = fit.HyperGamma{P: 0.7, Alpha1: 4, Beta1: 1, Alpha2: 300, Beta2: 0.03}
	f.PLine.Groups = []lublin.PGroup{{MeanSize: 1, Jobs: 100, P: 0.9}, {MeanSize: 2, Jobs: 1, P: 0.7}, {MeanSize: 4, Jobs: 1, P: 0.8}}
	procs := []int{1, 1, 2, 4, 4, 8}
	got, err := pLineUnweighted(f, jobsAt(make([]time.Duration, len(procs)), 100, procs))
	if err != nil {
		t.Fatal(err)
	}
	a, b := -3.0/140, 0.85
	if math.Abs(got.PLine.Slope-a) > 1e-12 || math.Abs(got.PLine.Intercept-b) > 1e-12 {
		t.Errorf("a, b = %v, %v; want %v, %v", got.PLine.Slope, got.PLine.Intercept, a, b)
	}
	// p(s) = a·s + b, clipped to [0, 1], averaged over the 6 jobs.
	var meanP float64
	for _, s := range procs {
		meanP += min(max(a*float64(s)+b, 0), 1) / float64(len(procs))
	}
	if math.Abs(got.PLine.MeanP-meanP) > 1e-12 {
		t.Errorf("mean p = %v, want %v", got.PLine.MeanP, meanP)
	}
}

// TestContinuousSizeKS: with §3.3.1's D_n on log2 sizes regarded as
// continuous, sizes that are all equal give D_n = max(F(v), 1 − F(v)) ≥
// 1/2 whatever the fit (the ties' floor that our discrete D_n avoids).
func TestContinuousSizeKS(t *testing.T) {
	procs := make([]int, 12)
	for i := range procs {
		procs[i] = 4
	}
	f := lublin.LogFit{}
	f.Size.TwoStage = fit.TwoStageUniform{Low: 0.8, Med: 3, High: 6, P: 0.8}
	f.Size.Gamma = fit.Gamma{Alpha: 4, Beta: 0.7}
	got, err := continuousSizeKS(f, jobsAt(make([]time.Duration, len(procs)), 100, procs))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		d    float64
		cdf  func(float64) float64
	}{{"two-stage", got.Size.TwoStageKS.D, f.Size.TwoStage.CDF}, {"Gamma", got.Size.GammaKS.D, f.Size.Gamma.CDF}} {
		F := c.cdf(2)
		if want := max(F, 1-F); math.Abs(c.d-want) > 1e-12 {
			t.Errorf("%s: D_n = %v, want %v", c.name, c.d, want)
		}
	}
}

// TestMachine416: h is log2 416 (§2's nodes of the SDSC Paragon), or the
// log2 of a larger job's size; l is kept. Reference: the ML two-stage
// uniform with fixed ends puts P = CDF(m) at the share of values up to m,
// which for sizes 2 ×6 and 64 ×6 (log2 1 and 6) on [0.8, 8.70] is 1/2.
func TestMachine416(t *testing.T) {
	procs := []int{2, 2, 2, 2, 2, 2, 64, 64, 64, 64, 64, 64}
	f := lublin.LogFit{}
	f.Size.TwoStage = fit.TwoStageUniform{Low: 0.8, Med: 3, High: math.Log2(400), P: 0.8}
	f.Size.Pow2Model = 1
	got, err := machine416(f, jobsAt(make([]time.Duration, len(procs)), 100, procs))
	if err != nil {
		t.Fatal(err)
	}
	ts := got.Size.TwoStage
	if ts.Low != 0.8 || math.Abs(ts.High-math.Log2(416)) > 1e-12 {
		t.Errorf("l, h = %v, %v; want 0.8, log2 416 = %v", ts.Low, ts.High, math.Log2(416))
	}
	if math.Abs(ts.P-0.5) > 1e-9 {
		t.Errorf("p = %v, want 0.5 (half the sizes at or below m = %v)", ts.P, ts.Med)
	}
	procs = append(procs, 512)
	got, err = machine416(f, jobsAt(make([]time.Duration, len(procs)), 100, procs))
	if err != nil {
		t.Fatal(err)
	}
	if got.Size.TwoStage.High != 9 {
		t.Errorf("h = %v with a job of 512, want 9", got.Size.TwoStage.High)
	}
}
