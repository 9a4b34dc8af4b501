package resample

import (
	"fmt"
	"testing"
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
		vs := easyVariants(b, p, Options{Load: 1.5}, 3)
		b.Run(fmt.Sprintf("%s/load=1.5", p.Trace.Name), func(b *testing.B) { benchEASYPass(b, vs) })
	}
}
