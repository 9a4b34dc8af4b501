package lublin

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
)

// FitOptions controls FitLog. The zero value is the paper's procedure.
type FitOptions struct {
	// Jobs selects jobs by status; the zero value keeps completed jobs, as
	// the paper did.
	Jobs JobFilter
	// Class selects interactive or batch jobs (Section 8.1); the zero value
	// keeps both.
	Class ClassFilter
	// InteractiveQueues lists the queues of interactive jobs; nil reads them
	// from the header (InteractiveQueues).
	InteractiveQueues []int
	// Procs is the machine size; 0 means the trace's (datasets.Trace.Machine:
	// the header's, else the peak processors in use in the logged schedule).
	Procs int
	// SizeMethod chooses how the two-stage uniform is fitted; the zero
	// value is the paper's (SizeContinuous).
	SizeMethod SizeMethod
	// SizeLow and SizeHigh are the ends of the two-stage uniform on log2
	// size (Table 1). 0 means the paper's model rules (Section 4.3): low is
	// 0.2 below log2 of the smallest parallel size, high is log2(Procs).
	SizeLow, SizeHigh float64
	// PeakStart and PeakEnd are the peak hours, local time, Monday to
	// Friday (Section 7.1); 0 and 0 mean 8 and 19 (08:00–19:00).
	PeakStart, PeakEnd float64
	// DayStart is the first slot of the shifted day (Section 7.2); 0 means
	// DefaultDayStart (11: 05:00).
	DayStart int
	// RuntimeGroupBounds are the largest sizes of the size groups of Table 4
	// but the last, e.g. {4, 16} for 1–4, 5–16, 17+; nil means
	// RuntimeGroups groups of roughly equal job counts.
	RuntimeGroupBounds []int
	// RuntimeGroups is the number of equal-count size groups of Table 4
	// when RuntimeGroupBounds is nil; 0 means 3.
	RuntimeGroups int
	// PGroups is the number of equal-count size groups used to fit the line
	// p = a·size + b (Section 6.3, Table 5); 0 means 8.
	PGroups int
	// EM controls the hyper-Gamma fits; the zero value is the paper's
	// middle-minimum start.
	EM fit.EMOptions
	// Subsample is the size of the random subsample of the KS re-test of
	// Section 5.1 (500–1000 jobs in the paper); 0 means 1000.
	Subsample int
	// Seed seeds the subsamples.
	Seed uint64
}

func (o FitOptions) withDefaults(tr *datasets.Trace) (FitOptions, error) {
	if o.Procs < 0 || o.DayStart < 0 || o.RuntimeGroups < 0 || o.PGroups < 0 || o.Subsample < 0 {
		return o, fmt.Errorf("lublin: FitOptions Procs %d, DayStart %d, RuntimeGroups %d, PGroups %d, Subsample %d: negative",
			o.Procs, o.DayStart, o.RuntimeGroups, o.PGroups, o.Subsample)
	}
	if o.Procs == 0 {
		o.Procs = tr.MaxProcs()
	}
	if o.PeakStart == 0 && o.PeakEnd == 0 {
		o.PeakStart, o.PeakEnd = 8, 19
	}
	if o.DayStart == 0 {
		o.DayStart = DefaultDayStart
	}
	if o.RuntimeGroups == 0 {
		o.RuntimeGroups = 3
	}
	if o.PGroups == 0 {
		o.PGroups = 8
	}
	if o.Subsample == 0 {
		o.Subsample = 1000
	}
	return o, nil
}

// GammaFit is a Gamma fitted by maximum likelihood with its goodness of
// fit.
type GammaFit struct {
	Gamma fit.Gamma
	// Moments is the Gamma with the sample's mean and variance
	// (GammaMoments), the method the paper sets aside (Section
	// 3.2.1): a convention to compare with.
	Moments    fit.Gamma
	LogLik     float64
	Iterations int
	N          int          // values fitted
	Dropped    int          // values left out: their log is ≤ 0 (a time ≤ 1 s)
	KS         fit.KSResult // D_n on the whole sample
	KSSub      fit.KSResult // D_n on a random subsample (Section 5.1)
}

// MixtureFit is a hyper-Gamma fitted by EM with its goodness of fit.
type MixtureFit struct {
	HyperGamma fit.HyperGamma
	LogLik     float64
	Iterations int
	Converged  bool
	N          int          // values fitted
	Dropped    int          // values left out: their log is ≤ 0 (≤ 1 s, or work ≤ 1)
	KS         fit.KSResult // D_n on the whole sample
	KSSub      fit.KSResult // D_n on a random subsample (Section 5.1)
}

// SizeFit is the size model of one log (Table 1).
type SizeFit struct {
	N        int     // jobs with a known size
	Unknown  int     // jobs with an unknown size, left out
	Parallel int     // jobs with more than one processor
	Serial   float64 // p1: fraction of serial jobs
	Pow2     float64 // p2: fraction of parallel jobs whose size is a power of two
	// Method is the two-stage fitting method used.
	Method SizeMethod
	// TwoStage is the two-stage uniform on log2 of parallel sizes, with
	// Low and High by FitOptions and Med, P by maximum likelihood.
	TwoStage fit.TwoStageUniform
	// Pow2Model is the model's p2, the probability of rounding a parallel
	// job to a power of two: Pow2 with SizeContinuous, the maximum-
	// likelihood rounding probability with SizeRounding.
	Pow2Model  float64
	TwoStageKS fit.KSResult
	// Gamma is the Gamma on log2 of parallel sizes; GammaMoments the Gamma
	// with their mean and variance (see GammaFit.Moments).
	Gamma        fit.Gamma
	GammaMoments fit.Gamma
	GammaKS      fit.KSResult
}

// GroupFit is the runtime model of one size group (Table 4).
type GroupFit struct {
	MinSize, MaxSize int
	Jobs             int
	MeanSize         float64
	Runtime          MixtureFit
	// Err is the reason the group could not be fitted, or "".
	Err string
}

// PGroup is one of the size groups of the p line (Section 6.3).
type PGroup struct {
	MinSize, MaxSize int
	Jobs             int
	MeanSize         float64
	P                float64 // ML weight of the short Gamma, components fixed
}

// PLineFit is the linear dependence of p on size (Section 6.3, Table 5).
type PLineFit struct {
	Slope, Intercept float64 // a and b of p = a·size + b
	Groups           []PGroup
	// MeanP is the mean over the jobs of the clipped p(size); the model's
	// runtime distribution over the whole log is the hyper-Gamma with this
	// p, and KS is its D_n against all runtimes.
	MeanP float64
	KS    fit.KSResult
}

// ArrivalFit is the peak-hour inter-arrival model (Table 6) and ARAR.
type ArrivalFit struct {
	Peak GammaFit // Gamma on ln of peak-hour inter-arrival times
	// ARAR is MeanLogAll / MeanLogPeak, the ratio of the means of the
	// complete and the peak-hour distributions (Section 7.3), both in log
	// space.
	ARAR        float64
	MeanLogAll  float64
	MeanLogPeak float64
	AllN        int // inter-arrivals of the complete distribution (> 1 s)
	AllDropped  int // inter-arrivals ≤ 1 s left out of the complete distribution
}

// DailyFit is the daily cycle model (Table 7).
type DailyFit struct {
	Gamma GammaFit // Gamma over the shifted slot numbers
	// Counts[k] is the number of arrivals in slot k (k half hours after
	// local midnight).
	Counts   []int
	DayStart int
}

// LogFit is the Lublin–Feitelson model of one log: every table of the paper
// for one log.
type LogFit struct {
	Selection
	Procs         int
	Size          SizeFit    // Table 1
	Runtime       MixtureFit // Table 2: ln runtime
	RuntimeGroups []GroupFit // Table 4
	PLine         PLineFit   // Table 5
	Work          MixtureFit // Table 3: ln(procs × runtime)
	WorkErr       string     // why Work could not be fitted, or ""
	Arrival       ArrivalFit // Table 6 and ARAR
	Daily         DailyFit   // Table 7
	Options       FitOptions // the options used, defaults filled in
}

// FitLog fits the Lublin–Feitelson model to a log.
//
// Jobs are selected by opts.Jobs (completed jobs by default, as in the
// paper) and opts.Class, and taken in submit order. Then:
//
//   - sizes (Section 4, Table 1): jobs with a known allocated size; p1 is
//     the serial fraction, p2 the fraction of parallel jobs whose size is a
//     power of two; log2 of the parallel sizes is fitted by a two-stage
//     uniform (FitTwoStageUniformRange with Low and High by opts, or
//     FitSizeRounding with opts.SizeMethod) and by a Gamma, treating them
//     as continuous as the paper does; D_n compares
//     the parallel sizes with the discrete sizes the model makes from each
//     fit (SizeKS: rounding to powers of two with probability p2, else to
//     the nearest integer);
//   - runtimes (Section 5, Table 2): ln runtime of jobs with a known
//     runtime above 1 s (ln > 0; shorter runtimes are counted in Dropped)
//     is fitted by a hyper-Gamma by EM with the middle-minimum start;
//   - size groups (Table 4): the same per group of sizes;
//   - p line (Section 6.3, Table 5): the jobs are cut into opts.PGroups
//     groups of roughly equal counts without splitting a size; with the two
//     Gammas of the overall fit fixed, p is estimated in each group by
//     maximum likelihood, and a, b by least squares of p on the group's
//     mean size, weighted by the groups' job counts (sizes shared by many
//     jobs make equal groups impossible; with equal groups this is the
//     ordinary fit);
//   - total work (Section 5.3, Table 3): ln(size × runtime), as runtimes;
//   - peak arrivals (Section 7.1, Table 6): inter-arrival times between
//     consecutive jobs both submitted in the same peak window (PeakStart to
//     PeakEnd, Monday to Friday, in the log's own time zone), above 1 s,
//     fitted by a Gamma in log space; ARAR (Section 7.3) is the mean of ln
//     of all inter-arrivals above 1 s divided by the mean of ln of the peak
//     ones;
//   - daily cycle (Section 7.2, Table 7): every arrival's half-hour slot,
//     numbered as ShiftedSlot does (1-based, the day starting at DayStart),
//     fitted by a Gamma; its D_n compares the slot counts with the
//     discretised Gamma used by the generator.
//
// Unknown measures (NaN runtime, size −1) are skipped and counted. FitLog
// returns an error when the selection is empty or one of the main fits
// (sizes, runtimes, arrivals, daily cycle) fails; a size group or the work
// model that cannot be fitted is reported in GroupFit.Err or WorkErr. EM
// starts from the middle minimum, as in the paper; opts.EM.Restarts adds
// random starts and keeps the best likelihood, which helps when the
// middle-minimum start ends in a poor local maximum. A start whose
// component collapses, typically onto a tie (many jobs of one runtime: on
// LLNL-Thunder 3.2% of the fitted jobs run 2 s, the shortest runtime
// kept), is left out, and when the middle-minimum start is, fit.FitHyperGamma
// also starts from the deciles; the error (fit.ErrPointMass) names the
// tie only when every start ends on one.
func FitLog(tr *datasets.Trace, opts FitOptions) (LogFit, error) {
	opts, err := opts.withDefaults(tr)
	if err != nil {
		return LogFit{}, err
	}
	if opts.Procs <= 0 {
		return LogFit{}, fmt.Errorf("lublin: log %q: %w", tr.Name, datasets.ErrNoMachineSize)
	}
	rows, sel, err := selectJobs(tr, opts.Jobs, opts.Class, opts.InteractiveQueues)
	if err != nil {
		return LogFit{}, err
	}
	lf := LogFit{Selection: sel, Procs: opts.Procs, Options: opts}
	if len(rows) == 0 {
		return lf, fmt.Errorf("lublin: log %q: no jobs selected (%s jobs, class %s)", tr.Name, sel.Filter, sel.Class)
	}
	if lf.Size, err = fitSizes(tr, rows, opts); err != nil {
		return lf, fmt.Errorf("lublin: log %q: sizes: %w", tr.Name, err)
	}

	// Runtimes with their sizes.
	var lr []float64
	var lrSize []int
	dropped := 0
	for _, i := range rows {
		r, p := tr.Runtime[i], tr.Procs[i]
		if math.IsNaN(r) || p < 1 {
			continue
		}
		if r <= 1 {
			dropped++
			continue
		}
		lr = append(lr, math.Log(r))
		lrSize = append(lrSize, p)
	}
	if lf.Runtime, err = fitMixture(lr, opts, 1); err != nil {
		return lf, fmt.Errorf("lublin: log %q: runtimes: %w", tr.Name, err)
	}
	lf.Runtime.Dropped = dropped
	lf.RuntimeGroups = fitRuntimeGroups(lr, lrSize, opts)
	lf.PLine = fitPLine(lr, lrSize, lf.Runtime.HyperGamma, opts)

	// Work.
	var lw []float64
	dropped = 0
	for _, i := range rows {
		r, p := tr.Runtime[i], tr.Procs[i]
		if math.IsNaN(r) || p < 1 {
			continue
		}
		if w := r * float64(p); w > 1 {
			lw = append(lw, math.Log(w))
		} else {
			dropped++
		}
	}
	if lf.Work, err = fitMixture(lw, opts, 2); err != nil {
		lf.WorkErr = err.Error()
	}
	lf.Work.Dropped = dropped

	if lf.Arrival, err = fitArrivals(tr, rows, opts); err != nil {
		return lf, fmt.Errorf("lublin: log %q: arrivals: %w", tr.Name, err)
	}
	if lf.Daily, err = fitDaily(tr, rows, opts); err != nil {
		return lf, fmt.Errorf("lublin: log %q: daily cycle: %w", tr.Name, err)
	}
	return lf, nil
}

// fitMixture fits a hyper-Gamma to x with KS on all of x and on a
// subsample; stream separates the subsample seeds of different attributes.
func fitMixture(x []float64, opts FitOptions, stream uint64) (MixtureFit, error) {
	hg, res, err := fit.FitHyperGamma(x, nil, opts.EM)
	if err != nil {
		return MixtureFit{N: len(x)}, err
	}
	return MixtureFit{
		HyperGamma: hg, LogLik: res.LogLik, Iterations: res.Iterations, Converged: res.Converged, N: res.N,
		KS:    fit.KS(x, hg.CDF),
		KSSub: fit.KSSubsample(x, hg.CDF, opts.Subsample, opts.Seed+stream),
	}, nil
}

// fitGamma fits a Gamma to x with KS on all of x and on a subsample.
func fitGamma(x []float64, opts FitOptions, stream uint64) (GammaFit, error) {
	g, res, err := fit.FitGamma(x, nil)
	if err != nil {
		return GammaFit{N: len(x)}, err
	}
	return GammaFit{
		Gamma: g, Moments: GammaMoments(x), LogLik: res.LogLik, Iterations: res.Iterations, N: res.N,
		KS:    fit.KS(x, g.CDF),
		KSSub: fit.KSSubsample(x, g.CDF, opts.Subsample, opts.Seed+stream),
	}, nil
}

// DiscreteKS returns the Kolmogorov–Smirnov distance between the
// empirical distribution of discrete data x and a CDF, measured at the
// distinct values of x only: D = max over distinct v of |F_n(v) − cdf(v)|,
// with F_n right-continuous. Against a continuous CDF, the textbook D_n of
// data with ties is at least half the largest tie's share whatever the
// model; measuring at the support points compares the model with the
// data's steps instead. The p-value is that of fit.KS for n observations
// (conservative for discrete data). NaN values are skipped.
func DiscreteKS(x []float64, cdf func(float64) float64) fit.KSResult {
	xs := make([]float64, 0, len(x))
	for _, v := range x {
		if !math.IsNaN(v) {
			xs = append(xs, v)
		}
	}
	n := len(xs)
	if n == 0 {
		return fit.KSResult{D: math.NaN(), P: math.NaN(), At: math.NaN()}
	}
	slices.Sort(xs)
	d, at := 0.0, xs[0]
	for i := 0; i < n; {
		j := i
		for j < n && xs[j] == xs[i] {
			j++
		}
		if e := math.Abs(float64(j)/float64(n) - cdf(xs[i])); e > d {
			d, at = e, xs[i]
		}
		i = j
	}
	return fit.KSResult{D: d, P: fit.KolmogorovSF(n, d), N: n, At: at}
}

// IsPowerOfTwo reports whether a job size n is a power of two (1, 2, 4, …):
// the sizes the model's p2 rounds to (Section 4.1).
func IsPowerOfTwo(n int) bool { return n > 0 && n&(n-1) == 0 }

func fitSizes(tr *datasets.Trace, rows []int, opts FitOptions) (SizeFit, error) {
	var s SizeFit
	var serial, pow2 int
	var lg []float64
	var par []int
	minPar := math.Inf(1)
	for _, i := range rows {
		p := tr.Procs[i]
		if p < 1 {
			s.Unknown++
			continue
		}
		s.N++
		if p == 1 {
			serial++
			continue
		}
		if IsPowerOfTwo(p) {
			pow2++
		}
		v := math.Log2(float64(p))
		lg = append(lg, v)
		par = append(par, p)
		minPar = math.Min(minPar, v)
	}
	if s.N == 0 {
		return s, fmt.Errorf("no job with a known size")
	}
	s.Parallel = len(lg)
	s.Serial = float64(serial) / float64(s.N)
	if s.Parallel > 0 {
		s.Pow2 = float64(pow2) / float64(s.Parallel)
	}
	if s.Parallel < fit.MinPoints {
		return s, fmt.Errorf("%d parallel jobs, too few to fit a distribution of sizes", s.Parallel)
	}
	low, high := opts.SizeLow, opts.SizeHigh
	if low == 0 {
		low = minPar - 0.2
	}
	if high == 0 {
		high = math.Log2(float64(opts.Procs))
	}
	for _, v := range lg {
		high = math.Max(high, v) // a job larger than the stated machine
	}
	s.Method = opts.SizeMethod
	switch opts.SizeMethod {
	case SizeContinuous:
		ts, _, err := fit.FitTwoStageUniformRange(lg, nil, low, high)
		if err != nil {
			return s, err
		}
		s.TwoStage, s.Pow2Model = ts, s.Pow2
	case SizeRounding:
		rf, err := FitSizeRounding(par, low, high)
		if err != nil {
			return s, err
		}
		s.TwoStage, s.Pow2Model = rf.TwoStage, rf.Pow2
	default:
		panic("lublin: unknown SizeMethod")
	}
	s.TwoStageKS = SizeKS(par, s.TwoStage.CDF, s.Pow2Model, s.TwoStage.High)
	g, _, err := fit.FitGamma(lg, nil)
	if err != nil {
		return s, err
	}
	s.Gamma, s.GammaMoments = g, GammaMoments(lg)
	s.GammaKS = SizeKS(par, g.CDF, s.Pow2Model, math.Inf(1))
	return s, nil
}

// sizeGroup is a range of sizes and the indices of its jobs.
type sizeGroup struct {
	min, max int
	idx      []int
}

// groupBySize cuts the jobs into groups of sizes: by the given upper
// bounds (group g holds sizes in (bounds[g−1], bounds[g]], the last group
// the sizes above the last bound; empty groups are left out), or, when
// bounds is nil, into at most k groups of roughly equal job counts without
// splitting a size. Each group aims at an equal share of the jobs not yet
// grouped, (n − grouped)/(groups left); the jobs of one size are added to
// the current group unless stopping short of the share is closer to it, and
// the group closes once it reaches the share.
func groupBySize(sizes []int, k int, bounds []int) []sizeGroup {
	order := make([]int, len(sizes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return sizes[a] - sizes[b] })
	key := func(s int) int {
		g := 0
		for g < len(bounds) && s > bounds[g] {
			g++
		}
		return g
	}
	var groups []sizeGroup
	var cur sizeGroup
	n, grouped := len(order), 0
	closeGroup := func() {
		grouped += len(cur.idx)
		groups = append(groups, cur)
		cur = sizeGroup{}
	}
	for pos := 0; pos < n; {
		s := sizes[order[pos]]
		end := pos
		for end < n && sizes[order[end]] == s {
			end++
		}
		run := end - pos
		if bounds == nil && len(cur.idx) > 0 && len(groups) < k-1 {
			share := float64(n-grouped) / float64(k-len(groups))
			if math.Abs(float64(len(cur.idx)+run)-share) > math.Abs(float64(len(cur.idx))-share) {
				closeGroup()
			}
		}
		if len(cur.idx) == 0 {
			cur.min = s
		}
		cur.max = s
		cur.idx = append(cur.idx, order[pos:end]...)
		pos = end
		switch {
		case pos == n:
			closeGroup()
		case bounds != nil:
			if key(sizes[order[pos]]) != key(s) {
				closeGroup()
			}
		case len(groups) < k-1 && float64(len(cur.idx)) >= float64(n-grouped)/float64(k-len(groups)):
			closeGroup()
		}
	}
	return groups
}

func fitRuntimeGroups(lr []float64, sizes []int, opts FitOptions) []GroupFit {
	groups := groupBySize(sizes, opts.RuntimeGroups, opts.RuntimeGroupBounds)
	out := make([]GroupFit, len(groups))
	for g, grp := range groups {
		x := make([]float64, len(grp.idx))
		var sum float64
		for k, i := range grp.idx {
			x[k] = lr[i]
			sum += float64(sizes[i])
		}
		gf := GroupFit{MinSize: grp.min, MaxSize: grp.max, Jobs: len(x), MeanSize: sum / float64(len(x))}
		mf, err := fitMixture(x, opts, uint64(10+g))
		gf.Runtime = mf
		if err != nil {
			gf.Err = err.Error()
		}
		out[g] = gf
	}
	return out
}

// mixWeight returns the maximum-likelihood weight p of g1 in the mixture
// p·g1 + (1−p)·g2 with both components fixed, by EM on p alone.
func mixWeight(x []float64, g1, g2 fit.Gamma) float64 {
	f1 := make([]float64, len(x))
	f2 := make([]float64, len(x))
	for i, v := range x {
		f1[i], f2[i] = g1.Prob(v), g2.Prob(v)
	}
	p := 0.5
	for it := 0; it < 10000; it++ {
		var s float64
		for i := range x {
			if d := p*f1[i] + (1-p)*f2[i]; d > 0 {
				s += p * f1[i] / d
			}
		}
		np := s / float64(len(x))
		if math.Abs(np-p) < 1e-12 {
			return np
		}
		p = np
	}
	return p
}

func fitPLine(lr []float64, sizes []int, hg fit.HyperGamma, opts FitOptions) PLineFit {
	groups := groupBySize(sizes, opts.PGroups, nil)
	g1, g2 := hg.Component(1), hg.Component(2)
	var pl PLineFit
	var sw, sx, sy, sxx, sxy float64
	for _, grp := range groups {
		x := make([]float64, len(grp.idx))
		var sum float64
		for k, i := range grp.idx {
			x[k] = lr[i]
			sum += float64(sizes[i])
		}
		pg := PGroup{MinSize: grp.min, MaxSize: grp.max, Jobs: len(x), MeanSize: sum / float64(len(x)),
			P: mixWeight(x, g1, g2)}
		pl.Groups = append(pl.Groups, pg)
		w := float64(pg.Jobs)
		sw += w
		sx += w * pg.MeanSize
		sy += w * pg.P
		sxx += w * pg.MeanSize * pg.MeanSize
		sxy += w * pg.MeanSize * pg.P
	}
	if den := sw*sxx - sx*sx; len(pl.Groups) >= 2 && den > 1e-12*sw*sxx {
		pl.Slope = (sw*sxy - sx*sy) / den
		pl.Intercept = (sy - pl.Slope*sx) / sw
	} else {
		pl.Slope, pl.Intercept = 0, hg.P
	}
	r := RuntimeParams{PSlope: pl.Slope, PIntercept: pl.Intercept}
	for _, s := range sizes {
		pl.MeanP += r.P(s)
	}
	if len(sizes) > 0 {
		pl.MeanP /= float64(len(sizes))
	}
	model := hg
	model.P = pl.MeanP
	pl.KS = fit.KS(lr, model.CDF)
	return pl
}

// InPeak reports whether a wall-clock time (in the log's time zone) falls
// in the peak hours of Section 7.1: Monday to Friday, from PeakStart to
// PeakEnd (8:00 to 19:00 when both are 0).
func (o FitOptions) InPeak(t time.Time) bool {
	from, to := o.PeakStart, o.PeakEnd
	if from == 0 && to == 0 {
		from, to = 8, 19
	}
	wd := t.Weekday()
	h := float64(t.Hour()) + float64(t.Minute())/60 + float64(t.Second())/3600
	return wd != time.Saturday && wd != time.Sunday && h >= from && h < to
}

func fitArrivals(tr *datasets.Trace, rows []int, opts FitOptions) (ArrivalFit, error) {
	clock := datasets.NewClock(tr)
	type when struct {
		day  int // the local calendar date (dateKey)
		peak bool
	}
	at := func(sec float64) when {
		t := clock.Time(sec)
		return when{day: dateKey(t), peak: opts.InPeak(t)}
	}
	var af ArrivalFit
	var peak []float64
	var sumAll float64
	prev := at(tr.Submit[rows[0]])
	for k := 1; k < len(rows); k++ {
		gap := tr.Submit[rows[k]] - tr.Submit[rows[k-1]]
		cur := at(tr.Submit[rows[k]])
		if gap > 1 {
			l := math.Log(gap)
			sumAll += l
			af.AllN++
			if cur.peak && prev.peak && cur.day == prev.day {
				peak = append(peak, l)
			}
		} else {
			af.AllDropped++
			if cur.peak && prev.peak && cur.day == prev.day {
				af.Peak.Dropped++
			}
		}
		prev = cur
	}
	dropped := af.Peak.Dropped
	g, err := fitGamma(peak, opts, 3)
	if err != nil {
		return af, err
	}
	af.Peak = g
	af.Peak.Dropped = dropped
	af.MeanLogPeak = g.Gamma.Mean()
	if af.AllN > 0 {
		af.MeanLogAll = sumAll / float64(af.AllN)
	}
	af.ARAR = af.MeanLogAll / af.MeanLogPeak
	return af, nil
}

func fitDaily(tr *datasets.Trace, rows []int, opts FitOptions) (DailyFit, error) {
	clock := datasets.NewClock(tr)
	df := DailyFit{Counts: make([]int, Slots), DayStart: opts.DayStart}
	x := make([]float64, len(rows))
	for k, i := range rows {
		slot := int(clock.SecondOfDay(tr.Submit[i]) / SlotSeconds)
		slot = min(max(slot, 0), Slots-1)
		df.Counts[slot]++
		x[k] = ShiftedSlot(slot, opts.DayStart)
	}
	g, err := fitGamma(x, opts, 4)
	if err != nil {
		return df, err
	}
	// The generator gives slot value v the mass of [v − 0.5, v + 0.5]: the
	// model CDF at the support point v is F(v + 0.5).
	disc := func(v float64) float64 { return g.Gamma.CDF(v + 0.5) }
	g.KS = DiscreteKS(x, disc)
	g.KSSub = fit.KSResult{D: math.NaN(), P: math.NaN(), At: math.NaN()}
	df.Gamma = g
	return df, nil
}

// Class returns the fitted model of the log as a generator class: sizes
// from Table 1 (p2 is Size.Pow2Model, read among parallel jobs), the runtime Gammas of Table 2
// with the p line of Table 5, the peak inter-arrival Gamma of Table 6, the
// log's ARAR and the daily cycle of Table 7.
func (f LogFit) Class(name string, queue int) Class {
	ts, hg := f.Size.TwoStage, f.Runtime.HyperGamma
	return Class{
		Name:  name,
		Queue: queue,
		Size: SizeParams{Serial: f.Size.Serial, Pow2: f.Size.Pow2Model, Pow2Rule: Pow2AmongParallel,
			Low: ts.Low, Med: ts.Med, High: ts.High, Prob: ts.P},
		Runtime: RuntimeParams{Alpha1: hg.Alpha1, Beta1: hg.Beta1, Alpha2: hg.Alpha2, Beta2: hg.Beta2,
			PSlope: f.PLine.Slope, PIntercept: f.PLine.Intercept},
		Arrival: ArrivalParams{Alpha: f.Arrival.Peak.Gamma.Alpha, Beta: f.Arrival.Peak.Gamma.Beta,
			ARAR: f.Arrival.ARAR, DailyAlpha: f.Daily.Gamma.Gamma.Alpha, DailyBeta: f.Daily.Gamma.Gamma.Beta},
	}
}

// dateKey is t's calendar date in t's location as one comparable number,
// yyyymmdd: two times share a day exactly when their keys are equal, before
// 1970 as after (a day count from the epoch by integer division would put
// 1969-12-31 and 1970-01-01 on one day).
func dateKey(t time.Time) int {
	y, m, d := t.Date()
	return y*10000 + int(m)*100 + d
}
