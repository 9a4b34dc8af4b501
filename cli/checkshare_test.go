package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckShareLeftOut: the table's share of rows the reader left out is
// of the rows read (jobs in the trace + rows left out), that of any other
// anomaly of the jobs in the trace. Each log has 3 rows, one left out and
// one of the two kept with runtime −1, so the reference values are 1/3 =
// 33.33% and 1/2 = 50.00% by construction. Before: the left-out row's
// share was 1/2 = 50.00% (of the 2 jobs in the trace, which it is not in).
// The JSON form gives the same share, whether the row was left out, and
// the rows read (it had neither share nor rows before).
func TestCheckShareLeftOut(t *testing.T) {
	const tail = " 0 10 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n"
	for _, c := range []struct {
		kind, submit string // the left-out row's anomaly and submit field
	}{
		{"unreadable_submit", "x"},             // not a number (ReadReport.UnreadableSkipped)
		{"missing_submit", "-1"},               // placeholder (PlaceholdersSkipped)
		{"submit_out_of_range_submit", "1e13"}, // beyond MaxTime, ~6.3e9 s (OutOfRangeSkipped)
	} {
		swf := "; MaxProcs: 8\n" +
			"1 0" + tail +
			"2 " + c.submit + tail +
			"3 20 0 -1 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n" // runtime unknown: missing_runtime, kept
		p := filepath.Join(t.TempDir(), "left.swf")
		if err := os.WriteFile(p, []byte(swf), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _, err := runCLI(t, "check", p)
		if err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
		for _, want := range []struct{ kind, share string }{{c.kind, "33.33%"}, {"missing_runtime", "50.00%"}} {
			if got := tableShare(out, want.kind); got != want.share {
				t.Errorf("%s: share of %s %q, want %s\n%s", c.kind, want.kind, got, want.share, out)
			}
		}
		if note := "share: of the 2 jobs in the trace; for rows the reader left out (" + c.kind + "), of the 3 rows read"; !strings.Contains(out, note) {
			t.Errorf("%s: table lacks %q\n%s", c.kind, note, out)
		}
		js, _, err := runCLI(t, "check", p, "--format", "json")
		var got struct {
			Jobs, Rows int
			Anomalies  []struct {
				Kind    string
				Jobs    int
				Share   float64
				LeftOut bool `json:"left_out"`
			}
		}
		if err == nil {
			err = json.Unmarshal([]byte(js), &got)
		}
		if err != nil || got.Jobs != 2 || got.Rows != 3 {
			t.Errorf("%s: json: %v, jobs %d rows %d, want 2 and 3\n%s", c.kind, err, got.Jobs, got.Rows, js)
		}
		for _, want := range []struct {
			kind    string
			share   float64
			leftOut bool
		}{{c.kind, 1.0 / 3, true}, {"missing_runtime", 0.5, false}} {
			found := false
			for _, a := range got.Anomalies {
				if a.Kind == want.kind {
					found = true
					if a.Jobs != 1 || a.Share != want.share || a.LeftOut != want.leftOut {
						t.Errorf("%s: json anomaly %+v, want 1 job, share %v, left_out %v", c.kind, a, want.share, want.leftOut)
					}
				}
			}
			if !found {
				t.Errorf("%s: json lacks %s\n%s", c.kind, want.kind, js)
			}
		}
		csv, _, err := runCLI(t, "check", p, "--format", "csv")
		if err != nil || !strings.Contains(csv, ","+c.kind+",1,0.3333") || !strings.Contains(csv, ",missing_runtime,1,0.5,") {
			t.Errorf("%s: csv: %v\n%s", c.kind, err, csv)
		}
	}
}

// tableShare returns the share column of kind's row in check's table.
func tableShare(table, kind string) string {
	for _, line := range strings.Split(table, "\n") {
		if f := strings.Fields(line); len(f) >= 4 && f[1] == kind {
			return f[3]
		}
	}
	return ""
}
