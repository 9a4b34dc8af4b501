package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// checkStreamLog is a small log with a machine of 2 processors that one
// job overfills (over_capacity) and a repeated job number: check reads a
// file of it three times.
const checkStreamLog = "; MaxProcs: 2\n" +
	"1 0 0 100 2 -1 -1 2 200 -1 1 1 1 -1 1 1 -1 -1\n" +
	"2 10 0 90 1 -1 -1 1 200 -1 1 2 1 -1 1 1 -1 -1\n" +
	"2 20 0 50 1 -1 -1 1 200 -1 1 2 1 -1 1 1 -1 -1\n" +
	"4 30 0 10 1 -1 -1 1 200 -1 1 3 1 -1 1 1 -1 -1\n"

// TestCheckNamedPipe: a named pipe given as check's LOG is read once,
// whole, and reported as the same log in a regular file; standard input
// (-) too.
func TestCheckNamedPipe(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"file", "fifo"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(dir, "file", "x.swf")
	if err := os.WriteFile(file, []byte(checkStreamLog), 0o600); err != nil {
		t.Fatal(err)
	}
	want, _, err := runCLI(t, "check", "--format", "json", file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(want, `"over_capacity"`) || !strings.Contains(want, `"duplicate_job_id"`) {
		t.Fatalf("the file's report lacks over_capacity or duplicate_job_id:\n%s", want)
	}
	fifo := filepath.Join(dir, "fifo", "x.swf")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs:", err)
	}
	done := make(chan error)
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			_, err = f.WriteString(checkStreamLog)
			f.Close()
		}
		done <- err
	}()
	got, _, err := runCLI(t, "check", "--format", "json", fifo)
	if err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("check of a named pipe:\n%s\nwant the file's\n%s", got, want)
	}
}

// TestScanRegularRefusesNamedPipe: a reading of check's stream opens its
// path as a regular file, so a file replaced by a named pipe between two
// readings is an error at once, not a reading that waits for a writer.
func TestScanRegularRefusesNamedPipe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.swf")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip("no FIFOs:", err)
	}
	_, err := scanRegular(path, datasets.ReadOptions{})(nopJobs{})
	if err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("err %v, want a named pipe refused", err)
	}
}

// nopJobs is a JobWriter that keeps nothing.
type nopJobs struct{}

func (nopJobs) WriteHeader(datasets.Header) error { return nil }
func (nopJobs) WriteJob(*datasets.Job) error      { return nil }
