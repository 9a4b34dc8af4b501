package plots

import (
	"strings"
	"testing"

	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestYLabelsOneWidth: every panel of a figure wraps its y label to one
// width, the data areas being drawn of one size: two panels with the same
// label, one whose title wraps on three lines and one of one line, wrap it
// alike, for labels of 1 to 16 words (2013 Fig. 4's "average session length
// [h]" wrapped on the panels of some logs' figures only).
func TestYLabelsOneWidth(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 16; n++ {
		label := strings.TrimSpace(strings.Repeat("length ", n)) + " [h]"
		top, err := Lines([]XY{{Label: "a", X: []float64{0, 1}, Y: []float64{1, 1000}}},
			LinesOptions{Axes: Axes{Title: strings.Repeat("a title long enough to wrap ", 6), YLabel: label, LogY: true}})
		if err != nil {
			t.Fatal(err)
		}
		top.Y.Min, top.Y.Max = 1, 1000
		plain, err := Lines([]XY{{Label: "a", X: []float64{0, 1}, Y: []float64{1, 700}}},
			LinesOptions{Axes: Axes{Title: "below one", YLabel: label, LogY: true}})
		if err != nil {
			t.Fatal(err)
		}
		plain.Y.Min, plain.Y.Max = 1, 700
		f := NewFigure("labels", "", 2, top, plain)
		w, h := f.Size()
		l := f.Layout(draw.New(vgimg.New(w, h)))
		if l.YLabels[0] != l.YLabels[1] {
			t.Errorf("%d words: y labels wrapped %q and %q", n, l.YLabels[0], l.YLabels[1])
		}
	}
}
