package quality

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestCheckStreamOverCapacity: over_capacity's jobs and examples found on
// the second reading (overStream), against values worked by hand, and
// Check's report.
func TestCheckStreamOverCapacity(t *testing.T) {
	// SWF rows: job submit wait runtime procs, the other fields unknown.
	row := func(id, submit, wait, run, procs int) string {
		return strings.Join([]string{strconv.Itoa(id), strconv.Itoa(submit), strconv.Itoa(wait), strconv.Itoa(run), strconv.Itoa(procs),
			"-1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1 -1"}, " ")
	}
	tests := []struct {
		name     string
		procs    int
		rows     []string
		examples int
		jobs     int
		want     []int
	}{
		{
			// In use 4 on [0,5), 5 on [5,10): the peak is first reached at 5;
			// job 2 ends there (s ≤ peak < e fails), so it is over capacity
			// but not an example.
			name: "ends at the peak", procs: 2, examples: 5, jobs: 3, want: []int{1, 3},
			rows: []string{row(1, 0, 0, 10, 3), row(2, 0, 0, 5, 1), row(3, 0, 5, 5, 2)},
		},
		{
			// In use 2 on [1,2) (peak at 1): job 2 is decided at 2, job 1 at
			// 100; the one example is the first row, job 1. Job 3 runs alone.
			name: "examples in row order", procs: 1, examples: 1, jobs: 2, want: []int{1},
			rows: []string{row(1, 0, 0, 100, 1), row(2, 1, 0, 1, 1), row(3, 200, 0, 1, 1)},
		},
		{
			// Job 2 starts where job 1's run above capacity ends (time 10):
			// the time above before its start equals that before its end.
			name: "starts where the run ends", procs: 2, examples: 5, jobs: 1, want: []int{1},
			rows: []string{row(1, 0, 0, 10, 3), row(2, 0, 10, 10, 2)},
		},
	}
	for _, tc := range tests {
		data := []byte("; MaxProcs: " + strconv.Itoa(tc.procs) + "\n" + strings.Join(tc.rows, "\n") + "\n")
		opts := Options{Examples: tc.examples}
		if got := streamScans(t, tc.name, data, opts); got != 2 {
			t.Fatalf("%s: %d readings, want 2 (overStream, the sweep not spilled)", tc.name, got)
		}
		r, err := CheckStream(tc.name, func(w datasets.JobWriter) (*datasets.ReadReport, error) {
			return datasets.Scan(bytes.NewReader(data), datasets.ReadOptions{Name: tc.name}, w)
		}, 0, opts)
		if err != nil {
			t.Fatal(err)
		}
		var got *Anomaly
		for k := range r.Anomalies {
			if r.Anomalies[k].Kind == "over_capacity" {
				got = &r.Anomalies[k]
			}
		}
		if got == nil {
			t.Fatalf("%s: no over_capacity", tc.name)
		}
		if got.Jobs != tc.jobs || !reflect.DeepEqual(got.Examples, tc.want) {
			t.Errorf("%s: over_capacity %d jobs, examples %v; want %d, %v", tc.name, got.Jobs, got.Examples, tc.jobs, tc.want)
		}
	}
}

// TestCheckStreamOverCapacitySpilled: a log whose usage sweep spills (more
// than 2^20 events pending at once: here 530,000 jobs submitted at one
// time) is decided on a third reading (overPass) from the steps above
// capacity, not by overStream, which would hold every job; the report is
// Check's, with 5 and 100 examples. Before the batch, ten jobs in submit
// order go above capacity while the sweep still sums as it goes.
func TestCheckStreamOverCapacitySpilled(t *testing.T) {
	if testing.Short() {
		t.Skip("530,000 jobs")
	}
	var b bytes.Buffer
	b.WriteString("; MaxProcs: 2\n")
	id := 0
	row := func(submit, wait, run, procs int) {
		id++
		fmt.Fprintf(&b, "%d %d %d %d %d -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1 -1\n", id, submit, wait, run, procs)
	}
	for i := range 10 {
		row(10*i, 0, 25, 1) // three at once from time 20: above 2
	}
	// The batch's peak, 4 in use, is first reached at 1011 (i = 11, two
	// processors, within i = 8's four seconds, two processors): the
	// examples are jobs 19 and 22, the only two running then.
	for i := range 530_000 {
		run := 1
		if i%4 == 0 {
			run = 4 // overlaps the next three: 2 or 3 in use
		}
		row(1000, i, run, 1+i%3/2) // 1, 1, 2 processors
	}
	data := b.Bytes()
	tr, err := datasets.Read(bytes.NewReader(data), datasets.ReadOptions{Name: "batch"})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{5, 100} {
		opts := Options{Examples: n}
		if got := streamScans(t, "batch", data, opts); got != 3 {
			t.Fatalf("%d examples: %d readings, want 3 (the third: overPass)", n, got)
		}
		r, err := Check(tr, opts)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, a := range r.Anomalies {
			if a.Kind != "over_capacity" {
				continue
			}
			found = true
			if a.Jobs <= 10 || a.Jobs >= len(tr.JobID) || !reflect.DeepEqual(a.Examples, []int{19, 22}) {
				t.Fatalf("over_capacity %d jobs, examples %v: want some of the batch's jobs, not all, and [19 22]", a.Jobs, a.Examples)
			}
		}
		if !found {
			t.Fatal("no over_capacity")
		}
	}
	// The log appended to before the third reading: an error, no report.
	scans := 0
	r, err := CheckStream("batch", func(w datasets.JobWriter) (*datasets.ReadReport, error) {
		scans++
		in := data
		if scans == 3 {
			in = append(slices.Clip(data), "999999 1000 0 1 1 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1 -1\n"...)
		}
		return datasets.Scan(bytes.NewReader(in), datasets.ReadOptions{Name: "batch"}, w)
	}, 0, Options{})
	if err == nil || r != nil || !strings.Contains(err.Error(), "changed while it was read") || scans != 3 {
		t.Fatalf("appended at reading 3: report %v, err %v after %d readings; want the log changed", r != nil, err, scans)
	}
}
