package cli

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileSchedulerSlurm: a sweep of a scheduler of one's own that
// panics, run as a job array on a real Slurm by a program that registers
// it (testdata/hostilelab: the command line with sim/simtest's
// schedulers), fails with each failed shard reported with the last line
// of its log, which names the scheduler and its panic; the same for one
// that never starts a job.
func TestHostileSchedulerSlurm(t *testing.T) {
	needSlurm(t)
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("building hostilelab needs go on PATH: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "hostilelab")
	if out, err := exec.Command(gobin, "build", "-o", bin, "./testdata/hostilelab").CombinedOutput(); err != nil {
		t.Fatalf("go build ./testdata/hostilelab: %v\n%s", err, out)
	}
	for _, c := range []struct{ kind, says string }{
		{"panic", "a bug of mine at time"},
		{"idle", "jobs left waiting on an idle machine"},
	} {
		name := "test-hostile:" + c.kind
		out := filepath.Join(t.TempDir(), "sweep.parquet")
		args := []string{"sweep", "--experiment", "window", "--reps", "4", "--window", "1w", "--scheduler", name,
			"--slurm", "--shards", "2", "-o", out, "--poll", "200ms"}
		b, err := exec.Command(bin, args...).CombinedOutput()
		text := string(b)
		if err == nil || !strings.Contains(text, "shards failed") {
			t.Errorf("%v: error %v, want failed shards:\n%s", args, err, text)
		}
		for _, shard := range []string{"shard 0/2 failed", "shard 1/2 failed"} {
			i := strings.Index(text, shard)
			if i < 0 {
				t.Errorf("%s: %q not reported:\n%s", name, shard, text)
				continue
			}
			line, _, _ := strings.Cut(text[i:], "\n")
			if !strings.Contains(line, "scheduler "+name) || !strings.Contains(line, c.says) {
				t.Errorf("%s: %q, want the scheduler named and %q", name, line, c.says)
			}
		}
	}
}
