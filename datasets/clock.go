package datasets

import (
	"errors"
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
// database dropped was a link to (droppedZones); else, for an ISO 8601
// offset ("+05:00", "-0500", "+05"), a fixed zone named like "UTC+05:00"
// (isoOffset). "GMT" or "UTC" with a signed, non-zero offset ("GMT-05:00",
// "UTC+2") is an error wrapping ErrAmbiguousZone. "Local", the machine's
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
	for _, n := range []string{name, first} {
		if off, ok := isoOffset(n); ok {
			z := offsetName(off)
			return time.FixedZone(z, off), z, nil
		}
		if off, ok := gmtOffset(n); ok {
			if off == 0 { // "UTC+00:00": both readings agree
				return time.UTC, "UTC", nil
			}
			etc := ""
			if off%3600 == 0 {
				etc = fmt.Sprintf(" (tzdata's Etc/GMT%+d)", off/3600)
			}
			return nil, "", fmt.Errorf("%q is %s by POSIX TZ rules%s and %s by ISO 8601: %w",
				n, offsetName(-off), etc, offsetName(off), ErrAmbiguousZone)
		}
	}
	return nil, "", fmt.Errorf("unknown time zone %q", name)
}

// ErrAmbiguousZone marks a TimeZoneString that is an offset from GMT or
// UTC ("GMT-05:00", "UTC+2") whose sign has two readings: POSIX TZ rules
// (and tzdata's Etc/GMT+5) count hours west of Greenwich, so "GMT+5" is
// UTC−5; ISO 8601 and everyday use count them east, so it is UTC+5. The
// SWF names a zone by its zoneinfo name ("US/Pacific"; SWF 2.2,
// TimeZoneString), so the log's words do not settle it: such a value is
// read as no zone (UTC), and the error names both readings.
var ErrAmbiguousZone = errors.New("an ambiguous offset")

// isoOffset reads a TimeZoneString that is an ISO 8601 offset from UTC,
// "±hh:mm", "±hhmm" or "±hh" (ISO 8601-1:2019 §4.3.13; hh 00–23, mm
// 00–59): the sign is east of UTC, with no other reading. It returns the
// offset in seconds east of UTC; ok is false for any other value and for
// an offset beyond ±14:00, the widest any zone has (Pacific/Kiritimati).
func isoOffset(s string) (int, bool) {
	if len(s) != 3 && len(s) != 5 && len(s) != 6 || s[0] != '+' && s[0] != '-' {
		return 0, false
	}
	d := s[1:]
	switch len(d) {
	case 2:
		d += "00"
	case 5:
		if d[2] != ':' {
			return 0, false
		}
		d = d[:2] + d[3:]
	}
	for _, c := range []byte(d) {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	h, m := int(d[0]-'0')*10+int(d[1]-'0'), int(d[2]-'0')*10+int(d[3]-'0')
	off := h*3600 + m*60
	if h > 23 || m > 59 || off > 14*3600 {
		return 0, false
	}
	if s[0] == '-' {
		off = -off
	}
	return off, true
}

// offsetName names a fixed zone by its ISO 8601 offset: "UTC+05:30",
// "UTC-05:00", "UTC+00:00".
func offsetName(off int) string {
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	return fmt.Sprintf("UTC%c%02d:%02d", sign, off/3600, off%3600/60)
}

// gmtOffset reads "GMT" or "UTC" (any case) followed by a signed offset
// of hours ("GMT+5", "UTC-11"), or of hours and minutes as isoOffset reads
// them ("GMT-05:00", "UTC+0530"); it returns the offset with the sign as
// written, read as east of UTC (the ISO reading). ok is false for any
// other value.
func gmtOffset(s string) (int, bool) {
	if len(s) < 5 {
		return 0, false
	}
	if p := strings.ToUpper(s[:3]); p != "GMT" && p != "UTC" {
		return 0, false
	}
	rest := s[3:]
	if off, ok := isoOffset(rest); ok {
		return off, true
	}
	if len(rest) != 2 || rest[0] != '+' && rest[0] != '-' || rest[1] < '0' || rest[1] > '9' {
		return 0, false
	}
	off := int(rest[1]-'0') * 3600
	if rest[0] == '-' {
		off = -off
	}
	return off, true
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
