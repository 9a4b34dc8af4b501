package quality

import (
	"bytes"
	"reflect"
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
		if !streamAgrees(t, tc.name, data, opts) {
			t.Fatalf("%s: not checked in a stream", tc.name)
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
