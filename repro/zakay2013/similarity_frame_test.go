package zakay2013

import (
	"math"
	"testing"
)

// TestTableFrameDecimals: in the frames of Tables II–IV ours reads to the
// decimals the paper prints in each column (three, four for "equal"), so
// 1/133 users reads 0.0075 beside the paper's 0.0075, not 0.007519; a log
// we do not have stays missing. The values are KTH-SP2's Table III cell in
// notebook 01 (1 of 133 users equal; 118 shorter).
func TestTableFrameDecimals(t *testing.T) {
	t.Parallel()
	cells := []tableCell{
		{log: "KTH-SP2", users: 133, paper: SimilarityRow{0.895, 0.0075, 0.098, 0.789, 0.015, 0.195},
			ours: SimilarityRow{118.0 / 133, 1.0 / 133, 14.0 / 133, 102.0 / 133, 1.0 / 133, 30.0 / 133}},
		{log: "ANL-Intrepid", missing: true, paper: SimilarityRow{0.834, 0.0777, 0.088, 0.715, 0.0777, 0.207}},
	}
	df := tableFrame(cells, func(c tableCell) SimilarityRow { return c.ours })
	if df.Err != nil {
		t.Fatal(df.Err)
	}
	// 118/133 = 0.88722 → 0.887; 1/133 = 0.0075188 → 0.0075;
	// 14/133 = 0.10526 → 0.105; 102/133 = 0.76692 → 0.767;
	// 30/133 = 0.22556 → 0.226.
	want := []float64{0.887, 0.0075, 0.105, 0.767, 0.0075, 0.226}
	for k, name := range SimilarityColumns {
		got := df.Col(name).Float()
		if math.Abs(got[0]-want[k]) > 1e-12 {
			t.Errorf("%s: got %v, want %v", name, got[0], want[k])
		}
		if !math.IsNaN(got[1]) {
			t.Errorf("%s: a log we do not have reads %v, want NaN", name, got[1])
		}
		if p := df.Col("paper_" + name).Float()[0]; p != cells[0].paper[k] {
			t.Errorf("paper_%s: got %v, want the paper's %v unchanged", name, p, cells[0].paper[k])
		}
	}
}
