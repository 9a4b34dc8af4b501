package plottest

import (
	"reflect"
	"unsafe"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// Plotters returns the plotters added to p (p.Add), in the order added.
// gonum/plot keeps them in the unexported field Plot.plotters and offers no
// accessor; Plotters reads that field by reflection, for tests only. It
// panics if a gonum/plot upgrade renames or retypes the field, so the
// tests then fail loudly instead of passing vacuously.
func Plotters(p *plot.Plot) []plot.Plotter {
	f := reflect.ValueOf(p).Elem().FieldByName("plotters")
	if !f.IsValid() || f.Type() != reflect.TypeFor[[]plot.Plotter]() {
		panic("plottest: gonum/plot.Plot has no field plotters []plot.Plotter")
	}
	ps := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Interface().([]plot.Plotter)
	return append([]plot.Plotter(nil), ps...)
}

// Lines returns the points of every *plotter.Line of p, in the order added.
func Lines(p *plot.Plot) []plotter.XYs {
	return collect(p, func(l *plotter.Line) plotter.XYs { return l.XYs })
}

// Scatters returns the points of every *plotter.Scatter of p (the markers
// of a line with points, too), in the order added.
func Scatters(p *plot.Plot) []plotter.XYs {
	return collect(p, func(s *plotter.Scatter) plotter.XYs { return s.XYs })
}

// Histograms returns the bins of every *plotter.Histogram of p.
func Histograms(p *plot.Plot) [][]plotter.HistogramBin {
	return collect(p, func(h *plotter.Histogram) []plotter.HistogramBin { return h.Bins })
}

// Bars returns the values of every *plotter.BarChart of p.
func Bars(p *plot.Plot) []plotter.Values {
	return collect(p, func(b *plotter.BarChart) plotter.Values { return b.Values })
}

// collect returns get of every plotter of p of type T, in the order added.
func collect[T plot.Plotter, V any](p *plot.Plot, get func(T) V) []V {
	var out []V
	for _, pl := range Plotters(p) {
		if t, ok := pl.(T); ok {
			out = append(out, get(t))
		}
	}
	return out
}

// Range is an axis range.
type Range struct{ Min, Max float64 }

// XRange and YRange return the ranges of p's axes as they stand (before
// drawing; gonum/plot grows them to the data as plotters are added).
func XRange(p *plot.Plot) Range { return Range{p.X.Min, p.X.Max} }

// YRange returns the range of p's y axis (see XRange).
func YRange(p *plot.Plot) Range { return Range{p.Y.Min, p.Y.Max} }
