package sim

import (
	"fmt"
	"math"
	"slices"

	"github.com/tracelab/tracelab/datasets"
)

// Job is a job as the engine sees it. Times are in seconds.
//
// Submit puts the invariants on the values: Runtime ≥ 0 and finite,
// Estimate ≥ Runtime, 1 ≤ Procs ≤ the machine size. Prepare turns a
// trace's jobs into Jobs that satisfy them, under documented policies.
type Job struct {
	ID       int     // the caller's identifier, e.g. the SWF job number
	User     int     // user id (−1 unknown); schedulers may use it
	Submit   float64 // arrival time
	Runtime  float64 // how long the job holds its processors
	Estimate float64 // the user's runtime estimate: the only duration schedulers see
	Procs    int     // processors the job holds
	Wait     float64 // the logged wait (NaN unknown); only LogReplay uses it
}

// JobView is what a scheduler may know of a job: everything but its
// runtime.
type JobView struct {
	ID       int
	User     int
	Submit   float64
	Estimate float64
	Procs    int
	Start    float64 // NaN while the job has not started
}

// Job states.
const (
	statePending uint8 = iota // submitted, arrival in the future, in the arrival FIFO
	stateHeaped               // submitted, arrival in the future, in the arrival heap
	stateWaiting              // arrived, not started
	stateRunning
	stateDone
)

type termEntry struct {
	k uint64 // end, as timeKey
	j int
}

type estEntry struct {
	k uint64 // estimated end, as timeKey
	j int32
	w int32 // processors
}

// timeKey maps a time to an integer of the same order (for every value
// but NaN; −0 as +0), which the processor compares without branching.
func timeKey(t float64) uint64 {
	b := math.Float64bits(t + 0)
	return b ^ (uint64(int64(b)>>63) | 1<<63)
}

// keyTime is the inverse of timeKey.
func keyTime(k uint64) float64 {
	return math.Float64frombits(k ^ (uint64(int64(^k)>>63) | 1<<63))
}

// Engine is a discrete-event simulation of one machine and one scheduler.
//
// Jobs are numbered 0, 1, 2, … in the order they were given to Submit; that
// number (j below) is what schedulers and hooks receive. Submit may be
// called before Run and also while the simulation runs (from a hook or a
// scheduler), for any time not in the past: this is how a feedback
// simulation makes arrivals depend on when earlier jobs ended.
//
// The Engine is also the scheduler's view of the machine: its accessor
// methods (Now, Free, Head, Waiting, Job, Shadow, …) and its one action,
// Start.
type Engine struct {
	// OnFinish, when set, is called after job j has ended and released its
	// processors, before the arrivals of the same round: a job it submits
	// for the current time arrives in this round.
	OnFinish func(e *Engine, j int)
	// OnStart, when set, is called after job j has started.
	OnStart func(e *Engine, j int)

	procs int
	free  int
	now   float64
	sched Scheduler
	onArr ArrivalObserver
	onFin FinishObserver
	easy  *EASY // sched when it is an *EASY: called directly, not through the interfaces

	// Jobs, struct of arrays indexed by job number.
	id       []int
	user     []int
	submit   []float64
	runtime  []float64
	estimate []float64
	lwait    []float64
	width    []int
	start    []float64
	end      []float64
	state    []uint8
	pos      []int // position in wq while waiting, in run while running (set when the engine keeps them)

	// Arrivals: jobs submitted in non-decreasing time order form a FIFO,
	// the jobs in state statePending in order of job number from arrNext
	// on (fifoLen of them, the last submitted for fifoLast); others go
	// into the heap arrHeap (state stateHeaped). Both are ordered by
	// (submit, job number).
	arrNext  int
	fifoLen  int
	fifoLast float64
	arrHeap  []int
	// The next arrival (of least (submit, job number)), −1 none, and its
	// submit time (+Inf none), kept by put and popArrival so that a round
	// reads them instead of looking into the FIFO and the heap.
	arrJ int
	arrT float64

	term     []termEntry // running jobs by (end, job)
	timers   []float64   // wake-up times requested by the scheduler
	lastWake float64     // the last time given to WakeAt (−Inf before the first)

	// Waiting jobs in arrival order, with holes for jobs started out of
	// order (state ≠ waiting); the head is never a hole. Kept only once
	// Head or Waiting has been called (trackWait), so that a scheduler
	// with its own queue (EASY) does not pay for it.
	wq        []int
	wqHead    int
	wqHoles   int
	trackWait bool

	run      []int // running jobs, unordered; kept once Running has been called
	trackRun bool

	// copyOut: a scheduler of one's own runs (runGuarded), so Waiting
	// and Running hand out copies of wq and run, in wqOut and runOut
	// (reused from call to call), that it may sort or change without
	// breaking the engine's lists. This package's schedulers get the
	// lists themselves.
	copyOut bool
	// wakeLimit: during a guarded run, the number of rounds asked for
	// (timers) beyond which the guard removes the repeated times and
	// counts them (compactWakeups): after a round, or in WakeAt once a
	// round has asked for MaxWakeups more.
	wakeLimit int
	wqOut     []int
	runOut    []int

	// Running jobs by estimated end, kept only once Shadow has been
	// called. A job's entry is removed when it ends (removeEst), so that
	// Shadow sums a prefix without looking up states. byEst is a window
	// of estBuf starting estOff entries in: removeEst drops an entry in
	// the front half by moving the entries before it and the window's
	// start, not the entries after it, and insertEst uses that room
	// before the window the same way. estDead counts ended jobs still in
	// byEst: none since removeEst (the shadow tests check it).
	byEst    []estEntry
	estBuf   []estEntry
	estOff   int
	estDead  int
	trackEst bool

	nWaiting, nRunning, nArrived, nDone int
	maxQueue                            int
	rounds                              int
	running                             bool
	hookJ                               int // the job of the last hook call, for a HookError (guard.go)

	timeline bool
	tl       Timeline
	endOut   []float64 // Result's end times while jobs have not ended

	weekOrigin      float64
	weekNext        float64
	weekInit        bool
	weekly          Timeline
	weeklyTruncated bool
}

// MaxWeeklySamples bounds Result.Weekly: 2^18 samples (5,000 years of
// weeks, 8 MB). A schedule that spans more (absurd runtimes or submit
// times of a hand-made trace; the SWF reader refuses them) keeps the first
// MaxWeeklySamples samples and sets Result.WeeklyTruncated.
const MaxWeeklySamples = 1 << 18

// EngineOptions configures an Engine. The zero value gives a machine with
// no timeline at events and weeks counted from time 0.
type EngineOptions struct {
	// Timeline records queue length, processors in use and outstanding
	// jobs after every round (see Result.Timeline). Off by default: it
	// costs memory proportional to the number of events.
	Timeline bool
	// WeekOrigin is a time at which a week begins; the weekly samples are
	// taken at WeekOrigin + k·Week. Zero means the log's time origin.
	WeekOrigin float64
}

// NewEngine returns an engine for a machine of procs processors run by s.
// It returns an error when procs is not from 1 to MaxProcs or s is nil.
func NewEngine(procs int, s Scheduler, opts EngineOptions) (*Engine, error) {
	e := &Engine{}
	if err := e.Reset(procs, s, opts); err != nil {
		return nil, err
	}
	return e, nil
}

// Reset makes e a new engine, as NewEngine(procs, s, opts) would, that
// keeps the memory of its job arrays, queues and heaps: a program that
// runs many simulations one after the other (a worker of a sweep) reuses
// one engine and allocates nothing once its arrays are large enough. The
// hooks OnFinish and OnStart are kept. A Result of the previous
// simulation shares memory with the engine and is invalid after Reset.
// It returns an error when procs is not from 1 to MaxProcs or s is nil,
// and then leaves e unchanged.
func (e *Engine) Reset(procs int, s Scheduler, opts EngineOptions) error {
	if err := CheckProcs(procs); err != nil {
		return err
	}
	if s == nil {
		return fmt.Errorf("sim: nil scheduler")
	}
	*e = Engine{OnFinish: e.OnFinish, OnStart: e.OnStart,
		procs: procs, free: procs, sched: s, arrJ: -1, arrT: math.Inf(1), timeline: opts.Timeline, weekOrigin: opts.WeekOrigin, now: math.Inf(-1), lastWake: math.Inf(-1),
		id: e.id[:0], user: e.user[:0], submit: e.submit[:0], runtime: e.runtime[:0], estimate: e.estimate[:0],
		lwait: e.lwait[:0], width: e.width[:0], start: e.start[:0], end: e.end[:0], state: e.state[:0], pos: e.pos[:0],
		endOut: e.endOut[:0], arrHeap: e.arrHeap[:0], term: e.term[:0], timers: e.timers[:0], wq: e.wq[:0], run: e.run[:0], wqOut: e.wqOut[:0], runOut: e.runOut[:0], byEst: e.estBuf[:0], estBuf: e.estBuf,
		tl:     Timeline{Time: e.tl.Time[:0], Queue: e.tl.Queue[:0], Busy: e.tl.Busy[:0], Outstanding: e.tl.Outstanding[:0]},
		weekly: Timeline{Time: e.weekly.Time[:0], Queue: e.weekly.Queue[:0], Busy: e.weekly.Busy[:0], Outstanding: e.weekly.Outstanding[:0]}}
	e.onArr, _ = s.(ArrivalObserver)
	e.onFin, _ = s.(FinishObserver)
	e.easy, _ = s.(*EASY)
	return nil
}

// Reserve makes room for n more jobs, to avoid growing the job arrays one
// by one.
func (e *Engine) Reserve(n int) {
	e.id = slices.Grow(e.id, n)
	e.user = slices.Grow(e.user, n)
	e.submit = slices.Grow(e.submit, n)
	e.runtime = slices.Grow(e.runtime, n)
	e.estimate = slices.Grow(e.estimate, n)
	e.lwait = slices.Grow(e.lwait, n)
	e.width = slices.Grow(e.width, n)
	e.start = slices.Grow(e.start, n)
	e.end = slices.Grow(e.end, n)
	e.state = slices.Grow(e.state, n)
	e.pos = slices.Grow(e.pos, n)
	// One capacity for all, so that grow checks one.
	c := min(cap(e.id), cap(e.user), cap(e.submit), cap(e.runtime), cap(e.estimate), cap(e.lwait),
		cap(e.width), cap(e.start), cap(e.end), cap(e.state), cap(e.pos))
	k := len(e.id)
	e.id, e.user, e.submit, e.runtime = e.id[:k:c], e.user[:k:c], e.submit[:k:c], e.runtime[:k:c]
	e.estimate, e.lwait, e.width = e.estimate[:k:c], e.lwait[:k:c], e.width[:k:c]
	e.start, e.end, e.state, e.pos = e.start[:k:c], e.end[:k:c], e.state[:k:c], e.pos[:k:c]
}

// Submit adds a job that arrives at job.Submit and returns its number. It
// may be called during Run (from a hook or a scheduler) as long as the
// arrival is not in the past.
//
// Submit panics if the job breaks the invariants of Job (runtime negative
// or not finite, estimate below the runtime or NaN, processors outside
// 1..Procs()) or arrives before Now(): these are programmer errors; Prepare
// applies the policies that make a trace's jobs valid.
func (e *Engine) Submit(job Job) int {
	e.check(&job)
	j := len(e.id)
	e.grow(1)
	e.put(j, &job)
	return j
}

// SubmitAll submits jobs in order and returns the number of the first. It
// panics, submitting none, if a job breaks the invariants (see Submit).
func (e *Engine) SubmitAll(jobs []Job) int {
	for i := range jobs {
		e.check(&jobs[i])
	}
	return e.submitChecked(jobs)
}

// submitChecked submits jobs that satisfy the invariants of Job and do not
// arrive in the past (checked by the caller) and returns the number of
// the first.
func (e *Engine) submitChecked(jobs []Job) int {
	first := len(e.id)
	e.grow(len(jobs))
	// The new jobs' slots, of len(jobs) each: the loop then loads no
	// slice through e and checks no bounds (put does both per column).
	n := len(jobs)
	id, user, submit := e.id[first:][:n], e.user[first:][:n], e.submit[first:][:n]
	runtime, estimate, lwait := e.runtime[first:][:n], e.estimate[first:][:n], e.lwait[first:][:n]
	width, start, state := e.width[first:][:n], e.start[first:][:n], e.state[first:][:n]
	for i := range jobs {
		job := &jobs[i]
		id[i], user[i], submit[i] = job.ID, job.User, job.Submit
		runtime[i], estimate[i], lwait[i], width[i] = job.Runtime, job.Estimate, job.Wait, job.Procs
		start[i] = math.NaN()
		state[i] = e.queueArrival(first+i, job.Submit)
	}
	return first
}

// MaxJobs bounds the number of jobs of one simulation (2^31 − 1: the
// engine's job arrays would then take 200 GB).
const MaxJobs = math.MaxInt32

// grow lengthens the job arrays by n. It panics beyond MaxJobs jobs.
func (e *Engine) grow(n int) {
	k := len(e.id) + n
	if n > MaxJobs || k > MaxJobs {
		panic(fmt.Sprintf("sim: %d jobs, more than MaxJobs", k))
	}
	if k > cap(e.id) {
		e.Reserve(max(n, len(e.id)/4))
	}
	e.id, e.user, e.submit, e.runtime = e.id[:k], e.user[:k], e.submit[:k], e.runtime[:k]
	e.estimate, e.lwait, e.width = e.estimate[:k], e.lwait[:k], e.width[:k]
	e.start, e.end, e.state, e.pos = e.start[:k], e.end[:k], e.state[:k], e.pos[:k]
}

// check panics if job breaks the invariants of Job or arrives in the past.
func (e *Engine) check(job *Job) {
	switch {
	case !(job.Runtime >= 0) || math.IsInf(job.Runtime, 1):
		panic(fmt.Sprintf("sim: job %d: runtime %v, want finite and ≥ 0", job.ID, job.Runtime))
	case !(job.Estimate >= job.Runtime):
		panic(fmt.Sprintf("sim: job %d: estimate %v below runtime %v", job.ID, job.Estimate, job.Runtime))
	case job.Procs < 1 || job.Procs > e.procs:
		panic(fmt.Sprintf("sim: job %d: %d processors on a machine of %d", job.ID, job.Procs, e.procs))
	case math.IsNaN(job.Submit) || math.IsInf(job.Submit, 0):
		panic(fmt.Sprintf("sim: job %d: submit time %v", job.ID, job.Submit))
	case job.Submit < e.now:
		panic(fmt.Sprintf("sim: job %d submitted for %v, in the past (now %v)", job.ID, job.Submit, e.now))
	}
}

// put makes slot j of the job arrays the (valid) job. Its end and its
// position are written when it starts (and, for the position, when it
// joins a list the engine keeps); nothing reads them before.
func (e *Engine) put(j int, job *Job) {
	e.id[j], e.user[j], e.submit[j] = job.ID, job.User, job.Submit
	e.runtime[j], e.estimate[j], e.lwait[j], e.width[j] = job.Runtime, job.Estimate, job.Wait, job.Procs
	e.start[j] = math.NaN()
	e.state[j] = e.queueArrival(j, job.Submit)
}

// queueArrival puts job j, submitted for time t (its submit time already
// written), into the FIFO of arrivals or the heap, and returns its state
// there: statePending or stateHeaped.
func (e *Engine) queueArrival(j int, t float64) uint8 {
	if e.fifoLen == 0 || e.fifoLast <= t {
		e.fifoLen++
		e.fifoLast = t
		// A job joining the FIFO comes after the next arrival, if any:
		// the FIFO's jobs come after its head, and the heap holds only
		// jobs that arrive before the FIFO's last (so it is empty when
		// the FIFO is).
		if e.arrJ < 0 {
			e.arrJ, e.arrT = j, t
		}
		return statePending
	}
	e.pushArrival(j)
	if e.arrJ < 0 || e.arrLess(j, e.arrJ) {
		e.arrJ, e.arrT = j, t
	}
	return stateHeaped
}

// runUntil is the engine's bare step: every round at times ≤ t. A
// panic of the scheduler or of a hook goes through it, and at t = +Inf it
// panics when jobs are left waiting with nothing to come; RunUntil, Run
// and RunContext (guard.go) return these as errors.
func (e *Engine) runUntil(t float64) {
	if e.running {
		panic("sim: Run called from inside the simulation")
	}
	e.running = true
	for e.round(t) {
	}
	e.running = false // (after a panic, the recover of the caller: guard.go)
	if math.IsInf(t, 1) {
		if e.nWaiting > 0 {
			panic(fmt.Sprintf("sim: scheduler %s left %d jobs waiting with no event to come (job %d first)",
				SchedulerName(e.sched), e.nWaiting, e.Head()))
		}
		e.flushWeeks(e.now, true)
	}
}

// nextTime returns the time of the next event, +Inf if none.
func (e *Engine) nextTime() float64 {
	t := math.Inf(1)
	if len(e.term) > 0 {
		t = e.end[e.term[0].j] // (the exact time: timeKey maps −0 as +0)
	}
	if e.arrT < t {
		t = e.arrT
	}
	if len(e.timers) > 0 && e.timers[0] < t {
		t = e.timers[0]
	}
	return t
}

// round runs the events of the next event time if it is ≤ limit:
// terminations, arrivals, one scheduling pass.
func (e *Engine) round(limit float64) bool {
	t := e.nextTime()
	if math.IsInf(t, 1) || t > limit {
		return false
	}
	if !e.weekInit {
		e.weekInit = true
		k := math.Ceil((t - e.weekOrigin) / datasets.Week)
		e.weekNext = e.weekOrigin + k*datasets.Week
	}
	if e.weekNext < t {
		e.flushWeeks(t, false)
	}
	e.now = t
	e.rounds++
	for tk := timeKey(t); len(e.term) > 0 && e.term[0].k <= tk; {
		e.finishNext()
	}
	for e.arrT <= t {
		e.arriveNext()
	}
	for len(e.timers) > 0 && e.timers[0] <= t {
		e.popTimer()
	}
	if s := e.easy; s != nil {
		s.init(e)
		s.schedule(e)
	} else {
		e.sched.Schedule(e)
	}
	e.maxQueue = max(e.maxQueue, e.nWaiting)
	if e.timeline {
		e.tl.add(t, e.nWaiting, e.procs-e.free, e.nWaiting+e.nRunning)
	}
	return true
}

// flushWeeks records the weekly samples at the week boundaries before t
// (at or before t when final).
func (e *Engine) flushWeeks(t float64, final bool) {
	if !e.weekInit {
		return
	}
	for e.weekNext < t || (final && e.weekNext <= t) {
		if e.weekly.Len() >= MaxWeeklySamples || e.weekNext+datasets.Week == e.weekNext {
			// The schedule spans millennia (or times beyond a float's
			// resolution of a week): stop sampling, and say so.
			e.weeklyTruncated = true
			e.weekNext = math.Inf(1)
			return
		}
		e.weekly.add(e.weekNext, e.nWaiting, e.procs-e.free, e.nWaiting+e.nRunning)
		e.weekNext += datasets.Week
	}
}

// finishNext ends the next job to end, the top of the termination heap
// (see pushTerm): it pops it and releases its processors. (One call per
// termination: the heap's pop is written into it.)
func (e *Engine) finishNext() {
	// Pop the heap's top.
	h := e.term
	j := h[0].j
	n := len(h) - 1
	x := h[n]
	h = h[:n]
	e.term = h
	if n > 0 {
		i := 0
		for {
			c := 4*i + 1
			m := c
			if c+3 < n {
				// Four children (written out: the loop below cost as
				// much as the comparisons).
				if termLess(h[c+1], h[m]) {
					m = c + 1
				}
				if termLess(h[c+3], h[c+2]) {
					if termLess(h[c+3], h[m]) {
						m = c + 3
					}
				} else if termLess(h[c+2], h[m]) {
					m = c + 2
				}
			} else {
				if c >= n {
					break
				}
				for k := c + 1; k < n; k++ {
					if termLess(h[k], h[m]) {
						m = k
					}
				}
			}
			if !termLess(h[m], x) {
				break
			}
			h[i] = h[m]
			i = m
		}
		h[i] = x
	}
	e.state[j] = stateDone
	e.free += e.width[j]
	e.nRunning--
	e.nDone++
	if e.trackRun {
		// Remove from the running list.
		p := e.pos[j]
		last := e.run[len(e.run)-1]
		e.run[p] = last
		e.pos[last] = p
		e.run = e.run[:len(e.run)-1]
		e.pos[j] = -1
	}
	if e.trackEst {
		e.removeEst(j)
	}
	if e.easy != nil {
		e.easy.dirty = true // (EASY.Finish)
	} else if e.onFin != nil {
		e.onFin.Finish(e, j)
	}
	if e.OnFinish != nil {
		e.callOnFinish(j)
	}
}

// arriveNext makes the next arrival (arrJ) arrive: it leaves the FIFO
// or the heap, the arrival after it becomes arrJ, and it joins the
// waiting jobs. (The FIFO's case, the common one, needs no call.)
func (e *Engine) arriveNext() {
	j := e.arrJ
	if e.state[j] == statePending {
		// j is the first pending job from arrNext on (the jobs between
		// are in the heap or have arrived).
		e.arrNext = j + 1
		e.fifoLen--
	} else {
		e.popHeapArrival()
	}
	e.arrJ, e.arrT = e.peekArrival(), math.Inf(1)
	if e.arrJ >= 0 {
		e.arrT = e.submit[e.arrJ]
	}
	e.state[j] = stateWaiting
	e.nWaiting++
	e.nArrived++
	if e.trackWait {
		if e.wqHead > 1024 && e.wqHead > len(e.wq)/2 {
			e.compactQueue()
		}
		e.pos[j] = len(e.wq)
		e.wq = append(e.wq, j)
	}
	if e.easy != nil {
		e.easy.Arrive(e, j)
	} else if e.onArr != nil {
		e.onArr.Arrive(e, j)
	}
}

// Start starts waiting job j now. It panics if j is not a job, is not
// waiting or needs more processors than are free: a scheduler that does
// so is wrong.
func (e *Engine) Start(j int) {
	if uint(j) >= uint(len(e.state)) || e.state[j] != stateWaiting {
		panic(e.startError(j))
	}
	w := e.width[j]
	if w > e.free {
		panic(fmt.Sprintf("sim: Start(%d) at %v: needs %d processors, %d free", j, e.now, w, e.free))
	}
	e.state[j] = stateRunning
	e.free -= w
	e.start[j] = e.now
	end := e.now + e.runtime[j]
	e.end[j] = end
	e.nWaiting--
	e.nRunning++
	e.pushTerm(termEntry{timeKey(end), j})
	// Move from the waiting queue to the running list.
	if e.trackWait {
		if e.pos[j] == e.wqHead {
			e.wqHead++
			for e.wqHead < len(e.wq) && e.state[e.wq[e.wqHead]] != stateWaiting {
				e.wqHead++
				e.wqHoles--
			}
		} else {
			e.wqHoles++
		}
	}
	if e.trackRun {
		e.pos[j] = len(e.run)
		e.run = append(e.run, j)
	}
	if e.trackEst {
		e.insertEst(j)
	}
	if e.OnStart != nil {
		e.callOnStart(j)
	}
}

// waitQueue starts keeping the waiting queue: the waiting jobs in order of
// arrival, which is the order of (submit time, job number).
func (e *Engine) waitQueue() {
	e.trackWait = true
	e.wq, e.wqHead, e.wqHoles = e.wq[:0], 0, 0
	for j, st := range e.state {
		if st == stateWaiting {
			e.wq = append(e.wq, j)
		}
	}
	slices.SortFunc(e.wq, func(a, b int) int {
		if e.arrLess(a, b) {
			return -1
		}
		return 1
	})
	for k, j := range e.wq {
		e.pos[j] = k
	}
}

// compactQueue removes the holes and the dead prefix of the waiting queue.
func (e *Engine) compactQueue() {
	k := 0
	for _, j := range e.wq[e.wqHead:] {
		if e.state[j] == stateWaiting {
			e.wq[k] = j
			e.pos[j] = k
			k++
		}
	}
	e.wq = e.wq[:k]
	e.wqHead = 0
	e.wqHoles = 0
}

// WakeAt asks for a scheduling round at time t even if no job ends or
// arrives then. Times not after Now are ignored. A scheduler of one's own
// that asks for rounds at more than MaxWakeups distinct times not yet run
// ends the run with ErrTooManyWakeups (see SchedulerError), within the
// Schedule call that asks for them when it asks for MaxWakeups more.
func (e *Engine) WakeAt(t float64) {
	e.wakeAt(t)
	if e.copyOut && len(e.timers) > e.wakeLimit+MaxWakeups { // a scheduler of one's own asking in a loop
		e.compactWakeups()
	}
}

// wakeAt is WakeAt without the guard's count, for this package's
// schedulers (small enough to be inlined in their loops).
func (e *Engine) wakeAt(t float64) {
	if !(t > e.now) || t == e.lastWake {
		return
	}
	e.lastWake = t
	e.timers = append(e.timers, t)
	h := e.timers
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if h[p] <= h[i] {
			break
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
}

func (e *Engine) popTimer() {
	h := e.timers
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	e.timers = h
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && h[r] < h[l] {
			m = r
		}
		if h[i] <= h[m] {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// Termination heap, ordered by (time, job): a 4-ary heap (half the
// depth of a binary one; its four children share a cache line). The
// order is total (a job is in it once), so the jobs come out in the same
// order whatever the heap's shape.

func termLess(a, b termEntry) bool { return a.k < b.k || (a.k == b.k && a.j < b.j) }

func (e *Engine) pushTerm(x termEntry) {
	e.term = append(e.term, x)
	h := e.term
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 4
		if !termLess(x, h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = x
}

// Arrivals.

func (e *Engine) arrLess(a, b int) bool {
	return e.submit[a] < e.submit[b] || (e.submit[a] == e.submit[b] && a < b)
}

func (e *Engine) peekArrival() int {
	a := -1
	if e.fifoLen > 0 {
		for e.state[e.arrNext] != statePending {
			e.arrNext++
		}
		a = e.arrNext
	}
	if len(e.arrHeap) > 0 && (a < 0 || e.arrLess(e.arrHeap[0], a)) {
		a = e.arrHeap[0]
	}
	return a
}

// popHeapArrival removes the least job of the arrival heap, the next
// arrival when it is in state stateHeaped.
func (e *Engine) popHeapArrival() {
	h := e.arrHeap
	n := len(h) - 1
	x := h[n]
	h = h[:n]
	e.arrHeap = h
	if n == 0 {
		return
	}
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && e.arrLess(h[r], h[l]) {
			m = r
		}
		if !e.arrLess(h[m], x) {
			break
		}
		h[i] = h[m]
		i = m
	}
	h[i] = x
}

func (e *Engine) pushArrival(j int) {
	e.arrHeap = append(e.arrHeap, j)
	h := e.arrHeap
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !e.arrLess(j, h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = j
}

// Running jobs by estimated end (for Shadow).

func estLess(a, b estEntry) bool { return a.k < b.k || (a.k == b.k && a.j < b.j) }

func (e *Engine) estEnd(j int) float64 { return e.start[j] + e.estimate[j] }

// insertEst puts job j, started now, into byEst. A job that goes after
// the entry estStep from the end is placed by stepping from the end: a
// job tends to end after most of those started before it, and on most
// logs byEst is short (16 running jobs on average on SDSC-BLUE under
// EASY, 142 at most). A job that goes before that entry is placed by a
// binary search and one move of the entries on its shorter side: those
// ahead of it go one place to the front when the window has room before
// it (removeEst's front removals leave it), else those after it one place
// to the back (under EASY, 36% of the insertions on the SDSC-SP2 log, 72%
// on the SDSC-BLUE log go that far back). On a resampled variant of CEA-Curie
// (116 running on average at a start, 406 at most; byEst then also
// held ended jobs, before removeEst) the steps alone were 21% of the CPU of zakay2013 §6.1's
// bootstrap of that log before the search. The order is the same either
// way: (k, j) is unique, so it has one sorted place.
func (e *Engine) insertEst(j int) {
	if len(e.byEst) == cap(e.byEst) && e.estOff >= len(e.byEst) {
		// No room after the window, and at least as much before it:
		// move the window to the start instead of growing.
		e.byEst, e.estOff = e.estBuf[:copy(e.estBuf, e.byEst)], 0
	}
	x := estEntry{timeKey(e.estEnd(j)), int32(j), int32(e.width[j])}
	b := append(e.byEst, x)
	if len(e.byEst) == cap(e.byEst) {
		e.estBuf, e.estOff = b[:cap(b)], 0 // append moved the window
	}
	i := len(b) - 1
	if i < estStep || !estLess(x, b[i-estStep]) {
		// x goes after b[i-estStep] (if any): at most estStep steps.
		for ; i > 0 && estLess(x, b[i-1]); i-- {
			b[i] = b[i-1]
		}
	} else {
		// b[:i] is sorted and x goes before b[i-estStep]: the first
		// entry of b[:i-estStep] that x goes before, or i-estStep.
		at, hi := 0, i-estStep
		for at < hi {
			if m := int(uint(at+hi) >> 1); estLess(x, b[m]) {
				hi = m
			} else {
				at = m + 1
			}
		}
		if e.estOff > 0 && 2*at < i {
			// Room before the window and fewer entries ahead of x than
			// after it: move those ahead one to the front instead (the
			// appended slot b[i] falls out of the window).
			w := e.estBuf[e.estOff-1 : e.estOff+i]
			if at <= removeLoop {
				for k := 0; k < at; k++ {
					w[k] = w[k+1]
				}
			} else {
				copy(w[:at], w[1:at+1])
			}
			w[at] = x
			e.byEst, e.estOff = w, e.estOff-1
			return
		}
		copy(b[at+1:i+1], b[at:i])
		i = at
	}
	b[i] = x
	e.byEst = b
}

// removeEst takes job j, which has ended, out of byEst. Its entry is
// looked for among the first removeScan entries (jobs mostly end before
// their estimate: on the SDSC-SP2 log under EASY most lie there), else
// found by a binary search on (estimated end, job), which is unique. The
// shorter side of byEst then moves over it (the front side by moving the
// window's start).
func (e *Engine) removeEst(j int) {
	b := e.byEst
	at := -1
	for i := range min(len(b), removeScan) {
		if int(b[i].j) == j {
			at = i
			break
		}
	}
	if at < 0 {
		x := estEntry{timeKey(e.estEnd(j)), int32(j), 0}
		hi := len(b)
		for at = 0; at < hi; {
			if m := int(uint(at+hi) >> 1); estLess(b[m], x) {
				at = m + 1
			} else {
				hi = m
			}
		}
		if at >= len(b) || b[at].j != x.j {
			panic("sim: internal error: ended job not in byEst")
		}
	}
	// (A move of up to removeLoop entries is a loop, a longer one a
	// copy: on the HPC2N log, with many jobs running, memmove pays.)
	if n := len(b); 2*at < n {
		if at <= removeLoop {
			for i := at; i > 0; i-- {
				b[i] = b[i-1]
			}
		} else {
			copy(b[1:at+1], b[:at])
		}
		e.byEst, e.estOff = b[1:], e.estOff+1
	} else {
		if n-at <= removeLoop {
			for i := at + 1; i < n; i++ {
				b[i-1] = b[i]
			}
		} else {
			copy(b[at:], b[at+1:])
		}
		e.byEst = b[:n-1]
	}
}

// removeScan is how many entries at the front of byEst removeEst looks
// at before its binary search; removeLoop is the longest move it makes
// by a loop rather than a copy. (Callgrind, instructions of the EASY
// event loop on the HPC2N log: a loop always 350.1 M, removeLoop 16
// 346.6 M, 4 343.4 M; on the SDSC-SP2 log and a SDSC-BLUE variant the
// three are within 0.5%.)
const (
	removeScan = 4
	removeLoop = 4
)

// estStep is how many entries insertEst may step over: a job that goes
// before the entry estStep from the end is placed by a binary search
// without stepping.
const estStep = 8

// Shadow returns the earliest time at which p processors will be free if
// every running job runs until its estimate (the shadow time of EASY), and
// the number of processors free at that time beyond p (the extra
// processors). When p processors are free now it returns Now() and
// Free()−p. It panics if p > Procs().
//
// The running jobs are kept in order of estimated end from the first call
// on, so a scheduler that never calls Shadow does not pay for it.
func (e *Engine) Shadow(p int) (shadow float64, extra int) {
	if p > e.procs {
		panic(fmt.Sprintf("sim: Shadow(%d) on a machine of %d", p, e.procs))
	}
	if p <= e.free {
		return e.now, e.free - p
	}
	if !e.trackEst {
		e.trackEst = true
		e.byEst, e.estOff = e.estBuf[:0], 0
		for j, st := range e.state {
			if st == stateRunning {
				e.byEst = append(e.byEst, estEntry{timeKey(e.estEnd(j)), int32(j), int32(e.width[j])})
			}
		}
		e.estBuf = e.byEst[:cap(e.byEst)]
		slices.SortFunc(e.byEst, func(a, b estEntry) int {
			if estLess(a, b) {
				return -1
			}
			return 1
		})
	}
	// byEst holds the running jobs only (removeEst). The widths are
	// summed four at a time while the sum stays below p, then one at a
	// time: widths are ≥ 1, so the running sum only grows, and when four
	// entries leave it below p none of them is the one that reaches p.
	// The same entry is found with a quarter of the tests (a reservation
	// sums about 20 entries on a variant of CEA-Curie; the loop one at a
	// time was 7% of the instructions of its EASY pass).
	avail := e.free
	b := e.byEst
	for len(b) >= 4 {
		s := avail + int(b[0].w) + int(b[1].w) + int(b[2].w) + int(b[3].w)
		if s >= p {
			break
		}
		avail = s
		b = b[4:]
	}
	for i := 0; i < len(b); i++ {
		avail += int(b[i].w)
		if avail >= p {
			k := b[i].k
			for i+1 < len(b) && b[i+1].k == k {
				i++
				avail += int(b[i].w)
			}
			return keyTime(k), avail - p
		}
	}
	panic("sim: internal error: shadow time not found")
}

// Accessors for schedulers.

// Now returns the current simulated time.
func (e *Engine) Now() float64 { return e.now }

// Procs returns the machine size.
func (e *Engine) Procs() int { return e.procs }

// Free returns the number of idle processors.
func (e *Engine) Free() int { return e.free }

// NumJobs returns the number of jobs submitted so far.
func (e *Engine) NumJobs() int { return len(e.id) }

// NumWaiting returns the number of jobs that have arrived and not started.
func (e *Engine) NumWaiting() int { return e.nWaiting }

// NumRunning returns the number of running jobs.
func (e *Engine) NumRunning() int { return e.nRunning }

// NumDone returns the number of jobs that have ended.
func (e *Engine) NumDone() int { return e.nDone }

// Head returns the waiting job that arrived first, −1 if none.
func (e *Engine) Head() int {
	if !e.trackWait {
		e.waitQueue()
	}
	if e.wqHead < len(e.wq) {
		return e.wq[e.wqHead]
	}
	return -1
}

// Waiting returns the waiting jobs in order of arrival. Start does not
// change the slice, so a scheduler may start jobs while it ranges over
// it; it is invalid after the next call of Waiting or the end of the
// scheduling pass. A scheduler of one's own (not of this package) gets a
// copy, which it may sort or change (an SJF that sorts it in place is
// right); this package's schedulers get the engine's queue itself (and
// must not change it).
//
// The engine keeps the waiting queue from the first call of Head or
// Waiting on, so a scheduler with its own queue does not pay for it.
func (e *Engine) Waiting() []int {
	if !e.trackWait {
		e.waitQueue()
	}
	if e.wqHoles > 0 {
		e.compactQueue()
	}
	if e.copyOut {
		e.wqOut = append(e.wqOut[:0], e.wq[e.wqHead:]...)
		return e.wqOut
	}
	return e.wq[e.wqHead:]
}

// Running returns the running jobs in no particular order. The slice is
// invalid after the next Start or Running. As Waiting's, it is a copy
// for a scheduler of one's own, the engine's list for this package's.
//
// The engine keeps this list from the first call on, so a scheduler that
// never calls Running does not pay for it.
func (e *Engine) Running() []int {
	if !e.trackRun {
		e.trackRun = true
		e.run = e.run[:0]
		for j, st := range e.state {
			if st == stateRunning {
				e.pos[j] = len(e.run)
				e.run = append(e.run, j)
			}
		}
	}
	if e.copyOut {
		e.runOut = append(e.runOut[:0], e.run...)
		return e.runOut
	}
	return e.run
}

// IsWaiting reports whether job j has arrived and not started.
func (e *Engine) IsWaiting(j int) bool { return e.state[j] == stateWaiting }

// Job returns what a scheduler may know of job j.
func (e *Engine) Job(j int) JobView {
	return JobView{ID: e.id[j], User: e.user[j], Submit: e.submit[j], Estimate: e.estimate[j],
		Procs: e.width[j], Start: e.start[j]}
}

// Width returns the number of processors of job j.
func (e *Engine) Width(j int) int { return e.width[j] }

// Estimate returns the runtime estimate of job j.
func (e *Engine) Estimate(j int) float64 { return e.estimate[j] }

// SubmitTime returns the arrival time of job j.
func (e *Engine) SubmitTime(j int) float64 { return e.submit[j] }

// StartTime returns the start time of job j, NaN if it has not started.
func (e *Engine) StartTime(j int) float64 { return e.start[j] }

// EndTime returns the end time of job j once it has ended, NaN before.
func (e *Engine) EndTime(j int) float64 {
	if e.state[j] != stateDone {
		return math.NaN()
	}
	return e.end[j]
}

// LoggedWait returns the logged wait of job j (NaN unknown).
func (e *Engine) LoggedWait(j int) float64 { return e.lwait[j] }

// User returns the user of job j.
func (e *Engine) User(j int) int { return e.user[j] }

// ID returns the caller's identifier of job j.
func (e *Engine) ID(j int) int { return e.id[j] }
