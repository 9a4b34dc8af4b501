package plots

import (
	"fmt"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestRowBreaks: panels grouped by quantity (2013 Fig. 8: the throughput
// of seven logs above their utilisation, four to a row) begin each group
// on a new row, so that a log's two panels lie in one column; without
// breaks the panels fill the rows in order.
func TestRowBreaks(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		panels   int
		cols     int
		breaks   []int
		want     string
		wantCols int
		wantRows int
	}{
		{"none", 7, 4, nil, "0,0 0,1 0,2 0,3 1,0 1,1 1,2", 4, 2},
		{"Fig. 8: 7 and 7", 14, 4, []int{7}, "0,0 0,1 0,2 0,3 1,0 1,1 1,2 2,0 2,1 2,2 2,3 3,0 3,1 3,2", 4, 4},
		{"break at a full row's end", 8, 4, []int{4}, "0,0 0,1 0,2 0,3 1,0 1,1 1,2 1,3", 4, 2},
		{"short rows", 4, 3, []int{2}, "0,0 0,1 1,0 1,1", 2, 2},
		{"break at 0", 2, 3, []int{0}, "0,0 0,1", 2, 1},
	} {
		f := Figure{Cols: tt.cols, RowBreaks: tt.breaks}
		for range tt.panels {
			p, err := Lines([]XY{{Label: "a", X: []float64{0, 1}, Y: []float64{0, 1}}}, LinesOptions{Axes: Axes{Title: "p", XLabel: "x", YLabel: "y"}})
			if err != nil {
				t.Fatal(err)
			}
			f.Panels = append(f.Panels, p)
		}
		at, _ := f.cells()
		got := ""
		for i, c := range at {
			if i > 0 {
				got += " "
			}
			got += fmt.Sprintf("%d,%d", c.row, c.col)
		}
		if got != tt.want {
			t.Errorf("%s: cells %s, want %s", tt.name, got, tt.want)
		}
		if cols, rows := f.Grid(); cols != tt.wantCols || rows != tt.wantRows {
			t.Errorf("%s: grid %d×%d, want %d×%d", tt.name, cols, rows, tt.wantCols, tt.wantRows)
		}
		// The drawn data areas: one left edge per column, one top per row.
		w, h := f.Size()
		l := f.Layout(draw.New(vgimg.New(w, h)))
		left, top := map[int]vg.Length{}, map[int]vg.Length{}
		for i, c := range at {
			d := l.Data[i]
			if x, ok := left[c.col]; ok && x != d.Min.X {
				t.Errorf("%s: panel %d in column %d starts at %v, the column at %v", tt.name, i, c.col, d.Min.X, x)
			}
			if y, ok := top[c.row]; ok && y != d.Max.Y {
				t.Errorf("%s: panel %d in row %d ends at %v, the row at %v", tt.name, i, c.row, d.Max.Y, y)
			}
			left[c.col], top[c.row] = d.Min.X, d.Max.Y
		}
		for r := 1; r < tt.wantRows; r++ {
			if top[r] >= top[r-1] {
				t.Errorf("%s: row %d (top %v) not below row %d (top %v)", tt.name, r, top[r], r-1, top[r-1])
			}
		}
	}
}

// TestRowBreaksShare: with shared axes a grid with row breaks keeps the x
// label on the lowest panel of each column and the y label on the first
// column, whatever the panel's index.
func TestRowBreaksShare(t *testing.T) {
	t.Parallel()
	f := Figure{Cols: 3, RowBreaks: []int{2}, ShareX: true, ShareY: true}
	for i := range 4 {
		p, err := Lines([]XY{{Label: "a", X: []float64{0, 1}, Y: []float64{0, 1}}}, LinesOptions{Axes: Axes{Title: "p", XLabel: fmt.Sprint("x", i), YLabel: fmt.Sprint("y", i)}})
		if err != nil {
			t.Fatal(err)
		}
		f.Panels = append(f.Panels, p)
	}
	// Cells: (0,0) (0,1) / (1,0) (1,1).
	_, xl, yl := f.prepared(2, 600, 400)
	if got, want := fmt.Sprintf("%q %q", xl, yl), `["" "" "x2" "x3"] ["y0" "" "y2" ""]`; got != want {
		t.Errorf("labels %s, want %s", got, want)
	}
}
