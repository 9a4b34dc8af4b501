package zakay2014

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// A pool is a set of nodes of one type that some of a log's partitions run
// on, simulated as a machine of its own.
type pool struct {
	name  string
	procs int
	// partitions are the log's partition numbers (SWF field 16) mapped to
	// the pool; rest marks the pool that takes every partition not mapped
	// elsewhere (and jobs of unknown partition).
	partitions []int
	rest       bool
}

// logPools are the pools of the logs whose header describes node types
// and partitions; a log not listed is simulated as one machine.
//
// CEA-Curie (header of CEA-Curie-2011-2.1-cln): "MaxProcs: 93312 … 80640 in
// thin nodes + 11520 in fat nodes + 1152 in hybrid nodes", and 33
// partitions by number. The header does not say which partition runs on
// which nodes; the mapping is our reading, from the names and the jobs'
// sizes (Python on the raw log, every job of the partition):
//   - hybrid (8, 14,260 jobs) → hybrid nodes: the same name, and its
//     largest job, 1,152 cores, is exactly the hybrid nodes' 1,152;
//   - large (4, 96,546 jobs) → fat nodes: its largest jobs, 11,168–11,232
//     cores, fill the fat nodes' 11,520 to within 3%;
//   - standard (10, 198,509 jobs) → thin nodes: its largest job, 79,920
//     cores, fits only the thin nodes' 80,640;
//   - every other partition (3,511 jobs: BCS 1,996, TestIB 1,315,
//     Unitaire 114, Burned 64, and 11 partitions of at most 10 jobs each;
//     the header's other 15 partitions have no job) → thin nodes, the one
//     pool all of their jobs fit (Burned's largest is 42,944 cores). Their
//     work is 0.09% of the thin pool's.
//
// The header's note that hybrid nodes "are not taken into account in the
// MaxNodes and MaxProcs fields" contradicts its own sums (5040 + 360 + 144
// = 5544 nodes, 80640 + 11520 + 1152 = 93312 cores): the pools use the
// sums.
//
// SDSC-DS (header of SDSC-DS-2004-2.1-cln): "MaxProcs: 1664 (72, 1368,
// 224)" and three partitions, each on its own nodes, named by the header
// itself: "1 interactive partition (5 p655 nodes (8 proc) + 1 p690 node
// (32 proc))" = 72 processors, "2 batch partition (171 p655 nodes (8
// proc))" = 1368, "3 batch partition (7 p690 nodes (32 proc))" = 224; its
// queues say the same (normal, high, express on p655; normal32, high32,
// express32 on p690). No mapping of ours: the header gives it. Every job
// of the log names one of the three (6,535, 73,982 and 15,552 jobs); the
// rest pool takes none. 41 jobs of partition 2 ask for more than its
// 1,368 processors (1,408–1,480) and 3 of partition 3 for 256, more than
// its 224: the pools leave out those wider than their pool, 28 of the
// jobs simulated (the others have no runtime), and count them
// (poolWorkload), as package sim leaves out and counts a job wider than
// the machine. The log's own schedule does not keep to these pools: its
// partition 3 jobs hold more than 224 processors for 22% of its span
// (TestLoggedOverCapacity), which is why the entries keep one machine
// (doc.go).
var logPools = map[string][]pool{
	"CEA-Curie": {
		{name: "thin", procs: 80640, partitions: []int{10}, rest: true},
		{name: "fat", procs: 11520, partitions: []int{4}},
		{name: "hybrid", procs: 1152, partitions: []int{8}},
	},
	"SDSC-DS": {
		{name: "interactive", procs: 72, partitions: []int{1}},
		{name: "p655", procs: 1368, partitions: []int{2}, rest: true},
		{name: "p690", procs: 224, partitions: []int{3}},
	},
}

// poolSources say where each log's pools come from (partitioned.header).
var poolSources = map[string]string{
	"CEA-Curie": "our mapping of the partitions to the header's node types; the paper does not say how it simulated CEA",
	"SDSC-DS":   "the header's own partitions and their nodes; the paper does not say how it simulated SDSC-DS",
}

// poolOf returns the index in pools of the pool partition p runs on.
func poolOf(pools []pool, p int) int {
	rest := -1
	for i, pl := range pools {
		if slices.Contains(pl.partitions, p) {
			return i
		}
		if pl.rest {
			rest = i
		}
	}
	if rest < 0 {
		panic("zakay2014: pools without a rest pool")
	}
	return rest
}

// poolWidth is the processors job i of t needs on its pool: allocated,
// else requested.
func poolWidth(t *datasets.Trace, i int) int {
	if t.Procs[i] > 0 {
		return t.Procs[i]
	}
	return t.ReqProcs[i]
}

// fitting returns the rows of trace t whose jobs fit their pool (poolWidth
// at most the pool's processors), and the number of those that do not.
func fitting(t *datasets.Trace, pools []pool) (rows []int, wide int) {
	for i := range t.JobID {
		if poolWidth(t, i) > pools[poolOf(pools, t.Partition[i])].procs {
			wide++
			continue
		}
		rows = append(rows, i)
	}
	return rows, wide
}

// splitByPool returns the rows of trace t that run on each pool, in the
// order of pools. It returns an error naming the first job wider than its
// pool (allocated processors, else requested ones).
func splitByPool(t *datasets.Trace, pools []pool) ([][]int, error) {
	rows := make([][]int, len(pools))
	for i := range t.JobID {
		k := poolOf(pools, t.Partition[i])
		width := poolWidth(t, i)
		if width > pools[k].procs {
			return nil, fmt.Errorf("zakay2014: %s: job %d of partition %d needs %d processors, more than the %d of its pool %s",
				t.Name, t.JobID[i], t.Partition[i], width, pools[k].procs, pools[k].name)
		}
		rows[k] = append(rows[k], i)
	}
	return rows, nil
}

// partitioned is a log simulated with each pool as a machine of its own
// (poolScheduler): every simulation runs every pool in one engine, so a
// user's batches on different pools keep their dependencies.
type partitioned struct {
	pools []pool
	// w is the workload simulated (poolWorkload: the log as logged
	// without the jobs wider than their pool), dropped the number of jobs
	// it leaves out, source where the pools come from (poolSources).
	w       *feedback.Workload
	dropped int
	source  string
	// rows[k] are the jobs of pool k (indices of the workload's jobs and of
	// each run's per-job results); load[k] its offered load.
	rows [][]int
	load []float64
	// oneLoad is the offered load of all the jobs on one machine of every
	// pool's processors.
	oneLoad float64
	// runs are the simulations, by name ("conventional", the models).
	runs map[string]*sim.Result
}

// work is the work of jobs: Σ runtime × processors, processor-seconds.
func work(jobs []sim.Job) float64 {
	w := 0.0
	for _, j := range jobs {
		w += j.Runtime * float64(j.Procs)
	}
	return w
}

// partitionedRun returns log simulated with each of its pools as a machine
// of its own (poolCompare) under scheduler sched ("easy" or "fcfs"),
// conventionally and with the three user models (EASY: Table I and Fig. 10)
// or the fluid one (FCFS: Fig. 10), with timelines, memoised; nil when the
// log has no pools.
func (s *Study) partitionedRun(log, sched string) (*partitioned, error) {
	pools := logPools[log]
	if pools == nil {
		return nil, nil
	}
	return s.parts.Get(log+"/"+sched, func() (*partitioned, error) {
		w, dropped, err := s.poolWorkload(log, pools)
		if err != nil {
			return nil, err
		}
		models := []feedback.Model{feedback.Adjusted{}, feedback.Distribution{}, feedback.Fluid{}}
		if sched == "fcfs" {
			models = []feedback.Model{feedback.Fluid{}}
		}
		s.o.Report(fmt.Sprintf("simulating %s (%s, each partition's nodes a machine)", log, sched), 0, 0)
		p, err := poolCompare(w, pools, sched == "easy", models, s.seed(), sim.EngineOptions{Timeline: true})
		if err != nil {
			return nil, err
		}
		p.w, p.dropped, p.source = w, dropped, poolSources[log]
		return p, nil
	})
}

// poolWorkload returns log prepared as logged for its pools: the
// workload as logged when every job fits its pool, else the log prepared
// again without the jobs wider than their pool (memoised), and their
// number.
func (s *Study) poolWorkload(log string, pools []pool) (*feedback.Workload, int, error) {
	one, err := s.workload(log)
	if err != nil {
		return nil, 0, err
	}
	rows, wide := fitting(one.Trace, pools)
	if wide == 0 {
		return one, 0, nil
	}
	w, err := s.workloads.Get(log+"/pools", func() (*feedback.Workload, error) {
		tr, err := study.Log(log)
		if err != nil {
			return nil, err
		}
		orig := make([]int, len(rows))
		for i, r := range rows {
			orig[i] = one.Rows[r]
		}
		return feedback.NewWorkload(tr.Select(orig), feedback.WorkloadOptions{Sim: asLogged.prep})
	})
	return w, wide, err
}

// poolCompare simulates workload w with each of pools as a machine of its
// own (poolScheduler: EASY when easy, else FCFS), conventionally and with
// each of models (seeded by seed). The workload's machine must be the
// pools' processors together, and every job must fit its pool.
func poolCompare(w *feedback.Workload, pools []pool, easy bool, models []feedback.Model, seed uint64, eng sim.EngineOptions) (*partitioned, error) {
	rows, err := splitByPool(w.Trace, pools)
	if err != nil {
		return nil, err
	}
	procs := 0
	for _, pl := range pools {
		procs += pl.procs
	}
	if procs != w.Procs {
		return nil, fmt.Errorf("zakay2014: %s: pools of %d processors on a machine of %d", w.Name, procs, w.Procs)
	}
	f, err := newPoolScheduler(w.Trace, pools, easy)
	if err != nil {
		return nil, err
	}
	p := &partitioned{pools: pools, rows: rows, load: make([]float64, len(pools)), runs: map[string]*sim.Result{}}
	// The offered load: work over processors × the span from the first
	// arrival to the last.
	span := w.Jobs[len(w.Jobs)-1].Submit - w.Jobs[0].Submit
	for k, pl := range pools {
		jobs := make([]sim.Job, len(rows[k]))
		for i, r := range rows[k] {
			jobs[i] = w.Jobs[r]
		}
		p.load[k] = work(jobs) / (float64(pl.procs) * span)
	}
	p.oneLoad = work(w.Jobs) / (float64(procs) * span)
	if p.runs["conventional"], err = feedback.Conventional(w, f(), eng); err != nil {
		return nil, err
	}
	for _, m := range models {
		r, err := feedback.Simulate(w, f(), feedback.Options{Model: m, Seed: seed, Engine: eng})
		if err != nil {
			return nil, err
		}
		p.runs[r.Model] = r.Sim
	}
	return p, nil
}

// poolFluid simulates workload w with feedback (the fluid model at seed)
// with each of pools as a machine of its own (EASY when easy, else FCFS),
// as poolCompare does, without the conventional simulation.
func poolFluid(w *feedback.Workload, pools []pool, easy bool, seed uint64, eng sim.EngineOptions) (*sim.Result, error) {
	f, err := newPoolScheduler(w.Trace, pools, easy)
	if err != nil {
		return nil, err
	}
	r, err := feedback.Simulate(w, f(), feedback.Options{Model: feedback.Fluid{}, Seed: seed, Engine: eng})
	if err != nil {
		return nil, err
	}
	return r.Sim, nil
}

// comparison returns the simulations as a comparison (runs with their Sim
// and Summary only; no workload, trace nor marginals).
func (p *partitioned) comparison() *feedback.Comparison {
	c := &feedback.Comparison{}
	for _, n := range simulations {
		if r := p.runs[n]; r != nil {
			c.Runs = append(c.Runs, feedback.Run{Name: n, Scheduler: r.Scheduler, Sim: r, Summary: r.Summary()})
		}
	}
	return c
}

// poolResult returns the part of r (a simulation of every pool in one
// engine) on the jobs rows of one pool of procs processors: their per-job
// results, and the pool's timeline and weekly samples rebuilt from their
// arrivals, starts and ends.
func poolResult(r *sim.Result, rows []int, procs int) *sim.Result {
	out := &sim.Result{Procs: procs, Scheduler: r.Scheduler}
	type event struct {
		t                float64
		queue, busy, out int
	}
	var evs []event
	for _, j := range rows {
		out.ID, out.User = append(out.ID, r.ID[j]), append(out.User, r.User[j])
		out.Submit, out.Start, out.End = append(out.Submit, r.Submit[j]), append(out.Start, r.Start[j]), append(out.End, r.End[j])
		out.Runtime, out.Estimate, out.Width = append(out.Runtime, r.Runtime[j]), append(out.Estimate, r.Estimate[j]), append(out.Width, r.Width[j])
		if math.IsNaN(r.Submit[j]) {
			continue
		}
		evs = append(evs, event{t: r.Submit[j], queue: 1, out: 1})
		if !math.IsNaN(r.Start[j]) {
			evs = append(evs, event{t: r.Start[j], queue: -1, busy: r.Width[j]})
		}
		if !math.IsNaN(r.End[j]) {
			evs = append(evs, event{t: r.End[j], busy: -r.Width[j], out: -1})
		}
	}
	slices.SortStableFunc(evs, func(a, b event) int { return cmp.Compare(a.t, b.t) })
	q, busy, outstanding := 0, 0, 0
	week := math.Inf(-1)
	if len(evs) > 0 {
		week = math.Ceil(evs[0].t/datasets.Week) * datasets.Week
	}
	for i, ev := range evs {
		for week < ev.t { // the state at a week boundary: before the events at it
			out.Weekly.Time = append(out.Weekly.Time, week)
			out.Weekly.Queue, out.Weekly.Busy = append(out.Weekly.Queue, q), append(out.Weekly.Busy, busy)
			out.Weekly.Outstanding = append(out.Weekly.Outstanding, outstanding)
			week += datasets.Week
		}
		q, busy, outstanding = q+ev.queue, busy+ev.busy, outstanding+ev.out
		if i+1 == len(evs) || evs[i+1].t != ev.t {
			out.Timeline.Time = append(out.Timeline.Time, ev.t)
			out.Timeline.Queue, out.Timeline.Busy = append(out.Timeline.Queue, q), append(out.Timeline.Busy, busy)
			out.Timeline.Outstanding = append(out.Timeline.Outstanding, outstanding)
			out.MaxQueue = max(out.MaxQueue, q)
		}
	}
	return out
}

// busiest returns the index of the pool of the highest offered load.
func (p *partitioned) busiest() int {
	k := 0
	for i, l := range p.load {
		if l > p.load[k] {
			k = i
		}
	}
	return k
}

// loads says each pool's offered load: "offered load thin 0.639, fat
// 0.586, hybrid 0.221 (0.628 as one machine)".
func (p *partitioned) loads() string {
	var parts []string
	for k, pl := range p.pools {
		parts = append(parts, fmt.Sprintf("%s %.3f", pl.name, p.load[k]))
	}
	return fmt.Sprintf("offered load %s (%.3f as one machine)", strings.Join(parts, ", "), p.oneLoad)
}

// header says what the partitioned simulation is, and what it reads.
func (p *partitioned) header() string {
	left := ""
	if p.dropped > 0 {
		left = fmt.Sprintf("; %d jobs wider than their pool left out", p.dropped)
	}
	return fmt.Sprintf("each partition's nodes a machine of its own, %s (%s%s): %s", p.sizes(), p.source, left, p.loads())
}

// sizes lists the pools: "thin 80640, fat 11520, hybrid 1152 cores".
func (p *partitioned) sizes() string {
	var parts []string
	for _, pl := range p.pools {
		parts = append(parts, fmt.Sprintf("%s %d", pl.name, pl.procs))
	}
	return strings.Join(parts, ", ") + " cores"
}

// busiestFCFS says how the conventional FCFS queue of the busiest pool of
// p (an FCFS run) behaves: the quantity of Fig. 10's fcfs-huge-queues on
// that pool alone (against the pool's feedback FCFS queue), and the 2013 paper's
// saturation test (§6.3) at its own threshold and at sim.ReplaySaturation's.
func (p *partitioned) busiestFCFS() string {
	k := p.busiest()
	conv := poolResult(p.runs["conventional"], p.rows[k], p.pools[k].procs)
	fluid := poolResult(p.runs["fluid"], p.rows[k], p.pools[k].procs)
	tl, ft := conv.Timeline, fluid.Timeline
	from, to := tl.Time[0], tl.Time[tl.Len()-1]
	q98 := queueQuantile(ft, ft.Time[0], ft.Time[ft.Len()-1], 0.98)
	sat, paper := conv.Saturation(sim.ReplaySaturation), conv.Saturation(sim.SaturationOptions{})
	verdict := func(s sim.Saturation) string {
		if s.Saturated {
			return "saturated"
		}
		return "not saturated"
	}
	return fmt.Sprintf("on the busiest pool, %s (offered load %.3f, utilisation %.3f), the conventional FCFS queue has median %d jobs "+
		"and mean %.0f, and is longer than the pool's feedback FCFS 98th percentile (%d jobs) for %.3f of the time; its outstanding "+
		"jobs grow %.2f a week: %s at the 2013 paper's 1 a week, %s at 0.5%% of the weekly arrivals (%.1f)",
		p.pools[k].name, p.load[k], conv.Summary().Utilization, queueQuantile(tl, from, to, 0.5), feedback.MeanQueue(tl, from, to),
		q98, timeAbove(tl, from, to, q98), sat.Slope, verdict(paper), verdict(sat), sat.Threshold)
}
