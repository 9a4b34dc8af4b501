package usersplot_test

import (
	"fmt"
	"log"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/analytics/users/usersplot"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
)

// trace returns one-second jobs (user, submit).
func trace(jobs ...[2]float64) *datasets.Trace {
	t := datasets.NewTrace("toy", len(jobs))
	for i, j := range jobs {
		r := datasets.UnknownJob()
		r.JobID, r.User, r.Submit, r.Wait, r.Runtime, r.Procs = i+1, int(j[0]), j[1], 0, 1, 1
		t.Append(r)
	}
	return t
}

const week = datasets.Week

func TestActivity(t *testing.T) {
	t.Parallel()
	// A 20-week log: user 1 all along (long-term), user 2 from week 5 to 6
	// (temporary), user 3 for a day in week 10.
	tr := trace([2]float64{1, 0}, [2]float64{2, 5 * week}, [2]float64{2, 6 * week},
		[2]float64{3, 10 * week}, [2]float64{1, 20 * week})
	p, err := users.Classify(tr, users.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pl, err := usersplot.Activity(p, "toy")
	if err != nil {
		t.Fatal(err)
	}
	want := []plotter.XYs{
		{{X: 0, Y: 0}, {X: 20, Y: 0}}, // by first arrival, bottom first
		{{X: 5, Y: 1}, {X: 6, Y: 1}},
		{{X: 10, Y: 2}, {X: 10.05, Y: 2}}, // a one-day user stays visible
		{{X: 4, Y: 0}, {X: 4, Y: 3}},      // the edge zones of Options.Edge (4 weeks)
		{{X: 16, Y: 0}, {X: 16, Y: 3}},
	}
	if got := plottest.Lines(pl); fmt.Sprintf("%.6g", got) != fmt.Sprintf("%.6g", want) {
		t.Errorf("lines %.6g, want %.6g", got, want)
	}
	if pl.Title.Text != "toy" {
		t.Errorf("title %q", pl.Title.Text)
	}
	if _, err := usersplot.Activity(users.Population{}, ""); err == nil {
		t.Error("no users: no error")
	}
	// A log whose time 0 lies before its first job (SDSC-SP2 with
	// AtLogStart: 6.6 days) still has its axis begin at 0, the log's start.
	p.LogStart -= 2 * week
	if pl, err = usersplot.Activity(p, "late first job"); err != nil {
		t.Fatal(err)
	}
	if pl.X.Min != 0 {
		t.Errorf("time 0 two weeks before the first job: x from %g, want 0", pl.X.Min)
	}
}

func TestMarginalAndHourOfWeek(t *testing.T) {
	t.Parallel()
	// Submissions at hours 0, 0 and 25 of the week (the log's zone is UTC
	// and time 0 a Monday 00:00 by the header below).
	tr := trace([2]float64{1, 0}, [2]float64{1, 60}, [2]float64{2, 25 * 3600})
	tr.Header.UnixStartTime = 1704067200 // Monday 2024-01-01 00:00 UTC
	m, err := users.ComputeMarginals(tr, users.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m.Name = "toy"
	// Jobs per user, sorted: 1, 2 against rank, on a log axis.
	p, err := usersplot.Marginal(users.JobsPerUser, &m, nil, usersplot.MarginalOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, logY := p.Y.Scale.(plot.LogScale); !logY {
		t.Error("jobs per user: y axis not logarithmic")
	}
	if got := fmt.Sprint(plottest.Lines(p)); got != "[[{0 1} {1 2}]]" || p.Y.Label.Text != "jobs" {
		t.Errorf("jobs per user: lines %s, y label %q", got, p.Y.Label.Text)
	}
	// Times are drawn in weeks: the last departures 61 s and 25 h + 1 s.
	p, err = usersplot.Marginal(users.LastDeparture, &m, nil, usersplot.MarginalOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := plottest.Lines(p), (plotter.XYs{{X: 0, Y: 61 / week}, {X: 1, Y: (25*3600 + 1) / week}}); fmt.Sprint(got) != fmt.Sprint([]plotter.XYs{want}) {
		t.Errorf("last departure: lines %v, want %v", got, want)
	}
	if p.Y.Min != 0 {
		t.Errorf("last departure: y axis from %g weeks, want 0 (the log's start)", p.Y.Min)
	}
	p, err = usersplot.HourOfWeek(&m, nil, usersplot.MarginalOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lines := plottest.Lines(p)
	if len(lines) != 1 || len(lines[0]) != 168 || lines[0][0].Y != 2.0/3 || lines[0][25].Y != 1.0/3 || lines[0][1].Y != 0 || lines[0][167].X != 167 {
		t.Errorf("hour of week: %v", lines)
	}
	if _, ok := p.X.Tick.Marker.(plots.WeekTicks); !ok || p.X.Min != 0 || p.X.Max != 168 {
		t.Errorf("hour-of-week axis [%g, %g] marked by %T, want [0, 168] by plots.WeekTicks", p.X.Min, p.X.Max, p.X.Tick.Marker)
	}
}

// Fig. 3 of Zakay and Feitelson (2013) for the embedded sample log.
func ExampleActivity() {
	p, err := users.Classify(datasets.Sample(), users.Options{})
	if err != nil {
		log.Fatal(err)
	}
	pl, err := usersplot.Activity(p, "sample: users' activity")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(pl.X.Label.Text)
	// Output: weeks since the log's start
}

// A panel of Fig. 4 of Zakay and Feitelson (2013): jobs per user.
func ExampleMarginal() {
	m, err := users.ComputeMarginals(datasets.Sample(), users.Options{})
	if err != nil {
		log.Fatal(err)
	}
	p, err := usersplot.Marginal(users.JobsPerUser, &m, nil, usersplot.MarginalOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(p.Title.Text, "against", p.X.Label.Text)
	// Output: jobs per user against users (normalised rank)
}

// The last panel of Fig. 4 of Zakay and Feitelson (2013).
func ExampleHourOfWeek() {
	m, err := users.ComputeMarginals(datasets.Sample(), users.Options{})
	if err != nil {
		log.Fatal(err)
	}
	p, err := usersplot.HourOfWeek(&m, nil, usersplot.MarginalOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(p.Title.Text)
	// Output: jobs per hour of the week
}
