package feitelson2021

import (
	"fmt"
	"slices"
	"testing"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
)

// TestLabelLoads: Fig. 17 names each point of its top curve by its load's
// factor on the log's users, at the point (the axis counts users, the
// caption speaks of "3× the log's users"); a load the curve has no point
// for is not named.
func TestLabelLoads(t *testing.T) {
	t.Parallel()
	p := plots.New(plots.Axes{})
	m := newSweepMeans(3)
	copy(m.users, []float64{96, 190, 0})
	copy(m.throughput, []float64{320, 590, 0})
	if err := labelLoads(p, []float64{0.5, 1, 1.5}, m); err != nil {
		t.Fatal(err)
	}
	var words []string
	var at string
	for _, pl := range plottest.Plotters(p) {
		if lb, ok := pl.(*plotter.Labels); ok {
			words = append(words, lb.Labels...)
			at += fmt.Sprint(lb.XYs)
		}
	}
	if want := []string{"×0.5", "×1"}; !slices.Equal(words, want) {
		t.Errorf("labels %q, want %q", words, want)
	}
	if want := "[{96 320} {190 590}]"; at != want {
		t.Errorf("at %s, want %s", at, want)
	}
}

// TestLoadLabelsClearOfCurves: no load label of Fig. 17 stands on a curve.
// The points are the means of the full-mode recording at 0fc4618 (read off
// the stored figure; users, jobs ended per week): the open EASY curve the
// labels name and the open FCFS curve just under it at the small loads. A
// label centred over its point was crossed by the rising segment that
// leaves it ("×0.75").
func TestLoadLabelsClearOfCurves(t *testing.T) {
	t.Parallel()
	loads := []float64{0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3}
	easy := plotter.XYs{{X: 98.7, Y: 318}, {X: 148, Y: 443}, {X: 196, Y: 590}, {X: 245, Y: 757}, {X: 290, Y: 885},
		{X: 344, Y: 972}, {X: 388, Y: 1036}, {X: 479, Y: 1200}, {X: 574.3, Y: 1322}}
	fcfs := plotter.XYs{{X: 98.7, Y: 310}, {X: 148, Y: 438}, {X: 196, Y: 563}, {X: 245, Y: 660}, {X: 290, Y: 652},
		{X: 344, Y: 577}, {X: 388, Y: 580}, {X: 479, Y: 628}, {X: 574.3, Y: 619}}
	p := plots.New(plots.Axes{Title: "KTH-SP2 resampled", XLabel: "users", YLabel: "jobs ended per week"})
	for _, c := range []plotter.XYs{easy, fcfs} {
		l, err := plotter.NewLine(c)
		if err != nil {
			t.Fatal(err)
		}
		p.Add(l)
	}
	m := newSweepMeans(len(loads))
	for i, xy := range easy {
		m.users[i], m.throughput[i] = xy.X, xy.Y
	}
	if err := labelLoads(p, loads, m); err != nil {
		t.Fatal(err)
	}
	var lb *plotter.Labels
	for _, pl := range plottest.Plotters(p) {
		if l, ok := pl.(*plotter.Labels); ok {
			lb = l
		}
	}
	if lb == nil {
		t.Fatal("no labels")
	}
	// The panel's size in the notebook: 6 in × 9.652 cm.
	c := draw.New(vgimg.New(6*vg.Inch, 9.652*vg.Centimeter))
	dc := p.DataCanvas(c)
	trX, trY := p.Transforms(&dc)
	at := func(xy plotter.XY) vg.Point { return vg.Point{X: trX(xy.X), Y: trY(xy.Y)} }
	for i, word := range lb.Labels {
		r := lb.TextStyle[i].Rectangle(word).Add(lb.Offset).Add(at(lb.XYs[i]))
		if r.Min.X < dc.Min.X {
			t.Errorf("%s starts left of the data area (%.1f < %.1f pt)", word, r.Min.X, dc.Min.X)
		}
		for _, curve := range []plotter.XYs{easy, fcfs} {
			for k := 0; k+1 < len(curve); k++ {
				a, b := at(curve[k]), at(curve[k+1])
				for s := 0; s <= 200; s++ {
					f := vg.Length(s) / 200
					q := vg.Point{X: a.X + f*(b.X-a.X), Y: a.Y + f*(b.Y-a.Y)}
					if q.X > r.Min.X && q.X < r.Max.X && q.Y > r.Min.Y && q.Y < r.Max.Y {
						t.Errorf("%s is crossed by the segment %v–%v", word, curve[k], curve[k+1])
						s = 200
					}
				}
			}
		}
	}
}
