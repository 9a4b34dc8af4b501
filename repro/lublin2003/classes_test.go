package lublin2003

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/lublin"
)

// TestClassCountMeasured: §8.2's class counts of SDSC96 under every status,
// and the bound from the jobs the archive's cleaning removed. Reference
// counts: our SDSC-Par-1996-3.1-cln, queue 0 interactive (counted with a script
// over the SWF: completed 13658 and 17663, every status 13694 and 18441;
// completed by partition, 1 interactive, 2 batch: the same 13658 and 17663);
// its header's filters removed 5301 + 1283 = 6584 jobs.
func TestClassCountMeasured(t *testing.T) {
	t.Parallel()
	interactive := ledger.Printed("17807", 0)
	batch := batchJobs1996()
	// Both classes need 17807 − 13658 + 20000 − 17663 = 6486 ≤ 6584. The
	// removed users' completed jobs left: user 5, 107 interactive and 315
	// batch; user 23, 192 and 9 (the same script): user 5's 5301 go to
	// batch, user 23's 1283 to interactive.
	const both, removed = 6486, 6584
	const byUser = "user 5 (5301 removed): 107 interactive, 315 batch; user 23 (1283 removed): 192 interactive, 9 batch"
	for _, c := range []struct {
		name    string
		want    ledger.Expectation
		st      classStats
		paper   int
		guessed int
		has     []string // substrings; none for ""
	}{
		{"interactive", interactive, classStats{jobs: 13658, everyJob: 13694, byPartition: 13658}, 17807, 1283,
			// 13658 + 1283 = 14941.
			[]string{"every job of the class, whatever its status, 13694 (not within)", "by partition (the header's interactive partition) rather than queue, 13658 (not within)", "within reach if 4149 of them", "1283 of them are of this class, counted back as completed 14941 (not within)"}},
		{"batch", batch, classStats{jobs: 17663, everyJob: 18441, byPartition: 17663}, 20000, 5301,
			// 17663 + 5301 = 22964: beyond the paper's 20500 (batchJobs1996).
			[]string{"18441 (not within)", "within reach if 2337 of them", "counted back as completed 22964 (not within); their class is not known, so this is no reason"}},
		{"every status within, no interactive partition", batch, classStats{jobs: 19990, everyJob: 20100, byPartition: -1}, 20000, 0,
			[]string{"whatever its status, 20100 (within); the archive's"}},
		{"ours within", batch, classStats{jobs: 20400, everyJob: 20600, byPartition: -1}, 20000, 0, nil},
	} {
		got := classCountMeasured(c.want, c.st, c.paper, both, removed, c.guessed, byUser)
		if len(c.has) == 0 && got != "" {
			t.Errorf("%s: %q, want none", c.name, got)
		}
		for _, h := range c.has {
			if !strings.Contains(got, h) {
				t.Errorf("%s: %q lacks %q", c.name, got, h)
			}
		}
	}
}

// TestBatchJobs1996: §8.2's "a bit more than 20000" batch jobs of 1996 by
// the paper's own numbers: 113515 − 55208 − 17807 = 40500 batch jobs over
// both years (§2, §8.2), more than 20000 in each, so 1996's lies strictly
// between 20000 and 20500 — not up to ledger.ABit's 25000.
func TestBatchJobs1996(t *testing.T) {
	t.Parallel()
	want := batchJobs1996()
	for _, c := range []struct {
		n    float64
		want bool
	}{
		{20000, false}, {20001, true}, {20250, true}, {20499, true}, {20500, false}, {22964, false}, {17663, false},
	} {
		if got := want.Accepts(c.n); got != c.want {
			t.Errorf("%v: accepted %v, want %v (%s)", c.n, got, c.want, want.Value())
		}
	}
	if v := want.Value(); !strings.Contains(v, "113515 − 55208 − 17807 = 40500") || !strings.Contains(v, "20000–20500") {
		t.Errorf("paper value %q does not state the paper's arithmetic", v)
	}
}

// TestRemovedByUserClass: each filter's removed jobs go to its user's
// larger class among the completed jobs left; a filter without a user is
// left out. The header's filters are SDSC-Par-1996's.
func TestRemovedByUserClass(t *testing.T) {
	t.Parallel()
	tr := datasets.NewTrace("SDSC-Par-1996", 0)
	tr.Header.Notes = []string{"THIS IS A CLEANED VERSION OF THE LOG!\nThe filters used to produce it were\n" +
		"user=5 and (hour>=3 and hour<=3) (5301 jobs removed)\nuser=23 and (job>=3036 and job<=4676) (1283 jobs removed)\n" +
		"job>=9000 (7 jobs removed)"}
	for j, job := range []datasets.Job{
		{User: 5, Queue: 3, Status: 1}, {User: 5, Queue: 4, Status: 1}, {User: 5, Queue: 0, Status: 1},
		{User: 5, Queue: 0, Status: 0}, {User: 5, Queue: 0, Status: 0}, // not completed: not counted
		{User: 23, Queue: 0, Status: 1}, {User: 23, Queue: 0, Status: 1}, {User: 23, Queue: 9, Status: 1},
		{User: 7, Queue: 0, Status: 1},
	} {
		job.JobID, job.Procs = j+1, 1
		tr.Append(job)
	}
	by, text, err := removedByUserClass(tr, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	if by[lublin.BatchJobs] != 5301 || by[lublin.InteractiveJobs] != 1283 || len(by) != 2 {
		t.Errorf("by class %v, want batch 5301, interactive 1283", by)
	}
	if want := "user 5 (5301 removed): 1 interactive, 2 batch; user 23 (1283 removed): 2 interactive, 1 batch"; text != want {
		t.Errorf("text %q, want %q", text, want)
	}
}

// TestPartitionCount: completed jobs by the partition the header names
// interactive; −1 without such a line (SDSC-Par-1996's header lines).
func TestPartitionCount(t *testing.T) {
	t.Parallel()
	jobs := []datasets.Job{
		{Partition: 1, Status: 1}, {Partition: 1, Status: 0}, {Partition: 2, Status: 1},
		{Partition: 2, Status: 1}, {Partition: -1, Status: 1},
	}
	for _, c := range []struct {
		name               string
		lines              []string
		interactive, batch int
	}{
		{"SDSC-Par-1996", []string{" Partition:  1  interactive    ", " Partition:  2  batch          "}, 1, 2},
		{"no interactive partition", []string{" Partition:  1  all"}, -1, -1},
	} {
		tr := datasets.NewTrace(c.name, 0)
		tr.Header.Lines = c.lines
		for j, job := range jobs {
			job.JobID, job.Procs = j+1, 1
			tr.Append(job)
		}
		if in, ba := partitionCount(tr, lublin.InteractiveJobs), partitionCount(tr, lublin.BatchJobs); in != c.interactive || ba != c.batch {
			t.Errorf("%s: %d interactive, %d batch; want %d, %d", c.name, in, ba, c.interactive, c.batch)
		}
	}
}
