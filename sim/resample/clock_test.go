package resample

import (
	"math"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"pgregory.net/rapid"
)

func mustZone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// localOf is the reference local time: Unix seconds plus the UTC offset,
// minus the offset at the log's start (package time, not the table).
func localOf(loc *time.Location, unixStart int64, t float64) float64 {
	s := math.Floor(t)
	_, off := time.Unix(unixStart+int64(s), 0).In(loc).Zone()
	_, off0 := time.Unix(unixStart, 0).In(loc).Zone()
	return t + float64(off-off0)
}

func TestZoneTableMatchesTime(t *testing.T) {
	t.Parallel()
	zones := []string{"UTC", "Europe/Stockholm", "US/Pacific", "Australia/Lord_Howe", "Asia/Kolkata"}
	rapid.Check(t, func(rt *rapid.T) {
		name := rapid.SampledFrom(zones).Draw(rt, "zone")
		loc := mustZone(t, name)
		// Up to 2096: beyond the zone tables Go computes periods from
		// the zone's rule (and once gave an end before the instant).
		start := rapid.Int64Range(6e8, 4e9).Draw(rt, "start")
		span := 3 * 365 * datasets.Day
		z := newZoneTable(loc, start, 0, span, false)
		x := rapid.Float64Range(0, span).Draw(rt, "t")
		x = math.Floor(x)
		want := localOf(loc, start, x)
		if got := z.local(x); got != want {
			rt.Fatalf("%s start %d: local(%v) = %v, want %v", name, start, x, got, want)
		}
		back, m := z.trace(want, z.offset(x))
		if m == mapGap {
			rt.Fatalf("local time of an existing instant reported as a gap")
		}
		if back != x {
			rt.Fatalf("trace(local(%v)) = %v (%v)", x, back, m)
		}
	})
}

// TestZoneTableFar: a resampled log of KTH-SP2 reaching late 2040 (--weeks
// 2307) once looped forever, since Go's ZoneBounds gives Europe/Stockholm
// a period ending at 2040-12-31 01:00 for that very instant (issue 15).
func TestZoneTableFar(t *testing.T) {
	t.Parallel()
	loc := mustZone(t, "Europe/Stockholm")
	const start = 843480031 // KTH-SP2's UnixStartTime
	z := newZoneTable(loc, start, 0, 2400*datasets.Week, false)
	// Two changes a year from 1996 to 2042, none lost at the year's end.
	if n := len(z.start) - 1; n < 2*45 || n > 2*47 {
		t.Errorf("%d offset changes in 46 years, want about 92", n)
	}
	for _, x := range []float64{2.2e9 - start, 2.2e9 + 200*datasets.Day - start, 2400*datasets.Week - datasets.Day} {
		if got, want := z.local(x), localOf(loc, start, x); got != want {
			t.Errorf("local(%v) = %v, want %v", x, got, want)
		}
	}
}

func TestZoneTableDST(t *testing.T) {
	t.Parallel()
	loc := mustZone(t, "Europe/Stockholm")
	// KTH-SP2's UnixStartTime, Mon Sep 23 14:00:31 CEST 1996.
	const start = 843480031
	z := newZoneTable(loc, start, 0, 400*datasets.Day, false)
	rel := func(y int, mo time.Month, d, h, mi int) float64 {
		return float64(time.Date(y, mo, d, h, mi, 0, 0, loc).Unix() - start)
	}
	// Clocks went back on 1996-10-27 at 03:00 CEST (to 02:00 CET): the
	// local time 02:30 happened twice, an hour apart.
	first := float64(time.Date(1996, 10, 27, 0, 30, 0, 0, time.UTC).Unix() - start) // 02:30 CEST
	second := first + 3600                                                          // 02:30 CET
	if z.local(second)-z.local(first) != 0 {
		t.Fatalf("the two 02:30s have local times %v and %v", z.local(first), z.local(second))
	}
	l := z.local(first)
	if got, m := z.trace(l, z.offset(first)); got != first || m != mapFold {
		t.Errorf("fold, preferring CEST: %v %v, want %v", got, m, first)
	}
	if got, m := z.trace(l, z.offset(second)); got != second || m != mapFold {
		t.Errorf("fold, preferring CET: %v %v, want %v", got, m, second)
	}
	if got, _ := z.trace(l, 12345); got != first {
		t.Errorf("fold, no preference: %v, want the first %v", got, first)
	}
	// Clocks went forward on 1997-03-30 at 02:00 CET (to 03:00 CEST): 02:30
	// did not exist; it maps to 03:30 CEST.
	before := rel(1997, 3, 30, 1, 30) // 01:30 CET exists
	gapLocal := z.local(before) + 3600
	got, m := z.trace(gapLocal, z.offset(before))
	if m != mapGap {
		t.Fatalf("02:30 on 1997-03-30: mapping %v, want a gap", m)
	}
	if w := time.Unix(start+int64(got), 0).In(loc); w.Hour() != 3 || w.Minute() != 30 {
		t.Errorf("02:30 on 1997-03-30 mapped to %v, want 03:30 CEST", w)
	}
	// A week after a Saturday 12:00 before the change is a Saturday 12:00
	// after it, 167 hours later.
	sat := rel(1997, 3, 29, 12, 0)
	next, m := z.trace(z.local(sat)+datasets.Week, 0)
	if m != mapExact || next-sat != datasets.Week-3600 {
		t.Errorf("a civil week across the change: %v s (%v), want %v", next-sat, m, datasets.Week-3600)
	}
}

func TestMondayBefore(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"UTC", "US/Pacific", "Europe/Stockholm"} {
		loc := mustZone(t, name)
		// SDSC-SP2's UnixStartTime, and a start before 1970 (1968-06-23, a
		// Sunday: local days before the epoch have a negative day number,
		// whose remainder modulo 7 Go's math.Mod gives negative).
		for _, start := range []int64{893466664, -48124800} {
			z := newZoneTable(loc, start, 0, 800*datasets.Day, false)
			for _, x := range []float64{0, 3.3 * datasets.Day, 100 * datasets.Day, 200.5 * datasets.Day, 700 * datasets.Day} {
				m := z.mondayBefore(z.local(x))
				back, _ := z.trace(m, math.NaN())
				w := time.Unix(start+int64(back), 0).In(loc)
				if w.Weekday() != time.Monday || w.Hour() != 0 || w.Minute() != 0 || w.Second() != 0 {
					t.Errorf("%s, start %d: mondayBefore(%v) is %v", name, start, x, w)
				}
				if d := z.local(x) - m; d < 0 || d >= datasets.Week {
					t.Errorf("%s, start %d: %v is %v s after its Monday", name, start, x, d)
				}
			}
		}
	}
}

func TestParseClock(t *testing.T) {
	t.Parallel()
	for _, c := range []Clock{WallClock, Elapsed} {
		got, err := ParseClock(c.String())
		if err != nil || got != c {
			t.Errorf("ParseClock(%q) = %v, %v", c.String(), got, err)
		}
	}
	if _, err := ParseClock("sundial"); err == nil {
		t.Error("ParseClock(sundial): no error")
	}
}

// TestTraceNearMatchesTrace: the hinted lookup gives trace's answer for
// any local time and any hint, near clock changes (the fold and the gap,
// where the fast path must not apply) included, and leaves a hint that is
// a segment.
func TestTraceNearMatchesTrace(t *testing.T) {
	t.Parallel()
	zones := []string{"UTC", "Europe/Stockholm", "US/Pacific", "Australia/Lord_Howe"}
	rapid.Check(t, func(rt *rapid.T) {
		name := rapid.SampledFrom(zones).Draw(rt, "zone")
		loc := mustZone(t, name)
		start := rapid.Int64Range(6e8, 4e9).Draw(rt, "start")
		span := 3 * 365 * datasets.Day
		z := newZoneTable(loc, start, 0, span, rapid.Bool().Draw(rt, "elapsed"))
		var l float64
		if k := len(z.start); k > 1 && rapid.Bool().Draw(rt, "near a change") {
			i := rapid.IntRange(1, k-1).Draw(rt, "change")
			l = z.start[i] + float64(rapid.IntRange(-7200, 7200).Draw(rt, "from change"))
		} else {
			l = math.Floor(rapid.Float64Range(0, span).Draw(rt, "l"))
		}
		prefer := z.offset(l)
		hint := rapid.IntRange(0, len(z.start)-1).Draw(rt, "hint")
		wantT, wantM := z.trace(l, prefer)
		gotT, gotM := z.traceNear(&hint, l, prefer)
		if gotT != wantT || gotM != wantM {
			rt.Fatalf("%s: traceNear(%v) = %v %v, trace = %v %v", name, l, gotT, gotM, wantT, wantM)
		}
		if hint < 0 || hint >= len(z.start) {
			rt.Fatalf("hint %d outside [0, %d)", hint, len(z.start))
		}
	})
}
