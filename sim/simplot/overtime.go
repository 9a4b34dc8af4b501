package simplot

import (
	"errors"
	"strconv"

	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim"
)

// Measure is what OverTime draws.
type Measure int

const (
	// Utilization is the fraction of the processor time used in a bin.
	Utilization Measure = iota
	// QueueLength is the mean number of waiting jobs over a bin.
	QueueLength
)

// OverTime draws a measure of schedules bin by bin (sim.Result.Binned),
// one line per schedule — the log's own (sim.Logged) beside simulated
// ones, say — at the bins' midpoints, against the time since the first
// bin's start in the bins' unit (hours, days or weeks). names label the
// schedules; the bins must have one width.
func OverTime(names []string, bs []sim.Bins, m Measure, title string) (*plot.Plot, error) {
	if len(names) != len(bs) || len(bs) == 0 {
		return nil, errors.New("simplot: OverTime: want one name per schedule, at least one")
	}
	w := bs[0].Width
	unit, unitName := w, "bins"
	for _, u := range []struct {
		s    float64
		name string
	}{{datasets.Week, "weeks"}, {datasets.Day, "days"}, {datasets.Hour, "hours"}} {
		if w >= u.s {
			unit, unitName = u.s, u.name
			break
		}
	}
	var series []plots.XY
	for i, b := range bs {
		if b.Width != w || len(b.Start) == 0 {
			return nil, errors.New("simplot: OverTime: schedules binned with other widths, or empty")
		}
		x, y := make([]float64, len(b.Start)), b.Utilization
		if m == QueueLength {
			y = b.Queue
		}
		for k, s := range b.Start {
			x[k] = (s + w/2 - bs[0].Start[0]) / unit
		}
		series = append(series, plots.XY{Label: names[i], X: x, Y: y})
	}
	yl := "utilisation (fraction of processor time)"
	if m == QueueLength {
		yl = "waiting jobs (mean over the bin)"
	}
	p, err := plots.Lines(series, plots.LinesOptions{Axes: plots.Axes{Title: title, XLabel: "time (" + unitName + ")", YLabel: yl}})
	if err != nil {
		return nil, err
	}
	p.Y.Min = 0
	p.X.Tick.Marker = plot.TickerFunc(func(min, max float64) []plot.Tick {
		ticks := plot.DefaultTicks{}.Ticks(min, max)
		for i := range ticks {
			if ticks[i].Label != "" {
				ticks[i].Label = strconv.FormatFloat(ticks[i].Value, 'f', -1, 64)
			}
		}
		return ticks
	})
	return p, nil
}
