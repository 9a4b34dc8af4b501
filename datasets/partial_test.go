package datasets

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestPartialExecutions: a checkpointed or swapped job is written as a
// summary line (status 0, 1 or 5) and a line per part of its execution
// under the same job number (status 2: a part after which the job went on,
// 3: the last part, completed, 4: the last part, failed); see "Partial
// executions" in the package documentation. By default the trace holds
// each job once, its summary line; KeepPartialRecords keeps the parts.
// The logs below are written by hand after that layout: job 2 ran in three
// parts (40 + 30 + 30 s of a 100 s run), job 4 in two parts and failed.
func TestPartialExecutions(t *testing.T) {
	t.Parallel()
	row := func(id, submit, wait, run, status int) string {
		return fmt.Sprintf("%d %d %d %d 4 -1 -1 4 200 -1 %d 3 1 7 1 1 -1 -1\n", id, submit, wait, run, status)
	}
	header := "; Version: 2.2\n; MaxProcs: 8\n"
	standard := header +
		row(1, 0, 5, 50, 1) +
		row(2, 10, 5, 100, 1) + row(2, 10, 5, 40, 2) + row(2, 10, 65, 30, 2) + row(2, 10, 135, 30, 3) +
		row(3, 20, 0, 10, 0) +
		row(4, 30, 1, 70, 0) + row(4, 30, 1, 20, 2) + row(4, 30, 41, 50, 4) +
		row(5, 40, 0, 10, 5)
	summaryLast := header + row(2, 10, 5, 40, 2) + row(2, 10, 65, 30, 3) + row(2, 10, 5, 70, 1) + row(3, 20, 0, 10, 1)
	noSummary := header + row(1, 0, 5, 50, 1) + row(2, 10, 5, 40, 2) + row(2, 10, 65, 30, 3) + row(3, 20, 0, 10, 1)
	lone := header + row(1, 0, 5, 50, 3) + row(2, 10, 5, 40, 1)
	tests := []struct {
		name     string
		in       string
		keep     bool
		ids      []int // job ids of the rows in the trace
		status   []int
		skipped  int // ReadReport.PartialRecordsSkipped
		leftOut  int // warning partial-left-out
		kept     int // warning partial-kept
		noSumm   int // warning partial-no-summary
		repeated int // warning partial-record (a job id repeated on a part)
	}{
		{"standard layout", standard, false, []int{1, 2, 3, 4, 5}, []int{1, 1, 0, 0, 5}, 5, 5, 0, 0, 5},
		{"standard layout, parts kept", standard, true,
			[]int{1, 2, 2, 2, 2, 3, 4, 4, 4, 5}, []int{1, 1, 2, 2, 3, 0, 0, 2, 4, 5}, 0, 0, 5, 0, 5},
		{"summary after its parts", summaryLast, false, []int{2, 3}, []int{1, 1}, 2, 2, 0, 0, 2},
		{"summary after its parts, parts kept", summaryLast, true, []int{2, 2, 2, 3}, []int{2, 3, 1, 1}, 0, 0, 2, 0, 2},
		{"parts without a summary", noSummary, false, []int{1, 2, 2, 3}, []int{1, 2, 3, 1}, 0, 0, 0, 2, 1},
		{"parts without a summary, kept", noSummary, true, []int{1, 2, 2, 3}, []int{1, 2, 3, 1}, 0, 0, 0, 2, 1},
		{"a lone part is the job", lone, false, []int{1, 2}, []int{3, 1}, 0, 0, 0, 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tr, err := Read(strings.NewReader(tc.in), ReadOptions{Name: "p.swf", KeepPartialRecords: tc.keep})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(tr.JobID, tc.ids) || !slices.Equal(tr.Status, tc.status) {
				t.Errorf("rows %v status %v, want %v status %v", tr.JobID, tr.Status, tc.ids, tc.status)
			}
			if err := tr.Validate(); err != nil {
				t.Error(err)
			}
			r := tr.Report
			if r.PartialRecordsSkipped != tc.skipped || r.Jobs != tr.Len() {
				t.Errorf("PartialRecordsSkipped %d Jobs %d, want %d and %d", r.PartialRecordsSkipped, r.Jobs, tc.skipped, tr.Len())
			}
			got := [4]int{r.Count(WarnPartialLeftOut), r.Count(WarnPartialKept), r.Count(WarnPartialNoSummary), r.Count(WarnPartialRecord)}
			if want := [4]int{tc.leftOut, tc.kept, tc.noSumm, tc.repeated}; got != want {
				t.Errorf("warnings left-out, kept, no-summary, repeated %v, want %v", got, want)
			}
			if r.Count(WarnDuplicateJobID) != 0 || r.Count(WarnUnsortedJobID) != 0 {
				t.Errorf("a part counted as a duplicate or unsorted id: %v", r.Warnings)
			}
			if w, ok := r.Warning(WarnPartialLeftOut, "status"); ok && tc.in == standard && w.Line != 5 {
				t.Errorf("partial-left-out cites line %d, want 5 (the first part)", w.Line)
			}
		})
	}
}

// TestPartialExecutionsRows: the rows of Replaced and Unreadable follow the
// rows kept once the parts are left out; a value of a part left out has
// row −1.
func TestPartialExecutionsRows(t *testing.T) {
	t.Parallel()
	in := "1 0 5 50 4 -1 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n" +
		"1 0 5 -7 4 -1 -1 4 200 -1 3 3 1 7 1 1 -1 -1\n" + // a part with a negative run time
		"2 10 5 -9 4 -1 -1 4 x -1 1 3 1 7 1 1 -1 -1\n" // a job with a negative run time and an unreadable req_time
	tr, err := Read(strings.NewReader(in), ReadOptions{Name: "p.swf"})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() != 2 {
		t.Fatalf("%d rows, want 2", tr.Len())
	}
	var rows []int
	for _, v := range tr.Report.Replaced {
		rows = append(rows, v.Row)
	}
	if want := []int{-1, 1}; !slices.Equal(rows, want) {
		t.Errorf("Replaced rows %v, want %v", rows, want)
	}
	if u := tr.Report.Unreadable; len(u) != 1 || u[0].Row != 1 {
		t.Errorf("Unreadable %+v, want one value on row 1", u)
	}
}

// TestPartialExecutionsScan: Scan hands every row on, parts included, and
// gives none of partial-left-out, partial-kept and partial-no-summary.
func TestPartialExecutionsScan(t *testing.T) {
	t.Parallel()
	in := "1 0 5 50 4 -1 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n1 0 5 20 4 -1 -1 4 200 -1 3 3 1 7 1 1 -1 -1\n"
	var c countWriter
	rep, err := Scan(strings.NewReader(in), ReadOptions{Name: "p.swf"}, &c)
	if err != nil {
		t.Fatal(err)
	}
	if c.jobs != 2 || rep.Jobs != 2 || rep.PartialRecordsSkipped != 0 {
		t.Errorf("Scan wrote %d jobs, report %d, skipped %d; want 2, 2, 0", c.jobs, rep.Jobs, rep.PartialRecordsSkipped)
	}
	if rep.Count(WarnPartialLeftOut)+rep.Count(WarnPartialKept)+rep.Count(WarnPartialNoSummary) != 0 || rep.Count(WarnPartialRecord) != 1 {
		t.Errorf("warnings %v", rep.Warnings)
	}
}

type countWriter struct{ jobs int }

func (c *countWriter) WriteHeader(Header) error { return nil }
func (c *countWriter) WriteJob(*Job) error      { c.jobs++; return nil }
