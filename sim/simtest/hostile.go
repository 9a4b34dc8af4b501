package simtest

import (
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/tracelab/tracelab/sim"
)

// FCFS is first-come-first-serve written on the engine's public API only
// (Waiting, Width, Free, Start), as a researcher would: it must give
// sim.FCFS's schedule start for start, on every path.
type FCFS struct{}

// Schedule starts the waiting jobs in order of arrival while the first
// fits.
func (FCFS) Schedule(e *sim.Engine) {
	for _, j := range e.Waiting() {
		if e.Width(j) > e.Free() {
			return
		}
		e.Start(j)
	}
}

// Reset does nothing (FCFS keeps no state).
func (FCFS) Reset() {}

// HostileKinds are the Kinds of Hostile.
var HostileKinds = []string{"panic", "idle", "misfit", "wake-same", "wake-forever", "slow",
	"start-twice", "start-unknown", "start-pending", "start-ended", "wake-flood"}

// Hostile is a scheduler of one's own with a bug of kind Kind:
//
//	panic         Schedule panics once a job waits
//	idle          never starts a job
//	misfit        starts every waiting job, whether it fits or not
//	wake-same     never starts a job; asks for a round now (WakeAt(Now)) at every round
//	wake-forever  never starts a job; asks for a round a second later at every round
//	slow          FCFS, sleeping Delay (default 1 ms) at every round
//	start-twice   starts the first waiting job twice in a row, when it fits
//	start-unknown starts job NumJobs(), which does not exist
//	start-pending starts the first job submitted that has not arrived yet
//	start-ended   FCFS, that starts again, at every round, the jobs it started that have ended
//	wake-flood    never starts a job; asks for 4,096 rounds (WakeAt) at new times at every round
//
// Every kind must end a simulation with an error naming it
// (sim.SchedulerError), never hang it or crash the program; slow must be
// stopped by cancelling the simulation's context.
type Hostile struct {
	Kind  string
	Delay time.Duration
	// OnRound, if not nil, is called at the start of every round
	// (Schedule), whatever the kind: a test cancels a simulation's context
	// from there, at a point that does not depend on the machine's speed
	// (see Trigger).
	OnRound func()
	started []int // start-ended: the jobs it started
}

// Name is "test-hostile:" and the kind.
func (h *Hostile) Name() string { return "test-hostile:" + h.Kind }

// Schedule misbehaves as Kind says.
func (h *Hostile) Schedule(e *sim.Engine) {
	if h.OnRound != nil {
		h.OnRound()
	}
	w := e.Waiting()
	switch h.Kind {
	case "panic":
		if len(w) > 0 {
			panic(fmt.Sprintf("a bug of mine at time %v", e.Now()))
		}
	case "idle":
	case "misfit":
		for _, j := range w {
			e.Start(j)
		}
	case "wake-same":
		e.WakeAt(e.Now())
	case "wake-forever":
		e.WakeAt(e.Now() + 1)
	case "start-twice":
		if len(w) > 0 && e.Width(w[0]) <= e.Free() {
			j := w[0]
			e.Start(j)
			e.Start(j)
		}
	case "start-unknown":
		e.Start(e.NumJobs())
	case "start-pending":
		for j := range e.NumJobs() {
			if e.SubmitTime(j) > e.Now() {
				e.Start(j)
				return
			}
		}
	case "start-ended":
		for _, j := range h.started {
			if !math.IsNaN(e.EndTime(j)) {
				e.Start(j)
			}
		}
		for _, j := range e.Waiting() {
			if e.Width(j) > e.Free() {
				break
			}
			e.Start(j)
			h.started = append(h.started, j)
		}
	case "wake-flood":
		// Times 1 s, 1e6 s, 2e6 s, … ahead: the next round, a second
		// later, asks for 4,096 times none of which was asked for before.
		for i := range 4096 {
			e.WakeAt(e.Now() + 1 + float64(i)*1e6)
		}
	case "slow":
		d := h.Delay
		if d == 0 {
			d = time.Millisecond
		}
		time.Sleep(d)
		FCFS{}.Schedule(e)
	default:
		panic("simtest: unknown Hostile kind " + h.Kind)
	}
}

var hostileOnce sync.Once

// RegisterHostile registers "test-hostile:KIND" (a Hostile of each of
// HostileKinds; the bare name is "idle"), once however often it is called.
// It is not registered on import: package sim's own tests run every
// registered name and expect each to finish a simulation.
func RegisterHostile() {
	hostileOnce.Do(func() {
		sim.Register("test-hostile", func(param string) (sim.Factory, error) {
			if param == "" {
				param = "idle"
			}
			for _, k := range HostileKinds {
				if k == param {
					return func() sim.Scheduler { return &Hostile{Kind: k} }, nil
				}
			}
			return nil, fmt.Errorf("unknown kind %q", param)
		})
	})
}

// Trigger calls, once, the function it was last armed with, at the first
// round of a scheduler of its own (Slow) after Arm: a deterministic point,
// inside a simulation that has started, to cancel its context. A
// wall-clock timer is not one: on a busy machine it may fire before the
// first simulation starts, or after the last has ended. The zero Trigger
// is ready to use; it is safe for concurrent use.
type Trigger struct {
	mu sync.Mutex
	f  func()
}

// Arm makes f the function called at the next round of a scheduler of t's
// (once; then t is disarmed until armed again).
func (t *Trigger) Arm(f func()) {
	t.mu.Lock()
	t.f = f
	t.mu.Unlock()
}

// fire calls the function t is armed with, if any, and disarms t.
func (t *Trigger) fire() {
	t.mu.Lock()
	f := t.f
	t.f = nil
	t.mu.Unlock()
	if f != nil {
		f()
	}
}

// Slow returns a Hostile of kind slow (sleeping delay a round) whose rounds
// fire t.
func (t *Trigger) Slow(delay time.Duration) sim.Scheduler {
	return &Hostile{Kind: "slow", Delay: delay, OnRound: t.fire}
}
