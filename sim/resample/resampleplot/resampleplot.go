// Package resampleplot builds the figures of Zakay and Feitelson,
// "Workload resampling for performance evaluation of parallel job
// schedulers" (2013), §5.1 and §6, from the outputs of packages
// sim/resample, analytics/users and sim/sweep:
//
//   - Fig. 4, 10, 11, 15 (per-user marginals of an original log and of
//     resampled ones): Marginal, HourOfWeek, Marginals;
//   - Figs. 8, 9 (histograms of a performance metric over many resampled
//     variants, the original log's value as a vertical line): Histogram;
//   - Fig. 12 (performance against load, and the fraction of simulations
//     that did not saturate): LoadScatter, Unsaturated;
//   - Figs. 13, 14 (jobs per week, the most active users marked):
//     WeeklyJobs;
//   - Fig. 16 (distributions of a metric for several RB_NPW values):
//     StepHistograms.
//
// Tile lays several plots out in one SVG image.
package resampleplot

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
)

const week = 7 * 24 * 3600.0

// unit returns the display scale, axis label and log-axis choice of a
// per-user metric: counts on log axes, session lengths in hours and work in
// CPU-hours on log axes, times in weeks on linear axes.
func unit(m users.Metric) (scale float64, label string, logY bool) {
	switch m {
	case users.JobsPerUser:
		return 1, "jobs", true
	case users.SessionsPerUser:
		return 1, "sessions", true
	case users.AvgSessionLength:
		return 1.0 / 3600, "average session length (hours)", true
	case users.CPUWork:
		return 1.0 / 3600, "CPU work (CPU-hours)", true
	case users.FirstArrival:
		return 1 / week, "first arrival (weeks)", false
	case users.LastDeparture:
		return 1 / week, "last departure (weeks)", false
	case users.ActivityPeriod:
		return 1 / week, "period of activity (weeks)", false
	}
	return 1, m.String(), false
}

// Marginal plots one per-user marginal of Fig. 4 for several logs: each
// log's users sorted by the metric, the value against the user's rank
// normalised to [0, 1] (as Fig. 11, so that logs with different numbers of
// users share the axis). The first log (the original) is drawn in black,
// thicker and on top. Counts, session lengths and work use a log axis, on which
// zero values are left out.
func Marginal(ms []users.Marginals, m users.Metric, title string) (*plot.Plot, error) {
	scale, label, logY := unit(m)
	series := make([]plots.XY, len(ms))
	for k, mg := range ms {
		v := mg.Values[m]
		x, y := make([]float64, len(v)), make([]float64, len(v))
		for r, val := range v {
			x[r] = 0
			if len(v) > 1 {
				x[r] = float64(r) / float64(len(v)-1)
			}
			y[r] = val * scale
		}
		series[k] = plots.XY{Label: mg.Name, X: x, Y: y}
	}
	p, err := linesOriginalFirst(series, plots.Axes{Title: title,
		XLabel: "users (normalised rank)", YLabel: label, LogY: logY})
	if err != nil {
		return nil, fmt.Errorf("resampleplot: %s: %w", m, err)
	}
	return p, nil
}

// linesOriginalFirst draws series with plots.Lines, the first one (the
// original log) in black, thicker and on top; its legend entry comes last.
func linesOriginalFirst(series []plots.XY, axes plots.Axes) (*plot.Plot, error) {
	if len(series) < 2 {
		return plots.Lines(series, plots.LinesOptions{Axes: axes})
	}
	p, err := plots.Lines(series[1:], plots.LinesOptions{Axes: axes})
	if err != nil {
		return nil, err
	}
	o := series[0]
	pts := make(plotter.XYs, 0, len(o.X))
	for i := range o.X {
		x, y := o.X[i], o.Y[i]
		if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) || (axes.LogY && y <= 0) || (axes.LogX && x <= 0) {
			continue
		}
		pts = append(pts, plotter.XY{X: x, Y: y})
	}
	if len(pts) == 0 {
		return p, nil
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		return nil, err
	}
	l.LineStyle.Color = color.Black
	l.LineStyle.Width = vg.Points(2.5)
	p.Add(l)
	p.Legend.Add(o.Label, l)
	compactLegend(p)
	return p, nil
}

// HourOfWeek plots the fraction of each log's jobs submitted in each hour
// of the week (0 = Monday 00:00, local time), the last panel of Fig. 4,
// with grid lines at midnight.
func HourOfWeek(ms []users.Marginals, title string) (*plot.Plot, error) {
	series := make([]plots.XY, len(ms))
	for k, mg := range ms {
		total := 0
		for _, c := range mg.HourOfWeek {
			total += c
		}
		x, y := make([]float64, 168), make([]float64, 168)
		for h, c := range mg.HourOfWeek {
			x[h] = float64(h)
			y[h] = math.NaN()
			if total > 0 {
				y[h] = float64(c) / float64(total)
			}
		}
		series[k] = plots.XY{Label: mg.Name, X: x, Y: y}
	}
	p, err := linesOriginalFirst(series, plots.Axes{Title: title,
		XLabel: "hour of the week (Monday 00:00 first)", YLabel: "fraction of jobs"})
	if err != nil {
		return nil, fmt.Errorf("resampleplot: hour of week: %w", err)
	}
	p.X.Min, p.X.Max = 0, 168
	p.X.Tick.Marker = plot.ConstantTicks(dayTicks())
	return p, nil
}

func dayTicks() []plot.Tick {
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

// Marginals returns the eight panels of Fig. 4 for the logs ms (the
// original first): the seven per-user marginals of users.Metrics, then
// the arrivals per hour of the week. Titles are prefixed with prefix; only
// the first panel has a legend (the logs are the same in every panel).
func Marginals(ms []users.Marginals, prefix string) ([]*plot.Plot, error) {
	var out []*plot.Plot
	for _, m := range users.Metrics {
		_, label, _ := unit(m)
		p, err := Marginal(ms, m, prefix+label)
		if err != nil {
			return nil, err
		}
		p.Y.Label.Text = ""
		out = append(out, p)
	}
	p, err := HourOfWeek(ms, prefix+"jobs per hour of the week")
	if err != nil {
		return nil, err
	}
	out = append(out, p)
	for _, p := range out[1:] {
		top, left := p.Legend.Top, p.Legend.Left
		p.Legend = plot.NewLegend()
		p.Legend.Top, p.Legend.Left = top, left
	}
	return out, nil
}

// compactLegend makes the legend's text and thumbnails small.
func compactLegend(p *plot.Plot) {
	p.Legend.TextStyle.Font.Size = vg.Points(7)
	p.Legend.ThumbnailWidth = vg.Points(12)
	p.Legend.Padding = vg.Points(1)
}

// Histogram plots the distribution of a metric over resampled variants
// with the original log's value as a red vertical line (Figs. 8–9). NaN
// values are left out; a NaN reference draws no line.
func Histogram(values []float64, reference float64, opts plots.HistOptions) (*plot.Plot, error) {
	p, err := plots.Hist(values, opts)
	if err != nil {
		return nil, fmt.Errorf("resampleplot: %w", err)
	}
	if math.IsNaN(reference) || math.IsInf(reference, 0) {
		return p, nil
	}
	top := p.Y.Max
	l, err := plotter.NewLine(plotter.XYs{{X: reference, Y: 0}, {X: reference, Y: top}})
	if err != nil {
		return nil, fmt.Errorf("resampleplot: reference line: %w", err)
	}
	l.LineStyle.Color = color.RGBA{R: 220, A: 255}
	l.LineStyle.Width = vg.Points(2)
	p.Add(l)
	p.Legend.Add("original", l)
	return p, nil
}

// StepHistograms plots the distributions of several samples over common
// equal-width bins as step outlines (Fig. 16: one outline per RB_NPW
// value), in fractions of each sample so that samples of different sizes
// compare. NaN and ±Inf values are left out. bins ≤ 0 means 20.
func StepHistograms(samples []plots.Sample, bins int, axes plots.Axes) (*plot.Plot, error) {
	if bins <= 0 {
		bins = 20
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range samples {
		for _, v := range s.Values {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	if math.IsInf(lo, 1) {
		return nil, errors.New("resampleplot: StepHistograms: no finite value")
	}
	if hi == lo {
		lo, hi = lo-0.5, hi+0.5
	}
	width := (hi - lo) / float64(bins)
	series := make([]plots.XY, 0, len(samples))
	for _, s := range samples {
		counts := make([]float64, bins)
		n := 0
		for _, v := range s.Values {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				continue
			}
			counts[min(int((v-lo)/width), bins-1)]++
			n++
		}
		var x, y []float64
		for b, c := range counts {
			f := 0.0
			if n > 0 {
				f = c / float64(n)
			}
			x = append(x, lo+float64(b)*width, lo+float64(b+1)*width)
			y = append(y, f, f)
		}
		series = append(series, plots.XY{Label: s.Label, X: x, Y: y})
	}
	if axes.YLabel == "" {
		axes.YLabel = "fraction of runs"
	}
	p, err := plots.Lines(series, plots.LinesOptions{Axes: axes})
	if err != nil {
		return nil, fmt.Errorf("resampleplot: %w", err)
	}
	return p, nil
}

// LoadScatter plots column y of a load sweep (the frame of sweep.Run over
// the resample experiment: columns load, utilization, saturated and y)
// against the utilisation, one series per load factor, leaving out the
// saturated simulations (2013 Fig. 12).
func LoadScatter(df dataframe.DataFrame, y string, axes plots.Axes) (*plot.Plot, error) {
	load, err := plots.FloatColumn(df, "load")
	if err != nil {
		return nil, err
	}
	util, err := plots.FloatColumn(df, "utilization")
	if err != nil {
		return nil, err
	}
	sat, err := plots.FloatColumn(df, "saturated")
	if err != nil {
		return nil, err
	}
	ys, err := plots.FloatColumn(df, y)
	if err != nil {
		return nil, err
	}
	levels := distinct(load)
	series := make([]plots.XY, len(levels))
	for k, l := range levels {
		series[k].Label = fmt.Sprintf("load %g", l)
		for i := range load {
			if load[i] == l && sat[i] == 0 {
				series[k].X = append(series[k].X, util[i])
				series[k].Y = append(series[k].Y, ys[i])
			}
		}
	}
	if axes.XLabel == "" {
		axes.XLabel = "utilization"
	}
	if axes.YLabel == "" {
		axes.YLabel = y
	}
	return plots.Scatter(series, plots.ScatterOptions{Axes: axes})
}

// Unsaturated plots, for each load factor of a load sweep, the fraction of
// simulations that did not saturate (the last panel of each row of 2013
// Fig. 12), one line per label when several sweeps are given.
func Unsaturated(labels []string, dfs []dataframe.DataFrame, axes plots.Axes) (*plot.Plot, error) {
	if len(labels) != len(dfs) {
		return nil, errors.New("resampleplot: Unsaturated: labels and frames differ in number")
	}
	series := make([]plots.XY, len(dfs))
	for k, df := range dfs {
		load, err := plots.FloatColumn(df, "load")
		if err != nil {
			return nil, err
		}
		sat, err := plots.FloatColumn(df, "saturated")
		if err != nil {
			return nil, err
		}
		series[k].Label = labels[k]
		for _, l := range distinct(load) {
			n, ok := 0, 0
			for i := range load {
				if load[i] == l {
					n++
					if sat[i] == 0 {
						ok++
					}
				}
			}
			series[k].X = append(series[k].X, l)
			series[k].Y = append(series[k].Y, float64(ok)/float64(n))
		}
	}
	if axes.XLabel == "" {
		axes.XLabel = "load factor"
	}
	if axes.YLabel == "" {
		axes.YLabel = "fraction not saturated"
	}
	p, err := plots.Lines(series, plots.LinesOptions{Axes: axes, Points: true})
	if err != nil {
		return nil, fmt.Errorf("resampleplot: %w", err)
	}
	p.Y.Min, p.Y.Max = 0, 1.05
	return p, nil
}

func distinct(v []float64) []float64 {
	out := slices.Clone(v)
	slices.Sort(out)
	return slices.Compact(out)
}

// WeeklyJobs draws the jobs submitted in each week of a log as stacked
// bars: the top most active users (by jobs) each in its own colour,
// labelled by user id, and all others in grey on top (2013 Figs. 13–14).
// Weeks are counted from the log's first job, in days of 7 × 24 hours.
func WeeklyJobs(t *datasets.Trace, top int, title string) (*plot.Plot, error) {
	if t.Len() == 0 {
		return nil, errors.New("resampleplot: WeeklyJobs: empty log")
	}
	first := math.Inf(1)
	last := math.Inf(-1)
	for _, s := range t.Submit {
		if !math.IsNaN(s) {
			first, last = min(first, s), max(last, s)
		}
	}
	nw := int((last-first)/week) + 1
	perUser := map[int][]float64{}
	total := map[int]int{}
	for i, s := range t.Submit {
		if math.IsNaN(s) {
			continue
		}
		u := t.User[i]
		if perUser[u] == nil {
			perUser[u] = make([]float64, nw)
		}
		perUser[u][int((s-first)/week)]++
		total[u]++
	}
	ids := make([]int, 0, len(total))
	for u := range total {
		ids = append(ids, u)
	}
	sort.Slice(ids, func(a, b int) bool {
		if total[ids[a]] != total[ids[b]] {
			return total[ids[a]] > total[ids[b]]
		}
		return ids[a] < ids[b]
	})
	top = min(top, len(ids))
	others := make([]float64, nw)
	for _, u := range ids[top:] {
		for w, c := range perUser[u] {
			others[w] += c
		}
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "week"
	p.Y.Label.Text = "jobs per week"
	p.Legend.Top = true
	width := vg.Length(math.Max(0.5, math.Min(6, 400/float64(nw))))
	var below *plotter.BarChart
	stack := func(vals []float64, c color.Color, label string) error {
		b, err := plotter.NewBarChart(plotter.Values(vals), width)
		if err != nil {
			return err
		}
		b.Color = c
		b.LineStyle.Width = 0
		if below != nil {
			b.StackOn(below)
		}
		below = b
		p.Add(b)
		if label != "" {
			p.Legend.Add(label, b)
		}
		return nil
	}
	for k, u := range ids[:top] {
		if err := stack(perUser[u], plotutil.Color(k), fmt.Sprintf("user %d", u)); err != nil {
			return nil, fmt.Errorf("resampleplot: WeeklyJobs: %w", err)
		}
	}
	if err := stack(others, color.Gray{Y: 170}, "others"); err != nil {
		return nil, fmt.Errorf("resampleplot: WeeklyJobs: %w", err)
	}
	return p, nil
}

// Tile draws plots in a grid of cols columns, each cell w×h, and returns
// the SVG document (for kernelext.HTML or a file).
func Tile(ps []*plot.Plot, cols int, w, h vg.Length) ([]byte, error) {
	if len(ps) == 0 || cols < 1 {
		return nil, errors.New("resampleplot: Tile: no plots or no columns")
	}
	rows := (len(ps) + cols - 1) / cols
	c := vgsvg.New(w*vg.Length(cols), h*vg.Length(rows))
	dc := draw.New(c)
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Millimeter, PadY: vg.Millimeter,
		PadTop: vg.Millimeter, PadBottom: vg.Millimeter, PadLeft: vg.Millimeter, PadRight: vg.Millimeter}
	grid := make([][]*plot.Plot, rows)
	for r := range grid {
		grid[r] = make([]*plot.Plot, cols)
		for k := range cols {
			if i := r*cols + k; i < len(ps) {
				grid[r][k] = ps[i]
			}
		}
	}
	canvases := plot.Align(grid, tiles, dc)
	for r := range grid {
		for k, p := range grid[r] {
			if p != nil {
				p.Draw(canvases[r][k])
			}
		}
	}
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("resampleplot: Tile: %w", err)
	}
	return b.Bytes(), nil
}
