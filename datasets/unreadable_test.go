package datasets

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// TestUnreadable: a value the trace cannot hold in its field's type (not a
// base-10 number, "1,5" or "0x10"; NaN, Inf, a fraction or an integer of
// 2^53 or more in an identifier or count) makes that field unknown, is
// reported once per field with its count and first line, and is kept as
// written in ReadReport.Unreadable; a row whose submit time is unreadable is
// left out, counted in UnreadableSkipped, its line kept. The rest of the log
// is read (session 13 of the hostile audit: each of these refused the whole
// log). The log is job 1, then the case's line as job 2, then job 3.
func TestUnreadable(t *testing.T) {
	t.Parallel()
	const good = "1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n"
	const third = "3 9 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n"
	// u is the expected entry of Unreadable for job 2 on line 2, row 1.
	u := func(field, token string, why error) UnreadableValue {
		return UnreadableValue{Row: 1, Line: 2, JobID: 2, Field: field, Token: token, Why: why}
	}
	tests := []struct {
		name   string
		line   string // job 2
		warns  []warned
		unread []UnreadableValue
		check  func(t *testing.T, tr *Trace) // the trace, beyond jobs and report
	}{
		{"procs 2^53", "2 5 10 100 9007199254740992 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "procs", 1}}, []UnreadableValue{u("procs", "9007199254740992", ErrIntegerRange)},
			func(t *testing.T, tr *Trace) { wantInt(t, "procs", tr.Procs[1], -1) }},
		{"user int64 max", "2 5 10 100 4 90 -1 4 200 -1 1 9223372036854775807 1 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "user", 1}}, []UnreadableValue{u("user", "9223372036854775807", ErrIntegerRange)},
			func(t *testing.T, tr *Trace) { wantInt(t, "user", tr.User[1], -1) }},
		{"req_procs beyond int64", "2 5 10 100 4 90 -1 99999999999999999999 200 -1 1 3 1 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "req_procs", 1}}, []UnreadableValue{u("req_procs", "99999999999999999999", ErrIntegerRange)},
			func(t *testing.T, tr *Trace) { wantInt(t, "req_procs", tr.ReqProcs[1], -1) }},
		{"negative group -2^60", "2 5 10 100 4 90 -1 4 200 -1 1 3 -1152921504606846976 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "group", 1}}, []UnreadableValue{u("group", "-1152921504606846976", ErrIntegerRange)},
			func(t *testing.T, tr *Trace) { wantInt(t, "group", tr.Group[1], -1) }},
		{"procs NaN", "2 5 10 100 NaN 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "procs", 1}}, []UnreadableValue{u("procs", "NaN", ErrNotFinite)},
			func(t *testing.T, tr *Trace) { wantInt(t, "procs", tr.Procs[1], -1) }},
		{"status -Inf", "2 5 10 100 4 90 -1 4 200 -1 -Inf 3 1 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "status", 1}}, []UnreadableValue{u("status", "-Inf", ErrNotFinite)},
			func(t *testing.T, tr *Trace) { wantInt(t, "status", tr.Status[1], -1) }},
		{"queue 1e400", "2 5 10 100 4 90 -1 4 200 -1 1 3 1 7 1e400 1 -1 -1",
			[]warned{{WarnUnreadable, "queue", 1}}, []UnreadableValue{u("queue", "1e400", ErrNotFinite)}, nil},
		{"user 4.5", "2 5 10 100 4 90 -1 4 200 -1 1 4.5 1 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "user", 1}}, []UnreadableValue{u("user", "4.5", ErrNotInteger)}, nil},
		{"procs hex", "2 5 10 100 0x10 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "procs", 1}}, []UnreadableValue{u("procs", "0x10", ErrNotNumber)},
			func(t *testing.T, tr *Trace) { wantInt(t, "procs", tr.Procs[1], -1) }},
		{"runtime decimal comma", "2 5 10 1,5 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "runtime", 1}}, []UnreadableValue{u("runtime", "1,5", ErrNotNumber)},
			func(t *testing.T, tr *Trace) {
				if !math.IsNaN(tr.Runtime[1]) {
					t.Errorf("runtime %g, want unknown (NaN)", tr.Runtime[1])
				}
			}},
		{"wait 1_000, app in Arabic digits", "2 5 1_000 100 4 90 -1 4 200 -1 1 3 1 ١٢ 1 1 -1 -1",
			[]warned{{WarnUnreadable, "wait", 1}, {WarnUnreadable, "app", 1}},
			[]UnreadableValue{u("wait", "1_000", ErrNotNumber), u("app", "١٢", ErrNotNumber)},
			func(t *testing.T, tr *Trace) {
				if !math.IsNaN(tr.Wait[1]) || tr.App[1] != -1 {
					t.Errorf("wait %g app %d, want both unknown", tr.Wait[1], tr.App[1])
				}
			}},
		{"wait NaN and a word for app", "2 5 NaN 100 4 90 -1 4 200 -1 1 3 1 x 1 1 -1 -1",
			[]warned{{WarnUnreadable, "app", 1}, {WarnOutOfRange, "wait", 1}}, []UnreadableValue{u("app", "x", ErrNotNumber)}, nil},
		{"job id unreadable", "1e300 5 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "job_id", 1}},
			[]UnreadableValue{{Row: 1, Line: 2, JobID: -1, Field: "job_id", Token: "1e300", Why: ErrIntegerRange}},
			func(t *testing.T, tr *Trace) { wantInt(t, "job_id", tr.JobID[1], -1) }},
		// A submit time that cannot be read: the job cannot be placed in
		// time, and is left out, as a placeholder (submit −1) is.
		{"submit NaN", "2 NaN 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "submit", 1}},
			[]UnreadableValue{{Row: -1, Line: 2, JobID: 2, Field: "submit", Token: "NaN", Why: ErrNotFinite,
				Text: "2 NaN 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1"}}, nil},
		{"submit Inf, procs 0x10", "2 Inf 10 100 0x10 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "submit", 1}, {WarnUnreadable, "procs", 1}},
			[]UnreadableValue{
				{Row: -1, Line: 2, JobID: 2, Field: "submit", Token: "Inf", Why: ErrNotFinite, Text: "2 Inf 10 100 0x10 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1"},
				{Row: -1, Line: 2, JobID: 2, Field: "procs", Token: "0x10", Why: ErrNotNumber, Text: "2 Inf 10 100 0x10 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1"}}, nil},
		{"submit decimal comma", "2 5,5 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1",
			[]warned{{WarnUnreadable, "submit", 1}},
			[]UnreadableValue{{Row: -1, Line: 2, JobID: 2, Field: "submit", Token: "5,5", Why: ErrNotNumber,
				Text: "2 5,5 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1"}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			in := good + tc.line + "\n" + third
			tr, err := Read(strings.NewReader(in), ReadOptions{Name: "u.swf"})
			if err != nil {
				t.Fatal(err)
			}
			r := tr.Report
			skipped := 0
			if tc.unread[0].Row < 0 {
				skipped = 1
			}
			if tr.Len() != 3-skipped || r.UnreadableSkipped != skipped || r.Lines != 3 {
				t.Fatalf("%d jobs, %d left out for their submit, %d lines; want %d, %d, 3", tr.Len(), r.UnreadableSkipped, r.Lines, 3-skipped, skipped)
			}
			if len(r.Warnings) != len(tc.warns) {
				t.Fatalf("warnings %v, want %v", r.Warnings, tc.warns)
			}
			for k, w := range r.Warnings {
				if w.Kind != tc.warns[k].kind || w.Field != tc.warns[k].field || w.Count != tc.warns[k].count || w.Line != 2 {
					t.Errorf("warning %v, want %v on line 2", w, tc.warns[k])
				}
				if w.Kind == WarnUnreadable && (!strings.Contains(w.Message, "Unreadable") || w.Value == "") {
					t.Errorf("warning %+v does not give the value or say where it is kept", w)
				}
			}
			if !reflect.DeepEqual(r.Unreadable, tc.unread) || r.UnreadableNotListed != 0 {
				t.Errorf("unreadable %+v (%d not listed), want %+v", r.Unreadable, r.UnreadableNotListed, tc.unread)
			}
			for k, v := range r.Unreadable {
				if !errors.Is(v.Why, tc.unread[k].Why) {
					t.Errorf("why %v, want %v", v.Why, tc.unread[k].Why)
				}
			}
			if tc.check != nil {
				tc.check(t, tr)
			}
			// Scan reports the same.
			sr, err := Scan(strings.NewReader(in), ReadOptions{Name: "u.swf"}, &discardJobs{})
			if err != nil || !reflect.DeepEqual(sr.Unreadable, r.Unreadable) || !reflect.DeepEqual(sr.Warnings, r.Warnings) ||
				sr.UnreadableSkipped != r.UnreadableSkipped {
				t.Errorf("Scan: %+v, %v; want Read's report", sr, err)
			}
		})
	}
}

func wantInt(t *testing.T, field string, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("%s %d, want %d", field, got, want)
	}
}

// discardJobs is a JobWriter that keeps nothing.
type discardJobs struct{ n int }

func (d *discardJobs) WriteHeader(Header) error { return nil }
func (d *discardJobs) WriteJob(*Job) error      { d.n++; return nil }

// TestUnreadableBounds: Unreadable lists the first MaxUnreadablePerField
// values of each field and counts the others; a token is cut to
// MaxUnreadableText bytes; the warning counts every row and cites the first
// line. A log whose every submit is unreadable has no jobs, and the error
// says why.
func TestUnreadableBounds(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("; Version: 2.2\n")
	const rows = 100
	for i := 1; i <= rows; i++ {
		fmt.Fprintf(&b, "%d %d 10 100 0x%d 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n", i, i, i)
	}
	long := strings.Repeat("7,", 3000)
	fmt.Fprintf(&b, "%d %d 10 100 4 90 -1 4 200 -1 1 3 1 %s 1 1 -1 -1\n", rows+1, rows+1, long)
	tr, err := Read(strings.NewReader(b.String()), ReadOptions{Name: "b.swf"})
	if err != nil {
		t.Fatal(err)
	}
	r := tr.Report
	w, ok := r.Warning(WarnUnreadable, "procs")
	if !ok || w.Count != rows || w.Line != 2 || w.Value != "0x1" || len(w.Examples) != MaxWarningExamples {
		t.Errorf("warning %+v, want %d rows from line 2, value 0x1", w, rows)
	}
	if tr.Len() != rows+1 || len(r.Unreadable) != MaxUnreadablePerField+1 || r.UnreadableNotListed != rows-MaxUnreadablePerField {
		t.Fatalf("%d jobs, %d listed, %d not listed; want %d, %d, %d", tr.Len(), len(r.Unreadable), r.UnreadableNotListed,
			rows+1, MaxUnreadablePerField+1, rows-MaxUnreadablePerField)
	}
	last := r.Unreadable[MaxUnreadablePerField]
	if last.Field != "app" || len(last.Token) != MaxUnreadableText || !strings.HasSuffix(last.Token, "…") || !strings.HasPrefix(long, strings.TrimSuffix(last.Token, "…")) {
		t.Errorf("long token kept as %d bytes %q…, want %d bytes ending in …", len(last.Token), last.Token[:20], MaxUnreadableText)
	}

	_, err = Read(strings.NewReader("1 x 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\n2 0x5 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\n"), ReadOptions{Name: "s.swf"})
	if !errors.Is(err, ErrNoJobs) || !strings.Contains(err.Error(), `2 rows have an unreadable submit time, e.g. line 1: "x" is not a number`) {
		t.Errorf("error %v, want no jobs, saying why", err)
	}
}

// TestUnreadableNotSWF: a first row that can be neither identified nor
// placed in time and looks like another format is that format's error, not
// a log of unreadable rows; binary data stays an error.
func TestUnreadableNotSWF(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		line     int
		err      error
	}{
		{"CSV written with ', '", "1, 0, 10, 100, 4, 90, -1, 4, 200, -1, 1, 3, 1, 7, 1, 1, -1, -1\n", 1, ErrNotSWF},
		{"binary in a field", "1 0 10 100 4 9\x00 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n", 1, ErrBinary},
		// It was read as CSV: "bare \" in non-quoted-field" (/dev/urandom).
		{"binary with a comma on line 1", "\x9c\x01,\"\xfe\x00 z\n1 0\n", 1, ErrBinary},
		{"binary after an unreadable field", goodLine + "2 0 1,5 100 4 9\x01 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n", 2, ErrBinary},
		// A line of 19 fields is read (session 14), but not a first one
		// that looks like CSV.
		{"CSV written with ', ' on a line of 19", "1, 0, 10, 100, 4, 90, -1, 4, 200, -1, 1, 3, 1, 7, 1, 1, -1, -1, 0\n", 1, ErrNotSWF},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Read(strings.NewReader(tc.in), ReadOptions{Name: "n.swf"})
			var pe *ParseError
			if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Line != tc.line {
				t.Errorf("error %v, want %v on line %d", err, tc.err, tc.line)
			}
		})
	}
}

// TestUnreadableFrames: CSV and JSON cells are read as SWF fields are: an
// unreadable cell makes its field unknown, an unreadable submit leaves its
// row out, an infinite measure is out of range; the token is kept as
// written (a JSON string with its quotes; a JSON integer beyond 2^53 exact).
func TestUnreadableFrames(t *testing.T) {
	t.Parallel()
	const names = "job_id,submit,wait,runtime,user\n"
	tests := []struct {
		name, in string
		jobs     int
		warns    []warned
		unread   []UnreadableValue
	}{
		{"CSV infinite runtime", names + "1,0,1,Inf,3\n", 1, []warned{{WarnOutOfRange, "runtime", 1}}, nil},
		{"CSV decimal job id", names + "1.5,0,1,1,3\n2,5,1,1,3\n", 2, []warned{{WarnUnreadable, "job_id", 1}},
			[]UnreadableValue{{Row: 0, Line: 2, JobID: -1, Field: "job_id", Token: "1.5", Why: ErrNotInteger}}},
		{"CSV text submit", names + "1,yesterday,1,1,3\n2,5,1,1,3\n", 1, []warned{{WarnUnreadable, "submit", 1}},
			[]UnreadableValue{{Row: -1, Line: 2, JobID: 1, Field: "submit", Token: "yesterday", Why: ErrNotNumber, Text: "1,yesterday,1,1,3"}}},
		{"CSV decimal comma", names + "1,0,\"1,5\",1,3\n", 1, []warned{{WarnUnreadable, "wait", 1}},
			[]UnreadableValue{{Row: 0, Line: 2, JobID: 1, Field: "wait", Token: "1,5", Why: ErrNotNumber}}},
		{"JSON text submit", `[{"job_id": 1, "submit": "now"}, {"job_id": 2, "submit": 3}]`, 1, []warned{{WarnUnreadable, "submit", 1}},
			[]UnreadableValue{{Row: -1, Line: 1, JobID: 1, Field: "submit", Token: `"now"`, Why: ErrNotNumber}}},
		{"JSON decimal user", `[{"job_id": 1, "submit": 0, "user": 2.5}]`, 1, []warned{{WarnUnreadable, "user", 1}},
			[]UnreadableValue{{Row: 0, Line: 1, JobID: 1, Field: "user", Token: "2.5", Why: ErrNotInteger}}},
		{"JSON user beyond 2^53", `[{"job_id": 1, "submit": 0, "user": 9007199254740993}]`, 1, []warned{{WarnUnreadable, "user", 1}},
			[]UnreadableValue{{Row: 0, Line: 1, JobID: 1, Field: "user", Token: "9007199254740993", Why: ErrIntegerRange}}},
		{"JSON procs an object", `[{"job_id": 1, "submit": 0, "procs": {"a": 1}}]`, 1, []warned{{WarnUnreadable, "procs", 1}},
			[]UnreadableValue{{Row: 0, Line: 1, JobID: 1, Field: "procs", Token: `{"a": 1}`, Why: ErrNotNumber}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tr, err := Read(strings.NewReader(tc.in), ReadOptions{Name: "f"})
			if err != nil {
				t.Fatal(err)
			}
			var got []warned
			for _, w := range tr.Report.Warnings {
				got = append(got, warned{w.Kind, w.Field, w.Count})
			}
			if tr.Len() != tc.jobs || !reflect.DeepEqual(got, tc.warns) || !reflect.DeepEqual(tr.Report.Unreadable, tc.unread) {
				t.Errorf("%d jobs, warnings %v, unreadable %+v; want %d, %v, %+v", tr.Len(), got, tr.Report.Unreadable, tc.jobs, tc.warns, tc.unread)
			}
		})
	}
}

// BenchmarkReadUnreadable reads 20,000 rows of 16 unreadable fields each
// (hex counts and measures): the slow path of a log full of odd values.
func BenchmarkReadUnreadable(b *testing.B) {
	var s strings.Builder
	for i := 1; i <= 20000; i++ {
		fmt.Fprintf(&s, "%d %d 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1\n", i, i)
	}
	in := s.String()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(strings.NewReader(in), ReadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestUnreadableParquet: a Parquet integer column holding 2^62+1 (exact in
// int64, not in float64) is unreadable with its exact token; an infinite
// submit leaves its row out; an infinite runtime is out of range.
func TestUnreadableParquet(t *testing.T) {
	t.Parallel()
	df := dataframe.New(series.New([]int{1, 2, 3}, series.Int, "job_id"),
		series.New([]float64{0, math.Inf(1), 7}, series.Float, "submit"),
		series.New([]float64{1, 2, math.Inf(1)}, series.Float, "runtime"),
		series.New([]int{3, 4, 1<<62 + 1}, series.Int, "user"))
	var b bytes.Buffer
	if err := WriteParquet(&b, df); err != nil {
		t.Fatal(err)
	}
	tr, err := Read(bytes.NewReader(b.Bytes()), ReadOptions{Name: "p"})
	if err != nil {
		t.Fatal(err)
	}
	var got []warned
	for _, w := range tr.Report.Warnings {
		got = append(got, warned{w.Kind, w.Field, w.Count})
	}
	want := []warned{{WarnUnreadable, "submit", 1}, {WarnUnreadable, "user", 1}, {WarnOutOfRange, "runtime", 1}}
	unread := []UnreadableValue{{Row: -1, Line: 2, JobID: 2, Field: "submit", Token: "+Inf", Why: ErrNotFinite},
		{Row: 1, Line: 3, JobID: 3, Field: "user", Token: "4611686018427387905", Why: ErrIntegerRange}}
	if tr.Len() != 2 || tr.User[1] != -1 || !reflect.DeepEqual(got, want) || !reflect.DeepEqual(tr.Report.Unreadable, unread) {
		t.Errorf("%d jobs, users %v, warnings %v, unreadable %+v; want 2 jobs, user −1, %v, %+v", tr.Len(), tr.User, got, tr.Report.Unreadable, want, unread)
	}
}
