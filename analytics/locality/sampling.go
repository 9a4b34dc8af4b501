package locality

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
)

// SamplingOptions are the parameters of LocalityOfSampling. The zero value
// is the 2007 paper's default: 3-day slices, 24 ranges, at least 5 expected
// jobs per range, 1000 bootstrap repetitions. As everywhere in tracelab, a
// zero field takes its default and a negative one is an error.
type SamplingOptions struct {
	Slicing
	// Ranges is the number r of equal-probability ranges; 0 means 24.
	Ranges int
	// MinExpected is the least expected count e = N_i/r per range for a
	// slice to be usable (the χ² rule of thumb of §3.1); 0 means 5.
	MinExpected float64
	// Ties says how tied values are placed in ranges (default TiesSplit).
	Ties Ties
	// Reps is the number of bootstrap repetitions, at most MaxReps; 0
	// means 1000.
	Reps int
	// SkipBootstrap skips the bootstrap: the random and locality fields of
	// the result are then NaN.
	SkipBootstrap bool
	// Seed seeds the bootstrap (and TiesRandom). Repetition k uses its own
	// stream rand.NewPCG(Seed, k), so results do not depend on Workers.
	Seed uint64
	// Workers is the number of goroutines of the bootstrap; 0 means
	// GOMAXPROCS.
	Workers int
	// Progress, if not nil, is called after each bootstrap repetition
	// with the repetitions done and their total (one call at a time).
	Progress func(done, total int)
}

// withDefaults fills in the defaults and returns an error for a negative
// field (the slicing is checked where it is cut).
func (o SamplingOptions) withDefaults() (SamplingOptions, error) {
	o.Slicing = o.Slicing.withDefaults()
	if o.Ranges == 0 {
		o.Ranges = 24
	}
	if o.MinExpected == 0 {
		o.MinExpected = 5
	}
	if o.Reps == 0 {
		o.Reps = 1000
	}
	if o.Reps < 0 {
		return o, fmt.Errorf("locality: Reps must not be negative, got %d (SkipBootstrap skips the bootstrap)", o.Reps)
	}
	if o.Reps > MaxReps {
		return o, fmt.Errorf("locality: %d bootstrap repetitions, at most %d", o.Reps, MaxReps)
	}
	if !(o.MinExpected > 0) || math.IsInf(o.MinExpected, 0) {
		return o, fmt.Errorf("locality: MinExpected must be positive, got %v", o.MinExpected)
	}
	var err error
	if o.Workers, err = parallel.Workers(o.Workers); err != nil {
		return o, fmt.Errorf("locality: %w", err)
	}
	return o, nil
}

// Slice is one slice of time and its deviation from the global
// distribution.
type Slice struct {
	Index  int     // position among the slices, from 0
	Start  float64 // seconds (log time)
	End    float64 // the end of the slice, seconds (log time)
	Jobs   int     // N_i, jobs with a known value submitted in the slice
	Usable bool    // N_i/r ≥ MinExpected
	// M is m_i of §3.1 step 3(c). It is computed for every non-empty
	// slice, usable or not (only usable slices enter M'); it is NaN for an
	// empty slice, where it is undefined.
	M float64
}

// SamplingResult is the outcome of LocalityOfSampling.
type SamplingResult struct {
	Name    string
	Attr    datasets.Attribute
	Options SamplingOptions // with defaults filled in
	Slices  []Slice
	Usable  int // number of usable slices
	// MMax and MMed are M'_max and M'_med (§3.2): the maximum and the
	// median of m_i over the usable slices. The median of an even number
	// of slices is the mean of the two middle ones.
	MMax, MMed float64
	// RandomMax and RandomMed hold M'_max and M'_med of each bootstrap
	// repetition, in repetition order.
	RandomMax, RandomMed []float64
	// GMax and GMed are M'_g: the medians of RandomMax and RandomMed.
	GMax, GMed float64
	// LocalityMax and LocalityMed are M = M' − M'_g (Table 3).
	LocalityMax, LocalityMed float64
}

// UsableFraction returns the fraction of slices that are usable.
func (r SamplingResult) UsableFraction() float64 {
	return float64(r.Usable) / float64(len(r.Slices))
}

// LocalityOfSampling measures the locality of sampling of obs (2007 §3):
// the global distribution is divided into r equal-probability ranges
// (NewRanges, tie rule opts.Ties), the time line into slices of t days
// (opts.Slicing); for each slice i with N_i jobs, m_i = max_j |o_j −
// e|/(N_i − e) with e = N_i/r; M'_max and M'_med are the maximum and median
// over the usable slices (N_i/r ≥ MinExpected).
//
// The bootstrap of §3.2 repeats the measurement opts.Reps times on jobs
// drawn at random (with replacement) from the global distribution, in
// groups of the usable slices' sizes N_i, and M'_g is the median of the
// resulting M'; M = M' − M'_g. The repetitions run in parallel and each has
// its own random stream, so the result is the same for any Workers.
//
// Errors: ErrConstant for a constant attribute, ErrTooShort for a log
// shorter than one slice, ErrNoUsableSlice when no slice holds MinExpected·r
// jobs, and errors for invalid options. The summary fields are never NaN
// when the error is nil (except those of a skipped bootstrap).
func LocalityOfSampling(obs Observations, opts SamplingOptions) (SamplingResult, error) {
	return localityOfSampling(obs, opts, nil)
}

// localityOfSampling is LocalityOfSampling, taking the ranges and the
// values' codes from ix (newValueIndex of obs.Value with positions) when
// it is not nil: the same values as NewRanges and Ranges.codes give.
func localityOfSampling(obs Observations, opts SamplingOptions, ix *valueIndex) (SamplingResult, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return SamplingResult{}, err
	}
	if obs.Len() == 0 {
		return SamplingResult{}, ErrNoData
	}
	var g Ranges
	if ix != nil {
		if err = checkRanges(opts.Ranges, opts.Ties); err == nil {
			g, err = ix.ranges(opts.Ranges, opts.Ties)
		}
	} else {
		g, err = NewRanges(obs.Value, nil, opts.Ranges, opts.Ties)
	}
	if err != nil {
		return SamplingResult{}, fmt.Errorf("%s %s: %w", obs.Name, obs.Attr, err)
	}
	sl, err := opts.Slicing.cut(obs)
	if err != nil {
		return SamplingResult{}, fmt.Errorf("%s %s: %w", obs.Name, obs.Attr, err)
	}
	res := SamplingResult{Name: obs.Name, Attr: obs.Attr, Options: opts}
	var codes []int32
	if rng := rand.New(rand.NewPCG(opts.Seed, math.MaxUint64)); ix != nil {
		codes = g.codesAt(ix.at, rng)
	} else {
		codes = g.codes(obs.Value, rng)
	}
	need := opts.MinExpected * float64(opts.Ranges)
	n := make([]int, len(g.cells))
	o := make([]float64, g.r)
	var usable []float64
	var sizes []int
	for k := range sl.start {
		s := Slice{Index: k, Start: sl.start[k], End: sl.end[k], Jobs: sl.jobs(k), M: math.NaN()}
		if s.Jobs > 0 {
			clear(n)
			for _, c := range codes[sl.first[k]:sl.first[k+1]] {
				n[c]++
			}
			g.spread(n, o)
			s.M = MaxDeviation(o)
		}
		if float64(s.Jobs) >= need {
			s.Usable = true
			usable = append(usable, s.M)
			sizes = append(sizes, s.Jobs)
		}
		res.Slices = append(res.Slices, s)
	}
	res.Usable = len(usable)
	if res.Usable == 0 {
		return res, fmt.Errorf("%w: %s %s: no slice of %g days has %g jobs (%d ranges × %g)",
			ErrNoUsableSlice, obs.Name, obs.Attr, opts.Days, need, opts.Ranges, opts.MinExpected)
	}
	res.MMax = slices.Max(usable)
	res.MMed = median(usable)
	res.GMax, res.GMed = math.NaN(), math.NaN()
	res.LocalityMax, res.LocalityMed = math.NaN(), math.NaN()
	if !opts.SkipBootstrap {
		res.RandomMax, res.RandomMed = bootstrap(g, sizes, opts.Reps, opts.Seed, opts.Workers, opts.Progress)
		res.GMax = median(res.RandomMax)
		res.GMed = median(res.RandomMed)
		res.LocalityMax = res.MMax - res.GMax
		res.LocalityMed = res.MMed - res.GMed
	}
	return res, nil
}

// bootstrap returns M'_max and M'_med of reps random samplings: for each
// size N_i, N_i jobs drawn from the global distribution (the cells of g
// with their probabilities; the counts per cell are drawn at once from
// their multinomial distribution), their m, then the max and median over
// sizes. Repetition k draws from rand.NewPCG(seed, k). progress (nil for
// none) hears of each repetition done.
func bootstrap(g Ranges, sizes []int, reps int, seed uint64, workers int, progress func(done, total int)) (mx, md []float64) {
	mx = make([]float64, reps)
	md = make([]float64, reps)
	probs := make([]float64, len(g.cells))
	var total float64
	for c := range g.cells {
		total += g.cells[c].prob
	}
	for c := range g.cells {
		probs[c] = g.cells[c].prob / total
	}
	// Each worker's repetitions share a memo of the binomials' powers
	// (powers): the same values as without it, computed once per worker.
	memo := sync.Pool{New: func() any { return newPowers(len(probs)) }}
	done := parallel.NewProgress(reps, progress)
	// The tasks cannot fail: For returns nil.
	_ = parallel.For(context.Background(), reps, workers, func(_ context.Context, k int) error {
		defer done.Done()
		n := make([]int, len(g.cells))
		o := make([]float64, g.r)
		m := make([]float64, len(sizes))
		rng := rand.NewPCG(seed, uint64(k))
		pw := memo.Get().(*powers)
		defer memo.Put(pw)
		for i, size := range sizes {
			multinomial(size, probs, rng, n, pw)
			g.spread(n, o)
			m[i] = MaxDeviation(o)
		}
		mx[k] = slices.Max(m)
		md[k] = median(m)
		return nil
	})
	return mx, md
}

// median returns the median of x (the mean of the two middle values for an
// even length) without changing x. x must not be empty.
func median(x []float64) float64 {
	s := slices.Clone(x)
	slices.Sort(s)
	h := len(s) / 2
	if len(s)%2 == 1 {
		return s[h]
	}
	return (s[h-1] + s[h]) / 2
}

// Frame returns one row per slice: slice, start, end (seconds), jobs,
// usable, m (NaN for an empty slice).
func (r SamplingResult) Frame() dataframe.DataFrame {
	n := len(r.Slices)
	idx, jobs := make([]int, n), make([]int, n)
	start, end, m := make([]float64, n), make([]float64, n), make([]float64, n)
	usable := make([]bool, n)
	for i, s := range r.Slices {
		idx[i], start[i], end[i], jobs[i], usable[i], m[i] = s.Index, s.Start, s.End, s.Jobs, s.Usable, s.M
	}
	return dataframe.New(
		series.New(idx, series.Int, "slice"),
		series.New(start, series.Float, "start"),
		series.New(end, series.Float, "end"),
		series.New(jobs, series.Int, "jobs"),
		series.New(usable, series.Bool, "usable"),
		series.New(m, series.Float, "m"),
	)
}

// BootstrapFrame returns one row per bootstrap repetition: rep, m_max,
// m_med (M'_max and M'_med of that random sampling).
func (r SamplingResult) BootstrapFrame() dataframe.DataFrame {
	rep := make([]int, len(r.RandomMax))
	for i := range rep {
		rep[i] = i
	}
	return dataframe.New(
		series.New(rep, series.Int, "rep"),
		series.New(slices.Clone(r.RandomMax), series.Float, "m_max"),
		series.New(slices.Clone(r.RandomMed), series.Float, "m_med"),
	)
}
