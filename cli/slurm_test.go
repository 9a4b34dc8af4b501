package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/slurm"
)

// needSlurm skips the test when no Slurm is running (SLURM_CONF unset or
// the controller unreachable), and fails it in CI (CI set), where the tests
// run under scripts/slurm-harness.sh.
func needSlurm(t *testing.T) {
	t.Helper()
	why := ""
	if os.Getenv("SLURM_CONF") == "" {
		why = "SLURM_CONF is not set"
	} else if err := (slurm.Client{}).Available(context.Background()); err != nil {
		why = err.Error()
	}
	if why == "" {
		return
	}
	msg := "this test needs a running Slurm (" + why + "); run it under: scripts/slurm-harness.sh run -- go test ./cli/"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// buildTracelab builds this command into a temporary folder: the program
// the array tasks run (the test binary itself is not tracelab).
func buildTracelab(t *testing.T) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("building tracelab needs go on PATH: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "tracelab")
	cmd := exec.Command(gobin, "build", "-o", bin, "github.com/tracelab/tracelab/cmd/tracelab")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestSweepSlurm runs a sweep as a 10-task job array on a real Slurm —
// 1000 replicates of the window experiment under EASY on KTH-SP2 (100 in
// quick mode; the embedded sample log without TRACELAB_DATA) — with an
// injected failure of shard 3: the failure is reported with its log, the
// same command then resubmits shard 3 alone, and the merged result equals
// the sweep run locally, row for row.
func TestSweepSlurm(t *testing.T) {
	needSlurm(t)
	bin := buildTracelab(t)
	log, reps := "", "1000"
	if os.Getenv("TRACELAB_DATA") != "" {
		log = "KTH-SP2"
	}
	if os.Getenv("TRACELAB_QUICK") != "" {
		reps = "100"
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "sweep.parquet")
	args := []string{"sweep"}
	if log != "" {
		args = append(args, log)
	}
	args = append(args, "--reps", reps, "--scheduler", "easy", "--seed", "2013", "--slurm", "--shards", "10",
		"-o", out, "--tracelab", bin, "--poll", "200ms")

	t.Setenv(sweepFailEnv, "3")
	start := time.Now()
	_, stderr, err := runCLI(t, args...)
	first := time.Since(start)
	if err == nil || !strings.Contains(err.Error(), "1 of 10 shards failed or did not run (3)") {
		t.Fatalf("first run: %v\n%s", err, stderr)
	}
	if !strings.Contains(stderr, "shard 3/10 failed") || !strings.Contains(stderr, "injected failure of shard 3/10") {
		t.Errorf("failure not reported:\n%s", stderr)
	}
	arr, err := slurm.Open(out + ".slurm")
	if err != nil {
		t.Fatal(err)
	}
	logPath := arr.Plan.LogPath(arr.Submissions[0].JobID, 3)
	if !strings.Contains(stderr, "log: "+logPath) {
		t.Errorf("log path %s not reported:\n%s", logPath, stderr)
	}
	if b, err := os.ReadFile(logPath); err != nil || !strings.Contains(string(b), "injected failure") {
		t.Errorf("log of shard 3: %v\n%s", err, b)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("a partial result was written")
	}
	status, _, err := runCLI(t, "slurm", "status", out+".slurm", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var tasks []map[string]any
	if err := json.Unmarshal([]byte(status), &tasks); err != nil || len(tasks) != 10 {
		t.Fatalf("status: %v\n%s", err, status)
	}
	for k, task := range tasks {
		want := "done"
		if k == 3 {
			want = "failed"
		}
		if task["state"] != want {
			t.Errorf("status of task %d: %v", k, task)
		}
	}

	t.Setenv(sweepFailEnv, "")
	start = time.Now()
	_, stderr, err = runCLI(t, args...)
	second := time.Since(start)
	if err != nil {
		t.Fatalf("second run: %v\n%s", err, stderr)
	}
	if arr, err = slurm.Open(out + ".slurm"); err != nil {
		t.Fatal(err)
	}
	if n := len(arr.Submissions); n != 2 || len(arr.Submissions[1].Tasks) != 1 || arr.Submissions[1].Tasks[0] != 3 {
		t.Fatalf("submissions %+v, want a second one of shard 3 alone", arr.Submissions)
	}

	start = time.Now()
	localArgs := []string{"sweep"}
	if log != "" {
		localArgs = append(localArgs, log)
	}
	localArgs = append(localArgs, "--reps", reps, "--scheduler", "easy", "--seed", "2013", "--format", "csv", "--quiet")
	local, _, err := runCLI(t, localArgs...)
	if err != nil {
		t.Fatal(err)
	}
	localTime := time.Since(start)
	var shards []string
	for k := range 10 {
		shards = append(shards, arr.Plan.OutputPath(k))
	}
	merged, _, err := runCLI(t, append([]string{"sweep", "merge", "--format", "csv"}, shards...)...)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := strconv.Atoi(reps); strings.Count(local, "\n") != n+1 || local != merged {
		t.Errorf("Slurm sweep differs from the local run (%d and %d lines)", strings.Count(merged, "\n"), strings.Count(local, "\n"))
	}
	// The merged output written by the sweep command is that frame too.
	df, err := datasets.ReadFrameFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := datasets.WriteCSV(&buf, df); err != nil {
		t.Fatal(err)
	}
	if buf.String() != local {
		t.Errorf("%s differs from the local run", out)
	}
	name := log
	if name == "" {
		name = "sample"
	}
	t.Logf("%s, %s replicates, 10 shards: first run (shard 3 failing) %v, resubmission of shard 3 %v, local run %v",
		name, reps, first.Round(time.Millisecond), second.Round(time.Millisecond), localTime.Round(time.Millisecond))
}
