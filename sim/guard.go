package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
)

// SchedulerError is the error of a simulation that its scheduler broke or
// that was interrupted, returned by Engine.RunContext (and so by
// Engine.Run, Engine.RunUntil, Run, Replay and the experiments built on
// them) instead of a panic or a run without end. Err says what happened:
//
//   - the scheduler panicked (in Schedule, Arrive or Finish), or called
//     the engine wrongly: Start of a job that does not exist, is not
//     waiting (has not arrived, is running, has ended) or does not fit,
//     Shadow of more processors than the machine has (Err holds the
//     panic's message; Stack the goroutine's stack at the panic);
//   - ErrStuck: it left jobs waiting on an idle machine with nothing
//     left to happen (no job to arrive, no round asked for), at the end
//     of the run (a finite until of RunContext included, not of
//     RunUntil), so that they would wait for ever;
//   - ErrNoProgress: jobs waited through MaxIdleRounds rounds in a row
//     (arrivals and rounds it asked for: WakeAt) in which no job started
//     or ended. A run to a finite time that ends sooner ends without an
//     error, its jobs left waiting: until then, a scheduler asking for a
//     round every second while it holds its jobs may be a policy that
//     holds jobs for a time (as one that starts wide jobs at night);
//   - ErrTooManyWakeups: it asked for rounds (WakeAt) at more than
//     MaxWakeups distinct times not yet run, counted after its rounds
//     and within a round that asked for MaxWakeups more (a loop),
//     so that the engine's memory stays bounded;
//   - the context's error (errors.Is(err, context.Canceled)): the
//     simulation was cancelled between two rounds, as a sweep cancels the
//     others when one fails, or a command when interrupted. This is what
//     bounds a slow scheduler; a Schedule call that never returns cannot
//     be stopped from outside it. A context of HeapLimit cancelled by its
//     limit gives ErrHeapLimit instead: what bounds a scheduler that
//     keeps allocating.
//
// Scheduler is the scheduler's name (SchedulerName), so that the error of
// a sweep or a comparison of several schedulers says whose it is. A panic
// of the caller's OnStart or OnFinish hook is a HookError instead.
type SchedulerError struct {
	Scheduler string
	Time      float64 // the simulation's clock (Engine.Now) when it stopped
	Err       error
	Stack     []byte // for a panic, the stack where it happened (else nil)
}

func (e *SchedulerError) Error() string {
	return fmt.Sprintf("sim: scheduler %s, at time %v: %v", e.Scheduler, e.Time, e.Err)
}

func (e *SchedulerError) Unwrap() error { return e.Err }

// ErrStuck and ErrNoProgress are the SchedulerError causes of a scheduler
// that lets jobs wait for ever, ErrTooManyWakeups of one whose rounds
// asked for grow without bound (see SchedulerError).
var (
	ErrStuck      = errors.New("jobs left waiting on an idle machine with no event to come")
	ErrNoProgress = errors.New("jobs waited through MaxIdleRounds rounds in a row in which none started or ended (a WakeAt without end?)")
	// ErrTooManyWakeups: the scheduler asked for rounds (WakeAt) at more
	// than MaxWakeups distinct times not yet run.
	ErrTooManyWakeups = errors.New("more than MaxWakeups rounds asked for (WakeAt) and not yet run")
)

// MaxWakeups bounds the rounds a scheduler of one's own has asked for
// (WakeAt) at distinct times and that have not been run: 2^22 times (32
// MB; a scheduler asking for one round per job waiting or running keeps
// far fewer). The same time asked for again counts once. They are counted
// after a round once their number has doubled since the last count (from
// 2^16), and within a round once it has asked for MaxWakeups more (a
// Schedule call asking in a loop without end), so the engine holds at
// most about 3 × MaxWakeups times (96 MB, and the slice's spare
// capacity).
const MaxWakeups = 1 << 22

// wakeCheck is the number of rounds asked for from which the guard looks
// for repeated times.
const wakeCheck = 1 << 16

// MaxIdleRounds bounds the rounds in a row, with jobs waiting, in which
// no job starts or ends: a scheduler that asks for a round after every
// round (WakeAt) without ever starting a job would otherwise run for ever.
// 2^22 rounds are 48 days of rounds once a second in which nothing starts
// or ends (arrivals count as rounds).
const MaxIdleRounds = 1 << 22

// Run simulates until no event is left: every submitted job has ended and
// no job will arrive. It is RunContext(context.Background(), +Inf): it
// returns a *SchedulerError when the scheduler breaks the simulation
// (panics, calls the engine wrongly, leaves jobs waiting for ever or asks
// for rounds without end), a *HookError when the caller's OnStart or
// OnFinish hook panics, nil otherwise. This package's schedulers run
// unguarded (see RunContext).
func (e *Engine) Run() error {
	return e.runGuarded(context.Background(), math.Inf(1), true)
}

// RunUntil simulates every round at times ≤ t, so that a caller can
// submit jobs between calls (an online simulation, a program feeding the
// engine); only a run to +Inf records the weekly samples at the
// boundaries between the last event and the end. It returns the errors
// of Run: a *SchedulerError when the scheduler panics, calls the engine
// wrongly or runs MaxIdleRounds rounds in a row without progress (or
// asks for more than MaxWakeups rounds) within the call, a *HookError
// when a hook panics. At a finite t the simulation is not over (more
// jobs may come), so jobs left waiting on an idle machine are not an
// error and every round asked for is kept; RunUntil(+Inf) is Run. After
// an error the engine's state is that of an interrupted round: Reset it
// before reuse. This package's schedulers run unguarded, as in Run, and,
// with no hook set, without even a recover (nothing can panic then): a
// program that feeds the engine pays nothing per call (BenchmarkRunUntil).
// RunUntilContext is RunUntil with a context that stops a slow step.
func (e *Engine) RunUntil(t float64) (err error) {
	if math.IsInf(t, 1) {
		return e.Run()
	}
	if e.running { // a scheduler's or hook's bug: the outer run's recover reports it
		panic("sim: Run called from inside the simulation")
	}
	if !builtin(e.sched) {
		return e.runGuarded(context.Background(), t, false)
	}
	// This package's schedulers: the step alone (a program feeding the
	// engine calls RunUntil often: nothing more per call), and, when a
	// hook is set, the recover of its panic (nothing else panics then).
	if e.OnStart == nil && e.OnFinish == nil {
		e.runUntil(t)
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			e.running = false
			err = e.panicError(p, e.sched)
		}
	}()
	e.runUntil(t)
	return nil
}

// RunUntilContext is RunUntil(t) that also stops, with the context's
// error in a SchedulerError (errors.Is(err, context.Canceled) for a
// cancel), when ctx is cancelled: a program that feeds the engine step by
// step (RunUntil) and must be able to stop a slow step, as a server or a
// notebook cell stopped by its user. ctx is looked at when the call
// begins (an error then, and nothing run) and, for a scheduler of one's
// own, after every round, as in RunContext: a Schedule call that never
// returns cannot be stopped (Go stops no goroutine from outside it).
// This package's schedulers, whose rounds are short, are looked at when
// the call begins only, so a step of theirs runs to its end (to stop a
// long one, step to nearer times). Otherwise it is RunUntil, round for
// round: at a finite t more jobs may come, so jobs left waiting are no
// error and every round asked for is kept (RunContext, for which the
// simulation ends at its until, is the one that reports ErrStuck); at
// +Inf it is RunContext(ctx, +Inf). After an error the engine's state
// is that of an interrupted round: Reset it before reuse (the error at
// the call's beginning changes nothing: the engine is as before it).
func (e *Engine) RunUntilContext(ctx context.Context, t float64) error {
	if math.IsInf(t, 1) {
		return e.RunContext(ctx, t)
	}
	if e.running { // a scheduler's or hook's bug: the outer run's recover reports it
		panic("sim: Run called from inside the simulation")
	}
	if err := ctxErr(ctx); err != nil {
		return &SchedulerError{Scheduler: SchedulerName(e.sched), Time: e.now, Err: err}
	}
	if !builtin(e.sched) {
		return e.runGuarded(ctx, t, false)
	}
	return e.RunUntil(t)
}

// RunContext is RunUntil(until) (Run when until is +Inf) that also stops,
// with the context's error in a SchedulerError, when ctx is cancelled,
// and for which the simulation ends at until: jobs left waiting there on
// an idle machine with nothing to come are ErrStuck (a program that
// submits more jobs after it calls RunUntil). After an error the
// engine's state is that of an interrupted round: Reset it before reuse.
// The schedule, when no error happens, is RunUntil's, round for round.
// The context and the rounds without progress are looked at after every
// round of a scheduler of one's own (not of this package's, which end
// every simulation and whose runs are short). For such a scheduler a
// round asked for (WakeAt) in a round in which no job waits, runs or is
// to arrive, before and after the scheduler's pass, is not run: the
// simulation is over, and a scheduler that asks for a round every minute
// for ever (a periodic scheduling pass) ends as the others do (its
// schedule is the same; Result.Rounds and the weekly samples end with
// its last round asked for while jobs were there).
func (e *Engine) RunContext(ctx context.Context, until float64) error {
	return e.runGuarded(ctx, until, true)
}

// runGuarded is RunContext, and RunUntil when not final (the simulation may go
// on after until: no ErrStuck, and rounds asked for when nothing is left
// are kept).
func (e *Engine) runGuarded(ctx context.Context, until float64, final bool) (err error) {
	if e.running { // a scheduler's or hook's bug: the outer run's recover reports it
		panic("sim: Run called from inside the simulation")
	}
	if err := ctxErr(ctx); err != nil {
		return &SchedulerError{Scheduler: SchedulerName(e.sched), Time: e.now, Err: err}
	}
	inner := e.sched
	if !builtin(inner) { // this package's schedulers need no guard, nor its cost
		e.sched = &guard{inner: inner, ctx: ctx, done: ctx.Done(), final: final,
			last: [2]int{e.nRunning + e.nDone, e.nDone}}
		e.copyOut = true // Waiting and Running hand it copies; WakeAt counts its rounds
		e.wakeLimit = wakeCheck
	}
	defer func() {
		e.sched = inner
		e.copyOut = false
		if p := recover(); p != nil {
			e.running = false
			err = e.panicError(p, inner)
		}
	}()
	// Every round at a finite time ≤ until; then, when nothing is left to
	// happen (no job running or to arrive, no round asked for) and jobs
	// wait, they would wait for ever: runUntil(+Inf) would panic,
	// runUntil(until) leave them. Else, to +Inf, the end (no round is
	// left: the weekly samples to the end).
	e.runUntil(min(until, math.MaxFloat64))
	if !final {
		return nil
	}
	if e.nWaiting > 0 && math.IsInf(e.nextTime(), 1) {
		return &SchedulerError{Scheduler: SchedulerName(inner), Time: e.now,
			Err: fmt.Errorf("%w: %d jobs, job %d first", ErrStuck, e.nWaiting, e.id[e.Head()])}
	}
	if math.IsInf(until, 1) {
		e.runUntil(until)
	}
	return nil
}

// panicError is the error of a run that panicked with p, recovered in
// runGuarded's deferred call (so that the stack is still the panic's): a
// HookError when a hook was running, else a SchedulerError of sched.
func (e *Engine) panicError(p any, sched Scheduler) error {
	var msg error
	switch v := p.(type) {
	case guardStop:
		return &SchedulerError{Scheduler: SchedulerName(sched), Time: e.now, Err: v.err}
	case error:
		msg = v
	case string: // the engine's panics say "sim: …", as the error does
		msg = errors.New(strings.TrimPrefix(v, "sim: "))
	default:
		msg = fmt.Errorf("%v", v)
	}
	if h := hookPanic(); h != "" {
		return &HookError{Hook: h, Job: e.id[e.hookJ], Time: e.now, Err: msg, Stack: debug.Stack()}
	}
	return &SchedulerError{Scheduler: SchedulerName(sched), Time: e.now, Err: msg, Stack: debug.Stack()}
}

// HookError is the error of a simulation whose caller's OnStart or
// OnFinish hook panicked (or, from inside the hook, called the engine
// wrongly: Start of a job that is not waiting, Submit of a job in the
// past), returned by Run, RunUntil and RunContext. The scheduler is not
// at fault, so it is not a SchedulerError.
type HookError struct {
	Hook  string  // "OnStart" or "OnFinish"
	Job   int     // the ID (Job.ID) of the job of the last hook call (the hook's, unless it started a job whose OnStart returned)
	Time  float64 // the simulation's clock (Engine.Now) when it panicked
	Err   error   // the panic's value
	Stack []byte  // the stack where it panicked
}

func (e *HookError) Error() string {
	return fmt.Sprintf("sim: %s hook, at time %v, job %d: %v", e.Hook, e.Time, e.Job, e.Err)
}

func (e *HookError) Unwrap() error { return e.Err }

// callOnStart calls OnStart(e, j). It is not inlined: a panic with its
// frame on the stack is the hook's (hookPanic), which costs no mark around
// the call, and the engine's loop pays nothing for it when no hook is set.
//
//go:noinline
func (e *Engine) callOnStart(j int) {
	e.hookJ = j
	e.OnStart(e, j)
}

// callOnFinish calls OnFinish(e, j) (see callOnStart).
//
//go:noinline
func (e *Engine) callOnFinish(j int) {
	e.hookJ = j
	e.OnFinish(e, j)
}

// hookPanic returns the hook ("OnStart", "OnFinish") whose call is on the
// stack of a panic being recovered, the innermost, "" for none. Called by
// a deferred function, it sees the panicking frames, up to the run's.
func hookPanic() string {
	pc := make([]uintptr, 1024) // (a hook's own deep calls included)
	frames := runtime.CallersFrames(pc[:runtime.Callers(3, pc)])
	for {
		f, more := frames.Next()
		switch {
		case strings.HasSuffix(f.Function, "sim.(*Engine).callOnStart"):
			return "OnStart"
		case strings.HasSuffix(f.Function, "sim.(*Engine).callOnFinish"):
			return "OnFinish"
		case strings.HasSuffix(f.Function, "sim.(*Engine).runUntil") || !more:
			return "" // the run's own frames: no hook below
		}
	}
}

// startError is Start's panic for a j that is not a waiting job.
func (e *Engine) startError(j int) string {
	if uint(j) >= uint(len(e.state)) {
		return fmt.Sprintf("sim: Start(%d): no such job (%d submitted)", j, len(e.state))
	}
	what := "has not arrived"
	switch e.state[j] {
	case stateRunning:
		what = "is running"
	case stateDone:
		what = "has ended"
	}
	return fmt.Sprintf("sim: Start(%d): the job (ID %d) %s, it is not waiting", j, e.id[j], what)
}

// builtin reports whether s is one of this package's schedulers (FCFS,
// EASY, Conservative, Backfill, LogReplay), which end every simulation and
// are not guarded. A type of one's own wrapping or embedding one is
// guarded. (A type switch: a run to a time, RunUntil, asks once per call.)
func builtin(s Scheduler) bool {
	switch s.(type) {
	case *FCFS, *EASY, *Conservative, *Backfill, *LogReplay:
		return true
	}
	return false
}

// compactWakeups removes the times asked for (WakeAt) more than once
// from the engine's timers and ends the run with ErrTooManyWakeups when
// more than MaxWakeups distinct ones are left; the next check is when
// their number has doubled (from wakeCheck). A scheduler asking for rounds
// in a loop: the same times asked for again are one round (a round pops
// every time ≤ its own); more distinct ones than MaxWakeups would grow
// without bound. The guard calls it after a round, WakeAt within one.
func (e *Engine) compactWakeups() {
	slices.Sort(e.timers) // (a sorted slice is a heap)
	e.timers = slices.Compact(e.timers)
	if len(e.timers) > MaxWakeups {
		panic(guardStop{fmt.Errorf("%w: %d", ErrTooManyWakeups, len(e.timers))})
	}
	e.wakeLimit = max(2*len(e.timers), wakeCheck)
}

// guardStop is the panic by which the guard ends a run; RunContext
// recovers it.
type guardStop struct{ err error }

// guard is the scheduler RunContext puts between the engine and a
// scheduler for the run: it counts the rounds without progress and looks
// at the context after every round.
type guard struct {
	inner Scheduler
	ctx   context.Context
	done  <-chan struct{} // ctx.Done(), nil when ctx cannot be cancelled
	final bool            // the simulation ends with the run (RunContext, not RunUntil)
	idle  int             // rounds in a row with jobs waiting in which none started or ended
	last  [2]int          // jobs started, ended after the last round
	// timers is the engine's timers before a round in which no job
	// waits, runs or is to arrive.
	timers []float64
}

func (g *guard) Name() string { return SchedulerName(g.inner) }

func (g *guard) Schedule(e *Engine) {
	over := g.final && e.nWaiting == 0 && e.nRunning == 0 && e.arrJ < 0
	if over {
		g.timers = append(g.timers[:0], e.timers...)
	}
	g.inner.Schedule(e)
	if over && e.nWaiting == 0 && e.nRunning == 0 && e.arrJ < 0 {
		// Nothing waits, runs or is to arrive: the simulation is over,
		// and a round asked for now would do nothing but ask for the
		// next. (The rounds asked for before are run.)
		e.timers = append(e.timers[:0], g.timers...)
	}
	if len(e.timers) > e.wakeLimit {
		e.compactWakeups()
	}
	moved := [2]int{e.nRunning + e.nDone, e.nDone}
	switch {
	case e.nWaiting == 0 || moved != g.last:
		g.idle = 0
	default:
		if g.idle++; g.idle >= MaxIdleRounds {
			panic(guardStop{ErrNoProgress})
		}
	}
	g.last = moved
	if g.done != nil {
		select {
		case <-g.done:
			panic(guardStop{ctxErr(g.ctx)})
		default:
		}
	}
}
