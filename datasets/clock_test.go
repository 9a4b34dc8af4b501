package datasets

import (
	"testing"
	"time"
)

func TestClock(t *testing.T) {
	t.Parallel()
	// KTH-SP2's header: UnixStartTime 843480031 = Mon Sep 23 14:00:31 CEST 1996.
	tr := &Trace{Header: Header{UnixStartTime: 843480031, TimeZoneString: "Europe/Stockholm"}}
	c := NewClock(tr)
	tests := []struct {
		sec                  float64
		hour, dow, how, week int
	}{
		{0, 14, 0, 14, 0},                              // Monday 14:00 CEST
		{10 * 3600, 0, 1, 24, 0},                       // Tuesday 00:00:31
		{6*86400 + 9*3600 + 59*60 + 28, 23, 6, 167, 0}, // Sunday 23:59:59
		{6*86400 + 10*3600, 0, 0, 0, 1},                // next Monday 00:00:31
		// DST ends on Sunday 27 Oct 1996 (03:00 CEST → 02:00 CET), so 34 days
		// + 10 h later is Sunday 23:00:31 CET, and Monday 28 Oct 00:00:31 CET
		// is 34 days + 11 h after the start.
		{34*86400 + 10*3600, 23, 6, 167, 4},
		{34*86400 + 11*3600, 0, 0, 0, 5},
	}
	for _, tc := range tests {
		if got := c.HourOfDay(tc.sec); got != tc.hour {
			t.Errorf("HourOfDay(%g) = %d want %d (%v)", tc.sec, got, tc.hour, c.Time(tc.sec))
		}
		if got := c.DayOfWeek(tc.sec); got != tc.dow {
			t.Errorf("DayOfWeek(%g) = %d want %d", tc.sec, got, tc.dow)
		}
		if got := c.HourOfWeek(tc.sec); got != tc.how {
			t.Errorf("HourOfWeek(%g) = %d want %d", tc.sec, got, tc.how)
		}
		if got := c.WeekIndex(0, tc.sec); got != tc.week {
			t.Errorf("WeekIndex(%g) = %d want %d", tc.sec, got, tc.week)
		}
	}
	if got := c.Time(0).Format(time.RFC3339); got != "1996-09-23T14:00:31+02:00" {
		t.Errorf("Time(0) = %s", got)
	}
	bad := Header{TimeZoneString: "Mars/Olympus"}
	if _, err := bad.Location(); err == nil {
		t.Error("unknown zone: no error")
	}
}
