package datasets

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
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
		code := helper(action, helperArgs())
		proctest.ReportPeak()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// helperArgs returns the arguments after "--".
func helperArgs() []string {
	for i, a := range os.Args {
		if a == "--" {
			return os.Args[i+1:]
		}
	}
	return nil
}

// helper runs one action of the memory tests on files and prints its
// outcome on stdout: "jobs N" or "error: ...". It returns the exit status.
func helper(action string, args []string) int {
	switch action {
	case "read":
		t, err := ReadFile(args[0], ReadOptions{})
		if err != nil {
			fmt.Println("error:", err)
			return 0
		}
		fmt.Println("jobs", t.Len())
		for _, w := range t.Report.Warnings {
			fmt.Println("warning:", w)
		}
		return 0
	case "read-repeated": // LINE N NAME: Read of LINE+"\n" N times, as the file NAME
		n, err := strconv.Atoi(args[1])
		if err != nil {
			fmt.Println("error:", err)
			return 2
		}
		t, err := Read(&repeatReader{unit: []byte(args[0] + "\n"), left: n}, ReadOptions{Name: args[2]})
		if err != nil {
			fmt.Println("error:", err)
			return 0
		}
		fmt.Println("jobs", t.Len())
		return 0
	case "summarize-generated": // N: SummarizeReader of N generated jobs (jobsReader), no header
		n, err := strconv.Atoi(args[0])
		if err != nil {
			fmt.Println("error:", err)
			return 2
		}
		s, err := SummarizeReader(&jobsReader{n: n}, ReadOptions{Name: "long.swf"})
		if err != nil {
			fmt.Println("error:", err)
			return 0
		}
		fmt.Println("jobs", s.Jobs)
		fmt.Println("size", s.SizeReason())
		return 0
	case "convert":
		rep, err := ConvertFile(args[0], args[1], ReadOptions{})
		if err != nil {
			fmt.Println("error:", err)
			return 0
		}
		fmt.Println("jobs", rep.Jobs)
		return 0
	case "summary":
		s, err := SummarizeFile(args[0], ReadOptions{})
		if err != nil {
			fmt.Println("error:", err)
			return 0
		}
		fmt.Println("jobs", s.Jobs)
		return 0
	}
	fmt.Fprintln(os.Stderr, "unknown helper action", action)
	return 2
}

// runHelper runs the test binary as a helper process on files under a
// data limit of limit bytes and a time limit.
func runHelper(t *testing.T, action string, limit int64, timeout time.Duration, files ...string) proctest.Result {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{exe, "-test.run=^$", "--"}, files...)
	r := proctest.Run(limit, timeout, []string{helperEnv + "=" + action}, args...)
	if r.TimedOut || r.Crashed() || r.Err != nil || !r.Reported {
		t.Fatalf("%s %s: %v", action, filepath.Base(files[0]), r)
	}
	return r
}

// repeatReader reads unit left times, generated as it is read: a file of
// a GiB that is never written to disk.
type repeatReader struct {
	unit  []byte
	left  int    // units not yet in block
	block []byte // what is left of the last block made
}

func (r *repeatReader) Read(b []byte) (int, error) {
	if len(r.block) == 0 {
		if r.left == 0 {
			return 0, io.EOF
		}
		k := min(r.left, max(1, (1<<20)/len(r.unit)))
		r.block = bytes.Repeat(r.unit, k)
		r.left -= k
	}
	n := copy(b, r.block)
	r.block = r.block[n:]
	return n, nil
}

// TestRepeatReader: the generated file is the unit n times.
func TestRepeatReader(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, 7, 20000} {
		b, err := io.ReadAll(&repeatReader{unit: []byte("abc\n"), left: n})
		if err != nil || string(b) != strings.Repeat("abc\n", n) {
			t.Errorf("%d units: %d bytes, %v", n, len(b), err)
		}
	}
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
// stops after 64 MiB of them (ErrBlankStretch: session 20; it read on to
// the end and reported that the file holds no job), in a process limited to 512 MB of
// data, its peak resident memory under 64 MB.
func TestHeaderOfHalfAGibiLines(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "semicolons.swf.gz")
	writeRepeated(t, path, []byte(";\n"), 512<<20)
	st, _ := os.Stat(path)
	r := runHelper(t, "read", 512<<20, 3*time.Minute, path)
	if want := "semicolons.swf.gz:33554433: more than 64 MiB of lines in a row without a job record"; !bytes.Contains(r.Stdout, []byte(want)) {
		t.Errorf("output %q, want %q", r.Stdout, want)
	}
	if r.MaxRSS > 64<<20 {
		t.Errorf("peak RSS %d MB, want under 64 MB", r.MaxRSS>>20)
	}
	t.Logf("%d-byte gzip file: peak RSS %d MB, CPU %v", st.Size(), r.MaxRSS>>20, r.CPU)
}

// TestGibibyteOfComments is issue 25's example: 1 GB of comment lines took
// 5.2 GB of memory to report "no job records" (now ErrBlankStretch, after
// 64 MiB of them). Peak resident memory must stay under 64 MB (a 512 MB
// data limit). The GiB is generated as it is read (it was written to disk
// first: 1 GiB of the shared disk per run); without the bound the reader
// would read all of it (and report no job), holding what it kept.
func TestGibibyteOfComments(t *testing.T) {
	t.Parallel()
	line := "; a comment line of the header, 64 bytes with its newline ....."
	r := runHelper(t, "read-repeated", 512<<20, 3*time.Minute, line, strconv.Itoa((1<<30)/(len(line)+1)), "comments.swf")
	want := fmt.Sprintf("comments.swf:%d: more than 64 MiB of lines in a row without a job record", (64<<20)/(len(line)+1)+1)
	if !bytes.Contains(r.Stdout, []byte(want)) {
		t.Errorf("output %q, want %q", r.Stdout, want)
	}
	if r.MaxRSS > 64<<20 {
		t.Errorf("peak RSS %d MB, want under 64 MB", r.MaxRSS>>20)
	}
	t.Logf("peak RSS %d MB, CPU %v", r.MaxRSS>>20, r.CPU)
}

// writeGeneratedLog writes an SWF log of n jobs, every field known, users
// cycling through 1000, ids increasing: what a large log looks like.
func writeGeneratedLog(t *testing.T, path string, n int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	fmt.Fprintf(w, "; Version: 2.2\n; MaxProcs: 128\n; UnixStartTime: 1000000000\n; TimeZoneString: Europe/Berlin\n")
	for i := range n {
		fmt.Fprintf(w, "%d %d %d %d %d %d -1 %d %d -1 1 %d %d %d 1 1 -1 -1\n",
			i+1, i*30, i%3600, 60+i%86400, 1+i%128, 30+i%86000, 1+i%128, 3600+i%86400, 1+i%1000, 1+i%50, 1+i%300)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestStreamingMemory is issue 25's class 3: reading SWF for info took
// ≈ 290 B/job and converting to CSV, JSON or Parquet ≈ 1.3 KB/job (10 M
// jobs to CSV used 9.7 GB). Summarising and converting now stream: on a
// log of half a million jobs each runs in a process limited to 512 MB of
// data with a peak resident memory under 100 MB (200 B/job, the issue's
// goal for convert, against 650 MB before); bench/formats_memory.sh
// measures 10 M jobs.
func TestStreamingMemory(t *testing.T) {
	t.Parallel()
	const jobs = 500_000
	dir := t.TempDir()
	src := filepath.Join(dir, "big.swf")
	writeGeneratedLog(t, src, jobs)
	check := func(what string, r proctest.Result) {
		t.Helper()
		if want := fmt.Sprintf("jobs %d", jobs); !bytes.Contains(r.Stdout, []byte(want)) {
			t.Errorf("%s: output %q, want %q", what, r.Stdout, want)
		}
		if r.MaxRSS > 100<<20 {
			t.Errorf("%s: peak RSS %d MB (%d B/job), want under 100 MB", what, r.MaxRSS>>20, r.MaxRSS/jobs)
		}
		t.Logf("%s: peak RSS %d MB, %d B/job, CPU %v", what, r.MaxRSS>>20, r.MaxRSS/jobs, r.CPU)
	}
	check("summary swf", runHelper(t, "summary", 512<<20, 2*time.Minute, src))
	for _, ext := range []string{".csv", ".json", ".parquet"} {
		out := filepath.Join(dir, "big"+ext)
		check("convert swf to "+ext, runHelper(t, "convert", 512<<20, 2*time.Minute, src, out))
		check("summary "+ext, runHelper(t, "summary", 512<<20, 2*time.Minute, out))
	}
}
