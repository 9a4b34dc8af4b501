package estimates

import (
	"math"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
)

// Accuracy holds the estimate accuracy of a log's jobs.
type Accuracy struct {
	// Used is runtime / estimate for each job with a known runtime and a
	// positive estimate, in log order: the fraction of its estimate the
	// job used (Feitelson 2021 §3.2, Fig. 2). Values above 1 are jobs that
	// ran past their estimate (the system killed them a little later).
	Used []float64
	// Over counts the jobs with Used > 1.
	Over int
	// Left out: estimate unknown (−1) or zero; runtime unknown.
	NoEstimate, UnknownRuntime int
}

// AccuracyOf returns the estimate accuracy of every job of tr whose
// runtime is known and whose estimate is positive; the others are counted,
// not used.
func AccuracyOf(tr *datasets.Trace) Accuracy {
	var a Accuracy
	a.Used = make([]float64, 0, tr.Len())
	for i := range tr.JobID {
		run, est := tr.Runtime[i], tr.ReqTime[i]
		switch {
		case !(run >= 0):
			a.UnknownRuntime++
		case !(est > 0):
			a.NoEstimate++
		default:
			u := run / est
			if u > 1 {
				a.Over++
			}
			a.Used = append(a.Used, u)
		}
	}
	return a
}

// Histogram returns the fraction of the jobs in each of bins equal bins
// over [0, 1] of Used; jobs that used more than their estimate are counted
// in the last bin, with the jobs killed at their estimate (as in Fig. 2,
// where they make the peak at 100%). The fractions sum to 1; they are NaN
// when no job is known.
func (a Accuracy) Histogram(bins int) []float64 {
	if bins < 1 {
		panic("estimates: Histogram needs at least one bin")
	}
	h := make([]float64, bins)
	for _, u := range a.Used {
		k := min(int(u*float64(bins)), bins-1)
		h[k]++
	}
	n := float64(len(a.Used))
	for k := range h {
		h[k] /= n
		if n == 0 {
			h[k] = math.NaN()
		}
	}
	return h
}

// HistogramFrame returns Histogram(bins) as a frame with columns lo, hi
// (bin bounds, in percent of the estimate) and fraction.
func (a Accuracy) HistogramFrame(bins int) dataframe.DataFrame {
	h := a.Histogram(bins)
	lo, hi := make([]float64, bins), make([]float64, bins)
	for k := range h {
		lo[k] = 100 * float64(k) / float64(bins)
		hi[k] = 100 * float64(k+1) / float64(bins)
	}
	return dataframe.New(series.New(lo, series.Float, "lo"), series.New(hi, series.Float, "hi"),
		series.New(h, series.Float, "fraction"))
}

// Pairs returns the estimates and runtimes (seconds) of the jobs that have
// both (runtime known, estimate known and positive), in log order: the two
// distributions of Feitelson 2021 Fig. 3 over the same jobs.
func Pairs(tr *datasets.Trace) (estimate, runtime []float64) {
	for i := range tr.JobID {
		if run, est := tr.Runtime[i], tr.ReqTime[i]; run >= 0 && est > 0 {
			estimate = append(estimate, est)
			runtime = append(runtime, run)
		}
	}
	return estimate, runtime
}

// Mode is a frequent estimate value.
type Mode struct {
	Seconds  float64
	Fraction float64 // of the jobs with an estimate
}

// TopModes returns the k most frequent estimate values among the jobs
// with a positive estimate, most frequent first (ties: smaller value
// first): the round values users choose (Fig. 3's vertical steps).
func TopModes(tr *datasets.Trace, k int) []Mode {
	count := map[float64]int{}
	n := 0
	for _, est := range tr.ReqTime {
		if est > 0 {
			count[est]++
			n++
		}
	}
	modes := make([]Mode, 0, len(count))
	for v, c := range count {
		modes = append(modes, Mode{v, float64(c) / float64(n)})
	}
	sort.Slice(modes, func(a, b int) bool {
		if modes[a].Fraction != modes[b].Fraction {
			return modes[a].Fraction > modes[b].Fraction
		}
		return modes[a].Seconds < modes[b].Seconds
	})
	if len(modes) > k {
		modes = modes[:k]
	}
	return modes
}
