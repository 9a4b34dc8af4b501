package plottest

import (
	"fmt"
	"reflect"
	"testing"
	"unsafe"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
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

// Polygons returns the rings of every *plotter.Polygon of p (the
// rectangles of a Gantt chart, say), in the order added.
func Polygons(p *plot.Plot) [][]plotter.XYs {
	return collect(p, func(g *plotter.Polygon) []plotter.XYs { return g.XYs })
}

// Range is an axis range.
type Range struct{ Min, Max float64 }

// XRange and YRange return the ranges of p's axes as they stand (before
// drawing; gonum/plot grows them to the data as plotters are added).
func XRange(p *plot.Plot) Range { return Range{p.X.Min, p.X.Max} }

// YRange returns the range of p's y axis (see XRange).
func YRange(p *plot.Plot) Range { return Range{p.Y.Min, p.Y.Max} }

// Drawn is what a plot draws, as text a test compares with its
// expectation, in the order added: the points of its lines and of its
// scatters, the total weight of each histogram, the values of each bar
// chart and the rings of each polygon; "" when there is none.
type Drawn struct{ Lines, Points, Hists, Bars, Polygons string }

// DrawnOf returns what p draws.
func DrawnOf(p *plot.Plot) Drawn {
	var weight []float64
	for _, h := range Histograms(p) {
		w := 0.0
		for _, b := range h {
			w += b.Weight
		}
		weight = append(weight, w)
	}
	return Drawn{Lines: text(Lines(p)), Points: text(Scatters(p)), Hists: text(weight), Bars: text(Bars(p)), Polygons: text(Polygons(p))}
}

func text[S ~[]E, E any](s S) string {
	if len(s) == 0 {
		return ""
	}
	return fmt.Sprint(s)
}

// Frame returns a frame of columns given as name, values, name, values…,
// the values a []float64 or a []string: the input of a plot builder in a
// test. It panics on arguments of other types.
func Frame(cols ...any) dataframe.DataFrame {
	var s []series.Series
	for i := 0; i+1 < len(cols); i += 2 {
		name := cols[i].(string)
		switch v := cols[i+1].(type) {
		case []float64:
			s = append(s, series.New(v, series.Float, name))
		case []string:
			s = append(s, series.New(v, series.String, name))
		default:
			panic(fmt.Sprintf("plottest: Frame: column %q of type %T", name, v))
		}
	}
	return dataframe.New(s...)
}

// Case is a plot builder and what it must draw.
type Case struct {
	Name  string
	Build func() (*plot.Plot, error)
	Want  Drawn
}

// CheckDrawn runs each case's builder and reports as an error of t a
// builder that fails or draws other than the case wants.
func CheckDrawn(t testing.TB, cases []Case) {
	t.Helper()
	for _, c := range cases {
		p, err := c.Build()
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		if got := DrawnOf(p); got != c.Want {
			t.Errorf("%s:\ngot  %+v\nwant %+v", c.Name, got, c.Want)
		}
	}
}
