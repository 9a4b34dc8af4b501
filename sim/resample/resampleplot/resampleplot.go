// Package resampleplot builds the figures of Zakay and Feitelson,
// "Workload resampling for performance evaluation of parallel job
// schedulers" (2013), §5.1 and §6, from the outputs of packages
// sim/resample, analytics/users and sim/sweep:
//
//   - Figs. 8, 9 (histograms of a performance metric over many resampled
//     variants, the original log's value as a vertical line): Histogram;
//   - Fig. 12 (performance against load, and the fraction of simulations
//     that did not saturate): LoadScatter, Unsaturated;
//   - Figs. 13, 14 (jobs per week, the most active users marked):
//     WeeklyJobs, and WeeklyJobsMarked (WeeklyJobsRare) with some jobs
//     (rare-behaviour users, restored flurries) drawn apart;
//   - Fig. 16 (distributions of a metric for several RB_NPW values):
//     StepHistograms.
//
// The per-user marginals of Figs. 4, 10, 11 and 15 are drawn by
// analytics/users/usersplot.
package resampleplot

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim/resample"
)

const week = 7 * 24 * 3600.0

// Histogram plots the distribution of a metric over resampled variants
// (the bars, valuesLabel in the key, e.g. "20 resampled logs") with the
// original log's value as a bold black vertical line (Figs. 8–9), written
// at the axis' edge when far outside the variants' range
// (plots.HistValue). The y label defaults to "resampled logs". NaN values
// are left out; a NaN reference draws no line.
func Histogram(values []float64, reference float64, valuesLabel string, opts plots.HistOptions) (*plot.Plot, error) {
	if opts.YLabel == "" {
		opts.YLabel = "resampled logs"
	}
	p, err := plots.HistValue(values, reference, valuesLabel, "original", opts)
	if err != nil {
		return nil, fmt.Errorf("resampleplot: %w", err)
	}
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
// against the utilisation (2013 Fig. 12): each simulation that did not
// saturate as a light point, and the median of each load factor as a
// line through the factors in order, each point labelled with its factor
// ("×1.2") unless the label would cover the previous one: a colour per
// factor would need more colours than a figure can tell apart.
func LoadScatter(df dataframe.DataFrame, y string, axes plots.Axes) (*plot.Plot, error) {
	cols, err := plots.FloatColumns(df, "load", "utilization", "saturated", y)
	if err != nil {
		return nil, err
	}
	load, util, sat, ys := cols[0], cols[1], cols[2], cols[3]
	var all plots.XY
	all.Label, all.Role = "one simulation", plots.Variant
	med := plots.XY{Label: "median of a load factor (×factor)", Role: plots.Compared}
	var names []string
	for _, l := range distinct(load) {
		var us, vs []float64
		for i := range load {
			if load[i] == l && sat[i] == 0 && !math.IsNaN(util[i]) && !math.IsNaN(ys[i]) && !(axes.LogY && ys[i] <= 0) {
				us, vs = append(us, util[i]), append(vs, ys[i])
			}
		}
		all.X, all.Y = append(all.X, us...), append(all.Y, vs...)
		if len(us) == 0 {
			continue
		}
		med.X, med.Y = append(med.X, median(us)), append(med.Y, median(vs))
		names = append(names, "×"+strconv.FormatFloat(l, 'f', -1, 64))
	}
	if axes.XLabel == "" {
		axes.XLabel = "utilisation"
	}
	if axes.YLabel == "" {
		axes.YLabel = y
	}
	p := plots.New(axes)
	if _, err := plots.AddPoints(p, []plots.XY{all}, plots.ScatterOptions{Axes: axes}); err != nil {
		return nil, err
	}
	if len(med.X) > 0 {
		if _, err := plots.AddLines(p, []plots.XY{med}, plots.LinesOptions{Axes: axes, Points: true}); err != nil {
			return nil, err
		}
		at, kept := apart(p, med.X, med.Y, names, axes.LogY)
		// Below and right of its point: the rising median line leaves that
		// side free, where above and right it runs through the label.
		if err := plots.AddLabels(p, at, kept, plots.LabelOptions{Align: draw.XLeft, Offset: vg.Point{X: vg.Points(4), Y: -vg.Points(10)}}); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// apart returns the labelled points of x, y with a label each, leaving out
// a label that would be written over the previous one kept: nearer than
// labelDX of the x axis' span and labelDY of the y axis' (in log10 when
// logY) — about the size of a "×1.2" label on a panel of a figure.
func apart(p *plot.Plot, x, y []float64, labels []string, logY bool) (plotter.XYs, []string) {
	const labelDX, labelDY = 0.09, 0.07
	ty := func(v float64) float64 { return v }
	if logY {
		ty = math.Log10
	}
	dx, dy := p.X.Max-p.X.Min, ty(p.Y.Max)-ty(p.Y.Min)
	var at plotter.XYs
	var kept []string
	for i := range x {
		if n := len(at); n > 0 && dx > 0 && dy > 0 &&
			math.Abs(x[i]-at[n-1].X)/dx < labelDX && math.Abs(ty(y[i])-ty(at[n-1].Y))/dy < labelDY {
			continue
		}
		at, kept = append(at, plotter.XY{X: x[i], Y: y[i]}), append(kept, labels[i])
	}
	return at, kept
}

// median returns the median of v (it sorts a copy).
func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
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
	if len(dfs) == 1 && labels[0] == "" {
		// One sweep: the y axis says what it is, no colour to explain. A
		// solid dark line with square markers: data, not a guide (thin grey
		// dashes), nor the blue medians of the figure's other panels.
		p := plots.New(axes)
		pts := plots.XYs(series[0].X, series[0].Y)
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("resampleplot: %w", err)
		}
		l.LineStyle = draw.LineStyle{Color: unsaturatedColor, Width: plots.ComparedWidth}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, fmt.Errorf("resampleplot: %w", err)
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: unsaturatedColor, Radius: vg.Points(2.2), Shape: draw.BoxGlyph{}}
		p.Add(l, sc)
		p.Y.Min, p.Y.Max = 0, 1.05
		return p, nil
	}
	p, err := plots.Lines(series, plots.LinesOptions{Axes: axes, Points: true})
	if err != nil {
		return nil, fmt.Errorf("resampleplot: %w", err)
	}
	p.Y.Min, p.Y.Max = 0, 1.05
	return p, nil
}

// unsaturatedColor draws Unsaturated's one unlabelled sweep: dark grey.
var unsaturatedColor color.Color = color.Gray{Y: 0x40}

func distinct(v []float64) []float64 {
	out := slices.Clone(v)
	slices.Sort(out)
	return slices.Compact(out)
}

// labelLine is the height of a line of WeeklyJobs' names (8-point type).
const labelLine = vg.Length(10)

// WeeklyJobs draws the jobs submitted in each week of a log as stacked
// bars: the top most active users (by jobs; at most 5, the colours a
// figure can tell apart) each in its own colour and named ("user 50")
// above the bar of its busiest week,
// labelled by user id, and all others in grey on top (2013 Figs. 13–14).
// Weeks are counted from the log's first job, in days of 7 × 24 hours.
func WeeklyJobs(t *datasets.Trace, top int, title string) (*plot.Plot, error) {
	return weeklyJobs(t, nil, "", top, title)
}

// MarkedColor is the colour of WeeklyJobsMarked's marked jobs: the
// palette's wine, dark beside the grey of the other users and never a top
// user's (those take the palette's first colours, at most markedTop).
var MarkedColor = plots.Palette[6]

// markedTop is the most top users WeeklyJobsMarked colours, so that none
// takes MarkedColor.
const markedTop = 5

// WeeklyJobsMarked is WeeklyJobs with the jobs i where marked[i] drawn
// apart: one series in MarkedColor on top of the others, named label in
// the key, so that a reader tells them from the other users' grey — 2013
// Fig. 14's and 2021 Fig. 16's rare-behaviour users, or a log's removed
// flurries put back (2013 Fig. 13). The top users (at most 5) are the
// most active by their unmarked jobs. marked has one entry per job of t.
func WeeklyJobsMarked(t *datasets.Trace, marked []bool, label string, top int, title string) (*plot.Plot, error) {
	if len(marked) != t.Len() {
		return nil, fmt.Errorf("resampleplot: WeeklyJobsMarked: %d marks for %d jobs", len(marked), t.Len())
	}
	if label == "" {
		return nil, errors.New("resampleplot: WeeklyJobsMarked: the marked jobs need a label")
	}
	return weeklyJobs(t, marked, label, min(top, markedTop), title)
}

// RareLabel names WeeklyJobsRare's marked jobs in the key.
const RareLabel = "rare-behaviour users"

// WeeklyJobsRare is WeeklyJobsMarked of a resampled log with its
// rare-behaviour users' jobs (Kind resample.Rare; 2013 §6.4) marked, named
// RareLabel: 2013 Fig. 14, 2021 Fig. 16.
func WeeklyJobsRare(r *resample.Resampled, top int, title string) (*plot.Plot, error) {
	if len(r.Kind) != r.Trace.Len() {
		return nil, fmt.Errorf("resampleplot: WeeklyJobsRare: %d kinds for %d jobs", len(r.Kind), r.Trace.Len())
	}
	rare := make([]bool, len(r.Kind))
	for i, k := range r.Kind {
		rare[i] = k == resample.Rare
	}
	return WeeklyJobsMarked(r.Trace, rare, RareLabel, top, title)
}

// weeklyJobs draws WeeklyJobs, with the jobs marked (nil: none) as one
// series labelled label.
func weeklyJobs(t *datasets.Trace, marked []bool, label string, top int, title string) (*plot.Plot, error) {
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
	markedWeeks := make([]float64, nw)
	for i, s := range t.Submit {
		if math.IsNaN(s) {
			continue
		}
		if marked != nil && marked[i] {
			markedWeeks[int((s-first)/week)]++
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
	top = min(top, len(ids), len(plots.Palette)-1)
	others := make([]float64, nw)
	for _, u := range ids[top:] {
		for w, c := range perUser[u] {
			others[w] += c
		}
	}
	p := plots.New(plots.Axes{Title: title, XLabel: "week", YLabel: "jobs per week", IntegerY: true})
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
	// Each top user is named above the bar of its busiest week.
	totals := slices.Clone(others)
	if marked != nil {
		for w, c := range markedWeeks {
			totals[w] += c
		}
	}
	for _, u := range ids[:top] {
		for w, c := range perUser[u] {
			totals[w] += c
		}
	}
	var at plotter.XYs
	var names []string
	var levels []int
	// reach is half a name's width in weeks: "user 12" spans about 5% of
	// a panel's width.
	reach := max(1, int(math.Round(0.025*float64(len(totals)))))
	for k, u := range ids[:top] {
		if err := stack(perUser[u], plots.SeriesStyle(k).Color, ""); err != nil {
			return nil, fmt.Errorf("resampleplot: WeeklyJobs: %w", err)
		}
		w := 0
		for i, c := range perUser[u] {
			if c > perUser[u][w] {
				w = i
			}
		}
		// A name sits above the bars under it (reach weeks either side of
		// its centre), and a line of text (labelLine) above each name it
		// would overlap: a step in points, whatever the y axis' range
		// becomes (a figure may share it among panels).
		y := slices.Max(totals[max(w-reach, 0):min(w+reach+1, len(totals))])
		level := 0
		for i, a := range at {
			if math.Abs(a.X-float64(w)) > float64(2*reach) || a.Y < y {
				continue
			}
			if a.Y > y {
				y, level = a.Y, 0
			}
			level = max(level, levels[i]+1)
		}
		at, names, levels = append(at, plotter.XY{X: float64(w), Y: y}), append(names, fmt.Sprintf("user %d", u)), append(levels, level)
	}
	if err := stack(others, plots.GuideColor, ""); err != nil {
		return nil, fmt.Errorf("resampleplot: WeeklyJobs: %w", err)
	}
	if marked != nil {
		if err := stack(markedWeeks, MarkedColor, label); err != nil {
			return nil, fmt.Errorf("resampleplot: WeeklyJobs: %w", err)
		}
	}
	if len(at) > 0 {
		for level := range slices.Max(levels) + 1 {
			var pts plotter.XYs
			var text []string
			var colors []color.Color
			for k := range names {
				if levels[k] == level {
					pts, text, colors = append(pts, at[k]), append(text, names[k]), append(colors, plots.SeriesStyle(k).Color)
				}
			}
			if len(pts) == 0 {
				continue
			}
			o := plots.LabelOptions{Colors: colors, Align: draw.XCenter, Offset: vg.Point{Y: vg.Points(2) + vg.Length(level)*labelLine}}
			if err := plots.AddLabels(p, pts, text, o); err != nil {
				return nil, fmt.Errorf("resampleplot: WeeklyJobs: %w", err)
			}
		}
		highest := slices.Max(totals)
		for _, a := range at {
			highest = math.Max(highest, a.Y)
		}
		p.Y.Max = math.Max(p.Y.Max, highest+(0.12+0.08*float64(slices.Max(levels)))*slices.Max(totals))
	}
	p.Y.Min = 0
	return p, nil
}
