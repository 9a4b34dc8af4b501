package usersplot_test

import (
	"fmt"
	"testing"

	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/analytics/users/usersplot"
	"github.com/tracelab/tracelab/plots/plottest"
)

// TestActivityDrawsTemporaryLast: with hundreds of users a line is
// thicker than a row, so a temporary user drawn before its long-term
// neighbour vanished under it (2013 Fig. 3). The long-term lines are
// drawn first, the temporary ones over them, whatever the rows.
func TestActivityDrawsTemporaryLast(t *testing.T) {
	t.Parallel()
	// A 20-week log: user 2 is temporary (weeks 5–6) and arrives first,
	// user 1 is long-term (weeks 5.5–20), user 3 long-term (0.5–20)
	// arrives before both.
	tr := trace([2]float64{3, 0.5 * week}, [2]float64{2, 5 * week}, [2]float64{1, 5.5 * week},
		[2]float64{2, 6 * week}, [2]float64{1, 20 * week}, [2]float64{3, 20 * week}, [2]float64{4, 0})
	p, err := users.Classify(tr, users.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pl, err := usersplot.Activity(p, "toy")
	if err != nil {
		t.Fatal(err)
	}
	// Rows by first arrival: user 4 (one job at 0, discarded at the
	// edge), user 3, user 2, user 1. Drawn: long-term (rows 1 and 3),
	// discarded (row 0), temporary (row 2), then the edge guides.
	want := []plotter.XYs{
		{{X: 0.5, Y: 1}, {X: 20, Y: 1}},
		{{X: 5.5, Y: 3}, {X: 20, Y: 3}},
		{{X: 0, Y: 0}, {X: 0.05, Y: 0}},
		{{X: 5, Y: 2}, {X: 6, Y: 2}},
		{{X: 4, Y: 0}, {X: 4, Y: 4}},
		{{X: 16, Y: 0}, {X: 16, Y: 4}},
	}
	if got := plottest.Lines(pl); fmt.Sprintf("%.6g", got) != fmt.Sprintf("%.6g", want) {
		t.Errorf("lines %.6g, want %.6g", got, want)
	}
}
