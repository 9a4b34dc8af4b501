package zakay2014

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// TestBatchStarts marks the first job of each batch on a hand-made log:
// user 1 submits three overlapping 100 s jobs at 0, 10 and 20 (one batch)
// and a fourth at 200, after they ended (a new batch of the same session);
// user 2 one job at 5. In submit order: u1@0, u2@5, u1@10, u1@20, u1@200.
func TestBatchStarts(t *testing.T) {
	tr := datasets.NewTrace("batches", 5)
	tr.Header.MaxProcs, tr.Header.MaxNodes = 10, 10
	for i, j := range []struct {
		user            int
		submit, runtime float64
	}{
		{1, 0, 100}, {2, 5, 1}, {1, 10, 100}, {1, 20, 100}, {1, 200, 10},
	} {
		job := datasets.UnknownJob()
		job.JobID, job.User, job.Submit, job.Wait, job.Runtime = i+1, j.user, j.submit, 0, j.runtime
		job.Procs, job.ReqProcs, job.ReqTime, job.Status = 1, 1, j.runtime, datasets.StatusCompleted
		tr.Append(job)
	}
	w, err := feedback.NewWorkload(tr, feedback.WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := batchStarts(w), []bool{true, true, false, false, true}; !slices.Equal(got, want) {
		t.Errorf("batchStarts = %v, want %v", got, want)
	}
}

// TestLittleText checks the split by hand. Jobs 0 and 2 start their batch,
// 1 and 3 do not; job 4 (first of a batch) never starts and is left out.
// EASY: waits 2, 5, 4, 10 (first 6, others 15, total 21) over 100 s; FCFS:
// 8, 20, 12, 20 (first 20, others 40, total 60) over 125 s. Total waits
// 60/21 = 2.857, lengths 1.25 (rate lower by 1 − 100/125 = 20%), first
// 20/6 = 3.33, others 40/15 = 2.67.
func TestLittleText(t *testing.T) {
	first := []bool{true, false, true, false, true}
	submit := []float64{0, 0, 10, 10, 50}
	easy := &sim.Result{Submit: submit, Start: []float64{2, 5, 14, 20, math.NaN()},
		Timeline: sim.Timeline{Time: []float64{0, 100}, Queue: []int{0, 0}}}
	fcfs := &sim.Result{Submit: submit, Start: []float64{8, 20, 22, 30, math.NaN()},
		Timeline: sim.Timeline{Time: []float64{0, 125}, Queue: []int{0, 0}}}
	got := littleText(first, easy, fcfs)
	for _, want := range []string{"under EASY, 2.857,", "over EASY's, 1.250:", "by 20%", "(2 of 4)", "3.33× as long", "batch, 2.67×"} {
		if !strings.Contains(got, want) {
			t.Errorf("littleText = %q, want it to contain %q", got, want)
		}
	}
}
