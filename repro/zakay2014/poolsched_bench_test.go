package zakay2014

import (
	"os"
	"testing"

	"github.com/tracelab/tracelab/internal/cputime"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// BenchmarkPoolScheduler times the pool scheduler (EASY and FCFS on each
// pool) on CEA-Curie's three pools, the log as it is (no feedback): the
// conventional simulation of Table I and Fig. 10.
func BenchmarkPoolScheduler(b *testing.B) {
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA not set")
	}
	tr, err := study.Log("CEA-Curie")
	if err != nil {
		b.Fatal(err)
	}
	w, err := feedback.NewWorkload(tr, feedback.WorkloadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		easy bool
	}{{"easy", true}, {"fcfs", false}} {
		b.Run(tt.name, func(b *testing.B) {
			f, err := newPoolScheduler(w.Trace, logPools["CEA-Curie"], tt.easy)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := cputime.Process()
			for b.Loop() {
				if _, err := sim.Run(w.Jobs, w.Procs, f(), sim.EngineOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
