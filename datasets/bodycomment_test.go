package datasets

import (
	"fmt"
	"strings"
	"testing"
)

// TestBodyComments: SWF allows comments anywhere; the header is the
// comments before the first job. A comment among the jobs is ignored and
// counted (comment); a directive among them is not applied and counted per
// directive (late-directive), so the machine size of the header stays the
// one the rows before it were checked against.
func TestBodyComments(t *testing.T) {
	t.Parallel()
	row := func(id int) string { return fmt.Sprintf("%d %d 0 10 4 -1 -1 4 20 -1 1 1 1 1 1 1 -1 -1\n", id, 10*id) }
	tests := []struct {
		name     string
		in       string
		jobs     int
		comments int            // lines counted in the comment warning
		late     map[string]int // late-directive count per directive
		lateLine int            // line of the first late directive
		lateVal  string         // its value as written
		procs    int            // Header.MaxProcs
	}{
		{"none", "; MaxProcs: 8\n" + row(1) + row(2), 2, 0, nil, 0, "", 8},
		{"comments among jobs", "; MaxProcs: 8\n" + row(1) + ";\n; cleaned here\n" + row(2) + "  ; indented\n", 2, 3, nil, 0, "", 8},
		{"a second header (two logs concatenated)", "; MaxProcs: 8\n" + row(1) + "; Version: 2.2\n; MaxProcs: 1,024\n; MaxProcs: 16\n; Note: second part\n" + row(2),
			2, 0, map[string]int{"Version": 1, "MaxProcs": 2, "Note": 1}, 3, "2.2", 8},
		{"directive in another case, blank before colon", "; MaxProcs: 8\n" + row(1) + ";  maxnodes : 4\n" + row(2), 2, 0, map[string]int{"MaxNodes": 1}, 3, "4", 8},
		{"unknown key is a comment", "; MaxProcs: 8\n" + row(1) + "; Queue: 1 batch\n" + row(2), 2, 1, nil, 0, "", 8},
		{"CRLF", "; MaxProcs: 8\r\n" + strings.ReplaceAll(row(1), "\n", "\r\n") + "; MaxProcs: 4\r\n; x\r\n", 1, 1, map[string]int{"MaxProcs": 1}, 3, "4", 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tr, err := Read(strings.NewReader(tc.in), ReadOptions{Name: "c.swf"})
			if err != nil {
				t.Fatal(err)
			}
			r := tr.Report
			if tr.Len() != tc.jobs || r.Count(WarnComment) != tc.comments || tr.Header.MaxProcs != tc.procs {
				t.Errorf("jobs %d comments %d MaxProcs %d, want %d %d %d", tr.Len(), r.Count(WarnComment), tr.Header.MaxProcs, tc.jobs, tc.comments, tc.procs)
			}
			got := map[string]int{}
			first := Warning{}
			for _, w := range r.Warnings {
				if w.Kind == WarnLateDirective {
					got[w.Field] += w.Count
					if first.Line == 0 {
						first = w
					}
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(map[string]int(tc.late)) && !(len(got) == 0 && len(tc.late) == 0) {
				t.Errorf("late directives %v, want %v", got, tc.late)
			}
			if first.Line != tc.lateLine || first.Value != tc.lateVal {
				t.Errorf("first late directive at line %d value %q, want %d %q", first.Line, first.Value, tc.lateLine, tc.lateVal)
			}
			for _, w := range r.Warnings {
				if w.Kind == WarnHeader {
					t.Errorf("a comment among the jobs changed the header: %v", w)
				}
			}
		})
	}
}
