package lublin2003

import (
	"errors"
	"testing"
	"time"

	"github.com/tracelab/tracelab/repro/study"
)

// TestKTHLimits: the limit in force at a job's start and the weekday
// synchronisation points, as the archive's KTH page states them
// (1997-01-06 was a Monday).
func TestKTHLimits(t *testing.T) {
	cet := time.FixedZone("CET", 3600)
	at := func(day, hour, min int) time.Time { return time.Date(1997, time.January, day, hour, min, 0, 0, cet) }
	for _, c := range []struct {
		name  string
		start time.Time
		want  float64
	}{
		{"Monday 06:59 (weekend until 07:00)", at(6, 6, 59), 60},
		{"Monday 07:00", at(6, 7, 0), 4},
		{"Tuesday 15:59", at(7, 15, 59), 4},
		{"Tuesday 16:00", at(7, 16, 0), 15},
		{"Wednesday 03:00", at(8, 3, 0), 15},
		{"Friday 20:00 (a weekday night)", at(10, 20, 0), 15},
		{"Saturday 00:00", at(11, 0, 0), 60},
		{"Sunday 23:00", at(12, 23, 0), 60},
	} {
		if got := kthLimitHours(c.start); got != c.want {
			t.Errorf("%s: limit %v h, want %v", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		name string
		s, e time.Time
		want bool
	}{
		{"Monday 06:00–08:00 crosses 07:00", at(6, 6, 0), at(6, 8, 0), true},
		{"Monday 08:00–15:00", at(6, 8, 0), at(6, 15, 0), false},
		{"Monday 15:00–16:00 ends at the point", at(6, 15, 0), at(6, 16, 0), false},
		{"Monday 16:00–Tuesday 06:59 starts at the point", at(6, 16, 0), at(7, 6, 59), false},
		{"Tuesday 15:00–17:00 crosses 16:00", at(7, 15, 0), at(7, 17, 0), true},
		{"Saturday 01:00–Sunday 23:00: no weekday point", at(11, 1, 0), at(12, 23, 0), false},
		{"Sunday 20:00–Monday 08:00 crosses Monday 07:00", at(12, 20, 0), at(13, 8, 0), true},
	} {
		if got := crossesSyncPoint(c.s, c.e); got != c.want {
			t.Errorf("%s: crosses %v, want %v", c.name, got, c.want)
		}
	}
	june := func(day int) time.Time { return time.Date(1997, time.June, day, 12, 0, 0, 0, cet) }
	if !kthSyncUntil(june(5)) || kthSyncUntil(june(6)) || !kthLimitsUntil(june(30)) || kthLimitsUntil(time.Date(1997, time.July, 15, 0, 0, 0, 0, cet)) {
		t.Error("the limits' periods: synchronisation points until 6 June, limits until 15 July 1997")
	}
}

// TestKTHStoppedByLimits: on KTH-SP2-1996-2.1-cln in the paper's period,
// the completed jobs the site's limits would have stopped. Reference: an
// independent Python count (zoneinfo Europe/Stockholm) gave 106 beyond
// their limit, 527 across a synchronisation point, 20,488 − 19,867 = 621
// with either.
func TestKTHStoppedByLimits(t *testing.T) {
	tr, err := quick.trace(paperLog{"KTH", "KTH-SP2"})
	if errors.Is(err, study.ErrMissing) {
		t.Skip("KTH-SP2 not available")
	}
	if err != nil {
		t.Fatal(err)
	}
	over, across, stopped := kthStoppedByLimits(tr)
	if over != 106 || across != 527 || stopped != 621 {
		t.Errorf("stopped by the limits: %d beyond, %d across, %d either; want 106, 527, 621", over, across, stopped)
	}
}
