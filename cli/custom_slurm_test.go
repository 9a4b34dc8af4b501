package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestCustomSchedulerSlurm: a researcher's program — examples/cmd/saflab,
// the whole command line with smallest-area-first EASY registered as "saf"
// by a module of its own — runs a sweep of its scheduler as a job array on
// a real Slurm (each task runs that program), and the merged result equals
// the sweep the program runs locally, row for row; then the same for the
// resampling bootstrap's reading "stop-at-end" and the window experiment.
func TestCustomSchedulerSlurm(t *testing.T) {
	needSlurm(t)
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("building saflab needs go on PATH: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "saflab")
	build := exec.Command(gobin, "build", "-o", bin, "./cmd/saflab")
	build.Dir = filepath.Join("..", "examples")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/saflab: %v\n%s", err, out)
	}
	for _, c := range [][]string{
		{"--experiment", "resample", "--reps", "6", "--load", "1,1.4"},
		{"--experiment", "resample", "--reading", "stop-at-end", "--reps", "4"},
		{"--experiment", "window", "--reps", "6", "--window", "2w"},
	} {
		args := append([]string{"sweep"}, c...)
		args = append(args, "--scheduler", "saf", "--seed", "7")
		out := filepath.Join(t.TempDir(), "sweep.parquet")
		slurmArgs := append(append([]string{}, args...), "--slurm", "--shards", "3", "-o", out, "--poll", "200ms")
		if b, err := exec.Command(bin, slurmArgs...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", slurmArgs, err, b)
		}
		local, err := exec.Command(bin, append(args, "--format", "csv", "--quiet")...).Output()
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		df, err := datasets.ReadFrameFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var merged bytes.Buffer
		if err := datasets.WriteCSV(&merged, df); err != nil {
			t.Fatal(err)
		}
		if merged.String() != string(local) || bytes.Count(local, []byte("\n")) < 5 {
			t.Errorf("%v: the Slurm array's rows differ from the local run:\n%s\nlocal:\n%s", c, merged.String(), local)
		}
		if _, err := os.Stat(out + ".slurm"); err != nil {
			t.Errorf("no array folder: %v", err)
		}
	}
}
