package datasets

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/internal/rapidtest"
)

func TestIsStandardStatus(t *testing.T) {
	// SWF field 11 (Feitelson, Tsafrir and Krakov 2014, Table 1): −1 to 5.
	for s, want := range map[int]bool{-2: false, -1: true, 0: true, 1: true, 4: true, 5: true, 6: false, 137: false} {
		if got := IsStandardStatus(s); got != want {
			t.Errorf("IsStandardStatus(%d) = %v, want %v", s, got, want)
		}
	}
}

func TestCPUExceedsRuntime(t *testing.T) {
	tests := []struct {
		cpu, runtime float64
		want         bool
	}{
		{100, 100, false},
		{160, 100, false},       // by 60 s: the allowance of short jobs
		{160.5, 100, true},      // by more than 60 s
		{10_100, 10_000, false}, // by 1% of a long job
		{10_101, 10_000, true},
		{1e9, -1, false}, // unknown run time (SWF −1)
		{1e9, math.NaN(), false},
		{math.NaN(), 100, false},
	}
	for _, tt := range tests {
		if got := CPUExceedsRuntime(tt.cpu, tt.runtime); got != tt.want {
			t.Errorf("CPUExceedsRuntime(%g, %g) = %v, want %v", tt.cpu, tt.runtime, got, tt.want)
		}
	}
}

// TestSelectMatchesRows checks that Select, which copies column by column,
// gives the trace that appending Job(i) for each selected row gives (rows
// repeated and out of order included), on random traces whose every field
// differs from row to row.
func TestSelectMatchesRows(t *testing.T) {
	rapidtest.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, 30).Draw(rt, "n")
		tr := NewTrace("t", 0)
		tr.Header.Computer = "c"
		for i := range n {
			f := rapid.Float64().Draw(rt, "f")
			tr.Append(Job{JobID: i + 1, Submit: f, Wait: f + 1, Runtime: f + 2, Procs: i, CPUTime: f + 3, Mem: f + 4,
				ReqProcs: i + 1, ReqTime: f + 5, ReqMem: f + 6, Status: i + 2, User: i + 3, Group: i + 4, App: i + 5,
				Queue: i + 6, Partition: i + 7, PrevJob: i + 8, ThinkTime: f + 7})
		}
		var idx []int
		if n > 0 {
			idx = rapid.SliceOf(rapid.IntRange(0, n-1)).Draw(rt, "idx")
		}
		want := NewTrace("t", len(idx))
		want.Header = tr.Header.Clone()
		for _, i := range idx {
			want.Append(tr.Job(i))
		}
		if got := tr.Select(idx); !reflect.DeepEqual(got, want) {
			rt.Fatalf("Select(%v) = %+v, row by row %+v", idx, got, want)
		}
	})
}

// TestSelectEveryColumn: Select gathers every column of Trace, found by
// reflection (a column added later and left out of Select fails here; the
// row-by-row comparison of TestSelectMatchesRows cannot see a column that
// Job lacks too).
func TestSelectEveryColumn(t *testing.T) {
	t.Parallel()
	const n = 4
	tr := NewTrace("t", n)
	for range n {
		tr.Append(Job{})
	}
	v := reflect.ValueOf(tr).Elem()
	columns := 0
	for f := range v.NumField() {
		col := v.Field(f)
		if col.Kind() != reflect.Slice || col.Len() != n {
			continue
		}
		columns++
		for i := range n {
			switch e := col.Index(i); e.Kind() {
			case reflect.Int:
				e.SetInt(int64(100*f + i))
			case reflect.Float64:
				e.SetFloat(float64(100*f + i))
			default:
				t.Fatalf("column %s of kind %s: extend this test", v.Type().Field(f).Name, e.Kind())
			}
		}
	}
	if columns < 18 {
		t.Fatalf("%d columns found, want the 18 of the SWF", columns)
	}
	idx := []int{3, 0, 0, 2}
	s := reflect.ValueOf(tr.Select(idx)).Elem()
	for f := range v.NumField() {
		col := v.Field(f)
		if col.Kind() != reflect.Slice || col.Len() != n {
			continue
		}
		got := s.Field(f)
		if got.Len() != len(idx) {
			t.Errorf("column %s: %d values, want %d", v.Type().Field(f).Name, got.Len(), len(idx))
			continue
		}
		for k, i := range idx {
			if !reflect.DeepEqual(got.Index(k).Interface(), col.Index(i).Interface()) {
				t.Errorf("column %s, row %d: %v, want %v", v.Type().Field(f).Name, k, got.Index(k), col.Index(i))
			}
		}
	}
}

// TestSortBySubmitUnknown: a trace with unknown submit times (placeholders
// kept with ReadOptions.KeepPlaceholders: NaN) sorts with them first, in
// the log's order, and the known ones increasing, as IsSortedBySubmit
// (sort.Float64sAreSorted) orders NaN. Before (session 14) the sort
// compared with <, which orders no NaN: known times around one stayed out
// of order ([5 NaN 1] was left as it was) and IsSortedBySubmit was false
// after sorting.
func TestSortBySubmitUnknown(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	for _, tc := range []struct {
		submit []float64
		ids    []int // job ids (1 + the input row) in the order wanted
	}{
		{[]float64{5, nan, 1}, []int{2, 3, 1}},
		{[]float64{nan, 3, nan, 2, 1}, []int{1, 3, 5, 4, 2}},
		{[]float64{2, 2, 1, nan}, []int{4, 3, 1, 2}},
		{[]float64{1, 2, 3}, []int{1, 2, 3}},
	} {
		tr := NewTrace("s", len(tc.submit))
		for i, s := range tc.submit {
			j := UnknownJob()
			j.JobID, j.Submit = i+1, s
			tr.Append(j)
		}
		s := tr.SortBySubmit()
		if !slices.Equal(s.JobID, tc.ids) || !s.IsSortedBySubmit() {
			t.Errorf("submit %v: sorted to jobs %v (sorted: %v), want %v", tc.submit, s.JobID, s.IsSortedBySubmit(), tc.ids)
		}
	}
}
