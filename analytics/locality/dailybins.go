package locality

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
)

// DailyBinsOptions are the parameters of DailyBins; the zero value is the
// 2013 paper's: 16 bins, days starting at local midnight, every day with
// at least one job.
type DailyBinsOptions struct {
	// Bins is the number of equal-weight bins; 0 means 16.
	Bins int
	// Slicing cuts the days; its Days field 0 means 1 (one day).
	Slicing Slicing
	// MinJobs is the least number of jobs for a day to count; 0 means 1.
	// A day with few jobs concentrates them by necessity (one job: 1).
	MinJobs int
	// Ties says how tied values are placed in bins (default TiesSplit).
	Ties Ties
	// Seed seeds TiesRandom.
	Seed uint64
}

// DayBins is one day of DailyBins.
type DayBins struct {
	Index       int     // position among the days, from 0
	Start       float64 // seconds (log time)
	Jobs        int
	MaxBin      int     // the fullest bin (0 … Bins−1)
	MaxFraction float64 // its share of the day's jobs, in [1/Bins, 1]
}

// DailyBinsResult is the outcome of DailyBins.
type DailyBinsResult struct {
	Name string
	Attr datasets.Attribute
	Bins int
	// Days lists the days with at least MinJobs jobs, in time order.
	Days []DayBins
}

// DailyBins measures locality with the bins-based algorithm of the 2013
// paper (§5.2, Fig 5): the global distribution is divided into Bins
// equal-weight bins (its 1/16, 2/16, … quantiles), the log into days, and
// for each day the fraction of its jobs in the fullest bin is recorded.
// Without locality every day would give about 1/Bins. Days with fewer than
// MinJobs jobs are left out. Errors: ErrConstant, ErrTooShort (less than
// one day of jobs), ErrNoUsableSlice (no day with MinJobs jobs).
func DailyBins(obs Observations, opts DailyBinsOptions) (DailyBinsResult, error) {
	if opts.Bins == 0 {
		opts.Bins = 16
	}
	if opts.Slicing.Days == 0 {
		opts.Slicing.Days = 1
	}
	if opts.MinJobs == 0 {
		opts.MinJobs = 1
	}
	if opts.MinJobs < 0 {
		return DailyBinsResult{}, fmt.Errorf("locality: MinJobs must be ≥ 0, got %d", opts.MinJobs)
	}
	if obs.Len() == 0 {
		return DailyBinsResult{}, ErrNoData
	}
	g, err := NewRanges(obs.Value, nil, opts.Bins, opts.Ties)
	if err != nil {
		return DailyBinsResult{}, fmt.Errorf("%s %s: %w", obs.Name, obs.Attr, err)
	}
	sl, err := opts.Slicing.cut(obs)
	if err != nil {
		return DailyBinsResult{}, fmt.Errorf("%s %s: %w", obs.Name, obs.Attr, err)
	}
	codes := g.codes(obs.Value, rand.New(rand.NewPCG(opts.Seed, math.MaxUint64)))
	res := DailyBinsResult{Name: obs.Name, Attr: obs.Attr, Bins: opts.Bins}
	n := make([]int, len(g.cells))
	o := make([]float64, g.r)
	for k := range sl.start {
		jobs := sl.jobs(k)
		if jobs < opts.MinJobs || jobs == 0 {
			continue
		}
		clear(n)
		for _, c := range codes[sl.first[k]:sl.first[k+1]] {
			n[c]++
		}
		g.spread(n, o)
		j := argmax(o)
		res.Days = append(res.Days, DayBins{Index: k, Start: sl.start[k], Jobs: jobs, MaxBin: j, MaxFraction: o[j] / float64(jobs)})
	}
	if len(res.Days) == 0 {
		return res, fmt.Errorf("%w: %s %s: no day with %d jobs", ErrNoUsableSlice, obs.Name, obs.Attr, opts.MinJobs)
	}
	return res, nil
}

func argmax(x []float64) int {
	k := 0
	for i, v := range x {
		if v > x[k] {
			k = i
		}
	}
	return k
}

// Fractions returns the fullest-bin fraction of every day, in time order.
func (r DailyBinsResult) Fractions() []float64 {
	f := make([]float64, len(r.Days))
	for i, d := range r.Days {
		f[i] = d.MaxFraction
	}
	return f
}

// Frame returns one row per day: day, start, jobs, max_bin, max_fraction.
func (r DailyBinsResult) Frame() dataframe.DataFrame {
	n := len(r.Days)
	day, jobs, bin := make([]int, n), make([]int, n), make([]int, n)
	start, frac := make([]float64, n), make([]float64, n)
	for i, d := range r.Days {
		day[i], start[i], jobs[i], bin[i], frac[i] = d.Index, d.Start, d.Jobs, d.MaxBin, d.MaxFraction
	}
	return dataframe.New(
		series.New(day, series.Int, "day"),
		series.New(start, series.Float, "start"),
		series.New(jobs, series.Int, "jobs"),
		series.New(bin, series.Int, "max_bin"),
		series.New(frac, series.Float, "max_fraction"),
	)
}

// CDF returns the empirical distribution of the fullest-bin fraction over
// the days (the curves of Fig 5): columns max_fraction (ascending,
// distinct) and cdf (fraction of days at or below it).
func (r DailyBinsResult) CDF() dataframe.DataFrame {
	x, p := ecdf(r.Fractions())
	return dataframe.New(
		series.New(x, series.Float, "max_fraction"),
		series.New(p, series.Float, "cdf"),
	)
}

// ecdf returns the distinct values of v ascending and the fraction of v at
// or below each.
func ecdf(v []float64) ([]float64, []float64) {
	s := slices.Clone(v)
	slices.Sort(s)
	var x, p []float64
	for i := 0; i < len(s); i++ {
		if i+1 < len(s) && s[i+1] == s[i] {
			continue
		}
		x = append(x, s[i])
		p = append(p, float64(i+1)/float64(len(s)))
	}
	return x, p
}
