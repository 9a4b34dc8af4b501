package resample

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"runtime"
	"slices"
	"sync"
	"weak"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// A replicate of the bootstrap (Experiment.Replicate) is made without the
// trace of its variant: the jobs go in submit order from the generator
// straight into the engine, each row of the log having been prepared for
// the simulation once (simRows), and the metrics and the weekly load come
// out of one pass over the jobs. It gives exactly the Metrics of
// OutcomeMetrics(r, r.Simulate(…)) on the variant r = Pools.Generate(…),
// which builds the trace (the tests check it). A worker keeps its memory
// (replicator) from replicate to replicate.

// simRows are the rows of Pools.Trace as the simulation of a variant sees
// them under sim.Options o, in the pools' layout (Pools.base), so that the
// rows of a variant's user are read in memory order: sim.PrepareJob applied
// once per row (a variant's job is a row moved in time; its fate does not
// depend on the submit time, which is checked per job).
type simRows struct {
	o       sim.Options
	machine datasets.Machine // the variants' machine size (their header's)
	slot    []simRow         // per slot of the pools' layout
	// varies is set under EstimateMaximum: a row without an estimate gets
	// the variant's largest, prepared per variant.
	varies bool
	// cancelled is set when some row is cancelled: without, dropping the
	// cancelled jobs (SimOptions.DropCancelled) simulates what keeping them
	// does (simClass).
	cancelled bool
}

// simRow is one row as a replicate reads it.
type simRow struct {
	run, est float64 // the runtime and estimate PrepareJob gives
	wait     float64 // the log's wait
	// work is the row's offered work in the weekly load, runtime ×
	// processors of the log (weeklyLoadCV), 0 when not counted.
	work      float64
	procs     int // the processors PrepareJob gives
	fate      sim.Fate
	rare      bool // in a rare-behaviour stream
	cancelled bool // SWF status cancelled (SimOptions.DropCancelled)
	reqKnown  bool // the log gives an estimate (≥ 0)
}

// rowsKey is the part of sim.Options a prepared row depends on.
type rowsKey struct {
	procs   int
	overrun sim.Overrun
	missing sim.MissingEstimate
	source  sim.ProcsSource
	wide    sim.WidePolicy
}

// poolsCache holds what the experiments on the same pools share: the
// digest of the log, its rows prepared per simulation conventions and the
// reference runs.
type poolsCache struct {
	mu     sync.Mutex
	digest uint64
	hashed bool
	rows   map[rowsKey]*simRows
	refs   map[refKey]Metrics
	// workers holds the memory of replicates (*replicator), shared by
	// the experiments on the pools.
	workers sync.Pool
}

// refKey identifies a reference run: the scheduler's name and the
// conventions.
type refKey struct {
	scheduler string
	sim       SimOptions
}

// digest returns the FNV-64a digest of the log's jobs (job number, submit
// time, wait, runtime, processors, requested time, user; binary), computed
// once.
func (p *Pools) digest() uint64 {
	c := p.cache
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.hashed {
		h := fnv.New64a()
		t := p.Trace
		var b [56]byte
		for i := range t.JobID {
			binary.LittleEndian.PutUint64(b[0:], uint64(t.JobID[i]))
			binary.LittleEndian.PutUint64(b[8:], math.Float64bits(t.Submit[i]))
			binary.LittleEndian.PutUint64(b[16:], math.Float64bits(t.Wait[i]))
			binary.LittleEndian.PutUint64(b[24:], math.Float64bits(t.Runtime[i]))
			binary.LittleEndian.PutUint64(b[32:], uint64(t.Procs[i]))
			binary.LittleEndian.PutUint64(b[40:], math.Float64bits(t.ReqTime[i]))
			binary.LittleEndian.PutUint64(b[48:], uint64(t.User[i]))
			h.Write(b[:])
		}
		c.digest, c.hashed = h.Sum64(), true
	}
	return c.digest
}

// simRows returns the log's rows prepared under o, computed once per
// conventions.
func (p *Pools) simRows(o sim.Options) *simRows {
	k := rowsKey{o.Procs, o.Overrun, o.MissingEstimate, o.ProcsSource, o.Wide}
	c := p.cache
	c.mu.Lock()
	defer c.mu.Unlock()
	if r := c.rows[k]; r != nil {
		return r
	}
	t := p.Trace
	m := o.Machine(t)
	if m.Rule == datasets.SizePeakInUse {
		// The variants' header holds the original's size (generator.header).
		m.Rule = datasets.SizeHeaderMaxProcs
	}
	r := &simRows{o: o, machine: m, slot: make([]simRow, len(p.slotRow)), varies: o.MissingEstimate == sim.EstimateMaximum}
	rareFrom := len(p.slotRow)
	if len(p.Rare) > 0 {
		rareFrom = int(p.base[Rare][0])
	}
	for k, row := range p.slotRow {
		i := int(row)
		sr := simRow{wait: t.Wait[i], rare: k >= rareFrom, cancelled: t.Status[i] == datasets.StatusCancelled, reqKnown: t.ReqTime[i] >= 0}
		if rt, pr := t.Runtime[i], t.Procs[i]; rt >= 0 && pr > 0 {
			sr.work = rt * float64(pr)
		}
		if m.Rule != datasets.SizeUnknown {
			job, f := o.PrepareJob(0, t.Runtime[i], t.Procs[i], t.ReqProcs[i], t.ReqTime[i], m.Procs, math.NaN())
			sr.run, sr.est, sr.procs, sr.fate = job.Runtime, job.Estimate, job.Procs, f.Fate
		}
		r.slot[k] = sr
		r.cancelled = r.cancelled || sr.cancelled
	}
	if c.rows == nil {
		c.rows = make(map[rowsKey]*simRows)
	}
	c.rows[k] = r
	return r
}

// reference returns ReferenceContext(ctx, p.Trace, f(), opts) for the
// scheduler called name, computed once per scheduler and conventions (an
// error, a cancellation too, is not kept).
func (p *Pools) reference(ctx context.Context, name string, f sim.Factory, opts SimOptions) (Metrics, error) {
	k := refKey{name, opts}
	c := p.cache
	c.mu.Lock()
	m, ok := c.refs[k]
	c.mu.Unlock()
	if ok {
		return m, nil
	}
	m, err := ReferenceContext(ctx, p.Trace, f(), opts)
	if err != nil {
		return Metrics{}, err
	}
	c.mu.Lock()
	if c.refs == nil {
		c.refs = make(map[refKey]Metrics)
	}
	c.refs[k] = m
	c.mu.Unlock()
	return m, nil
}

// sharedPools returns the pools of trace t under po, made once per trace
// (while it lives) and pool options: the readings of the bootstrap share
// the pools, the digest and the reference runs. Pools are read-only once
// made, so they can be shared. Options with rare periods are not cached.
func sharedPools(t *datasets.Trace, po PoolOptions) (*Pools, error) {
	if len(po.Rare) > 0 {
		return NewPools(t, po)
	}
	k := sharedKey{weak.Make(t), po.Users, po.Discard, po.Clock}
	sharedMu.Lock()
	e := shared[k]
	if e == nil {
		e = &sharedEntry{}
		shared[k] = e
		runtime.AddCleanup(t, func(k sharedKey) {
			sharedMu.Lock()
			delete(shared, k)
			sharedMu.Unlock()
		}, k)
	}
	sharedMu.Unlock()
	e.once.Do(func() { e.p, e.err = NewPools(t, po) })
	return e.p, e.err
}

type sharedKey struct {
	t       weak.Pointer[datasets.Trace]
	users   users.Options
	discard Discard
	clock   Clock
}

type sharedEntry struct {
	once sync.Once
	p    *Pools
	err  error
}

var (
	sharedMu sync.Mutex
	shared   = map[sharedKey]*sharedEntry{}
)

// replicator is one worker's memory: the generator's buffers, an engine
// and its scheduler, and the per-job and per-week arrays of the metrics.
type replicator struct {
	g      generator
	e      *sim.Engine
	s      sim.Scheduler
	sname  string    // the scheduler's name in the registry
	rare   []bool    // per engine job: a rare-behaviour job
	work   []float64 // per week: offered work
	weekly []int     // per week of the window: outstanding jobs
	done   []bool    // per view: measured (replicateViews)
	// batch holds the jobs on their way to the engine (Engine.SubmitAll
	// by batches: the engine's arrays are lengthened once a batch).
	batch [256]sim.Job
}

// idle is the scheduler a pooled engine holds between runs: it holds
// nothing.
type idle struct{}

func (idle) Schedule(*sim.Engine) {}

// release drops what w holds of its last run before w goes back to the
// pool, where it may stay through one more garbage collection (sync.Pool's
// victim cache): a scheduler that is not kept (keep: the experiment's
// scheduler is reusable) and the engine's hold on the scheduler and its
// observers. A kept scheduler is Reset now, so that it holds no state of
// the run. The engine keeps its arrays' capacity, which holds no pointers.
func (w *replicator) release(keep bool) {
	if r, ok := w.s.(sim.Resetter); ok && keep {
		r.Reset()
	} else {
		w.s, w.sname = nil, ""
	}
	if w.e != nil {
		if err := w.e.Reset(1, idle{}, sim.EngineOptions{}); err != nil {
			panic(err) // 1 processor and a scheduler are valid
		}
	}
}

// replicate generates the variant of options o and simulates it under the
// experiment's scheduler and conventions (see Experiment.Replicate).
func (x *Experiment) replicate(ctx context.Context, o Options) (Metrics, error) {
	var m [1]Metrics
	err := x.replicateViews(ctx, o, []SimOptions{x.opts.Sim}, m[:])
	return m[0], err
}

// simClass is the part of the conventions a simulation of the rows depends
// on: views that agree on it share one simulation, and differ only in what
// they count (Warmup, Cooldown, StopAtEnd, Saturation). DropCancelled is
// part of it only when some row is cancelled.
func (r *simRows) simClass(o SimOptions) SimOptions {
	return SimOptions{Sim: o.Sim, DropCancelled: o.DropCancelled && r.cancelled}
}

// replicateViews generates the variant of options o once and simulates it
// under the experiment's scheduler for each of the conventions views: out[k]
// gets exactly the metrics x.replicate gives with Sim views[k]. Views of
// one simClass share one simulation: the engine runs to the window's end,
// where the StopAtEnd views are measured, then on until the last job ends
// (RunUntil then Run simulates the same rounds as Run alone).
func (x *Experiment) replicateViews(ctx context.Context, o Options, views []SimOptions, out []Metrics) error {
	p := x.pools
	w, _ := p.cache.workers.Get().(*replicator)
	if w == nil {
		w = &replicator{}
	}
	defer func() {
		w.release(x.reusable)
		p.cache.workers.Put(w)
	}()
	if _, err := p.generate(&w.g, o, true); err != nil {
		return err
	}
	keys, slotInst := w.g.ordered()
	w.done = slices.Grow(w.done[:0], len(views))[:len(views)]
	clear(w.done)
	loadCV := math.NaN()
	for k := range views {
		if w.done[k] {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		cv, err := x.simulate(ctx, w, o.Seed, keys, slotInst, views, k, out, k == 0)
		if err != nil {
			return err
		}
		if k == 0 {
			loadCV = cv
		}
	}
	for k := range out {
		out[k].LoadCV = loadCV
	}
	return nil
}

// simulate simulates the variant of seed generated in w (in submit order:
// the sort keys and the slots and instances of generator.ordered) under
// the conventions views[k], and measures into out[j] every view j ≥ k of
// the same simClass (marked done). With load it also returns the CV of
// the variant's weekly offered load (the same under every view).
func (x *Experiment) simulate(ctx context.Context, w *replicator, seed uint64, keys, slotInst []uint64, views []SimOptions, k int, out []Metrics, load bool) (loadCV float64, err error) {
	p, g := x.pools, &w.g
	so := views[k]
	rows := p.simRows(so.Sim)
	if rows.machine.Rule == datasets.SizeUnknown {
		return 0, fmt.Errorf("resample: log %q: %w", fmt.Sprintf("%s-resampled-%d", p.Trace.Name, seed), datasets.ErrNoMachineSize)
	}
	procs := rows.machine.Procs
	if w.s == nil || !x.reusable || w.sname != x.opts.Scheduler {
		w.s, w.sname = x.sched(), x.opts.Scheduler
	} else {
		w.s.(sim.Resetter).Reset()
	}
	eo := so.Sim.Engine
	eo.WeekOrigin = g.start
	if w.e == nil {
		if w.e, err = sim.NewEngine(procs, w.s, eo); err != nil {
			return 0, err
		}
	} else if err := w.e.Reset(procs, w.s, eo); err != nil {
		return 0, err
	}
	e := w.e
	src := p.Trace
	maxEst := math.NaN()
	if rows.varies {
		// sim.MaxEstimate over the variant's rows (slotInst: the
		// variant's slots, in any order).
		maxEst = math.Inf(-1)
		for _, si := range slotInst {
			if r := src.ReqTime[p.slotRow[uint32(si)]]; r >= 0 {
				maxEst = max(maxEst, r)
			}
		}
		if math.IsInf(maxEst, -1) {
			for _, si := range slotInst {
				if r := src.Runtime[p.slotRow[uint32(si)]]; r >= 0 {
					maxEst = max(maxEst, r)
				}
			}
		}
	}
	// The weekly offered load (weeklyLoadCV): whole weeks from the start.
	weeks := 0
	if load {
		weeks = max(int(math.Floor((g.end-g.start)/datasets.Week)), 0)
	}
	w.work = slices.Grow(w.work[:0], weeks)[:weeks]
	clear(w.work)
	loadEnd := g.start + float64(weeks)*datasets.Week
	w.rare = w.rare[:0]
	rareJobs := 0
	// Room for every job at once (the arrays grow once, not by a quarter
	// at a time), and the jobs submitted by batches of len(w.batch).
	e.Reserve(len(keys))
	batch := w.batch[:0]
	for i, k := range keys {
		t, slot, inst := g.keyTime(k), int32(uint32(slotInst[i])), int32(slotInst[i]>>32)
		r := &rows.slot[slot]
		if r.rare {
			rareJobs++
		}
		if t >= g.start && t < loadEnd {
			w.work[int((t-g.start)/datasets.Week)] += r.work // +0 for a row not counted: no change
		}
		job := sim.Job{Submit: t, Runtime: r.run, Estimate: r.est, Procs: r.procs}
		fate := r.fate
		if rows.varies && !r.reqKnown {
			row := int(p.slotRow[slot])
			var f sim.JobFate
			job, f = so.Sim.PrepareJob(t, src.Runtime[row], src.Procs[row], src.ReqProcs[row], src.ReqTime[row], procs, maxEst)
			fate = f.Fate
		}
		if !(math.Abs(t) <= datasets.MaxTime) {
			fate = sim.UnknownSubmit
		}
		switch {
		case fate == sim.TooWide && so.Sim.Wide == sim.ErrorWide:
			return 0, fmt.Errorf("sim: job %d needs %d processors, the machine has %d", i+1, job.Procs, procs)
		case fate != sim.Kept:
			continue
		case so.DropCancelled && r.cancelled:
			continue
		}
		job.Submit, job.ID, job.User, job.Wait = t, i+1, int(inst)+1, r.wait
		if len(batch) == cap(batch) {
			e.SubmitAll(batch)
			batch = batch[:0]
		}
		batch = append(batch, job)
		w.rare = append(w.rare, r.rare)
	}
	e.SubmitAll(batch)
	for k := range w.work {
		w.work[k] /= datasets.Week // LoadProfile.Load with a machine of 1
	}
	loadCV = Describe(w.work, 0).CV
	class := rows.simClass(so)
	stop, full := false, false
	for j := k; j < len(views); j++ {
		if rows.simClass(views[j]) != class {
			continue
		}
		if err := views[j].check(g.end - g.start); err != nil {
			return 0, err
		}
		stop, full = stop || views[j].StopAtEnd, full || !views[j].StopAtEnd
	}
	m := Metrics{Weeks: g.weeks, Users: len(g.inst), Jobs: len(keys), RareJobs: rareJobs}
	measure := func(atEnd bool) {
		res := e.Result()
		for j := k; j < len(views); j++ {
			if v := views[j]; v.StopAtEnd == atEnd && rows.simClass(v) == class {
				out[j], w.done[j] = w.measure(res, m, v), true
			}
		}
	}
	if stop {
		if err := e.RunContext(ctx, g.end); err != nil {
			return 0, err
		}
		measure(true)
	}
	if full {
		if err := e.RunContext(ctx, math.Inf(1)); err != nil {
			return 0, err
		}
		measure(false)
	}
	return loadCV, nil
}

// measure returns m with the performance metrics of res under the
// conventions v: over the jobs not rare, submitted outside the warm-up and
// cool-down of the window of w's variant; the saturation test over the
// weeks of the window.
func (w *replicator) measure(res *sim.Result, m Metrics, v SimOptions) Metrics {
	g := &w.g
	lo, hi := g.start+v.Warmup, g.end-v.Cooldown
	s := res.MeansWithin(lo, hi, w.rare)
	w.weekly = w.weekly[:0]
	for k, t := range res.Weekly.Time {
		if t <= g.end {
			w.weekly = append(w.weekly, res.Weekly.Outstanding[k])
		}
	}
	sat := sim.DetectSaturation(w.weekly, v.Saturation)
	m.Simulated, m.Counted, m.Throughput, m.Utilization = res.Len(), s.Jobs, s.Throughput, s.Utilization
	m.AvgWait, m.AvgResponse, m.AvgSlowdown, m.AvgBoundedSlowdown = s.AvgWait, s.AvgResponse, s.AvgSlowdown, s.AvgBoundedSlowdown
	m.MaxQueue, m.Slope, m.Saturated = s.MaxQueue, sat.Slope, sat.Saturated
	return m
}
