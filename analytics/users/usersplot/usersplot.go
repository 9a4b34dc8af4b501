package usersplot

import (
	"errors"
	"fmt"
	"image/color"
	"sort"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

var classColor = map[users.Class]color.Color{
	users.LongTerm:  color.RGBA{R: 31, G: 119, B: 180, A: 255},
	users.Temporary: color.RGBA{R: 255, G: 127, B: 14, A: 255},
	users.Discarded: color.RGBA{R: 150, G: 150, B: 150, A: 255},
}

// Activity draws the users' periods of activity in the manner of Fig. 3
// (2013 §4): one horizontal segment per user from the first to the last
// submission, in weeks since the log's start, users ordered by first
// arrival (bottom first), coloured by class. Dashed vertical lines mark
// the edge zones of Options.Edge. It returns an error for an empty
// population.
func Activity(p users.Population, title string) (*plot.Plot, error) {
	if p.Len() == 0 {
		return nil, errors.New("usersplot: Activity: no users")
	}
	order := make([]int, p.Len())
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(a, b int) bool { return p.FirstArrival[order[a]] < p.FirstArrival[order[b]] })
	pl := plot.New()
	pl.Title.Text = title
	pl.X.Label.Text = "weeks since the log's start"
	pl.Y.Label.Text = "users (by first arrival)"
	seen := map[users.Class]bool{}
	for y, k := range order {
		x0 := (p.FirstArrival[k] - p.LogStart) / datasets.Week
		x1 := (p.LastArrival[k] - p.LogStart) / datasets.Week
		if x1-x0 < 0.05 {
			x1 = x0 + 0.05 // one-day users stay visible
		}
		l, err := plotter.NewLine(plotter.XYs{{X: x0, Y: float64(y)}, {X: x1, Y: float64(y)}})
		if err != nil {
			return nil, err
		}
		l.Color = classColor[p.Class[k]]
		l.Width = vg.Points(1)
		pl.Add(l)
		if !seen[p.Class[k]] {
			seen[p.Class[k]] = true
			pl.Legend.Add(fmt.Sprintf("%s (%d)", p.Class[k], p.Count(p.Class[k]).Users), l)
		}
	}
	if p.Options.Edge > 0 {
		end := (p.LogEnd - p.LogStart) / datasets.Week
		for _, x := range []float64{p.Options.Edge / datasets.Week, end - p.Options.Edge/datasets.Week} {
			l, err := plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: float64(p.Len())}})
			if err != nil {
				return nil, err
			}
			l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			l.Color = color.Gray{Y: 80}
			pl.Add(l)
		}
	}
	pl.Legend.Top = true
	pl.Legend.Left = true
	return pl, nil
}

// logMetric reports whether a metric is drawn on a logarithmic axis.
func logMetric(m users.Metric) bool {
	switch m {
	case users.JobsPerUser, users.SessionsPerUser, users.AvgSessionLength, users.CPUWork:
		return true
	}
	return false
}

var metricLabel = map[users.Metric]string{
	users.JobsPerUser:      "jobs",
	users.SessionsPerUser:  "sessions",
	users.AvgSessionLength: "average session length [s]",
	users.CPUWork:          "CPU work [processor-seconds]",
	users.FirstArrival:     "first arrival [weeks]",
	users.LastDeparture:    "last departure [weeks]",
	users.ActivityPeriod:   "activity period [weeks]",
}

// Marginal draws one panel of Fig. 4 (2013 §5.1): the metric's per-user
// values sorted increasingly against the users' rank, one line per trace
// (so an original and its resampled variants overlay). Counts, lengths
// and work use a log y axis (non-positive values are not drawn); times are
// in weeks. It returns the error of plots.Lines when nothing can be drawn.
func Marginal(metric users.Metric, ms ...users.Marginals) (*plot.Plot, error) {
	var xy []plots.XY
	for _, m := range ms {
		v := m.Values[metric]
		x := make([]float64, len(v))
		y := make([]float64, len(v))
		for r, val := range v {
			x[r] = float64(r)
			y[r] = val
			if !logMetric(metric) {
				y[r] = val / datasets.Week
			}
		}
		xy = append(xy, plots.XY{Label: m.Name, X: x, Y: y})
	}
	return plots.Lines(xy, plots.LinesOptions{Axes: plots.Axes{Title: metric.String(),
		XLabel: "users (sorted)", YLabel: metricLabel[metric], LogY: logMetric(metric)}})
}

// HourOfWeek draws the last panel of Fig. 4: the fraction of job
// arrivals in each hour of the week (0 = Monday 00:00, log's time zone),
// one line per trace.
func HourOfWeek(ms ...users.Marginals) (*plot.Plot, error) {
	var xy []plots.XY
	for _, m := range ms {
		total := 0
		for _, c := range m.HourOfWeek {
			total += c
		}
		x := make([]float64, 168)
		y := make([]float64, 168)
		for h, c := range m.HourOfWeek {
			x[h] = float64(h)
			if total > 0 {
				y[h] = float64(c) / float64(total)
			}
		}
		xy = append(xy, plots.XY{Label: m.Name, X: x, Y: y})
	}
	p, err := plots.Lines(xy, plots.LinesOptions{Axes: plots.Axes{Title: "arrivals by hour of week",
		XLabel: "hour of week (Mon 00:00 = 0, log's time zone)", YLabel: "fraction of jobs"}})
	if err != nil {
		return nil, err
	}
	p.X.Tick.Marker = plot.ConstantTicks(HourOfWeekTicks())
	return p, nil
}

// HourOfWeekTicks returns the ticks of an hour-of-the-week axis (0 = Monday
// 00:00): one every 6 hours, labelled with the day's name at midnight.
func HourOfWeekTicks() []plot.Tick {
	days := []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
	var t []plot.Tick
	for h := 0; h <= 168; h += 6 {
		tk := plot.Tick{Value: float64(h)}
		if h%24 == 0 && h < 168 {
			tk.Label = days[h/24]
		}
		t = append(t, tk)
	}
	return t
}
