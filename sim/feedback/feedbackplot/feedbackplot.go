package feedbackplot

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/tracelab/tracelab/plots"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// LinesOptions controls Lines.
type LinesOptions struct {
	plots.LinesOptions
	// Along names the column whose distinct values make the points of a
	// line, in its order: each point is the mean x and mean y of the rows
	// that share the value (the replicates of a load level, say). ""
	// means x itself.
	Along string
	// Label names a line by the values of its by columns; nil joins their
	// words (plots.Label) with ", ".
	Label func(values []string) string
	// Style gives a line its role, colour (a 1-based index into
	// plots.Palette, 0 for the next) and dashes; nil draws every line as
	// plots.Compared.
	Style func(values []string) (role plots.Role, color int, dashed bool)
	// Markers draws the points only (plots.Scatter), for sweeps whose
	// points do not follow x (utilisation over a sweep of users): a line
	// through them would zigzag.
	Markers bool
}

// Lines draws y against x of a frame, one line per distinct combination of
// the by columns (in order of first appearance), each point the mean over
// the rows of the line that share its x (or its Along value: then the mean
// x too); rows with NaN x or y are left out of the means. Use it for 2021
// Fig. 17 (x users, y throughput, by scheduler and simulation of
// feedback.LoadSweep), Fig. 12 (x utilisation, y response, along users),
// Fig. 19 (x alpha, y throughput or jobs_per_session, by load), Fig. 21 (x
// hour, y mean queue length, by cycle and alpha) and the weekly queues of
// Cross.WeeklyFrame (Fig. 8). When every line is 0 over the last
// ZeroTail of the x range (Fig. 8's queues, drained weeks before the
// simulation ends), the x axis ends ZeroTailPad after the last non-zero
// point and a note in the top right corner says until where the lines stay at 0
// ("all at 0 until week 78 →"). It returns an error for a missing column or
// nothing to draw.
func Lines(df dataframe.DataFrame, x, y string, by []string, opts LinesOptions) (*plot.Plot, error) {
	along := opts.Along
	if along == "" {
		along = x
	}
	cols, err := plots.FloatColumns(df, x, y, along)
	if err != nil {
		return nil, err
	}
	xs, ys, as := cols[0], cols[1], cols[2]
	values := make([][]string, df.Nrow())
	for _, b := range by {
		v, err := plots.StringColumn(df, b)
		if err != nil {
			return nil, err
		}
		for i := range values {
			values[i] = append(values[i], v[i])
		}
	}
	type acc struct{ x, y, n float64 }
	var order []string
	first := map[string][]string{}
	pts := map[string]map[float64]*acc{}
	for i := range xs {
		if math.IsNaN(ys[i]) || math.IsNaN(xs[i]) || math.IsNaN(as[i]) {
			continue
		}
		k := strings.Join(values[i], "\x00")
		m, ok := pts[k]
		if !ok {
			m = map[float64]*acc{}
			pts[k], first[k] = m, values[i]
			order = append(order, k)
		}
		a, ok := m[as[i]]
		if !ok {
			a = &acc{}
			m[as[i]] = a
		}
		a.x += xs[i]
		a.y += ys[i]
		a.n++
	}
	label := opts.Label
	if label == nil {
		label = func(v []string) string {
			words := make([]string, len(v))
			for i, w := range v {
				words[i] = plots.Label(w)
			}
			return strings.Join(words, ", ")
		}
	}
	var series []plots.XY
	for _, k := range order {
		m := pts[k]
		av := make([]float64, 0, len(m))
		for v := range m {
			av = append(av, v)
		}
		slices.Sort(av)
		s := plots.XY{Label: label(first[k])}
		for _, v := range av {
			s.X, s.Y = append(s.X, m[v].x/m[v].n), append(s.Y, m[v].y/m[v].n)
		}
		if opts.Style != nil {
			s.Role, s.Color, s.Dashed = opts.Style(first[k])
		}
		series = append(series, s)
	}
	if opts.XLabel == "" {
		opts.XLabel = plots.Label(x)
	}
	if opts.YLabel == "" {
		opts.YLabel = plots.Label(y)
	}
	if opts.Markers {
		return plots.Scatter(series, plots.ScatterOptions{Axes: opts.Axes})
	}
	cut, end, trim := zeroTail(series)
	if trim {
		for i, s := range series {
			var xs, ys []float64
			for k, v := range s.X {
				if !(v > cut) {
					xs, ys = append(xs, v), append(ys, s.Y[k])
				}
			}
			series[i].X, series[i].Y = xs, ys
		}
	}
	p, err := plots.Lines(series, opts.LinesOptions)
	if err != nil || !trim {
		return p, err
	}
	// The note sits in the top right corner, above the drained end of the
	// lines.
	p.X.Max = cut
	note := fmt.Sprintf("all at 0 until %s %s →", opts.XLabel, plots.TickLabel(end, end))
	if err := plots.AddLabels(p, plotter.XYs{{X: cut, Y: p.Y.Max}}, []string{note},
		plots.LabelOptions{Align: draw.XRight, Offset: vg.Point{X: -vg.Points(2), Y: -vg.Points(10)}}); err != nil {
		return nil, err
	}
	return p, nil
}

// ZeroTail is the share of the x range beyond which a tail where every
// line of Lines is at 0 is cut off (ZeroTailPad); 2021 Fig. 8's queues
// drain about a third of the way before the end of the simulation.
const ZeroTail = 0.2

// ZeroTailPad is the room Lines keeps after the last non-zero point of a
// cut tail, as a share of the x range up to that point: the lines' fall to
// 0 stays in view.
const ZeroTailPad = 0.06

// zeroTail says whether every line of series is 0 over more than ZeroTail
// of their x range from some x on (the weeks after every queue of 2021
// Fig. 8 drained, while the simulation runs on): then the x axis should
// end at cut, ZeroTailPad after the last non-zero point, and the lines
// stay at 0 until end, the largest x. Non-finite points do not count.
func zeroTail(series []plots.XY) (cut, end float64, trim bool) {
	lo, hi, last := math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, s := range series {
		for i, x := range s.X {
			y := s.Y[i]
			if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) {
				continue
			}
			lo, hi = min(lo, x), max(hi, x)
			if y != 0 {
				last = max(last, x)
			}
		}
	}
	if !(hi > lo) || math.IsInf(last, -1) || hi-last <= ZeroTail*(hi-lo) {
		return 0, 0, false
	}
	return last + ZeroTailPad*(last-lo), hi, true
}

// HourOfWeek draws the fraction of jobs arriving in each hour of the week
// (2014 Figs. 5, 6, 8) from Comparison.HourOfWeekFrame: the log
// ("original", bold black) and each named simulation (dashed, as the
// paper draws the models; one model is "the user model" in the legend);
// no names draws every simulation.
func HourOfWeek(df dataframe.DataFrame, sims ...string) (*plot.Plot, error) {
	trace, err := plots.StringColumn(df, "trace")
	if err != nil {
		return nil, err
	}
	hour, err := plots.FloatColumn(df, "hour")
	if err != nil {
		return nil, err
	}
	frac, err := plots.FloatColumn(df, "fraction")
	if err != nil {
		return nil, err
	}
	want := func(s string) bool { return s == "original" || len(sims) == 0 || slices.Contains(sims, s) }
	var names []string
	by := map[string]*plots.XY{}
	for i := range trace {
		if !want(trace[i]) || math.IsNaN(frac[i]) {
			continue
		}
		s, ok := by[trace[i]]
		if !ok {
			names = append(names, trace[i])
			s = &plots.XY{Label: modelLabel(trace[i], sims), Role: plots.Compared, Dashed: true}
			if trace[i] == "original" {
				s.Role, s.Dashed = plots.Original, false
			}
			by[trace[i]] = s
		}
		s.X, s.Y = append(s.X, hour[i]), append(s.Y, frac[i])
	}
	if len(names) == 0 {
		return nil, errors.New("feedbackplot: HourOfWeek: nothing to draw")
	}
	var series []plots.XY
	for _, n := range names {
		series = append(series, *by[n])
	}
	p, err := plots.Lines(series, plots.LinesOptions{Axes: plots.Axes{Title: "arrivals per hour of the week",
		XLabel: "hour of the week (local time)", YLabel: "fraction of jobs"}})
	if err != nil {
		return nil, fmt.Errorf("feedbackplot: HourOfWeek: %w", err)
	}
	p.X.Tick.Marker = plots.WeekTicks{}
	p.X.Min, p.X.Max = 0, 168
	p.Y.Min = 0
	return p, nil
}

// simulationLabel names a trace of a feedback comparison in words: the
// log itself, or a user model's simulation.
func simulationLabel(name string) string {
	switch name {
	case "original":
		return "the log"
	case "adjusted", "distribution", "fluid":
		return name + " model"
	case "conventional":
		return "conventional"
	}
	return plots.Label(name)
}

// modelLabel is simulationLabel, but "the user model" for the one model a
// plot draws (its title names it): so that plots of different models
// share a key.
func modelLabel(name string, sims []string) string {
	if len(sims) == 1 && name == sims[0] && strings.HasSuffix(simulationLabel(name), " model") {
		return "the user model"
	}
	return simulationLabel(name)
}

// Activity draws the distribution (ECDF, log x) of the activity length
// per user in days (2014 Figs. 7, 9) from Comparison.ActivityFrame: the
// log ("original", bold black) and each named simulation (dashed, as the
// paper's captions say); no names draws all. Users active for 0 days (one
// job) count in the fractions but cannot be drawn on the log axis.
func Activity(df dataframe.DataFrame, sims ...string) (*plot.Plot, error) {
	name, err := plots.StringColumn(df, "simulation")
	if err != nil {
		return nil, err
	}
	days, err := plots.FloatColumn(df, "activity_days")
	if err != nil {
		return nil, err
	}
	var order []string
	by := map[string][]float64{}
	for i := range name {
		if name[i] != "original" && len(sims) > 0 && !slices.Contains(sims, name[i]) {
			continue
		}
		if _, ok := by[name[i]]; !ok {
			order = append(order, name[i])
		}
		by[name[i]] = append(by[name[i]], days[i])
	}
	var samples []plots.Sample
	for _, n := range order {
		s := plots.Sample{Label: modelLabel(n, sims), Values: by[n], Role: plots.Compared, Dashed: true}
		if n == "original" {
			s.Role, s.Dashed = plots.Original, false
		}
		samples = append(samples, s)
	}
	return plots.ECDF(samples, plots.ECDFOptions{Axes: plots.Axes{Title: "activity length per user",
		XLabel: "activity length [days]", YLabel: "fraction of users", LogX: true}})
}

// QueueCDF draws the time-weighted distributions of the queue length
// (2014 Fig. 10) from feedback.QueueFrame, one line per simulation and
// scheduler: a colour per scheduler, solid for the conventional
// simulation, dashed with feedback; x is the queue length + 1 on a log
// axis (so that an empty queue shows).
func QueueCDF(df dataframe.DataFrame) (*plot.Plot, error) {
	q, err := plots.FloatColumn(df, "queue")
	if err != nil {
		return nil, err
	}
	cdf, err := plots.FloatColumn(df, "cdf")
	if err != nil {
		return nil, err
	}
	simulation, err := plots.StringColumn(df, "simulation")
	if err != nil {
		return nil, err
	}
	scheduler, err := plots.StringColumn(df, "scheduler")
	if err != nil {
		return nil, err
	}
	var order []string
	var schedulers []string
	by := map[string]*plots.XY{}
	for i := range q {
		k := simulation[i] + "\x00" + scheduler[i]
		s, ok := by[k]
		if !ok {
			if !slices.Contains(schedulers, scheduler[i]) {
				schedulers = append(schedulers, scheduler[i])
			}
			s = &plots.XY{Label: strings.ToUpper(scheduler[i]) + ", " + simulationLabel(simulation[i]),
				Color: slices.Index(schedulers, scheduler[i]) + 1, Dashed: simulation[i] != "conventional"}
			by[k] = s
			order = append(order, k)
		}
		s.X = append(s.X, q[i]+1)
		s.Y = append(s.Y, cdf[i])
	}
	var series []plots.XY
	for _, k := range order {
		series = append(series, *by[k])
	}
	p, err := plots.Lines(series, plots.LinesOptions{Axes: plots.Axes{Title: "queue length distribution",
		XLabel: "queue length + 1 [jobs]", YLabel: "fraction of time", LogX: true}})
	if err != nil {
		return nil, err
	}
	p.Y.Min, p.Y.Max = 0, 1
	return p, nil
}

// Validation draws the histogram of the average waits of simulations on
// resampled logs (2021 Fig. 15) with the conventional simulation's value
// ref as a bold black line (plots.HistValue); variants names the bars in
// the key.
func Validation(waits []float64, ref float64, variants, title string) (*plot.Plot, error) {
	return ValidationOf(waits, ref, variants, "original log", title)
}

// ValidationOf is Validation with the key's name of the line: for
// another simulation of the original log than the conventional one
// ("original log, with feedback").
func ValidationOf(waits []float64, ref float64, variants, original, title string) (*plot.Plot, error) {
	return plots.HistValue(waits, ref, variants, original, plots.HistOptions{Axes: plots.Axes{Title: title,
		XLabel: "average wait [s]", YLabel: "resampled logs"}, Bins: max(10, int(math.Sqrt(float64(len(waits))))+1)})
}

// Gantt draws a schedule (2014 Fig. 3): each job a rectangle of its
// processors × its run, coloured by user (the users in order, a colour of
// the palette each, so that schedules of the same jobs look alike), from a frame with columns user,
// start, end and procs (sim.Result.JobsFrame). Jobs get processors first
// fit in order of start, so a job's rectangle may be split when its
// processors are not contiguous. Jobs that did not run are left out; the
// time axis runs GanttRoom past the last end. It returns an error when the
// jobs need more than procs processors at once.
func Gantt(jobs dataframe.DataFrame, procs int, title string) (*plot.Plot, error) {
	userS, err := plots.StringColumn(jobs, "user")
	if err != nil {
		return nil, err
	}
	start, err := plots.FloatColumn(jobs, "start")
	if err != nil {
		return nil, err
	}
	end, err := plots.FloatColumn(jobs, "end")
	if err != nil {
		return nil, err
	}
	width, err := plots.FloatColumn(jobs, "procs")
	if err != nil {
		return nil, err
	}
	idx := make([]int, 0, len(start))
	for i := range start {
		if !math.IsNaN(start[i]) && !math.IsNaN(end[i]) {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return start[idx[a]] < start[idx[b]] })
	users := slices.Clone(userS)
	slices.Sort(users)
	users = slices.Compact(users)
	busyUntil := make([]float64, procs)
	for i := range busyUntil {
		busyUntil[i] = math.Inf(-1)
	}
	p := plots.New(plots.Axes{Title: title, XLabel: "time", YLabel: "processors", IntegerY: true})
	first := map[string]*plotter.Polygon{} // each user's first rectangle, for the key
	for _, i := range idx {
		need := int(width[i])
		var got []int
		for k := 0; k < procs && len(got) < need; k++ {
			if busyUntil[k] <= start[i] {
				got = append(got, k)
			}
		}
		if len(got) < need {
			return nil, fmt.Errorf("feedbackplot: Gantt: job %d needs %d processors at %v, %d free", i, need, start[i], len(got))
		}
		u, _ := slices.BinarySearch(users, userS[i])
		c := plots.SeriesStyle(u).Color
		for _, k := range got {
			busyUntil[k] = end[i]
		}
		// Draw runs of consecutive processors as one rectangle.
		for a := 0; a < len(got); {
			b := a
			for b+1 < len(got) && got[b+1] == got[b]+1 {
				b++
			}
			poly, err := plotter.NewPolygon(plotter.XYs{{X: start[i], Y: float64(got[a])}, {X: end[i], Y: float64(got[a])},
				{X: end[i], Y: float64(got[b] + 1)}, {X: start[i], Y: float64(got[b] + 1)}})
			if err != nil {
				return nil, err
			}
			poly.Color = c
			poly.LineStyle.Color = color.White
			p.Add(poly)
			if first[userS[i]] == nil {
				first[userS[i]] = poly
			}
			a = b + 1
		}
	}
	for _, u := range users {
		if poly := first[u]; poly != nil {
			p.Legend.Add("user "+u, poly)
		}
	}
	p.Y.Min, p.Y.Max = 0, float64(procs)
	// Room after the last end: a job ending on the frame reads as cut off.
	p.X.Max += GanttRoom * (p.X.Max - p.X.Min)
	return p, nil
}

// GanttRoom is the room Gantt leaves after the last job's end, as a share
// of the time axis.
const GanttRoom = 0.02
