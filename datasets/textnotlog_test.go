package datasets

import (
	"errors"
	"strings"
	"testing"
)

// TestTextNotLog: a first job line that deviates from SWF twice (not 18
// fields, and its job id or submit time not a number) is text, not a log:
// ErrNotSWF at its line, in Read and Scan alike. Before (836c8ea), a text
// file such as /proc/self/status was read as 47 "jobs" of unknown id with
// warnings and exit status 0. One deviation alone is read as before: real
// logs deviate, and a log is never refused for one odd column or one odd
// row after its first job line.
func TestTextNotLog(t *testing.T) {
	t.Parallel()
	const third = "3 20 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n"
	tests := []struct {
		name  string
		in    string
		line  int    // 0: read, with jobs rows
		field string // the field cited
		jobs  int
	}{
		// Refused: the first job line is text.
		{name: "proc status", in: "Name:\tcp\nUmask:\t0022\nState:\tR (running)\nTgid:\t11635\n", line: 1, field: "job_id"},
		{name: "passwd (one field a line)", in: "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/:/bin/sh\n", line: 1, field: "job_id"},
		{name: "title line, then jobs", in: "Job list:\n" + goodLine + third, line: 1, field: "job_id"},
		{name: "a row of 5 column names", in: "job submit wait runtime procs\n1 0 10 100 4\n", line: 1, field: "job_id"},
		{name: "after a header", in: "; Version: 2.2\n; MaxProcs: 100\nhello world\n", line: 3, field: "job_id"},
		{name: "id a number, submit text, 4 fields", in: "1 submitted at noon\n", line: 1, field: "submit"},
		{name: "prose of more than 18 words", in: "it was the best of times it was the worst of times it was the age of wisdom it was\n" + goodLine,
			line: 1, field: "job_id"},
		// Read: one deviation.
		{name: "18 fields, id unreadable", in: "1a 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n" + third, jobs: 2},
		{name: "18 fields, id and submit unreadable", in: "x y 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n" + goodLine, jobs: 1},
		{name: "first row short, numbers", in: "1 0 10 100 4\n" + third, jobs: 2},
		{name: "first row long, numbers", in: "1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1 7 8\n" + third, jobs: 2},
		{name: "a text row after the first job", in: goodLine + "Name:\tcp\n" + third, jobs: 2},
		{name: "first row short, a measure unreadable", in: "1 0 ten 100\n" + third, jobs: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tr, err := Read(strings.NewReader(tc.in), ReadOptions{Name: "t.swf"})
			_, serr := Scan(strings.NewReader(tc.in), ReadOptions{Name: "t.swf"}, &discardJobs{})
			if tc.line == 0 {
				if err != nil || serr != nil {
					t.Fatalf("Read: %v; Scan: %v; want the log read", err, serr)
				}
				if tr.Len() != tc.jobs {
					t.Errorf("%d jobs, want %d", tr.Len(), tc.jobs)
				}
				return
			}
			for _, e := range []error{err, serr} {
				var pe *ParseError
				if !errors.Is(e, ErrNotSWF) || !errors.As(e, &pe) || pe.Line != tc.line || pe.Field != tc.field {
					t.Fatalf("error %v, want ErrNotSWF at line %d, field %s", e, tc.line, tc.field)
				}
			}
		})
	}
}
