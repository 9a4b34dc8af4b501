package sessionplot

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// binCentres returns the geometric centre of each bin (Hi/2 for a bin from
// 0, 2·Lo for an open last bin) and its probability.
func binCentres(bins []session.Bin) (x, y []float64) {
	for _, b := range bins {
		var c float64
		switch {
		case b.Lo <= 0:
			c = b.Hi / 2
		case math.IsInf(b.Hi, 1):
			c = 2 * b.Lo
		default:
			c = math.Sqrt(b.Lo * b.Hi)
		}
		x = append(x, c)
		y = append(y, b.Probability)
	}
	return x, y
}

// Continuation draws one panel of Fig. 18 of Feitelson (2021): the
// probability that the next think time is below the threshold against the
// previous job's response time (bySlowdown false, seconds, log axis) or its
// slowdown (bySlowdown true), one point per bin at its geometric centre,
// with label in the legend; the y axis spans [0, 1]. Empty bins are not
// drawn. It returns an error when no bin has jobs.
func Continuation(c session.Continuation, bySlowdown bool, label string) (*plot.Plot, error) {
	bins, xl := c.Response, "response time of previous job [s]"
	if bySlowdown {
		bins, xl = c.Slowdown, "slowdown of previous job"
	}
	x, y := binCentres(bins)
	p, err := plots.Lines([]plots.XY{{Label: label, X: x, Y: y}}, plots.LinesOptions{Points: true,
		Axes: plots.Axes{XLabel: xl, YLabel: fmt.Sprintf("P(think time < %g min)", c.Threshold/60), LogX: true}})
	if err != nil {
		return nil, err
	}
	p.Y.Min, p.Y.Max = 0, 1
	return p, nil
}

// Alternate are the two colours that tell neighbouring groups apart
// (the jobs of successive batches, the batches of successive sessions):
// the palette's blue and orange.
var Alternate = [2]color.Color{plots.Palette[0], plots.Palette[4]}

// User draws one user's jobs between trace times from and to in the
// manner of Figs. 1, 2 and 4 of Zakay and Feitelson (2014): each job a
// horizontal bar from its arrival to its end (one row per job, by
// arrival), successive batches in the two Alternate colours, a dotted
// vertical line where each session begins, and the depends-on edges
// (Definition 12) as grey lines from the end of the batch depended on to
// the arrival of the dependent batch (dashed for rule 2). Times are shown
// in hours from from. It returns an error when the user has no job in the
// window.
func User(s session.Structure, t *datasets.Trace, user int, from, to float64) (*plot.Plot, error) {
	k, ok := slices.BinarySearch(s.Users.ID, user)
	if !ok {
		return nil, fmt.Errorf("sessionplot: User: no user %d", user)
	}
	rows := s.Order[s.Users.FirstJob[k] : s.Users.FirstJob[k]+s.Users.Jobs[k]]
	var shown []int
	for _, i := range rows {
		if t.Submit[i] >= from && t.Submit[i] <= to {
			shown = append(shown, i)
		}
	}
	if len(shown) == 0 {
		return nil, fmt.Errorf("sessionplot: User: user %d has no job in [%v, %v]", user, from, to)
	}
	hours := func(x float64) float64 { return (x - from) / datasets.Hour }
	p := plots.New(plots.Axes{Title: fmt.Sprintf("user %d: sessions, batches and dependencies", user),
		XLabel: "hours", YLabel: "jobs (by arrival)", IntegerY: true})
	key := map[string]plot.Thumbnailer{}
	var keyOrder []string
	keep := func(label string, th plot.Thumbnailer) {
		if _, ok := key[label]; !ok {
			key[label] = th
			keyOrder = append(keyOrder, label)
		}
	}
	rowOf := map[int]int{}
	for y, i := range shown {
		rowOf[i] = y
		b := s.JobBatch[i]
		l, err := plotter.NewLine(plotter.XYs{{X: hours(t.Submit[i]), Y: float64(y)}, {X: hours(s.JobEnd[i]), Y: float64(y)}})
		if err != nil {
			return nil, err
		}
		odd := s.Batches.Seq[b] % 2
		l.Color = Alternate[odd]
		l.Width = vg.Points(4)
		p.Add(l)
		keep([]string{"jobs of a batch", "jobs of the next batch"}[odd], l)
	}
	n := float64(len(shown))
	fs, ns := s.Users.FirstSession[k], s.Users.Sessions[k]
	for si := fs; si < fs+ns; si++ {
		if st := s.Sessions.Start[si]; st >= from && st <= to {
			l, err := plotter.NewLine(plotter.XYs{{X: hours(st), Y: -0.5}, {X: hours(st), Y: n - 0.5}})
			if err != nil {
				return nil, err
			}
			l.LineStyle = plots.GuideStyle(1)
			l.Color = color.Black
			p.Add(l)
			keep("a session begins", l)
		}
	}
	fb, nb := s.Users.FirstBatch[k], s.Users.Batches[k]
	for b := fb; b < fb+nb; b++ {
		first := s.JobsOf(b)[0]
		yb, ok := rowOf[first]
		if !ok {
			continue
		}
		lo := s.Deps.Start[b]
		for e, o := range s.Deps.Of(b) {
			jobs := s.JobsOf(o)
			yo, ok := rowOf[jobs[len(jobs)-1]]
			if !ok {
				continue
			}
			l, err := plotter.NewLine(plotter.XYs{{X: hours(s.Batches.End[o]), Y: float64(yo)}, {X: hours(s.Batches.FirstArrival[b]), Y: float64(yb)}})
			if err != nil {
				return nil, err
			}
			l.LineStyle = DependsStyle(int(s.Deps.Rule[lo+e]))
			p.Add(l)
			keep(fmt.Sprintf("depends on (rule %d)", s.Deps.Rule[lo+e]), l)
		}
	}
	for _, label := range keyOrder {
		p.Legend.Add(label, key[label])
	}
	p.Y.Min, p.Y.Max = -1, n
	// A little room at both ends of the time axis: the first arrival and
	// the last end would otherwise lie on its ends, the bars seemingly cut.
	pad := 0.02 * (p.X.Max - p.X.Min)
	p.X.Min, p.X.Max = p.X.Min-pad, p.X.Max+pad
	return p, nil
}

// DependsStyle is the line of a depends-on edge found by rule 1 or 2 of
// Definition 12 (Zakay and Feitelson 2014): grey, dashed for rule 2.
func DependsStyle(rule int) draw.LineStyle {
	ls := draw.LineStyle{Color: color.Gray{Y: 90}, Width: vg.Points(1)}
	if rule == 2 {
		ls.Dashes = plots.Dashes[1]
	}
	return ls
}
