package plots

import (
	"errors"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// HistOptions controls Hist. The zero value draws √n equal-width bins
// (at most 100) of counts.
type HistOptions struct {
	Axes
	// Bins is the number of bins; zero means √n, capped at 100.
	Bins int
	// Fraction divides each bin's count by the number of values drawn, so
	// that the bins sum to 1.
	Fraction bool
	// Min and Max bound the binned range; when both are zero, the range of
	// the data. Values outside are left out.
	Min, Max float64
}

// Hist plots a histogram of values. NaN and ±Inf values are left out (gonum's
// NewHist panics on NaN), and so are values ≤ 0 when LogX is set, in which
// case the bins are equally wide in log x. The y label defaults to "count"
// or "fraction". It returns an error when no value is left.
func Hist(values []float64, opts HistOptions) (*plot.Plot, error) {
	bins, width, err := histBins(values, opts)
	if err != nil {
		return nil, err
	}
	if opts.YLabel == "" {
		opts.YLabel = "count"
		if opts.Fraction {
			opts.YLabel = "fraction"
		}
	}
	p := newPlot(opts.Axes)
	h := &plotter.Histogram{Bins: bins, Width: width, FillColor: BandColor, LogY: opts.LogY}
	h.LineStyle = draw.LineStyle{Color: VariantColor, Width: vg.Points(0.5)}
	p.Add(h)
	return p, nil
}

// histBins returns the bins of Hist and their width (in log x with LogX).
func histBins(values []float64, opts HistOptions) ([]plotter.HistogramBin, float64, error) {
	vs := finite(values, opts.LogX)
	if opts.Min != 0 || opts.Max != 0 {
		if !(opts.Min < opts.Max) {
			return nil, 0, errors.New("plots: Hist: Min must be below Max")
		}
		kept := vs[:0]
		for _, v := range vs {
			if v >= opts.Min && v <= opts.Max {
				kept = append(kept, v)
			}
		}
		vs = kept
	}
	if len(vs) == 0 {
		return nil, 0, errors.New("plots: Hist: no drawable values")
	}
	lo, hi := opts.Min, opts.Max
	if lo == 0 && hi == 0 {
		lo, hi = vs[0], vs[0]
		for _, v := range vs {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if opts.LogX && lo <= 0 {
		return nil, 0, errors.New("plots: Hist: LogX needs Min > 0")
	}
	n := opts.Bins
	if n <= 0 {
		n = min(int(math.Ceil(math.Sqrt(float64(len(vs))))), 100)
	}
	tr, inv := func(x float64) float64 { return x }, func(x float64) float64 { return x }
	if opts.LogX {
		tr, inv = math.Log, math.Exp
	}
	a, b := tr(lo), tr(hi)
	if b == a {
		// A single value: one bin of unit width around it.
		a, b = a-0.5, b+0.5
		if opts.LogX {
			a, b = tr(lo/2), tr(lo*2)
		}
		n = 1
	}
	width := (b - a) / float64(n)
	bins := make([]plotter.HistogramBin, n)
	for i := range bins {
		bins[i].Min, bins[i].Max = inv(a+float64(i)*width), inv(a+float64(i+1)*width)
	}
	for _, v := range vs {
		i := int((tr(v) - a) / width)
		i = min(max(i, 0), n-1) // the maximum falls in the last bin
		bins[i].Weight++
	}
	if opts.Fraction {
		for i := range bins {
			bins[i].Weight /= float64(len(vs))
		}
	}
	return bins, width, nil
}
