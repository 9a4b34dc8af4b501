package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

func TestSimulateJSON(t *testing.T) {
	dir := t.TempDir()
	jobs := filepath.Join(dir, "jobs.csv")
	weekly := filepath.Join(dir, "weekly.parquet")
	out, _, err := runCLI(t, "simulate", "--scheduler", "conservative", "--format", "json",
		"--jobs-out", jobs, "--weekly-out", weekly)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, k := range []string{"jobs", "avg_wait", "avg_response", "avg_slowdown", "avg_bounded_slowdown",
		"utilization", "makespan", "max_queue"} {
		if _, ok := got[k]; !ok {
			t.Errorf("key %s missing from %s", k, out)
		}
	}
	// The same numbers as the library.
	r, err := sim.Replay(datasets.Sample(), &sim.Conservative{}, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := r.Summary()
	if got["jobs"] != float64(s.Jobs) || got["avg_wait"] != s.AvgWait || got["max_queue"] != float64(s.MaxQueue) ||
		got["scheduler"] != "conservative" {
		t.Errorf("summary %v, library %+v", got, s)
	}
	b, err := os.ReadFile(jobs)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if !strings.HasPrefix(lines[0], "job_id,user,submit,start,end,") || !strings.Contains(lines[0], "procs") ||
		len(lines) != s.Jobs+1 {
		t.Errorf("jobs file: %d lines, header %q", len(lines), lines[0])
	}
	df, err := datasets.ReadParquetFile(weekly)
	if err != nil {
		t.Fatal(err)
	}
	if df.Nrow() != r.Weekly.Len() || df.Ncol() != 4 {
		t.Errorf("weekly file %d×%d, want %d×4", df.Nrow(), df.Ncol(), r.Weekly.Len())
	}
}

func TestSimulateFlags(t *testing.T) {
	for _, args := range [][]string{
		{"simulate", "--scheduler", "sjf"},
		{"simulate", "--overrun", "ignore"},
		{"simulate", "--procs", "-1"},
		{"simulate", "a", "b"},
	} {
		if _, _, err := runCLI(t, args...); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
	// A machine too small for the sample's widest job: dropped and counted,
	// or an error with --wide error.
	out, _, err := runCLI(t, "simulate", "--procs", "2", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Dropped struct {
			TooWide int `json:"too_wide"`
		}
	}
	json.Unmarshal([]byte(out), &got)
	if got.Dropped.TooWide == 0 {
		t.Errorf("no job dropped on 2 processors: %s", out)
	}
	if _, _, err := runCLI(t, "simulate", "--procs", "2", "--wide", "error"); err == nil {
		t.Error("--wide error accepted a job wider than the machine")
	}
	out, _, err = runCLI(t, "simulate", "--scheduler", "log")
	if err != nil || !strings.Contains(out, "log_replay.delayed") {
		t.Errorf("--scheduler log: %v\n%s", err, out)
	}
}

// The cross-check of issue 6 from the command line.
func TestSimulateSDSCSP2(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA not set")
	}
	out, _, err := runCLI(t, "simulate", "SDSC-SP2", "--scheduler", "easy", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	json.Unmarshal([]byte(out), &got)
	if w, _ := got["avg_wait"].(float64); w < 21100 || w > 22200 {
		t.Errorf("SDSC-SP2 EASY avg wait %v, independent simulators 21,100–22,200 s", got["avg_wait"])
	}
}

// TestSimulateSaturationUntestable: a log of a few hours has one weekly
// sample; the saturation test says it does not apply instead of printing a
// bare NaN slope beside "saturated false".
func TestSimulateSaturationUntestable(t *testing.T) {
	dir := t.TempDir()
	log := writeTemp(t, dir, "hours.swf", "; MaxProcs: 4\n"+
		"1 0 0 100 1 -1 -1 1 600 -1 1 1 1 -1 1 -1 -1 -1\n"+
		"2 5000 0 100 1 -1 -1 1 600 -1 1 1 1 -1 1 -1 -1 -1\n")
	out, _, err := runCLI(t, "simulate", log)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "not applicable: the arrivals span 1 weekly sample") {
		t.Errorf("saturation of a 2-hour log:\n%s", out)
	}
}
