package feitelson2021

import (
	"image/color"
	"math"

	"github.com/tracelab/tracelab/plots"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A diagram is boxes, arrows and labels in data coordinates, drawn without
// axes: the queueing model of Fig. 10 with its measured flows.
type diagram struct {
	boxes  []box
	arrows []arrow
	labels []label
}

type box struct {
	x0, y0, x1, y1 float64
	fill           color.Color
	dashed         bool
}

// arrow is a polyline whose last segment ends in an arrowhead.
type arrow struct{ pts []plotter.XY }

type label struct {
	x, y float64
	text string
	size vg.Length
}

func (d *diagram) box(x0, y0, x1, y1 float64, fill color.Color, text string) {
	d.boxes = append(d.boxes, box{x0, y0, x1, y1, fill, false})
	if text != "" {
		d.label((x0+x1)/2, (y0+y1)/2, text)
	}
}

func (d *diagram) frame(x0, y0, x1, y1 float64) {
	d.boxes = append(d.boxes, box{x0, y0, x1, y1, nil, true})
}

func (d *diagram) arrow(pts ...float64) {
	a := arrow{}
	for i := 0; i+1 < len(pts); i += 2 {
		a.pts = append(a.pts, plotter.XY{X: pts[i], Y: pts[i+1]})
	}
	d.arrows = append(d.arrows, a)
}

func (d *diagram) label(x, y float64, text string) {
	d.labels = append(d.labels, label{x, y, text, vg.Points(9)})
}

// Plot draws the diagram (plot.Plotter).
func (d *diagram) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	pt := func(x, y float64) vg.Point { return vg.Point{X: tx(x), Y: ty(y)} }
	line := draw.LineStyle{Color: color.Black, Width: vg.Points(1)}
	for _, b := range d.boxes {
		poly := []vg.Point{pt(b.x0, b.y0), pt(b.x1, b.y0), pt(b.x1, b.y1), pt(b.x0, b.y1), pt(b.x0, b.y0)}
		if b.fill != nil {
			c.FillPolygon(b.fill, poly)
		}
		ls := line
		if b.dashed {
			ls.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		}
		c.StrokeLines(ls, poly)
	}
	for _, a := range d.arrows {
		ps := make([]vg.Point, len(a.pts))
		for i, q := range a.pts {
			ps[i] = pt(q.X, q.Y)
		}
		c.StrokeLines(line, ps)
		end, from := ps[len(ps)-1], ps[len(ps)-2]
		ang := math.Atan2(float64(end.Y-from.Y), float64(end.X-from.X))
		const head = 7.0
		l := vg.Point{X: end.X - vg.Length(head*math.Cos(ang-0.4)), Y: end.Y - vg.Length(head*math.Sin(ang-0.4))}
		r := vg.Point{X: end.X - vg.Length(head*math.Cos(ang+0.4)), Y: end.Y - vg.Length(head*math.Sin(ang+0.4))}
		c.FillPolygon(color.Black, []vg.Point{end, l, r})
	}
	for _, lb := range d.labels {
		c.FillText(plots.TextStyle(lb.size.Points(), false), pt(lb.x, lb.y), lb.text)
	}
}

// DataRange returns the extent of the boxes and arrows (plot.DataRanger).
func (d *diagram) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	grow := func(x, y float64) {
		xmin, xmax, ymin, ymax = math.Min(xmin, x), math.Max(xmax, x), math.Min(ymin, y), math.Max(ymax, y)
	}
	for _, b := range d.boxes {
		grow(b.x0, b.y0)
		grow(b.x1, b.y1)
	}
	for _, a := range d.arrows {
		for _, q := range a.pts {
			grow(q.X, q.Y)
		}
	}
	for _, lb := range d.labels {
		grow(lb.x, lb.y)
	}
	// A margin for the text around the outermost labels.
	return xmin - 0.8, xmax + 0.2, ymin - 0.2, ymax + 0.2
}

// plot returns the diagram as a plot without axes.
func (d *diagram) plot(title string) *plot.Plot {
	p := plot.New() // no grid: a drawing, not data
	plots.Theme(p)
	p.Title.Text = title
	p.Add(d)
	p.HideAxes()
	return p
}
