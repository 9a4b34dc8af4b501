package quality

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestDetectFlurriesHostileSubmit: submit times no reader produces take no
// part, and the flurry is still found. Before: a job submitted at 1e300 (or
// −1e300) panicked (makeslice: len out of range: the day index overflowed
// int).
func TestDetectFlurriesHostileSubmit(t *testing.T) {
	t.Parallel()
	for _, sub := range []float64{1e300, -1e300, datasets.MaxTime * 2, math.Inf(1), math.NaN()} {
		tr := flurryLog(1000)
		jb := datasets.UnknownJob()
		jb.JobID, jb.Submit, jb.User, jb.Runtime, jb.Procs = 99999, sub, 9, 10, 1
		tr.Append(jb)
		fl := DetectFlurries(tr, FlurryOptions{})
		if len(fl) != 1 || fl[0].User != 9 || fl[0].Jobs != 1002 {
			t.Errorf("submit %v: flurries %+v, want user 9's 1002 jobs", sub, fl)
		}
		if _, err := Check(tr, Options{}); err != nil {
			t.Errorf("submit %v: Check: %v", sub, err)
		}
	}
}

// TestCheckUnreadable: every value the reader could not read
// (datasets.WarnUnreadable) is an erroneous anomaly unreadable_<field> with
// its count, first line and token, and the rows left out for an unreadable
// submit time (ReadReport.UnreadableSkipped) are the anomaly
// unreadable_submit with their count and first line. The expected values
// are read off the planted lines. Before: Check listed none of them (the
// unreadable fields only as missing_<field>, the dropped rows not at all).
func TestCheckUnreadable(t *testing.T) {
	t.Parallel()
	const row = " 0 10 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n"
	swf := "; MaxProcs: 8\n" + // line 1
		"1 0" + row + // line 2
		"2 x" + row + // line 3: submit unreadable, row left out
		"3 20 0 10 0x10 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n" + // line 4: procs
		"4 30 0 10 2 -1 -1 2 100 -1 1 1,5 1 -1 -1 -1 -1 -1\n" + // line 5: user
		"5 1e" + row + // line 6: submit unreadable
		"6 50 0 10 0x2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n" // line 7: procs
	tr, err := datasets.Read(strings.NewReader(swf), datasets.ReadOptions{Name: "unreadable"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(tr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct {
		kind     string
		jobs     int
		examples []int
		detail   []string // substrings of Detail
	}{
		{"unreadable_submit", 2, []int{2, 5}, []string{"2 rows left out", `first at line 3: "x" is not a number`}},
		{"unreadable_procs", 2, []int{3, 6}, []string{"line 4:", `"0x10"`}},
		{"unreadable_user", 1, []int{4}, []string{"line 5:", `"1,5"`}},
	} {
		a, ok := find(r, want.kind)
		if !ok || a.Category != Erroneous || a.Jobs != want.jobs || !slices.Equal(a.Examples, want.examples) || a.Filter != "" {
			t.Errorf("%s: found %v %+v, want erroneous, %d jobs %v", want.kind, ok, a, want.jobs, want.examples)
			continue
		}
		for _, d := range want.detail {
			if !strings.Contains(a.Detail, d) {
				t.Errorf("%s: detail %q lacks %q", want.kind, a.Detail, d)
			}
		}
	}
	n := 0
	for _, a := range r.Anomalies {
		if a.Kind == "unreadable_submit" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("unreadable_submit listed %d times, want once", n)
	}
}

// TestCheckFieldCount: rows without SWF's 18 fields, which the reader
// reads as far as they go (datasets.WarnFieldCount, session 14), are
// erroneous anomalies field_count_<first missing field> and field_count
// (more than 18); the rows of a single field, which the reader leaves out,
// are field_count_submit, counted among the rows read (Report.Rows). The
// expected values are read off the planted lines.
func TestCheckFieldCount(t *testing.T) {
	t.Parallel()
	const row = " 0 10 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n"
	swf := "1 0" + row + // line 1
		"2 10 0 10 2\n" + // line 2: ends before cpu_time
		"3\n" + // line 3: one field, left out
		"4 30" + strings.TrimSuffix(row, "\n") + " 7 8\n" + // line 4: 20 fields
		"5 40 0 10 2\n" // line 5: ends before cpu_time
	tr, err := datasets.Read(strings.NewReader(swf), datasets.ReadOptions{Name: "fields"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(tr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Jobs != 4 || r.Rows != 5 {
		t.Errorf("%d jobs of %d rows, want 4 of 5", r.Jobs, r.Rows)
	}
	for _, want := range []struct {
		kind     string
		jobs     int
		examples []int
		leftOut  bool
	}{
		{"field_count_cpu_time", 2, []int{2, 5}, false},
		{"field_count_submit", 1, []int{3}, true},
		{"field_count", 1, []int{4}, false},
	} {
		a, ok := find(r, want.kind)
		if !ok || a.Category != Erroneous || a.Jobs != want.jobs || !slices.Equal(a.Examples, want.examples) || a.LeftOut != want.leftOut {
			t.Errorf("%s: found %v %+v, want erroneous, %d jobs %v, left out %v", want.kind, ok, a, want.jobs, want.examples, want.leftOut)
		}
	}
}

// TestCheckLongLine: a line over 1 MiB, which the reader leaves out
// (datasets.WarnLongLine, session 14), is the erroneous anomaly long_line,
// left out of the trace.
func TestCheckLongLine(t *testing.T) {
	t.Parallel()
	const row = " 0 10 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n"
	swf := "1 0" + row + "2 " + strings.Repeat("9", 2<<20) + "\n3 20" + row
	tr, err := datasets.Read(strings.NewReader(swf), datasets.ReadOptions{Name: "long"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(tr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, ok := find(r, "long_line")
	if !ok || a.Category != Erroneous || a.Jobs != 1 || !a.LeftOut || !strings.Contains(a.Detail, "line 2:") {
		t.Errorf("found %v %+v, want erroneous, 1 line left out, at line 2", ok, a)
	}
}

// TestCheckPartialRecords: partial-execution records (status 2–4), which
// repeat their job's number by SWF's definition, are not duplicate_job_id
// (session 14: every part was); a completed job repeated still is.
func TestCheckPartialRecords(t *testing.T) {
	t.Parallel()
	row := func(id, submit, status int) string {
		return fmt.Sprintf("%d %d 10 100 4 90 -1 4 200 -1 %d 3 1 7 1 1 -1 -1\n", id, submit, status)
	}
	for _, tc := range []struct {
		name string
		swf  string
		keep bool // datasets.ReadOptions.KeepPartialRecords
		dup  int  // rows in duplicate_job_id
		rows int  // Report.Rows: every job row of the file
	}{
		{"parts of a checkpointed job", row(5, 0, 2) + row(6, 10, 1) + row(5, 20, 2) + row(5, 30, 3), false, 0, 4},
		{"a completed job repeated", row(5, 0, 1) + row(6, 10, 1) + row(5, 20, 1), false, 2, 3},
		{"summary line and its parts kept", row(5, 0, 1) + row(5, 0, 2) + row(5, 20, 3) + row(6, 30, 1), true, 0, 4},
		{"summary line, parts left out", row(5, 0, 1) + row(5, 0, 2) + row(5, 20, 3) + row(6, 30, 1), false, 0, 4},
	} {
		tr, err := datasets.Read(strings.NewReader(tc.swf), datasets.ReadOptions{Name: "parts", KeepPartialRecords: tc.keep})
		if err != nil {
			t.Fatal(err)
		}
		r, err := Check(tr, Options{})
		if err != nil {
			t.Fatal(err)
		}
		a, ok := find(r, "duplicate_job_id")
		if got := map[bool]int{true: a.Jobs}[ok]; got != tc.dup {
			t.Errorf("%s: duplicate_job_id %v %+v, want %d rows", tc.name, ok, a, tc.dup)
		}
		if r.Rows != tc.rows {
			t.Errorf("%s: Rows %d, want %d", tc.name, r.Rows, tc.rows)
		}
	}
}

// TestCheckLateDirective: a directive after the first job line (two logs
// concatenated) is reported as inconsistent, naming the directive; a plain
// comment among the jobs is not an anomaly.
func TestCheckLateDirective(t *testing.T) {
	t.Parallel()
	const row = " 0 10 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n"
	swf := "; MaxProcs: 8\n1 0" + row + "; a comment\n; MaxProcs: 16\n2 5" + row
	tr, err := datasets.Read(strings.NewReader(swf), datasets.ReadOptions{Name: "late"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(tr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, ok := find(r, "late_directive_MaxProcs")
	if !ok || a.Category != Inconsistent || a.Jobs != 1 || !strings.Contains(a.Detail, "line 4:") {
		t.Errorf("found %v %+v, want inconsistent, 1 directive, at line 4", ok, a)
	}
	if _, ok := find(r, "comment"); ok {
		t.Errorf("a comment line among the jobs reported as an anomaly")
	}
}
