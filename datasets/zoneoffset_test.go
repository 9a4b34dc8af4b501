package datasets

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestZoneOffsets reads TimeZoneString values written as offsets. The SWF
// (Parallel Workloads Archive, "The Standard Workload Format", version 2.2)
// defines TimeZoneString as a zoneinfo name ("US/Pacific") and the
// deprecated TimeZone as an offset in seconds; an offset in the string is
// outside the definition, so it is read only where it has one meaning.
// ISO 8601-1:2019 §4.3.13 writes an offset as ±hh:mm, ±hhmm or ±hh, east of
// UTC ("+05:00" is UTC+5): read as a fixed zone. POSIX TZ (IEEE 1003.1,
// the TZ variable: "the offset is positive if the local time zone is west
// of the Prime Meridian") reads "GMT+5" as UTC−5, as tzdata's Etc/GMT+5
// does, where everyday and ISO-style use read it as UTC+5: such a value is
// kept, read as UTC, and the warning names both readings. Before, every
// offset was an unknown zone read as UTC.
func TestZoneOffsets(t *testing.T) {
	t.Parallel()
	cases := []struct {
		value     string
		east      int    // the offset used, seconds east of UTC
		zone      string // the zone's name; "" for none (UTC is used)
		ambiguous bool
		posix     string // the POSIX reading the warning names (with its tzdata name for whole hours)
		iso       string // the ISO reading the warning names
	}{
		{value: "+05:00", east: 5 * 3600, zone: "UTC+05:00"},
		{value: "-05:00", east: -5 * 3600, zone: "UTC-05:00"},
		{value: "-0500", east: -5 * 3600, zone: "UTC-05:00"},
		{value: "+0530", east: 5*3600 + 1800, zone: "UTC+05:30"},
		{value: "-03:30", east: -3*3600 - 1800, zone: "UTC-03:30"},
		{value: "+09", east: 9 * 3600, zone: "UTC+09:00"},
		{value: "+14:00", east: 14 * 3600, zone: "UTC+14:00"},
		{value: "+00:00", east: 0, zone: "UTC+00:00"},
		{value: "+01:00 (CET, no summer time)", east: 3600, zone: "UTC+01:00"},
		{value: "+15:00"}, // beyond any zone
		{value: "+05:60"}, // no such minute
		{value: "+5:00"},  // not ISO: one hour digit
		{value: "05:00"},  // no sign
		{value: "+05:00:00"},
		{value: "GMT-05:00", ambiguous: true, posix: "UTC+05:00 by POSIX", iso: "UTC-05:00"},
		{value: "UTC+2", ambiguous: true, posix: "UTC-02:00 by POSIX", iso: "UTC+02:00"},
		{value: "GMT+5", ambiguous: true, posix: "UTC-05:00 by POSIX TZ rules (tzdata's Etc/GMT+5)", iso: "UTC+05:00"},
		{value: "utc-0530", ambiguous: true, posix: "UTC+05:30 by POSIX", iso: "UTC-05:30"},
		{value: "UTC-11", ambiguous: true, posix: "UTC+11:00 by POSIX TZ rules (tzdata's Etc/GMT-11)", iso: "UTC-11:00"},
		{value: "GMT+05:00 (EST)", ambiguous: true, posix: "UTC-05:00 by POSIX", iso: "UTC+05:00"},
		{value: "UTC+00:00", east: 0, zone: "UTC"}, // both readings agree
		{value: "GMT+0", east: 0, zone: "GMT+0"},   // a tzdata name
		{value: "Etc/GMT+5", east: -5 * 3600, zone: "Etc/GMT+5"},
		{value: "GMT+15"},
		{value: "GMTX+5"},
	}
	for _, c := range cases {
		t.Run(c.value, func(t *testing.T) {
			loc, used, err := ZoneByName(c.value)
			switch {
			case c.ambiguous:
				if !errors.Is(err, ErrAmbiguousZone) || !strings.Contains(err.Error(), c.posix) ||
					!strings.Contains(err.Error(), c.iso+" by ISO 8601") {
					t.Errorf("ZoneByName = %v, %q, %v; want ErrAmbiguousZone naming %s (POSIX) and %s (ISO)", loc, used, err, c.posix, c.iso)
				}
			case c.zone == "":
				if err == nil || errors.Is(err, ErrAmbiguousZone) {
					t.Errorf("ZoneByName = %v, %v; want an unknown zone", loc, err)
				}
			case err != nil || used != c.zone || loc.String() != c.zone:
				t.Errorf("ZoneByName = %v, %q, %v; want %s", loc, used, err, c.zone)
			}

			in := "; UnixStartTime: 1000000000\n; MaxProcs: 8\n; TimeZoneString: " + c.value + "\n1 0 0 10 1 -1 -1 1 10 -1 1 1 1 1 1 1 -1 -1\n"
			tr, err := Read(strings.NewReader(in), ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if tr.Header.TimeZoneString != c.value {
				t.Errorf("TimeZoneString kept as %q", tr.Header.TimeZoneString)
			}
			_, east := tr.WallTime(0).Zone()
			if east != c.east {
				t.Errorf("wall-clock offset %d s, want %d", east, c.east)
			}
			var w *Warning
			for i := range tr.Report.Warnings {
				if x := &tr.Report.Warnings[i]; x.Kind == WarnHeader && x.Field == "TimeZoneString" {
					w = x
				}
			}
			wantWarn := c.value != c.zone
			switch {
			case (w != nil) != wantWarn:
				t.Fatalf("header warning %v, want one: %v", w, wantWarn)
			case w == nil:
			case w.Line != 3 || w.Value != c.value:
				t.Errorf("warning at line %d with value %q, want line 3, %q", w.Line, w.Value, c.value)
			case c.ambiguous && !(strings.Contains(w.Message, c.posix) && strings.Contains(w.Message, c.iso) && strings.Contains(w.Message, "UTC")):
				t.Errorf("warning %q does not name both readings (%s, %s)", w.Message, c.posix, c.iso)
			case c.zone != "" && !strings.Contains(w.Message, c.zone):
				t.Errorf("warning %q does not name the zone %s", w.Message, c.zone)
			}
		})
	}
}

// FuzzZoneByName: any value gives a zone or an error, never a panic; a zone
// read from an offset has that offset, within ±14:00; an ambiguous value
// is GMT or UTC with a non-zero offset, and its error names two readings
// of opposite signs.
func FuzzZoneByName(f *testing.F) {
	for _, s := range []string{"+05:00", "-0500", "+05", "GMT+5", "UTC-05:30", "utc+0000", "Europe/Berlin (CET)", "GMT", "+", "GMT+", "\xff\xfe+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		loc, used, err := ZoneByName(s)
		if err != nil {
			if errors.Is(err, ErrAmbiguousZone) {
				off, ok := gmtOffset(strings.Fields(strings.TrimSpace(s))[0])
				if !ok {
					off, ok = gmtOffset(strings.TrimSpace(s))
				}
				if !ok || off == 0 || !strings.Contains(err.Error(), offsetName(off)) || !strings.Contains(err.Error(), offsetName(-off)) {
					t.Fatalf("%q: %v", s, err)
				}
			}
			return
		}
		if loc == nil || used == "" {
			t.Fatalf("%q: zone %v found as %q", s, loc, used)
		}
		if off, ok := isoOffset(used[min(3, len(used)):]); strings.HasPrefix(used, "UTC") && ok {
			if _, east := time.Unix(0, 0).In(loc).Zone(); east != off || off > 14*3600 || off < -14*3600 {
				t.Fatalf("%q: zone %s has offset %d, want %d", s, used, east, off)
			}
		}
	})
}
