package sim

import (
	"math"
	"testing"

	"github.com/tracelab/tracelab/internal/cputime"
)

// BenchmarkRunUntil times a program that feeds the engine an hour of
// arrivals at a time (SubmitAll, then RunUntil to the hour's end), one
// engine and scheduler reused (Reset), as an online simulation does: the
// path of RunUntil's error return (no guard for this package's
// schedulers). "+hooks" sets OnStart and OnFinish, whose calls are
// marked for the error of a hook's panic. Run with -cpu 1 and compare
// cpu-ns/op (the CPU time: steadier than the wall time on a shared
// machine). (The loop ignores RunUntil's
// result so that it compiles against the engine before RunUntil had one:
// the A/B of that change.)
func BenchmarkRunUntil(b *testing.B) {
	tr := loadLog(b, "SDSC-SP2")
	procs := tr.MaxProcs()
	jobs, _, err := Prepare(tr, procs, Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		hooks bool
	}{{"fcfs", false}, {"easy", false}, {"easy+hooks", true}} {
		b.Run("SDSC-SP2/"+c.name, func(b *testing.B) {
			f, _ := FactoryOf(c.name[:4])
			s := f()
			e, err := NewEngine(procs, s, EngineOptions{})
			if err != nil {
				b.Fatal(err)
			}
			starts, ends := 0, 0
			if c.hooks {
				e.OnStart = func(*Engine, int) { starts++ }
				e.OnFinish = func(*Engine, int) { ends++ }
			}
			run := func() {
				s.(Resetter).Reset()
				if err := e.Reset(procs, s, EngineOptions{}); err != nil {
					b.Fatal(err)
				}
				for i := 0; i < len(jobs); {
					until := jobs[i].Submit + 3600
					k := i
					for k < len(jobs) && jobs[k].Submit < until {
						k++
					}
					e.SubmitAll(jobs[i:k])
					e.RunUntil(until)
					i = k
				}
				e.RunUntil(math.Inf(1))
				if e.NumDone() != len(jobs) {
					b.Fatalf("%d of %d jobs done", e.NumDone(), len(jobs))
				}
			}
			run() // the engine's arrays grown: no allocation per run after
			b.ReportAllocs()
			cpu := cputime.Process()
			for b.Loop() {
				run()
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
			if c.hooks && (starts == 0 || ends != starts) {
				b.Fatalf("%d starts, %d ends", starts, ends)
			}
		})
	}
}
