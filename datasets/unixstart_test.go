package datasets

import (
	"strings"
	"testing"
	"time"
)

// TestUnixStartTimeRange: an UnixStartTime before 1970 or from 2100 on is
// kept as written (times still count from it) and gets a header warning
// with its value and line; before, it was kept with no warning. Reference
// dates from date(1): `date -u -d @-86400000` is Fri Apr 7 1967 00:00:00,
// @6000000000 is Mon Feb 18 2160 10:40:00, @-6000000000 is Sat Nov 13 1779
// 13:20:00, @-1000000000 is Sun Apr 24 1938 22:13:20; 4102444800 is 2100-01-01 00:00:00 UTC.
func TestUnixStartTimeRange(t *testing.T) {
	t.Parallel()
	const row = "1 0 0 10 1 -1 -1 1 10 -1 1 1 1 1 1 1 -1 -1\n"
	cases := []struct {
		name   string
		header string // lines before the job row; UnixStartTime's is line 2
		unix   int64  // the value kept
		warn   bool
		line   int
		value  string
		msg    []string // in the warning's message
	}{
		{"-1", "; MaxProcs: 8\n; UnixStartTime: -1\n", -1, true, 2, "-1",
			[]string{"before 1970", "1969-12-31 23:59:59 UTC", "-1 marks an unknown value", "kept"}},
		{"1967", "; MaxProcs: 8\n; UnixStartTime: -86400000\n", -86400000, true, 2, "-86400000",
			[]string{"before 1970", "1967-04-07 00:00:00 UTC"}},
		{"1779", "; MaxProcs: 8\n; UnixStartTime: -6000000000\n", -6000000000, true, 2, "-6000000000",
			[]string{"1779-11-13 13:20:00 UTC"}},
		{"2160", "; MaxProcs: 8\n; UnixStartTime: 6000000000\n", 6000000000, true, 2, "6000000000",
			[]string{"after 2100", "2160-02-18 10:40:00 UTC"}},
		{"2100-01-01", "; MaxProcs: 8\n; UnixStartTime: 4102444800\n", 4102444800, true, 2, "4102444800",
			[]string{"after 2100"}},
		{"2099-12-31 23:59:59", "; MaxProcs: 8\n; UnixStartTime: 4102444799\n", 4102444799, false, 0, "", nil},
		{"1970", "; MaxProcs: 8\n; UnixStartTime: 1\n", 1, false, 0, "", nil},
		{"2001", "; MaxProcs: 8\n; UnixStartTime: 1000000000\n", 1000000000, false, 0, "", nil},
		{"written 1.0e9", "; MaxProcs: 8\n; UnixStartTime: -1.0e9\n", -1000000000, true, 2, "-1000000000",
			[]string{"1938-04-24 22:13:20 UTC"}},
		// The existing warnings: ignored, not kept.
		{"not an integer", "; MaxProcs: 8\n; UnixStartTime: -1.5\n", 0, true, 2, "-1.5", []string{"not an integer"}},
		{"beyond 200 years", "; MaxProcs: 8\n; UnixStartTime: -99999999999\n", 0, true, 2, "-99999999999", []string{"200 years"}},
		// The first warning of a directive is the one shown: the range
		// comes before the repetition.
		{"repeated", "; MaxProcs: 8\n; UnixStartTime: -5\n; UnixStartTime: 7\n", -5, true, 2, "-5", []string{"before 1970"}},
		// From StartTime: the "taken from StartTime" warning says it too.
		{"from StartTime", "; TimeZoneString: UTC\n; StartTime: Thu Jul 20 20:17:40 UTC 1969\n", -14182940, true, 2,
			"Thu Jul 20 20:17:40 UTC 1969", []string{"taken from StartTime", "before 1970", "1969-07-20 20:17:40 UTC"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr, err := Read(strings.NewReader(c.header+row), ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if tr.Header.UnixStartTime != c.unix {
				t.Errorf("UnixStartTime %d, want %d", tr.Header.UnixStartTime, c.unix)
			}
			var w *Warning
			for i := range tr.Report.Warnings {
				if x := &tr.Report.Warnings[i]; x.Kind == WarnHeader && x.Field == "UnixStartTime" {
					w = x
				}
			}
			if (w != nil) != c.warn {
				t.Fatalf("warning %+v, want one: %v", w, c.warn)
			}
			if w == nil {
				return
			}
			if w.Line != c.line || w.Value != c.value {
				t.Errorf("warning at line %d with value %q, want %d, %q", w.Line, w.Value, c.line, c.value)
			}
			for _, m := range c.msg {
				if !strings.Contains(w.Message, m) {
					t.Errorf("warning %q lacks %q", w.Message, m)
				}
			}
			// Summarize warns as Read does.
			s, err := SummarizeReader(strings.NewReader(c.header+row), ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, x := range s.Report.Warnings {
				found = found || x.Kind == WarnHeader && x.Field == "UnixStartTime" && x.Message == w.Message
			}
			if !found {
				t.Errorf("summary's warnings %v lack %q", s.Report.Warnings, w.Message)
			}
		})
	}
}

// TestClockFarStarts: the wall-clock fields of Clock (local hour, day of
// week, second of day, week start and week index), which local-day
// slicing, weekly bins and report dates use, for logs starting before
// 1970 and after 2100, with submit times negative, fractional and up to
// ±MaxTime, against civil arithmetic done here with floored division (a
// truncating division, as in int64(−0.5) = 0 or −1/86400 = 0, puts such
// times in the wrong second or day). Zones: UTC and UTC−7 (fixed, so the
// reference needs no zone rules); 1970-01-01 was a Thursday.
func TestClockFarStarts(t *testing.T) {
	t.Parallel()
	floorDiv := func(a, b int64) int64 {
		q := a / b
		if a%b != 0 && (a < 0) != (b < 0) {
			q--
		}
		return q
	}
	starts := []int64{-1, -86400000, -6000000000, -MaxTime, 0, 1000000000, 4102444800, 6000000000, MaxTime}
	secs := []float64{0, -0.5, 0.25, -1, -86399.5, 86400, 3*86400 + 3599.75, -MaxTime, MaxTime, 1e9 + 0.5}
	for _, east := range []int{0, -7 * 3600} {
		loc := time.UTC
		if east != 0 {
			loc = time.FixedZone("UTC-07:00", east)
		}
		for _, start := range starts {
			c := Clock{start: start, loc: loc}
			for _, sec := range secs {
				whole := int64(sec)
				if float64(whole) > sec {
					whole--
				}
				local := start + whole + int64(east) // local seconds since 1970-01-01 00:00
				day := floorDiv(local, 86400)
				sod := local - day*86400
				dow := int(((day+3)%7 + 7) % 7) // 0 Monday
				if got := c.HourOfDay(sec); got != int(sod/3600) {
					t.Errorf("start %d %s, sec %v: HourOfDay %d, want %d", start, loc, sec, got, sod/3600)
				}
				if got := c.DayOfWeek(sec); got != dow {
					t.Errorf("start %d %s, sec %v: DayOfWeek %d, want %d", start, loc, sec, got, dow)
				}
				if got, want := c.SecondOfDay(sec), float64(sod)+(sec-float64(whole)); got != want {
					t.Errorf("start %d %s, sec %v: SecondOfDay %v, want %v", start, loc, sec, got, want)
				}
				monday := (day - int64(dow)) * 86400 // local seconds
				if got, want := c.WeekStart(sec), float64(monday-int64(east)-start); got != want {
					t.Errorf("start %d %s, sec %v: WeekStart %v, want %v", start, loc, sec, got, want)
				}
				origin := secs[0]
				oday := floorDiv(start+int64(east), 86400)
				omonday := oday - ((oday+3)%7+7)%7
				if got, want := c.WeekIndex(origin, sec), int(floorDiv(day-int64(dow)-omonday, 7)); got != want {
					t.Errorf("start %d %s, sec %v: WeekIndex %d, want %d", start, loc, sec, got, want)
				}
			}
		}
	}
}
