package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestReportDatesFarStart: the report's first and last submit dates and
// time zone, and info's first_submit_unix and time_zone, for logs that
// start before 1970 or after 2100, with a submit time before the log's
// start, and with a TimeZoneString written as an offset. Reference dates
// from date(1): `date -u -d @-1` is 1969-12-31 23:59:59;
// @946684800 is 2000-01-01 00:00:00; @6000000000 is 2160-02-18 10:40:00
// UTC, 15:40 at UTC+05:00. Before, a submit time of -0.5 s was dated as
// 0 s (int64 truncates towards zero): "2000-01-01 00:00" and
// first_submit_unix 946684800 for 1999-12-31 23:59:59.5.
func TestReportDatesFarStart(t *testing.T) {
	const job = "%d %s 0 10 1 -1 -1 1 10 -1 1 1 1 1 1 1 -1 -1\n"
	cases := []struct {
		name     string
		header   string
		submits  []string
		dates    string // "First and last submit"
		zone     string
		first    float64 // info's first_submit_unix
		warnings []string
	}{
		{"1969", "; UnixStartTime: -1\n", []string{"0", "60"}, "1969-12-31 23:59 – 1970-01-01 00:00", "UTC", -1,
			[]string{"before 1970"}},
		{"before the start", "; UnixStartTime: 946684800\n", []string{"-0.5", "30"}, "1999-12-31 23:59 – 2000-01-01 00:00", "UTC", 946684799,
			[]string{"before the log's start"}},
		{"2160 at +05:00", "; UnixStartTime: 6000000000\n; TimeZoneString: +05:00\n", []string{"0", "3600"},
			"2160-02-18 15:40 – 2160-02-18 16:40", "UTC+05:00", 6000000000, []string{"after 2100", "ISO 8601 offset"}},
		{"GMT-05:00", "; UnixStartTime: 946684800\n; TimeZoneString: GMT-05:00\n", []string{"0", "60"},
			"2000-01-01 00:00 – 2000-01-01 00:01", "UTC", 946684800, []string{"UTC+05:00 by POSIX", "UTC-05:00 by ISO 8601"}},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := c.header + "; MaxProcs: 8\n"
			for i, s := range c.submits {
				in += fmt.Sprintf(job, i+1, s)
			}
			tr, err := datasets.Read(strings.NewReader(in), datasets.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			rows := map[string]string{}
			var warns string
			for _, r := range logTable(tr).Rows {
				rows[r[0]] = r[1]
				if r[0] == "Reader's warning" {
					warns += r[1] + "\n"
				}
			}
			if rows["First and last submit"] != c.dates || rows["Time zone"] != c.zone {
				t.Errorf("report: %q, zone %q; want %q, %q", rows["First and last submit"], rows["Time zone"], c.dates, c.zone)
			}
			for _, w := range c.warnings {
				if !strings.Contains(warns, w) {
					t.Errorf("report's warnings lack %q:\n%s", w, warns)
				}
			}
			path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".swf")
			if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
				t.Fatal(err)
			}
			out, _, err := runCLI(t, "info", "--format", "json", path)
			if err != nil {
				t.Fatal(err)
			}
			var got map[string]any
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if got["first_submit_unix"] != c.first || got["time_zone"] != c.zone {
				t.Errorf("info: first_submit_unix %v, time_zone %v; want %v, %v", got["first_submit_unix"], got["time_zone"], c.first, c.zone)
			}
		})
	}
}
