package feedbackplot

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/tracelab/tracelab/plots"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// groupKeys joins the values of the by columns of each row: "a=1, b=x".
func groupKeys(df dataframe.DataFrame, by []string) ([]string, error) {
	n := df.Nrow()
	keys := make([]string, n)
	for _, b := range by {
		v, err := plots.StringColumn(df, b)
		if err != nil {
			return nil, err
		}
		for i := range n {
			if keys[i] != "" {
				keys[i] += ", "
			}
			keys[i] += v[i]
		}
	}
	return keys, nil
}

// Lines draws y against x of a frame, one line per distinct combination of
// the by columns (in order of first appearance), the mean of y over rows
// that share a line and an x (e.g. replicates); rows with NaN y are left
// out of the means. Use it for 2021 Fig. 17 (x users, y throughput, by
// scheduler and simulation of feedback.LoadSweep), Fig. 19 (x alpha, y
// throughput or jobs_per_session, by load), Fig. 21 (x hour, y mean queue
// length, by cycle and alpha) and the weekly queues of Cross.WeeklyFrame
// (Fig. 8). It returns an error for a missing column or
// nothing to draw.
func Lines(df dataframe.DataFrame, x, y string, by []string, opts plots.LinesOptions) (*plot.Plot, error) {
	xs, err := plots.FloatColumn(df, x)
	if err != nil {
		return nil, err
	}
	ys, err := plots.FloatColumn(df, y)
	if err != nil {
		return nil, err
	}
	keys, err := groupKeys(df, by)
	if err != nil {
		return nil, err
	}
	type acc struct{ s, n float64 }
	var order []string
	pts := map[string]map[float64]*acc{}
	for i := range xs {
		if math.IsNaN(ys[i]) {
			continue
		}
		m, ok := pts[keys[i]]
		if !ok {
			m = map[float64]*acc{}
			pts[keys[i]] = m
			order = append(order, keys[i])
		}
		a, ok := m[xs[i]]
		if !ok {
			a = &acc{}
			m[xs[i]] = a
		}
		a.s += ys[i]
		a.n++
	}
	var series []plots.XY
	for _, k := range order {
		m := pts[k]
		xv := make([]float64, 0, len(m))
		for v := range m {
			xv = append(xv, v)
		}
		slices.Sort(xv)
		yv := make([]float64, len(xv))
		for i, v := range xv {
			yv[i] = m[v].s / m[v].n
		}
		series = append(series, plots.XY{Label: k, X: xv, Y: yv})
	}
	if opts.XLabel == "" {
		opts.XLabel = x
	}
	if opts.YLabel == "" {
		opts.YLabel = y
	}
	return plots.Lines(series, opts)
}

// HourOfWeek draws the fraction of jobs arriving in each hour of the week
// (2014 Figs. 5, 6, 8) from Comparison.HourOfWeekFrame: the log
// ("original", solid) and each named simulation (dashed); no names draws
// every simulation.
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
	p := plot.New()
	p.Title.Text = "arrivals per hour of the week"
	p.X.Label.Text = "hour of the week (Monday 0:00 = 0)"
	p.Y.Label.Text = "fraction of jobs"
	var names []string
	by := map[string]plotter.XYs{}
	for i := range trace {
		if !want(trace[i]) || math.IsNaN(frac[i]) {
			continue
		}
		if _, ok := by[trace[i]]; !ok {
			names = append(names, trace[i])
		}
		by[trace[i]] = append(by[trace[i]], plotter.XY{X: hour[i], Y: frac[i]})
	}
	if len(names) == 0 {
		return nil, errors.New("feedbackplot: HourOfWeek: nothing to draw")
	}
	for i, n := range names {
		l, err := plotter.NewLine(by[n])
		if err != nil {
			return nil, err
		}
		l.Color = plotutil.Color(i)
		if n != "original" {
			l.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
		} else {
			l.Color = color.Black
		}
		p.Add(l)
		p.Legend.Add(n, l)
	}
	p.X.Tick.Marker = dayTicks{}
	p.X.Min, p.X.Max = 0, 168
	return p, nil
}

// dayTicks marks the days of the week on an hour-of-week axis.
type dayTicks struct{}

func (dayTicks) Ticks(min, max float64) []plot.Tick {
	days := []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
	var t []plot.Tick
	for d := range 7 {
		t = append(t, plot.Tick{Value: float64(24 * d), Label: ""}, plot.Tick{Value: float64(24*d + 12), Label: days[d]})
	}
	return append(t, plot.Tick{Value: 168})
}

// Activity draws the distribution (ECDF, log x) of the activity length
// per user in days (2014 Figs. 7, 9) from Comparison.ActivityFrame: the
// log ("original") and each named simulation; no names draws all. Users
// active for 0 days (one job) count in the fractions but cannot be drawn
// on the log axis.
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
		samples = append(samples, plots.Sample{Label: n, Values: by[n]})
	}
	return plots.ECDF(samples, plots.ECDFOptions{Axes: plots.Axes{Title: "activity length per user",
		XLabel: "activity length (days)", YLabel: "fraction of users", LogX: true}})
}

// QueueCDF draws the time-weighted distributions of the queue length
// (2014 Fig. 10) from feedback.QueueFrame, one line per simulation and
// scheduler; x is the queue length + 1 on a log axis (so that an empty
// queue shows).
func QueueCDF(df dataframe.DataFrame) (*plot.Plot, error) {
	q, err := plots.FloatColumn(df, "queue")
	if err != nil {
		return nil, err
	}
	cdf, err := plots.FloatColumn(df, "cdf")
	if err != nil {
		return nil, err
	}
	keys, err := groupKeys(df, []string{"simulation", "scheduler"})
	if err != nil {
		return nil, err
	}
	var order []string
	by := map[string]*plots.XY{}
	for i := range q {
		s, ok := by[keys[i]]
		if !ok {
			s = &plots.XY{Label: keys[i]}
			by[keys[i]] = s
			order = append(order, keys[i])
		}
		s.X = append(s.X, q[i]+1)
		s.Y = append(s.Y, cdf[i])
	}
	var series []plots.XY
	for _, k := range order {
		series = append(series, *by[k])
	}
	p, err := plots.Lines(series, plots.LinesOptions{Axes: plots.Axes{Title: "queue length distribution",
		XLabel: "queue length + 1 (jobs)", YLabel: "fraction of time", LogX: true}})
	if err != nil {
		return nil, err
	}
	p.Legend.Top = false
	p.Y.Min, p.Y.Max = 0, 1
	return p, nil
}

// Validation draws the histogram of the average waits of simulations on
// resampled logs (2021 Fig. 15) with a vertical line at the conventional
// simulation's value ref.
func Validation(waits []float64, ref float64, title string) (*plot.Plot, error) {
	p, err := plots.Hist(waits, plots.HistOptions{Axes: plots.Axes{Title: title, XLabel: "average wait (s)"},
		Bins: max(10, int(math.Sqrt(float64(len(waits))))+1)})
	if err != nil {
		return nil, err
	}
	if !math.IsNaN(ref) {
		top := p.Y.Max // the tallest bin: Add grew the axis to it
		l, err := plotter.NewLine(plotter.XYs{{X: ref, Y: 0}, {X: ref, Y: top}})
		if err != nil {
			return nil, err
		}
		l.Color = color.RGBA{R: 200, A: 255}
		l.Width = vg.Points(2)
		p.Add(l)
		p.Legend.Add("original log", l)
		p.X.Min = math.Min(p.X.Min, ref)
		p.X.Max = math.Max(p.X.Max, ref)
	}
	return p, nil
}

// Gantt draws a schedule (2014 Fig. 3): each job a rectangle of its
// processors × its run, coloured by user, from a frame with columns user,
// start, end and procs (sim.Result.JobsFrame). Jobs get processors first
// fit in order of start, so a job's rectangle may be split when its
// processors are not contiguous. Jobs that did not run are left out. It
// returns an error when the jobs need more than procs processors at once.
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
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "time"
	p.Y.Label.Text = "processors"
	seen := map[string]bool{}
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
		c := plotutil.Color(u)
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
			if !seen[userS[i]] {
				seen[userS[i]] = true
				p.Legend.Add("user "+userS[i], poly)
			}
			a = b + 1
		}
	}
	p.Y.Min, p.Y.Max = 0, float64(procs)
	p.Legend.Top = true
	return p, nil
}
