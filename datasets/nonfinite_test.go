package datasets

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// TestNonFiniteMeasures: a measure written NaN, Inf or beyond float64's
// range is made unknown, reported once per field with its count, and its
// value kept in Replaced; the rest of the row and the log are read (round 2
// of the hostile audit: one such value made the whole log unreadable).
// (NaN or Inf in submit or in an integer field: TestUnreadable.) Also: a negative
// memory is a negative-value warning, as the package documentation's
// table says (it was reported as "above 2^53 KB").
func TestNonFiniteMeasures(t *testing.T) {
	t.Parallel()
	const good = "1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n"
	tests := []struct {
		name  string
		line  string // job 2
		warns []warned
		value []float64 // Replaced values, in order (NaN compares equal to NaN)
		err   error
		field string
	}{
		{"wait NaN", "2 5 NaN 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1", []warned{{WarnOutOfRange, "wait", 1}}, []float64{math.NaN()}, nil, ""},
		{"runtime +Inf", "2 5 10 +Inf 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1", []warned{{WarnOutOfRange, "runtime", 1}}, []float64{math.Inf(1)}, nil, ""},
		{"cpu_time -infinity", "2 5 10 100 4 -infinity -1 4 200 -1 1 3 1 7 1 1 -1 -1", []warned{{WarnOutOfRange, "cpu_time", 1}}, []float64{math.Inf(-1)}, nil, ""},
		{"mem 1e400", "2 5 10 100 4 90 1e400 4 200 -1 1 3 1 7 1 1 -1 -1", []warned{{WarnOutOfRange, "mem", 1}}, []float64{math.Inf(1)}, nil, ""},
		{"req_time and think_time nan, req_mem -1e999", "2 5 10 100 4 90 -1 4 nan -1e999 1 3 1 7 1 1 -1 nan",
			[]warned{{WarnOutOfRange, "req_time", 1}, {WarnOutOfRange, "req_mem", 1}, {WarnOutOfRange, "think_time", 1}},
			[]float64{math.NaN(), math.Inf(-1), math.NaN()}, nil, ""},
		{"negative memory", "2 5 10 100 4 90 -5 4 200 -1 1 3 1 7 1 1 -1 -1", []warned{{WarnNegativeValue, "mem", 1}}, []float64{-5}, nil, ""},
		{"NaN on a line of 19 fields", "2 5 NaN 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1 9", []warned{{WarnFieldCount, "", 1}, {WarnOutOfRange, "wait", 1}}, []float64{math.NaN()}, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			third := "3 9 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n"
			tr, err := Read(strings.NewReader(good+tc.line+"\n"+third), ReadOptions{Name: "n.swf"})
			if tc.err != nil {
				var pe *ParseError
				if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Line != 2 || pe.Field != tc.field || pe.File != "n.swf" {
					t.Fatalf("error %v, want %v at n.swf:2 field %q", err, tc.err, tc.field)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tr.Len() != 3 {
				t.Fatalf("%d jobs, want 3", tr.Len())
			}
			if len(tr.Report.Warnings) != len(tc.warns) {
				t.Fatalf("warnings %v, want %v", tr.Report.Warnings, tc.warns)
			}
			for k, w := range tr.Report.Warnings {
				if w.Kind != tc.warns[k].kind || w.Field != tc.warns[k].field || w.Count != tc.warns[k].count || w.Line != 2 {
					t.Errorf("warning %v, want %v on line 2", w, tc.warns[k])
				}
			}
			if len(tr.Report.Replaced) != len(tc.value) {
				t.Fatalf("replaced %v, want %v", tr.Report.Replaced, tc.value)
			}
			for k, r := range tr.Report.Replaced {
				if v := tc.value[k]; !(r.Value == v || math.IsNaN(r.Value) && math.IsNaN(v)) || r.JobID != 2 || r.Row != 1 {
					t.Errorf("replaced %+v, want %v of job 2, row 1", r, v)
				}
			}
			for _, col := range [][]float64{tr.Wait, tr.Runtime, tr.CPUTime, tr.Mem, tr.ReqTime, tr.ReqMem, tr.ThinkTime} {
				if math.IsInf(col[1], 0) {
					t.Errorf("an infinity kept in the trace: %v", col)
				}
			}
			if tr.Runtime[0] != 100 || tr.Runtime[2] != 100 {
				t.Errorf("the other rows changed: runtimes %v", tr.Runtime)
			}
		})
	}
}
