package users

import (
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// Frame returns the population one row per user, in increasing user id:
// user, class (long_term, temporary, discarded), jobs, sessions,
// weeks_active, first_week, first_arrival, last_arrival, last_departure,
// activity_span, cpu_work, unknown_work, avg_session_length (seconds).
func (p Population) Frame() dataframe.DataFrame {
	class := make([]string, p.Len())
	for k, c := range p.Class {
		class[k] = c.String()
	}
	return dataframe.New(
		series.New(p.ID, series.Int, "user"),
		series.New(class, series.String, "class"),
		series.New(p.Jobs, series.Int, "jobs"),
		series.New(p.Sessions, series.Int, "sessions"),
		series.New(p.WeeksActive, series.Int, "weeks_active"),
		series.New(p.FirstWeek, series.Int, "first_week"),
		series.New(p.FirstArrival, series.Float, "first_arrival"),
		series.New(p.LastArrival, series.Float, "last_arrival"),
		series.New(p.LastDeparture, series.Float, "last_departure"),
		series.New(p.Span, series.Float, "activity_span"),
		series.New(p.CPUWork, series.Float, "cpu_work"),
		series.New(p.UnknownWork, series.Int, "unknown_work"),
		series.New(p.AvgSessionLength, series.Float, "avg_session_length"),
	)
}

// SummaryFrame returns Table V's row: one row per class (long_term,
// temporary, discarded) with columns class, users and jobs.
func (p Population) SummaryFrame() dataframe.DataFrame {
	s := p.Summary()
	class := make([]string, len(s))
	us := make([]int, len(s))
	js := make([]int, len(s))
	for i, c := range s {
		class[i], us[i], js[i] = c.Class.String(), c.Users, c.Jobs
	}
	return dataframe.New(
		series.New(class, series.String, "class"),
		series.New(us, series.Int, "users"),
		series.New(js, series.Int, "jobs"),
	)
}
