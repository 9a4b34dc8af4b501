package zakay2014

import (
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
var logPools = map[string][]pool{
	"CEA-Curie": {
		{name: "thin", procs: 80640, partitions: []int{10}, rest: true},
		{name: "fat", procs: 11520, partitions: []int{4}},
		{name: "hybrid", procs: 1152, partitions: []int{8}},
	},
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

// splitByPool returns the rows of trace t that run on each pool, in the
// order of pools. It returns an error naming the first job wider than its
// pool (allocated processors, else requested ones).
func splitByPool(t *datasets.Trace, pools []pool) ([][]int, error) {
	rows := make([][]int, len(pools))
	for i := range t.JobID {
		k := poolOf(pools, t.Partition[i])
		width := t.Procs[i]
		if width <= 0 {
			width = t.ReqProcs[i]
		}
		if width > pools[k].procs {
			return nil, fmt.Errorf("zakay2014: %s: job %d of partition %d needs %d processors, more than the %d of its pool %s",
				t.Name, t.JobID[i], t.Partition[i], width, pools[k].procs, pools[k].name)
		}
		rows[k] = append(rows[k], i)
	}
	return rows, nil
}

// partitioned is a log simulated with each pool as a machine of its own:
// the simulations of each pool (conventional and user models, on the
// pool's jobs only) and each simulation merged over the pools.
type partitioned struct {
	pools []pool
	// runs[k] are the simulations of pool k's jobs on a machine of its
	// size, by name (nil for a pool without jobs); load[k] its offered
	// load.
	runs []map[string]*sim.Result
	load []float64
	// oneLoad is the offered load of all the jobs on one machine of every
	// pool's processors.
	oneLoad float64
	// crossing is how many of the log's depends-on edges (as one
	// machine; edges in all) join batches of different pools, or a batch
	// with jobs on two: the user models, run per pool, do not see them.
	crossing, edges int
	// merged are the runs of every simulation over all the pools, by
	// name ("conventional", the models).
	merged map[string]*sim.Result
}

// work is the work of jobs: Σ runtime × processors, processor-seconds.
func work(jobs []sim.Job) float64 {
	w := 0.0
	for _, j := range jobs {
		w += j.Runtime * float64(j.Procs)
	}
	return w
}

// mergeResults concatenates the per-job results of simulations of
// disjoint sets of jobs on separate machines (the machine sizes add up)
// and sums their timelines: at any time, the queue, the busy processors
// and the outstanding jobs are the sums over the machines.
func mergeResults(rs []*sim.Result) *sim.Result {
	m := &sim.Result{Scheduler: rs[0].Scheduler}
	tls := make([]sim.Timeline, len(rs))
	for i, r := range rs {
		m.Procs += r.Procs
		m.ID, m.User = append(m.ID, r.ID...), append(m.User, r.User...)
		m.Submit, m.Start, m.End = append(m.Submit, r.Submit...), append(m.Start, r.Start...), append(m.End, r.End...)
		m.Runtime, m.Estimate = append(m.Runtime, r.Runtime...), append(m.Estimate, r.Estimate...)
		m.Width = append(m.Width, r.Width...)
		m.Rounds += r.Rounds
		tls[i] = r.Timeline
	}
	m.Timeline = sumTimelines(tls)
	for _, q := range m.Timeline.Queue {
		m.MaxQueue = max(m.MaxQueue, q)
	}
	if m.Timeline.Len() == 0 { // no timeline: the sum bounds the merged queue
		for _, r := range rs {
			m.MaxQueue += r.MaxQueue
		}
	}
	return m
}

// sumTimelines returns the timeline of machines run side by side: a sample
// at every time any of tls has one, holding the sum of each timeline's
// latest sample at or before it (0 before its first).
func sumTimelines(tls []sim.Timeline) sim.Timeline {
	var times []float64
	for _, tl := range tls {
		times = append(times, tl.Time...)
	}
	slices.Sort(times)
	times = slices.Compact(times)
	var out sim.Timeline
	if len(times) == 0 {
		return out
	}
	out.Time = times
	out.Queue, out.Busy, out.Outstanding = make([]int, len(times)), make([]int, len(times)), make([]int, len(times))
	for _, tl := range tls {
		i := -1 // the latest sample of tl at or before times[k]
		for k, t := range times {
			for i+1 < tl.Len() && tl.Time[i+1] <= t {
				i++
			}
			if i < 0 {
				continue
			}
			out.Queue[k] += tl.Queue[i]
			out.Busy[k] += tl.Busy[i]
			out.Outstanding[k] += tl.Outstanding[i]
		}
	}
	return out
}

// partitionedRun returns log simulated with each of its pools as a machine
// of its own (partitionedCompare) under scheduler sched, conventionally and
// with the three user models (EASY, Table I and Fig. 10) or the fluid one
// (FCFS, Fig. 10), with timelines, memoised; nil when the log has no pools.
func (s *Study) partitionedRun(log, sched string) (*partitioned, error) {
	pools := logPools[log]
	if pools == nil {
		return nil, nil
	}
	return s.parts.Get(log+"/"+sched, func() (*partitioned, error) {
		t, err := study.Log(log)
		if err != nil {
			return nil, err
		}
		w, err := s.workload(log)
		if err != nil {
			return nil, err
		}
		s.o.Report(fmt.Sprintf("simulating %s (%s, each partition's nodes a machine)", log, sched), 0, 0)
		o := feedback.ComparisonOptions{Scheduler: sched, Seed: s.seed(), Timeline: true,
			Models: []feedback.Model{feedback.Adjusted{}, feedback.Distribution{}, feedback.Fluid{}}}
		if sched == "fcfs" { // Fig. 10 only
			o.Models = []feedback.Model{feedback.Fluid{}}
		}
		p, err := partitionedCompare(t, pools, o)
		if err != nil {
			return nil, err
		}
		p.crossing, p.edges = crossingDeps(w, pools)
		return p, nil
	})
}

// partitionedCompare simulates trace t with each of pools as a machine of
// its own: its rows split by partition (splitByPool), each pool's jobs
// prepared as logged (package sim's defaults) on a machine of the pool's
// size and compared under o (conventional, and the user models of o on the
// pool's jobs alone: a user's sessions, batches and dependencies are those
// of their jobs in the pool), and every simulation merged over the pools.
func partitionedCompare(t *datasets.Trace, pools []pool, o feedback.ComparisonOptions) (*partitioned, error) {
	rows, err := splitByPool(t, pools)
	if err != nil {
		return nil, err
	}
	p := &partitioned{pools: pools, runs: make([]map[string]*sim.Result, len(pools)), load: make([]float64, len(pools)),
		merged: map[string]*sim.Result{}}
	var names []string
	first, last := math.Inf(1), math.Inf(-1)
	works := make([]float64, len(pools))
	for k, pl := range pools {
		if len(rows[k]) == 0 {
			continue
		}
		w, err := feedback.NewWorkload(t.Select(rows[k]), feedback.WorkloadOptions{Sim: sim.Options{Procs: pl.procs}})
		if err != nil {
			return nil, fmt.Errorf("zakay2014: %s, pool %s: %w", t.Name, pl.name, err)
		}
		if w.Prep.TooWide > 0 {
			panic("zakay2014: splitByPool kept a job wider than its pool")
		}
		c, err := feedback.Compare(w, o)
		if err != nil {
			return nil, err
		}
		p.runs[k], names = map[string]*sim.Result{}, nil
		for _, run := range c.Runs {
			p.runs[k][run.Name], names = run.Sim, append(names, run.Name)
		}
		first, last = math.Min(first, w.Jobs[0].Submit), math.Max(last, w.Jobs[len(w.Jobs)-1].Submit)
		works[k] = work(w.Jobs)
	}
	// The offered load: work over processors × the span from the log's
	// first arrival to its last.
	all, procs := 0.0, 0
	for k, pl := range pools {
		p.load[k] = works[k] / (float64(pl.procs) * (last - first))
		all, procs = all+works[k], procs+pl.procs
	}
	p.oneLoad = all / (float64(procs) * (last - first))
	for _, n := range names {
		var rs []*sim.Result
		for _, runs := range p.runs {
			if runs != nil {
				rs = append(rs, runs[n])
			}
		}
		p.merged[n] = mergeResults(rs)
	}
	return p, nil
}

// comparison returns the merged simulations as a comparison (runs with
// their Sim and Summary only; no workload, trace nor marginals).
func (p *partitioned) comparison() *feedback.Comparison {
	c := &feedback.Comparison{}
	for _, n := range simulations {
		if r := p.merged[n]; r != nil {
			c.Runs = append(c.Runs, feedback.Run{Name: n, Scheduler: r.Scheduler, Sim: r, Summary: r.Summary()})
		}
	}
	return c
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

// crossingDeps counts the depends-on edges of w (Definition 12, the log as
// one machine) that join batches of different pools, or touch a batch
// whose jobs run on two pools, and all the edges.
func crossingDeps(w *feedback.Workload, pools []pool) (crossing, edges int) {
	st := &w.Structure
	bs := &st.Batches
	poolOfBatch := make([]int, bs.Len()) // −1: jobs on two pools
	for b := range poolOfBatch {
		rows := st.Order[bs.FirstJob[b] : bs.FirstJob[b]+bs.Jobs[b]]
		poolOfBatch[b] = poolOf(pools, w.Trace.Partition[rows[0]])
		for _, r := range rows[1:] {
			if poolOf(pools, w.Trace.Partition[r]) != poolOfBatch[b] {
				poolOfBatch[b] = -1
				break
			}
		}
	}
	for b, k := range poolOfBatch {
		for _, on := range st.Deps.Of(b) {
			edges++
			if k < 0 || poolOfBatch[on] != k {
				crossing++
			}
		}
	}
	return crossing, edges
}

// header says what the partitioned simulation is, and what it reads.
func (p *partitioned) header() string {
	return fmt.Sprintf("each partition's nodes a machine of its own, %s (our mapping of the partitions to the "+
		"header's node types; the paper does not say how it simulated CEA): %s; the user models run on "+
		"each pool's jobs alone, so %d of the %d depends-on edges (%.1f%%), which join batches on different pools, are lost",
		p.sizes(), p.loads(), p.crossing, p.edges, 100*float64(p.crossing)/float64(max(p.edges, 1)))
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
// p (an FCFS run) behaves: the quantity of Fig. 10's
// conventional-fcfs-huge on that pool alone, and the 2013 paper's
// saturation test (§6.3) at its own threshold and at sim.ReplaySaturation's.
func (p *partitioned) busiestFCFS() string {
	k := p.busiest()
	conv, fluid := p.runs[k]["conventional"], p.runs[k]["fluid"]
	tl, ft := conv.Timeline, fluid.Timeline
	from, to := tl.Time[0], tl.Time[tl.Len()-1]
	q99 := queueQuantile(ft, ft.Time[0], ft.Time[ft.Len()-1], 0.99)
	sat, paper := conv.Saturation(sim.ReplaySaturation), conv.Saturation(sim.SaturationOptions{})
	verdict := func(s sim.Saturation) string {
		if s.Saturated {
			return "saturated"
		}
		return "not saturated"
	}
	return fmt.Sprintf("on the busiest pool, %s (offered load %.3f, utilisation %.3f), the conventional FCFS queue has median %d jobs "+
		"and mean %.0f, and is longer than the pool's feedback FCFS 99th percentile (%d jobs) for %.3f of the time; its outstanding "+
		"jobs grow %.2f a week: %s at the 2013 paper's 1 a week, %s at 0.5%% of the weekly arrivals (%.1f)",
		p.pools[k].name, p.load[k], conv.Summary().Utilization, queueQuantile(tl, from, to, 0.5), feedback.MeanQueue(tl, from, to),
		q99, timeAbove(tl, from, to, q99), sat.Slope, verdict(paper), verdict(sat), sat.Threshold)
}
