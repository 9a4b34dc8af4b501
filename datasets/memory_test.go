package datasets

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/gzip"

	"github.com/tracelab/tracelab/internal/proctest"
)

// helperEnv makes the test binary a helper process (see TestMain): its
// value is the action, its arguments follow "--" on the command line.
const helperEnv = "TRACELAB_DATASETS_HELPER"

func TestMain(m *testing.M) {
	if action := os.Getenv(helperEnv); action != "" {
		code := helper(action, os.Args[len(os.Args)-1])
		proctest.ReportPeak()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// helper runs one action of the memory tests on a file and prints its
// outcome on stdout: "jobs N" or "error: ...". It returns the exit status.
func helper(action, path string) int {
	switch action {
	case "read":
		t, err := ReadFile(path, ReadOptions{})
		if err != nil {
			fmt.Println("error:", err)
			return 0
		}
		fmt.Println("jobs", t.Len())
		for _, w := range t.Report.Warnings {
			fmt.Println("warning:", w)
		}
		return 0
	}
	fmt.Fprintln(os.Stderr, "unknown helper action", action)
	return 2
}

// runHelper runs the test binary as a helper process on path under a data
// limit of limit bytes and a time limit.
func runHelper(t *testing.T, action, path string, limit int64, timeout time.Duration) proctest.Result {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := proctest.Run(limit, timeout, []string{helperEnv + "=" + action}, exe, "-test.run=^$", "--", path)
	if r.TimedOut || r.Crashed() || r.Err != nil || !r.Reported {
		t.Fatalf("%s %s: %v", action, filepath.Base(path), r)
	}
	return r
}

// writeRepeated writes unit n times to path, gzipped when path ends in .gz.
func writeRepeated(t *testing.T, path string, unit []byte, n int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	var w io.Writer = f
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw, _ = gzip.NewWriterLevel(f, gzip.BestSpeed)
		w = zw
	}
	block := bytes.Repeat(unit, (1<<20)/len(unit))
	for left := n; left > 0; {
		k := min(left, len(block)/len(unit))
		if _, err := w.Write(block[:k*len(unit)]); err != nil {
			t.Fatal(err)
		}
		left -= k
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestHeaderOfHalfAGibiLines is issue 25's example: a 4.7 MB .swf.gz of
// 512 Mi ";" lines crashed every reading command (the header's comments
// were kept without a limit). The reader keeps MaxHeaderLines of them and
// reports that the file holds no job, in a process limited to 512 MB of
// data, its peak resident memory under 64 MB.
func TestHeaderOfHalfAGibiLines(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "semicolons.swf.gz")
	writeRepeated(t, path, []byte(";\n"), 512<<20)
	st, _ := os.Stat(path)
	r := runHelper(t, "read", path, 512<<20, 3*time.Minute)
	if want := "no job records (536870912 lines, none of them a job"; !bytes.Contains(r.Stdout, []byte(want)) {
		t.Errorf("output %q, want %q", r.Stdout, want)
	}
	if r.MaxRSS > 64<<20 {
		t.Errorf("peak RSS %d MB, want under 64 MB", r.MaxRSS>>20)
	}
	t.Logf("%d-byte gzip file: peak RSS %d MB, CPU %v", st.Size(), r.MaxRSS>>20, r.CPU)
}

// TestGibibyteOfComments is issue 25's example: 1 GB of comment lines took
// 5.2 GB of memory to report "no job records". Peak resident memory must
// stay under 64 MB (a 512 MB data limit).
func TestGibibyteOfComments(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "comments.swf")
	line := []byte("; a comment line of the header, 64 bytes with its newline .....\n")
	writeRepeated(t, path, line, (1<<30)/len(line))
	r := runHelper(t, "read", path, 512<<20, 3*time.Minute)
	want := fmt.Sprintf("no job records (%d lines, none of them a job", (1<<30)/len(line))
	if !bytes.Contains(r.Stdout, []byte(want)) {
		t.Errorf("output %q, want %q", r.Stdout, want)
	}
	if r.MaxRSS > 64<<20 {
		t.Errorf("peak RSS %d MB, want under 64 MB", r.MaxRSS>>20)
	}
	t.Logf("peak RSS %d MB, CPU %v", r.MaxRSS>>20, r.CPU)
}
