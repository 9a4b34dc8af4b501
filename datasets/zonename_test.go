package datasets

import (
	"strings"
	"testing"
	"time"
)

// TestZoneByName reads the TimeZoneString values PWA logs and converters
// write. Sources: the shared logs' headers (US/Pacific, US/Eastern,
// US/Mountain, Europe/Stockholm, Europe/Paris); the archive's pages for the
// other sites (l_metacentrum2: Czech grid; l_anl_int: Argonne; RICC at
// RIKEN, Japan); a converter on GitHub writing "TimeZoneString: UNKNOWN";
// IANA tzdata 2020b's NEWS for the removal of US/Pacific-New. Each row
// also goes through Read: the trace keeps the value as written, the warning
// says when it was read otherwise or not at all, and Location never uses
// the machine's own zone.
func TestZoneByName(t *testing.T) {
	cases := []struct {
		value string
		zone  string // "" for unknown
		warn  bool   // a header warning on TimeZoneString
	}{
		{"Europe/Berlin", "Europe/Berlin", false},
		{"Asia/Tokyo", "Asia/Tokyo", false},
		{"America/Chicago", "America/Chicago", false},
		{"Europe/Prague", "Europe/Prague", false},
		{"Europe/Luxembourg", "Europe/Luxembourg", false},
		{"Canada/Eastern", "Canada/Eastern", false}, // a "backward" link Go's data keeps
		{"US/Pacific", "US/Pacific", false},
		{"Europe/Kiev", "Europe/Kiev", false}, // renamed Europe/Kyiv in 2022b, link kept
		{"Israel", "Israel", false},
		{"EST5EDT", "EST5EDT", false},
		{"UTC", "UTC", false},
		{"US/Pacific-New", "America/Los_Angeles", true},
		{"Europe/Berlin (CET/CEST)", "Europe/Berlin", true},
		{"US/Pacific-New (PST8PDT)", "America/Los_Angeles", true},
		{"UNKNOWN", "", true},
		{"Local", "", true},
		{"Local (the site's)", "", true},
		{"Mars/Olympus_Mons", "", true},
		{"../../../etc/passwd", "", true},
	}
	for _, c := range cases {
		loc, used, err := ZoneByName(c.value)
		switch {
		case c.zone == "" && err == nil:
			t.Errorf("ZoneByName(%q) = %v, want an error", c.value, loc)
		case c.zone != "" && err != nil:
			t.Errorf("ZoneByName(%q): %v", c.value, err)
		case c.zone != "" && (used != c.zone || loc.String() != c.zone):
			t.Errorf("ZoneByName(%q) = %s (found as %q), want %s", c.value, loc, used, c.zone)
		}
		in := "; UnixStartTime: 1000000000\n; TimeZoneString: " + c.value + "\n; MaxProcs: 8\n1 0 0 10 1 -1 -1 1 10 -1 1 1 1 1 1 1 -1 -1\n"
		tr, err := Read(strings.NewReader(in), ReadOptions{})
		if err != nil {
			t.Fatalf("%q: %v", c.value, err)
		}
		if tr.Header.TimeZoneString != c.value {
			t.Errorf("%q: TimeZoneString kept as %q", c.value, tr.Header.TimeZoneString)
		}
		got := false
		for _, w := range tr.Report.Warnings {
			if w.Kind == WarnHeader && w.Field == "TimeZoneString" {
				got = true
			}
		}
		if got != c.warn {
			t.Errorf("%q: header warning %v, want %v (%v)", c.value, got, c.warn, tr.Report.Warnings)
		}
		want := c.zone
		if want == "" {
			want = "UTC"
		}
		if l := tr.Location(); l.String() != want || l == time.Local {
			t.Errorf("%q: trace zone %s, want %s", c.value, l, want)
		}
	}
}
