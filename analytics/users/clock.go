package users

import (
	"math"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// localClock answers datasets.Clock's questions about the civil day and the
// hour of the week for many nearby trace times: it keeps the zone period
// (UTC offset and bounds) of the last time asked, so that a time in the
// same period needs no zone lookup, only integer arithmetic on its local
// seconds. Its answers are Clock's (TestLocalClockMatchesClock); times too
// far from 1970 for that arithmetic go to Clock.
type localClock struct {
	clock datasets.Clock
	start int64 // the trace's UnixStartTime
	loc   *time.Location
	// lo, hi are the Unix seconds [lo, hi) in which the offset off
	// (seconds east of UTC) holds; empty at first.
	lo, hi, off int64
}

// maxLocalSeconds bounds the Unix seconds localClock handles itself
// (≈ ±34,800 years).
const maxLocalSeconds = 1 << 40

func newLocalClock(t *datasets.Trace) *localClock {
	return &localClock{clock: datasets.NewClock(t), start: t.Header.UnixStartTime, loc: t.Location(), lo: 1, hi: 0}
}

// local returns the local wall-clock seconds since 1970-01-01 00:00 of
// trace time sec (as Clock.Time reads it: whole seconds, the fraction
// rounding to nanoseconds), false when sec is not a number or too far.
func (c *localClock) local(sec float64) (int64, bool) {
	s := math.Floor(sec)
	if !(math.Abs(s) < maxLocalSeconds) || c.start < -maxLocalSeconds || c.start > maxLocalSeconds {
		return 0, false
	}
	// Clock.Time passes int64((sec−s)·1e9) nanoseconds, which can round
	// up to a whole second.
	u := c.start + int64(s) + int64((sec-s)*1e9)/1e9
	if u < c.lo || u >= c.hi {
		t := time.Unix(u, 0).In(c.loc)
		_, off := t.Zone()
		a, b := t.ZoneBounds()
		c.lo, c.hi, c.off = math.MinInt64, math.MaxInt64, int64(off)
		if !a.IsZero() {
			c.lo = a.Unix()
		}
		if !b.IsZero() {
			c.hi = b.Unix()
		}
	}
	return u + c.off, true
}

// civilDay returns the local date of trace time sec as days since
// 1970-01-01, false when local does.
func (c *localClock) civilDay(sec float64) (int64, bool) {
	l, ok := c.local(sec)
	return floorDiv(l, 86400), ok
}

// hourOfWeek is Clock.HourOfWeek: 0 (Monday 00:00–00:59) … 167.
func (c *localClock) hourOfWeek(sec float64) int {
	l, ok := c.local(sec)
	if !ok {
		return c.clock.HourOfWeek(sec)
	}
	// 1970-01-01 was a Thursday: day 3 counting from Monday.
	day := floorDiv(l, 86400)
	return int(floorMod(day+3, 7))*24 + int(floorMod(l, 86400)/3600)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b < 0 {
		q--
	}
	return q
}

func floorMod(a, b int64) int64 { return a - floorDiv(a, b)*b }
