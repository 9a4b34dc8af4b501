package feedback

import (
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// TestSimulateHostileOptions: options no caller means are errors. Before:
// Until NaN silently ran to completion (as 0 or +Inf do), and a machine of
// −1 processors was reported as too narrow for job 1.
func TestSimulateHostileOptions(t *testing.T) {
	t.Parallel()
	tr := datasets.NewTrace("hostile", 5)
	tr.Header.MaxProcs = 8
	for i := range 5 {
		jb := datasets.UnknownJob()
		jb.JobID, jb.Submit, jb.Runtime, jb.Procs, jb.User, jb.Wait, jb.ReqTime = i+1, float64(i)*100, 50, 1, i%2, 0, 200
		tr.Append(jb)
	}
	w, err := NewWorkload(tr, WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		o       Options
		wantErr string
	}{
		{"Until NaN", Options{Until: math.NaN()}, "Until is NaN"},
		{"Procs −1", Options{Procs: -1}, "machine size out of range"},
		{"Procs 2^40", Options{Procs: 1 << 40}, "machine size out of range"},
	} {
		if _, err := Simulate(w, &sim.FCFS{}, c.o); err == nil || !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.wantErr)
		}
	}
	if r, err := Simulate(w, &sim.FCFS{}, Options{Until: math.Inf(1)}); err != nil || r.Summary().Jobs != 5 {
		t.Errorf("Until +Inf: %v", err)
	}
}
