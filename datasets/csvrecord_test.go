package datasets

import (
	"errors"
	"strings"
	"testing"
)

// TestCSVRecordBounded: the CSV reader gathers a record whole, and a
// quoted cell may span lines, so a record is bounded (1 MiB, as a line):
// a quote left open is ErrLineLength at once. Before, the reader gathered
// the rest of the input: a 6 MB gzip file of a comment, an open quote and
// 20 M short lines ran tracelab info out of memory at 2.1 GB (main's
// binary 4670887; hostile7, session 17). Quotes in comment lines do not
// count, and a quoted newline within the bound is read.
func TestCSVRecordBounded(t *testing.T) {
	rows := strings.Repeat("1,0,\n", 300_000) // 1.5 MB of short rows
	for _, tc := range []struct {
		name, input string
		jobs        int // −1: ErrLineLength
	}{
		{"quote left open", "job_id,submit,x\n1,0,\"" + strings.Repeat("a\n", 1<<20), -1},
		{"quote left open on the names", "job_id,submit,\"x\n" + rows, -1},
		{"quoted newlines within the bound", "job_id,submit,x\n1,0,\"a\nb\"\"\nc\"\n" + rows, 300_001},
		{"odd quote in a comment", "job_id,submit,x\n# a \"note\n" + rows, 300_000},
		{"comment line after the names", "job_id,submit,x\n#\"\n#\"\n" + rows, 300_000},
	} {
		tr, err := Read(strings.NewReader(tc.input), ReadOptions{Name: "q.csv"})
		switch {
		case tc.jobs < 0 && !errors.Is(err, ErrLineLength):
			t.Errorf("%s: %v; want ErrLineLength", tc.name, err)
		case tc.jobs >= 0 && (err != nil || tr.Len() != tc.jobs):
			t.Errorf("%s: %v; want %d jobs", tc.name, err, tc.jobs)
		}
	}
}
