package confidence

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Interval is a mean with its confidence interval [Lo, Hi] at Level (0.95
// for a 95% interval) over N replicates.
type Interval struct {
	Mean, Lo, Hi float64
	Level        float64
	N            int
}

// Contains reports whether v lies in [Lo, Hi]: for a paired difference,
// Contains(0) means the data cannot tell the two apart at this level.
func (ci Interval) Contains(v float64) bool { return ci.Lo <= v && v <= ci.Hi }

// String formats the interval as "mean [lo, hi]".
func (ci Interval) String() string { return fmt.Sprintf("%.4g [%.4g, %.4g]", ci.Mean, ci.Lo, ci.Hi) }

// MeanT returns the mean of x with Student's t confidence interval at the
// given level (n − 1 degrees of freedom):
//
//	mean ± t(1 − (1−level)/2; n−1) · sd / √n
//
// One value (a deterministic experiment) is its own interval. MeanT panics
// on an empty x or a level outside (0, 1): programmer errors.
func MeanT(x []float64, level float64) Interval {
	checkLevel(level)
	if len(x) == 0 {
		panic("confidence: mean of no replicate")
	}
	if len(x) == 1 {
		return Interval{Mean: x[0], Lo: x[0], Hi: x[0], Level: level, N: 1}
	}
	m, sd := stat.MeanStdDev(x, nil)
	n := float64(len(x))
	h := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.Quantile(1-(1-level)/2) * sd / math.Sqrt(n)
	return Interval{Mean: m, Lo: m - h, Hi: m + h, Level: level, N: len(x)}
}

// Mean95 is MeanT(x, 0.95).
func Mean95(x []float64) Interval { return MeanT(x, 0.95) }

// PairedT returns the mean of the paired differences a[i] − b[i] with
// Student's t interval (MeanT of the differences; the interval of the
// paired t-test). It panics when a and b differ in length or are empty.
func PairedT(a, b []float64, level float64) Interval { return MeanT(Diff(a, b), level) }

// Diff returns the paired differences a[i] − b[i]. It panics when a and b
// differ in length.
func Diff(a, b []float64) []float64 {
	if len(a) != len(b) {
		panic(fmt.Sprintf("confidence: paired samples of %d and %d replicates", len(a), len(b)))
	}
	d := make([]float64, len(a))
	for i := range a {
		d[i] = a[i] - b[i]
	}
	return d
}

// DefaultResamples is the number of bootstrap resamples when
// Bootstrap.Resamples is 0.
const DefaultResamples = 10000

// MaxResamples bounds Bootstrap.Resamples (the resampled means are held in
// memory: 8 bytes each).
const MaxResamples = 1 << 24

// Bootstrap is the percentile bootstrap (Efron and Tibshirani 1993 §13.3):
// the interval at level L is the (1−L)/2 and (1+L)/2 quantiles of the
// means of Resamples resamples of the replicates, each drawn with
// replacement. The quantiles interpolate linearly between order statistics
// (numpy's default, type 7 of Hyndman and Fan 1996). Resamples draw from
// PCG(Seed, 0) (math/rand/v2): the same seed gives the same interval.
type Bootstrap struct {
	// Resamples is the number of resamples; 0 means DefaultResamples. It
	// must be at most MaxResamples.
	Resamples int
	// Seed seeds the resampling.
	Seed uint64
}

// Mean returns the mean of x with its percentile bootstrap interval. It
// panics on an empty x, a level outside (0, 1), or Resamples negative or
// above MaxResamples.
func (b Bootstrap) Mean(x []float64, level float64) Interval {
	checkLevel(level)
	if len(x) == 0 {
		panic("confidence: bootstrap of no replicate")
	}
	nres := b.resamples()
	rng := rand.New(rand.NewPCG(b.Seed, 0))
	n := len(x)
	means := make([]float64, nres)
	for r := range means {
		s := 0.0
		for range n {
			s += x[rng.IntN(n)]
		}
		means[r] = s / float64(n)
	}
	slices.Sort(means)
	alpha := (1 - level) / 2
	return Interval{Mean: stat.Mean(x, nil), Lo: quantile7(means, alpha), Hi: quantile7(means, 1-alpha),
		Level: level, N: n}
}

// Statistic returns stat over n units with its percentile bootstrap
// interval: each resample draws n unit indices with replacement (the same
// draws as Mean makes for n replicates) and evaluates stat on them; the
// point value is stat of every unit once (0, 1, …, n−1). It is the interval
// of any statistic of independent units — a ratio of sums over users (a
// cluster bootstrap of the jobs they submit), a median, a correlation.
// Resamples where stat is NaN (e.g. a share with no denominator) are left
// out of the quantiles; when all are, Lo and Hi are NaN. stat may keep idx
// only for the call. Statistic panics as Mean does, or when n < 1.
func (b Bootstrap) Statistic(n int, stat func(idx []int) float64, level float64) Interval {
	checkLevel(level)
	if n < 1 {
		panic("confidence: bootstrap of no unit")
	}
	nres := b.resamples()
	rng := rand.New(rand.NewPCG(b.Seed, 0))
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	point := stat(idx)
	vals := make([]float64, 0, nres)
	for range nres {
		for i := range idx {
			idx[i] = rng.IntN(n)
		}
		if v := stat(idx); !math.IsNaN(v) {
			vals = append(vals, v)
		}
	}
	ci := Interval{Mean: point, Lo: math.NaN(), Hi: math.NaN(), Level: level, N: n}
	if len(vals) > 0 {
		slices.Sort(vals)
		alpha := (1 - level) / 2
		ci.Lo, ci.Hi = quantile7(vals, alpha), quantile7(vals, 1-alpha)
	}
	return ci
}

// resamples returns the number of resamples, panicking when Resamples is
// out of range.
func (b Bootstrap) resamples() int {
	switch nres := b.Resamples; {
	case nres == 0:
		return DefaultResamples
	case nres < 0 || nres > MaxResamples:
		panic(fmt.Sprintf("confidence: Bootstrap.Resamples %d, want 0 to %d", nres, MaxResamples))
	default:
		return nres
	}
}

// Paired returns the mean paired difference a[i] − b[i] with its
// percentile bootstrap interval (the replicates are resampled as pairs).
// It panics as Mean does, or when a and b differ in length.
func (b Bootstrap) Paired(a, c []float64, level float64) Interval { return b.Mean(Diff(a, c), level) }

// quantile7 returns the p-quantile of sorted x, interpolating linearly
// between order statistics at h = (n−1)p (Hyndman and Fan 1996, type 7).
func quantile7(x []float64, p float64) float64 {
	h := float64(len(x)-1) * p
	lo := int(math.Floor(h))
	if lo >= len(x)-1 {
		return x[len(x)-1]
	}
	return x[lo] + (h-float64(lo))*(x[lo+1]-x[lo])
}

func checkLevel(level float64) {
	if !(level > 0 && level < 1) {
		panic(fmt.Sprintf("confidence: level %v, want in (0, 1)", level))
	}
}
