package zakay2014

import (
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// twoPools are the pools of the synthetic log: partition 1 on a machine
// of 2 processors, every other partition on another of 2.
var twoPools = []pool{{name: "a", procs: 2, partitions: []int{1}}, {name: "b", procs: 2, rest: true}}

// partitionedLog is a log of two partitions whose FCFS schedules are
// worked by hand (TestPartitionedCompare).
func partitionedLog() *datasets.Trace {
	t := datasets.NewTrace("two partitions", 4)
	t.Header.MaxProcs, t.Header.MaxNodes = 4, 4
	for i, j := range []struct {
		partition, user int
		submit, runtime float64
		procs           int
	}{
		{1, 1, 0, 10, 2}, {1, 2, 0, 10, 2}, // a: the second waits for the first
		{2, 3, 0, 10, 1}, {2, 3, 5, 10, 1}, // b: side by side
	} {
		job := datasets.UnknownJob()
		job.JobID, job.User, job.Submit, job.Wait, job.Runtime = i+1, j.user, j.submit, 0, j.runtime
		job.Procs, job.ReqProcs, job.ReqTime, job.Status = j.procs, j.procs, j.runtime, datasets.StatusCompleted
		job.Partition = j.partition
		t.Append(job)
	}
	return t
}

// TestSplitByPool: each job goes to the pool of its partition, the rest
// (and unknown partitions) to the rest pool; a job wider than its pool is
// an error.
func TestSplitByPool(t *testing.T) {
	for _, tt := range []struct {
		name       string
		partitions []int
		procs      []int // allocated; −1 unknown (the requested 1 is used)
		want       [][]int
		wantErr    bool
	}{
		{"by partition", []int{1, 2, 1, 2}, []int{2, 2, 1, 1}, [][]int{{0, 2}, {1, 3}}, false},
		{"unknown partition to the rest", []int{-1, 7, 1}, []int{1, 1, 1}, [][]int{{2}, {0, 1}}, false},
		{"requested processors when allocated unknown", []int{1}, []int{-1}, [][]int{{0}, nil}, false},
		{"wider than its pool", []int{1, 2}, []int{3, 1}, nil, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tr := datasets.NewTrace("split", len(tt.partitions))
			for i, p := range tt.partitions {
				job := datasets.UnknownJob()
				job.JobID, job.Submit, job.Runtime, job.Procs, job.ReqProcs, job.Partition = i+1, 0, 1, tt.procs[i], 1, p
				tr.Append(job)
			}
			got, err := splitByPool(tr, twoPools)
			if (err != nil) != tt.wantErr {
				t.Fatalf("splitByPool: error %v, want error %v", err, tt.wantErr)
			}
			if !tt.wantErr && !slices.EqualFunc(got, tt.want, slices.Equal[[]int]) {
				t.Errorf("splitByPool = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestSumTimelines: machines side by side hold the sum of each one's
// latest sample (0 before its first).
func TestSumTimelines(t *testing.T) {
	a := sim.Timeline{Time: []float64{0, 10}, Queue: []int{1, 0}, Busy: []int{2, 2}, Outstanding: []int{2, 1}}
	b := sim.Timeline{Time: []float64{5, 10, 15}, Queue: []int{2, 1, 0}, Busy: []int{1, 2, 1}, Outstanding: []int{3, 2, 1}}
	got := sumTimelines([]sim.Timeline{a, b})
	want := sim.Timeline{Time: []float64{0, 5, 10, 15}, Queue: []int{1, 3, 1, 0}, Busy: []int{2, 3, 4, 3},
		Outstanding: []int{2, 5, 3, 2}}
	if !slices.Equal(got.Time, want.Time) || !slices.Equal(got.Queue, want.Queue) || !slices.Equal(got.Busy, want.Busy) ||
		!slices.Equal(got.Outstanding, want.Outstanding) {
		t.Errorf("sumTimelines = %+v, want %+v", got, want)
	}
	if got := sumTimelines([]sim.Timeline{{}, {}}); got.Len() != 0 {
		t.Errorf("sumTimelines of empty timelines has %d samples", got.Len())
	}
}

// TestPartitionedCompare: the synthetic log's FCFS schedules, by hand.
// Partition 1 on 2 processors: jobs 1 and 2 both need both, so job 2 waits
// 10 s. Partition 2 on 2 processors: jobs 3 and 4 need one each and run side
// by side, no wait. Merged: waits 0, 10, 0, 0 (mean 2.5 s); the queue holds
// job 2 from 0 to 10 and nothing to the last end at 20 (mean 0.5). As one
// machine of 4 processors, jobs 1 and 2 start at 0 and jobs 3 and 4 wait for
// them (10 and 5 s: mean 3.75 s). Offered loads over the 5 s between the
// first and last arrival: 40/(2·5) = 4, 20/(2·5) = 2, 60/(4·5) = 3.
func TestPartitionedCompare(t *testing.T) {
	tr := partitionedLog()
	p, err := partitionedCompare(tr, twoPools, feedback.ComparisonOptions{Scheduler: "fcfs", Models: []feedback.Model{}, Timeline: true})
	if err != nil {
		t.Fatal(err)
	}
	m := p.merged["conventional"]
	if m.Procs != 4 || len(m.ID) != 4 {
		t.Fatalf("merged: %d processors, %d jobs; want 4 and 4", m.Procs, len(m.ID))
	}
	waits := map[int]float64{}
	for j := range m.ID {
		waits[m.ID[j]] = m.Wait(j)
	}
	if want := map[int]float64{1: 0, 2: 10, 3: 0, 4: 0}; !equalWaits(waits, want) {
		t.Errorf("waits by job = %v, want %v", waits, want)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"mean wait", m.Summary().AvgWait, 2.5},
		{"mean queue", feedback.MeanQueue(m.Timeline, 0, 20), 0.5},
		{"load a", p.load[0], 4},
		{"load b", p.load[1], 2},
		{"load as one machine", p.oneLoad, 3},
	} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if p.busiest() != 0 {
		t.Errorf("busiest pool %d, want 0", p.busiest())
	}
	w, err := feedback.NewWorkload(tr, feedback.WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	one, err := sim.Run(w.Jobs, 4, mustScheduler(t, "fcfs"), sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := one.Summary().AvgWait; got != 3.75 {
		t.Errorf("as one machine: mean wait %v, want 3.75", got)
	}
}

func equalWaits(a, b map[int]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func mustScheduler(t *testing.T, name string) sim.Scheduler {
	t.Helper()
	s, err := sim.New(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCEAPools: CEA-Curie's pools add up to its header's 93,312 cores, and
// its log splits with every job fitting its pool: the fat pool has the
// 96,546 jobs of partition 4 (large) and the hybrid pool the 14,260 of
// partition 8 (counted with Python on the raw log).
func TestCEAPools(t *testing.T) {
	pools := logPools["CEA-Curie"]
	procs := 0
	for _, p := range pools {
		procs += p.procs
	}
	if procs != 93312 {
		t.Errorf("CEA-Curie pools: %d cores, want the header's 93312", procs)
	}
	tr, err := study.Log("CEA-Curie")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := splitByPool(tr, pools)
	if err != nil {
		t.Fatal(err)
	}
	if got := []int{len(rows[1]), len(rows[2])}; !slices.Equal(got, []int{96546, 14260}) {
		t.Errorf("fat and hybrid pools: %v jobs, want [96546 14260]", got)
	}
	if len(rows[0])+len(rows[1])+len(rows[2]) != tr.Len() {
		t.Errorf("the pools hold %d jobs of %d", len(rows[0])+len(rows[1])+len(rows[2]), tr.Len())
	}
}

// TestPartitionsLeaveOtherLogs: only CEA-Curie's header describes
// partitions on node types; every other log of Table I is simulated as
// logged under the convention (and still counted in its tallies).
func TestPartitionsLeaveOtherLogs(t *testing.T) {
	for _, l := range tableILogs {
		if l.Catalog == "" {
			continue
		}
		if got, want := partitions.leaves(l.Catalog, 0), l.Catalog != "CEA-Curie"; got != want {
			t.Errorf("partitions.leaves(%s) = %v, want %v", l.Catalog, got, want)
		}
	}
}

// TestExplainEvery: every convention justified for the item (more entries
// within than as logged) that brings the claim within is a reason; one
// that is not justified is not, even when it brings the claim within.
func TestExplainEvery(t *testing.T) {
	ok := func(v float64) bool { return v <= 1 }
	ts := tallies{}
	// Two claims: the first differs as logged, the second holds.
	ts.add(false, []moved{{c: killAtEstimate, value: 0.9}, {c: partitions, value: 0.8}, {c: noCancelled, value: 0.7}}, ok)
	ts.add(true, []moved{{c: killAtEstimate, value: 0.9}, {c: partitions, value: 0.8}, {c: noCancelled, value: 1.5}}, ok)
	got := ts.explain("Table I", []moved{{c: killAtEstimate, value: 0.9}, {c: partitions, value: 0.8}, {c: noCancelled, value: 0.7}}, ok, 1)
	want := "with runtimes cut at the estimate it is 0.9, within the claim; applied to every log and claim of Table I, runtimes cut at the estimate makes 2 of 2 hold, against 1 as logged; " +
		"with each partition's nodes a machine of its own it is 0.8, within the claim; applied to every log and claim of Table I, each partition's nodes a machine of its own makes 2 of 2 hold, against 1 as logged"
	if got != want {
		t.Errorf("explain = %q, want %q", got, want)
	}
}
