package plots

import (
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestTitlesOneBaseline: in a row of panels, one whose top y tick label
// (1000, at the top of a log axis) reaches above its data area and one
// without such a label, the titles end at the same height (2013 Fig. 4's
// "sessions per user" sat higher than its neighbours).
func TestTitlesOneBaseline(t *testing.T) {
	t.Parallel()
	top, err := Lines([]XY{{Label: "a", X: []float64{0, 1}, Y: []float64{1, 1000}}},
		LinesOptions{Axes: Axes{Title: "to a power of ten", LogY: true}})
	if err != nil {
		t.Fatal(err)
	}
	top.Y.Min, top.Y.Max = 1, 1000
	plain, err := Lines([]XY{{Label: "a", X: []float64{0, 1}, Y: []float64{1, 700}}},
		LinesOptions{Axes: Axes{Title: "below one", LogY: true}})
	if err != nil {
		t.Fatal(err)
	}
	plain.Y.Min, plain.Y.Max = 1, 700
	f := NewFigure("titles", "", 2, top, plain)
	w, h := f.Size()
	l := f.Layout(draw.New(vgimg.New(w, h)))
	var bottoms []vg.Length
	for i, p := range l.Panels {
		bottoms = append(bottoms, l.Cells[i].Max.Y-p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y)
	}
	if d := bottoms[0] - bottoms[1]; d > 0.01 || d < -0.01 {
		t.Errorf("title bottoms %v and %v differ", bottoms[0], bottoms[1])
	}
	// The data areas still line up.
	if l.Data[0].Max.Y != l.Data[1].Max.Y {
		t.Errorf("data tops %v and %v differ", l.Data[0].Max.Y, l.Data[1].Max.Y)
	}
}
