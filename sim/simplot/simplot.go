package simplot

import (
	"cmp"
	"errors"
	"fmt"
	"image/color"
	"maps"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/estimates"
)

// GanttOptions controls Gantt.
type GanttOptions struct {
	Title string
	// From and Until are the window drawn, seconds of the schedule's clock
	// (for a log, seconds since its UnixStartTime; datasets.Clock converts
	// dates): jobs that run in [From, Until) are drawn, cut at its ends,
	// and the idle processor time in it while a job waits is shaded as
	// wasted (Fig. 1:
	// "scheduled up to time T; hatched areas represent wasted resources").
	// Zero From means 0; zero Until means the last end.
	From, Until float64
	// Clock, when set, labels the time axis with the window's start as a
	// date in the log's zone.
	Clock *datasets.Clock
	// Lanes is the number of horizontal bands the processors are drawn
	// in: on a machine of more processors, each band holds Procs/Lanes of
	// them and a job fills every band its processors touch, so that a
	// narrow job stays visible. Zero means 256; a machine of at most
	// Lanes processors has one band per processor.
	Lanes int
	// Color says what a job's colour shows: ByJob (default), ByUser or
	// ByWait.
	Color Coloring
}

// Coloring is what the colour of a job shows in a Gantt chart.
type Coloring int

const (
	// ByJob colours a job by its ID in the colour-blind-safe
	// plots.Palette (its id written in white on the dark colours): jobs
	// with neighbouring IDs differ, and a job keeps its colour in the
	// charts of two schedulers.
	ByJob Coloring = iota
	// ByUser colours the jobs of the four users with the most
	// processor-time in the window (plots.Palette), the others grey.
	ByUser
	// ByWait colours jobs by their wait: under a minute, an hour, a day,
	// or longer (light to dark).
	ByWait
)

// DefaultLanes is GanttOptions.Lanes when zero.
const DefaultLanes = 256

// maxGanttLabels bounds the jobs labelled with their ID.
const maxGanttLabels = 50

// waitClasses are the classes of ByWait: upper bounds (s), labels and
// colours (ColorBrewer Blues, light to dark).
var waitClasses = []struct {
	upTo  float64
	label string
	color color.RGBA
}{
	{60, "wait < 1 min", color.RGBA{R: 0xc6, G: 0xdb, B: 0xef, A: 0xff}},
	{3600, "wait < 1 h", color.RGBA{R: 0x6b, G: 0xae, B: 0xd6, A: 0xff}},
	{86400, "wait < 1 day", color.RGBA{R: 0x21, G: 0x71, B: 0xb5, A: 0xff}},
	{math.Inf(1), "wait ≥ 1 day", color.RGBA{R: 0x08, G: 0x30, B: 0x6b, A: 0xff}},
}

// Gantt draws the schedule of r in a window of time: each job a rectangle
// of its processors (sim.Allocate: first fit at each start; a job's
// rectangle is split when its processors are not contiguous) × its run,
// labelled with its ID (each piece of a split one) when at most 50 jobs
// are drawn, and the idle
// processor time shaded grey wherever a job waits (wasted; idle processors
// with nothing waiting stay white). The time axis is in seconds for a window of
// less than two hours from time 0, else in hours (or days beyond three
// days) from the window's start. Jobs that did not start are left out. It
// returns an error for a bad window, when no job runs in it, or when the
// jobs need more than r.Procs processors at once (which the engine never
// does).
func Gantt(r *sim.Result, opts GanttOptions) (*plot.Plot, error) {
	from, until := opts.From, opts.Until
	last := math.Inf(-1)
	for j := range r.ID {
		if !math.IsNaN(r.Start[j]) {
			last = max(last, r.End[j])
		}
	}
	if math.IsInf(last, -1) {
		return nil, errors.New("simplot: Gantt: no job started")
	}
	if until == 0 {
		until = last
	}
	if !(from >= 0 && until > from) || math.IsInf(until, 0) {
		return nil, fmt.Errorf("simplot: Gantt: window [%v, %v), want 0 ≤ From < Until", from, until)
	}
	lanes := opts.Lanes
	switch {
	case lanes < 0:
		return nil, fmt.Errorf("simplot: Gantt: %d lanes", lanes)
	case lanes == 0:
		lanes = DefaultLanes
	}
	lanes = min(lanes, r.Procs)
	alloc, err := sim.Allocate(r)
	if err != nil {
		return nil, fmt.Errorf("simplot: Gantt: %w", err)
	}
	idx := make([]int, 0, r.Len())
	for j := range r.ID {
		if s := r.Start[j]; !math.IsNaN(s) && s < until && (r.End[j] > from || (r.End[j] == s && s >= from)) {
			idx = append(idx, j)
		}
	}
	if len(idx) == 0 {
		return nil, fmt.Errorf("simplot: Gantt: no job runs in [%v, %v)", from, until)
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(r.Start[a], r.Start[b]) })
	unit, unitName := 1.0, "s"
	switch span := until - from; {
	case from == 0 && span < 2*datasets.Hour && opts.Clock == nil:
	case span > 3*datasets.Day:
		unit, unitName = datasets.Day, "days"
	case span >= 2*datasets.Hour:
		unit, unitName = datasets.Hour, "h"
	}
	x := func(t float64) float64 { return (t - from) / unit }
	p := plots.New(plots.Axes{Title: opts.Title, XLabel: "time [" + unitName + "]", YLabel: "processors", IntegerY: true})
	if from != 0 || opts.Clock != nil {
		t0 := fmt.Sprintf("t = %s s", strconv.FormatFloat(from, 'f', -1, 64))
		if opts.Clock != nil {
			t0 = opts.Clock.Time(from).Format("Mon 2 Jan 2006 15:04 MST")
		}
		p.X.Label.Text = fmt.Sprintf("time from %s [%s]", t0, unitName)
	}
	// Idle time first, underneath: the whole height wherever a job waits,
	// then jobs on top, so that only the idle processors stay grey.
	var rings []plotter.XYer
	for _, w := range waiting(r, from, until) {
		rings = append(rings, plotter.XYs{{X: x(w[0]), Y: 0}, {X: x(w[1]), Y: 0}, {X: x(w[1]), Y: float64(r.Procs)}, {X: x(w[0]), Y: float64(r.Procs)}})
	}
	bg, err := plotter.NewPolygon(rings...)
	if err != nil {
		return nil, err
	}
	bg.Color = color.Gray{Y: 215}
	bg.LineStyle.Width = 0
	p.Add(bg)
	p.Legend.Add("idle while a job waits (wasted)", bg)
	colorOf := jobColors(r, idx, from, until, opts.Color, p)
	var labels plotter.XYLabels
	var labelColors []color.Color
	laneOf := func(proc int) int { return proc * lanes / r.Procs }
	laneY := func(l int) float64 { return float64(l * r.Procs / lanes) }
	if lanes == r.Procs {
		laneY = func(l int) float64 { return float64(l) }
	}
	for n, j := range idx {
		x0, x1 := x(max(r.Start[j], from)), x(min(r.End[j], until))
		var spans [][2]int // lanes lo..hi
		for _, rg := range alloc[j] {
			lo, hi := laneOf(rg.First), laneOf(rg.Last)
			if k := len(spans) - 1; k >= 0 && spans[k][1] >= lo-1 {
				spans[k][1] = max(spans[k][1], hi)
				continue
			}
			spans = append(spans, [2]int{lo, hi})
		}
		for _, sp := range spans {
			poly, err := rect(x0, x1, laneY(sp[0]), laneY(sp[1]+1))
			if err != nil {
				return nil, err
			}
			poly.Color = colorOf(n, j)
			poly.LineStyle.Color = color.White
			if lanes < r.Procs {
				poly.LineStyle.Width = 0
			}
			p.Add(poly)
			// Every piece of a split job carries its id: an unlabelled
			// piece reads as a job of its own (2021 Fig. 1's FCFS job 7 on
			// processors 0–2 and 6).
			if len(idx) <= maxGanttLabels {
				labels.XYs = append(labels.XYs, plotter.XY{X: (x0 + x1) / 2, Y: (laneY(sp[0]) + laneY(sp[1]+1)) / 2})
				labels.Labels = append(labels.Labels, strconv.Itoa(r.ID[j]))
				labelColors = append(labelColors, textOn(poly.Color))
			}
		}
	}
	if len(labels.Labels) > 0 {
		// Each job named by its id in its rectangle.
		if err := plots.AddLabels(p, labels.XYs, labels.Labels, plots.LabelOptions{Colors: labelColors, Align: draw.XCenter, Offset: vg.Point{Y: -vg.Points(3)}}); err != nil {
			return nil, err
		}
	}
	p.X.Min, p.X.Max = 0, x(until)
	p.Y.Min, p.Y.Max = 0, float64(r.Procs)
	return p, nil
}

// waiting returns the stretches of [from, until) in which some job waits
// (submitted, not started; a job that never started waits to until),
// merged and in order: the time in which an idle processor is wasted
// (2021 Fig. 1: "hatched areas represent wasted resources"; idle
// processors with no job waiting waste nothing).
func waiting(r *sim.Result, from, until float64) [][2]float64 {
	var ws [][2]float64
	for j := range r.ID {
		end := r.Start[j]
		if math.IsNaN(end) {
			end = until
		}
		if s, e := max(r.Submit[j], from), min(end, until); e > s {
			ws = append(ws, [2]float64{s, e})
		}
	}
	slices.SortFunc(ws, func(a, b [2]float64) int { return cmp.Compare(a[0], b[0]) })
	var out [][2]float64
	for _, w := range ws {
		if k := len(out) - 1; k >= 0 && w[0] <= out[k][1] {
			out[k][1] = max(out[k][1], w[1])
			continue
		}
		out = append(out, w)
	}
	return out
}

// jobColors returns the colour of the n-th job drawn (job j), adding the
// legend entries of the colouring to p.
func jobColors(r *sim.Result, idx []int, from, until float64, c Coloring, p *plot.Plot) func(n, j int) color.Color {
	switch c {
	case ByWait:
		for _, wc := range waitClasses {
			poly, _ := rect(0, 0, 0, 0)
			poly.Color = wc.color
			p.Legend.Add(wc.label, poly)
		}
		return func(_, j int) color.Color {
			w := r.Start[j] - r.Submit[j]
			for _, wc := range waitClasses {
				if w < wc.upTo {
					return wc.color
				}
			}
			return waitClasses[len(waitClasses)-1].color
		}
	case ByUser:
		const shown = 4 // with idle and the others: six legend entries
		user := func(j int) int {
			if j < len(r.User) {
				return r.User[j]
			}
			return -1
		}
		area := map[int]float64{}
		for _, j := range idx {
			area[user(j)] += (min(r.End[j], until) - max(r.Start[j], from)) * float64(r.Width[j])
		}
		users := slices.Collect(maps.Keys(area))
		slices.SortFunc(users, func(a, b int) int {
			if c := cmp.Compare(area[b], area[a]); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		top := map[int]color.Color{}
		for k, u := range users[:min(shown, len(users))] {
			top[u] = plots.Palette[k]
			poly, _ := rect(0, 0, 0, 0)
			poly.Color = top[u]
			p.Legend.Add("user "+strconv.Itoa(u), poly)
		}
		other := color.Gray{Y: 120}
		if len(users) > shown {
			poly, _ := rect(0, 0, 0, 0)
			poly.Color = other
			p.Legend.Add(fmt.Sprintf("%d other users", len(users)-shown), poly)
		}
		return func(_, j int) color.Color {
			if c, ok := top[user(j)]; ok {
				return c
			}
			return other
		}
	}
	n := len(plots.Palette)
	return func(_, j int) color.Color { return plots.Palette[((r.ID[j]-1)%n+n)%n] }
}

// textOn returns the colour of text written on a fill of colour c: white
// on a dark fill, black on a light one (relative luminance above 0.4).
func textOn(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	if (0.2126*float64(r)+0.7152*float64(g)+0.0722*float64(b))/0xffff > 0.4 {
		return color.Black
	}
	return color.White
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
		XLabel: "runtime / estimate [%, bin upper bound]", YLabel: "fraction of jobs"}})
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
	return plots.ECDF([]plots.Sample{{Label: "estimates", Values: estimate, Dashed: true}, {Label: "runtimes", Values: runtime}},
		plots.ECDFOptions{Axes: plots.Axes{Title: name, XLabel: "time [s]", YLabel: "fraction of jobs", LogX: true}})
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
	return plots.Lines(series, plots.LinesOptions{Axes: plots.Axes{Title: title, XLabel: "week", YLabel: yl}})
}
