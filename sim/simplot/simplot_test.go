package simplot

import (
	"bytes"
	"image/color"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/estimates"
)

func render(t *testing.T, p *plot.Plot, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := plots.WriteSVG(&b, p, 0, 0); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte("<svg")) {
		t.Fatal("no SVG written")
	}
}

func fig1(t *testing.T, s sim.Scheduler) *sim.Result {
	t.Helper()
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Procs: 2, Runtime: 4, Estimate: 4},
		{ID: 2, Submit: 1, Procs: 4, Runtime: 2, Estimate: 2},
		{ID: 3, Submit: 2, Procs: 2, Runtime: 2, Estimate: 2},
		{ID: 4, Submit: 3, Procs: 1, Runtime: 5, Estimate: 5},
	}
	r, err := sim.Run(jobs, 4, s, sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestGantt(t *testing.T) {
	t.Parallel()
	r := fig1(t, &sim.EASY{})
	p, err := Gantt(r, GanttOptions{Title: "EASY", Until: 8})
	render(t, p, err)
	if p.X.Max != 8 || p.Y.Max != 4 {
		t.Errorf("axes x ≤ %v, y ≤ %v; want 8, 4", p.X.Max, p.Y.Max)
	}
	p, err = Gantt(fig1(t, &sim.FCFS{}), GanttOptions{})
	render(t, p, err)
	if p.X.Max != 11 {
		t.Errorf("x ≤ %v, want the last end 11", p.X.Max)
	}
	// A result that claims more processors than the machine has.
	bad := *r
	bad.Procs = 3
	if _, err := Gantt(&bad, GanttOptions{}); err == nil {
		t.Error("over-allocated schedule drawn")
	}
	if _, err := Gantt(&sim.Result{}, GanttOptions{}); err == nil {
		t.Error("empty schedule drawn")
	}
}

func TestEstimatePlots(t *testing.T) {
	t.Parallel()
	tr := datasets.Sample()
	a := estimates.AccuracyOf(tr)
	p, err := Accuracy([]string{"sample", "again"}, []estimates.Accuracy{a, a}, 20, "Fig. 2")
	render(t, p, err)
	if _, err := Accuracy([]string{"x"}, nil, 20, ""); err == nil {
		t.Error("names without accuracies accepted")
	}
	est, run := estimates.Pairs(tr)
	p, err = EstimateCDF("sample", est, run)
	render(t, p, err)
}

func TestWeekly(t *testing.T) {
	t.Parallel()
	tr := datasets.Sample()
	var rs []*sim.Result
	for _, s := range []sim.Scheduler{&sim.FCFS{}, &sim.EASY{}} {
		r, err := sim.Replay(tr, s, sim.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	p, err := Weekly([]string{"fcfs", "easy"}, rs, true, "outstanding")
	render(t, p, err)
	p, err = Weekly([]string{"fcfs", "easy"}, rs, false, "queue")
	render(t, p, err)
	if _, err := Weekly([]string{"fcfs"}, rs, true, ""); err == nil {
		t.Error("one name for two results accepted")
	}
}

// A window of a day of the sample log under EASY, coloured by wait and by
// user, in lanes; and the utilisation and queue by day, the log's own
// beside the simulation.
func TestScheduleFigures(t *testing.T) {
	t.Parallel()
	tr := datasets.Sample()
	r, err := sim.Replay(tr, &sim.EASY{}, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	clock := datasets.NewClock(tr)
	from := 40 * datasets.Day
	for _, c := range []Coloring{ByJob, ByUser, ByWait} {
		p, err := Gantt(r, GanttOptions{From: from, Until: from + datasets.Day, Clock: &clock, Lanes: 32, Color: c})
		if err != nil {
			t.Fatal(err)
		}
		if x := plottest.XRange(p); x != (plottest.Range{Max: 24}) {
			t.Errorf("coloring %d: x range %v, want [0, 24] hours", c, x)
		}
		colors := map[color.Color]int{}
		for _, pl := range plottest.Plotters(p)[2:] { // after the grid and the idle area
			if poly, ok := pl.(*plotter.Polygon); ok {
				colors[poly.Color]++
			}
		}
		if want := map[Coloring]int{ByUser: 5, ByWait: 4}[c]; want > 0 && len(colors) > want || len(colors) < 2 {
			t.Errorf("coloring %d: %d colours", c, len(colors))
		}
		if err := plots.SavePNG(p, 0, 0, filepath.Join(t.TempDir(), "g.png")); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Gantt(r, GanttOptions{From: 1e12, Until: 2e12}); err == nil {
		t.Error("a window without jobs: no error")
	}
	lg, _ := sim.Logged(tr)
	var bs []sim.Bins
	for _, x := range []*sim.Result{lg, r} {
		b, err := x.Binned(sim.BinOptions{Width: datasets.Day})
		if err != nil {
			t.Fatal(err)
		}
		bs = append(bs, b)
	}
	for _, m := range []Measure{Utilization, QueueLength} {
		if _, err := OverTime([]string{"log", "EASY"}, bs[:1], m, ""); err == nil {
			t.Error("one name short: no error")
		}
		p, err := OverTime([]string{"log", "EASY"}, bs, m, "sample")
		if err != nil {
			t.Fatal(err)
		}
		if err := plots.SavePNG(p, 0, 0, filepath.Join(t.TempDir(), "u.png")); err != nil {
			t.Fatal(err)
		}
	}
}
