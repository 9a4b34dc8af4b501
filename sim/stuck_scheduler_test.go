package sim_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/sim"
)

// idle is a researcher's scheduler with a bug: it never starts a job.
type idle struct{}

func (idle) Schedule(*sim.Engine) {}
func (idle) Name() string         { return "test-idle" }

// TestStuckSchedulerNamed: the panic of a scheduler that leaves jobs
// waiting on an idle machine names the scheduler, so that a researcher
// running several (compare, a sweep) knows whose bug it is.
func TestStuckSchedulerNamed(t *testing.T) {
	defer func() {
		msg := fmt.Sprint(recover())
		if !strings.Contains(msg, "test-idle") || !strings.Contains(msg, "left 1 jobs waiting") {
			t.Errorf("panic %q does not name the scheduler and the waiting jobs", msg)
		}
	}()
	_, _ = sim.Run([]sim.Job{{ID: 1, Runtime: 1, Estimate: 1, Procs: 1}}, 1, idle{}, sim.EngineOptions{})
}
