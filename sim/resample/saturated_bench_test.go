package resample

import (
	"fmt"
	"testing"

	"github.com/tracelab/tracelab/internal/cputime"
	"github.com/tracelab/tracelab/sim"
)

// BenchmarkSaturatedEASY times the EASY pass alone (submit and run, one
// engine and scheduler reused) on saturated variants of zakay2013 Fig. 12
// (§6.3): SDSC-DS and SDSC-BLUE at load factor 1.5, seeds 0, 1, 2 in turn,
// generated and prepared before the timing. Their queues grow to 10⁴–10⁵
// waiting jobs, which backfilling passes search at every job end (issue
// 24).
func BenchmarkSaturatedEASY(b *testing.B) {
	if testing.Short() {
		b.Skip("whole logs: not in -short")
	}
	for _, p := range loadPools(b, "SDSC-DS", "SDSC-BLUE") {
		type variant struct {
			jobs  []sim.Job
			procs int
			start float64
		}
		var vs []variant
		for seed := range uint64(3) {
			r, err := p.Generate(Options{Seed: seed, Load: 1.5})
			if err != nil {
				b.Fatal(err)
			}
			jobs, _, procs, err := r.Jobs(sim.Options{})
			if err != nil {
				b.Fatal(err)
			}
			vs = append(vs, variant{jobs, procs, r.Start})
		}
		b.Run(fmt.Sprintf("%s/load=1.5", p.Trace.Name), func(b *testing.B) {
			s := &sim.EASY{}
			e, err := sim.NewEngine(vs[0].procs, s, sim.EngineOptions{})
			if err != nil {
				b.Fatal(err)
			}
			cpu := cputime.Process()
			for i := 0; b.Loop(); i++ {
				v := vs[i%len(vs)]
				s.Reset()
				if err := e.Reset(v.procs, s, sim.EngineOptions{WeekOrigin: v.start}); err != nil {
					b.Fatal(err)
				}
				e.SubmitAll(v.jobs)
				e.Run()
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
