package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptLeavesNoTemporaryFile (issue 25 class 5): SIGINT, SIGTERM or SIGHUP
// while convert writes its output removes the temporary file at once (an
// interrupt once left .NAME.tmp-NNN files of 20–50 MB), replaces nothing,
// and ends the program with status 128 + the signal.
func TestInterruptLeavesNoTemporaryFile(t *testing.T) {
	t.Parallel()
	exe := tracelabBinary(t)
	dir := t.TempDir()
	log := bigLog(t, dir)
	// SIGHUP (a closed terminal) once ended the program at once, its
	// temporary file left behind.
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			sub := t.TempDir()
			out := writeTemp(t, sub, "out.swf.gz", "old")
			cmd := exec.Command(exe, "convert", log, "-o", out)
			cmd.Env = append(os.Environ(), "TRACELAB_DATA=")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitForTemp(t, cmd, filepath.Join(sub, ".out.swf.gz.tmp-*"))
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 128+int(sig) {
				t.Errorf("ended with %v, want exit status %d\n%s", err, 128+int(sig), stderr.String())
			}
			if !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("stderr: %s", stderr.String())
			}
			es, _ := os.ReadDir(sub)
			if len(es) != 1 {
				t.Errorf("files left: %v", es)
			}
			if got, _ := os.ReadFile(out); string(got) != "old" {
				t.Errorf("the output was replaced: %d bytes", len(got))
			}
		})
	}
}

// TestIgnoredHangupIgnored: a program started with SIGHUP ignored
// ("nohup tracelab …") goes on after a SIGHUP and writes its output;
// listening for SIGHUP must not undo the ignoring.
func TestIgnoredHangupIgnored(t *testing.T) {
	t.Parallel()
	exe := tracelabBinary(t)
	dir := t.TempDir()
	log := bigLog(t, dir)
	out := filepath.Join(dir, "out.swf.gz")
	// The shell ignores SIGHUP and execs the program, which inherits it.
	cmd := exec.Command("sh", "-c", `trap "" HUP; exec "$0" convert "$1" -o "$2"`, exe, log, out)
	cmd.Env = append(os.Environ(), "TRACELAB_DATA=")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForTemp(t, cmd, filepath.Join(dir, ".out.swf.gz.tmp-*"))
	if err := cmd.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if st, err := os.Stat(out); err != nil || st.Size() == 0 {
		t.Errorf("output not written: %v", err)
	}
}

// bigLog writes a log of 300,000 jobs in dir: long enough to write as
// .swf.gz to catch the write midway.
func bigLog(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	for k := range 300_000 {
		fmt.Fprintf(&b, "%d %d 10 %d %d 90 -1 %d 200 -1 1 %d 1 7 1 1 -1 -1\n", k+1, k*30, 100+k%900, 1+k%8, 1+k%8, 1+k%50)
	}
	return writeTemp(t, dir, "big.swf", "; MaxProcs: 64\n"+b.String())
}

// waitForTemp waits, at most a minute, until a file matching pattern (the
// temporary file of cmd's output) appears.
func waitForTemp(t *testing.T, cmd *exec.Cmd, pattern string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		if ms, _ := filepath.Glob(pattern); len(ms) > 0 {
			return
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no temporary file appeared")
		}
		time.Sleep(2 * time.Millisecond)
	}
}
