package users

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
)

// Metric names a per-user marginal of Fig. 4 (2013 §5.1).
type Metric int

const (
	JobsPerUser      Metric = iota // number of jobs
	SessionsPerUser                // number of sessions
	AvgSessionLength               // average session length, s
	CPUWork                        // runtime × processors summed, processor-seconds
	FirstArrival                   // first submission, s since the log's first job
	LastDeparture                  // latest end, s since the log's first job
	ActivityPeriod                 // last submission − first submission, s
)

// Metrics lists the per-user marginals in the order of Fig. 4.
var Metrics = []Metric{JobsPerUser, SessionsPerUser, AvgSessionLength, CPUWork, FirstArrival, LastDeparture, ActivityPeriod}

// String returns the metric's snake_case name.
func (m Metric) String() string {
	switch m {
	case JobsPerUser:
		return "jobs"
	case SessionsPerUser:
		return "sessions"
	case AvgSessionLength:
		return "avg_session_length"
	case CPUWork:
		return "cpu_work"
	case FirstArrival:
		return "first_arrival"
	case LastDeparture:
		return "last_departure"
	case ActivityPeriod:
		return "activity_period"
	}
	return fmt.Sprintf("Metric(%d)", int(m))
}

// Marginals are the distributions of Fig. 4 (2013 §5.1) for one trace: for
// each metric, one value per user sorted increasingly (the curve plotted
// against the users' rank), and the number of jobs submitted in each hour
// of the week (0 = Monday 00:00–00:59 in the log's own time zone).
type Marginals struct {
	Name   string
	Values map[Metric][]float64
	// HourOfWeek counts job submissions per hour of the week.
	HourOfWeek [168]int
	// WallClock says whether HourOfWeek is in the log's wall clock: the
	// header gives the log's start (UnixStartTime). Without it the hours
	// count from 1970-01-01 00:00 UTC, an arbitrary origin: the profile's
	// shape holds, its phase (which hour is Monday 00:00) is unknown.
	WallClock bool
}

// Users returns the number of users.
func (m Marginals) Users() int { return len(m.Values[JobsPerUser]) }

// ComputeMarginals returns the Fig. 4 marginals of a trace over all its
// users (whatever their class). First arrival and last departure are
// measured from the trace's first submission, so traces that start at
// different times compare. It returns the errors of Classify.
func ComputeMarginals(t *datasets.Trace, opts Options) (Marginals, error) {
	p, err := Classify(t, opts)
	if err != nil {
		return Marginals{}, err
	}
	return MarginalsOf(t, p), nil
}

// MarginalsOf returns the Fig. 4 marginals from a trace and its population.
func MarginalsOf(t *datasets.Trace, p Population) Marginals {
	m := Marginals{Name: t.Name, Values: make(map[Metric][]float64, len(Metrics))}
	for _, metric := range Metrics {
		v := make([]float64, p.Len())
		for k := range v {
			switch metric {
			case JobsPerUser:
				v[k] = float64(p.Jobs[k])
			case SessionsPerUser:
				v[k] = float64(p.Sessions[k])
			case AvgSessionLength:
				v[k] = p.AvgSessionLength[k]
			case CPUWork:
				v[k] = p.CPUWork[k]
			case FirstArrival:
				v[k] = p.FirstArrival[k] - p.LogStart
			case LastDeparture:
				v[k] = p.LastDeparture[k] - p.LogStart
			case ActivityPeriod:
				v[k] = p.Span[k]
			}
		}
		slices.Sort(v)
		m.Values[metric] = v
	}
	m.WallClock = t.Header.UnixStartTime != 0
	c := newLocalClock(t)
	for _, s := range t.Submit {
		if !math.IsNaN(s) {
			m.HourOfWeek[c.hourOfWeek(s)]++
		}
	}
	return m
}

// MarginalsFrame returns the per-user marginals of one or more traces in
// long form, ready to plot or compare: columns trace, metric, rank (0 for
// the smallest value), fraction (rank over users−1, so traces with
// different numbers of users share an axis) and value. Rows are ordered by
// trace (as given), metric (Fig. 4 order) and rank.
func MarginalsFrame(ms ...Marginals) dataframe.DataFrame {
	var trace, metric []string
	var rank []int
	var frac, value []float64
	for _, m := range ms {
		for _, met := range Metrics {
			v := m.Values[met]
			for r, x := range v {
				trace = append(trace, m.Name)
				metric = append(metric, met.String())
				rank = append(rank, r)
				f := 0.0
				if len(v) > 1 {
					f = float64(r) / float64(len(v)-1)
				}
				frac = append(frac, f)
				value = append(value, x)
			}
		}
	}
	return dataframe.New(
		series.New(trace, series.String, "trace"),
		series.New(metric, series.String, "metric"),
		series.New(rank, series.Int, "rank"),
		series.New(frac, series.Float, "fraction"),
		series.New(value, series.Float, "value"),
	)
}

// HourOfWeekFrame returns the arrivals per hour of the week of one or more
// traces: columns trace, hour (0–167, Monday 00:00 local time first), day
// (0 Monday … 6 Sunday), jobs and fraction (of the trace's jobs).
func HourOfWeekFrame(ms ...Marginals) dataframe.DataFrame {
	var trace []string
	var hour, day, jobs []int
	var frac []float64
	for _, m := range ms {
		total := 0
		for _, c := range m.HourOfWeek {
			total += c
		}
		for h, c := range m.HourOfWeek {
			trace = append(trace, m.Name)
			hour = append(hour, h)
			day = append(day, h/24)
			jobs = append(jobs, c)
			f := math.NaN()
			if total > 0 {
				f = float64(c) / float64(total)
			}
			frac = append(frac, f)
		}
	}
	return dataframe.New(
		series.New(trace, series.String, "trace"),
		series.New(hour, series.Int, "hour"),
		series.New(day, series.Int, "day"),
		series.New(jobs, series.Int, "jobs"),
		series.New(frac, series.Float, "fraction"),
	)
}
