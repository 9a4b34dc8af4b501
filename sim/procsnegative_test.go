package sim_test

import (
	"errors"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// TestNegativeProcsRefused: a negative sim.Options.Procs is an error
// wrapping sim.ErrMachineSize wherever Options are taken (the README's
// options rule); before, Options.Machine took it as 0, the log's machine
// size, and the simulation ran on it silently. 0 keeps the log's size.
func TestNegativeProcsRefused(t *testing.T) {
	t.Parallel()
	tr := datasets.Sample()
	for _, tc := range []struct {
		name string
		run  func(sim.Options) error
	}{
		{"sim.Replay", func(o sim.Options) error {
			_, err := sim.Replay(tr, &sim.EASY{}, o)
			return err
		}},
		{"feedback.NewWorkload", func(o sim.Options) error {
			_, err := feedback.NewWorkload(tr, feedback.WorkloadOptions{Sim: o})
			return err
		}},
	} {
		for _, procs := range []int{-1, -128} {
			if err := tc.run(sim.Options{Procs: procs}); !errors.Is(err, sim.ErrMachineSize) {
				t.Errorf("%s with Procs %d: error %v, want one wrapping sim.ErrMachineSize", tc.name, procs, err)
			}
		}
		if err := tc.run(sim.Options{}); err != nil {
			t.Errorf("%s with Procs 0 (the log's size): %v", tc.name, err)
		}
	}
}
