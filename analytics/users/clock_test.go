package users

import (
	"math"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestLocalClockMatchesClock checks localClock and weekCounter.index
// against datasets.Clock and the civil-date arithmetic of time.Time, time
// after time through daylight-saving changes (at midnight in Sao Paulo, by
// 30 minutes at Lord Howe), a skipped day (Apia, 30 December 2011), fixed
// offsets and UTC; with fractions just below a whole second, times before
// the log's start and far times that take the long way.
func TestLocalClockMatchesClock(t *testing.T) {
	t.Parallel()
	starts := []int64{
		1_300_000_000, // 2011-03-13
		1_320_000_000, // 2011-10-30
		-86_400 * 3,
		4_100_000_000, // 2099, past the zone files' last transitions
	}
	zones := []datasets.Header{
		{}, {TimeZone: 3600 * 5}, {TimeZone: -3600*3 - 1800},
		{TimeZoneString: "Europe/Paris"}, {TimeZoneString: "America/Sao_Paulo"},
		{TimeZoneString: "Australia/Lord_Howe"}, {TimeZoneString: "Pacific/Apia"},
		{TimeZoneString: "America/Los_Angeles"},
	}
	for _, h := range zones {
		for _, start := range starts {
			h.UnixStartTime = start
			tr := datasets.NewTrace("t", 0)
			tr.Header = h
			clock := datasets.NewClock(tr)
			lc := newLocalClock(tr)
			wc := newWeekCounter(tr, 1000)
			check := func(sec float64) {
				t.Helper()
				if got, want := lc.hourOfWeek(sec), clock.HourOfWeek(sec); got != want {
					t.Fatalf("%+v: hourOfWeek(%v) = %d, Clock gives %d", h, sec, got, want)
				}
				want := int(math.Round(civilNoon(clock.Time(sec)).Sub(wc.origin).Hours() / 24))
				if want < 0 {
					want = -((-want + 6) / 7)
				} else {
					want /= 7
				}
				if got := wc.index(sec); got != want {
					t.Fatalf("%+v: week index(%v) = %d, civil dates give %d", h, sec, got, want)
				}
			}
			// Every 21 minutes 41 seconds over 380 days, each time also
			// just before the next second and half a second on; then
			// backwards, to reuse no cached period.
			for k := -500; k < 25_000; k++ {
				sec := float64(k) * 1301
				check(sec)
				check(math.Nextafter(sec+1, 0))
				check(sec + 0.5)
			}
			for k := 25_000; k > -500; k -= 5 {
				check(float64(k)*1301 + 17)
			}
			// −1e−300 is a whole second in Clock.Time: its fraction rounds
			// to 1e9 ns (the midnight of the third start in UTC).
			for _, sec := range []float64{-1e-300, 1e14, -1e14, 4e12, math.Nextafter(2, 0)} {
				check(sec)
			}
		}
	}
}
