package datasets

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseWallTime: StartTime and EndTime as SWF 2.2 writes them (as
// date(1) prints: weekday, month, day, time, zone abbreviation, year) and
// without the zone (ctime(3)). Reference instants: CEA-Curie-2011's header
// pairs "Tue Feb 01 15:38:44 CET 2011" with UnixStartTime 1296571124 and
// KTH-SP2-1996's "Mon Sep 23 14:00:31 CEST 1996" with 843480031 (both in
// /work/shared/pwa); `date -u -d @843480031` gives 12:00:31 UTC.
func TestParseWallTime(t *testing.T) {
	t.Parallel()
	paris := Header{TimeZoneString: "Europe/Paris"}
	stockholm := Header{TimeZoneString: "Europe/Stockholm"}
	tests := []struct {
		name  string
		h     Header
		value string
		ok    bool
		unix  int64
	}{
		{"date form", paris, "Tue Feb 01 15:38:44 CET 2011", true, 1296571124},
		{"date form, summer time", stockholm, "Mon Sep 23 14:00:31 CEST 1996", true, 843480031},
		{"blanks between words", stockholm, "  Mon Sep  23 14:00:31   CEST 1996 ", true, 843480031},
		{"ctime form in the header's zone", stockholm, "Mon Sep 23 14:00:31 1996", true, 843480031},
		{"ctime form, fixed TimeZone", Header{TimeZone: 7200}, "Mon Sep 23 14:00:31 1996", true, 843480031},
		{"UTC", Header{}, "Mon Sep 23 12:00:31 UTC 1996", true, 843480031},
		{"ctime form without a zone", Header{}, "Mon Sep 23 14:00:31 1996", false, 0},
		{"abbreviation of another zone", paris, "Tue Feb 01 15:38:44 PST 2011", false, 0},
		{"abbreviation without a zone", Header{}, "Tue Feb 01 15:38:44 CET 2011", false, 0},
		{"a date only", stockholm, "Mon Sep 23 1996", false, 0},
		{"text", stockholm, "unknown", false, 0},
		{"empty", stockholm, "", false, 0},
		{"unknown zone name", Header{TimeZoneString: "Mars/Olympus_Mons"}, "Mon Sep 23 14:00:31 1996", false, 0},
	}
	for _, tc := range tests {
		got, ok := tc.h.ParseWallTime(tc.value)
		if ok != tc.ok || ok && got.Unix() != tc.unix {
			t.Errorf("%s: %v %v (%d), want %v %d", tc.name, got, ok, got.Unix(), tc.ok, tc.unix)
		}
	}
}

// TestHeaderStartTime: StartTime gives UnixStartTime when the header has
// none; one naming another instant than UnixStartTime, and an EndTime
// before StartTime, are warned about and kept as written; a MaxProcs below
// MaxNodes is kept and warned about.
func TestHeaderStartTime(t *testing.T) {
	t.Parallel()
	const row = "1 0 0 10 4 -1 -1 4 20 -1 1 1 1 1 1 1 -1 -1\n"
	tests := []struct {
		name   string
		header string
		unix   int64
		warned []string // WarnHeader fields
	}{
		{"agree", "; UnixStartTime: 843480031\n; TimeZoneString: Europe/Stockholm\n; StartTime: Mon Sep 23 14:00:31 CEST 1996\n; EndTime: Fri Aug 29 10:55:01 CEST 1997\n", 843480031, nil},
		{"taken from StartTime", "; TimeZoneString: Europe/Stockholm\n; StartTime: Mon Sep 23 14:00:31 CEST 1996\n", 843480031, []string{"UnixStartTime"}},
		{"UnixStartTime unusable, taken from StartTime", "; UnixStartTime: N/A\n; TimeZoneString: Europe/Stockholm\n; StartTime: Mon Sep 23 14:00:31 CEST 1996\n", 843480031, []string{"UnixStartTime", "UnixStartTime"}},
		{"unclear StartTime is not used", "; StartTime: Mon Sep 23 14:00:31 1996\n", 0, nil},
		{"disagree by an hour", "; UnixStartTime: 843483631\n; TimeZoneString: Europe/Stockholm\n; StartTime: Mon Sep 23 14:00:31 CEST 1996\n", 843483631, []string{"StartTime"}},
		{"EndTime before StartTime", "; UnixStartTime: 843480031\n; TimeZoneString: Europe/Stockholm\n; StartTime: Mon Sep 23 14:00:31 CEST 1996\n; EndTime: Fri Aug 29 10:55:01 CEST 1995\n", 843480031, []string{"EndTime"}},
		{"MaxProcs below MaxNodes", "; MaxNodes: 400\n; MaxProcs: 100\n", 0, []string{"MaxProcs"}},
		{"MaxProcs above MaxNodes (SMP nodes)", "; MaxNodes: 144\n; MaxProcs: 1152\n", 0, nil},
	}
	for _, tc := range tests {
		tr, err := Read(strings.NewReader(tc.header+row), ReadOptions{Name: "h.swf"})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, w := range tr.Report.Warnings {
			if w.Kind == WarnHeader {
				for range w.Count {
					got = append(got, w.Field)
				}
			}
		}
		if tr.Header.UnixStartTime != tc.unix || fmt.Sprint(got) != fmt.Sprint(tc.warned) && len(got)+len(tc.warned) > 0 {
			t.Errorf("%s: UnixStartTime %d warnings %v, want %d %v", tc.name, tr.Header.UnixStartTime, got, tc.unix, tc.warned)
		}
		// The header reads back equal from its text (verbatim or generated).
		back, _ := parseHeader(strings.Split(strings.TrimPrefix(strings.Join(tr.Header.Text(), "\n"), ";"), "\n;"))
		if back.UnixStartTime != tr.Header.UnixStartTime {
			t.Errorf("%s: written and read back, UnixStartTime %d, want %d", tc.name, back.UnixStartTime, tr.Header.UnixStartTime)
		}
	}
}

// TestSharedLogsStartTime: in every shared log with a StartTime, it names
// the instant of UnixStartTime (so the reader's check warns about none).
func TestSharedLogsStartTime(t *testing.T) {
	dir := dataDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*.swf.gz"))
	n := 0
	for _, f := range files {
		h, err := ReadHeaderFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if h.StartTime == "" {
			continue
		}
		n++
		st, ok := h.ParseWallTime(h.StartTime)
		if !ok || st.Unix() != h.UnixStartTime {
			t.Errorf("%s: StartTime %q: %v %v, UnixStartTime %d", filepath.Base(f), h.StartTime, st, ok, h.UnixStartTime)
		}
		if et, ok := h.ParseWallTime(h.EndTime); !ok || !et.After(st) {
			t.Errorf("%s: EndTime %q: %v %v", filepath.Base(f), h.EndTime, et, ok)
		}
	}
	if _, err := os.Stat(dir); err == nil && n == 0 {
		t.Errorf("no shared log with a StartTime in %s", dir)
	}
}
