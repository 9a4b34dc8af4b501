package selfsim

import (
	"fmt"
	"math"

	"github.com/tracelab/tracelab/datasets"
)

// DefaultUnit is the default time unit of the arrival series: 10 minutes.
// The 2013 paper leaves the unit open ("the number of jobs that arrived in
// the ith time unit"). Ten minutes keeps even the smaller logs (about 100
// jobs a day) at several jobs per subset from n ≈ 10 units on, and puts
// the subset sizes between an hour and the whole log.
const DefaultUnit = 600.0

// MaxUnits bounds the length of an arrival series: 10,000,000 units (80 MB
// of counts; ten years in units of 32 s). A longer series is refused with
// an error asking for a longer unit, before anything is allocated.
const MaxUnits = 10_000_000

// ArrivalCounts returns the number of submit times in each time unit of
// unit seconds, the first unit starting at the earliest submit time. NaN
// submit times are an error; so are a non-positive unit and a series of
// more than MaxUnits units.
func ArrivalCounts(submit []float64, unit float64) ([]float64, error) {
	if !(unit > 0) || math.IsInf(unit, 0) {
		return nil, fmt.Errorf("selfsim: time unit must be positive, got %v", unit)
	}
	if len(submit) == 0 {
		return nil, fmt.Errorf("selfsim: no submit times")
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range submit {
		if math.IsNaN(s) || math.IsInf(s, 0) {
			return nil, fmt.Errorf("selfsim: submit time %v", s)
		}
		lo, hi = min(lo, s), max(hi, s)
	}
	units := math.Floor((hi-lo)/unit) + 1
	if !(units <= MaxUnits) {
		return nil, fmt.Errorf("selfsim: submit times spanning %.4g s make %.4g units of %g s, more than %d: use a longer unit",
			hi-lo, units, unit, MaxUnits)
	}
	c := make([]float64, int(units))
	for _, s := range submit {
		c[int(math.Floor((s-lo)/unit))]++
	}
	return c, nil
}

// HurstOptions are the parameters of Hurst; the zero value is the 2013
// paper's procedure with a 10-minute unit.
type HurstOptions struct {
	// Unit is the time unit of the arrival series, seconds; 0 means
	// DefaultUnit (600).
	Unit float64
	// Pox are the pox-plot options.
	Pox PoxOptions
}

// HurstResult is the outcome of Hurst.
type HurstResult struct {
	Name   string
	Unit   float64 // seconds
	Length int     // units in the arrival series
	Pox
}

// Hurst estimates the Hurst parameter of a log's arrival process (2013
// §5.3, Table VII): the jobs submitted per time unit, analysed by PoxPlot.
func Hurst(tr *datasets.Trace, opts HurstOptions) (HurstResult, error) {
	if opts.Unit == 0 {
		opts.Unit = DefaultUnit
	}
	x, err := ArrivalCounts(tr.Submit, opts.Unit)
	if err != nil {
		return HurstResult{}, fmt.Errorf("%s: %w", tr.Name, err)
	}
	p, err := PoxPlot(x, opts.Pox)
	if err != nil {
		return HurstResult{}, fmt.Errorf("%s: %w", tr.Name, err)
	}
	return HurstResult{Name: tr.Name, Unit: opts.Unit, Length: len(x), Pox: p}, nil
}
