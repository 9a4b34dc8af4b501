package quality

import (
	"syscall"
	"testing"

	"github.com/tracelab/tracelab/datasets/datasetstest"
)

// BenchmarkCheck is the whole check of a large log (CEA-Curie: 312,826
// jobs); the target is under 1 s.
func BenchmarkCheck(b *testing.B) {
	for _, name := range []string{"KTH-SP2", "CEA-Curie"} {
		tr := datasetstest.Load(b, name)
		b.Run(name, func(b *testing.B) {
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := Check(tr, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			// CPU time of the process per check: on a loaded machine the
			// wall time overstates the work.
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime returns the user and system CPU time of the process so far, ns.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
