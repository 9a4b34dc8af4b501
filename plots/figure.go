package plots

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Figure is a figure as a reader sees it: a title saying which figure of
// which paper it is, one line saying what to see in it, and one or more
// panels in a grid whose data areas align, with one key (legend) for the
// whole figure beside the panels, never over their data.
//
// The key is Key, or else the legend of the first panel that has one;
// the panels' own legends are not drawn (figure lint, plottest.Lint,
// checks that each equals the key). Panels are drawn in the theme (Theme)
// on copies: a Figure never changes its panels.
type Figure struct {
	// Title names the figure, e.g. "Zakay & Feitelson 2013, Fig. 5: daily-bins locality".
	Title string
	// Caption is one line saying what to see, e.g. "the original (black)
	// lies inside its resampled versions' band".
	Caption string
	// Panels are drawn row by row, Cols to a row.
	Panels []*plot.Plot
	// Cols is the number of panels per row; zero means up to 3.
	Cols int
	// RowBreaks are the indices of panels that begin a new row although
	// the row before is not full: a grid grouped by quantity, each group
	// on rows of its own, e.g. 2013 Fig. 8's throughput rows above its
	// utilisation rows with seven logs on rows of four. The cells after
	// a short row's last panel stay empty.
	RowBreaks []int
	// PanelWidth and PanelHeight are the size of each panel's cell; zero
	// means a default by the number of columns (PanelSize).
	PanelWidth, PanelHeight vg.Length
	// Key replaces the first panel's legend as the figure's key.
	Key *plot.Legend
	// ShareX gives every panel the same x range, and the x label only to
	// the bottom panel of each column; ShareY the same y range, the y label
	// only to the first column.
	ShareX, ShareY bool
	// ShareColumnX gives the panels of each column the same x range, and
	// the x label only to the bottom panel of the column: for a grid whose
	// columns show different quantities (2021 Fig. 18: response time and
	// slowdown, a row per log). ShareX overrides it.
	ShareColumnX bool
}

// Margins and gaps of a figure.
const (
	figPad  = vg.Length(6)  // around the figure, points
	cellPad = vg.Length(8)  // between panels
	keyGap  = vg.Length(10) // between the panels and the key
)

// PanelSize returns the default size of a panel in a figure of cols
// columns: 6×3.8 inches alone, narrower and lower side by side (about a
// page's width in all), never lower than 2.3 inches.
func PanelSize(cols int) (w, h vg.Length) {
	switch {
	case cols <= 1:
		return 6 * vg.Inch, 3.8 * vg.Inch
	case cols == 2:
		return 4.3 * vg.Inch, 3.1 * vg.Inch
	case cols == 3:
		return 3.4 * vg.Inch, 2.6 * vg.Inch
	case cols == 4:
		return 2.75 * vg.Inch, 2.3 * vg.Inch
	}
	return 2.4 * vg.Inch, 2.3 * vg.Inch
}

// NewFigure returns a figure of the given panels, cols to a row (zero:
// up to 3).
func NewFigure(title, caption string, cols int, panels ...*plot.Plot) *Figure {
	return &Figure{Title: title, Caption: caption, Cols: cols, Panels: panels}
}

// PaperFigure returns a figure of a paper's item, titled "source, item:
// what" (e.g. "Zakay & Feitelson 2013, Fig. 5: daily-bins locality"), with
// see, what to see in it, as its caption; nil when there is no panel (the
// item's logs are not available).
func PaperFigure(source, item, what, see string, cols int, panels ...*plot.Plot) *Figure {
	if len(panels) == 0 {
		return nil
	}
	return NewFigure(source+", "+item+": "+what, see, cols, panels...)
}

// Check reports a figure that cannot be drawn: no panels, a nil panel, or
// a logarithmic axis that reaches a value ≤ 0 (see FixLogAxes).
func (f *Figure) Check() error {
	if f == nil || len(f.Panels) == 0 {
		return errors.New("plots: figure without panels")
	}
	for i, p := range f.Panels {
		if p == nil {
			return fmt.Errorf("plots: figure %q: panel %d is nil", f.Title, i)
		}
		q := *p
		if err := FixLogAxes(&q); err != nil {
			return fmt.Errorf("plots: figure %q: %w", f.Title, err)
		}
	}
	return nil
}

// Grid returns the number of columns and rows of the panels.
func (f *Figure) Grid() (cols, rows int) {
	cells, cols := f.cells()
	if len(cells) == 0 {
		return cols, 0
	}
	return cols, cells[len(cells)-1].row + 1
}

// cell is the row and column of a panel in the grid.
type cell struct{ row, col int }

// cells returns the cell of each panel, rows of cols filled in order with
// a new row at each of RowBreaks, and the number of columns: Cols (zero:
// 3), at most the longest row.
func (f *Figure) cells() ([]cell, int) {
	cols := f.Cols
	if cols <= 0 {
		cols = 3
	}
	cells := make([]cell, len(f.Panels))
	widest := 0
	for i := range cells {
		c := cell{}
		if i > 0 {
			c = cells[i-1]
			c.col++
			if c.col == cols || slices.Contains(f.RowBreaks, i) {
				c = cell{row: c.row + 1}
			}
		}
		cells[i], widest = c, max(widest, c.col+1)
	}
	return cells, max(1, widest)
}

// panelSize returns the size of each panel's cell.
func (f *Figure) panelSize() (vg.Length, vg.Length) {
	cols, _ := f.Grid()
	w, h := PanelSize(cols)
	if f.PanelWidth > 0 {
		w = f.PanelWidth
	}
	if f.PanelHeight > 0 {
		h = f.PanelHeight
	}
	return w, h
}

// KeyLegend returns the figure's key in the theme, or nil when it has
// none: Key, else the first panel's legend with entries.
func (f *Figure) KeyLegend() *plot.Legend {
	var k plot.Legend
	switch {
	case f.Key != nil:
		k = *f.Key
	default:
		found := false
		for _, p := range f.Panels {
			if p != nil && legendHeight(&p.Legend) > 0 {
				k, found = p.Legend, true
				break
			}
		}
		if !found {
			return nil
		}
	}
	if legendHeight(&k) == 0 {
		return nil
	}
	k.TextStyle.Font = fontOf(sans, keySize)
	k.ThumbnailWidth = vg.Points(22)
	k.Padding = vg.Points(3)
	k.Top, k.Left = true, true
	k.XOffs, k.YOffs = 0, 0
	return &k
}

// legendHeight is the height of l's entries: zero when it has none.
func legendHeight(l *plot.Legend) vg.Length {
	r := l.Rectangle(draw.Canvas{})
	return r.Max.Y - r.Min.Y
}

// keySize returns the size the key takes: its width plus the gap before
// it; zero when the figure has no key.
func (f *Figure) keySize() (w, h vg.Length) {
	k := f.KeyLegend()
	if k == nil {
		return 0, 0
	}
	r := k.Rectangle(draw.Canvas{})
	return r.Max.X - r.Min.X + keyGap, r.Max.Y - r.Min.Y
}

// HeaderStyles returns the text styles of a figure's title and caption.
func HeaderStyles() (title, caption text.Style) {
	title = text.Style{Color: color.Black, Font: fontOf(sansBold, figureTitleSize), Handler: plot.DefaultTextHandler}
	caption = text.Style{Color: color.Gray{Y: 0x40}, Font: fontOf(sans, captionSize), Handler: plot.DefaultTextHandler}
	return title, caption
}

// header returns the title and caption wrapped to width, and their height.
// Each is wrapped into lines of about equal width (WrapBalanced): as many
// lines as Wrap gives, but no last line of a word or two under a full one.
func (f *Figure) header(width vg.Length) (title, caption []string, h vg.Length) {
	ts, cs := HeaderStyles()
	title = WrapBalanced(ts, MinusSigns(f.Title), width)
	caption = WrapBalanced(cs, MinusSigns(f.Caption), width)
	for _, l := range title {
		h += ts.Height(l)
	}
	for _, l := range caption {
		h += cs.Height(l)
	}
	if h > 0 {
		h += vg.Points(6)
	}
	return title, caption, h
}

// Size returns the size of the figure: the panels' cells, the key beside
// them, and the title and caption above, wrapped to the width.
func (f *Figure) Size() (w, h vg.Length) {
	cols, rows := f.Grid()
	pw, ph := f.panelSize()
	kw, kh := f.keySize()
	w = vg.Length(cols)*pw + vg.Length(cols-1)*cellPad + kw + 2*figPad
	_, _, hh := f.header(w - 2*figPad)
	h = max(vg.Length(rows)*ph+vg.Length(rows-1)*cellPad, kh) + hh + 2*figPad
	return w, h
}

// Layout is where a figure draws its parts on a canvas (see
// Figure.Layout).
type Layout struct {
	// Title and Caption are the wrapped lines of the header.
	Title, Caption []string
	// Header is the area of the title and caption (empty without them).
	Header vg.Rectangle
	// Panels are the drawn panels: themed copies of Figure.Panels, with
	// shared ranges applied, without their legends and axis labels (the
	// figure draws those: XLabels, YLabels).
	Panels []*plot.Plot
	// XLabels and YLabels are the panels' axis labels, wrapped to their
	// axes.
	XLabels, YLabels []string
	// Cells are the canvases the panels are drawn in, and Data their data
	// areas, in the order of Panels.
	Cells []draw.Canvas
	Data  []vg.Rectangle
	// Key is the figure's key (nil when none) and KeyArea the rectangle it
	// takes.
	Key     *plot.Legend
	KeyArea vg.Rectangle
}

// Layout returns where the figure draws its parts on c. Draw draws
// exactly this layout; the figure lint checks it.
//
// The figure draws the panels' axis labels itself, centred on the data
// area, in a strip of the same width for every panel: gonum/plot centres
// the room it keeps for a label on the middle of the data values, which
// on a logarithmic axis lies near an end, and a long label then shrinks
// the panel's data area.
func (f *Figure) Layout(c draw.Canvas) Layout {
	cols, rows := f.Grid()
	var l Layout
	inner := draw.Crop(c, figPad, -figPad, figPad, -figPad)
	var hh vg.Length
	l.Title, l.Caption, hh = f.header(inner.Max.X - inner.Min.X)
	l.Header = vg.Rectangle{Min: vg.Point{X: inner.Min.X, Y: inner.Max.Y - hh}, Max: inner.Max}
	body := inner
	body.Max.Y -= hh
	l.Key = f.KeyLegend()
	kw, kh := f.keySize()
	grid := body
	grid.Max.X -= kw

	l.Panels, l.XLabels, l.YLabels = f.prepared(cols, grid.Max.X-grid.Min.X, grid.Max.Y-grid.Min.Y)
	at, _ := f.cells()
	l.Cells, l.Data = align(l.Panels, at, cols, rows, l.XLabels, l.YLabels, grid)
	if labelLogEnds(l.Panels, l.Data) {
		// A new y tick label may be wider than the others: the panels
		// are aligned again around it.
		l.Cells, l.Data = align(l.Panels, at, cols, rows, l.XLabels, l.YLabels, grid)
	}
	if l.Key != nil {
		top := grid.Max.Y
		if len(l.Data) > 0 {
			top = l.Data[0].Max.Y
		}
		l.KeyArea = vg.Rectangle{
			Min: vg.Point{X: grid.Max.X + keyGap, Y: top - kh},
			Max: vg.Point{X: body.Max.X, Y: top},
		}
	}
	return l
}

// labelStyle is the style of the figure's axis labels.
func labelStyle() text.Style {
	return text.Style{Color: color.Black, Font: fontOf(sans, axisLabelSize), Handler: plot.DefaultTextHandler,
		XAlign: draw.XCenter, YAlign: draw.YBottom}
}

// labelPad is the room between an axis label and its tick labels.
const labelPad = vg.Length(3)

// labelStrips returns the height of the strip of the x labels and the
// width of that of the y labels: the tallest label's, or zero without
// labels.
func labelStrips(xl, yl []string) (xs, ys vg.Length) {
	sty := labelStyle()
	for _, t := range xl {
		if t != "" {
			xs = max(xs, sty.Height(t)+sty.FontExtents().Descent+labelPad)
		}
	}
	for _, t := range yl {
		if t != "" {
			ys = max(ys, sty.Height(t)+sty.FontExtents().Descent+labelPad)
		}
	}
	return xs, ys
}

// gaps are the room a panel takes around its data area: axes, ticks,
// title, padding.
type gaps struct{ left, right, bottom, top vg.Length }

// gapsOf measures p's gaps on a probe canvas.
func gapsOf(p *plot.Plot) gaps {
	probe := draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: 10 * vg.Inch, Y: 10 * vg.Inch}}}
	d := p.DataCanvas(probe)
	return gaps{left: d.Min.X - probe.Min.X, right: probe.Max.X - d.Max.X, bottom: d.Min.Y - probe.Min.Y, top: probe.Max.Y - d.Max.Y}
}

// align lays the panels out in grid, each in its cell at (rows of cols), so that their data
// areas are all of one size and line up in rows and columns (as
// plot.Align), with room for the x and y labels drawn by the figure, and
// the titles of a row on one baseline (alignTitles). It returns the
// canvas of each panel (its cell: the room for its labels
// included) and its data area.
func align(ps []*plot.Plot, at []cell, cols, rows int, xl, yl []string, grid draw.Canvas) (cells []draw.Canvas, data []vg.Rectangle) {
	left, right := make([]vg.Length, cols), make([]vg.Length, cols)
	bottom, top := make([]vg.Length, rows), make([]vg.Length, rows)
	g := make([]gaps, len(ps))
	for i, p := range ps {
		g[i] = gapsOf(p)
	}
	alignTitles(ps, at, g)
	for i := range ps {
		r, k := at[i].row, at[i].col
		xs, ys := labelStrips(xl[i:i+1], yl[i:i+1])
		left[k], right[k] = max(left[k], g[i].left+ys), max(right[k], g[i].right)
		bottom[r], top[r] = max(bottom[r], g[i].bottom+xs), max(top[r], g[i].top)
	}
	sum := func(v []vg.Length) (s vg.Length) {
		for _, x := range v {
			s += x
		}
		return s
	}
	dw := (grid.Max.X - grid.Min.X - sum(left) - sum(right) - vg.Length(cols-1)*cellPad) / vg.Length(cols)
	dh := (grid.Max.Y - grid.Min.Y - sum(bottom) - sum(top) - vg.Length(rows-1)*cellPad) / vg.Length(rows)
	dw, dh = max(dw, vg.Inch/4), max(dh, vg.Inch/4)
	for i := range ps {
		r, k := at[i].row, at[i].col
		x0 := grid.Min.X
		for j := range k {
			x0 += left[j] + dw + right[j] + cellPad
		}
		y1 := grid.Max.Y
		for j := range r {
			y1 -= top[j] + dh + bottom[j] + cellPad
		}
		d := vg.Rectangle{Min: vg.Point{X: x0 + left[k], Y: y1 - top[r] - dh}, Max: vg.Point{X: x0 + left[k] + dw, Y: y1 - top[r]}}
		// The panel's own canvas puts its data area exactly at d; its
		// cell spans the column's and row's room.
		canvas := vg.Rectangle{Min: vg.Point{X: d.Min.X - g[i].left, Y: d.Min.Y - g[i].bottom}, Max: vg.Point{X: d.Max.X + g[i].right, Y: d.Max.Y + g[i].top}}
		cells = append(cells, draw.Canvas{Canvas: grid.Canvas, Rectangle: canvas})
		data = append(data, d)
	}
	return cells, data
}

// alignTitles puts the titles of each row of ps (in the cells at, with
// top gaps g) on one baseline: a top tick label reaching above the data
// area (1000 at the top of a log axis) pushes the title up by its
// overhang, so a panel without one gets the row's largest overhang added
// below its title (its title padding and g grow alike).
func alignTitles(ps []*plot.Plot, at []cell, g []gaps) {
	over := make([]vg.Length, len(ps)) // room between the title and the data area
	rowMax := map[int]vg.Length{}
	for i, p := range ps {
		if p.Title.Text == "" {
			continue
		}
		over[i] = g[i].top - p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y
		rowMax[at[i].row] = max(rowMax[at[i].row], over[i])
	}
	for i, p := range ps {
		if d := rowMax[at[i].row] - over[i]; p.Title.Text != "" && d > 0 {
			p.Title.Padding += d
			g[i].top += d
		}
	}
}

// prepared returns themed copies of the panels for a grid of the given
// size — titles wrapped to their cell, legends removed, ranges shared,
// axis labels taken out — and the labels, wrapped to about their axis.
func (f *Figure) prepared(cols int, width, height vg.Length) (ps []*plot.Plot, xl, yl []string) {
	_, rows := f.Grid()
	at, _ := f.cells()
	cellW := (width - vg.Length(cols-1)*cellPad) / vg.Length(cols)
	cellH := (height - vg.Length(rows-1)*cellPad) / vg.Length(rows)
	ps = make([]*plot.Plot, len(f.Panels))
	xl, yl = make([]string, len(f.Panels)), make([]string, len(f.Panels))
	sty := labelStyle()
	for i, p := range f.Panels {
		q := *p
		Theme(&q)
		q.Legend = plot.NewLegend()
		// The title spans the panel, its y label strip (about 24 points) aside.
		q.Title.Text = strings.Join(WrapBalanced(q.Title.TextStyle, MinusSigns(q.Title.Text), cellW-24), "\n")
		xl[i] = strings.Join(WrapBalanced(sty, q.X.Label.Text, cellW*0.8), "\n")
		yl[i] = q.Y.Label.Text // wrapped below, once the axes are final
		q.X.Label.Text, q.Y.Label.Text = "", ""
		ps[i] = &q
	}
	// share gives the panels i with in(i) one range of axis.
	share := func(axis func(*plot.Plot) *plot.Axis, in func(int) bool) {
		lo, hi := math.Inf(1), math.Inf(-1)
		for i, q := range ps {
			if in(i) {
				a := axis(q)
				lo, hi = math.Min(lo, a.Min), math.Max(hi, a.Max)
			}
		}
		for i, q := range ps {
			if in(i) {
				a := axis(q)
				a.Min, a.Max = lo, hi
			}
		}
	}
	all := func(int) bool { return true }
	if f.ShareX || f.ShareColumnX {
		if f.ShareX {
			share(func(q *plot.Plot) *plot.Axis { return &q.X }, all)
		} else {
			for c := range cols {
				share(func(q *plot.Plot) *plot.Axis { return &q.X }, func(i int) bool { return at[i].col == c })
			}
		}
		for i := range ps {
			// Only the lowest panel of each column keeps the label.
			if slices.ContainsFunc(at[i+1:], func(c cell) bool { return c.col == at[i].col }) {
				xl[i] = ""
			}
		}
	}
	if f.ShareY {
		share(func(q *plot.Plot) *plot.Axis { return &q.Y }, all)
		for i := range ps {
			if at[i].col != 0 {
				yl[i] = ""
			}
		}
	}
	for _, q := range ps {
		for _, a := range []*plot.Axis{&q.X, &q.Y} {
			SnapLogEnds(a)
		}
	}
	f.clearGlyphs(ps, at, cols, cellW, cellH, xl)
	// The y labels span about a data area's height: the cell less the
	// panels' gaps and the x label's line. One width for all, that of the
	// data areas as drawn (align gives them all the largest gaps above and
	// below): a label wrapped to its own panel's gaps wrapped there alone,
	// where no tick label at the axis' top took room (2013 Fig. 4's
	// "average session length [h]" wrapped on two logs' figures, not on
	// the third).
	var top, bottom vg.Length
	wrapped := make([]bool, len(ps))
	for i, q := range ps {
		if err := FixLogAxes(q); err != nil || yl[i] == "" {
			// Check reports the errors; such a figure is not drawn.
			yl[i] = strings.Join(Wrap(sty, yl[i], cellH*0.6), "\n")
			wrapped[i] = true
			continue
		}
		g := gapsOf(q)
		top, bottom = max(top, g.top), max(bottom, g.bottom)
	}
	dataH := cellH - top - bottom - sty.Height("x")
	for i := range ps {
		if !wrapped[i] {
			yl[i] = strings.Join(WrapBalanced(sty, yl[i], max(dataH, cellH*0.5)), "\n")
		}
	}
	return ps, xl, yl
}

// clearGlyphs widens each range the panels ps (at their cells at, in a
// grid of cols columns of cells cellW × cellH) share so that no glyph — a
// point's marker, a label — reaches past the data area of any of them.
// gonum pads a data area inside its axes by what its own glyphs need,
// which sets the axes of panels of one range apart by up to a marker's
// size (2021 Fig. 21: one panel's lowest point on the shared minimum put
// its x axis below its neighbours'); with the range widened no panel
// needs padding, and their axes line up. Nothing is done when a log axis
// cannot be drawn (Check reports it).
func (f *Figure) clearGlyphs(ps []*plot.Plot, at []cell, cols int, cellW, cellH vg.Length, xl []string) {
	for _, q := range ps {
		if FixLogAxes(q) != nil {
			return
		}
	}
	all := func(int) bool { return true }
	xs, ys := labelStrips(xl, nil)
	if f.ShareY {
		g := gapsOf(ps[0])
		widenForGlyphs(ps, all, true, cellH-g.top-g.bottom-xs)
	}
	g := gapsOf(ps[0])
	width := cellW - g.left - g.right - ys
	switch {
	case f.ShareX:
		widenForGlyphs(ps, all, false, width)
	case f.ShareColumnX:
		for c := range cols {
			widenForGlyphs(ps, func(i int) bool { return at[i].col == c }, false, width)
		}
	}
}

// widenForGlyphs widens the x (or, vertical, the y) range of the panels
// ps[i] with in(i), which share it, at an end some glyph reaches more than
// a point past (a marker; the end of a line reaches half its width past),
// until none reaches past it on a data area length long.
func widenForGlyphs(ps []*plot.Plot, in func(int) bool, vertical bool, length vg.Length) {
	axis := func(q *plot.Plot) *plot.Axis {
		if vertical {
			return &q.Y
		}
		return &q.X
	}
	var first *plot.Axis
	for i, q := range ps {
		if in(i) {
			first = axis(q)
			break
		}
	}
	if first == nil || length <= 0 {
		return
	}
	// Work in the axis' own scale: log10 on a log axis.
	_, logScale := first.Scale.(plot.LogScale)
	to, from := func(v float64) float64 { return v }, func(v float64) float64 { return v }
	if logScale {
		to, from = math.Log10, func(v float64) float64 { return math.Pow(10, v) }
	}
	a, b := to(first.Min), to(first.Max)
	if !(b > a) {
		return
	}
	// The glyphs, as a value on the axis (in its scale) and their extent
	// around it in points.
	type glyph struct {
		v      float64
		r0, r1 vg.Length
	}
	var gs []glyph
	for i, q := range ps {
		if !in(i) {
			continue
		}
		for _, g := range q.GlyphBoxes(q) {
			pos, r0, r1 := g.X, g.Min.X, g.Max.X
			if vertical {
				pos, r0, r1 = g.Y, g.Min.Y, g.Max.Y
			}
			if r1 > r0 {
				gs = append(gs, glyph{a + pos*(b-a), r0, r1})
			}
		}
	}
	// The most a glyph reaches past either end of the range lo … hi.
	past := func(lo, hi float64) (under, over vg.Length) {
		for _, g := range gs {
			at := vg.Length((g.v-lo)/(hi-lo)) * length
			under, over = max(under, -(at+g.r0)), max(over, at+g.r1-length)
		}
		return under, over
	}
	lo, hi := a, b
	// A line's end reaches past by half its width (under a point):
	// widening starts at a marker, and then clears every glyph.
	const starts, clear = vg.Length(1), vg.Length(0.05)
	under, over := past(lo, hi)
	widenLo, widenHi := under > starts, over > starts
	for range 8 { // widening moves the glyphs inward: a few rounds settle it
		span := hi - lo
		if widenLo && under > clear {
			lo -= float64(under/length) * span
		}
		if widenHi && over > clear {
			hi += float64(over/length) * span
		}
		if under, over = past(lo, hi); (!widenLo || under <= clear) && (!widenHi || over <= clear) {
			break
		}
	}
	if lo == a && hi == b {
		return
	}
	for i, q := range ps {
		if in(i) {
			ax := axis(q)
			ax.Min, ax.Max = from(lo), from(hi)
		}
	}
}

// Draw draws the figure on c (of the size Size returns, or any other).
func (f *Figure) Draw(c draw.Canvas) {
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
	l := f.Layout(c)
	ts, cs := HeaderStyles()
	y := l.Header.Max.Y
	for _, line := range l.Title {
		y -= ts.Height(line)
		c.FillText(ts, vg.Point{X: l.Header.Min.X, Y: y + ts.FontExtents().Descent}, line)
	}
	for _, line := range l.Caption {
		y -= cs.Height(line)
		c.FillText(cs, vg.Point{X: l.Header.Min.X, Y: y + cs.FontExtents().Descent}, line)
	}
	sty := labelStyle()
	for i, p := range l.Panels {
		p.Draw(l.Cells[i])
		d, cell := l.Data[i], l.Cells[i].Rectangle
		if t := l.XLabels[i]; t != "" {
			c.FillText(sty, vg.Point{X: (d.Min.X + d.Max.X) / 2, Y: cell.Min.Y - labelPad - sty.Height(t) + sty.FontExtents().Descent}, t)
		}
		if t := l.YLabels[i]; t != "" {
			ry := sty
			ry.Rotation = math.Pi / 2
			ry.YAlign = draw.YBottom
			x := cell.Min.X - labelPad
			c.FillText(ry, vg.Point{X: x, Y: (d.Min.Y + d.Max.Y) / 2}, t)
		}
	}
	if l.Key != nil {
		l.Key.Draw(draw.Canvas{Canvas: c.Canvas, Rectangle: l.KeyArea})
	}
}

// WritePNG writes the figure as a PNG image at dpi dots per inch (zero:
// 96), at its Size.
func (f *Figure) WritePNG(w io.Writer, dpi int) error {
	if err := f.Check(); err != nil {
		return err
	}
	if dpi <= 0 {
		dpi = 96
	}
	fw, fh := f.Size()
	c := vgimg.NewWith(vgimg.UseWH(fw, fh), vgimg.UseDPI(dpi))
	f.Draw(draw.New(c))
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(w); err != nil {
		return fmt.Errorf("plots: writing PNG: %w", err)
	}
	return nil
}

// WriteSVG writes the figure as an SVG document, at its Size.
func (f *Figure) WriteSVG(w io.Writer) error {
	if err := f.Check(); err != nil {
		return err
	}
	fw, fh := f.Size()
	c := vgsvg.New(fw, fh)
	f.Draw(draw.New(c))
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("plots: writing SVG: %w", err)
	}
	return nil
}

// Save saves the figure as a PNG (.png, 96 dpi) or SVG (.svg) file.
func (f *Figure) Save(path string) error {
	switch strings.ToLower(pathExt(path)) {
	case ".png":
		return save(path, ".png", func(w io.Writer) error { return f.WritePNG(w, 0) })
	case ".svg":
		return save(path, ".svg", f.WriteSVG)
	}
	return fmt.Errorf("plots: %s: extension must be .png or .svg", path)
}

func pathExt(path string) string {
	i := strings.LastIndexByte(path, '.')
	if i < 0 || strings.ContainsRune(path[i:], '/') {
		return ""
	}
	return path[i:]
}

// Single returns a figure of one plot p of total size w×h (zero: the
// default panel size), without title and caption: how a lone plot is
// drawn, its legend beside it.
func Single(p *plot.Plot, w, h vg.Length) *Figure {
	f := &Figure{Panels: []*plot.Plot{p}, Cols: 1}
	dw, dh := PanelSize(1)
	if w <= 0 {
		w = dw
	}
	if h <= 0 {
		h = dh
	}
	kw, _ := f.keySize()
	f.PanelWidth = max(w-kw-2*figPad, w/3)
	f.PanelHeight = max(h-2*figPad, h/3)
	return f
}

// Wrap splits s into lines no wider than width in style sty, at spaces
// (a word longer than width gets a line of its own); existing line
// breaks are kept.
func Wrap(sty text.Style, s string, width vg.Length) []string {
	if s == "" {
		return nil
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		out = append(out, wrapWords(sty, strings.Fields(para), width)...)
	}
	return slices.Clip(out)
}

// wrapWords fills lines no wider than width with the words, in order,
// one space between them; a line holds at least one word.
func wrapWords(sty text.Style, words []string, width vg.Length) []string {
	var out []string
	line := ""
	for _, w := range words {
		next := w
		if line != "" {
			next = line + " " + w
		}
		if line != "" && sty.Width(next) > width {
			out = append(out, line)
			line = w
			continue
		}
		line = next
	}
	return append(out, line)
}

// WrapBalanced splits s into as few lines as Wrap does at width, but of
// about equal widths (an axis label wrapped as "fraction of arrivals / per
// half hour", not "fraction of arrivals per half / hour"), and keeps a
// unit in brackets on the line of the word before it ("time [s]"). A
// string with line breaks of its own is wrapped as Wrap does.
func WrapBalanced(sty text.Style, s string, width vg.Length) []string {
	if s == "" || strings.Contains(s, "\n") {
		return Wrap(sty, s, width)
	}
	words := unbreakable(s)
	lines := wrapWords(sty, words, width)
	if len(lines) <= 1 {
		return lines
	}
	// The narrowest width that needs no more lines, by bisection between
	// the widest word and width.
	lo := vg.Length(0)
	for _, w := range words {
		lo = max(lo, sty.Width(w))
	}
	hi := max(width, lo)
	for range 24 {
		mid := (lo + hi) / 2
		if len(wrapWords(sty, words, mid)) <= len(lines) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return wrapWords(sty, words, hi)
}

// unbreakable splits s at spaces into the pieces WrapBalanced keeps on one
// line: a unit in brackets with the word before it ("time [s]"); a number
// with the word after it ("221 temporary", "1000 resampled"), or, when it
// ends a phrase (",", ":", ";", ")") or the text, comes before a
// bracket, or follows what it numbers (isRef), with the word before it
// ("M′_med 0.288,", "Fig. 4:", "slope −2.5 (the paper's)", "Fig. 10").
func unbreakable(s string) []string {
	fields := strings.Fields(s)
	var out []string
	glue := false // the next field joins the last piece
	for i, w := range fields {
		n := len(out)
		switch {
		case glue:
			out[n-1] += " " + w
			glue = false
		case n > 0 && strings.HasPrefix(w, "["):
			out[n-1] += " " + w
		case n > 0 && isNumber(w) && (i == len(fields)-1 || strings.ContainsAny(w[len(w)-1:], ",:;)") || isRef(fields[i-1]) ||
			strings.HasPrefix(fields[i+1], "(")):
			out[n-1] += " " + w
		default:
			out = append(out, w)
			glue = isNumber(w) && i < len(fields)-1 && !strings.ContainsAny(w[len(w)-1:], ",:;)")
		}
	}
	return out
}

// minusSign matches a hyphen used as a minus sign: at the start or after a
// space, bracket, "=", "/" or ":", before a digit or a decimal point and a
// digit.
var minusSign = regexp.MustCompile(`(^|[\s(\[=/:])-(\d|\.\d)`)

// MinusSigns writes the minus signs of s as "−" (U+2212), as TickLabel
// writes them, not as hyphens: "ρ = −0.20", "median −1.5%", while
// "1-day", "log-log" and "5-15" keep theirs. A Figure draws its title,
// caption and panel titles through it.
func MinusSigns(s string) string {
	return minusSign.ReplaceAllString(s, "${1}−${2}")
}

// isRef reports whether w names what a number after it refers to ("Fig.",
// "Figs", "Table", "§"): the number stays with it.
func isRef(w string) bool {
	switch w {
	case "Fig.", "Figs", "Figs.", "Table", "Tables", "§", "p.":
		return true
	}
	return false
}

// isNumber reports whether w starts as a number does: a digit, or a sign
// or a point and a digit ("0.288,", "−2.5", "1/8").
func isNumber(w string) bool {
	w = strings.TrimLeft(w, "-−+.(")
	return w != "" && w[0] >= '0' && w[0] <= '9'
}

// KeyEntry is one entry of a key made by hand (Key): a line, a marker or
// a fill, or several of them drawn over one another.
type KeyEntry struct {
	Label string
	// Line is drawn when its Width is not zero, Glyph when it has a
	// Shape, Fill when not nil.
	Line  draw.LineStyle
	Glyph draw.GlyphStyle
	Fill  color.Color
}

// Key returns a legend of the entries, for Figure.Key: the key of a
// figure whose panels' legends differ (the figure lint checks that every
// panel's entry is in it and looks the same).
func Key(entries ...KeyEntry) (*plot.Legend, error) {
	k := plot.NewLegend()
	for _, e := range entries {
		var thumbs []plot.Thumbnailer
		if e.Fill != nil {
			p, err := plotter.NewPolygon(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}})
			if err != nil {
				return nil, err
			}
			p.Color, p.LineStyle.Width = e.Fill, 0
			thumbs = append(thumbs, p)
		}
		if e.Line.Width > 0 {
			l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 0}})
			if err != nil {
				return nil, err
			}
			l.LineStyle = e.Line
			thumbs = append(thumbs, l)
		}
		if e.Glyph.Shape != nil {
			s, err := plotter.NewScatter(plotter.XYs{{X: 0, Y: 0}})
			if err != nil {
				return nil, err
			}
			s.GlyphStyle = e.Glyph
			thumbs = append(thumbs, s)
		}
		k.Add(e.Label, thumbs...)
	}
	return &k, nil
}
