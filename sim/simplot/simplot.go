package simplot

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/estimates"
)

// GanttOptions controls Gantt.
type GanttOptions struct {
	Title string
	// Until is the time T up to which the schedule is drawn and idle
	// processor time is shaded as wasted (Fig. 1: "scheduled up to time
	// T; hatched areas represent wasted resources"); zero means the last
	// end.
	Until float64
}

// Gantt draws the schedule of r: each job a rectangle of its processors ×
// its run, labelled with its ID, processors given first fit in order of
// start (a job's rectangle is split when its processors are not
// contiguous), and the idle processor time before Until shaded grey. Jobs
// that did not start are left out. It returns an error when no job
// started, or when the jobs need more than r.Procs processors at once
// (which the engine never does).
func Gantt(r *sim.Result, opts GanttOptions) (*plot.Plot, error) {
	idx := make([]int, 0, r.Len())
	last := 0.0
	for j := range r.ID {
		if !math.IsNaN(r.Start[j]) {
			idx = append(idx, j)
			last = max(last, r.End[j])
		}
	}
	if len(idx) == 0 {
		return nil, errors.New("simplot: Gantt: no job started")
	}
	until := opts.Until
	if until <= 0 {
		until = last
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case r.Start[a] < r.Start[b]:
			return -1
		case r.Start[a] > r.Start[b]:
			return 1
		}
		return 0
	})
	p := plot.New()
	p.Title.Text = opts.Title
	p.X.Label.Text = "time (s)"
	p.Y.Label.Text = "processors"
	// Idle time first, underneath: the whole area, then jobs on top.
	bg, err := rect(0, until, 0, float64(r.Procs))
	if err != nil {
		return nil, err
	}
	bg.Color = color.Gray{Y: 215}
	bg.LineStyle.Width = 0
	p.Add(bg)
	p.Legend.Add("idle (wasted)", bg)
	busyUntil := make([]float64, r.Procs)
	for k := range busyUntil {
		busyUntil[k] = math.Inf(-1)
	}
	var labels plotter.XYLabels
	for n, j := range idx {
		if r.Start[j] >= until {
			continue
		}
		need := r.Width[j]
		got := make([]int, 0, need)
		for k := 0; k < r.Procs && len(got) < need; k++ {
			if busyUntil[k] <= r.Start[j] {
				got = append(got, k)
			}
		}
		if len(got) < need {
			return nil, fmt.Errorf("simplot: Gantt: job %d needs %d processors at %v, %d free", r.ID[j], need, r.Start[j], len(got))
		}
		end := min(r.End[j], until)
		for _, k := range got {
			busyUntil[k] = r.End[j]
		}
		for a := 0; a < len(got); {
			b := a
			for b+1 < len(got) && got[b+1] == got[b]+1 {
				b++
			}
			poly, err := rect(r.Start[j], end, float64(got[a]), float64(got[b]+1))
			if err != nil {
				return nil, err
			}
			poly.Color = plotutil.Color(n)
			poly.LineStyle.Color = color.White
			p.Add(poly)
			if a == 0 {
				labels.XYs = append(labels.XYs, plotter.XY{X: (r.Start[j] + end) / 2, Y: float64(got[a]+got[b]+1) / 2})
				labels.Labels = append(labels.Labels, strconv.Itoa(r.ID[j]))
			}
			a = b + 1
		}
	}
	if len(labels.Labels) > 0 {
		l, err := plotter.NewLabels(labels)
		if err != nil {
			return nil, err
		}
		for i := range l.TextStyle {
			l.TextStyle[i].XAlign, l.TextStyle[i].YAlign = -0.5, -0.5
		}
		p.Add(l)
	}
	p.X.Min, p.X.Max = 0, until
	p.Y.Min, p.Y.Max = 0, float64(r.Procs)
	p.Legend.Top = true
	return p, nil
}

func rect(x0, x1, y0, y1 float64) (*plotter.Polygon, error) {
	return plotter.NewPolygon(plotter.XYs{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
}

// Accuracy draws the histogram of estimate accuracy of each log (Feitelson
// 2021 Fig. 2): the fraction of jobs per bin of runtime / estimate in
// percent, bins equal over [0, 100%], jobs past their estimate in the last
// bin (estimates.Accuracy.Histogram). names label the accuracies.
func Accuracy(names []string, accs []estimates.Accuracy, bins int, title string) (*plot.Plot, error) {
	if len(names) != len(accs) || len(accs) == 0 {
		return nil, errors.New("simplot: Accuracy: want one name per accuracy, at least one")
	}
	cats := make([]string, bins)
	for k := range cats {
		cats[k] = strconv.Itoa(100 * (k + 1) / bins)
	}
	var groups []plots.Sample
	for i, a := range accs {
		groups = append(groups, plots.Sample{Label: names[i], Values: a.Histogram(bins)})
	}
	p, err := plots.Bars(cats, groups, plots.BarsOptions{Axes: plots.Axes{Title: title,
		XLabel: "runtime / estimate (%, bin upper bound)", YLabel: "fraction of jobs"}})
	if err != nil {
		return nil, err
	}
	p.X.Tick.Label.Font.Size = vg.Points(7)
	return p, nil
}

// EstimateCDF draws the CDFs of the estimates and of the runtimes of one
// log on a log time axis (Feitelson 2021 Fig. 3), from estimates.Pairs:
// the estimates climb in a few vertical steps (round values) and lie far
// right of the runtimes.
func EstimateCDF(name string, estimate, runtime []float64) (*plot.Plot, error) {
	return plots.ECDF([]plots.Sample{{Label: "estimates", Values: estimate}, {Label: "runtimes", Values: runtime}},
		plots.ECDFOptions{Axes: plots.Axes{Title: name, XLabel: "seconds", LogX: true, LegendLeft: true}})
}

// Weekly draws one weekly timeline per result: the outstanding jobs
// (arrived, not ended) at each week start when outstanding is true, else
// the queue length, against the week number. names label the results.
func Weekly(names []string, rs []*sim.Result, outstanding bool, title string) (*plot.Plot, error) {
	if len(names) != len(rs) || len(rs) == 0 {
		return nil, errors.New("simplot: Weekly: want one name per result, at least one")
	}
	var series []plots.XY
	for i, r := range rs {
		tl := r.Weekly
		x, y := make([]float64, tl.Len()), make([]float64, tl.Len())
		for k := range x {
			x[k] = float64(k)
			if outstanding {
				y[k] = float64(tl.Outstanding[k])
			} else {
				y[k] = float64(tl.Queue[k])
			}
		}
		series = append(series, plots.XY{Label: names[i], X: x, Y: y})
	}
	yl := "queue length"
	if outstanding {
		yl = "outstanding jobs"
	}
	return plots.Lines(series, plots.LinesOptions{Axes: plots.Axes{Title: title, XLabel: "week", YLabel: yl, LegendLeft: true}})
}
