package feedbackplot

import (
	"io"
	"math"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"gonum.org/v1/plot"
)

func render(t *testing.T, name string, p *plot.Plot, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := plots.WriteSVG(io.Discard, p, 0, 0); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func TestBuilders(t *testing.T) {
	w, err := feedback.NewWorkload(datasets.Sample(), feedback.WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := feedback.Compare(w, feedback.ComparisonOptions{Timeline: true, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	p, err := HourOfWeek(c.HourOfWeekFrame(), "fluid")
	render(t, "HourOfWeek", p, err)
	p, err = Activity(c.ActivityFrame())
	render(t, "Activity", p, err)
	p, err = QueueCDF(feedback.QueueFrame(c))
	render(t, "QueueCDF", p, err)
	p, err = Lines(c.SummaryFrame(), "avg_activity_days", "avg_wait", []string{"simulation"}, LinesOptions{LinesOptions: plots.LinesOptions{Points: true}})
	render(t, "Lines", p, err)
	p, err = Validation([]float64{1, 2, 2, 3, 5}, 2.5, "5 resampled logs", "validation")
	render(t, "Validation", p, err)
	// A schedule: a small log under FCFS with feedback.
	toy, err := feedback.NewWorkload(smallLog(), feedback.WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := feedback.Simulate(toy, &sim.FCFS{}, feedback.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err = Gantt(r.Sim.JobsFrame(), 4, "FCFS with feedback")
	render(t, "Gantt", p, err)
	// The time axis runs GanttRoom of its span past the last end.
	last := 0.0
	for j := range r.Sim.Len() {
		last = max(last, r.Sim.End[j])
	}
	if want := last + GanttRoom*(last-p.X.Min); math.Abs(p.X.Max-want) > 1e-9 {
		t.Errorf("Gantt: time axis ends at %v, want %v (last end %v)", p.X.Max, want, last)
	}
	if _, err := Gantt(r.Sim.JobsFrame(), 3, "too small"); err == nil {
		t.Error("Gantt on a machine too small: no error")
	}
	if _, err := HourOfWeek(dataframe.New(series.New([]string{}, series.String, "x"))); err == nil {
		t.Error("frame without columns: no error")
	}
}

// TestLinesMeans: Lines averages y over rows sharing a line and an x.
func TestLinesMeans(t *testing.T) {
	df := dataframe.New(
		series.New([]float64{1, 1, 2, 1}, series.Float, "x"),
		series.New([]float64{2, 4, 5, math.NaN()}, series.Float, "y"),
		series.New([]string{"a", "a", "a", "b"}, series.String, "g"),
	)
	p, err := Lines(df, "x", "y", []string{"g"}, LinesOptions{})
	render(t, "Lines", p, err)
	// Line a: (1, 3), (2, 5); line b has no drawable point. The y axis
	// ends plots.Headroom of the range above 5.
	if p.X.Min != 1 || p.X.Max != 2 || p.Y.Min != 3 || p.Y.Max != 5+plots.Headroom*2 {
		t.Errorf("axes x %v–%v y %v–%v", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
}

// smallLog is a log of four jobs on 4 processors: a 2-processor job, a
// 4-processor job that waits for it, and a user's two short jobs.
func smallLog() *datasets.Trace {
	t := datasets.NewTrace("small", 4)
	t.Header.MaxProcs = 4
	for i, j := range []struct {
		user                  int
		submit, wait, runtime float64
		procs                 int
	}{{1, 0, 0, 60, 2}, {2, 10, 50, 40, 4}, {3, 15, 0, 10, 1}, {3, 30, 0, 10, 1}} {
		job := datasets.UnknownJob()
		job.JobID, job.User, job.Submit, job.Wait, job.Runtime = i+1, j.user, j.submit, j.wait, j.runtime
		job.Procs, job.ReqProcs, job.ReqTime, job.Status = j.procs, j.procs, j.runtime, datasets.StatusCompleted
		t.Append(job)
	}
	return t
}

// TestLinesZeroTail: a tail where every line is 0 over more than ZeroTail
// of the x range is cut ZeroTailPad after the last non-zero point (2021
// Fig. 8's drained queues); a shorter one is kept.
func TestLinesZeroTail(t *testing.T) {
	for _, c := range []struct {
		name  string
		x, y  []float64
		g     []string
		wantX float64
	}{
		// Non-zero up to x = 10 of 0–40: cut at 10 + 0.06·10.
		{"cut", []float64{0, 10, 20, 30, 40, 0, 10, 20, 30, 40}, []float64{1, 2, 0, 0, 0, 0, 0, 0, 0, 0},
			[]string{"a", "a", "a", "a", "a", "b", "b", "b", "b", "b"}, 10.6},
		// One line non-zero at 35 of 0–40: the zero tail is 1/8 of the range.
		{"kept", []float64{0, 10, 20, 30, 40, 0, 10, 20, 35, 40}, []float64{1, 2, 0, 0, 0, 0, 0, 0, 3, 0},
			[]string{"a", "a", "a", "a", "a", "b", "b", "b", "b", "b"}, 40},
	} {
		df := dataframe.New(series.New(c.x, series.Float, "x"), series.New(c.y, series.Float, "y"),
			series.New(c.g, series.String, "g"))
		p, err := Lines(df, "x", "y", []string{"g"}, LinesOptions{})
		render(t, c.name, p, err)
		if math.Abs(p.X.Max-c.wantX) > 1e-9 {
			t.Errorf("%s: x axis ends at %v, want %v", c.name, p.X.Max, c.wantX)
		}
	}
}
