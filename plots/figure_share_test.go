package plots

import (
	"fmt"
	"math"
	"testing"
)

// TestShareColumnX: in a 2×2 grid whose columns show different quantities
// (2021 Fig. 18: response time, slowdown; a row per log), each column
// takes one x range, the union of its panels', and only its bottom panel
// keeps the x label; ShareX still gives all panels one range.
func TestShareColumnX(t *testing.T) {
	t.Parallel()
	mk := func(lo, hi float64) XY { return XY{Label: "a", X: []float64{lo, hi}, Y: []float64{0, 1}} }
	ranges := [][2]float64{{5, 1e5}, {1, 2000}, {5, 2e5}, {1.5, 1500}} // row by row
	labels := []string{"response time [s]", "slowdown", "response time [s]", "slowdown"}
	for _, tt := range []struct {
		name        string
		column, all bool
		want        string
		wantLabels  string
	}{
		{"by column", true, false, "[5 200000] [1 2000] [5 200000] [1 2000]", `["" "" "response time [s]" "slowdown"]`},
		{"all", false, true, "[1 200000] [1 200000] [1 200000] [1 200000]", `["" "" "response time [s]" "slowdown"]`},
		{"none", false, false, "[5 100000] [1 2000] [5 200000] [1.5 1500]", `["response time [s]" "slowdown" "response time [s]" "slowdown"]`},
	} {
		var f Figure
		for i, r := range ranges {
			p, err := Lines([]XY{mk(r[0], r[1])}, LinesOptions{Axes: Axes{Title: "p", XLabel: labels[i], YLabel: "y"}})
			if err != nil {
				t.Fatal(err)
			}
			p.X.Min, p.X.Max = r[0], r[1]
			f.Panels = append(f.Panels, p)
		}
		f.Cols, f.ShareColumnX, f.ShareX = 2, tt.column, tt.all
		ps, xl, _ := f.prepared(2, 600, 400)
		got := ""
		for i, q := range ps {
			if i > 0 {
				got += " "
			}
			got += fmt.Sprintf("[%g %g]", q.X.Min, q.X.Max)
		}
		if got != tt.want {
			t.Errorf("%s: x ranges %s, want %s", tt.name, got, tt.want)
		}
		if l := fmt.Sprintf("%q", xl); l != tt.wantLabels {
			t.Errorf("%s: x labels %s, want %s", tt.name, l, tt.wantLabels)
		}
		for i, p := range f.Panels {
			if p.X.Min != ranges[i][0] || p.X.Max != ranges[i][1] {
				t.Errorf("%s: panel %d changed: [%g %g]", tt.name, i, p.X.Min, p.X.Max)
			}
		}
	}
}

// TestSharedAxesLineUp: panels sharing a y range put their x axes at one
// height although only one has a marker on the shared minimum (2021
// Fig. 21: gonum pads a data area inside its axes by what its own markers
// need, which set that panel's x axis a marker's size below the others');
// ShareX likewise for the y axes of a column. The gaps around the data
// areas come out equal, and the panels given to the figure keep their
// ranges.
func TestSharedAxesLineUp(t *testing.T) {
	t.Parallel()
	ys := [][]float64{{1, 4, 5}, {3, 4, 5}} // the first panel's lowest point on the shared minimum
	xs := [][]float64{{0, 1, 2}, {0.5, 1, 2}}
	var f Figure
	for i := range ys {
		p, err := Lines([]XY{{Label: "a", X: xs[i], Y: ys[i]}}, LinesOptions{Points: true, Axes: Axes{Title: "p", XLabel: "x", YLabel: "y"}})
		if err != nil {
			t.Fatal(err)
		}
		f.Panels = append(f.Panels, p)
	}
	f.Cols, f.ShareX, f.ShareY = 2, true, true
	ps, _, _ := f.prepared(2, 600, 300)
	g0, g1 := gapsOf(ps[0]), gapsOf(ps[1])
	if math.Abs(float64(g0.bottom-g1.bottom)) > 0.1 || math.Abs(float64(g0.left-g1.left)) > 0.1 {
		t.Errorf("gaps below the data areas %v and %v, left of them %v and %v: want them equal", g0.bottom, g1.bottom, g0.left, g1.left)
	}
	if !(ps[0].Y.Min < 1) || ps[0].Y.Min != ps[1].Y.Min || !(ps[0].X.Min < 0) {
		t.Errorf("shared ranges y from %v and %v, x from %v: want one y range widened below 1, x below 0", ps[0].Y.Min, ps[1].Y.Min, ps[0].X.Min)
	}
	if f.Panels[0].Y.Min != 1 || f.Panels[1].Y.Min != 3 {
		t.Errorf("the figure changed its panels' ranges: y from %v and %v", f.Panels[0].Y.Min, f.Panels[1].Y.Min)
	}
}
