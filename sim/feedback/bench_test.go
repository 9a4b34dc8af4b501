package feedback

import (
	"fmt"
	"testing"

	"github.com/tracelab/tracelab/internal/cputime"
	"github.com/tracelab/tracelab/sim"
)

// BenchmarkSimulate times feedback simulations of real logs: the workload
// (sim.Prepare and session.Analyze of the log's jobs) and the simulation,
// not the reading of the SWF file. The target: a fluid-model EASY
// simulation of CEA-Curie (312,826 jobs) in at most 2 s on one core
// (go test -bench Simulate -cpu 1). cpu-ns/op is the CPU time (steadier
// than the wall time on a shared machine).
func BenchmarkSimulate(b *testing.B) {
	for _, log := range []string{"KTH-SP2", "SDSC-SP2", "CEA-Curie"} {
		tr := realTrace(b, log)
		w := realWorkload(b, log)
		b.Run(log+"/workload", func(b *testing.B) {
			for b.Loop() {
				if _, err := NewWorkload(tr, WorkloadOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		for _, m := range []Model{Adjusted{}, Distribution{}, Fluid{}} {
			for _, s := range []string{"fcfs", "easy"} {
				b.Run(fmt.Sprintf("%s/%s/%s", log, m.Name(), s), func(b *testing.B) {
					f, _ := sim.FactoryOf(s)
					cpu := cputime.Process()
					for b.Loop() {
						if _, err := Simulate(w, f(), Options{Model: m, Seed: 1}); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(w.Len())*float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
					b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
				})
			}
		}
	}
}

// BenchmarkCurieFluidEASY is the end-to-end target: from the
// loaded log to the result (workload + fluid EASY feedback simulation).
func BenchmarkCurieFluidEASY(b *testing.B) {
	tr := realTrace(b, "CEA-Curie")
	for b.Loop() {
		w, err := NewWorkload(tr, WorkloadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Simulate(w, &sim.EASY{}, Options{Model: Fluid{}, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUserAware times feedback simulations under the user-aware
// scheduler (Feitelson 2021 Figs. 19–21: the distribution model, α 0.5
// and 1) on a real log, with the CPU time (cpu-ns/op: steadier than the
// wall time on a shared machine).
func BenchmarkUserAware(b *testing.B) {
	w := realWorkload(b, "SDSC-SP2")
	for _, alpha := range []float64{0.5, 1} {
		b.Run(fmt.Sprintf("SDSC-SP2/%g", alpha), func(b *testing.B) {
			cpu := cputime.Process()
			for b.Loop() {
				if _, err := Simulate(w, &UserAware{Alpha: alpha}, Options{Model: Distribution{}, Seed: 1}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
