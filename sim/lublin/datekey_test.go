package lublin

import (
	"testing"
	"time"
)

// TestDateKey: two times share a key exactly when they share a calendar
// date in their location, across the epoch and a year's end.
func TestDateKey(t *testing.T) {
	t.Parallel()
	pst := time.FixedZone("UTC-8", -8*3600)
	at := func(y int, m time.Month, d, h int, loc *time.Location) time.Time {
		return time.Date(y, m, d, h, 0, 0, 0, loc)
	}
	for _, c := range []struct {
		a, b time.Time
		same bool
	}{
		{at(1969, 12, 31, 12, time.UTC), at(1970, 1, 1, 12, time.UTC), false},
		{at(1969, 12, 31, 0, time.UTC), at(1969, 12, 31, 23, time.UTC), true},
		{at(1968, 6, 23, 1, pst), at(1968, 6, 23, 22, pst), true},
		{at(1998, 12, 31, 23, pst), at(1999, 1, 1, 0, pst), false},
		{at(1998, 4, 24, 23, pst), at(1998, 4, 25, 1, pst), false},
	} {
		if got := dateKey(c.a) == dateKey(c.b); got != c.same {
			t.Errorf("dateKey(%v) == dateKey(%v): %v, want %v", c.a, c.b, got, c.same)
		}
	}
}
