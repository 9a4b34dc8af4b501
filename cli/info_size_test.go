package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInfoSizeReason: info on a log whose header gives no machine size
// says why the size is unknown. With more jobs than it keeps the times of
// (TRACELAB_MAX_JOBS, else 10 million) the reason is the log's length and
// the variable that raises the bound; it used to be "no logged start and
// end times to infer one", which the log has, and TRACELAB_MAX_JOBS did
// not change info's bound. Within the bound the size is inferred.
func TestInfoSizeReason(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&b, "%d %d 0 100 4 -1 -1 4 200 -1 1 %d 1 -1 1 -1 -1 -1\n", i, 60*i, 1+i%3)
	}
	log := filepath.Join(t.TempDir(), "six.swf")
	if err := os.WriteFile(log, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		maxJobs string
		procs   float64
		want    []string
	}{
		{"6", 8, []string{"inferred: peak processors in use"}},
		{"5", 0, []string{"not inferred: more than 5 jobs", "TRACELAB_MAX_JOBS raises the bound"}},
	} {
		t.Run(tc.maxJobs, func(t *testing.T) {
			t.Setenv(maxJobsEnv, tc.maxJobs)
			out, _, err := runCLI(t, "info", log, "--format", "json")
			if err != nil {
				t.Fatal(err)
			}
			var got map[string]any
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			rule, _ := got["max_procs_rule"].(string)
			for _, w := range tc.want {
				if !strings.Contains(rule, w) {
					t.Errorf("max_procs_rule %q, want it to contain %q", rule, w)
				}
			}
			if got["jobs"] != 6.0 || got["max_procs"] != tc.procs || strings.Contains(rule, "no logged") {
				t.Errorf("info: jobs %v, max_procs %v, rule %q", got["jobs"], got["max_procs"], rule)
			}
		})
	}
}
