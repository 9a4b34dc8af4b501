package datasets

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestRealLogDeviations: forms real logs take that the SWF definition does
// not foresee, each read with the decision of the package documentation's
// table: the jobs kept, and the warning kinds counted (in first-seen order).
func TestRealLogDeviations(t *testing.T) {
	t.Parallel()
	const row = "1 0 0 10 4 -1 -1 4 20 -1 1 1 1 1 1 1 -1 -1\n"
	const row2 = "2 5 0 10 4 -1 -1 4 20 -1 1 1 1 1 1 1 -1 -1\n"
	tests := []struct {
		name  string
		in    string
		jobs  int
		kinds []WarningKind
		err   error // nil: read
	}{
		{"DOS end-of-file mark", row + row2 + "\x1a", 2, []WarningKind{WarnTrailingData}, nil},
		{"CRLF and a DOS end-of-file mark", strings.ReplaceAll(row+row2, "\n", "\r\n") + "\x1a", 2, []WarningKind{WarnTrailingData}, nil},
		{"NUL padding to a block", row + row2 + strings.Repeat("\x00", 4000), 2, []WarningKind{WarnTrailingData}, nil},
		{"NUL padding after a last line without newline", row + strings.TrimSuffix(row2, "\n") + "\x00\x00\x1a", 2, []WarningKind{WarnTrailingData}, nil},
		{"a NUL before the end is binary", row + "\x00\x00\n" + row2, 0, nil, ErrBinary},
		{"padding only", strings.Repeat("\x00", 10), 0, nil, ErrNoJobs},
		{"UTF-16 (little-endian, with its byte-order mark)", "\xff\xfe1\x00 \x000\x00\n\x00", 0, nil, ErrBinary},
		{"UTF-16 (big-endian)", "\xfe\xff\x001\x00 \x000\n", 0, nil, ErrBinary},
		{"decimal time fields", "1 0.5 0.25 10.75 4 -1 -1 4 20 -1 1 1 1 1 1 1 -1 -1\n", 1, nil, nil},
		{"a row of −1 (placeholder)", strings.Repeat("-1 ", 17) + "-1\n" + row, 1, []WarningKind{WarnPlaceholder}, nil},
		{"negative run time", "1 0 0 -10 4 -1 -1 4 20 -1 1 1 1 1 1 1 -1 -1\n", 1, []WarningKind{WarnNegativeValue}, nil},
		{"job number beyond 2^53", "99999999999999999 0 0 10 4 -1 -1 4 20 -1 1 1 1 1 1 1 -1 -1\n", 1, []WarningKind{WarnUnreadable}, nil},
		{"submit times out of order", row2 + row, 2, []WarningKind{WarnUnsortedJobID, WarnUnsortedSubmit}, nil},
		{"UTF-8 byte-order mark and CRLF", "\uFEFF; MaxProcs: 4\r\n" + strings.ReplaceAll(row, "\n", "\r\n"), 1, nil, nil},
		{"a trailing line of text", row + "end of log\n", 1, []WarningKind{WarnFieldCount, WarnUnreadable}, nil},
		{"a trailing HTML tag", row + "</pre></body></html>\n", 1, []WarningKind{WarnFieldCount, WarnUnreadable}, nil},
		{"a last line cut short", row + "2 5 0 1", 2, []WarningKind{WarnFieldCount}, nil},
		{"empty", "", 0, nil, ErrNoJobs},
		{"a header only", "; Version: 2.2\n; MaxProcs: 4\n", 0, nil, ErrNoJobs},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tr, err := Read(strings.NewReader(tc.in), ReadOptions{Name: "d.swf"})
			if tc.err != nil {
				if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), "d.swf") ||
					strings.HasPrefix(tc.name, "UTF-16") && !strings.Contains(err.Error(), "UTF-16") {
					t.Fatalf("error %v, want %v naming the file", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var kinds []WarningKind
			for _, w := range tr.Report.Warnings {
				if !slices.Contains(kinds, w.Kind) {
					kinds = append(kinds, w.Kind)
				}
			}
			if tr.Len() != tc.jobs || !slices.Equal(kinds, tc.kinds) {
				t.Errorf("%d jobs, warnings %v; want %d, %v", tr.Len(), tr.Report.Warnings, tc.jobs, tc.kinds)
			}
			if w, ok := tr.Report.Warning(WarnTrailingData, ""); ok && w.Count != len(tc.in)-strings.LastIndexByte(tc.in, '\n')-1-len(strings.TrimRight(tc.in[strings.LastIndexByte(tc.in, '\n')+1:], "\x00\x1a")) {
				t.Errorf("trailing-data counts %d bytes", w.Count)
			}
		})
	}
}
