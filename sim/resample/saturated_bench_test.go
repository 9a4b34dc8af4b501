package resample

import (
	"fmt"
	"os"
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
		vs := easyVariants(b, p, Options{Load: 1.5}, 3)
		b.Run(fmt.Sprintf("%s/load=1.5", p.Trace.Name), func(b *testing.B) { benchEASYPass(b, vs) })
	}
}

// deepCases are the long or loaded variants of zakay2013 §6.2–6.3 that
// BenchmarkDeepEASY simulates: SDSC-DS five times as long (§6.2, Fig. 10),
// OSC-cluster with six times its users (§6.3, Fig. 11) and the top load
// factors of Fig. 12's sweeps (1.5 for SDSC-DS and SDSC-BLUE, 9 for
// OSC-cluster), next to each log's variant as resampled (the default
// reading, the bootstrap's of §6.1) for scale.
var deepCases = []struct {
	log, name string
	o         Options
}{
	{"SDSC-DS", "default", Options{}},
	{"SDSC-DS", "extend=5", Options{Extend: 5}},
	{"SDSC-DS", "load=1.5", Options{Load: 1.5}},
	{"SDSC-BLUE", "load=1.5", Options{Load: 1.5}},
	{"OSC-Clust", "default", Options{}},
	{"OSC-Clust", "load=6", Options{Load: 6}},
	{"OSC-Clust", "load=9", Options{Load: 9}},
}

// BenchmarkDeepEASY times the EASY pass alone (submit and run, one engine
// and scheduler reused, as a worker of a sweep does) on the deepCases,
// seeds 0, 1, 2 in turn, generated and prepared before the timing. Besides
// cpu-ns/op and jobs/cpu-s it reports jobs/op (the variants' mean size)
// and max-queue, the longest queue after a scheduling pass over the
// variants (Result.MaxQueue): EASY keeps its block tree only while the
// queue spans more than 2,048 positions (sim's treeOn), so the cases
// below that never use it.
func BenchmarkDeepEASY(b *testing.B) {
	if testing.Short() {
		b.Skip("whole logs: not in -short")
	}
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA not set")
	}
	pools := map[string]*Pools{} // loaded when a case of the log runs
	for _, c := range deepCases {
		b.Run(c.log+"/"+c.name, func(b *testing.B) {
			if pools[c.log] == nil {
				pools[c.log] = loadPools(b, c.log)[0]
			}
			benchDeepPass(b, easyVariants(b, pools[c.log], c.o, 3))
		})
	}
}

// benchDeepPass is benchEASYPass that also reports jobs/op and max-queue
// (read from the engine after each pass, outside the timing). With b.Loop
// the sub-benchmark's body runs once, so the logs are loaded and the
// variants generated once, outside the timing.
func benchDeepPass(b *testing.B, vs []easyVariant) {
	s := &sim.EASY{}
	e, err := sim.NewEngine(vs[0].procs, s, sim.EngineOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var el int64
	jobs, maxQueue := 0, 0
	for i := 0; b.Loop(); i++ {
		v := vs[i%len(vs)]
		cpu := cputime.Process()
		s.Reset()
		if err := e.Reset(v.procs, s, sim.EngineOptions{WeekOrigin: v.start}); err != nil {
			b.Fatal(err)
		}
		e.SubmitAll(v.jobs)
		e.Run()
		el += cputime.Process() - cpu
		jobs += len(v.jobs)
		b.StopTimer()
		maxQueue = max(maxQueue, e.Result().MaxQueue)
		b.StartTimer()
	}
	b.ReportMetric(float64(el)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(jobs)/(float64(el)/1e9), "jobs/cpu-s")
	b.ReportMetric(float64(jobs)/float64(b.N), "jobs/op")
	b.ReportMetric(float64(maxQueue), "max-queue")
}
