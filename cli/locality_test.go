package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/datasets"
)

func jsonKeys(t *testing.T, out string, keys ...string) map[string]any {
	t.Helper()
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(got) != len(keys) {
		t.Errorf("keys %v, want %v", got, keys)
	}
	for _, k := range keys {
		if _, ok := got[k]; !ok {
			t.Errorf("json lacks %q: %s", k, out)
		}
	}
	return got
}

func TestLocalityStackJSON(t *testing.T) {
	out, _, err := runCLI(t, "locality", "stack", "--attr", "procs", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	got := jsonKeys(t, out, "attr", "mean_depth", "jobs")
	obs, _ := locality.Observe(datasets.Sample(), datasets.Procs)
	want, _ := locality.StackDepth(obs, locality.StackOptions{})
	if got["attr"] != "procs" || got["mean_depth"] != want.MeanDepth || got["jobs"] != float64(want.Jobs) {
		t.Errorf("stack = %v, want depth %v over %d jobs", got, want.MeanDepth, want.Jobs)
	}
}

func TestLocalitySamplingJSON(t *testing.T) {
	out, _, err := runCLI(t, "locality", "sampling", "--reps", "50", "--ranges", "12", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	got := jsonKeys(t, out, "attr", "slice_days", "ranges", "m_max", "m_med", "m_max_random", "m_med_random",
		"locality_max", "locality_med", "usable_slices")
	obs, _ := locality.Observe(datasets.Sample(), datasets.Runtime)
	want, _ := locality.LocalityOfSampling(obs, locality.SamplingOptions{Reps: 50, Ranges: 12, Seed: 1})
	if got["m_med"] != want.MMed || got["m_med_random"] != want.GMed || got["ranges"] != 12.0 ||
		got["slice_days"] != 3.0 || got["usable_slices"] != float64(want.Usable) {
		t.Errorf("sampling = %v, want %+v", got, want)
	}
	// Per-slice rows.
	out, _, err = runCLI(t, "locality", "sampling", "--reps", "0", "--rows", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); lines[0] != "slice,start,end,jobs,usable,m" {
		t.Errorf("rows header %q", lines[0])
	}
}

func TestLocalityBinsAndRuns(t *testing.T) {
	out, _, err := runCLI(t, "locality", "bins", "--attr", "req_time", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	got := jsonKeys(t, out, "attr", "bins", "days", "mean_max_fraction", "median_max_fraction")
	if f := got["median_max_fraction"].(float64); f < 1.0/16 || f > 1 {
		t.Errorf("bins = %v", got)
	}
	for _, key := range []string{"app,procs", "procs,req_time"} {
		out, _, err = runCLI(t, "locality", "runs", "--key", key, "--format", "json")
		if err != nil {
			t.Fatal(err)
		}
		got = jsonKeys(t, out, "key", "runs", "jobs", "skipped", "longest", "slope", "intercept")
		r, _ := locality.RunLengths(datasets.Sample(), locality.RunOptions{Key: map[string]locality.RunKey{
			"app,procs": locality.KeyApp | locality.KeyProcs, "procs,req_time": locality.KeyProcs | locality.KeyReqTime}[key]})
		if got["slope"] != r.Slope || got["runs"] != float64(len(r.Lengths)) {
			t.Errorf("runs --key %s = %v, want slope %v", key, got, r.Slope)
		}
	}
	// A log without application numbers: the paper's key fails clearly.
	tr := datasets.Sample()
	for i := range tr.App {
		tr.App[i] = -1
	}
	path := filepath.Join(t.TempDir(), "noapp.swf")
	if err := datasets.WriteSWFFile(path, tr); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCLI(t, "locality", "runs", path); err == nil || !strings.Contains(err.Error(), "run key") {
		t.Errorf("runs without applications: err = %v", err)
	}
}

func TestLocalityErrors(t *testing.T) {
	for _, args := range [][]string{
		{"locality"},
		{"locality", "nope"},
		{"locality", "stack", "--attr", "memory"},
		{"locality", "sampling", "--ties", "middle"},
		{"locality", "sampling", "--align", "noon"},
		{"locality", "runs", "--key", "user"},
		{"locality", "stack", "a", "b"},
	} {
		if _, _, err := runCLI(t, args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
	// Slices longer than the log.
	if _, _, err := runCLI(t, "locality", "sampling", "--days", "400"); err == nil || !strings.Contains(err.Error(), "shorter than one slice") {
		t.Errorf("--days 400: err = %v", err)
	}
}

// Table 1 of the 2007 paper, shift 0, from the command line.
func TestLocalitySamplingBlue(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA not set")
	}
	out, _, err := runCLI(t, "locality", "sampling", "SDSC-BLUE", "--reps", "0", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	json.Unmarshal([]byte(out), &got)
	if m := got["m_med"].(float64); math.Abs(m/0.0691-1) > 0.02 {
		t.Errorf("SDSC-BLUE M'_med %v, paper 0.0691", m)
	}
	if got["m_max_random"] != nil {
		t.Errorf("without bootstrap m_max_random = %v, want null", got["m_max_random"])
	}
}

func TestLocalityManipulateCSV(t *testing.T) {
	out, _, err := runCLI(t, "locality", "manipulate", "--reps", "0", "--fractions", "1", "--windows", "30", "--manip-reps", "2", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if lines[0] != "manipulation,level,replicate,mean_depth,m_med,m_max,g_med,g_max" || len(lines) != 5 {
		t.Fatalf("manipulate rows:\n%s", out)
	}
	for i, prefix := range []string{"none,0,0,", "scramble,1,0,", "scramble,1,1,", "concentrate,2.592e+06,0,"} {
		if !strings.HasPrefix(lines[i+1], prefix) {
			t.Errorf("row %d %q, want prefix %q", i+1, lines[i+1], prefix)
		}
	}
	if _, _, err := runCLI(t, "locality", "manipulate", "--fractions", "1.5"); err == nil {
		t.Error("--fractions 1.5: no error")
	}
}
