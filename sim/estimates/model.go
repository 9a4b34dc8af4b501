package estimates

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/tracelab/tracelab/datasets"
)

// Model is a model of users' runtime estimates fitted to a log, in the
// spirit of Tsafrir, Etsion and Feitelson (2005), "Modeling user runtime
// estimates", JSSPP, LNCS 3834: users choose their estimates from a small
// set of popular round values (the model's Values; the paper's "modes",
// about 20 of which cover some 90% of the jobs, the largest allowed value
// the most popular), and the value a user chooses depends on the job's
// runtime. The model keeps that dependence as it is in the log: for each
// runtime class (quantiles of the log's runtimes) it holds how many of the
// class's jobs chose each popular value. All times are seconds.
//
// Rand gives a job of a known runtime an estimate: a popular value at
// least the runtime, drawn with the weights of the job's runtime class
// restricted to the values ≥ runtime (of the nearest class that chose one
// of them when the job's class chose none). A runtime above every popular value gets
// itself as its estimate (a job killed at its limit). Rand therefore
// promises estimate ≥ runtime; the log's jobs that ran past their estimate
// (killed a little after it) are not reproduced.
type Model struct {
	// Values are the popular estimates, ascending, positive (s).
	Values []float64
	// Edges are the lower bounds of the runtime classes, ascending, the
	// first 0 (s): class k holds runtimes in [Edges[k], Edges[k+1]).
	Edges []float64
	// Counts[k][v] is the number of the log's jobs of runtime class k
	// whose estimate is Values[v].
	Counts [][]float64
	// Covered is the fraction of the log's jobs with an estimate whose
	// estimate is one of Values.
	Covered float64
	// Src is the random source of Rand; it must be set before Rand.
	Src rand.Source
}

// FitOptions control Fit; the zero value gives the defaults.
type FitOptions struct {
	// Values is the number of popular estimates kept (0: 20, the number
	// of modes Tsafrir, Etsion and Feitelson 2005 report covering about
	// 90% of the jobs); at most MaxValues.
	Values int
	// Classes is the number of runtime classes (0: 10); at most
	// MaxClasses.
	Classes int
}

// Bounds of FitOptions.
const (
	MaxValues  = 1000
	MaxClasses = 1000
)

// ErrNoEstimates is returned by Fit for a log none of whose jobs has both
// a known runtime and a positive estimate.
var ErrNoEstimates = errors.New("estimates: no job has both a runtime and an estimate")

// Fit fits a Model to the jobs of tr that have a known runtime and a
// positive estimate (SWF fields 4 and 9, seconds). Jobs whose estimate is
// not one of the popular values are left out of Counts and counted by
// Covered. The returned model has no random source.
func Fit(tr *datasets.Trace, opts FitOptions) (Model, error) {
	if opts.Values == 0 {
		opts.Values = 20
	}
	if opts.Classes == 0 {
		opts.Classes = 10
	}
	if opts.Values < 1 || opts.Values > MaxValues || opts.Classes < 1 || opts.Classes > MaxClasses {
		return Model{}, fmt.Errorf("estimates: %d values and %d runtime classes, want 1 to %d and 1 to %d",
			opts.Values, opts.Classes, MaxValues, MaxClasses)
	}
	est, run := Pairs(tr)
	if len(est) == 0 {
		return Model{}, fmt.Errorf("%s: %w", tr.Name, ErrNoEstimates)
	}
	var m Model
	for _, mode := range TopModes(tr, opts.Values) {
		m.Values = append(m.Values, mode.Seconds)
	}
	slices.Sort(m.Values)
	sorted := slices.Clone(run)
	slices.Sort(sorted)
	m.Edges = []float64{0}
	for k := 1; k < opts.Classes; k++ {
		if q := sorted[k*len(sorted)/opts.Classes]; q > m.Edges[len(m.Edges)-1] {
			m.Edges = append(m.Edges, q)
		}
	}
	m.Counts = make([][]float64, len(m.Edges))
	for k := range m.Counts {
		m.Counts[k] = make([]float64, len(m.Values))
	}
	covered := 0
	for i, e := range est {
		v, ok := slices.BinarySearch(m.Values, e)
		if !ok {
			continue
		}
		covered++
		m.Counts[m.class(run[i])][v]++
	}
	m.Covered = float64(covered) / float64(len(est))
	return m, nil
}

// nearestWeights returns the counts of values first.. of runtime class k
// and their sum, or, when that class chose none of them, those of the
// nearest class that did (the longer of two at the same distance).
func (m Model) nearestWeights(k, first int) ([]float64, float64) {
	for d := 0; d < len(m.Counts); d++ {
		for _, c := range []int{k + d, k - d} {
			if c < 0 || c >= len(m.Counts) {
				continue
			}
			sum := 0.0
			for _, x := range m.Counts[c][first:] {
				sum += x
			}
			if sum > 0 {
				return m.Counts[c][first:], sum
			}
		}
	}
	return nil, 0
}

// Validate checks the shape of m: Values ascending and positive, Edges
// ascending from 0, one row of Counts per class and one count (≥ 0) per
// value.
func (m Model) Validate() error {
	switch {
	case len(m.Values) == 0:
		return errors.New("estimates: model without values")
	case !(m.Values[0] > 0) || !slices.IsSorted(m.Values):
		return errors.New("estimates: model values not positive and ascending")
	case len(m.Edges) == 0 || m.Edges[0] != 0 || !slices.IsSorted(m.Edges):
		return errors.New("estimates: runtime classes not ascending from 0")
	case len(m.Counts) != len(m.Edges):
		return fmt.Errorf("estimates: %d rows of counts for %d runtime classes", len(m.Counts), len(m.Edges))
	}
	for _, row := range m.Counts {
		if len(row) != len(m.Values) {
			return fmt.Errorf("estimates: a row of %d counts for %d values", len(row), len(m.Values))
		}
		for _, c := range row {
			if !(c >= 0) || math.IsInf(c, 1) {
				return fmt.Errorf("estimates: count %v", c)
			}
		}
	}
	return nil
}

// class returns the runtime class of runtime.
func (m Model) class(runtime float64) int {
	return max(sort.SearchFloat64s(m.Edges, math.Nextafter(runtime, math.Inf(1)))-1, 0)
}

// Rand returns an estimate (s) for a job of the given runtime (s) drawn
// from Src: a popular value ≥ runtime, or runtime itself when none is.
// It panics when Src is nil or runtime is negative or NaN.
func (m Model) Rand(runtime float64) float64 {
	if m.Src == nil {
		panic("estimates: Model.Rand without a random source")
	}
	if !(runtime >= 0) {
		panic(fmt.Sprintf("estimates: Model.Rand of runtime %v", runtime))
	}
	first := sort.SearchFloat64s(m.Values, runtime) // the values ≥ runtime
	if first == len(m.Values) {
		return runtime
	}
	w, sum := m.nearestWeights(m.class(runtime), first)
	if sum == 0 { // no job of the log chose a value this large
		return m.Values[first]
	}
	u := float64(m.Src.Uint64()>>11) / (1 << 53) * sum // uniform on [0, sum)
	for v, c := range w {
		if u < c {
			return m.Values[first+v]
		}
		u -= c
	}
	return m.Values[len(m.Values)-1] // rounding: u ≥ sum
}

// AddTo gives every job of tr with a known runtime an estimate drawn by
// Rand (SWF field 9), in log order; jobs of unknown runtime keep theirs.
func (m Model) AddTo(tr *datasets.Trace) {
	for i, run := range tr.Runtime {
		if run >= 0 {
			tr.ReqTime[i] = m.Rand(run)
		}
	}
}
