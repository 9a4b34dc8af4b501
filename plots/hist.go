package plots

import (
	"errors"
	"fmt"
	"math"
	"strconv"

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
	p, _, err := hist(values, opts)
	return p, err
}

// hist is Hist, returning the histogram plotter too.
func hist(values []float64, opts HistOptions) (*plot.Plot, *plotter.Histogram, error) {
	bins, width, err := histBins(values, opts)
	if err != nil {
		return nil, nil, err
	}
	if opts.YLabel == "" {
		opts.YLabel = "count"
		if opts.Fraction {
			opts.YLabel = "fraction"
		}
	}
	if !opts.Fraction && !opts.LogY {
		opts.IntegerY = true // counts
	}
	p := newPlot(opts.Axes)
	h := &plotter.Histogram{Bins: bins, Width: width, FillColor: BandColor, LogY: opts.LogY}
	h.LineStyle = draw.LineStyle{Color: VariantColor, Width: vg.Points(0.5)}
	p.Add(h)
	if !opts.LogY {
		p.Y.Max += Headroom * (p.Y.Max - p.Y.Min) // the tallest bar off the frame
	}
	return p, h, nil
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

// offScale is how far outside the values' range (in that range's widths)
// HistValue still draws the value on the axis; beyond, the axis would
// squash the histogram into a few bars, and the value is written at the
// axis' edge instead.
const offScale = 1.0

// valuePad is the room HistValue leaves between the value's line and the
// frame, in widths of the values' range.
const valuePad = 0.08

// HistValue plots the histogram of values (variants, replicates: the
// key's valuesLabel) with a value of reference (the original, the paper's:
// valueLabel) as a bold black vertical line, as in Figs 8–9 of Zakay &
// Feitelson (2013). The bins span the values only. A value further than
// the values' range from it is not drawn on the axis (it would squash the
// bars): an arrow and the value are written at the edge on its side. NaN
// values are left out; a NaN value draws no line. It returns the errors of
// Hist.
func HistValue(values []float64, value float64, valuesLabel, valueLabel string, opts HistOptions) (*plot.Plot, error) {
	opts = valueRange(values, opts)
	p, h, err := hist(values, opts)
	if err != nil {
		return nil, err
	}
	keyValues := func() {
		if valuesLabel != "" {
			p.Legend.Add(valuesLabel, h)
		}
	}
	if math.IsNaN(value) || math.IsInf(value, 0) || (opts.LogX && value <= 0) {
		keyValues()
		return p, nil
	}
	lo, hi := p.X.Min, p.X.Max
	span := hi - lo
	if span == 0 {
		span = math.Abs(hi)
	}
	top := p.Y.Max
	if valueOnScale(lo, hi, value) {
		l, err := plotter.NewLine(plotter.XYs{{X: value, Y: 0}, {X: value, Y: top}})
		if err != nil {
			return nil, err
		}
		l.LineStyle = OriginalStyle()
		p.Add(l)
		// The line keeps room from the frame, also when it falls in an edge
		// bin or outside the bins (it would be drawn on, or next to, the
		// axis' end): valuePad of the bins' span (on a log axis, of their
		// span in decades, and at least 5%).
		if opts.LogX {
			f := max(math.Pow(hi/lo, valuePad), 1.05)
			p.X.Min, p.X.Max = min(p.X.Min, value/f), max(p.X.Max, value*f)
		} else {
			pad := valuePad * span
			p.X.Min, p.X.Max = min(p.X.Min, value-pad), max(p.X.Max, value+pad)
		}
		if valueLabel != "" {
			p.Legend.Add(valueLabel, l)
		}
		keyValues()
		return p, nil
	}
	keyValues()
	// Off scale: write it at the edge, on its side.
	text := fmt.Sprintf("%s %s →", valueLabel, strconv.FormatFloat(roundSig(value, 3), 'g', -1, 64))
	x, align := hi, draw.XRight
	if value < lo {
		text = fmt.Sprintf("← %s %s", valueLabel, strconv.FormatFloat(roundSig(value, 3), 'g', -1, 64))
		x, align = lo, draw.XLeft
	}
	if err := AddLabels(p, plotter.XYs{{X: x, Y: top}}, []string{text}, LabelOptions{Align: align, Bold: true}); err != nil {
		return nil, err
	}
	p.Y.Max = top * 1.15 // room for the text above the bars
	return p, nil
}

// valueRange returns opts with the binned range HistValue draws: the
// range of the finite values when opts sets none (Hist's own default when
// they are all equal).
func valueRange(values []float64, opts HistOptions) HistOptions {
	if opts.Min == 0 && opts.Max == 0 {
		vs := finite(values, opts.LogX)
		if len(vs) > 0 {
			lo, hi := vs[0], vs[0]
			for _, v := range vs {
				lo, hi = min(lo, v), max(hi, v)
			}
			opts.Min, opts.Max = lo, hi
			if lo == hi {
				opts.Min, opts.Max = 0, 0
			}
		}
	}
	return opts
}

// valueOnScale is HistValue's rule: a value is drawn on an axis whose
// bins span [lo, hi] when it lies within offScale of their width from
// them (of |hi| when they have none).
func valueOnScale(lo, hi, value float64) bool {
	span := hi - lo
	if span == 0 {
		span = math.Abs(hi)
	}
	return value >= lo-offScale*span && value <= hi+offScale*span
}

// ValueDrawn reports whether HistValue(values, value, …, opts) draws the
// value as its bold line (true), or writes it at the axis' edge with an
// arrow, being off the values' scale, or draws nothing for a value it
// cannot place (NaN, ±Inf, ≤ 0 on a log axis) or values it cannot bin
// (false): a caption says which the reader sees (ValueMark).
func ValueDrawn(values []float64, value float64, opts HistOptions) bool {
	if math.IsNaN(value) || math.IsInf(value, 0) || (opts.LogX && value <= 0) {
		return false
	}
	bins, _, err := histBins(values, valueRange(values, opts))
	if err != nil {
		return false
	}
	return valueOnScale(bins[0].Min, bins[len(bins)-1].Max, value)
}

// ValueMark says, for a caption, how HistValue shows a value named what
// ("the original") in panels panels of which drawn draw it as a line
// (ValueDrawn): "the original (bold line)"; "the original (written at the
// panel's edge with an arrow: off the scale of the bars)"; or, mixed,
// "the original (bold line; written at the panel's edge with an arrow
// where off the scale of the bars)". A caption that says "bold line" of a
// value written at the edge sends the reader looking for a line that is
// not there (2013 Fig. 2, 2007 Fig. 7).
func ValueMark(what string, drawn, panels int) string {
	const edge = "written at the panel's edge with an arrow"
	switch {
	case drawn < 0 || drawn > panels:
		panic("plots: ValueMark: drawn outside [0, panels]")
	case drawn == panels:
		return what + " (bold line)"
	case drawn == 0:
		return what + " (" + edge + ": off the scale of the bars)"
	}
	return what + " (bold line; " + edge + " where off the scale of the bars)"
}
