// Package findingsplot draws the matrix of package findings as a heat map:
// one row per finding (grouped by paper), one column per log (grouped by
// era and kind of machine), each cell coloured by its verdict and labelled
// with its statistic.
package findingsplot

import (
	"errors"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/findings"
)

// Colours of the verdicts, from the project's colour-blind-safe palette
// (plots.Palette, Okabe and Ito): holds sky blue, fails orange, error
// reddish purple; not applicable light grey, the colour of no data.
var Colours = map[findings.Verdict]color.Color{
	findings.Holds:         plots.Palette[5],
	findings.Fails:         plots.Palette[4],
	findings.NotApplicable: color.NRGBA{R: 0xE5, G: 0xE5, B: 0xE5, A: 0xFF},
	findings.Error:         plots.Palette[3],
}

// ErrEmpty is returned for a matrix without findings or logs.
var ErrEmpty = errors.New("findingsplot: empty matrix")

// Sizes of the figure: a cell, and the rows and columns (in cells) left
// for the logs' names below, the groups' names above, and the papers'
// names and the legend at the right.
const (
	cellWidth   = 0.62 * vg.Inch
	cellHeight  = 0.26 * vg.Inch
	bottomRows  = 4.2
	topRows     = 2.6
	rightCols   = 4.2
	leftMargin  = 3.3 * vg.Inch
	otherMargin = 0.7 * vg.Inch
)

// Caption is the line Matrix writes under its title, above the groups'
// names: what a cell shows, so the figure reads without the notebook's text.
const Caption = "Each cell: the finding's statistic measured on that log (the findings table's \"statistic\"), coloured by its verdict (the table's \"rule\": when it holds); n/a: the log lacks what the finding needs."

// Size returns the width and height at which Matrix's figure has cells of
// 0.62 × 0.26 inches, room for every label.
func Size(m findings.Matrix) (vg.Length, vg.Length) {
	return leftMargin + (vg.Length(len(m.Logs))+rightCols)*cellWidth, otherMargin + (vg.Length(len(m.Findings))+topRows+bottomRows)*cellHeight
}

// Matrix returns the heat map of m: rows are the findings from the top
// (in the matrix's order, a line between papers, the paper named at the
// right), columns the logs (named below; a line between eras and kinds of
// machine, named above), each cell filled with its verdict's colour and
// labelled with its statistic ("n/a" where the finding does not apply),
// Caption written above the cells. Draw it at Size(m).
func Matrix(m findings.Matrix, title string) (*plot.Plot, error) {
	if len(m.Findings) == 0 || len(m.Logs) == 0 {
		return nil, ErrEmpty
	}
	p := plot.New()
	plots.Theme(p)
	p.Title.Text = title
	nf, nl := len(m.Findings), len(m.Logs)
	p.X.Min, p.X.Max = 0, float64(nl)+rightCols
	p.Y.Min, p.Y.Max = -bottomRows, float64(nf)+topRows
	var yt []plot.Tick
	for i, f := range m.Findings {
		yt = append(yt, plot.Tick{Value: float64(nf-i) - 0.5, Label: f.Title})
	}
	p.X.Tick.Marker = plot.ConstantTicks(nil)
	p.Y.Tick.Marker = plot.ConstantTicks(yt)
	p.X.Tick.Length, p.Y.Tick.Length = 0, 0
	p.X.Padding, p.Y.Padding = 0, 0
	p.X.LineStyle.Width, p.Y.LineStyle.Width = 0, 0
	p.Add(&cells{m: m})
	return p, nil
}

// paperNames are the papers' names in words, by their keys (repro.Keys).
var paperNames = map[string]string{
	"zakay2013":     "Zakay & Feitelson 2013",
	"zakay2014":     "Zakay & Feitelson 2014",
	"lublin2003":    "Lublin & Feitelson 2003",
	"feitelson2021": "Feitelson 2021",
	"feitelson2007": "Feitelson 2007",
}

// paperName returns the name in words of the paper of key, or the key.
func paperName(key string) string {
	if n, ok := paperNames[key]; ok {
		return n
	}
	return key
}

// cells draws the cells, the group lines and the groups' names.
type cells struct{ m findings.Matrix }

// Plot implements plot.Plotter.
func (c *cells) Plot(dc draw.Canvas, plt *plot.Plot) {
	m := c.m
	tx, ty := plt.Transforms(&dc)
	nf, nl := len(m.Findings), len(m.Logs)
	sty := plots.TextStyle(7, false)
	for i, f := range m.Findings {
		y0, y1 := ty(float64(nf-i-1)), ty(float64(nf-i))
		for k, l := range m.Logs {
			x0, x1 := tx(float64(k)), tx(float64(k+1))
			r, ok := m.Result(f.ID, l.Name)
			fill, label := color.Color(color.White), ""
			if ok {
				fill, label = Colours[r.Verdict], plots.MinusSigns(findings.ValueText(r))
			}
			rect := []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
			dc.FillPolygon(fill, rect)
			dc.StrokeLines(draw.LineStyle{Color: color.White, Width: vg.Points(1)}, append(rect, rect[0]))
			dc.FillText(sty, vg.Point{X: (x0 + x1) / 2, Y: (y0 + y1) / 2}, label)
		}
	}
	heavy := draw.LineStyle{Color: color.Gray{Y: 60}, Width: vg.Points(1.2)}
	group := plots.TextStyle(8, false)
	// Papers: a line between them, the name at the right.
	start := 0
	for i := 1; i <= nf; i++ {
		if i < nf && m.Findings[i].Paper == m.Findings[start].Paper {
			continue
		}
		if i < nf {
			y := ty(float64(nf - i))
			dc.StrokeLine2(heavy, tx(0), y, tx(float64(nl)), y)
		}
		g := group
		g.XAlign = draw.XLeft
		dc.FillText(g, vg.Point{X: tx(float64(nl)) + vg.Points(4), Y: (ty(float64(nf-start)) + ty(float64(nf-i))) / 2}, paperName(m.Findings[start].Paper))
		start = i
	}
	// Eras and kinds: a line between groups, the group's name above it.
	start = 0
	for k := 1; k <= nl; k++ {
		same := k < nl && m.Logs[k].Era == m.Logs[start].Era && m.Logs[k].Kind == m.Logs[start].Kind
		if same {
			continue
		}
		if k < nl {
			x := tx(float64(k))
			dc.StrokeLine2(heavy, x, ty(0), x, ty(float64(nf)))
		}
		g := group
		g.YAlign = draw.YBottom
		mid := (tx(float64(start)) + tx(float64(k))) / 2
		kind, era := m.Logs[start].Kind, m.Logs[start].Era
		if kind == "unknown" {
			kind = "kind unknown"
		}
		if era == "unknown" {
			era = "era unknown"
		}
		dc.FillText(g, vg.Point{X: mid, Y: ty(float64(nf) + 0.75)}, kind)
		dc.FillText(g, vg.Point{X: mid, Y: ty(float64(nf) + 0.15)}, era)
		start = k
	}
	// The caption, above the groups' names, wrapped to the cells' width.
	capt := plots.TextStyle(7.5, false)
	capt.XAlign, capt.YAlign = draw.XLeft, draw.YTop
	for i, line := range plots.Wrap(capt, Caption, tx(float64(nl))-tx(0)) {
		dc.FillText(capt, vg.Point{X: tx(0), Y: ty(float64(nf)+topRows) - vg.Length(i)*capt.Height(line)}, line)
	}
	// The logs' names, vertical, below their columns.
	name := group
	name.Rotation, name.XAlign, name.YAlign = math.Pi/2, draw.XRight, draw.YCenter
	for k, l := range m.Logs {
		dc.FillText(name, vg.Point{X: (tx(float64(k)) + tx(float64(k+1))) / 2, Y: ty(0) - vg.Points(4)}, l.Name)
	}
	// The legend: the colours of the verdicts some cell has, at the top
	// right (a key entry no cell uses, such as "error" in a clean run,
	// would send the reader looking for it).
	entry := group
	entry.XAlign = draw.XLeft
	x0 := tx(float64(nl)+2.2) + vg.Points(4)
	for i, v := range usedVerdicts(m) {
		y := ty(float64(nf) + topRows - 0.6 - 0.7*float64(i))
		sq := cellHeight * 0.45
		dc.FillPolygon(Colours[v], []vg.Point{{X: x0, Y: y - sq}, {X: x0 + 2*sq, Y: y - sq}, {X: x0 + 2*sq, Y: y + sq}, {X: x0, Y: y + sq}})
		dc.FillText(entry, vg.Point{X: x0 + 2*sq + vg.Points(4), Y: y}, v.String())
	}
}

// usedVerdicts are the verdicts of m's cells, in the order of
// findings.Verdicts.
func usedVerdicts(m findings.Matrix) []findings.Verdict {
	used := map[findings.Verdict]bool{}
	for _, f := range m.Findings {
		for _, l := range m.Logs {
			if r, ok := m.Result(f.ID, l.Name); ok {
				used[r.Verdict] = true
			}
		}
	}
	var out []findings.Verdict
	for _, v := range findings.Verdicts {
		if used[v] {
			out = append(out, v)
		}
	}
	return out
}
