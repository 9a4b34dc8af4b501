package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// export batsim, import batsim and simulate --batsim-out: the sample log
// goes to Batsim and back, and its schedule is the same.
func TestBatsimCommands(t *testing.T) {
	dir := t.TempDir()
	w := filepath.Join(dir, "sample.json")
	_, stderr, err := runCLI(t, "export", "batsim", "-o", w)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "20631 jobs") || !strings.Contains(stderr, "nb_res 128") {
		t.Errorf("export report: %s", stderr)
	}
	back := filepath.Join(dir, "back.swf")
	if _, _, err := runCLI(t, "import", "batsim", w, "-o", back); err != nil {
		t.Fatal(err)
	}
	var outs [2]string
	for i, log := range []string{"", back} {
		csv := filepath.Join(dir, "jobs"+string(rune('a'+i))+".csv")
		args := []string{"simulate", "--batsim-out", csv, "--format", "json"}
		if log != "" {
			args = append(args, log)
		}
		if _, _, err := runCLI(t, args...); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(csv)
		if err != nil {
			t.Fatal(err)
		}
		outs[i] = string(b)
	}
	if outs[0] != outs[1] {
		t.Error("the schedule of the log and of its Batsim round trip differ")
	}
	if !strings.HasPrefix(outs[0], "job_id,workload_name,profile,submission_time,") {
		t.Errorf("jobs CSV: %.100s", outs[0])
	}
	bins := filepath.Join(dir, "bins.csv")
	if _, _, err := runCLI(t, "simulate", "--bins-out", bins, "--bin", "week", "--format", "json"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(bins); !strings.HasPrefix(string(b), "bin_start,utilization,avg_queue,max_queue,arrivals\n") ||
		strings.Count(string(b), "\n") != 21 {
		t.Errorf("bins:\n%s", b)
	}
	for _, bad := range [][]string{
		{"simulate", "--bins-out", bins, "--bin", "month"},
		{"export"}, {"export", "swf", "-o", w}, {"export", "batsim"}, {"export", "batsim", "-o", filepath.Join(dir, "x.csv")},
		{"export", "batsim", "-o", w, "--profile-type", "sleep"}, {"import", "batsim", "-o", back},
		{"simulate", "--batsim-out", filepath.Join(dir, "x.json")},
	} {
		if _, _, err := runCLI(t, bad...); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}
