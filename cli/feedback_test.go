package cli

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

func TestFeedbackJSON(t *testing.T) {
	out, _, err := runCLI(t, "feedback", "--model", "fluid", "--scheduler", "fcfs", "--seed", "3", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, k := range append(append([]string{"log", "model", "scheduler", "procs"}, sim.SummaryColumns...), "avg_activity_days", "releases") {
		if _, ok := got[k]; !ok {
			t.Errorf("no key %q in %s", k, out)
		}
	}
	if got["model"] != "fluid" || got["scheduler"] != "fcfs" || got["jobs"] != float64(datasets.Sample().Len()) {
		t.Errorf("got %v", got)
	}
	// Same seed, same output.
	again, _, _ := runCLI(t, "feedback", "--model", "fluid", "--scheduler", "fcfs", "--seed", "3", "--format", "json")
	if again != out {
		t.Error("same seed, different output")
	}
}

// TestFeedbackLogWorkload: with the log scheduler and the adjusted model,
// the workload written out has exactly the log's submit times.
func TestFeedbackLogWorkload(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.swf.gz")
	out, _, err := runCLI(t, "feedback", "--scheduler", "log", "--workload-out", path, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	json.Unmarshal([]byte(out), &got)
	if got["log_delayed_starts"] != 0.0 {
		t.Errorf("delayed starts %v", got["log_delayed_starts"])
	}
	gen, err := datasets.ReadFile(path, datasets.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	orig := datasets.Sample()
	if gen.Len() != orig.Len() {
		t.Fatalf("%d jobs written, log has %d", gen.Len(), orig.Len())
	}
	a, b := slices.Clone(gen.Submit), slices.Clone(orig.Submit)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		t.Error("submit times differ from the log's")
	}
}

func TestFeedbackResample(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA unset")
	}
	out, _, err := runCLI(t, "feedback", "KTH-SP2", "--model", "fluid", "--resample", "--load", "1.5", "--weeks", "10",
		"--seed", "1", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Jobs     int `json:"jobs"`
		Resample struct {
			Users, Jobs int
			Weeks       int
			Throughput  float64 `json:"throughput_window_per_week"`
		} `json:"resample"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Resample.Users == 0 || got.Resample.Weeks < 10 || got.Jobs == 0 || got.Jobs > got.Resample.Jobs || !(got.Resample.Throughput > 0) {
		t.Errorf("got %+v", got)
	}
}

func TestFeedbackErrors(t *testing.T) {
	for _, args := range [][]string{
		{"feedback", "--model", "random"},
		{"feedback", "--scheduler", "sjf"},
		{"feedback", "--load", "2"},
		{"feedback", "--cycle", "office"},
		{"feedback", "--model", "distribution", "--cycle", "moon"},
		{"feedback", "--workload-out", "x.csv"},
		{"feedback", "--resample", "--load", "-1"},
	} {
		if _, _, err := runCLI(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("%v: error %v, want a usage error", args, err)
		}
	}
}

// TestFeedbackSweep: the feedback experiment of the sweep command.
func TestFeedbackSweep(t *testing.T) {
	out, _, err := runCLI(t, "sweep", "--experiment", "feedback", "--reps", "2", "--load", "1,2", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rows) != 4 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		if !(r["throughput_window_per_week"].(float64) > 0) || r["users"].(float64) < 1 {
			t.Errorf("row %v", r)
		}
	}
}
