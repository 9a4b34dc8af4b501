package sim_test

import (
	"testing"

	"github.com/tracelab/tracelab/sim"
)

// opensAt is a researcher's scheduler that starts jobs (greedily, in order
// of arrival) only from time Open on, and asks for a round then.
type opensAt struct{ Open float64 }

func (s opensAt) Schedule(e *sim.Engine) {
	if e.Now() < s.Open {
		e.WakeAt(s.Open)
		return
	}
	for _, j := range e.Waiting() {
		if e.Width(j) <= e.Free() {
			e.Start(j)
		}
	}
}

// TestWakeAtFirstCall: a round asked for by the first WakeAt of a
// simulation comes, whatever its time — zero included (the engine once took
// the zero value of its last wake-up time for a wake-up already asked for,
// and dropped WakeAt(0) on a clock that starts before 0, as shaken or
// hand-made workloads do). The job waits from −100 and starts at Open.
func TestWakeAtFirstCall(t *testing.T) {
	for _, open := range []float64{0, 5, -50} {
		r, err := sim.Run([]sim.Job{{ID: 1, Submit: -100, Runtime: 1, Estimate: 1, Procs: 1}}, 1, opensAt{open}, sim.EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Start[0] != open {
			t.Errorf("open at %v: the job starts at %v", open, r.Start[0])
		}
	}
}
