package locality

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
)

// Autocorrelation returns the sample autocorrelation of x at lags 0 …
// maxLag (2007 §2, Fig 1):
//
//	ρ(k) = Σ_{t<n−k} (x_t − x̄)(x_{t+k} − x̄) / Σ_t (x_t − x̄)²
//
// x must not hold NaN (Observations never do). It returns ErrConstant for
// a constant x and an error when maxLag is negative or not below len(x).
func Autocorrelation(x []float64, maxLag int) ([]float64, error) {
	n := len(x)
	if maxLag < 0 || maxLag >= n {
		return nil, fmt.Errorf("locality: lag %d out of range for %d values", maxLag, n)
	}
	var mean float64
	for _, v := range x {
		if math.IsNaN(v) {
			return nil, fmt.Errorf("locality: autocorrelation of data with NaN")
		}
		mean += v
	}
	mean /= float64(n)
	d := make([]float64, n)
	var den float64
	for i, v := range x {
		d[i] = v - mean
		den += d[i] * d[i]
	}
	if den == 0 {
		return nil, ErrConstant
	}
	acf := make([]float64, maxLag+1)
	for k := range acf {
		var s float64
		for t := 0; t+k < n; t++ {
			s += d[t] * d[t+k]
		}
		acf[k] = s / den
	}
	return acf, nil
}

// AutocorrelationFrame returns the autocorrelation of the observations'
// values and of a scrambled copy (Scramble with seed) at lags 0 … maxLag
// (Fig 1): columns lag, original, scrambled.
func AutocorrelationFrame(obs Observations, maxLag int, seed uint64) (dataframe.DataFrame, error) {
	a, err := Autocorrelation(obs.Value, maxLag)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	b, err := Autocorrelation(Scramble(obs, seed).Value, maxLag)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	lag := make([]int, maxLag+1)
	for i := range lag {
		lag[i] = i
	}
	return dataframe.New(
		series.New(lag, series.Int, "lag"),
		series.New(a, series.Float, "original"),
		series.New(b, series.Float, "scrambled"),
	), nil
}

// Scramble returns a copy of the observations whose values are randomly
// permuted (Fisher–Yates, rand.NewPCG(seed, 0)) while the submit times stay
// (2007 §2, Fig 2): the marginal distribution and the arrival process are
// kept, any locality is destroyed.
func Scramble(obs Observations, seed uint64) Observations {
	s := obs
	s.Time = slices.Clone(obs.Time)
	s.Value = slices.Clone(obs.Value)
	rng := rand.New(rand.NewPCG(seed, 0))
	rng.Shuffle(len(s.Value), func(i, j int) { s.Value[i], s.Value[j] = s.Value[j], s.Value[i] })
	return s
}

// ScatterOptions are the parameters of Scatter.
type ScatterOptions struct {
	// Bin is the width of a time bin, seconds; 0 means one day.
	Bin float64
	// PerDecade, if positive, groups values into logarithmic bins, that
	// many per factor of 10 (for runtimes); 0 keeps exact values (for
	// processors). Values ≤ 0 cannot be binned logarithmically; they keep
	// their exact value.
	PerDecade int
}

// Scatter counts the jobs in each cell of time bin × value (2007 §2, Fig
// 2: disks sized by count). Columns: time (start of the time bin, log
// seconds), value (the exact value, or the geometric centre of its
// logarithmic bin), count; sorted by time, then value.
func Scatter(obs Observations, opts ScatterOptions) (dataframe.DataFrame, error) {
	if opts.Bin == 0 {
		opts.Bin = datasets.Day
	}
	if !(opts.Bin > 0) || math.IsInf(opts.Bin, 0) {
		return dataframe.DataFrame{}, fmt.Errorf("locality: time bin must be positive, got %v", opts.Bin)
	}
	if opts.PerDecade < 0 {
		return dataframe.DataFrame{}, fmt.Errorf("locality: PerDecade must be ≥ 0, got %d", opts.PerDecade)
	}
	if obs.Len() == 0 {
		return dataframe.DataFrame{}, ErrNoData
	}
	type key struct{ t, v float64 }
	counts := make(map[key]int)
	t0 := obs.Time[0]
	for i, t := range obs.Time {
		k := key{t: t0 + math.Floor((t-t0)/opts.Bin)*opts.Bin, v: obs.Value[i]}
		if opts.PerDecade > 0 && k.v > 0 {
			pd := float64(opts.PerDecade)
			b := math.Floor(math.Log10(k.v) * pd)
			k.v = math.Pow(10, (b+0.5)/pd)
		}
		counts[k]++
	}
	keys := make([]key, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool {
		if keys[a].t != keys[b].t {
			return keys[a].t < keys[b].t
		}
		return keys[a].v < keys[b].v
	})
	tt, vv, cc := make([]float64, len(keys)), make([]float64, len(keys)), make([]int, len(keys))
	for i, k := range keys {
		tt[i], vv[i], cc[i] = k.t, k.v, counts[k]
	}
	return dataframe.New(
		series.New(tt, series.Float, "time"),
		series.New(vv, series.Float, "value"),
		series.New(cc, series.Int, "count"),
	), nil
}

// SliceCDFs returns the empirical CDF of the values in selected slices and
// of the whole log (2007 §3.1, Fig 4). which lists slice indexes of the
// slicing (as in SamplingResult.Slices); the global distribution has slice
// −1. Columns: slice, start (log seconds; the first job's time for the
// global one), value, cdf; rows by slice as given (global first), then
// value. An index out of range, or an empty slice, is an error.
func SliceCDFs(obs Observations, slicing Slicing, which []int) (dataframe.DataFrame, error) {
	sl, err := slicing.cut(obs)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	var sid []int
	var start, val, cdf []float64
	add := func(k int, st float64, v []float64) {
		x, p := ecdf(v)
		for i := range x {
			sid = append(sid, k)
			start = append(start, st)
			val = append(val, x[i])
			cdf = append(cdf, p[i])
		}
	}
	add(-1, obs.Time[0], obs.Value)
	for _, k := range which {
		if k < 0 || k >= len(sl.start) {
			return dataframe.DataFrame{}, fmt.Errorf("locality: slice %d out of range [0, %d)", k, len(sl.start))
		}
		if sl.jobs(k) == 0 {
			return dataframe.DataFrame{}, fmt.Errorf("locality: slice %d is empty", k)
		}
		add(k, sl.start[k], obs.Value[sl.first[k]:sl.first[k+1]])
	}
	return dataframe.New(
		series.New(sid, series.Int, "slice"),
		series.New(start, series.Float, "start"),
		series.New(val, series.Float, "value"),
		series.New(cdf, series.Float, "cdf"),
	), nil
}

// TopSlices returns the indexes of the k usable slices with the largest
// m_i, in decreasing order of m_i (ties by index): the slices worth showing
// in Fig 4.
func (r SamplingResult) TopSlices(k int) []int {
	var idx []int
	for _, s := range r.Slices {
		if s.Usable {
			idx = append(idx, s.Index)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return r.Slices[idx[a]].M > r.Slices[idx[b]].M })
	return idx[:min(k, len(idx))]
}

// Quarterly groups the usable slices' m_i into periods (quarters of a year
// by default: 365.25/4 days, counted from the first slice's start) and
// returns the maximum and median of each (2007 §3.2, Fig 6). Columns:
// quarter, start, end (log seconds), slices (usable slices whose start is
// in the period), m_max, m_med. Periods without a usable slice are left
// out, so no value is NaN.
func (r SamplingResult) Quarterly(periodDays float64) (dataframe.DataFrame, error) {
	if periodDays == 0 {
		periodDays = 365.25 / 4
	}
	if !(periodDays > 0) || math.IsInf(periodDays, 0) {
		return dataframe.DataFrame{}, fmt.Errorf("locality: period must be positive, got %v days", periodDays)
	}
	if len(r.Slices) == 0 || r.Usable == 0 {
		return dataframe.DataFrame{}, ErrNoUsableSlice
	}
	p := periodDays * datasets.Day
	t0 := r.Slices[0].Start
	groups := make(map[int][]float64)
	for _, s := range r.Slices {
		if s.Usable {
			q := int(math.Floor((s.Start - t0) / p))
			groups[q] = append(groups[q], s.M)
		}
	}
	qs := make([]int, 0, len(groups))
	for q := range groups {
		qs = append(qs, q)
	}
	sort.Ints(qs)
	n := len(qs)
	start, end, mx, md := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	cnt := make([]int, n)
	for i, q := range qs {
		g := groups[q]
		start[i], end[i] = t0+float64(q)*p, t0+float64(q+1)*p
		cnt[i], mx[i], md[i] = len(g), slices.Max(g), median(g)
	}
	return dataframe.New(
		series.New(qs, series.Int, "quarter"),
		series.New(start, series.Float, "start"),
		series.New(end, series.Float, "end"),
		series.New(cnt, series.Int, "slices"),
		series.New(mx, series.Float, "m_max"),
		series.New(md, series.Float, "m_med"),
	), nil
}
