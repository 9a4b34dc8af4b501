package outfile

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestConcurrentSetsNotMixed: two processes commit a set of two files
// (a log and its table, as tracelab import does) to the same paths at
// once. The first pauses between its two renames; the second commits
// during the pause. Without a lock the second's two renames fell between
// the first's, leaving the log of one run beside the table of the other;
// now the second waits, and both files come from it.
func TestConcurrentSetsNotMixed(t *testing.T) {
	if os.Getenv("OUTFILE_HELPER") != "" {
		t.Skip("helper process")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	start := func(who, pause string) *exec.Cmd {
		cmd := exec.Command(exe, "-test.run=^TestCommitHelper$", "-test.count=1")
		cmd.Env = append(os.Environ(), "OUTFILE_HELPER="+who, "OUTFILE_DIR="+dir, "OUTFILE_PAUSE="+pause)
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	first := start("first", "600ms")
	// The second starts once the first has renamed its first file.
	deadline := time.Now().Add(30 * time.Second)
	for {
		if b, _ := os.ReadFile(filepath.Join(dir, "a.swf")); string(b) == "first" {
			break
		}
		if time.Now().After(deadline) {
			first.Process.Kill()
			t.Fatal("the first commit did not start")
		}
		time.Sleep(time.Millisecond)
	}
	second := start("second", "0s")
	for _, c := range []*exec.Cmd{first, second} {
		if err := c.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dir, "a.swf"))
	b, _ := os.ReadFile(filepath.Join(dir, "a.swf.ids.csv"))
	if string(a) != string(b) {
		t.Errorf("the set's files come from two commits: a.swf from %q, a.swf.ids.csv from %q", a, b)
	}
	if got := entries(t, dir); len(got) != 2 {
		t.Errorf("files left: %v", got)
	}
}

// TestCommitHelper is the process of TestConcurrentSetsNotMixed: it
// commits the set {a.swf, a.swf.ids.csv}, both holding its name, pausing
// OUTFILE_PAUSE after the first rename.
func TestCommitHelper(t *testing.T) {
	who := os.Getenv("OUTFILE_HELPER")
	if who == "" {
		t.Skip("run by TestConcurrentSetsNotMixed")
	}
	dir := os.Getenv("OUTFILE_DIR")
	pause, err := time.ParseDuration(os.Getenv("OUTFILE_PAUSE"))
	if err != nil {
		t.Fatal(err)
	}
	afterRename = func(k int) {
		if k == 0 {
			time.Sleep(pause)
		}
	}
	var s Set
	for _, name := range []string{"a.swf", "a.swf.ids.csv"} {
		if err := s.Write(filepath.Join(dir, name), 0o644, func(w io.Writer) error {
			_, err := io.WriteString(w, who)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
}
