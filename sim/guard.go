package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime/debug"
	"strings"
)

// SchedulerError is the error of a simulation that its scheduler broke or
// that was interrupted, returned by Engine.RunContext (and so by
// Engine.Run, Run, Replay and the experiments built on them) instead of a
// panic or a run without end. Err says what happened:
//
//   - the scheduler panicked (in Schedule, Arrive or Finish), or called
//     the engine wrongly: Start of a job that is not waiting or does not
//     fit, Shadow of more processors than the machine has (Err holds the
//     panic's message; Stack the goroutine's stack at the panic);
//   - ErrStuck: it left jobs waiting on an idle machine with nothing
//     left to happen (no job to arrive, no round asked for), at the end
//     of the run (a finite until included), so that they would wait for
//     ever;
//   - ErrNoProgress: jobs waited through MaxIdleRounds rounds in a row
//     (arrivals and rounds it asked for: WakeAt) in which no job started
//     or ended. A run to a finite time that ends sooner ends without an
//     error, its jobs left waiting: until then, a scheduler asking for a
//     round every second while it holds its jobs may be a policy that
//     holds jobs for a time (as one that starts wide jobs at night);
//   - the context's error (errors.Is(err, context.Canceled)): the
//     simulation was cancelled between two rounds, as a sweep cancels the
//     others when one fails, or a command when interrupted. This is what
//     bounds a slow scheduler; a Schedule call that never returns cannot
//     be stopped from outside it.
//
// Scheduler is the scheduler's name (SchedulerName), so that the error of
// a sweep or a comparison of several schedulers says whose it is.
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
// that lets jobs wait for ever (see SchedulerError).
var (
	ErrStuck      = errors.New("jobs left waiting on an idle machine with no event to come")
	ErrNoProgress = errors.New("jobs waited through MaxIdleRounds rounds in a row in which none started or ended (a WakeAt without end?)")
)

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
// for rounds without end), nil otherwise. This package's schedulers run
// unguarded (see RunContext), as fast as RunUntil. A panic of the
// caller's OnStart or OnFinish hook is reported so too.
func (e *Engine) Run() error {
	return e.RunContext(context.Background(), math.Inf(1))
}

// RunContext is RunUntil(until) (Run when until is +Inf) that returns a
// *SchedulerError instead of panicking or running for ever when the
// scheduler breaks the simulation, and that stops, with the context's
// error in a SchedulerError, when ctx is cancelled. After an error the
// engine's state is that of an interrupted round: Reset it before reuse.
// The schedule, when no error happens, is RunUntil's, round for round.
// The context and the rounds without progress are looked at after every
// round of a scheduler of one's own (not of this package's, which end
// every simulation and whose runs are short). For such a scheduler a
// round asked for (WakeAt) in a round in which no job waits, runs or is
// to arrive, before and after the scheduler's pass, is not run: the
// simulation is over, and a scheduler that asks for a round every minute
// for ever (a periodic scheduling pass) ends as the others do, where
// RunUntil(+Inf) would never return (its schedule is the same; Result.Rounds
// and the weekly samples end with its last round asked for while jobs
// were there).
func (e *Engine) RunContext(ctx context.Context, until float64) (err error) {
	if e.running { // a scheduler's bug: the outer run's recover reports it
		panic("sim: Run called from inside the simulation")
	}
	if err := ctx.Err(); err != nil {
		return &SchedulerError{Scheduler: SchedulerName(e.sched), Time: e.now, Err: err}
	}
	inner := e.sched
	if !builtin(inner) { // this package's schedulers need no guard, nor its cost
		e.sched = &guard{inner: inner, ctx: ctx, done: ctx.Done(), last: [2]int{e.nRunning + e.nDone, e.nDone}}
	}
	defer func() {
		e.sched = inner
		p := recover()
		if p == nil {
			return
		}
		se := &SchedulerError{Scheduler: SchedulerName(inner), Time: e.now}
		switch v := p.(type) {
		case guardStop:
			se.Err = v.err
		case error:
			se.Err, se.Stack = v, debug.Stack()
		case string: // the engine's panics say "sim: …", as the error does
			se.Err, se.Stack = errors.New(strings.TrimPrefix(v, "sim: ")), debug.Stack()
		default:
			se.Err, se.Stack = fmt.Errorf("%v", v), debug.Stack()
		}
		err = se
	}()
	// Every round at a finite time ≤ until; then, when nothing is left to
	// happen (no job running or to arrive, no round asked for) and jobs
	// wait, they would wait for ever: RunUntil(+Inf) would panic,
	// RunUntil(until) leave them. Else, to +Inf, the end (no round is left: the weekly samples
	// to the end).
	e.RunUntil(min(until, math.MaxFloat64))
	if e.nWaiting > 0 && math.IsInf(e.nextTime(), 1) {
		return &SchedulerError{Scheduler: SchedulerName(inner), Time: e.now,
			Err: fmt.Errorf("%w: %d jobs, job %d first", ErrStuck, e.nWaiting, e.id[e.Head()])}
	}
	if math.IsInf(until, 1) {
		e.RunUntil(until)
	}
	return nil
}

// builtin reports whether s is one of this package's schedulers (a
// pointer to a type of package sim: FCFS, EASY, Conservative, Backfill,
// LogReplay), which end every simulation and are not guarded. A type of
// one's own wrapping or embedding one is guarded.
func builtin(s Scheduler) bool {
	t := reflect.TypeOf(s)
	return t.Kind() == reflect.Pointer && t.Elem().PkgPath() == pkgPath
}

var pkgPath = reflect.TypeOf(FCFS{}).PkgPath()

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
	idle  int             // rounds in a row with jobs waiting in which none started or ended
	last  [2]int          // jobs started, ended after the last round
	// timers is the engine's timers before a round in which no job
	// waits, runs or is to arrive.
	timers []float64
}

func (g *guard) Name() string { return SchedulerName(g.inner) }

func (g *guard) Schedule(e *Engine) {
	over := e.nWaiting == 0 && e.nRunning == 0 && e.arrJ < 0
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
			panic(guardStop{g.ctx.Err()})
		default:
		}
	}
}
