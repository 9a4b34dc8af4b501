package lublin2003

import (
	"math"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// The KTH SP2's runtime limits, as the Parallel Workloads Archive's page
// of the log states them: before 6 June 1997 a job started on a weekday
// between 07:00 and 16:00 could run 4 h, one started on a weekday night
// 15 h, one started at a weekend 60 h, and no job could run across 07:00
// or 16:00 of a weekday (the synchronisation points); from 6 June to 15
// July 1997 the same limits without the synchronisation points. The
// limits after 15 July are not used (our copy of the page stops there).

// kthSyncUntil and kthLimitsUntil report whether local time s is before
// 6 June and before 15 July 1997, in its own zone.
func kthSyncUntil(s time.Time) bool {
	return s.Before(time.Date(1997, time.June, 6, 0, 0, 0, 0, s.Location()))
}

func kthLimitsUntil(s time.Time) bool {
	return s.Before(time.Date(1997, time.July, 15, 0, 0, 0, 0, s.Location()))
}

// kthLimitHours returns the runtime limit, hours, in force for a job that
// started at local time s: 4 on weekdays from 07:00 to 16:00, 60 from
// Saturday 00:00 to Monday 07:00, else (weekday nights, Friday evening
// included) 15.
func kthLimitHours(s time.Time) float64 {
	wd, h := s.Weekday(), s.Hour()
	switch {
	case wd == time.Saturday || wd == time.Sunday || wd == time.Monday && h < 7:
		return 60
	case h >= 7 && h < 16:
		return 4
	}
	return 15
}

// crossesSyncPoint reports whether a job running from local time s to e
// runs across 07:00 or 16:00 of a weekday.
func crossesSyncPoint(s, e time.Time) bool {
	y, m, d := s.Date()
	for day := time.Date(y, m, d, 0, 0, 0, 0, s.Location()); day.Before(e); day = day.AddDate(0, 0, 1) {
		if day.Weekday() == time.Saturday || day.Weekday() == time.Sunday {
			continue
		}
		for _, h := range []int{7, 16} {
			p := day.Add(time.Duration(h) * time.Hour)
			if s.Before(p) && p.Before(e) {
				return true
			}
		}
	}
	return false
}

// kthStoppedByLimits counts the completed jobs of tr (KTH SP2) started
// while the archive's page gives the site's limits that ran past the
// limit in force at their start (overLimit) or, before 6 June 1997,
// across a weekday synchronisation point (acrossSync); a job may be both.
// stopped counts the jobs with either.
func kthStoppedByLimits(tr *datasets.Trace) (overLimit, acrossSync, stopped int) {
	c := datasets.NewClock(tr)
	for i, st := range tr.Status {
		if st != datasets.StatusCompleted {
			continue
		}
		start := tr.Submit[i] + tr.Wait[i]
		if math.IsNaN(start) || !(tr.Runtime[i] >= 0) {
			continue
		}
		s := c.Time(start)
		if !kthLimitsUntil(s) {
			continue
		}
		over := tr.Runtime[i] > kthLimitHours(s)*3600
		across := kthSyncUntil(s) && crossesSyncPoint(s, c.Time(start+tr.Runtime[i]))
		if over {
			overLimit++
		}
		if across {
			acrossSync++
		}
		if over || across {
			stopped++
		}
	}
	return overLimit, acrossSync, stopped
}
