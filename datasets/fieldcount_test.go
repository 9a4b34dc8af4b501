package datasets

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
)

// TestFieldCount: a job row without SWF's 18 fields is read as far as it
// goes, reported with its count (WarnFieldCount), and never refuses the
// whole log (session 14; every such line was ErrFieldCount before). The
// exceptions are a first row that looks like another format and lines run
// together by lone CRs.
func TestFieldCount(t *testing.T) {
	t.Parallel()
	const third = "3 20 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n"
	tests := []struct {
		name    string
		in      string
		err     error
		jobs    int
		skipped int      // FieldCountSkipped
		warn    []warned // field-count warnings only
		check   func(t *testing.T, tr *Trace)
	}{
		{name: "17 fields: think time missing", in: goodLine + "2 5 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1\n" + third,
			jobs: 3, warn: []warned{{WarnFieldCount, "think_time", 1}},
			check: func(t *testing.T, tr *Trace) {
				if !math.IsNaN(tr.ThinkTime[1]) || tr.PrevJob[1] != -1 || tr.Partition[1] != 1 {
					t.Errorf("job 2 %+v: want think time unknown, the rest as written", tr.Job(1))
				}
			}},
		{name: "5 fields", in: goodLine + "2 5 10 100 4\n" + third, jobs: 3, warn: []warned{{WarnFieldCount, "cpu_time", 1}},
			check: func(t *testing.T, tr *Trace) {
				j := tr.Job(1)
				if j.Procs != 4 || j.Runtime != 100 || !math.IsNaN(j.CPUTime) || !math.IsNaN(j.ReqTime) || j.Status != -1 || j.User != -1 {
					t.Errorf("job 2 %+v: want procs 4, runtime 100, the fields after unknown", j)
				}
			}},
		{name: "2 fields", in: "1 0\n2 5\n", jobs: 2, warn: []warned{{WarnFieldCount, "wait", 2}}},
		{name: "1 field: left out", in: goodLine + "2\n" + third, jobs: 2, skipped: 1, warn: []warned{{WarnFieldCount, "submit", 1}}},
		{name: "only rows of 1 field", in: "1\n2\n", err: ErrNoJobs},
		{name: "19 fields", in: goodLine + "2 5 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1 99\n" + third, jobs: 3,
			warn: []warned{{WarnFieldCount, "", 1}},
			check: func(t *testing.T, tr *Trace) {
				w, _ := tr.Report.Warning(WarnFieldCount, "")
				if !math.IsNaN(tr.ThinkTime[1]) || tr.PrevJob[1] != -1 || w.Value != "99" {
					t.Errorf("job 2 %+v, warning value %q; want the first 18 fields read, 99 cited", tr.Job(1), w.Value)
				}
			}},
		{name: "two rows run together", in: strings.TrimSuffix(goodLine, "\n") + " " + goodLine, jobs: 1, warn: []warned{{WarnFieldCount, "", 1}}},
		{name: "first row short", in: "1 0 10 100 4\n" + third, jobs: 2, warn: []warned{{WarnFieldCount, "cpu_time", 1}}},
		{name: "last row cut short, no newline", in: goodLine + "2 5 10 100 4 90 -1 4 2", jobs: 2, warn: []warned{{WarnFieldCount, "req_mem", 1}}},
		{name: "short row with an unreadable value", in: goodLine + "2 5 1,5 100\n", jobs: 2, warn: []warned{{WarnFieldCount, "procs", 1}},
			check: func(t *testing.T, tr *Trace) {
				if _, ok := tr.Report.Warning(WarnUnreadable, "wait"); !ok || !math.IsNaN(tr.Wait[1]) {
					t.Errorf("wait %v, warnings %v: want unknown and unreadable", tr.Wait[1], tr.Report.Warnings)
				}
			}},
		{name: "short rows counted per missing field", in: "1 0 10\n2 5 10\n3 9 10 100 4 90 -1 4 200 -1 1 3 1 7 1\n",
			jobs: 3, warn: []warned{{WarnFieldCount, "runtime", 2}, {WarnFieldCount, "partition", 1}}},
		{name: "binary after the 18th field", in: goodLine + "2 5 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1 \x00\x01\n", err: ErrBinary},
		{name: "first row of CSV, 5 fields", in: "1, 0, 10, 100, 4\n", err: ErrNotSWF},
		{name: "lone CRs", in: strings.Repeat(strings.TrimSuffix(goodLine, "\n")+"\r", 3), err: ErrFieldCount},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tr, err := Read(strings.NewReader(tc.in), ReadOptions{Name: "f.swf"})
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("error %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tr.Len() != tc.jobs || tr.Report.FieldCountSkipped != tc.skipped {
				t.Errorf("%d jobs, %d left out; want %d, %d", tr.Len(), tr.Report.FieldCountSkipped, tc.jobs, tc.skipped)
			}
			var got []warned
			for _, w := range tr.Report.Warnings {
				if w.Kind == WarnFieldCount {
					got = append(got, warned{w.Kind, w.Field, w.Count})
				}
			}
			if len(got) != len(tc.warn) {
				t.Fatalf("field-count warnings %v, want %v", got, tc.warn)
			}
			for i := range got {
				if got[i] != tc.warn[i] {
					t.Errorf("warning %d: %v, want %v", i, got[i], tc.warn[i])
				}
			}
			if tc.check != nil {
				tc.check(t, tr)
			}
		})
	}
}

// TestLongLine: a line longer than 1 MiB is skipped without being held,
// counted (LongLinesSkipped, WarnLongLine) and the rest of the log read
// (session 14; it refused the whole log, ErrLineLength). Lines of lone CRs
// stay an error that says so. Each input is read plain and gzipped (the
// parser's two paths); the long lines span several of its chunks.
func TestLongLine(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("7", 3<<20/2) // 1.5 MiB
	third := "3 20 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n"
	tests := []struct {
		name  string
		in    string
		err   error
		jobs  int
		lines int // LongLinesSkipped
		line  int // the warning's line
	}{
		{"a long job row", goodLine + "2 " + long + "\n" + third, nil, 2, 1, 2},
		{"a long comment in the header", "; MaxProcs: 8\n;" + long + "\n" + goodLine, nil, 1, 1, 2},
		{"a long line last, no newline", goodLine + long, nil, 1, 1, 2},
		{"two long lines", goodLine + long + "\n" + long + "\n" + third, nil, 2, 2, 2},
		{"a long line of exactly the limit", goodLine + "; " + strings.Repeat("x", 1<<20-2) + "\n" + third, nil, 2, 0, 0},
		{"only a long line", long, ErrNoJobs, 0, 0, 0},
		{"lone CRs", strings.Repeat(strings.TrimSuffix(goodLine, "\n")+"\r", 1<<20/40), ErrLineLength, 0, 0, 0},
	}
	for _, tc := range tests {
		for _, zipped := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/gzip=%v", tc.name, zipped), func(t *testing.T) {
				t.Parallel()
				in := []byte(tc.in)
				if zipped {
					in = gz(tc.in)
				}
				tr, err := Read(bytes.NewReader(in), ReadOptions{Name: "l.swf"})
				if tc.err != nil {
					if !errors.Is(err, tc.err) {
						t.Fatalf("error %v, want %v", err, tc.err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				w, _ := tr.Report.Warning(WarnLongLine, "")
				if tr.Len() != tc.jobs || tr.Report.LongLinesSkipped != tc.lines || w.Count != tc.lines || w.Line != tc.line {
					t.Errorf("%d jobs, %d long lines, warning %v; want %d, %d at line %d", tr.Len(), tr.Report.LongLinesSkipped, w, tc.jobs, tc.lines, tc.line)
				}
				if tr.Report.Lines != strings.Count(tc.in, "\n")+btoi(!strings.HasSuffix(tc.in, "\n")) {
					t.Errorf("%d lines read, want %d", tr.Report.Lines, strings.Count(tc.in, "\n")+1)
				}
				// The last job's line: the count of lines goes on after a long one.
				if tc.jobs == 2 && tr.JobID[1] != 3 {
					t.Errorf("jobs %v, want 1 and 3", tr.JobID)
				}
			})
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestPartialRecords: SWF writes each part of a checkpointed or swapped
// job on its own row under the job's number, with status 2 (to be
// continued), 3 (last part, completed) or 4 (last part, failed). Such a
// repeated id is a partial-record warning, not a duplicate nor an
// unsorted id (session 14: it was both); any other repeated id still is.
func TestPartialRecords(t *testing.T) {
	t.Parallel()
	row := func(id, submit, status int) string {
		return fmt.Sprintf("%d %d 10 100 4 90 -1 4 200 -1 %d 3 1 7 1 1 -1 -1\n", id, submit, status)
	}
	tests := []struct {
		name string
		in   string
		warn []warned // id warnings, in order
		rows int      // rows in the trace (a part of a job with a summary line is left out)
	}{
		{"parts interleaved", row(5, 0, 2) + row(6, 10, 1) + row(5, 20, 2) + row(5, 30, 3), []warned{{WarnPartialRecord, "job_id", 2}}, 4},
		{"parts adjacent, last failed", row(5, 0, 2) + row(5, 20, 4), []warned{{WarnPartialRecord, "job_id", 1}}, 2},
		{"a completed job repeated", row(5, 0, 1) + row(5, 20, 1), []warned{{WarnUnsortedJobID, "", 1}, {WarnDuplicateJobID, "job_id", 1}}, 2},
		{"a part after a completed row", row(5, 0, 1) + row(5, 20, 3), []warned{{WarnPartialRecord, "job_id", 1}}, 1},
		{"the first part is no repeat", row(5, 0, 2) + row(6, 20, 1), nil, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tr, err := Read(strings.NewReader(tc.in), ReadOptions{Name: "p.swf"})
			if err != nil {
				t.Fatal(err)
			}
			var got []warned
			for _, w := range tr.Report.Warnings {
				switch w.Kind {
				case WarnPartialRecord, WarnDuplicateJobID, WarnUnsortedJobID:
					got = append(got, warned{w.Kind, w.Field, w.Count})
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.warn) {
				t.Errorf("warnings %v, want %v", got, tc.warn)
			}
			if tr.Len() != tc.rows {
				t.Errorf("%d rows kept, want %d", tr.Len(), tc.rows)
			}
		})
	}
}

// endless is an input that never ends: the byte c forever.
type endless byte

func (e endless) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = byte(e)
	}
	return len(b), nil
}

// TestLongLineBounds: skipping long lines never reads without end nor
// hides binary data: control bytes in a long line are ErrBinary, and more
// than 64 MiB of long lines (an endless line of text, as from a pipe) is
// ErrLineLength, read no further.
func TestLongLineBounds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   io.Reader
		err  error
	}{
		{"NUL in a long line", strings.NewReader(goodLine + strings.Repeat("x", 2<<20) + "\x00x\n" + goodLine), ErrBinary},
		{"an endless stream of zeros", endless(0), ErrBinary},
		{"an endless line of text", endless('x'), ErrLineLength},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Read(tc.in, ReadOptions{Name: "b.swf"})
			if !errors.Is(err, tc.err) {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
		})
	}
}
