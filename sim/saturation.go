package sim

import (
	"fmt"
	"math"

	"github.com/tracelab/tracelab/datasets"
	"gonum.org/v1/gonum/stat"
)

// SaturationOptions are the parameters of DetectSaturation. The zero value
// is that of Zakay and Feitelson 2013 (§6.3): drop the last 20% of the
// weeks, saturated above a slope of 1 job per week. A zero field takes its
// default; a negative one is a programmer's error (DetectSaturation
// panics).
type SaturationOptions struct {
	// Drop is the fraction of the weekly counts, at the end, left out of
	// the regression, below 1; zero means 0.2.
	Drop float64
	// NoDrop keeps every weekly count in the regression (Drop is ignored).
	NoDrop bool
	// Threshold is the slope, in outstanding jobs per week, above which a
	// simulation is saturated; zero means 1.
	Threshold float64
	// Relative, when positive, raises the threshold to this fraction of
	// ArrivalsPerWeek when that is larger: a slope of 1 job per week is
	// noise in a log of 8,700 jobs a week (CEA-Curie). Zero keeps the
	// paper's absolute threshold. ReplaySaturation sets 0.005.
	Relative float64
	// ArrivalsPerWeek is the mean number of jobs arriving per week, for
	// Relative (Result.Saturation fills it in).
	ArrivalsPerWeek float64
}

// ReplaySaturation is the saturation test of a log's replay
// (Result.Saturation in the CLI's summaries): the paper's test with the
// threshold raised to 0.5% of the jobs arriving per week. Chosen by
// measurement (EASY, each archive log at its header's size, which its real
// scheduler sustained): the eleven real logs in ../shared/pwa have slopes
// of at most 1.38 jobs per week (CEA-Curie, 0.016% of its 8,630 weekly
// arrivals; the paper's threshold alone flags it), while overloaded
// replays grow by 2% of their arrivals a week or more (lublin_256 at 94%
// utilisation: 17.8 jobs a week of 784).
var ReplaySaturation = SaturationOptions{Relative: 0.005}

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
	// Threshold is the threshold applied: max(Threshold, Relative ·
	// ArrivalsPerWeek), jobs per week.
	Threshold float64
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
// Options may raise the threshold of step 4 relative to the arrival rate
// (SaturationOptions.Relative).
//
// weekly should cover the weeks during which jobs arrive, not the drain
// after the last arrival (whose counts fall to zero and would hide any
// growth).
func DetectSaturation(weekly []int, opts SaturationOptions) Saturation {
	drop, thr := opts.Drop, opts.Threshold
	if !(drop >= 0 && drop < 1) || !(thr >= 0) || !(opts.Relative >= 0) || !(opts.ArrivalsPerWeek >= 0) {
		panic(fmt.Sprintf("sim: SaturationOptions %+v: Drop must be in [0, 1), the others not negative", opts))
	}
	switch {
	case opts.NoDrop:
		drop = 0
	case drop == 0:
		drop = 0.2
	}
	if thr == 0 {
		thr = 1
	}
	if opts.Relative > 0 {
		thr = max(thr, opts.Relative*opts.ArrivalsPerWeek)
	}
	n := len(weekly)
	s := Saturation{Weekly: append([]int(nil), weekly...), SuffixMin: make([]int, n), Slope: math.NaN(),
		Threshold: thr}
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

// Saturation applies DetectSaturation to the weekly outstanding jobs of the
// simulation (Result.Weekly), over the weeks in which jobs arrive: the
// samples at or before the last submit time, not the drain after it, with
// ArrivalsPerWeek the jobs submitted over the weeks from the first submit
// to the last. A saturated simulation is one whose queue grows without
// bound: its performance figures depend on the log's length, not on the
// scheduler (the machine is too small for the load).
func (r *Result) Saturation(opts SaturationOptions) Saturation {
	first, last := math.Inf(1), math.Inf(-1)
	arrived := 0
	for _, s := range r.Submit {
		if !math.IsNaN(s) { // NaN: never arrived (a feedback run stopped early)
			first, last = min(first, s), max(last, s)
			arrived++
		}
	}
	weekly := make([]int, 0, r.Weekly.Len())
	for k, t := range r.Weekly.Time {
		if t <= last {
			weekly = append(weekly, r.Weekly.Outstanding[k])
		}
	}
	if opts.ArrivalsPerWeek == 0 && last > first {
		opts.ArrivalsPerWeek = float64(arrived) / ((last - first) / datasets.Week)
	}
	return DetectSaturation(weekly, opts)
}
