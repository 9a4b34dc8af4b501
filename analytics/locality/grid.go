package locality

import (
	"errors"
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// UsableFraction returns the fraction of slices that are usable for each
// combination of slice length (days) and number of ranges (2007 §3.1,
// Fig 5): a slice of N_i jobs is usable with r ranges when N_i/r ≥
// opts.MinExpected. Columns: slice_days, ranges, slices, usable_slices,
// usable_fraction; rows in the order of days, then ranges. Only
// opts.Slicing (except Days) and opts.MinExpected are used. A slice length
// longer than the log gives no rows; if no length fits, the error is
// ErrTooShort.
func UsableFraction(obs Observations, days []float64, ranges []int, opts SamplingOptions) (dataframe.DataFrame, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	var (
		td          []float64
		tr, ns, nu  []int
		frac        []float64
		tooShort    error
		minExpected = opts.MinExpected
		slicing     = opts.Slicing
	)
	for _, r := range ranges {
		if r < 2 {
			return dataframe.DataFrame{}, fmt.Errorf("locality: need at least 2 ranges, got %d", r)
		}
	}
	for _, d := range days {
		slicing.Days = d
		sl, err := slicing.cut(obs)
		if errors.Is(err, ErrTooShort) {
			tooShort = err
			continue
		}
		if err != nil {
			return dataframe.DataFrame{}, err
		}
		for _, r := range ranges {
			need := minExpected * float64(r)
			u := 0
			for k := range sl.start {
				if float64(sl.jobs(k)) >= need {
					u++
				}
			}
			td = append(td, d)
			tr = append(tr, r)
			ns = append(ns, len(sl.start))
			nu = append(nu, u)
			frac = append(frac, float64(u)/float64(len(sl.start)))
		}
	}
	if len(td) == 0 {
		if tooShort == nil {
			tooShort = ErrTooShort
		}
		return dataframe.DataFrame{}, tooShort
	}
	return dataframe.New(
		series.New(td, series.Float, "slice_days"),
		series.New(tr, series.Int, "ranges"),
		series.New(ns, series.Int, "slices"),
		series.New(nu, series.Int, "usable_slices"),
		series.New(frac, series.Float, "usable_fraction"),
	), nil
}

// Sensitivity runs LocalityOfSampling for every combination of slice length
// (days) and number of ranges (2007 §3.2, Fig 8), with the other options
// from opts (use fewer bootstrap repetitions to keep it quick). Rows are in
// the order of days, then ranges, with the columns of SamplingTable.
// Combinations that have no usable slice, or slices longer than the log,
// are left out (so the frame has no NaN); if all are, the error says why.
func Sensitivity(obs Observations, days []float64, ranges []int, opts SamplingOptions) (dataframe.DataFrame, error) {
	var results []SamplingResult
	var skipped error
	// The values' order and positions do not depend on the grid: index
	// them once (nil, and each point on its own, with both zeros).
	var ix *valueIndex
	if v, ok := newValueIndex(obs.Value, true); ok {
		ix = &v
	}
	for _, d := range days {
		for _, r := range ranges {
			o := opts
			o.Days, o.Ranges = d, r
			res, err := localityOfSampling(obs, o, ix)
			if errors.Is(err, ErrNoUsableSlice) || errors.Is(err, ErrTooShort) {
				skipped = err
				continue
			}
			if err != nil {
				return dataframe.DataFrame{}, err
			}
			results = append(results, res)
		}
	}
	if len(results) == 0 {
		if skipped == nil {
			skipped = fmt.Errorf("locality: no slice length or range count given")
		}
		return dataframe.DataFrame{}, skipped
	}
	return SamplingTable(results), nil
}

// SamplingTable summarises results one row each (Tables 2–3 of the 2007
// paper): log, attr, slice_days, shift_days, ranges, slices,
// usable_slices, m_max, m_med (M'), m_max_random, m_med_random (M'_g),
// locality_max, locality_med (M). The random and locality columns are NaN
// for a result computed without bootstrap.
func SamplingTable(results []SamplingResult) dataframe.DataFrame {
	n := len(results)
	logs, attrs := make([]string, n), make([]string, n)
	days, shift := make([]float64, n), make([]float64, n)
	ranges, slices, usable := make([]int, n), make([]int, n), make([]int, n)
	cols := make([][]float64, 6)
	for i := range cols {
		cols[i] = make([]float64, n)
	}
	for i, r := range results {
		logs[i], attrs[i] = r.Name, r.Attr.String()
		days[i], shift[i], ranges[i] = r.Options.Days, r.Options.Shift, r.Options.Ranges
		slices[i], usable[i] = len(r.Slices), r.Usable
		for j, v := range []float64{r.MMax, r.MMed, r.GMax, r.GMed, r.LocalityMax, r.LocalityMed} {
			cols[j][i] = v
		}
	}
	return dataframe.New(
		series.New(logs, series.String, "log"),
		series.New(attrs, series.String, "attr"),
		series.New(days, series.Float, "slice_days"),
		series.New(shift, series.Float, "shift_days"),
		series.New(ranges, series.Int, "ranges"),
		series.New(slices, series.Int, "slices"),
		series.New(usable, series.Int, "usable_slices"),
		series.New(cols[0], series.Float, "m_max"),
		series.New(cols[1], series.Float, "m_med"),
		series.New(cols[2], series.Float, "m_max_random"),
		series.New(cols[3], series.Float, "m_med_random"),
		series.New(cols[4], series.Float, "locality_max"),
		series.New(cols[5], series.Float, "locality_med"),
	)
}
