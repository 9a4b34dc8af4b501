package main

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/cli"
)

// run runs the command line this program's main runs, in the process.
func run(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if err := cli.Run(args, &out, &errb); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, errb.String())
	}
	return out.String()
}

// The user's scheduler runs through simulate, sweep, feedback and compare,
// under its registered name.
func TestSchedulerEverywhere(t *testing.T) {
	var rec map[string]any
	if err := json.Unmarshal([]byte(run(t, "simulate", "--scheduler", "saf", "--format", "json")), &rec); err != nil {
		t.Fatal(err)
	}
	if rec["scheduler"] != "saf" || rec["jobs"] != 20631.0 {
		t.Errorf("simulate: scheduler %v, jobs %v", rec["scheduler"], rec["jobs"])
	}
	if err := json.Unmarshal([]byte(run(t, "feedback", "--scheduler", "saf", "--model", "fluid", "--format", "json")), &rec); err != nil {
		t.Fatal(err)
	}
	if rec["scheduler"] != "saf" || !(rec["jobs"].(float64) > 0) {
		t.Errorf("feedback: scheduler %v, jobs %v", rec["scheduler"], rec["jobs"])
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(run(t, "sweep", "--reps", "2", "--scheduler", "saf", "--quiet", "--format", "json")), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || !(rows[0]["simulated"].(float64) > 0) {
		t.Errorf("sweep: %v", rows)
	}
	out := run(t, "compare", "--scheduler", "easy", "--scheduler", "saf", "--variants", "4", "--weeks", "4",
		"--metrics", "avg_wait", "--format", "json")
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 2 || rows[1]["scheduler"] != "saf" {
		t.Errorf("compare: %v\n%s", err, out)
	}
}

// The built program lists its scheduler in the usage lines and its Slurm
// sweeps run the program itself.
func TestBuiltProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	exe := filepath.Join(t.TempDir(), "saflab")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	help, err := exec.Command(exe, "help", "simulate").Output()
	if err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(string(help), "\n"); !strings.HasPrefix(first, "usage: saflab simulate") || !strings.Contains(first, "|saf|") {
		t.Errorf("usage line: %s", first)
	}
	script, err := exec.Command(exe, "sweep", "--reps", "4", "--scheduler", "saf", "--slurm", "--dry-run", "--shards", "2",
		"-o", filepath.Join(t.TempDir(), "r.parquet")).Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "exec '" + exe + "' 'sweep' '--experiment' 'resample' '--scheduler' 'saf'"; !strings.Contains(string(script), want) {
		t.Errorf("batch script lacks %q:\n%s", want, script)
	}
}
