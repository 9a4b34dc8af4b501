package kernelext

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/janpfeifer/gonb/gonbui/protocol"
	"github.com/tracelab/tracelab/internal/outfile"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
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

// DefaultDPI is the resolution of a plot's PNG image: 1.5 image pixels per
// CSS pixel (96 per inch), sharp on most screens and compact — 7 to 60 kB
// for a 6×4 inch plot (a histogram; a scatter plot of 6,000 points).
const DefaultDPI = 144

// PlotOptions controls ShowPlot. The zero value shows a 6×4 inch PNG image.
//
// Plots are displayed as PNG because that is the format every renderer of a
// stored notebook shows: Jupyter, nbconvert's HTML and code-hosting sites.
// SVG is not: nbconvert 6 (Debian's 6.5.3) prefers image/svg+xml to
// image/png and passes it through lxml's clean_html, which deletes every
// drawing element it does not know (paths, groups, text) and leaves a blank
// figure, so sending SVG beside PNG does not help; and code-hosting sites
// show SVG output only sometimes.
type PlotOptions struct {
	// Width and Height of the figure; zero means DefaultWidth and DefaultHeight.
	// The figure is shown at this size (96 CSS pixels per inch) whatever
	// its resolution.
	Width, Height vg.Length
	// DPI is the PNG resolution; zero means DefaultDPI.
	DPI int
	// SVG sends an SVG image instead of the PNG: sharp at any zoom in a live
	// notebook, but blank in nbconvert's HTML (see above). For interactive
	// work only; never in a notebook whose outputs are stored.
	SVG bool
	// File, when not empty, also saves the plot there, in every mode; the
	// format follows the extension (.svg, .png, .pdf, .eps, .jpg, .tif).
	File string
}

// Plot displays p inline as a PNG figure of size w×h (zero means the
// default 6×4 inches) at DefaultDPI. Outside a notebook it prints a
// one-line description of p, and saves it as SVG in $TRACELAB_PLOT_DIR when
// that variable is set.
func Plot(p *plot.Plot, w, h vg.Length) error {
	return ShowPlot(p, PlotOptions{Width: w, Height: h})
}

// PlotPNG is Plot.
//
// Deprecated: Plot shows a PNG image already.
func PlotPNG(p *plot.Plot, w, h vg.Length) error {
	return Plot(p, w, h)
}

// plotCount numbers the plot files written outside a notebook.
var plotCount struct {
	sync.Mutex
	n int
}

// figure is what ShowPlot and Grid display: a drawing of size w×h.
type figure struct {
	w, h  vg.Length
	draw  func(draw.Canvas)
	title string // for file names
	desc  string // the text that stands for it outside a notebook
}

// ShowPlot displays p as opts say; see Plot. It is drawn as a
// plots.Single figure: its legend beside the data, never over it. It
// returns an error when p is nil, when rendering fails or when a file
// cannot be written.
func ShowPlot(p *plot.Plot, opts PlotOptions) error {
	if p == nil {
		return errors.New("kernelext: nil plot")
	}
	w, h := opts.size()
	f := plots.Single(p, w, h)
	if err := f.Check(); err != nil {
		return fmt.Errorf("kernelext: %w", err)
	}
	return showFigure(figure{w: w, h: h, draw: f.Draw, title: p.Title.Text, desc: DescribePlot(p, w, h)}, opts)
}

// Figure displays f — title, caption, panels and key — as a PNG image
// of its own size (plots.Figure.Size). Outside a notebook it prints the
// title and one line per panel.
func Figure(f *plots.Figure) error {
	return ShowFigure(f, PlotOptions{})
}

// ShowFigure displays f as opts say (their size is ignored: a figure
// has its own).
func ShowFigure(f *plots.Figure, opts PlotOptions) error {
	if err := f.Check(); err != nil {
		return fmt.Errorf("kernelext: %w", err)
	}
	if path := os.Getenv(LintEnv); path != "" {
		if err := lintInto(path, f); err != nil {
			return fmt.Errorf("kernelext: %w", err)
		}
	}
	w, h := f.Size()
	return showFigure(figure{w: w, h: h, draw: f.Draw, title: f.Title, desc: DescribeFigure(f)}, opts)
}

// LintEnv names the environment variable that scripts running notebooks
// set to a file (scripts/run-notebooks.sh): ShowFigure appends to it one
// line per finding of the figure lint (plottest.Lint) on every figure it
// shows, so that a run in full mode lints its figures as the tests lint
// the quick-mode ones.
const LintEnv = "TRACELAB_FIGURE_LINT"

// lintInto appends the figure lint's findings on f to the file at path,
// one line each, prefixed by the figure's title. path must be a regular
// file or not exist: a link, a device or a directory is refused.
//
// The file is a log, appended to figure by figure (O_APPEND), not an
// output replaced atomically: a notebook adds to it each time it shows a
// figure, and replacing it would rewrite it whole each time (a temporary
// copy renamed over it), with the lines of a second writer of the path
// lost between the read and the rename. What makes the append safe
// instead: a link at the path is refused when opening (lintOpenFlags), not
// only by the Lstat before, so one placed in between is not followed; the
// opened file itself must be regular (a FIFO or device is refused before
// anything is written); and a figure's findings go in one write, so that
// they are never interleaved with another writer's, and a write error
// (a full disk) is returned rather than lost.
func lintInto(path string, f *plots.Figure) error {
	errs := plottest.Lint(f)
	if len(errs) == 0 {
		return nil
	}
	notRegular := func(m os.FileMode) error {
		return fmt.Errorf("%s=%s: not a regular file (%s)", LintEnv, path, m.Type())
	}
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return notRegular(fi.Mode())
	}
	out, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|lintOpenFlags, 0o644)
	if err != nil {
		if fi, lerr := os.Lstat(path); lerr == nil && !fi.Mode().IsRegular() {
			return notRegular(fi.Mode()) // replaced by a link after the first look
		}
		return err
	}
	if fi, err := out.Stat(); err != nil || !fi.Mode().IsRegular() {
		out.Close()
		if err != nil {
			return err
		}
		return notRegular(fi.Mode())
	}
	var b bytes.Buffer
	for _, e := range errs {
		fmt.Fprintf(&b, "%q: %v\n", f.Title, e)
	}
	_, err = out.Write(b.Bytes())
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// DescribeFigure is the text that stands for f outside a notebook: its
// title and size, then one line per panel (DescribePlot).
func DescribeFigure(f *plots.Figure) string {
	w, h := f.Size()
	cols, _ := f.Grid()
	var b strings.Builder
	fmt.Fprintf(&b, "figure %q, %d panels, %d per row, %s×%s", f.Title, len(f.Panels), cols, lengthText(w), lengthText(h))
	pw, ph := f.PanelWidth, f.PanelHeight
	if pw <= 0 || ph <= 0 {
		pw, ph = plots.PanelSize(cols)
	}
	for _, p := range f.Panels {
		b.WriteString("\n  " + DescribePlot(p, pw, ph))
	}
	return b.String()
}

// Grid displays plots as one figure, in rows of cols plots, each in a cell
// of w×h (zero means the default 6×4 inches), their axes aligned and one
// legend beside them (a plots.Figure without title); a PNG image like
// Plot. Outside a notebook it prints one line per plot.
func Grid(ps []*plot.Plot, cols int, w, h vg.Length) error {
	if len(ps) == 0 || cols < 1 || slices.Contains(ps, nil) {
		return errors.New("kernelext: Grid needs plots (none nil) and at least one column")
	}
	opts := PlotOptions{Width: w, Height: h}
	w, h = opts.size()
	f := &plots.Figure{Panels: ps, Cols: cols, PanelWidth: w, PanelHeight: h}
	if err := f.Check(); err != nil {
		return fmt.Errorf("kernelext: %w", err)
	}
	cols, _ = f.Grid()
	var desc strings.Builder
	fmt.Fprintf(&desc, "grid of %d plots, %d per row, each %s×%s:", len(ps), cols, lengthText(w), lengthText(h))
	for _, p := range ps {
		desc.WriteString("\n  " + DescribePlot(p, w, h))
	}
	fw, fh := f.Size()
	return showFigure(figure{w: fw, h: fh, title: ps[0].Title.Text, desc: desc.String(), draw: f.Draw}, opts)
}

// size is the figure size opts ask for, the default for a zero length.
func (opts PlotOptions) size() (vg.Length, vg.Length) {
	w, h := opts.Width, opts.Height
	if w <= 0 {
		w = DefaultWidth
	}
	if h <= 0 {
		h = DefaultHeight
	}
	return w, h
}

// showFigure displays f as opts say (opts' size is ignored: f has its own).
func showFigure(f figure, opts PlotOptions) error {
	if opts.File != "" {
		if err := f.save(opts.File); err != nil {
			return err
		}
	}
	desc := f.desc
	if !out.notebook {
		if dir := out.plotDir(); dir != "" {
			plotCount.Lock()
			plotCount.n++
			n := plotCount.n
			plotCount.Unlock()
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return fmt.Errorf("kernelext: %w", err)
			}
			file := filepath.Join(dir, fmt.Sprintf("plot-%03d-%s.svg", n, slug(f.title)))
			if err := f.save(file); err != nil {
				return err
			}
			desc += ", saved to " + file
		} else if opts.File != "" {
			desc += ", saved to " + opts.File
		}
		fmt.Fprintln(out.text, desc)
		return nil
	}
	d := &protocol.DisplayData{Data: map[protocol.MIMEType]any{protocol.MIMETextPlain: desc}}
	if opts.SVG {
		b, err := f.svg()
		if err != nil {
			return err
		}
		d.Data[protocol.MIMEImageSVG] = string(b)
	} else {
		b, err := f.png(opts.DPI)
		if err != nil {
			return err
		}
		d.Data[protocol.MIMEImagePNG] = b
		// Shown at its size in CSS pixels, whatever the resolution.
		d.Metadata = map[string]any{string(protocol.MIMEImagePNG): map[string]int{
			"width": cssPixels(f.w), "height": cssPixels(f.h)}} // map[string]int: a type gob knows (GoNB's pipe)
	}
	if err := display(d); err != nil {
		return fmt.Errorf("kernelext: %w", err)
	}
	return nil
}

// save writes f to path in the format of its extension (.svg, .png, .pdf,
// .eps, .jpg, .tif), as internal/outfile writes every output file.
func (f figure) save(path string) error {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	c, err := draw.NewFormattedCanvas(f.w, f.h, ext)
	if err != nil {
		return fmt.Errorf("kernelext: saving plot %s: %w", path, err)
	}
	f.draw(draw.New(c))
	if err := outfile.Write(path, 0o644, func(w io.Writer) error { _, err := c.WriteTo(w); return err }); err != nil {
		return fmt.Errorf("kernelext: saving plot: %w", err)
	}
	return nil
}

func (f figure) svg() ([]byte, error) {
	c := vgsvg.New(f.w, f.h)
	f.draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("kernelext: rendering SVG: %w", err)
	}
	return buf.Bytes(), nil
}

func (f figure) png(dpi int) ([]byte, error) {
	if dpi <= 0 {
		dpi = DefaultDPI
	}
	c := vgimg.NewWith(vgimg.UseWH(f.w, f.h), vgimg.UseDPI(dpi))
	f.draw(draw.New(c))
	img, ok := c.Image().(*image.RGBA)
	if !ok {
		return nil, fmt.Errorf("kernelext: rendering PNG: unexpected image type %T", c.Image())
	}
	b, err := compactPNG(img)
	if err != nil {
		return nil, fmt.Errorf("kernelext: rendering PNG: %w", err)
	}
	return b, nil
}

// RenderSVG draws p into an SVG document of size w×h (as ShowPlot).
func RenderSVG(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	return figure{w: w, h: h, draw: plots.Single(p, w, h).Draw}.svg()
}

// RenderPNG draws p into a PNG image of size w×h at dpi dots per inch
// (zero means DefaultDPI), compact: paletted when the plot's colours allow
// it, at the best compression.
func RenderPNG(p *plot.Plot, w, h vg.Length, dpi int) ([]byte, error) {
	return figure{w: w, h: h, draw: plots.Single(p, w, h).Draw}.png(dpi)
}

// RenderFigurePNG draws f into a PNG image of its size at dpi dots per
// inch (zero means DefaultDPI), as Figure shows it.
func RenderFigurePNG(f *plots.Figure, dpi int) ([]byte, error) {
	if err := f.Check(); err != nil {
		return nil, fmt.Errorf("kernelext: %w", err)
	}
	w, h := f.Size()
	return figure{w: w, h: h, draw: f.Draw}.png(dpi)
}

// cssPixels is a length in CSS pixels (96 per inch), rounded.
func cssPixels(l vg.Length) int {
	return int(math.Round(float64(l / vg.Inch * 96)))
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
