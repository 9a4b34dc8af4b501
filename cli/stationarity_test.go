package cli

import (
	"fmt"
	"strings"
	"testing"
)

func TestStationarityCSV(t *testing.T) {
	out, _, err := runCLI(t, "stationarity", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if lines[0] != "window,start_day,end_day,jobs,load_jobs,load,weekly_load_mean,median_runtime,mean_procs" || len(lines) != 4 {
		t.Fatalf("stationarity:\n%s", out)
	}
	out, _, err = runCLI(t, "stationarity", "--windows", "2", "--tests", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); lines[0] != "attr,a,b,d,p" || len(lines) != 4 {
		t.Fatalf("stationarity --tests:\n%s", out)
	}
	if _, _, err := runCLI(t, "stationarity", "--windows", "1"); err == nil {
		t.Error("--windows 1: no error")
	}
}

// TestStationarityUnknownRuntimes: jobs of unknown runtime are left out of
// the load and the CLI says how many; a window with none of known runtime
// is an error, not a load of 0. The log: a job an hour for 5 weeks on 4
// processors, every tenth job (or the first third) of unknown runtime.
func TestStationarityUnknownRuntimes(t *testing.T) {
	dir := t.TempDir()
	log := func(name string, unknown func(i, n int) bool) string {
		var b strings.Builder
		b.WriteString("; MaxProcs: 4\n")
		n := 5 * 7 * 24
		for i := range n {
			rt := "600"
			if unknown(i, n) {
				rt = "-1"
			}
			fmt.Fprintf(&b, "%d %d 0 %s 1 -1 -1 1 3600 -1 1 1 1 -1 1 -1 -1 -1\n", i+1, i*3600, rt)
		}
		return writeTemp(t, dir, name, b.String())
	}
	tenth := log("tenth.swf", func(i, _ int) bool { return i%10 == 0 })
	out, stderr, err := runCLI(t, "stationarity", tenth, "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "84 of 840 jobs have an unknown runtime or processor count") {
		t.Errorf("no count of the jobs left out; stderr %q", stderr)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 4 {
		t.Errorf("windows:\n%s", out)
	}
	blind := log("blind.swf", func(i, n int) bool { return i < n/3 })
	if _, _, err := runCLI(t, "stationarity", blind); err == nil || !strings.Contains(err.Error(), "its load is undefined") {
		t.Errorf("first third unknown: err %v", err)
	}
}
