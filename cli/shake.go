package cli

import (
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/shake"
	"github.com/tracelab/tracelab/sim/sweep"
)

// The shaking experiments (Zakay and Feitelson 2013 §6.5.3; package
// sim/shake): tracelab sweep LOG --experiment shake-session --reps 1000.
func init() {
	for _, level := range shake.Levels {
		registerSweepExperiment(sweepExperimentDef{name: "shake-" + level.String(),
			summary: "the scheduler on the log with each " + level.String() + "'s arrivals shifted by up to 60 s (input shaking, 2013 §6.5.3)",
			make: func(c sweepConfig) (sweep.Experiment, error) {
				f, err := sim.FactoryOf(c.scheduler)
				if err != nil {
					return nil, usagef("--scheduler: %v", err)
				}
				procs := sim.Options{}.MachineSize(c.trace)
				jobs, _, err := sim.Prepare(c.trace, procs, sim.Options{})
				if err != nil {
					return nil, err
				}
				return shake.NewExperiment(shake.Workload{Name: c.trace.Name, Jobs: jobs, Procs: procs}, f, shake.Options{Level: level})
			}})
	}
}
