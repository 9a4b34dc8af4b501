package resampleplot

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
	"github.com/tracelab/tracelab/sim/resample"
)

func svg(t *testing.T, p *plot.Plot) string {
	t.Helper()
	var b bytes.Buffer
	if err := plots.WriteSVG(&b, p, 0, 0); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestHistogram(t *testing.T) {
	p, err := Histogram([]float64{1, 2, 2, 3, math.NaN(), 3, 3, 4}, 2.5, "variants", plots.HistOptions{Axes: plots.Axes{Title: "wait"}})
	if err != nil {
		t.Fatal(err)
	}
	if s := svg(t, p); !strings.Contains(s, "original") || !strings.Contains(s, "wait") {
		t.Error("histogram lacks the reference line's legend or its title")
	}
	if p.X.Min > 1 || p.X.Max < 4 {
		t.Errorf("x range %v–%v", p.X.Min, p.X.Max)
	}
	if _, err := Histogram([]float64{math.NaN()}, 1, "variants", plots.HistOptions{}); err == nil {
		t.Error("all-NaN histogram: no error")
	}
}

func TestStepHistograms(t *testing.T) {
	p, err := StepHistograms([]plots.Sample{{Label: "RB_NPW 0", Values: []float64{1, 2, 3}},
		{Label: "RB_NPW 1/4", Values: []float64{2, 3, 4, 5}}}, 4, plots.Axes{XLabel: "slowdown"})
	if err != nil {
		t.Fatal(err)
	}
	if s := svg(t, p); !strings.Contains(s, "RB_NPW 1/4") || !strings.Contains(s, "fraction of runs") {
		t.Error("step histograms lack a legend entry or the y label")
	}
	if _, err := StepHistograms([]plots.Sample{{Values: []float64{math.Inf(1)}}}, 3, plots.Axes{}); err == nil {
		t.Error("no finite value: no error")
	}
}

func TestLoadPlots(t *testing.T) {
	df := dataframe.New(
		series.New([]float64{0.8, 0.8, 1.2, 1.2}, series.Float, "load"),
		series.New([]float64{0.6, 0.62, 0.9, 0.95}, series.Float, "utilization"),
		series.New([]bool{false, false, false, true}, series.Bool, "saturated"),
		series.New([]float64{3, 4, 30, 300}, series.Float, "avg_slowdown"),
	)
	p, err := LoadScatter(df, "avg_slowdown", plots.Axes{LogY: true})
	if err != nil {
		t.Fatal(err)
	}
	if p.Y.Max >= 300 {
		t.Errorf("the saturated run (slowdown 300) was drawn: y max %v", p.Y.Max)
	}
	u, err := Unsaturated([]string{"DS"}, []dataframe.DataFrame{df}, plots.Axes{})
	if err != nil {
		t.Fatal(err)
	}
	if s := svg(t, u); !strings.Contains(s, "fraction not saturated") {
		t.Error("Unsaturated lacks its y label")
	}
	if _, err := LoadScatter(df, "nope", plots.Axes{}); err == nil {
		t.Error("missing column: no error")
	}
	// Factors 1.2 and 1.3 with medians 1% of the axes apart (2013 Fig. 12,
	// SDSC-DS): ×1.3 would be written over ×1.2 and is left out; ×2, far
	// off, keeps its label.
	near := dataframe.New(
		series.New([]float64{1, 1.2, 1.3, 2}, series.Float, "load"),
		series.New([]float64{0.1, 0.5, 0.51, 0.9}, series.Float, "utilization"),
		series.New([]bool{false, false, false, false}, series.Bool, "saturated"),
		series.New([]float64{10, 50, 51, 100}, series.Float, "wait"),
	)
	p, err = LoadScatter(near, "wait", plots.Axes{})
	if err != nil {
		t.Fatal(err)
	}
	s := svg(t, p)
	for label, want := range map[string]bool{"×1<": true, "×1.2<": true, "×1.3<": false, "×2<": true} {
		if strings.Contains(s, label) != want {
			t.Errorf("label %q drawn: %v, want %v", strings.TrimSuffix(label, "<"), !want, want)
		}
	}
}

func TestWeeklyJobs(t *testing.T) {
	p, err := WeeklyJobs(datasets.Sample(), 3, "sample")
	if err != nil {
		t.Fatal(err)
	}
	s := svg(t, p)
	if strings.Count(s, "user ") < 3 {
		t.Error("weekly jobs do not name the top users")
	}
	if !strings.Contains(s, OthersLabel) {
		t.Errorf("the grey of the other users is not named %q in the key", OthersLabel)
	}
	if _, err := WeeklyJobs(datasets.NewTrace("empty", 0), 3, ""); err == nil {
		t.Error("empty log: no error")
	}
}

// TestWeeklyJobsNames: two users busiest in the same week are named one
// above the other, a line of text apart (an offset in points, which a
// y range shared by a figure's panels does not shrink); a user busiest
// far away is named on the first line.
func TestWeeklyJobsNames(t *testing.T) {
	tr := datasets.NewTrace("names", 0)
	add := func(user, w, jobs int) {
		for range jobs {
			tr.Append(datasets.Job{JobID: tr.Len() + 1, Submit: float64(w)*week + 1, Runtime: 1, Procs: 1, User: user})
		}
	}
	add(1, 0, 10)
	add(2, 0, 8)
	add(3, 39, 6)
	p, err := WeeklyJobs(tr, 3, "")
	if err != nil {
		t.Fatal(err)
	}
	offsets := map[string]float64{}
	for _, lb := range nameLabels(p) {
		{
			for _, l := range lb.Labels {
				offsets[l] = float64(lb.Offset.Y)
			}
		}
	}
	if len(offsets) != 3 || offsets["user 2"]-offsets["user 1"] != float64(labelLine) || offsets["user 3"] != offsets["user 1"] {
		t.Errorf("name offsets %v: want user 2 one line (%v) above user 1, user 3 level with user 1", offsets, labelLine)
	}
}

// TestWeeklyJobsMarked: the marked jobs are one series in MarkedColor on
// top of the stack, named in the key; the top users are chosen among the
// unmarked jobs (user 9's marked burst is not a top user's), at most 5;
// the bars' heights per week count every job once.
func TestWeeklyJobsMarked(t *testing.T) {
	tr := datasets.NewTrace("marked", 0)
	var marked []bool
	add := func(user, w, jobs int, mark bool) {
		for range jobs {
			tr.Append(datasets.Job{JobID: tr.Len() + 1, Submit: float64(w)*week + 1, Runtime: 1, Procs: 1, User: user})
			marked = append(marked, mark)
		}
	}
	for u := 1; u <= 7; u++ {
		add(u, u%3, 10-u, false)
	}
	add(9, 2, 50, true)
	p, err := WeeklyJobsMarked(tr, marked, "rare-behaviour users", 7, "")
	if err != nil {
		t.Fatal(err)
	}
	var bars []*plotter.BarChart
	for _, pl := range plottest.Plotters(p) {
		if b, ok := pl.(*plotter.BarChart); ok {
			bars = append(bars, b)
		}
	}
	// 5 top users, the others, the marked jobs.
	if len(bars) != 7 {
		t.Fatalf("%d bar series, want 7 (5 top users, others, marked)", len(bars))
	}
	last := bars[len(bars)-1]
	if last.Color != MarkedColor || fmt.Sprint(last.Values) != "[0 0 50]" {
		t.Errorf("top series: colour %v, values %v; want MarkedColor, [0 0 50]", last.Color, last.Values)
	}
	for _, b := range bars[:5] {
		if b.Color == MarkedColor {
			t.Error("a top user drawn in MarkedColor")
		}
	}
	sum := 0.0
	for _, b := range bars {
		for _, v := range b.Values {
			sum += v
		}
	}
	if int(sum) != tr.Len() {
		t.Errorf("bars hold %v jobs, the log %d", sum, tr.Len())
	}
	s := svg(t, p)
	if strings.Contains(s, "user 9") {
		t.Error("the marked user is named as a top user")
	}
	if !strings.Contains(s, "rare-behaviour users") {
		t.Error("the marked jobs are not named in the key")
	}
	if m, o := strings.Index(s, "rare-behaviour users"), strings.Index(s, OthersLabel); o < 0 || m > o {
		t.Errorf("key: %q at %d, %q at %d; want the marked jobs, then the other users (as stacked, top first)", "rare-behaviour users", m, OthersLabel, o)
	}
	if _, err := WeeklyJobsMarked(tr, marked[1:], "x", 3, ""); err == nil {
		t.Error("marks of another length: no error")
	}
	if _, err := WeeklyJobsMarked(tr, marked, "", 3, ""); err == nil {
		t.Error("no label: no error")
	}
}

// TestWeeklyJobsRare: a resampled log's rare-behaviour jobs (Kind Rare)
// are the marked ones, named RareLabel; kinds of another length are an
// error.
func TestWeeklyJobsRare(t *testing.T) {
	tr := datasets.NewTrace("rare", 0)
	var kinds []resample.Kind
	for i, k := range []resample.Kind{resample.LongTerm, resample.Rare, resample.Temporary, resample.Rare} {
		tr.Append(datasets.Job{JobID: i + 1, Submit: float64(i)*week + 1, Runtime: 1, Procs: 1, User: i + 1})
		kinds = append(kinds, k)
	}
	p, err := WeeklyJobsRare(&resample.Resampled{Trace: tr, Kind: kinds}, 5, "")
	if err != nil {
		t.Fatal(err)
	}
	var last *plotter.BarChart
	for _, pl := range plottest.Plotters(p) {
		if b, ok := pl.(*plotter.BarChart); ok {
			last = b
		}
	}
	if last == nil || last.Color != MarkedColor || fmt.Sprint(last.Values) != "[0 1 0 1]" {
		t.Errorf("marked series %v, want MarkedColor bars [0 1 0 1]", last)
	}
	if !strings.Contains(svg(t, p), RareLabel) {
		t.Errorf("%q not in the key", RareLabel)
	}
	if _, err := WeeklyJobsRare(&resample.Resampled{Trace: tr, Kind: kinds[1:]}, 5, ""); err == nil {
		t.Error("kinds of another length: no error")
	}
}
