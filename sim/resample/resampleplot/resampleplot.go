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
	"gonum.org/v1/plot/text"
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
// compare. NaN and ±Inf values are left out. bins ≤ 0 means 20. With
// axes.LogX the bins are of equal width in log x (a factor each) and
// values ≤ 0 are left out too: a heavy-tailed sample (2013 Fig. 16's
// average slowdowns, about 130 to 5,500) fills the first of equal-width bins
// with most of its runs and leaves its tail at heights too small to tell
// one outline from another.
func StepHistograms(samples []plots.Sample, bins int, axes plots.Axes) (*plot.Plot, error) {
	if bins <= 0 {
		bins = 20
	}
	// to maps a value to the binned scale and from back; ok says whether
	// a value is drawn.
	to, from := func(v float64) float64 { return v }, func(v float64) float64 { return v }
	ok := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	if axes.LogX {
		to, from = math.Log10, func(v float64) float64 { return math.Pow(10, v) }
		ok = func(v float64) bool { return v > 0 && !math.IsInf(v, 1) && !math.IsNaN(v) }
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range samples {
		for _, v := range s.Values {
			if ok(v) {
				lo, hi = min(lo, to(v)), max(hi, to(v))
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
			if !ok(v) {
				continue
			}
			counts[min(int((to(v)-lo)/width), bins-1)]++
			n++
		}
		var x, y []float64
		for b, c := range counts {
			f := 0.0
			if n > 0 {
				f = c / float64(n)
			}
			x = append(x, from(lo+float64(b)*width), from(lo+float64(b+1)*width))
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
// ("×1.2") unless the label would cover the previous one, at the side of
// its point clearest of the cloud (factorLabels): a colour per factor
// would need more colours than a figure can tell apart.
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
		// Each label at the side of its point that covers the least of
		// the cloud and the line, once the axes are final.
		var pts, line plotter.XYs
		for i := range all.X {
			pts = append(pts, plotter.XY{X: all.X[i], Y: all.Y[i]})
		}
		for i := range med.X {
			line = append(line, plotter.XY{X: med.X[i], Y: med.Y[i]})
		}
		p.Add(&factorLabels{at: at, words: kept, points: pts, line: line})
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
// figure can tell apart) each in its own colour and named by user id
// ("user 50") at one of its columns where the user's own slice is at
// least a line of text high, its busiest where no taller bar nearby would
// lift the name away (placeNames); a top user with no such column is
// named once, in its colour, in the panel's key line at the top left
// (UnnamedLead, then the names). All others are in grey
// on top, named OthersLabel in the key (2013 Figs. 13–14). Weeks are counted from the log's first job,
// in days of 7 × 24 hours. A log with no submit time, or spanning more
// than the reader's 400 years, is an error.
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

// OthersLabel names in the key the grey of WeeklyJobs: the jobs of every
// user but the top users and the marked jobs.
const OthersLabel = "all other users"

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

// maxSpan bounds the span of submit times WeeklyJobs draws, in seconds:
// the reader's (submit times within ±datasets.MaxTime of a log's start,
// 400 years or 20,872 weeks).
const maxSpan = 2 * datasets.MaxTime

// weeklyJobs draws WeeklyJobs, with the jobs marked (nil: none) as one
// series labelled label. It keeps weekly counts only for what it draws
// (the top users, the others, the marked jobs), and one count per user
// to choose the top users: memory in the log's length and its weeks, not
// their product. A log with no submit time, or whose submit times span
// more than maxSpan (an infinite time among them), is an error.
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
	if math.IsInf(first, 1) && math.IsInf(last, -1) {
		return nil, fmt.Errorf("resampleplot: WeeklyJobs: %s has no job with a submit time", t.Name)
	}
	// The comparison fails for an infinite first or last time (NaN or an
	// infinite span), as for a span longer than a log may have.
	if !(last-first <= maxSpan) {
		return nil, fmt.Errorf("resampleplot: WeeklyJobs: %s: submit times from %v to %v s span more than the %d weeks a log may (±datasets.MaxTime)",
			t.Name, first, last, int(maxSpan/week)+1)
	}
	nw := int((last-first)/week) + 1
	weekOf := func(s float64) int { return int((s - first) / week) }
	// The jobs of each week (totals), the marked ones, and the unmarked
	// jobs of each user: the top users are the most active by those.
	totals := make([]float64, nw)
	markedWeeks := make([]float64, nw)
	total := map[int]int{}
	for i, s := range t.Submit {
		if math.IsNaN(s) {
			continue
		}
		w := weekOf(s)
		totals[w]++
		if marked != nil && marked[i] {
			markedWeeks[w]++
			continue
		}
		total[t.User[i]]++
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
	top = max(0, min(top, len(ids), len(plots.Palette)-1))
	// The top users' weeks; the others are what remains of each week.
	rank := make(map[int]int, top)
	perUser := make([][]float64, top)
	for k, u := range ids[:top] {
		rank[u], perUser[k] = k, make([]float64, nw)
	}
	for i, s := range t.Submit {
		if math.IsNaN(s) || marked != nil && marked[i] {
			continue
		}
		if k, ok := rank[t.User[i]]; ok {
			perUser[k][weekOf(s)]++
		}
	}
	others := slices.Clone(totals)
	for w := range others {
		others[w] -= markedWeeks[w]
		for k := range perUser {
			others[w] -= perUser[k][w]
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
	for k := range perUser {
		if err := stack(perUser[k], plots.SeriesStyle(k).Color, ""); err != nil {
			return nil, fmt.Errorf("resampleplot: WeeklyJobs: %w", err)
		}
	}
	if err := stack(others, plots.GuideColor, ""); err != nil {
		return nil, fmt.Errorf("resampleplot: WeeklyJobs: %w", err)
	}
	othersBars := below
	if marked != nil {
		if err := stack(markedWeeks, MarkedColor, label); err != nil {
			return nil, fmt.Errorf("resampleplot: WeeklyJobs: %w", err)
		}
	}
	// The grey is named in the key too, below the marked jobs as it is
	// drawn below them (the top users are named at their columns).
	p.Legend.Add(OthersLabel, othersBars)
	if len(perUser) > 0 {
		names := &userNames{perUser: perUser, totals: totals, marked: markedWeeks, barWidth: width}
		for k := range perUser {
			names.words = append(names.words, fmt.Sprintf("user %d", ids[k]))
			names.colors = append(names.colors, plots.SeriesStyle(k).Color)
		}
		p.Add(names)
		// Room above the columns for the names, as placed on the panel's
		// own y range (the estimate of a line: nameLine), and for the key
		// line of the unnamed users at the top.
		tallest := slices.Max(totals)
		levels, highest := 0, tallest
		placed := placeNames(perUser, totals, markedWeeks, nameReach(len(totals)), nameLine*tallest, nameClearance*tallest)
		for _, n := range placed {
			levels, highest = max(levels, n.level), math.Max(highest, n.at.Y)
		}
		p.Y.Max = math.Max(p.Y.Max, highest+(0.12+0.08*float64(levels))*tallest)
		if len(placed) < len(perUser) {
			p.Y.Max += 1.5 * nameLine * tallest
		}
	}
	p.Y.Min = 0
	return p, nil
}

// A name is where placeNames writes a top user's name: its point (the
// text's middle week when centred, else the column's week it ends or
// starts at; the height of the columns under the text), its alignment
// there and its line above that height.
type name struct {
	user   int // the top user's index
	at     plotter.XY
	align  text.XAlignment
	lo, hi int // the weeks under the text
	level  int
}

// userNames draws the names of WeeklyJobs' top users. They are placed
// (placeNames) when the panel is drawn, with a line and the clearance
// measured on the y range the panel is drawn with — a figure that shares
// y among panels may stretch it well past the panel's own tallest week,
// and a line of text (labelLine points) then spans more jobs than the
// panel alone would suggest.
type userNames struct {
	perUser        [][]float64
	totals, marked []float64
	words          []string // the names, one per top user
	colors         []color.Color
	barWidth       vg.Length
}

// Texts returns the names (for plottest's checks of labels).
func (u *userNames) Texts() []string { return u.words }

// Plot places and draws the names on the data area c of plt: a line is
// labelLine points in jobs of plt's y axis (linear), the clearance
// nameClearance/nameLine of it (about 6 points), and a name reaches half
// the widest name's text (and a point) each side, in weeks of plt's x
// axis.
func (u *userNames) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	perJob, perWeek := float64(trY(1)-trY(0)), float64(trX(1)-trX(0)) // points per job, per week
	if !(perJob > 0) || math.IsInf(perJob, 0) || !(perWeek > 0) || math.IsInf(perWeek, 0) {
		return // a degenerate axis: nowhere to write
	}
	sty := plots.TextStyle(8, false)
	widest := 0.0
	for _, w := range u.words {
		widest = math.Max(widest, float64(sty.Width(w)))
	}
	line := float64(labelLine) / perJob
	reach := int(math.Ceil((widest/2 + 1) / perWeek))
	for _, lb := range u.labels(reach, line, line*nameClearance/nameLine) {
		lb.Plot(c, plt)
	}
	// The key line: the users named at no column, each in its colour.
	unnamed := u.unnamed(reach, line, line*nameClearance/nameLine)
	if len(unnamed) == 0 {
		return
	}
	lead := plots.TextStyle(8, false)
	lead.XAlign, lead.YAlign = draw.XLeft, draw.YTop
	at := vg.Point{X: c.Min.X + vg.Points(4), Y: c.Max.Y - vg.Points(2)}
	c.FillText(lead, at, UnnamedLead)
	at.X += lead.Width(UnnamedLead + " ")
	for i, k := range unnamed {
		w := u.words[k]
		if i < len(unnamed)-1 {
			w += ","
		}
		st := lead
		st.Color = u.colors[k]
		c.FillText(st, at, w)
		at.X += st.Width(w + " ")
	}
}

// UnnamedLead opens the key line of WeeklyJobs' top users whose slices
// are thinner than a line of text at every column: their names follow, in
// their colours.
const UnnamedLead = "in colour, too thin to name at a column:"

// unnamed returns the top users placeNames names at no column (with the
// reach, line and clearance of labels), in their order.
func (u *userNames) unnamed(reach int, line, clearance float64) []int {
	named := make([]bool, len(u.perUser))
	for _, n := range placeNames(u.perUser, u.totals, u.marked, reach, line, clearance) {
		named[n.user] = true
	}
	var out []int
	for k, ok := range named {
		if !ok {
			out = append(out, k)
		}
	}
	return out
}

// labels returns the names placed with a reach in weeks, a line and a
// clearance in jobs (placeNames): one plotter.Labels per line and alignment, each name in
// its user's colour, a line (labelLine) above the one under it and a
// name beside its column starting (ending) at the column's edge.
func (u *userNames) labels(reach int, line, clearance float64) []*plotter.Labels {
	names := placeNames(u.perUser, u.totals, u.marked, reach, line, clearance)
	levels := 0
	for _, n := range names {
		levels = max(levels, n.level)
	}
	var out []*plotter.Labels
	for level := range levels + 1 {
		for _, a := range []text.XAlignment{draw.XCenter, draw.XLeft, draw.XRight} {
			var pts plotter.XYs
			var words []string
			var colors []color.Color
			for _, n := range names {
				if n.level == level && n.align == a {
					pts, words, colors = append(pts, n.at), append(words, u.words[n.user]), append(colors, u.colors[n.user])
				}
			}
			if len(pts) == 0 {
				continue
			}
			dx := map[text.XAlignment]vg.Length{draw.XLeft: -u.barWidth / 2, draw.XRight: u.barWidth / 2}[a]
			o := plots.LabelOptions{Colors: colors, Align: a, Offset: vg.Point{X: dx, Y: vg.Points(2) + vg.Length(level)*labelLine}}
			lb, err := plots.NewLabels(pts, words, o)
			if err != nil {
				panic("resampleplot: " + err.Error()) // one point per word, all finite
			}
			out = append(out, lb)
		}
	}
	return out
}

// Where placeNames may set a name: how far above the top of its column's
// unmarked jobs it may stand and still be at its column (nameClearance),
// and the height of a line of names (nameLine), as fractions of the
// tallest week — on a panel of a figure drawn with its own y range, about
// 6 and 10 points: the estimate weeklyJobs leaves room by (the names are
// placed again on the y range drawn, userNames).
const (
	nameClearance = 0.05
	nameLine      = 0.08
)

// nameReach is the estimate of half a name's width in weeks, for a panel
// of nw weeks: "user 12" spans about 5% of a panel's width.
func nameReach(nw int) int { return max(1, int(math.Round(0.025*float64(nw)))) }

// placeNames places the name of each top user k (its weekly jobs
// perUser[k]; totals are all jobs per week, marked the marked ones among
// them) at one of its columns: over it, centred or shifted by whole weeks
// as far as ending or starting at it (the column anywhere under the text:
// where bursts crowd, a shifted name finds the gap beside its column that
// a centred one misses). A name is raised to the tallest column under its
// text, and a line (line jobs high) above each name before it whose
// text it would overlap (stackOn). A place is at its column when the
// columns under the text rise no more than clearance jobs above the
// column's unmarked jobs: no taller bar nearby and no
// marked burst on top of the column (a flurry); a name stacked over other
// names there is still at its column (a pile of names over a quiet stretch
// reads better than one name over a burst). A place whose text would
// reach past the first or the last week counts as a tallest week further
// away. Each name takes the place nearest its column, then on the fewest
// lines, then at the user's busiest week (centred first, then shifted by
// one week left and right, two, …, then ending at the column and starting
// there; the earliest week of equal ones). A user is named only at a
// column where its own slice is at least a line high (line jobs): a name
// over a stack in which its user is a sliver names the wrong colour. A
// user with no such column is left out (the key line names it); the names
// are in the users' order.
func placeNames(perUser [][]float64, totals, marked []float64, reach int, line, clearance float64) []name {
	if len(perUser) == 0 {
		return nil
	}
	nw := len(totals)
	reach = max(1, reach)
	tallest := slices.Max(totals)
	// under[s+2·reach] is the tallest column under a name whose text
	// spans weeks s … s+2·reach.
	under := windowMax(totals, 2*reach+1)
	// Where the text may stand: its first week lo from the column's, and
	// its alignment there (centred over its middle week; at the ends,
	// ending or starting at the column's edge).
	type shift struct {
		a  text.XAlignment
		lo int
	}
	shifts := []shift{{draw.XCenter, -reach}}
	for d := 1; d < reach; d++ {
		shifts = append(shifts, shift{draw.XCenter, -reach - d}, shift{draw.XCenter, -reach + d})
	}
	shifts = append(shifts, shift{draw.XRight, -2 * reach}, shift{draw.XLeft, 0})
	var out []name
	for k := range perUser {
		var best name
		bestOver, bestLevel, bestJobs := math.Inf(1), 0, 0.0
		for w, c := range perUser[k] {
			if c == 0 || c < line*(1-1e-9) { // thinner than a line, but for rounding
				continue
			}
			for _, sh := range shifts {
				lo := w + sh.lo
				x := float64(w)
				if sh.a == draw.XCenter {
					x = float64(lo + reach)
				}
				n := name{user: k, at: plotter.XY{X: x, Y: under[lo+2*reach]}, align: sh.a, lo: max(lo, 0), hi: min(lo+2*reach, nw-1)}
				n.stackOn(out, line)
				over := max(0, n.at.Y-(totals[w]-marked[w])-clearance) // 0: at its column
				if lo < 0 || lo+2*reach > nw-1 {
					over += tallest // the text would reach past the first or last week
				}
				if over < bestOver || over == bestOver && (n.level < bestLevel || n.level == bestLevel && c > bestJobs) {
					best, bestOver, bestLevel, bestJobs = n, over, n.level, c
				}
			}
		}
		if math.IsInf(bestOver, 1) { // no slice a line high
			continue
		}
		out = append(out, best)
	}
	return out
}

// stackOn raises n above the names before it whose text it would
// overlap: those whose weeks meet n's and above which n does not stand a
// line (line high, in data units) or more. n goes a line above such a
// name, at its height when that is above n's columns. Raising n may meet
// a name passed before, so the names are looked at again until n stands
// clear of all.
func (n *name) stackOn(before []name, line float64) {
	for moved := true; moved; {
		moved = false
		for _, a := range before {
			ha, hn := a.at.Y+float64(a.level)*line, n.at.Y+float64(n.level)*line
			if a.hi < n.lo || n.hi < a.lo || hn >= ha+line*(1-1e-9) { // a line above, but for rounding
				continue
			}
			if a.at.Y > n.at.Y {
				n.at.Y, n.level = a.at.Y, 0
			}
			n.level = max(n.level, a.level+1)
			moved = true
		}
	}
}

// windowMax returns, for each start s from −(width−1) to len(v)−1 (at
// index s+width−1), the largest of v[s … s+width−1] within v, in time
// linear in len(v)+width (van Herk's prefix and suffix maxima of blocks
// of width values, v padded with −∞ to whole blocks).
func windowMax(v []float64, width int) []float64 {
	pad := width - 1
	n := len(v) + 2*pad
	n += (width - n%width) % width
	x := make([]float64, n)
	for i := range x {
		x[i] = math.Inf(-1)
	}
	copy(x[pad:], v)
	pre, suf := make([]float64, n), make([]float64, n)
	for i := range x {
		pre[i] = x[i]
		if i%width != 0 {
			pre[i] = max(pre[i], pre[i-1])
		}
	}
	for i := n - 1; i >= 0; i-- {
		suf[i] = x[i]
		if (i+1)%width != 0 && i+1 < n {
			suf[i] = max(suf[i], suf[i+1])
		}
	}
	out := make([]float64, len(v)+pad)
	for j := range out { // the window x[j … j+width−1]
		out[j] = max(suf[j], pre[j+width-1])
	}
	return out
}
