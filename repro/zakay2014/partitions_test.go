package zakay2014

import (
	"cmp"
	"math"
	"slices"
	"strings"
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

// TestPoolCompare: the synthetic log's FCFS schedules, by hand. Partition
// 1 on 2 processors: jobs 1 and 2 both need both, so job 2 waits 10 s.
// Partition 2 on 2 processors: jobs 3 and 4 need one each and run side by
// side, no wait. Waits 0, 10, 0, 0 (mean 2.5 s); the queue holds job 2 from
// 0 to 10 and nothing to the last end at 20 (mean 0.5), all of it on pool a.
// As one machine of 4 processors, jobs 1 and 2 start at 0 and jobs 3 and 4
// wait for them (10 and 5 s: mean 3.75 s). Offered loads over the 5 s
// between the first and last arrival: 40/(2·5) = 4, 20/(2·5) = 2,
// 60/(4·5) = 3.
func TestPoolCompare(t *testing.T) {
	w, err := feedback.NewWorkload(partitionedLog(), feedback.WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := poolCompare(w, twoPools, false, nil, 0, sim.EngineOptions{Timeline: true})
	if err != nil {
		t.Fatal(err)
	}
	r := p.runs["conventional"]
	waits := map[int]float64{}
	for j := range r.ID {
		waits[r.ID[j]] = r.Wait(j)
	}
	if want := map[int]float64{1: 0, 2: 10, 3: 0, 4: 0}; !equalWaits(waits, want) {
		t.Errorf("waits by job = %v, want %v", waits, want)
	}
	a, b := poolResult(r, p.rows[0], 2), poolResult(r, p.rows[1], 2)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"mean wait", r.Summary().AvgWait, 2.5},
		{"mean queue", feedback.MeanQueue(r.Timeline, 0, 20), 0.5},
		{"mean queue of pool a", feedback.MeanQueue(a.Timeline, 0, 20), 0.5},
		{"mean queue of pool b", feedback.MeanQueue(b.Timeline, 0, 20), 0},
		{"pool a's mean wait", a.Summary().AvgWait, 5},
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
	one, err := sim.Run(w.Jobs, 4, &sim.FCFS{}, sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := one.Summary().AvgWait; got != 3.75 {
		t.Errorf("as one machine: mean wait %v, want 3.75", got)
	}
	if _, err := poolCompare(w, []pool{{name: "small", procs: 3, rest: true}}, false, nil, 0, sim.EngineOptions{}); err == nil {
		t.Error("pools of 3 processors on a machine of 4: no error")
	}
}

// TestPoolSchedulerMatchesSplit: the pool scheduler, run on every pool in
// one engine, starts every job when the pool simulated alone by sim's own
// FCFS and EASY does: on one pool of the whole machine (KTH-SP2), and on
// CEA-Curie's three pools (its log split by partition, each pool run
// alone). Each pool's queue rebuilt by poolResult is the one the pool's
// own simulation records.
func TestPoolSchedulerMatchesSplit(t *testing.T) {
	for _, tt := range []struct {
		log   string
		pools []pool
	}{
		{"KTH-SP2", []pool{{name: "all", procs: 100, rest: true}}},
		{"CEA-Curie", logPools["CEA-Curie"]},
	} {
		tr, err := study.Log(tt.log)
		if missing(err) {
			t.Skip(err)
		}
		if err != nil {
			t.Fatal(err)
		}
		w, err := feedback.NewWorkload(tr, feedback.WorkloadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		rows, err := splitByPool(w.Trace, tt.pools)
		if err != nil {
			t.Fatal(err)
		}
		for _, easy := range []bool{false, true} {
			f, err := newPoolScheduler(w.Trace, tt.pools, easy)
			if err != nil {
				t.Fatal(err)
			}
			all, err := sim.Run(w.Jobs, w.Procs, f(), sim.EngineOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for k, pl := range tt.pools {
				jobs := make([]sim.Job, len(rows[k]))
				for i, r := range rows[k] {
					jobs[i] = w.Jobs[r]
				}
				var s sim.Scheduler = &sim.FCFS{}
				if easy {
					s = &sim.EASY{}
				}
				alone, err := sim.Run(jobs, pl.procs, s, sim.EngineOptions{Timeline: true})
				if err != nil {
					t.Fatal(err)
				}
				part := poolResult(all, rows[k], pl.procs)
				if !slices.Equal(part.Start, alone.Start) {
					t.Errorf("%s, pool %s, easy %v: starts differ from the pool run alone", tt.log, pl.name, easy)
				}
				tl, pt := alone.Timeline, part.Timeline
				from, to := tl.Time[0], tl.Time[tl.Len()-1]
				if got, want := feedback.MeanQueue(pt, from, to), feedback.MeanQueue(tl, from, to); math.Abs(got-want) > 1e-9*max(1, want) {
					t.Errorf("%s, pool %s, easy %v: mean queue %v rebuilt, %v alone", tt.log, pl.name, easy, got, want)
				}
			}
		}
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
	if missing(err) {
		t.Skip(err)
	}
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

// TestPartitionsLeaveOtherLogs: only CEA-Curie's and SDSC-DS's headers
// describe partitions on nodes of their own; every other log of Table I is
// simulated as logged under the convention (and still counted in its
// tallies).
func TestPartitionsLeaveOtherLogs(t *testing.T) {
	for _, l := range tableILogs {
		if l.Catalog == "" {
			continue
		}
		if got, want := partitions.leaves(l.Catalog, 0), l.Catalog != "CEA-Curie" && l.Catalog != "SDSC-DS"; got != want {
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
	// Three claims: the first and the third differ as logged, the second
	// holds; noCancelled brings the first within alone (a net gain of one:
	// chosen for it alone, never a reason).
	ts.add(false, []moved{{c: killAtEstimate, value: 0.9}, {c: partitions, value: 0.8}, {c: noCancelled, value: 0.7}}, ok)
	ts.add(true, []moved{{c: killAtEstimate, value: 0.9}, {c: partitions, value: 0.8}, {c: noCancelled, value: 1.0}}, ok)
	ts.add(false, []moved{{c: killAtEstimate, value: 0.95}, {c: partitions, value: 0.85}, {c: noCancelled, value: 1.5}}, ok)
	got := ts.explain("Table I", []moved{{c: killAtEstimate, value: 0.9}, {c: partitions, value: 0.8}, {c: noCancelled, value: 0.7}}, ok, 1)
	want := "with runtimes cut at the estimate it is 0.9, within the claim; applied to every log and claim of Table I, runtimes cut at the estimate makes 3 of 3 hold, against 1 as logged; " +
		"with each partition's nodes a machine of its own it is 0.8, within the claim; applied to every log and claim of Table I, each partition's nodes a machine of its own makes 3 of 3 hold, against 1 as logged"
	if got != want {
		t.Errorf("explain = %q, want %q", got, want)
	}
	// Within at the ledger's seed but not at another: neither counted in
	// the tally nor a reason.
	ts = tallies{}
	fragile := []moved{{c: partitions, value: 0.8, seeds: []float64{0.9, 1.1}}}
	ts.add(false, fragile, ok)
	if ts["partitions"].Within != 0 {
		t.Errorf("a value within at one seed only counted within: %+v", *ts["partitions"])
	}
	if got := ts.explain("Fig. 10", fragile, ok, 1); got != "" {
		t.Errorf("explain of a value within at one seed only = %q, want none", got)
	}
}

// TestPoolSchedulerJobInTwoPools: a job number that appears in two pools
// (a log with duplicated job numbers on different partitions) is an error
// naming the job and both pools, not a silent choice of one.
func TestPoolSchedulerJobInTwoPools(t *testing.T) {
	tr := datasets.NewTrace("dup", 2)
	for _, p := range []int{1, 2} {
		job := datasets.UnknownJob()
		job.JobID, job.Submit, job.Runtime, job.Procs, job.ReqProcs, job.Partition = 7, 0, 1, 1, 1, p
		tr.Append(job)
	}
	_, err := newPoolScheduler(tr, twoPools, true)
	if err == nil || !strings.Contains(err.Error(), "job number 7") {
		t.Fatalf("newPoolScheduler: error %v, want one naming job number 7", err)
	}
	// The same number twice on one pool is not an error.
	tr2 := datasets.NewTrace("same", 2)
	for range 2 {
		job := datasets.UnknownJob()
		job.JobID, job.Submit, job.Runtime, job.Procs, job.ReqProcs, job.Partition = 7, 0, 1, 1, 1, 1
		tr2.Append(job)
	}
	if _, err := newPoolScheduler(tr2, twoPools, false); err != nil {
		t.Fatalf("newPoolScheduler, one pool: %v", err)
	}
}

// TestFCFSLoadMargin: a queue that is long from the start is "huge" at the
// first factor, and the note stops there; a threshold no queue reaches
// lists every factor.
func TestFCFSLoadMargin(t *testing.T) {
	w := &feedback.Workload{Procs: 1}
	for i := range 20 { // 20 jobs of 100 s, one a second, on one processor
		w.Jobs = append(w.Jobs, sim.Job{ID: i + 1, User: 1, Submit: float64(i), Runtime: 100, Estimate: 100, Procs: 1})
	}
	for _, tt := range []struct {
		q99     int
		factors int
	}{{0, 1}, {1000, len(fcfsFaster)}} {
		got, err := fcfsLoadMargin(w, tt.q99)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(got, "(utilisation"); n != tt.factors || !strings.Contains(got, "1.1× ") {
			t.Errorf("threshold %d: %d factors in %q, want %d", tt.q99, n, got, tt.factors)
		}
	}
	if len(w.Jobs) != 20 || w.Jobs[19].Submit != 19 {
		t.Errorf("the workload's jobs were changed")
	}
}

// TestPoolFluidAsPoolCompare: poolFluid's feedback simulation is
// poolCompare's fluid run (same pools, scheduler and seed), under EASY and
// FCFS, on the synthetic partitioned log: every job's submit and start.
func TestPoolFluidAsPoolCompare(t *testing.T) {
	w, err := feedback.NewWorkload(partitionedLog(), feedback.WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, easy := range []bool{true, false} {
		p, err := poolCompare(w, twoPools, easy, []feedback.Model{feedback.Fluid{}}, 7, sim.EngineOptions{Timeline: true})
		if err != nil {
			t.Fatal(err)
		}
		got, err := poolFluid(w, twoPools, easy, 7, sim.EngineOptions{Timeline: true})
		if err != nil {
			t.Fatal(err)
		}
		want := p.runs["fluid"]
		if !slices.Equal(got.Submit, want.Submit) || !slices.Equal(got.Start, want.Start) || !slices.Equal(got.Timeline.Queue, want.Timeline.Queue) {
			t.Errorf("easy %v: poolFluid submits %v starts %v, poolCompare's %v %v", easy, got.Submit, got.Start, want.Submit, want.Start)
		}
	}
}

// TestSDSCDSPools: SDSC-DS's pools are its header's three partitions,
// "MaxProcs: 1664 (72, 1368, 224)"; its log's 96,069 records name
// partitions 1, 2 and 3 for 6,535, 73,982 and 15,552 jobs (counted with awk
// on the raw log, field 16), none the rest pool; 41 jobs of partition 2
// allocate 1,408–1,480 processors and 3 of partition 3 256, more than
// their pool (awk, field 5): fitting leaves those 44 out, and of the jobs
// simulated as logged (known runtime) 28, all of partition 2.
func TestSDSCDSPools(t *testing.T) {
	pools := logPools["SDSC-DS"]
	procs := 0
	for _, p := range pools {
		procs += p.procs
	}
	if procs != 1664 {
		t.Errorf("SDSC-DS pools: %d processors, want the header's 1664", procs)
	}
	tr := rawLog(t, "SDSC-DS")
	counts := make([]int, len(pools))
	for i := range tr.JobID {
		counts[poolOf(pools, tr.Partition[i])]++
	}
	if want := []int{6535, 73982, 15552}; !slices.Equal(counts, want) {
		t.Errorf("jobs by pool %v, want %v", counts, want)
	}
	if _, wide := fitting(tr, pools); wide != 44 {
		t.Errorf("raw log: %d jobs wider than their pool, want 44", wide)
	}
	s := New(study.Options{})
	w, dropped, err := s.poolWorkload("SDSC-DS", pools)
	if err != nil {
		t.Fatal(err)
	}
	one, err := s.workload("SDSC-DS")
	if err != nil {
		t.Fatal(err)
	}
	if dropped != 28 || w.Len() != one.Len()-28 {
		t.Errorf("pool workload: %d jobs, %d left out; want %d, 28", w.Len(), dropped, one.Len()-28)
	}
	if _, err := splitByPool(w.Trace, pools); err != nil {
		t.Errorf("pool workload: %v", err)
	}
	if w.Procs != 1664 {
		t.Errorf("pool workload on %d processors, want 1664", w.Procs)
	}
}

// TestFitting: the rows whose job fits its pool (allocated processors,
// else requested), by hand on twoPools (2 processors each).
func TestFitting(t *testing.T) {
	tr := datasets.NewTrace("fit", 5)
	for i, j := range []struct{ partition, procs, req int }{
		{1, 2, 2}, {1, 3, 1}, {2, -1, 2}, {2, -1, 3}, {-1, 1, 9},
	} {
		job := datasets.UnknownJob()
		job.JobID, job.Submit, job.Runtime, job.Procs, job.ReqProcs, job.Partition = i+1, 0, 1, j.procs, j.req, j.partition
		tr.Append(job)
	}
	rows, wide := fitting(tr, twoPools)
	if want := []int{0, 2, 4}; !slices.Equal(rows, want) || wide != 2 {
		t.Errorf("fitting = %v, %d wide; want %v, 2", rows, wide, want)
	}
}

// loggedOver returns, for each of pools and for the pools together, the
// fraction of trace t's logged span (first logged start to last logged
// end) during which its logged schedule holds more processors than the
// pool has (poolWidth processors from start = submit + wait to start +
// runtime; jobs of unknown wait, runtime or width left out; ends before
// starts at one instant).
func loggedOver(t *datasets.Trace, pools []pool) (each []float64, all float64) {
	type event struct {
		t     float64
		k, dp int
	}
	var evs []event
	total := 0
	for _, pl := range pools {
		total += pl.procs
	}
	for i := range t.JobID {
		w := poolWidth(t, i)
		if !(t.Wait[i] >= 0) || !(t.Runtime[i] >= 0) || w <= 0 {
			continue
		}
		k, start := poolOf(pools, t.Partition[i]), t.Submit[i]+t.Wait[i]
		evs = append(evs, event{start, k, w}, event{start + t.Runtime[i], k, -w})
	}
	slices.SortFunc(evs, func(a, b event) int {
		if a.t != b.t {
			return cmp.Compare(a.t, b.t)
		}
		return cmp.Compare(a.dp, b.dp)
	})
	used, over := make([]int, len(pools)), make([]float64, len(pools))
	sum, overAll := 0, 0.0
	for i, ev := range evs {
		if i > 0 {
			dt := ev.t - evs[i-1].t
			for k := range pools {
				if used[k] > pools[k].procs {
					over[k] += dt
				}
			}
			if sum > total {
				overAll += dt
			}
		}
		used[ev.k] += ev.dp
		sum += ev.dp
	}
	span := evs[len(evs)-1].t - evs[0].t
	for k := range over {
		over[k] /= span
	}
	return over, overAll / span
}

// TestLoggedOverCapacity: the logged schedules against the machines the
// pools describe. SDSC-DS's jobs of partition 3 hold more than the
// header's 224 p690 processors for 21.7% of the log's span, and those of
// partition 2 more than its 1,368 for 4.4%, against 3.2% above the
// header's 1,664 for all the jobs together: the log's jobs did not run on
// the header's partitions as machines of their own. CEA-Curie's jobs fit
// our mapping (thin above 80,640 for 0.01% of the span). Reference values:
// awk on the raw logs (fields 2+3 to 2+3+4, field 5 else 8, by field 16),
// session 24.
func TestLoggedOverCapacity(t *testing.T) {
	for _, c := range []struct {
		log  string
		each []float64
		all  float64
	}{
		{"SDSC-DS", []float64{0, 0.044, 0.217}, 0.0317},
		{"CEA-Curie", []float64{0.0001, 0, 0}, 0},
	} {
		tr := rawLog(t, c.log)
		each, all := loggedOver(tr, logPools[c.log])
		for k := range each {
			if math.Abs(each[k]-c.each[k]) > 0.0005 {
				t.Errorf("%s pool %s: logged usage above it %.4f of the span, want %.4f", c.log, logPools[c.log][k].name, each[k], c.each[k])
			}
		}
		if math.Abs(all-c.all) > 0.0005 {
			t.Errorf("%s: logged usage above the pools together %.4f of the span, want %.4f", c.log, all, c.all)
		}
	}
}

// TestWaitFidelity: the conventional EASY simulation's mean wait over the
// logged one (the evidence doc.go gives for simulating one machine), as
// one machine and, for the logs with pools, on the pools (overall, then
// by pool, as one machine and on the pools). Reference values: this
// test's first run, session 24 (8.8 s).
func TestWaitFidelity(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates seven logs")
	}
	want := map[string]struct {
		one, pools         float64
		oneByPool, byPools []float64
	}{
		"SDSC-DS":   {0.202, 0.925, []float64{64.2, 0.171, 0.409}, []float64{0.055, 0.261, 5.94}},
		"CEA-Curie": {0.186, 0.534, []float64{0.285, 0.085, 0.112}, []float64{0.724, 0.318, 0.550}},
		"SDSC-SP2":  {one: 0.826}, "SDSC-BLUE": {one: 0.249}, "KTH-SP2": {one: 0.448},
		"HPC2N": {one: 0.208}, "LANL-CM5": {one: 4.475},
	}
	near := func(got, want float64) bool { return math.Abs(got-want) <= 0.005*want+0.0005 }
	s := New(study.Options{})
	for log, wt := range want {
		w := logWorkload(t, s, log)
		pools := logPools[log]
		if pools != nil {
			var err error
			if w, _, err = s.poolWorkload(log, pools); err != nil {
				t.Fatal(err)
			}
		}
		easy, err := sim.New("easy")
		if err != nil {
			t.Fatal(err)
		}
		one, err := feedback.Conventional(w, easy, sim.EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := meanWaitRatio(w, one, nil); !near(got, wt.one) {
			t.Errorf("%s as one machine: simulated/logged mean wait %.3f, want %.3f", log, got, wt.one)
		}
		if pools == nil {
			continue
		}
		f, err := newPoolScheduler(w.Trace, pools, true)
		if err != nil {
			t.Fatal(err)
		}
		pr, err := feedback.Conventional(w, f(), sim.EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := meanWaitRatio(w, pr, nil); !near(got, wt.pools) {
			t.Errorf("%s on its pools: simulated/logged mean wait %.3f, want %.3f", log, got, wt.pools)
		}
		rows, err := splitByPool(w.Trace, pools)
		if err != nil {
			t.Fatal(err)
		}
		for k, rs := range rows {
			if got := meanWaitRatio(w, one, rs); !near(got, wt.oneByPool[k]) {
				t.Errorf("%s pool %s as one machine: %.3f, want %.3f", log, pools[k].name, got, wt.oneByPool[k])
			}
			if got := meanWaitRatio(w, pr, rs); !near(got, wt.byPools[k]) {
				t.Errorf("%s pool %s on the pools: %.3f, want %.3f", log, pools[k].name, got, wt.byPools[k])
			}
		}
	}
}
