package kernelext

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/janpfeifer/gonb/gonbui/protocol"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Default plot size, used when a PlotOptions size is zero.
const (
	DefaultWidth  = 6 * vg.Inch
	DefaultHeight = 4 * vg.Inch
)

// PlotOptions controls ShowPlot. The zero value shows a 6×4 inch SVG.
type PlotOptions struct {
	// Width and Height of the figure; zero means DefaultWidth and DefaultHeight.
	Width, Height vg.Length
	// PNG sends a PNG image instead of SVG (smaller for plots with very many
	// points).
	PNG bool
	// DPI is the PNG resolution; zero means 96.
	DPI int
	// File, when not empty, also saves the plot there, in every mode; the
	// format follows the extension (.svg, .png, .pdf, .eps, .jpg, .tif).
	File string
}

// Plot displays p inline as an image/svg+xml figure of size w×h (zero means
// the default 6×4 inches). Outside a notebook it prints a one-line
// description of p, and saves it as SVG in $TRACELAB_PLOT_DIR when that
// variable is set.
func Plot(p *plot.Plot, w, h vg.Length) error {
	return ShowPlot(p, PlotOptions{Width: w, Height: h})
}

// PlotPNG is Plot with a PNG image at 96 dpi.
func PlotPNG(p *plot.Plot, w, h vg.Length) error {
	return ShowPlot(p, PlotOptions{Width: w, Height: h, PNG: true})
}

// plotCount numbers the plot files written outside a notebook.
var plotCount struct {
	sync.Mutex
	n int
}

// ShowPlot displays p as opts say; see Plot. It returns an error when p is
// nil, when rendering fails or when a file cannot be written.
func ShowPlot(p *plot.Plot, opts PlotOptions) error {
	if p == nil {
		return errors.New("kernelext: nil plot")
	}
	w, h := opts.Width, opts.Height
	if w <= 0 {
		w = DefaultWidth
	}
	if h <= 0 {
		h = DefaultHeight
	}
	if opts.File != "" {
		if err := p.Save(w, h, opts.File); err != nil {
			return fmt.Errorf("kernelext: saving plot: %w", err)
		}
	}
	desc := DescribePlot(p, w, h)
	if !out.notebook {
		dir := out.plotDir()
		if dir != "" {
			plotCount.Lock()
			plotCount.n++
			n := plotCount.n
			plotCount.Unlock()
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return fmt.Errorf("kernelext: %w", err)
			}
			f := filepath.Join(dir, fmt.Sprintf("plot-%03d-%s.svg", n, slug(p.Title.Text)))
			if err := p.Save(w, h, f); err != nil {
				return fmt.Errorf("kernelext: saving plot: %w", err)
			}
			desc += ", saved to " + f
		} else if opts.File != "" {
			desc += ", saved to " + opts.File
		}
		fmt.Fprintln(out.text, desc)
		return nil
	}
	var data map[protocol.MIMEType]any
	if opts.PNG {
		b, err := RenderPNG(p, w, h, opts.DPI)
		if err != nil {
			return err
		}
		data = map[protocol.MIMEType]any{protocol.MIMEImagePNG: b}
	} else {
		b, err := RenderSVG(p, w, h)
		if err != nil {
			return err
		}
		data = map[protocol.MIMEType]any{protocol.MIMEImageSVG: string(b)}
	}
	data[protocol.MIMETextPlain] = desc
	if err := display(&protocol.DisplayData{Data: data}); err != nil {
		return fmt.Errorf("kernelext: %w", err)
	}
	return nil
}

// RenderSVG draws p into an SVG document of size w×h.
func RenderSVG(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("kernelext: rendering SVG: %w", err)
	}
	return buf.Bytes(), nil
}

// RenderPNG draws p into a PNG image of size w×h at dpi dots per inch
// (zero means 96).
func RenderPNG(p *plot.Plot, w, h vg.Length, dpi int) ([]byte, error) {
	if dpi <= 0 {
		dpi = 96
	}
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(dpi))
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("kernelext: rendering PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// DescribePlot is the one-line text that stands for p outside a notebook:
// title, axis labels, ranges and scales, and size, e.g.
//
//	plot "Runtime ECDF": x "runtime [s]" [1, 1e+05] log, y "fraction" [0, 1], 6in×4in
func DescribePlot(p *plot.Plot, w, h vg.Length) string {
	var b strings.Builder
	fmt.Fprintf(&b, "plot %q: x %s, y %s, %s×%s", p.Title.Text, axisText(p.X), axisText(p.Y), lengthText(w), lengthText(h))
	return b.String()
}

func axisText(a plot.Axis) string {
	s := fmt.Sprintf("%q [%s, %s]", a.Label.Text, num(a.Min), num(a.Max))
	if _, ok := a.Scale.(plot.LogScale); ok {
		s += " log"
	}
	return s
}

func lengthText(l vg.Length) string {
	if in := float64(l / vg.Inch); in == math.Round(in*100)/100 {
		return num(in) + "in"
	}
	return num(float64(l/vg.Centimeter)) + "cm"
}

// num formats x with at most 4 significant digits.
func num(x float64) string {
	return fmt.Sprintf("%.4g", x)
}

// slug turns a title into a short file-name part.
func slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= 40 {
			break
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		s = "untitled"
	}
	return s
}
