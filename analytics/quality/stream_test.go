package quality

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
)

// streamAgrees checks that CheckStream of the log in data gives Check's
// report of the trace Read builds, or ErrNotStreamed; it returns whether
// the log was checked in a stream.
func streamAgrees(t interface {
	Helper()
	Fatalf(string, ...any)
}, name string, data []byte, opts Options) bool {
	t.Helper()
	return streamScans(t, name, data, opts) > 0
}

// streamScans is streamAgrees, returning how many times CheckStream read
// the log (0: not checked in a stream).
func streamScans(t interface {
	Helper()
	Fatalf(string, ...any)
}, name string, data []byte, opts Options) int {
	t.Helper()
	tr, err := datasets.Read(bytes.NewReader(data), datasets.ReadOptions{Name: name})
	if err != nil {
		return 0 // not a log: the stream's first pass fails alike (checked by the caller where it matters)
	}
	want, err := Check(tr, opts)
	if err != nil {
		t.Fatalf("%s: Check: %v", name, err)
	}
	scans := 0
	got, err := CheckStream(tr.Name, func(w datasets.JobWriter) (*datasets.ReadReport, error) {
		scans++
		return datasets.Scan(bytes.NewReader(data), datasets.ReadOptions{Name: name}, w)
	}, 0, opts)
	if errors.Is(err, ErrNotStreamed) {
		return 0
	}
	if err != nil {
		t.Fatalf("%s: CheckStream: %v", name, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: CheckStream differs from Check:\n got %+v\nwant %+v", name, got, want)
	}
	if scans < 2 || scans > 4 {
		t.Fatalf("%s: %d scans, want 2 to 4", name, scans)
	}
	return scans
}

// TestCheckStreamAgreesOnLogs: on every log of TRACELAB_DATA the report in
// a stream is Check's, with 5 and 100 examples.
func TestCheckStreamAgreesOnLogs(t *testing.T) {
	dir := os.Getenv("TRACELAB_DATA")
	if dir == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.swf.gz"))
	if len(paths) == 0 {
		t.Fatalf("no log in %s", dir)
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{5, 100} {
			if !streamAgrees(t, path, data, Options{Examples: n}) {
				t.Errorf("%s: not checked in a stream", path)
			}
		}
		// The machine a quarter of its size: most of the usage above
		// capacity (over_capacity found on the second reading).
		if low := quarterMachine(t, data); low != nil && !streamAgrees(t, path+" (a quarter)", low, Options{Examples: 100}) {
			t.Errorf("%s with a quarter of its machine: not checked in a stream", path)
		}
	}
}

// quarterMachine returns the log in data (gzip) with its header's MaxProcs
// a quarter of its value and MaxNodes left out, or nil without MaxProcs.
func quarterMachine(t *testing.T, data []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	found := false
	for line := range bytes.Lines(plain) {
		if rest, ok := bytes.CutPrefix(line, []byte("; MaxProcs:")); ok && !found {
			rest = bytes.TrimSpace(rest) // e.g. "1664 (72, 1368, 224)": the first number
			if k := bytes.IndexByte(rest, ' '); k > 0 {
				rest = rest[:k]
			}
			n, err := strconv.Atoi(string(rest))
			if err != nil {
				t.Fatal(err)
			}
			found = true
			fmt.Fprintf(&out, "; MaxProcs: %d\n", n/4)
			continue
		}
		if bytes.HasPrefix(line, []byte("; MaxNodes:")) {
			continue
		}
		out.Write(line)
	}
	if !found {
		return nil
	}
	return out.Bytes()
}

// TestCheckStreamAgrees: logs built to reach every check (missing fields,
// machine sizes or none, runs above capacity, quiet gaps and negative
// submits at the ends, repeated job numbers, queues used only late,
// flurries, a machine that grows) give Check's report in a stream, or
// ErrNotStreamed when their submit times or starts are out of order or a
// partial record is present.
func TestCheckStreamAgrees(t *testing.T) {
	streamed, total := 0, 0
	rapid.Check(t, func(rt *rapid.T) {
		var b strings.Builder
		switch rapid.IntRange(0, 2).Draw(rt, "header") {
		case 0:
			fmt.Fprintf(&b, "; MaxProcs: %d\n", rapid.IntRange(1, 64).Draw(rt, "maxprocs"))
		case 1:
			fmt.Fprintf(&b, "; MaxNodes: %d\n", rapid.IntRange(1, 64).Draw(rt, "maxnodes"))
		}
		n := rapid.IntRange(1, 400).Draw(rt, "jobs")
		unordered := rapid.IntRange(0, 5).Draw(rt, "unordered") == 5 // rapid draws small values most
		dupShare := rapid.SampledFrom([]float64{0, 0, 0.05, 0.5}).Draw(rt, "dups")
		sub := rapid.SampledFrom([]float64{-3 * datasets.Day, 0, 1e6}).Draw(rt, "t0")
		grow := rapid.IntRange(0, n).Draw(rt, "grow") // jobs after it are wider
		id := 0
		for k := range n {
			switch g := rapid.IntRange(0, 99).Draw(rt, "gap"); {
			case g < 3:
				sub += 20 * datasets.Day
			case g < 10:
				sub += 0
			case g < 70:
				sub += float64(rapid.IntRange(0, 600).Draw(rt, "dt"))
			default:
				sub += float64(rapid.IntRange(0, 3*86400).Draw(rt, "dt"))
			}
			if unordered && rapid.IntRange(0, 9).Draw(rt, "back") == 0 {
				sub -= 5000
			}
			if rapid.Float64Range(0, 1).Draw(rt, "dup") < dupShare && id > 1 {
				id -= rapid.IntRange(0, 2).Draw(rt, "back")
			} else {
				id += rapid.IntRange(1, 3).Draw(rt, "step")
			}
			wait := rapid.SampledFrom([]string{"0", "10", "-1", "3600", "86400"}).Draw(rt, "wait")
			if unordered && rapid.IntRange(0, 19).Draw(rt, "negwait") == 0 {
				wait = "-7200"
			}
			run := rapid.SampledFrom([]string{"100", "0", "-1", "5000", "200000"}).Draw(rt, "run")
			procs := rapid.IntRange(-1, 24).Draw(rt, "procs")
			if k >= grow && procs > 0 {
				procs *= 3
			}
			status := rapid.SampledFrom([]int{1, 1, 0, 5, -1, 7}).Draw(rt, "status")
			if unordered && rapid.IntRange(0, 29).Draw(rt, "part") == 0 {
				status = 3
			}
			user := rapid.IntRange(-1, 4).Draw(rt, "user")
			queue := rapid.IntRange(-1, 3).Draw(rt, "queue")
			if k < n/3 {
				queue = min(queue, 1)
			}
			part := rapid.IntRange(-1, 2).Draw(rt, "partition")
			fmt.Fprintf(&b, "%d %s %s %s %d %s -1 %d %s -1 %d %d 1 -1 %d %d -1 -1\n", id, strconv.FormatFloat(sub, 'f', -1, 64),
				wait, run, procs, rapid.SampledFrom([]string{"-1", "50", "900000"}).Draw(rt, "cpu"),
				rapid.IntRange(-1, 30).Draw(rt, "req"), rapid.SampledFrom([]string{"-1", "60", "7200"}).Draw(rt, "reqtime"),
				status, user, queue, part)
		}
		// A flurry: one user's burst of jobs on one day.
		if rapid.Bool().Draw(rt, "flurry") {
			for range rapid.IntRange(50, 300).Draw(rt, "burst") {
				id++
				sub += 10
				fmt.Fprintf(&b, "%d %s 0 100 1 -1 -1 1 200 -1 1 9 1 -1 1 1 -1 -1\n", id, strconv.FormatFloat(sub, 'f', -1, 64))
			}
		}
		total++
		if streamAgrees(rt, "gen", []byte(b.String()), Options{Examples: rapid.IntRange(1, 7).Draw(rt, "examples")}) {
			streamed++
		}
	})
	if streamed < total/2 {
		t.Errorf("%d of %d logs checked in a stream, want most", streamed, total)
	}
}

// TestCheckStreamFuzzCorpus: the reader's fuzz corpus (SWF inputs made to
// break it) gives Check's report in a stream, or ErrNotStreamed.
func TestCheckStreamFuzzCorpus(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "datasets", "testdata", "fuzz", "FuzzRead", "*"))
	if len(paths) == 0 {
		t.Fatal("no fuzz corpus")
	}
	for _, path := range paths {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(raw), "\n") {
			if s, ok := strings.CutPrefix(line, "[]byte("); ok {
				data, err := strconv.Unquote(strings.TrimSuffix(s, ")"))
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				streamAgrees(t, path, []byte(data), Options{})
			}
		}
	}
}

// TestCheckStreamNotStreamed: each reason to read the trace whole is
// ErrNotStreamed, from the first pass.
func TestCheckStreamNotStreamed(t *testing.T) {
	const row = " 0 100 1 -1 -1 1 200 -1 %d 1 1 -1 1 1 -1 -1\n"
	for _, c := range []struct {
		name, swf string
		maxRows   int
	}{
		{"partial record", "1 0 0 100 1 -1 -1 1 200 -1 3 1 1 -1 1 1 -1 -1\n1 0 0 100 1 -1 -1 1 200 -1 1 1 1 -1 1 1 -1 -1\n", 0},
		{"submit decreases", "1 10" + fmt.Sprintf(row, 1) + "2 5" + fmt.Sprintf(row, 1), 0},
		{"too many rows", "1 10" + fmt.Sprintf(row, 1) + "2 20" + fmt.Sprintf(row, 1), 1},
	} {
		scans := 0
		_, err := CheckStream("x", func(w datasets.JobWriter) (*datasets.ReadReport, error) {
			scans++
			return datasets.Scan(strings.NewReader(c.swf), datasets.ReadOptions{}, w)
		}, c.maxRows, Options{})
		if !errors.Is(err, ErrNotStreamed) || scans != 1 {
			t.Errorf("%s: err %v after %d scans, want ErrNotStreamed after 1", c.name, err, scans)
		}
	}
	// A job that starts before an earlier job's submit time: the reader
	// makes a negative wait unknown, so only a trace built by hand has one.
	tr := base()
	j := tr.Job(0)
	j.JobID, j.Submit, j.Wait = 99, j.Submit+1000, -2000
	tr.Append(j)
	_, err := CheckStream("x", func(w datasets.JobWriter) (*datasets.ReadReport, error) {
		return &datasets.ReadReport{}, datasets.WriteTrace(w, tr)
	}, 0, Options{})
	if !errors.Is(err, ErrNotStreamed) {
		t.Errorf("negative wait: err %v, want ErrNotStreamed", err)
	}
}

// FuzzCheckStream: on any input the reader takes, CheckStream gives
// Check's report of the trace Read builds, or ErrNotStreamed.
func FuzzCheckStream(f *testing.F) {
	f.Add([]byte("; MaxProcs: 4\n1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n2 1 10 100 8 90 -1 4 50 -1 7 3 1 7 2 1 -1 -1\n"))
	f.Add([]byte("1 0 0 100 1 -1 -1 1 200 -1 1 9 1 -1 1 1 -1 -1\n1 1500000 0 100 1 -1 -1 1 200 -1 1 9 1 -1 2 1 -1 -1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		streamAgrees(t, "fuzz", data, Options{Examples: 3})
	})
}

// TestCheckStreamLogChanged: a log that changes between the readings
// (appended to, truncated, a value or the header rewritten, replaced by a
// log of as many jobs) is an error on the second or third reading, never
// a report; the same log read three times is reported.
func TestCheckStreamLogChanged(t *testing.T) {
	// Job 2 repeats (a third reading); 3 processors on a machine of 2
	// from 10 to 100 (over_capacity: the second reading's sweep).
	const log = "; MaxProcs: 2\n" +
		"1 0 0 100 2 -1 -1 2 200 -1 1 1 1 -1 1 1 -1 -1\n" +
		"2 10 0 90 1 -1 -1 1 200 -1 1 2 1 -1 1 1 -1 -1\n" +
		"2 20 0 50 1 -1 -1 1 200 -1 1 2 1 -1 1 1 -1 -1\n" +
		"4 30 0 10 1 -1 -1 1 200 -1 1 3 1 -1 1 1 -1 -1\n"
	changes := []struct {
		name   string
		change func(string) string
	}{
		{"appended", func(s string) string { return s + "5 40 0 10 1 -1 -1 1 200 -1 1 3 1 -1 1 1 -1 -1\n" }},
		{"appended much", func(s string) string {
			return s + strings.Repeat("5 40 0 10 1 -1 -1 1 200 -1 1 3 1 -1 1 1 -1 -1\n", 1000)
		}},
		{"truncated", func(s string) string { return s[:strings.LastIndex(s[:len(s)-1], "\n")+1] }},
		{"truncated mid-row", func(s string) string { return s[:len(s)-20] }},
		{"a runtime rewritten", func(s string) string { return strings.Replace(s, "30 0 10", "30 0 11", 1) }},
		{"a user rewritten", func(s string) string { return strings.Replace(s, "1 3 1 -1", "1 4 1 -1", 1) }},
		{"the header rewritten", func(s string) string { return strings.Replace(s, "MaxProcs: 2", "MaxProcs: 3", 1) }},
		{"a comment added", func(s string) string { return "; Note: changed\n" + s }},
		{"a placeholder added", func(s string) string { return s + "9 -1 0 10 1 -1 -1 1 200 -1 1 3 1 -1 1 1 -1 -1\n" }},
		{"replaced", func(s string) string { return strings.ReplaceAll(s, " 1 1 -1 -1\n", " 1 2 -1 -1\n") }},
	}
	for _, at := range []int{2, 3} {
		for _, c := range changes {
			if c.change(log) == log {
				t.Fatalf("%s: no change", c.name)
			}
			scans, handed := 0, 0
			r, err := CheckStream("x", func(w datasets.JobWriter) (*datasets.ReadReport, error) {
				scans++
				data := log
				if scans >= at {
					data = c.change(log)
					w = countJobs{w, &handed}
				}
				return datasets.Scan(strings.NewReader(data), datasets.ReadOptions{}, w)
			}, 0, Options{})
			if err == nil || r != nil || !strings.Contains(err.Error(), "changed while it was read") {
				t.Errorf("%s at reading %d: report %v, err %v; want the log changed", c.name, at, r != nil, err)
			}
			if scans != at {
				t.Errorf("%s at reading %d: %d readings", c.name, at, scans)
			}
			if handed > 5 { // the reading stops at the first job beyond the first reading's 4
				t.Errorf("%s at reading %d: %d jobs handed", c.name, at, handed)
			}
		}
	}
	scans := 0
	r, err := CheckStream("x", func(w datasets.JobWriter) (*datasets.ReadReport, error) {
		scans++
		return datasets.Scan(strings.NewReader(log), datasets.ReadOptions{}, w)
	}, 0, Options{})
	if err != nil || scans != 3 {
		t.Fatalf("unchanged: err %v after %d readings, want a report after 3", err, scans)
	}
	kinds := map[string]bool{}
	for _, a := range r.Anomalies {
		kinds[a.Kind] = true
	}
	if !kinds["over_capacity"] || !kinds["duplicate_job_id"] {
		t.Errorf("unchanged: anomalies %v, want over_capacity and duplicate_job_id", kinds)
	}
}

// countJobs counts the jobs handed to a JobWriter.
type countJobs struct {
	datasets.JobWriter
	n *int
}

func (c countJobs) WriteJob(j *datasets.Job) error { *c.n++; return c.JobWriter.WriteJob(j) }
