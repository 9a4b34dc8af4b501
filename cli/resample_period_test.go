package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestResamplePeriodStart: --period-start reaches the pools. The log's time
// 0 lies 3 days before its first job; user 2's activity (weeks 4–6) touches
// the start's 4-week edge only when the period begins at time 0, so the
// pools hold a different number of temporary users (the layout of
// sim/resample's TestPoolsPeriodStart); a time 0 more than 4 weeks before
// the first job is an error under log_start (users.AtLogStart).
func TestResamplePeriodStart(t *testing.T) {
	dir := t.TempDir()
	const wk, d = 7 * 86400, 86400
	write := func(name string, first int) string {
		var b strings.Builder
		b.WriteString("; UnixStartTime: 1704067200\n; TimeZoneString: UTC\n; MaxProcs: 4\n")
		subs := [][2]int{{first, 1}, {4*wk + 2*d, 2}, {6 * wk, 2}, {20 * wk, 3}, {30 * wk, 1}}
		for i, s := range subs {
			fmt.Fprintf(&b, "%d %d 0 100 1 -1 -1 1 200 -1 1 %d -1 -1 -1 -1 -1 -1\n", i+1, s[0], s[1])
		}
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	near, far := write("near.swf", 3*d), write("far.swf", 29*d)
	pools := func(log, start string) (map[string]any, error) {
		out, _, err := runCLI(t, "resample", log, "--weeks", "10", "--seed", "1", "--reading", "discard-touching",
			"--period-start", start, "-o", filepath.Join(dir, start+".swf"), "--format", "json")
		if err != nil {
			return nil, err
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return rec["pools"].(map[string]any), nil
	}
	first, err := pools(near, "first_submission")
	if err != nil {
		t.Fatal(err)
	}
	atZero, err := pools(near, "log_start")
	if err != nil {
		t.Fatal(err)
	}
	if first["period_start"] != "first_submission" || atZero["period_start"] != "log_start" {
		t.Errorf("period_start %v and %v", first["period_start"], atZero["period_start"])
	}
	if first["temporary_users"] == atZero["temporary_users"] {
		t.Errorf("temporary users %v from the first submission and %v from time 0: the flag did not reach the pools",
			first["temporary_users"], atZero["temporary_users"])
	}
	if _, err := pools(far, "log_start"); err == nil {
		t.Error("time 0 29 days before the first job: no error under log_start")
	}
	if _, err := pools(near, "yesterday"); err == nil || !strings.Contains(err.Error(), "--period-start") {
		t.Errorf("--period-start yesterday: error %v", err)
	}
}
