package feedback

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/tracelab/tracelab/sim"
)

// Options controls Simulate. The zero value simulates the adjusted model
// to completion on the workload's machine.
type Options struct {
	// Model is the user behaviour model; nil means Adjusted.
	Model Model
	// Seed seeds the model's random draws.
	Seed uint64
	// Procs is the machine size; 0 means Workload.Procs. It may not be
	// smaller than the widest job.
	Procs int
	// Until stops the simulation after the events at this time (jobs not
	// ended by then have NaN ends; batches not released have NaN submit
	// times); 0 or +Inf runs until every job has ended.
	Until float64
	// Engine holds the engine's options (timeline, week origin).
	Engine sim.EngineOptions
}

// Result is the outcome of a feedback simulation.
type Result struct {
	// Sim holds the per-job outcome in the workload's job order (job k
	// is Workload.Jobs[k]): Submit is the simulated arrival, NaN for a job
	// whose batch had not been released when the simulation stopped (a
	// released job due after Until keeps its arrival time, with NaN start
	// and end).
	Sim *sim.Result
	// Model and Scheduler name what was simulated.
	Model, Scheduler string
	// Procs is the machine size used.
	Procs int
	// Releases counts the batches released by each reason (index Reason):
	// First, Dependency, Follows.
	Releases [3]int
	// Raised counts batches whose model arrival was before the release
	// time and was raised to it.
	Raised int
	// Submitted counts the jobs that arrived in the simulation (all of
	// them unless Until stopped it).
	Submitted int
	// Until is the time the simulation stopped at (+Inf: completion).
	Until float64

	w   *Workload
	eng []int32 // workload job → engine job (−1 never submitted): the arrival order of ties
}

// Workload returns the workload simulated.
func (r *Result) Workload() *Workload { return r.w }

// Summary returns the metrics of package sim over the jobs that ended.
func (r *Result) Summary() sim.Summary { return r.Sim.Summary() }

// run is the state of one feedback simulation.
type run struct {
	w   *Workload
	e   *sim.Engine
	beh Behavior

	eng2job []int32 // engine job → workload job
	job2eng []int32 // workload job → engine job (−1 not submitted)
	batchOf []int32 // workload job → batch

	unended   []int32 // per batch: jobs not ended
	unarrived []int32 // per batch: jobs not arrived
	depsLeft  []int32 // per batch: batches it depends on that have not ended
	followed  []bool  // per batch: the batch it follows has fully arrived

	lastResp []float64 // per user: response of the last job that ended

	releases [3]int
	raised   int
	arrived  int
}

// observer wraps the scheduler so that the simulation hears of arrivals
// (the engine tells only the scheduler); it forwards everything.
type observer struct {
	inner sim.Scheduler
	arr   sim.ArrivalObserver
	fin   sim.FinishObserver
	r     *run
}

func (o *observer) Schedule(e *sim.Engine) { o.inner.Schedule(e) }

// Name is the scheduler's (for the engine's errors).
func (o *observer) Name() string { return sim.SchedulerName(o.inner) }

func (o *observer) Arrive(e *sim.Engine, j int) {
	if o.arr != nil {
		o.arr.Arrive(e, j)
	}
	o.r.arrive(j)
}

func (o *observer) Finish(e *sim.Engine, j int) {
	if o.fin != nil {
		o.fin.Finish(e, j)
	}
	o.r.finish(j)
}

// Simulate runs a feedback simulation of workload w with scheduler s (a
// fresh one: it keeps the state of this run), following 2014 §VI–VII:
//
//   - each user's batches are submitted in the follows order (Definition
//     8); the first batch of every user arrives at its original time;
//   - a batch becomes available (Definition 14) when the batch it follows
//     has had its last arrival and every batch it depends on (Definition
//     12) has ended — a batch ends when its last job ends;
//   - the user model (opts.Model) then decides when its first job arrives,
//     told whether the dependencies (think time) or the follows relation
//     (inter-arrival time) was satisfied last;
//   - the batch's other jobs keep their original inter-arrival times.
//
// Only the next batch of a user can be available, so at most one batch
// per user waits to arrive, while several of a user's batches may be in
// the system at once. Any scheduler works, including sim.LogReplay, under
// which the adjusted model reproduces the log's arrival times.
//
// Simulate returns an error for a bad machine size or a model that fails
// to bind, and a sim.SchedulerError when the scheduler breaks the
// simulation (it panics, starts a job that does not fit, leaves jobs
// waiting for ever).
func Simulate(w *Workload, s sim.Scheduler, opts Options) (*Result, error) {
	return SimulateContext(context.Background(), w, s, opts)
}

// SimulateContext is Simulate that stops, with an error wrapping ctx's,
// when ctx is cancelled (between two rounds: sim.Engine.RunContext).
func SimulateContext(ctx context.Context, w *Workload, s sim.Scheduler, opts Options) (*Result, error) {
	if s == nil {
		return nil, fmt.Errorf("feedback: nil scheduler")
	}
	if math.IsNaN(opts.Until) {
		return nil, fmt.Errorf("feedback: Until is NaN, want a time (0 or +Inf: to completion)")
	}
	procs := opts.Procs
	if procs == 0 {
		procs = w.Procs
	}
	if err := sim.CheckProcs(procs); err != nil {
		return nil, fmt.Errorf("feedback: %w", err)
	}
	for k := range w.Jobs {
		if w.Jobs[k].Procs > procs {
			return nil, fmt.Errorf("feedback: job %d needs %d processors, the machine has %d",
				w.Jobs[k].ID, w.Jobs[k].Procs, procs)
		}
	}
	m := opts.Model
	if m == nil {
		m = Adjusted{}
	}
	beh, err := m.Bind(w, opts.Seed)
	if err != nil {
		return nil, err
	}
	r := newRun(w, beh)
	e, err := sim.NewEngine(procs, &observer{inner: s, arr: asArr(s), fin: asFin(s), r: r}, opts.Engine)
	if err != nil {
		return nil, err
	}
	r.e = e
	e.Reserve(w.Len())
	// First batches arrive at their original times; submit them in time
	// order so the engine keeps them in its FIFO.
	st := &w.Structure
	firsts := make([]int, 0, len(st.Users.ID))
	for u := range st.Users.ID {
		firsts = append(firsts, st.Users.FirstBatch[u])
	}
	sortBatchesByArrival(firsts, st.Batches.FirstArrival)
	for _, b := range firsts {
		r.releases[First]++
		r.submitBatch(b, st.Batches.FirstArrival[b])
	}
	until := opts.Until
	if until == 0 {
		until = math.Inf(1)
	}
	if err := e.RunContext(ctx, until); err != nil {
		return nil, fmt.Errorf("feedback: %w", err)
	}
	res := &Result{Model: m.Name(), Scheduler: sim.SchedulerName(s), Procs: procs,
		Releases: r.releases, Raised: r.raised, Submitted: r.arrived, Until: until, w: w, eng: r.job2eng}
	res.Sim = r.result()
	res.Sim.Scheduler = res.Scheduler
	res.Sim.Prep = w.Prep
	return res, nil
}

func asArr(s sim.Scheduler) sim.ArrivalObserver {
	a, _ := s.(sim.ArrivalObserver)
	return a
}

func asFin(s sim.Scheduler) sim.FinishObserver {
	f, _ := s.(sim.FinishObserver)
	return f
}

func newRun(w *Workload, beh Behavior) *run {
	st := &w.Structure
	nb := st.Batches.Len()
	r := &run{w: w, beh: beh,
		eng2job:   make([]int32, 0, w.Len()),
		job2eng:   make([]int32, w.Len()),
		batchOf:   make([]int32, w.Len()),
		unended:   make([]int32, nb),
		unarrived: make([]int32, nb),
		depsLeft:  make([]int32, nb),
		followed:  make([]bool, nb),
		lastResp:  make([]float64, len(st.Users.ID)),
	}
	for k := range r.job2eng {
		r.job2eng[k] = -1
		r.batchOf[k] = int32(st.JobBatch[k])
	}
	for b := range nb {
		n := int32(st.Batches.Jobs[b])
		r.unended[b], r.unarrived[b] = n, n
		r.depsLeft[b] = int32(len(st.Deps.Of(b)))
		r.followed[b] = st.Batches.Seq[b] == 0
	}
	for u := range r.lastResp {
		r.lastResp[u] = math.NaN()
	}
	return r
}

// submitBatch submits batch b's jobs, the first at time a, the others at
// their original offsets from it.
func (r *run) submitBatch(b int, a float64) {
	st := &r.w.Structure
	f := st.Batches.FirstJob[b]
	for p := f; p < f+st.Batches.Jobs[b]; p++ {
		k := st.Order[p]
		job := r.w.Jobs[k]
		job.Submit = a + r.w.offset[p]
		j := r.e.Submit(job)
		r.job2eng[k] = int32(j)
		r.eng2job = append(r.eng2job, int32(k))
	}
}

// release hands the available batch b to the user model and submits it.
func (r *run) release(b int, reason Reason) {
	now := r.e.Now()
	u := r.w.Structure.Batches.UserIndex[b]
	a := r.beh.Arrival(Release{Batch: b, User: u, Time: now, Reason: reason, LastResponse: r.lastResp[u]})
	if !(a >= now) {
		if math.IsNaN(a) {
			panic(fmt.Sprintf("feedback: user model gave arrival NaN for batch %d", b))
		}
		a = now
		r.raised++
	}
	r.releases[reason]++
	r.submitBatch(b, a)
}

// arrive notes the arrival of engine job j; the last arrival of a batch
// satisfies the follows condition of the user's next batch.
func (r *run) arrive(j int) {
	r.arrived++
	b := r.batchOf[r.eng2job[j]]
	r.unarrived[b]--
	if r.unarrived[b] > 0 {
		return
	}
	bs := &r.w.Structure.Batches
	nb := int(b) + 1
	if nb >= bs.Len() || bs.Seq[nb] == 0 {
		return // the user's last batch
	}
	r.followed[nb] = true
	if r.depsLeft[nb] == 0 {
		r.release(nb, Follows)
	}
}

// finish notes the end of engine job j; the end of a batch's last job
// ends the batch, and may make the next batch of its user available.
func (r *run) finish(j int) {
	k := r.eng2job[j]
	b := int(r.batchOf[k])
	u := r.w.Structure.Batches.UserIndex[b]
	r.lastResp[u] = r.e.EndTime(j) - r.e.SubmitTime(j)
	r.unended[b]--
	if r.unended[b] > 0 {
		return
	}
	for _, d := range r.w.dependents.Of(b) {
		r.depsLeft[d]--
		if r.depsLeft[d] == 0 && r.followed[d] {
			r.release(d, Dependency)
		}
	}
}

// result gathers the engine's outcome in workload job order.
func (r *run) result() *sim.Result {
	er := r.e.Result()
	n := r.w.Len()
	out := &sim.Result{Procs: er.Procs, ID: make([]int, n), User: make([]int, n),
		Submit: make([]float64, n), Start: make([]float64, n), End: make([]float64, n),
		Runtime: make([]float64, n), Estimate: make([]float64, n), Width: make([]int, n),
		Timeline: er.Timeline, Weekly: er.Weekly, MaxQueue: er.MaxQueue, Rounds: er.Rounds}
	nan := math.NaN()
	for k, job := range r.w.Jobs {
		out.ID[k], out.User[k] = job.ID, job.User
		out.Runtime[k], out.Estimate[k], out.Width[k] = job.Runtime, job.Estimate, job.Procs
		j := r.job2eng[k]
		if j < 0 {
			out.Submit[k], out.Start[k], out.End[k] = nan, nan, nan
			continue
		}
		out.Submit[k], out.Start[k], out.End[k] = er.Submit[j], er.Start[j], er.End[j]
	}
	return out
}

// sortBatchesByArrival sorts batch ids by first arrival, ties by id.
func sortBatchesByArrival(bs []int, first []float64) {
	slices.SortFunc(bs, func(a, b int) int {
		switch {
		case first[a] < first[b]:
			return -1
		case first[a] > first[b]:
			return 1
		}
		return a - b
	})
}
