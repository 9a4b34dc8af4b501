package shake

import (
	"context"
	"os"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/sweep"
)

// BenchmarkShakenEASY times 100 shaken EASY replicates of SDSC-SP2 at each
// level, as a sweep on the benchmark's GOMAXPROCS (-cpu 2 for the target of
// 1000 replicates in ≤ 2 minutes on 2 cores: ≤ 12 s per op).
func BenchmarkShakenEASY(b *testing.B) {
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA not set")
	}
	tr, err := datasets.Load("SDSC-SP2")
	if err != nil {
		b.Fatal(err)
	}
	procs := sim.Options{}.MachineSize(tr)
	jobs, _, err := sim.Prepare(tr, procs, sim.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, level := range Levels {
		b.Run(level.String(), func(b *testing.B) {
			exp, err := NewExperiment(Workload{Name: "SDSC-SP2", Jobs: jobs, Procs: procs}, func() sim.Scheduler { return &sim.EASY{} }, Options{Level: level})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := sweep.Run(context.Background(), sweep.Spec{Experiment: exp, Reps: 100, Seed: 1}, sweep.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
