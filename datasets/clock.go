package datasets

import (
	"fmt"
	"math"
	"strings"
	"time"
	_ "time/tzdata" // wall-clock analyses work on machines without a zone database
)

// Location returns the log's own time zone: the header's TimeZoneString
// (an IANA name, read by ZoneByName), else a fixed zone from the obsolete
// TimeZone offset (seconds), else UTC. An unknown zone name is an error.
func (h Header) Location() (*time.Location, error) {
	if h.TimeZoneString != "" {
		loc, _, err := ZoneByName(h.TimeZoneString)
		if err != nil {
			return nil, fmt.Errorf("datasets: header TimeZoneString %q: %w", h.TimeZoneString, err)
		}
		return loc, nil
	}
	if h.TimeZone != 0 {
		return time.FixedZone(fmt.Sprintf("UTC%+d", h.TimeZone/3600), h.TimeZone), nil
	}
	return time.UTC, nil
}

// droppedZones maps zone names the IANA database once had and dropped to
// the zone each was a link to. tzdata 2020b removed US/Pacific-New (a link
// to America/Los_Angeles, in the "backward" file until then); a log
// converted before keeps the name, and Go's zone data (embedded in the
// program, time/tzdata) no longer knows it.
var droppedZones = map[string]string{
	"US/Pacific-New": "America/Los_Angeles",
}

// ZoneByName returns the zone a TimeZoneString value names, and the name
// it was found under: the value as an IANA name (the program embeds the
// zone database, so the result does not depend on the machine); else its
// first word, when free text follows the name ("Europe/Berlin (CET)": a
// comment, as after a numeric directive's value); else the zone a name the
// database dropped was a link to (droppedZones). "Local", the machine's
// own zone, names no log's zone: it is an error, as is an unknown name.
func ZoneByName(value string) (*time.Location, string, error) {
	name := strings.TrimSpace(value)
	var first string
	if f := strings.Fields(name); len(f) > 0 {
		first = f[0]
	}
	for _, n := range []string{name, first, droppedZones[first]} {
		if n == "" || n == "Local" {
			continue
		}
		if loc, err := time.LoadLocation(n); err == nil {
			return loc, n, nil
		}
	}
	return nil, "", fmt.Errorf("unknown time zone %q", name)
}

// Location returns the trace's time zone (see Header.Location). An unknown
// zone name falls back to UTC; the reader reports it (a WarnHeader warning)
// and Header.Location returns the error.
func (t *Trace) Location() *time.Location {
	loc, err := t.Header.Location()
	if err != nil {
		return time.UTC
	}
	return loc
}

// WallTime converts a trace time (seconds since the log's start) into a
// wall-clock time in the log's zone: UnixStartTime + sec.
func (t *Trace) WallTime(sec float64) time.Time {
	s := math.Floor(sec)
	return time.Unix(t.Header.UnixStartTime+int64(s), int64((sec-s)*1e9)).In(t.Location())
}

// Clock converts trace times to wall-clock fields in the log's own time
// zone. Build it once (NewClock) for loops over many jobs: it caches the
// zone lookup.
type Clock struct {
	start int64
	loc   *time.Location
}

// NewClock returns the clock of a trace.
func NewClock(t *Trace) Clock { return Clock{start: t.Header.UnixStartTime, loc: t.Location()} }

// Time returns the wall-clock time of trace time sec.
func (c Clock) Time(sec float64) time.Time {
	s := math.Floor(sec)
	return time.Unix(c.start+int64(s), int64((sec-s)*1e9)).In(c.loc)
}

// HourOfDay returns 0–23.
func (c Clock) HourOfDay(sec float64) int { return c.Time(sec).Hour() }

// DayOfWeek returns 0 for Monday … 6 for Sunday.
func (c Clock) DayOfWeek(sec float64) int { return (int(c.Time(sec).Weekday()) + 6) % 7 }

// HourOfWeek returns 0 (Monday 00:00–00:59) … 167 (Sunday 23:00–23:59).
func (c Clock) HourOfWeek(sec float64) int {
	w := c.Time(sec)
	return ((int(w.Weekday())+6)%7)*24 + w.Hour()
}

// SecondOfDay returns the seconds since local midnight, [0, 86400).
func (c Clock) SecondOfDay(sec float64) float64 {
	w := c.Time(sec)
	return float64(w.Hour()*3600+w.Minute()*60+w.Second()) + float64(w.Nanosecond())/1e9
}

// WeekStart returns the trace time of the local Monday 00:00 that begins the
// week containing trace time sec.
func (c Clock) WeekStart(sec float64) float64 {
	w := c.Time(sec)
	y, m, d := w.Date()
	mon := time.Date(y, m, d-(int(w.Weekday())+6)%7, 0, 0, 0, 0, c.loc)
	return float64(mon.Unix() - c.start)
}

// WeekIndex returns the week of trace time sec counted from the week of
// trace time origin (0), weeks beginning Monday 00:00 local time.
func (c Clock) WeekIndex(origin, sec float64) int {
	w0 := c.Time(c.WeekStart(origin))
	w1 := c.Time(c.WeekStart(sec))
	// Count calendar days (DST-safe) between the two Mondays.
	d0 := time.Date(w0.Year(), w0.Month(), w0.Day(), 12, 0, 0, 0, time.UTC)
	d1 := time.Date(w1.Year(), w1.Month(), w1.Day(), 12, 0, 0, 0, time.UTC)
	return int(math.Round(d1.Sub(d0).Hours()/24)) / 7
}

// HourOfDay returns the local hour (0–23) of job i's submission.
func (t *Trace) HourOfDay(i int) int { return NewClock(t).HourOfDay(t.Submit[i]) }

// DayOfWeek returns the local day (0 Monday … 6 Sunday) of job i's submission.
func (t *Trace) DayOfWeek(i int) int { return NewClock(t).DayOfWeek(t.Submit[i]) }

// HourOfWeek returns the local hour of the week (0 = Monday 00:00 … 167) of
// job i's submission.
func (t *Trace) HourOfWeek(i int) int { return NewClock(t).HourOfWeek(t.Submit[i]) }

// WeekIndex returns the week (0 = the week of the first job, weeks starting
// Monday 00:00 local time) of job i's submission.
func (t *Trace) WeekIndex(i int) int {
	if t.Len() == 0 {
		return 0
	}
	first := t.Submit[0]
	for _, s := range t.Submit {
		first = min(first, s)
	}
	return NewClock(t).WeekIndex(first, t.Submit[i])
}
