package datasets

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// repeated is an io.Reader of unit repeated up to n bytes (the last unit
// cut), so that a test reads a stretch of 64 MiB without holding it.
type repeated struct {
	unit []byte
	n    int64
	at   int64
}

func (r *repeated) Read(b []byte) (int, error) {
	if r.at >= r.n {
		return 0, io.EOF
	}
	b = b[:min(int64(len(b)), r.n-r.at)]
	for i := range b {
		b[i] = r.unit[(r.at+int64(i))%int64(len(r.unit))]
	}
	r.at += int64(len(b))
	return len(b), nil
}

// stretch is prefix, then n bytes of unit repeated, then suffix.
func stretch(prefix, unit string, n int64, suffix string) io.Reader {
	return io.MultiReader(strings.NewReader(prefix), &repeated{unit: []byte(unit), n: n}, strings.NewReader(suffix))
}

// TestBlankStretchBounded: a stretch of more than maxIdleBytes of blank or
// comment lines with no job row among them stops the reading with
// ErrBlankStretch at the line where the bound is passed, naming the
// stretch's lines (before, a 13 MB gzip file of 3·10⁹ newlines cost 30
// CPU-s before "no job records"; hostile9.md, Not done). A stretch within
// the bound, or many stretches each within it, are read as before. The
// first row passes the real bound; the others lower it to b (64 KiB) to
// keep the test quick.
func TestBlankStretchBounded(t *testing.T) {
	t.Parallel()
	const job = "1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n"
	const job2 = "2 5 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n"
	const job3 = "3 9 1 1 1 1 -1 1 1 -1 1 3 1 7 1 1 -1 -1\n"
	const b = 1 << 16                                // the bound of every row but the first
	comment := "; " + strings.Repeat("c", 61) + "\n" // 64 bytes
	hash := "#" + comment[1:]                        // a CSV comment of 64 bytes
	tests := []struct {
		name  string
		bound int64 // 0: maxIdleBytes
		in    func() io.Reader
		jobs  int    // 0: ErrBlankStretch expected
		msg   string // in the error
		line  int    // the error's line (0: not checked)
	}{
		{"SWF: newlines only, the real bound", 0, func() io.Reader { return stretch("", "\n", maxIdleBytes+64, job) }, 0,
			"lines 1 to 67108865, 67108865 bytes", maxIdleBytes + 1},
		{"SWF: newlines, gzip", b, func() io.Reader {
			var w bytes.Buffer
			if _, err := io.Copy(&w, stretch("", "\n", b+64, job)); err != nil {
				t.Fatal(err)
			}
			return bytes.NewReader(gz(w.String()))
		}, 0, "lines 1 to 65537, 65537 bytes", b + 1},
		{"SWF: a header of comments without end", b, func() io.Reader { return stretch("", comment, b+64, job) }, 0,
			"lines 1 to 1025, 65600 bytes", b/64 + 1},
		{"SWF: blank CRLF lines after the jobs", b, func() io.Reader { return stretch(job+job2, " \t\r\n", b+64, "") }, 0,
			"lines 3 to 16387", b/4 + 3},
		{"SWF: comments among the jobs", b, func() io.Reader { return stretch(job, comment, b+64, job2) }, 0,
			"lines 2 to 1026", b/64 + 2},
		{"SWF: a stretch of the bound, then a job", b, func() io.Reader { return stretch("", "\n", b, job) }, 1, "", 0},
		{"SWF: two stretches, each within the bound", b, func() io.Reader {
			return io.MultiReader(stretch(job, "\n", b-10, job2), stretch("", comment, b-64, job3))
		}, 3, "", 0},
		{"CSV: blank lines after the names", b, func() io.Reader { return stretch("job_id,submit\n", "\n", b+64, "1,0\n") }, 0,
			"lines 2 to ", 0},
		{"CSV: comment lines after a row", b, func() io.Reader { return stretch("job_id,submit\n1,0\n", hash, 4*b, "2,5\n") }, 0,
			"lines 3 to ", 0},
		{"CSV: comment lines before the names", b, func() io.Reader { return stretch("", hash, b+64, "job_id,submit\n1,0\n") }, 0,
			"lines 1 to 1025", b/64 + 1},
		{"CSV: a stretch within the bound, then a row", b, func() io.Reader {
			return stretch("job_id,submit\n1,0\n", "\r\n", b-10, "2,5\n")
		}, 2, "", 0},
		{"CSV: stretches within the bound, blank and comment", b, func() io.Reader {
			return io.MultiReader(stretch("job_id,submit\n1,0\n", hash, b-64, "2,5\n"), stretch("", "\n", b-1, "3,9\n"))
		}, 3, "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			opts := ReadOptions{Name: "s", maxIdle: tc.bound}
			tr, err := Read(tc.in(), opts)
			var serr error
			n := 0
			if tc.bound > 0 { // the real bound is Read's only: Scan shares the check
				if _, serr = Scan(tc.in(), opts, jobCount(&n)); (serr == nil) != (err == nil) {
					t.Errorf("Scan: %v, Read: %v", serr, err)
				}
			}
			if tc.jobs > 0 {
				if err != nil {
					t.Fatalf("Read: %v", err)
				}
				if tr.Len() != tc.jobs || n != tc.jobs {
					t.Errorf("Read %d jobs, Scan %d, want %d", tr.Len(), n, tc.jobs)
				}
				return
			}
			var pe *ParseError
			if !errors.Is(err, ErrBlankStretch) || !errors.As(err, &pe) {
				t.Fatalf("Read: %v, want a *ParseError of ErrBlankStretch", err)
			}
			if pe.File != "s" || (tc.line > 0 && pe.Line != tc.line) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Read: %v (file %q, line %d), want file s, line %d and %q", err, pe.File, pe.Line, tc.line, tc.msg)
			}
			if tc.bound > 0 && (serr == nil || serr.Error() != err.Error()) {
				t.Errorf("Scan: %v, want Read's error", serr)
			}
		})
	}
}

// jobCount is a JobWriter that counts the jobs.
func jobCount(n *int) JobWriter { return countJobs{n} }

type countJobs struct{ n *int }

func (c countJobs) WriteHeader(Header) error { return nil }
func (c countJobs) WriteJob(*Job) error      { *c.n++; return nil }
