package resample

import (
	"math"

	"gonum.org/v1/gonum/stat"
)

// SaturationOptions are the parameters of DetectSaturation. The zero value
// is the 2013 paper's (§6.3): drop the last 20% of the weeks, saturated
// above a slope of 1 job per week.
type SaturationOptions struct {
	// Drop is the fraction of the weekly counts, at the end, left out of
	// the regression; zero means 0.2, negative means none.
	Drop float64
	// Threshold is the slope, in outstanding jobs per week, above which a
	// simulation is saturated; zero means 1.
	Threshold float64
}

// Saturation is the outcome of DetectSaturation.
type Saturation struct {
	// Weekly is the number of outstanding jobs (arrived, not ended) at the
	// beginning of each week; SuffixMin[k] is the minimum of Weekly[k:].
	Weekly, SuffixMin []int
	// Used is the number of weeks the regression used.
	Used int
	// Slope is the least-squares slope of SuffixMin[:Used] against the
	// week, jobs per week; NaN when fewer than two weeks are used.
	Slope float64
	// Saturated is Slope > Threshold; false when Slope is NaN.
	Saturated bool
}

// DetectSaturation decides whether a simulation saturated, by the four
// steps of Zakay and Feitelson 2013 §6.3:
//
//  1. the number of outstanding jobs at the beginning of each week
//     (weekly);
//  2. each count replaced by the minimum from that week to the end, so that
//     a fluctuation that later drains away does not count;
//  3. the last 20% of the values deleted;
//  4. a straight line fitted by least squares: a slope above 1 job per
//     week means the system is saturated, else it is stable.
//
// weekly should cover the weeks during which jobs arrive, not the drain
// after the last arrival (whose counts fall to zero and would hide any
// growth).
func DetectSaturation(weekly []int, opts SaturationOptions) Saturation {
	drop, thr := opts.Drop, opts.Threshold
	if drop == 0 {
		drop = 0.2
	}
	if drop < 0 {
		drop = 0
	}
	if thr == 0 {
		thr = 1
	}
	n := len(weekly)
	s := Saturation{Weekly: append([]int(nil), weekly...), SuffixMin: make([]int, n), Slope: math.NaN()}
	m := math.MaxInt
	for k := n - 1; k >= 0; k-- {
		m = min(m, weekly[k])
		s.SuffixMin[k] = m
	}
	s.Used = n - int(math.Round(drop*float64(n)))
	if s.Used < 2 {
		s.Used = max(s.Used, 0)
		return s
	}
	x := make([]float64, s.Used)
	y := make([]float64, s.Used)
	for k := range x {
		x[k], y[k] = float64(k), float64(s.SuffixMin[k])
	}
	_, s.Slope = stat.LinearRegression(x, y, nil, false)
	s.Saturated = s.Slope > thr
	return s
}
