package plots

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/tracelab/tracelab/internal/outfile"
)

// Default figure size, used by SaveSVG, SavePNG and WriteSVG when a size is zero.
const (
	DefaultWidth  = 6 * vg.Inch
	DefaultHeight = 4 * vg.Inch
)

// Sample is a labelled set of values, one curve or bar group of a plot.
type Sample struct {
	Label  string
	Values []float64
	// Role says how the sample is drawn (see Role); Dashed draws a
	// Compared sample dashed, as the paper draws it; Color, when not 0,
	// picks a Compared sample's colour: Palette[Color-1] (to give related
	// series one colour, their dashes telling them apart).
	Role   Role
	Dashed bool
	Color  int
}

// XY is a labelled series of points, one line or point cloud of a plot.
// X and Y must have the same length.
type XY struct {
	Label string
	X, Y  []float64
	// Role says how the series is drawn (see Role); Dashed draws a
	// Compared series dashed, as the paper draws it (as markers only, in
	// DashedShape); Color, when not 0,
	// picks a Compared series' colour: Palette[Color-1] (to give related
	// series one colour, their dashes telling them apart).
	Role   Role
	Dashed bool
	Color  int
}

// XYs pairs x and y (of the same length) as plotter points.
func XYs(x, y []float64) plotter.XYs {
	pts := make(plotter.XYs, len(x))
	for i := range x {
		pts[i] = plotter.XY{X: x[i], Y: y[i]}
	}
	return pts
}

// Axes are the options every builder shares.
type Axes struct {
	Title, XLabel, YLabel string
	// LogX and LogY make an axis logarithmic, labelled at every power of
	// ten (LogTicks); points with a non-positive coordinate on such an
	// axis are left out.
	LogX, LogY bool
	// IntegerX and IntegerY mark an axis of counts: integer ticks only
	// (IntegerTicks).
	IntegerX, IntegerY bool
}

// newPlot returns an empty plot in the theme with a's titles and scales.
func newPlot(a Axes) *plot.Plot { return New(a) }

// drawable reports whether (x, y) can be drawn with the given log axes.
func drawable(x, y float64, logX, logY bool) bool {
	if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return false
	}
	return !(logX && x <= 0) && !(logY && y <= 0)
}

// finite returns the finite values of vs (and, when positive is set, only
// those > 0) in a new slice.
func finite(vs []float64, positive bool) []float64 {
	out := make([]float64, 0, len(vs))
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) || (positive && v <= 0) {
			continue
		}
		out = append(out, v)
	}
	return out
}

func size(w, h vg.Length) (vg.Length, vg.Length) {
	if w <= 0 {
		w = DefaultWidth
	}
	if h <= 0 {
		h = DefaultHeight
	}
	return w, h
}

// FixLogAxes readies p's log axes for drawing: gonum pads an axis whose
// data lie at one value (Min = Max, e.g. one user, one job) by ±1, which
// reaches 0 on a log scale and panics; FixLogAxes widens such an axis to
// [v/2, 2v] instead. It returns an error when a log axis holds a value ≤ 0
// (a builder bug: builders leave such points out). WriteSVG and WritePNG
// call it; call it before drawing p otherwise.
func FixLogAxes(p *plot.Plot) error {
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		if _, ok := a.Scale.(plot.LogScale); !ok {
			continue
		}
		if !(a.Min > 0) {
			return fmt.Errorf("plots: %q: log axis reaches %v", p.Title.Text, a.Min)
		}
		if a.Min == a.Max {
			a.Min, a.Max = a.Min/2, a.Max*2
		}
	}
	return nil
}

// WriteSVG writes p as an SVG document of size w×h (zero: the default
// size), drawn as a Single figure: its legend beside the data.
func WriteSVG(f io.Writer, p *plot.Plot, w, h vg.Length) error {
	w, h = size(w, h)
	return Single(p, w, h).WriteSVG(f)
}

// WritePNG writes p as a PNG image of size w×h (zero: the default size) at
// dpi dots per inch (zero: 96), drawn as a Single figure.
func WritePNG(f io.Writer, p *plot.Plot, w, h vg.Length, dpi int) error {
	w, h = size(w, h)
	return Single(p, w, h).WritePNG(f, dpi)
}

// SaveSVG saves p as an SVG file of size w×h (zero: the default size).
func SaveSVG(p *plot.Plot, w, h vg.Length, path string) error {
	return save(path, ".svg", func(f io.Writer) error { return WriteSVG(f, p, w, h) })
}

// SavePNG saves p as a PNG file of size w×h (zero: the default size) at 96 dpi.
func SavePNG(p *plot.Plot, w, h vg.Length, path string) error {
	return save(path, ".png", func(f io.Writer) error { return WritePNG(f, p, w, h, 0) })
}

// save writes the file through internal/outfile (a temporary file renamed
// into place; links followed, devices written through).
func save(path, ext string, write func(io.Writer) error) error {
	if !strings.EqualFold(filepath.Ext(path), ext) {
		return fmt.Errorf("plots: %s: extension must be %s", path, ext)
	}
	if err := outfile.Write(path, 0o644, write); err != nil {
		return fmt.Errorf("plots: saving %s: %w", path, err)
	}
	return nil
}
