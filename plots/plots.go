package plots

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

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
}

// XY is a labelled series of points, one line or point cloud of a plot.
// X and Y must have the same length.
type XY struct {
	Label string
	X, Y  []float64
}

// Axes are the options every builder shares.
type Axes struct {
	Title, XLabel, YLabel string
	// LogX and LogY make an axis logarithmic; points with a non-positive
	// coordinate on such an axis are left out.
	LogX, LogY bool
	// LegendLeft puts the legend at the top left instead of the top right.
	LegendLeft bool
}

// newPlot returns an empty plot with a's titles, scales and legend place.
func newPlot(a Axes) *plot.Plot {
	p := plot.New()
	p.Title.Text = a.Title
	p.X.Label.Text = a.XLabel
	p.Y.Label.Text = a.YLabel
	if a.LogX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	if a.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	p.Legend.Top = true
	p.Legend.Left = a.LegendLeft
	g := plotter.NewGrid()
	g.Vertical.Color = color.Gray{Y: 225}
	g.Horizontal.Color = color.Gray{Y: 225}
	p.Add(g)
	return p
}

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

// style returns the color and dash pattern of the i-th series.
func style(i int) (draw.LineStyle, draw.GlyphStyle) {
	ls := draw.LineStyle{Color: plotutil.Color(i), Width: vg.Points(1.5), Dashes: plotutil.Dashes(i / 7)}
	gs := draw.GlyphStyle{Color: plotutil.Color(i), Radius: vg.Points(2), Shape: plotutil.Shape(i % 7)}
	return ls, gs
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

// WriteSVG writes p as an SVG document of size w×h (zero: the default size).
func WriteSVG(f io.Writer, p *plot.Plot, w, h vg.Length) error {
	if err := FixLogAxes(p); err != nil {
		return err
	}
	w, h = size(w, h)
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	if _, err := c.WriteTo(f); err != nil {
		return fmt.Errorf("plots: writing SVG: %w", err)
	}
	return nil
}

// WritePNG writes p as a PNG image of size w×h (zero: the default size) at
// dpi dots per inch (zero: 96).
func WritePNG(f io.Writer, p *plot.Plot, w, h vg.Length, dpi int) error {
	if err := FixLogAxes(p); err != nil {
		return err
	}
	w, h = size(w, h)
	if dpi <= 0 {
		dpi = 96
	}
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(dpi))
	p.Draw(draw.New(c))
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(f); err != nil {
		return fmt.Errorf("plots: writing PNG: %w", err)
	}
	return nil
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
