package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSlurmKeyProgram: a sweep's array folder is keyed by the program its
// tasks run as well as by the sweep — the sweep's ID names the scheduler,
// not its code — so that rerunning a sweep of a scheduler edited under the
// same name into the old folder is refused instead of merging shards of
// two versions; the same program gives the same key.
func TestSlurmKeyProgram(t *testing.T) {
	dir := t.TempDir()
	key := func(prog string) string {
		t.Helper()
		script, _, err := runCLI(t, "sweep", "--reps", "4", "--slurm", "--dry-run", "--shards", "2",
			"-o", filepath.Join(dir, "r.parquet"), "--tracelab", prog)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(script, "\n") {
			if strings.HasPrefix(line, "# Computation: ") {
				return line
			}
		}
		t.Fatalf("no computation line:\n%s", script)
		return ""
	}
	a, b, c := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "c")
	for p, content := range map[string]string{a: "version 1", b: "version 2", c: "version 1"} {
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if key(a) == key(b) {
		t.Errorf("two programs give one key: %s", key(a))
	}
	if key(a) != key(c) {
		t.Errorf("one program at two paths gives two keys:\n%s\n%s", key(a), key(c))
	}
	if k := key("/opt/bin/tracelab-on-the-nodes"); !strings.Contains(k, "program=/opt/bin/tracelab-on-the-nodes") {
		t.Errorf("a program this machine cannot read is keyed by its path: %s", k)
	}
}
