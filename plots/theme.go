package plots

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	stdfont "golang.org/x/image/font"
)

// Role says what a series is in a figure, and so how it is drawn: the
// same role looks the same in every figure of the project (DESIGN.md,
// "Figure style").
type Role int

const (
	// Compared is one of a few series compared on equal terms (logs,
	// models, parameter values): a colour of the palette each, then
	// dashes once the palette is used up.
	Compared Role = iota
	// Original is the original log, or the paper's value: one bold dark
	// line, drawn on top of everything else.
	Original
	// Variant is one of many variants or replicates of the original
	// (resampled logs, seeds): thin light lines, or a band with their
	// median (LinesOptions.Band), under one legend entry for all.
	Variant
	// Guide is a reference drawn for orientation, not data: a slope, an
	// edge zone, a threshold. Thin grey, each guide of a plot with its
	// own dashes.
	Guide
)

// Palette is the colour-blind-safe palette of Okabe and Ito (2008,
// "Color universal design"), without its black, which is the Original's,
// and without its yellow, too light on white; then, so that a panel of up
// to eight series needs no colour twice, the wine and olive of Paul Tol's
// colour-blind-safe "muted" scheme (2021, "Colour schemes", SRON/EPS/TN/
// 09-002), darker than any Okabe–Ito colour they could be taken for.
var Palette = []color.Color{
	color.NRGBA{R: 0x00, G: 0x72, B: 0xB2, A: 0xFF}, // blue
	color.NRGBA{R: 0xD5, G: 0x5E, B: 0x00, A: 0xFF}, // vermillion
	color.NRGBA{R: 0x00, G: 0x9E, B: 0x73, A: 0xFF}, // bluish green
	color.NRGBA{R: 0xCC, G: 0x79, B: 0xA7, A: 0xFF}, // reddish purple
	color.NRGBA{R: 0xE6, G: 0x9F, B: 0x00, A: 0xFF}, // orange
	color.NRGBA{R: 0x56, G: 0xB4, B: 0xE9, A: 0xFF}, // sky blue
	color.NRGBA{R: 0x88, G: 0x22, B: 0x55, A: 0xFF}, // wine (Tol)
	color.NRGBA{R: 0x99, G: 0x99, B: 0x33, A: 0xFF}, // olive (Tol)
}

// MaxKeyEntries is the most entries a figure's key may have (DESIGN.md,
// "Figure style"): more series become a band, facets or direct labels.
const MaxKeyEntries = 6

// The colours of the roles other than Compared.
var (
	// OriginalColor is the Original's colour: black.
	OriginalColor color.Color = color.Black
	// VariantColor is the colour of variants drawn as lines, and of a
	// band's median.
	VariantColor color.Color = color.NRGBA{R: 0x6F, G: 0x8F, B: 0xB5, A: 0xFF}
	// BandColor fills a band of variants (min–max or 5–95%).
	BandColor color.Color = color.NRGBA{R: 0xC9, G: 0xD7, B: 0xE8, A: 0xFF}
	// GuideColor is the colour of guides.
	GuideColor color.Color = color.Gray{Y: 0x70}
	// gridColor is the colour of the background grid.
	gridColor color.Color = color.Gray{Y: 0xE6}
)

// Dashes are the dash patterns of the series of a plot, in order: solid,
// dashed, dotted, dash-dotted.
var Dashes = [][]vg.Length{
	nil,
	{vg.Points(6), vg.Points(3)},
	{vg.Points(1.5), vg.Points(2)},
	{vg.Points(6), vg.Points(2), vg.Points(1.5), vg.Points(2)},
}

// Line widths of the roles.
var (
	OriginalWidth = vg.Points(2.4)
	ComparedWidth = vg.Points(1.5)
	VariantWidth  = vg.Points(0.8)
	GuideWidth    = vg.Points(1)
)

// SeriesStyle returns the line style of the i-th Compared series of a
// figure: the i-th colour of the Palette, solid for the first
// len(Palette) series, then dashed, and so on; no two i share colour and
// dashes while i < len(Palette)·len(Dashes).
func SeriesStyle(i int) draw.LineStyle {
	n := len(Palette)
	return draw.LineStyle{Color: Palette[i%n], Width: ComparedWidth, Dashes: Dashes[(i/n)%len(Dashes)]}
}

// DashedStyle returns the i-th Compared series' style, dashed: for a
// series the paper draws dashed (a model beside the data, say).
func DashedStyle(i int) draw.LineStyle {
	ls := SeriesStyle(i)
	ls.Dashes = Dashes[1]
	return ls
}

// shapes are the glyph shapes of the series, in order.
var shapes = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{},
	draw.RingGlyph{}, draw.PlusGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{},
}

// SeriesGlyph returns the marker of the i-th Compared series: its colour,
// and a shape of its own.
func SeriesGlyph(i int) draw.GlyphStyle {
	return draw.GlyphStyle{Color: Palette[i%len(Palette)], Radius: vg.Points(2.2), Shape: shapes[i%len(shapes)]}
}

// DashedShape is the marker shape of the i-th Compared series drawn
// dashed where there are no lines (Scatter): the shape four places on
// from its own, so that a series and its dashed counterpart in one colour
// stay apart (filled circle and ring, square and plus).
func DashedShape(i int) draw.GlyphDrawer { return shapes[(i+4)%len(shapes)] }

// filledShapes and hollowShapes are the first three series' shapes filled
// and hollow: circle and ring, box and square, pyramid and triangle.
var (
	filledShapes = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}}
	hollowShapes = []draw.GlyphDrawer{draw.RingGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}}
)

// PairedShapes are the marker shapes of the i-th Compared series and of
// its dashed counterpart in one colour where there are no lines (Scatter),
// when both are drawn: the series' own shape filled and hollow, so that
// in every colour filled means solid and hollow dashed (2021 Fig. 12:
// each scheduler with feedback filled, open hollow). ok is false from
// the fourth shape on, which has no hollow form (DashedShape then).
func PairedShapes(i int) (solid, dashed draw.GlyphDrawer, ok bool) {
	k := i % len(shapes)
	if k >= len(filledShapes) {
		return nil, nil, false
	}
	return filledShapes[k], hollowShapes[k], true
}

// OriginalStyle is the Original's line: bold and black.
func OriginalStyle() draw.LineStyle {
	return draw.LineStyle{Color: OriginalColor, Width: OriginalWidth}
}

// OriginalGlyph is the Original's marker.
func OriginalGlyph() draw.GlyphStyle {
	return draw.GlyphStyle{Color: OriginalColor, Radius: vg.Points(2.8), Shape: draw.CircleGlyph{}}
}

// VariantStyle is the line of a variant: thin and light.
func VariantStyle() draw.LineStyle {
	return draw.LineStyle{Color: VariantColor, Width: VariantWidth}
}

// MedianStyle is the line of the median of a band of variants.
func MedianStyle() draw.LineStyle {
	return draw.LineStyle{Color: VariantColor, Width: vg.Points(1.2)}
}

// GuideStyle returns the line of the i-th guide of a plot: thin grey, its
// own dashes (dashed, dotted, dash-dotted, solid).
func GuideStyle(i int) draw.LineStyle {
	return draw.LineStyle{Color: GuideColor, Width: GuideWidth, Dashes: Dashes[(i+1)%len(Dashes)]}
}

// RoleStyle returns the line style of a series of role r; i numbers the
// Compared series (SeriesStyle) and the guides (GuideStyle) of the plot.
func RoleStyle(r Role, i int) draw.LineStyle {
	switch r {
	case Original:
		return OriginalStyle()
	case Variant:
		return VariantStyle()
	case Guide:
		return GuideStyle(i)
	}
	return SeriesStyle(i)
}

// The fonts of the theme: Liberation Sans (bundled with gonum/plot).
var (
	sans     = font.Font{Typeface: "Liberation", Variant: "Sans"}
	sansBold = font.Font{Typeface: "Liberation", Variant: "Sans", Weight: stdfont.WeightBold}
)

// Font sizes of the theme.
const (
	figureTitleSize = 13
	captionSize     = 10.5
	panelTitleSize  = 11
	axisLabelSize   = 10
	tickSize        = 9
	keySize         = 10
)

// Theme gives p the project's fonts, axis padding and background grid
// (colours of its series are set by the builders, by Role). New calls
// it; a Figure applies it to a copy of each panel when drawing, so that a
// plot made with plot.New elsewhere is drawn in the same type.
func Theme(p *plot.Plot) {
	p.Title.TextStyle.Font = fontOf(sansBold, panelTitleSize)
	p.Title.Padding = vg.Points(4)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = fontOf(sans, axisLabelSize)
		a.Tick.Label.Font = fontOf(sans, tickSize)
		a.Padding = vg.Points(3)
	}
	p.Legend.TextStyle.Font = fontOf(sans, keySize)
	p.Legend.ThumbnailWidth = vg.Points(22)
	p.Legend.Padding = vg.Points(2)
}

func fontOf(f font.Font, size float64) font.Font {
	f.Size = vg.Points(size)
	return f
}

// New returns an empty plot in the theme: titles and labels from a, the
// axes' scales and ticks (Ticks; LogTicks on a logarithmic axis;
// IntegerTicks for counts), and a light background grid. Every builder of
// tracelab starts from it.
func New(a Axes) *plot.Plot {
	p := plot.New()
	Theme(p)
	p.Title.Text = a.Title
	p.X.Label.Text = a.XLabel
	p.Y.Label.Text = a.YLabel
	p.X.Tick.Marker = tickerOf(a.LogX, a.IntegerX)
	p.Y.Tick.Marker = tickerOf(a.LogY, a.IntegerY)
	if a.LogX {
		p.X.Scale = plot.LogScale{}
	}
	if a.LogY {
		p.Y.Scale = plot.LogScale{}
	}
	g := plotter.NewGrid()
	g.Vertical.Color = gridColor
	g.Horizontal.Color = gridColor
	g.Vertical.Width = vg.Points(0.5)
	g.Horizontal.Width = vg.Points(0.5)
	p.Add(g)
	return p
}

func tickerOf(log, integer bool) plot.Ticker {
	switch {
	case log:
		return LogTicks{}
	case integer:
		return IntegerTicks{}
	}
	return Ticks{}
}

// LabelOptions controls AddLabels.
type LabelOptions struct {
	// Colors of the labels, one per label or none (black).
	Colors []color.Color
	// Align is the labels' horizontal alignment at their point
	// (draw.XLeft: the text starts there); Offset moves them.
	Align  text.XAlignment
	Offset vg.Point
	// Bold labels (a value written in place of a line, say).
	Bold bool
}

// AddLabels names points of p directly, in the theme's small type: the
// way to tell apart more series than a key may hold, or to name the few
// bars or points that matter.
func AddLabels(p *plot.Plot, at plotter.XYs, labels []string, o LabelOptions) error {
	lb, err := NewLabels(at, labels, o)
	if err != nil {
		return err
	}
	p.Add(lb)
	return nil
}

// NewLabels returns the labels AddLabels adds, for a plotter that draws
// them itself (placed once the axes are final, say).
func NewLabels(at plotter.XYs, labels []string, o LabelOptions) (*plotter.Labels, error) {
	lb, err := plotter.NewLabels(plotter.XYLabels{XYs: at, Labels: labels})
	if err != nil {
		return nil, err
	}
	for i := range lb.TextStyle {
		lb.TextStyle[i].Font = fontOf(sans, 8)
		if o.Bold {
			lb.TextStyle[i].Font = fontOf(sansBold, keySize)
		}
		lb.TextStyle[i].XAlign = o.Align
		if i < len(o.Colors) {
			lb.TextStyle[i].Color = o.Colors[i]
		}
	}
	lb.Offset = o.Offset
	return lb, nil
}

// TextStyle returns the theme's type at size points, bold or not, centred
// on its point: for text a builder draws itself (a diagram's labels).
func TextStyle(size float64, bold bool) text.Style {
	f := fontOf(sans, size)
	if bold {
		f = fontOf(sansBold, size)
	}
	return text.Style{Color: color.Black, Font: f, XAlign: draw.XCenter, YAlign: draw.YCenter, Handler: plot.DefaultTextHandler}
}
