package sessionplot_test

import (
	"fmt"
	"log"
	"math"
	"testing"

	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/session/sessionplot"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots/plottest"
)

// trace returns jobs (user, submit, runtime) that start on submission.
func trace(jobs ...[3]float64) *datasets.Trace {
	t := datasets.NewTrace("test", len(jobs))
	for i, j := range jobs {
		r := datasets.UnknownJob()
		r.JobID, r.User, r.Submit, r.Wait, r.Runtime, r.Procs = i+1, int(j[0]), j[1], 0, j[2], 1
		t.Append(r)
	}
	return t
}

func TestUser(t *testing.T) {
	t.Parallel()
	// User 1: a session of jobs at 0 (100 s), 50 and 200 s, and one at
	// 9000 s, more than the 1 h gap later; user 2 is not drawn.
	tr := trace([3]float64{1, 0, 100}, [3]float64{1, 50, 10}, [3]float64{1, 200, 10}, [3]float64{1, 9000, 10}, [3]float64{2, 0, 1})
	s, err := session.Analyze(tr, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := sessionplot.User(s, tr, 1, 0, 10000)
	if err != nil {
		t.Fatal(err)
	}
	h := func(sec float64) float64 { return sec / 3600 }
	want := []plotter.XYs{
		// one bar per job, arrival to end, one row per job
		{{X: 0, Y: 0}, {X: h(100), Y: 0}},
		{{X: h(50), Y: 1}, {X: h(60), Y: 1}},
		{{X: h(200), Y: 2}, {X: h(210), Y: 2}},
		{{X: h(9000), Y: 3}, {X: h(9010), Y: 3}},
		// a dotted line where each session begins, across the rows
		{{X: 0, Y: -0.5}, {X: 0, Y: 3.5}},
		{{X: h(9000), Y: -0.5}, {X: h(9000), Y: 3.5}},
	}
	lines := plottest.Lines(p)
	if edges := s.Summarize().DependencyEdges; len(lines) != len(want)+edges {
		t.Fatalf("%d lines, want %d bars and session starts and %d dependency edges", len(lines), len(want), edges)
	}
	for i, w := range want {
		if fmt.Sprint(lines[i]) != fmt.Sprint(w) {
			t.Errorf("line %d = %v, want %v", i, lines[i], w)
		}
	}
	// Every dependency edge goes from an end to a later arrival.
	for _, l := range lines[len(want):] {
		if len(l) != 2 || l[1].X < l[0].X {
			t.Errorf("dependency edge %v goes back in time", l)
		}
	}
	if r := plottest.YRange(p); r != (plottest.Range{Min: -1, Max: 4}) {
		t.Errorf("y range %v, want [-1, 4]", r)
	}
	// A window showing only the second session: one bar, one start.
	p2, err := sessionplot.User(s, tr, 1, 8000, 10000)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(plottest.Lines(p2)); got != fmt.Sprint([]plotter.XYs{
		{{X: h(1000), Y: 0}, {X: h(1010), Y: 0}}, {{X: h(1000), Y: -0.5}, {X: h(1000), Y: 0.5}}}) {
		t.Errorf("window [8000, 10000]: lines %s", got)
	}
	for _, c := range []struct {
		user     int
		from, to float64
	}{{1, 20000, 30000}, {5, 0, 10000}} {
		if _, err := sessionplot.User(s, tr, c.user, c.from, c.to); err == nil {
			t.Errorf("user %d in [%v, %v]: no error", c.user, c.from, c.to)
		}
	}
}

func TestContinuation(t *testing.T) {
	t.Parallel()
	inf := math.Inf(1)
	c := session.Continuation{Threshold: 1200,
		Response: []session.Bin{{Lo: 0, Hi: 10, Jobs: 2, Continued: 1, Probability: 0.5},
			{Lo: 10, Hi: 1000, Probability: math.NaN()}, {Lo: 1000, Hi: inf, Jobs: 1, Continued: 1, Probability: 1}},
		Slowdown: []session.Bin{{Lo: 1, Hi: 4, Jobs: 4, Continued: 1, Probability: 0.25}},
	}
	for _, tc := range []struct {
		bySlowdown bool
		xLabel     string
		want       plotter.XYs // bin centres: Hi/2 from 0, √(Lo·Hi), 2·Lo when open
	}{
		{false, "response time of previous job [s]", plotter.XYs{{X: 5, Y: 0.5}, {X: 2000, Y: 1}}},
		{true, "slowdown of previous job", plotter.XYs{{X: 2, Y: 0.25}}},
	} {
		p, err := sessionplot.Continuation(c, tc.bySlowdown, "log")
		if err != nil {
			t.Fatal(err)
		}
		lines, points := plottest.Lines(p), plottest.Scatters(p)
		if len(lines) != 1 || len(points) != 1 || fmt.Sprint(lines[0]) != fmt.Sprint(tc.want) || fmt.Sprint(points[0]) != fmt.Sprint(tc.want) {
			t.Errorf("bySlowdown %v: lines %v points %v, want %v (empty bin left out)", tc.bySlowdown, lines, points, tc.want)
		}
		if p.X.Label.Text != tc.xLabel || p.Y.Label.Text != "P(think time < 20 min)" || plottest.YRange(p) != (plottest.Range{Min: 0, Max: 1}) {
			t.Errorf("bySlowdown %v: axes %q %q y %v", tc.bySlowdown, p.X.Label.Text, p.Y.Label.Text, plottest.YRange(p))
		}
	}
	if _, err := sessionplot.Continuation(session.Continuation{Response: []session.Bin{{Lo: 0, Hi: 1, Probability: math.NaN()}}}, false, ""); err == nil {
		t.Error("no bin with jobs: no error")
	}
}

// Fig. 18 of Feitelson (2021) for the embedded sample log.
func ExampleContinuation() {
	c, err := session.ContinuationOf(datasets.Sample(), session.ContinuationOptions{})
	if err != nil {
		log.Fatal(err)
	}
	p, err := sessionplot.Continuation(c, false, "sample")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s against %s\n", p.Y.Label.Text, p.X.Label.Text)
	// Output: P(think time < 20 min) against response time of previous job [s]
}

// One user's first day of jobs in the embedded sample log, in the manner of
// Figs. 1, 2 and 4 of Zakay and Feitelson (2014).
func ExampleUser() {
	tr := datasets.Sample()
	s, err := session.Analyze(tr, session.Options{})
	if err != nil {
		log.Fatal(err)
	}
	user := tr.User[0]
	p, err := sessionplot.User(s, tr, user, tr.Submit[0], tr.Submit[0]+datasets.Day)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(p.Title.Text)
	// Output: user 66: sessions, batches and dependencies
}
