package plots

import (
	"errors"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// PaperValue is a value a paper prints about one of its figures, at X on
// the figure's x axis: a single value (Lo == Hi) or a range [Lo, Hi].
// It is transcribed from the paper's text, never computed.
type PaperValue struct {
	X, Lo, Hi float64
}

// PaperValueGlyph is how AddPaperValues marks a single value: a black
// ring, wider than a series' marker, so that the points under it stay
// visible.
var PaperValueGlyph = draw.GlyphStyle{Color: OriginalColor, Radius: vg.Points(4.5), Shape: draw.RingGlyph{}}

// AddPaperValues draws on p the values a paper prints about the figure p
// reproduces, in the Original's colour (the paper's value is drawn as the
// original is, DESIGN.md "Figure style"): each single value a black ring
// (PaperValueGlyph), each range a black bar with caps. valueLabel and
// rangeLabel name them in p's legend (say, "the paper's value (§4)"); a
// label is added only if a value of its kind is drawn. Values with a
// non-finite field, or Lo > Hi, are an error.
func AddPaperValues(p *plot.Plot, values []PaperValue, valueLabel, rangeLabel string) error {
	var single plotter.XYs
	var ranges rangeBars
	for _, v := range values {
		if !finiteXY(v.X, v.Lo) || math.IsNaN(v.Hi) || math.IsInf(v.Hi, 0) || v.Lo > v.Hi {
			return errors.New("plots: paper value not finite or with Lo > Hi")
		}
		if v.Lo == v.Hi {
			single = append(single, plotter.XY{X: v.X, Y: v.Lo})
		} else {
			ranges = append(ranges, v)
		}
	}
	if len(single) > 0 {
		s, err := plotter.NewScatter(single)
		if err != nil {
			return err
		}
		s.GlyphStyle = PaperValueGlyph
		p.Add(s)
		p.Legend.Add(valueLabel, s)
	}
	if len(ranges) > 0 {
		bars, err := plotter.NewYErrorBars(ranges)
		if err != nil {
			return err
		}
		bars.LineStyle = draw.LineStyle{Color: OriginalColor, Width: ComparedWidth}
		bars.CapWidth = vg.Points(9)
		p.Add(bars)
		p.Legend.Add(rangeLabel, rangeThumb{bars.LineStyle})
	}
	return nil
}

// rangeBars are PaperValue ranges as plotter.YErrorBars' input: each at
// its midpoint, with its distances down to Lo and up to Hi.
type rangeBars []PaperValue

func (r rangeBars) Len() int { return len(r) }

func (r rangeBars) XY(i int) (float64, float64) { return r[i].X, (r[i].Lo + r[i].Hi) / 2 }

func (r rangeBars) YError(i int) (float64, float64) {
	mid := (r[i].Lo + r[i].Hi) / 2
	return mid - r[i].Lo, r[i].Hi - mid
}

// rangeThumb is the key's thumbnail of a paper's range: a vertical bar
// with a cap at each end, in the range's style.
type rangeThumb struct{ ls draw.LineStyle }

func (r rangeThumb) Thumbnail(c *draw.Canvas) {
	x, half := (c.Min.X+c.Max.X)/2, vg.Points(3)
	c.StrokeLine2(r.ls, x, c.Min.Y, x, c.Max.Y)
	c.StrokeLine2(r.ls, x-half, c.Min.Y, x+half, c.Min.Y)
	c.StrokeLine2(r.ls, x-half, c.Max.Y, x+half, c.Max.Y)
}
