package usersplot

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
)

// classOrder is the order of the classes in the key, and their style
// index in the palette (discarded users in a guide's grey).
var classOrder = []users.Class{users.LongTerm, users.Temporary, users.Discarded}

// drawOrder is the order in which Activity draws the classes: the long
// lines first, the short temporary users on top.
var drawOrder = []users.Class{users.LongTerm, users.Discarded, users.Temporary}

// Activity draws the users' periods of activity in the manner of Fig. 3
// (2013 §4): one horizontal segment per user from the first to the last
// submission, in weeks since the log's start, users ordered by first
// arrival (bottom first), coloured by class (long-term, temporary, and
// discarded in grey). Dashed vertical guides mark the edge zones of
// Options.Edge. The legend is the same for every population (their
// counts are ActivityCounts). It returns an error for an empty population.
func Activity(p users.Population, title string) (*plot.Plot, error) {
	if p.Len() == 0 {
		return nil, errors.New("usersplot: Activity: no users")
	}
	order := make([]int, p.Len())
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(a, b int) bool { return p.FirstArrival[order[a]] < p.FirstArrival[order[b]] })
	pl := plots.New(plots.Axes{Title: title, XLabel: "weeks since the log's start", YLabel: "users (by first arrival)", IntegerY: true})
	first := map[users.Class]*plotter.Line{}
	byClass := map[users.Class][]plot.Plotter{}
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
		l.LineStyle = classStyle(p.Class[k])
		byClass[p.Class[k]] = append(byClass[p.Class[k]], l)
		if first[p.Class[k]] == nil {
			first[p.Class[k]] = l
		}
	}
	// A line is thicker than a row when there are hundreds of users: the
	// short temporary users are drawn last, over their long neighbours,
	// or they would vanish under them.
	for _, c := range drawOrder {
		pl.Add(byClass[c]...)
	}
	for _, c := range classOrder {
		if l := first[c]; l != nil {
			pl.Legend.Add(plots.Label(c.String()), l)
		}
	}
	if p.Options.Edge > 0 {
		end := (p.LogEnd - p.LogStart) / datasets.Week
		var guide *plotter.Line
		for _, x := range []float64{p.Options.Edge / datasets.Week, end - p.Options.Edge/datasets.Week} {
			l, err := plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: float64(p.Len())}})
			if err != nil {
				return nil, err
			}
			l.LineStyle = plots.GuideStyle(0)
			pl.Add(l)
			guide = l
		}
		pl.Legend.Add(fmt.Sprintf("edge zones (%g weeks)", p.Options.Edge/datasets.Week), guide)
	}
	// The axis starts at the log's start, labelled 0 (2013 Fig. 3's
	// SDSC-SP2 panel began at its first user's arrival, with no 0).
	pl.X.Min = min(pl.X.Min, 0)
	return pl, nil
}

// ActivityCounts says how many users of each class p has, for a title:
// "173 long-term, 220 temporary, 44 discarded users".
func ActivityCounts(p users.Population) string {
	var parts []string
	for _, c := range classOrder {
		parts = append(parts, fmt.Sprintf("%d %s", p.Count(c).Users, plots.Label(c.String())))
	}
	return strings.Join(parts, ", ") + " users"
}

// classStyle is the line of a user of class c.
func classStyle(c users.Class) (ls draw.LineStyle) {
	switch c {
	case users.LongTerm:
		ls = plots.SeriesStyle(0)
	case users.Temporary:
		ls = plots.SeriesStyle(1)
	default:
		ls = plots.SeriesStyle(0)
		ls.Color = plots.GuideColor
	}
	ls.Width = vg.Points(1)
	return ls
}

// unit returns the display scale, axis label and log-axis choice of a
// per-user metric: counts on log axes, session lengths in hours and work
// in CPU-hours on log axes, times in weeks on linear axes.
func unit(m users.Metric) (scale float64, label string, logY bool) {
	switch m {
	case users.JobsPerUser:
		return 1, "jobs", true
	case users.SessionsPerUser:
		return 1, "sessions", true
	case users.AvgSessionLength:
		return 1.0 / 3600, "average session length [h]", true
	case users.CPUWork:
		return 1.0 / 3600, "CPU work [CPU-hours]", true
	case users.FirstArrival:
		return 1 / datasets.Week, "first arrival [weeks]", false
	case users.LastDeparture:
		return 1 / datasets.Week, "last departure [weeks]", false
	case users.ActivityPeriod:
		return 1 / datasets.Week, "period of activity [weeks]", false
	}
	return 1, m.String(), false
}

// MarginalOptions says how Marginal and Marginals draw the traces beside
// the original.
type MarginalOptions struct {
	// Compared draws each other trace in a colour of its own, named by
	// its Name (through plots.Label); by default they are variants of the
	// original, drawn as a band with their median.
	Compared bool
	// Label names the variants in the key, e.g. "8 resampled logs"; the
	// default is "N variants".
	Label string
	// Band is the extent of the variants' band; the default is plots.MinMax.
	Band plots.BandKind
	// HourCounts draws the hour-of-week panel in jobs (each trace's
	// submissions in that hour of the week over the whole trace) rather
	// than in fractions of the trace's jobs. Use it for traces of the same
	// length whose numbers of jobs differ, as in 2013 Fig. 11 ("one can see
	// the big difference in the number of jobs", §6.3).
	HourCounts bool
}

func (o MarginalOptions) others(ms []users.Marginals) (plots.Role, string, plots.BandKind) {
	role, label, band := plots.Variant, o.Label, o.Band
	if o.Compared {
		role = plots.Compared
	}
	if label == "" {
		label = fmt.Sprintf("%d variants", len(ms))
	}
	if band == plots.NoBand {
		band = plots.MinMax
	}
	return role, label, band
}

// series returns the traces as plot series: the original, then the others.
func series(orig *users.Marginals, others []users.Marginals, o MarginalOptions, xy func(users.Marginals) plots.XY) []plots.XY {
	role, label, _ := o.others(others)
	var out []plots.XY
	if orig != nil {
		s := xy(*orig)
		s.Label, s.Role = "original", plots.Original
		out = append(out, s)
	}
	for _, m := range others {
		s := xy(m)
		s.Role, s.Label = role, label
		if role == plots.Compared {
			s.Label = plots.Label(m.Name)
		}
		out = append(out, s)
	}
	return out
}

// Marginal draws one per-user marginal of Fig. 4 (2013 §5.1): each
// trace's users sorted by the metric, the value against the user's rank
// normalised to [0, 1] (so that traces with different numbers of users
// share the axis, as in Fig. 11): the original (may be nil) bold black,
// the others as o says. Counts, session lengths and work use a log axis,
// on which zero values are left out; times are in weeks, on an axis from 0.
// The rank axis is [0, 1] in every panel.
func Marginal(metric users.Metric, orig *users.Marginals, others []users.Marginals, o MarginalOptions) (*plot.Plot, error) {
	scale, label, logY := unit(metric)
	ss := series(orig, others, o, func(m users.Marginals) plots.XY {
		v := m.Values[metric]
		x, y := make([]float64, len(v)), make([]float64, len(v))
		for r, val := range v {
			if len(v) > 1 {
				x[r] = float64(r) / float64(len(v)-1)
			}
			y[r] = val * scale
		}
		return plots.XY{X: x, Y: y}
	})
	_, _, band := o.others(others)
	p, err := plots.Lines(ss, plots.LinesOptions{Axes: plots.Axes{Title: metricTitle(metric),
		XLabel: "users (normalised rank)", YLabel: label, LogY: logY}, Band: band, Step: true})
	if err != nil {
		return nil, fmt.Errorf("usersplot: %s: %w", metric, err)
	}
	if !logY && p.Y.Min > 0 {
		p.Y.Min = 0 // weeks since the log's start, or a duration
	}
	// The rank axis spans [0, 1] in every panel, also where the users of
	// zero value, left out on a log axis, took its start away.
	p.X.Min, p.X.Max = 0, 1
	return p, nil
}

// metricTitle is a panel title for a metric.
func metricTitle(m users.Metric) string {
	switch m {
	case users.JobsPerUser:
		return "jobs per user"
	case users.SessionsPerUser:
		return "sessions per user"
	case users.AvgSessionLength:
		return "average session length"
	case users.CPUWork:
		return "CPU work per user"
	case users.FirstArrival:
		return "first arrival"
	case users.LastDeparture:
		return "last departure"
	case users.ActivityPeriod:
		return "period of activity"
	}
	return m.String()
}

// HourOfWeek draws the last panel of Fig. 4: the fraction of each
// trace's jobs submitted in each hour of the week (0 = Monday 00:00, the
// log's time zone), or with o.HourCounts their number, the original (may
// be nil) and the others as in Marginal; a tick every 6 hours, the days
// named at midnight (as the paper's caption says).
func HourOfWeek(orig *users.Marginals, others []users.Marginals, o MarginalOptions) (*plot.Plot, error) {
	ss := series(orig, others, o, func(m users.Marginals) plots.XY {
		x, y := make([]float64, 168), hourFractions(m)
		for h := range x {
			x[h] = float64(h)
			if o.HourCounts {
				y[h] = float64(m.HourOfWeek[h])
			}
		}
		return plots.XY{X: x, Y: y}
	})
	_, _, band := o.others(others)
	ylabel := "fraction of jobs"
	if o.HourCounts {
		ylabel = "jobs (whole log)"
	}
	p, err := plots.Lines(ss, plots.LinesOptions{Axes: plots.Axes{Title: "jobs per hour of the week",
		XLabel: "hour of the week (local time)", YLabel: ylabel, IntegerY: o.HourCounts}, Band: band})
	if err != nil {
		return nil, fmt.Errorf("usersplot: hour of week: %w", err)
	}
	p.X.Min, p.X.Max = 0, 168
	p.X.Tick.Marker = plots.WeekTicks{}
	p.Y.Min = 0
	return p, nil
}

// hourFractions is the fraction of m's jobs submitted in each hour of the
// week (all 0 for a trace without jobs).
func hourFractions(m users.Marginals) []float64 {
	total := 0
	for _, c := range m.HourOfWeek {
		total += c
	}
	y := make([]float64, 168)
	for h, c := range m.HourOfWeek {
		if total > 0 {
			y[h] = float64(c) / float64(total)
		}
	}
	return y
}

// HourOfWeekSpread is the largest difference, over the hours of the week
// and the others, between another trace's fraction of jobs in an hour and
// the original's: how far the band of the HourOfWeek panel reaches from
// the original's line (0 without others). A resampled log keeps every
// job's hour of the week and only reweights the users, so its band may be
// no wider than that bold line: a caption says so, with this value.
func HourOfWeekSpread(orig users.Marginals, others []users.Marginals) float64 {
	o, spread := hourFractions(orig), 0.0
	for _, m := range others {
		for h, f := range hourFractions(m) {
			spread = math.Max(spread, math.Abs(f-o[h]))
		}
	}
	return spread
}

// Marginals returns the eight panels of Fig. 4: the seven per-user
// marginals of users.Metrics (Marginal), then the arrivals per hour of
// the week (HourOfWeek). Every panel has the same legend.
func Marginals(orig *users.Marginals, others []users.Marginals, o MarginalOptions) ([]*plot.Plot, error) {
	var out []*plot.Plot
	for _, m := range users.Metrics {
		p, err := Marginal(m, orig, others, o)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	p, err := HourOfWeek(orig, others, o)
	if err != nil {
		return nil, err
	}
	return append(out, p), nil
}
