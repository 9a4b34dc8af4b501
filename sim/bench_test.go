package sim

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/tracelab/tracelab/internal/cputime"
)

// Speed targets of issue 6 (one core: go test -bench . -cpu 1):
//
//	EASY on SDSC-BLUE (243,306 jobs) ≤ 0.3 s; EASY on SDSC-SP2 ≥ 1,000,000
//	jobs/s; FCFS ≥ 5,000,000 jobs/s.
//
// BenchmarkReplay times the simulation of a prepared workload (Run), not
// the reading of the log, and reports jobs/s and the bytes allocated per
// job, and the CPU time (cpu-ns/op, jobs/cpu-s: steadier than the wall
// time on a shared machine; run with -cpu 1).
func BenchmarkReplay(b *testing.B) {
	for _, log := range []string{"SDSC-SP2", "HPC2N", "SDSC-BLUE"} {
		tr := loadLog(b, log)
		procs := tr.MaxProcs()
		jobs, _, err := Prepare(tr, procs, Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, name := range []string{"fcfs", "easy", "easy-sjbf", "conservative", "conservative:1000"} {
			b.Run(log+"/"+name, func(b *testing.B) {
				f, _ := FactoryOf(name)
				b.ReportAllocs()
				var ms0, ms1 runtime.MemStats
				runtime.ReadMemStats(&ms0)
				start, cpu := time.Now(), cputime.Process()
				for b.Loop() {
					if _, err := Run(jobs, procs, f(), EngineOptions{}); err != nil {
						b.Fatal(err)
					}
				}
				el, cpuEl := time.Since(start), cputime.Process()-cpu
				runtime.ReadMemStats(&ms1)
				n := float64(b.N) * float64(len(jobs))
				b.ReportMetric(n/el.Seconds(), "jobs/s")
				b.ReportMetric(n/(float64(cpuEl)/1e9), "jobs/cpu-s")
				b.ReportMetric(float64(cpuEl)/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/n, "B/job")
			})
		}
		// One engine and one scheduler reused (Engine.Reset, Resetter),
		// as a worker of a sweep runs its simulations.
		for _, name := range []string{"fcfs", "easy", "conservative"} {
			b.Run(log+"/reuse-"+name, func(b *testing.B) {
				f, _ := FactoryOf(name)
				s := f()
				e, err := NewEngine(procs, s, EngineOptions{})
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				start, cpu := time.Now(), cputime.Process()
				for b.Loop() {
					s.(Resetter).Reset()
					if err := e.Reset(procs, s, EngineOptions{}); err != nil {
						b.Fatal(err)
					}
					e.SubmitAll(jobs)
					e.Run()
				}
				el, cpuEl := time.Since(start), cputime.Process()-cpu
				n := float64(b.N) * float64(len(jobs))
				b.ReportMetric(n/el.Seconds(), "jobs/s")
				b.ReportMetric(n/(float64(cpuEl)/1e9), "jobs/cpu-s")
				b.ReportMetric(float64(cpuEl)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// deepWorkload returns n jobs that all arrive at time 0 on a machine of 128
// processors: widths 1–128 (powers of two more likely), runtimes up to a
// day, estimates up to three times the runtime.
func deepWorkload(n int) []Job {
	rng := rand.New(rand.NewPCG(6, 6))
	jobs := make([]Job, n)
	for i := range jobs {
		w := 1 << rng.IntN(8)
		if rng.IntN(4) == 0 {
			w = 1 + rng.IntN(128)
		}
		run := float64(1 + rng.IntN(86400))
		jobs[i] = Job{ID: i, Submit: 0, Runtime: run, Estimate: run * (1 + 2*rng.Float64()), Procs: w}
	}
	return jobs
}

// BenchmarkDeepQueue times the pathological workload of n jobs arriving at
// once, to show how the cost per job grows with the depth of the queue.
// Exact conservative backfilling moves most reserved jobs at most early
// ends (Θ(n²) moves), so it is run at n ≤ 4,000 only; with a reservation
// depth of 1,000 ("conservative:1000") it runs at every size.
func BenchmarkDeepQueue(b *testing.B) {
	for _, name := range []string{"fcfs", "easy", "easy-sjbf", "conservative", "conservative:1000"} {
		for _, n := range deepSizes(name) {
			b.Run(fmt.Sprintf("%s/n=%d", name, n), func(b *testing.B) {
				jobs := deepWorkload(n)
				f, _ := FactoryOf(name)
				start := time.Now()
				for b.Loop() {
					if _, err := Run(jobs, 128, f(), EngineOptions{}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N)/float64(n), "ns/job")
			})
		}
	}
}

func deepSizes(name string) []int {
	if name == "conservative" {
		return []int{1000, 2000, 4000}
	}
	return []int{1000, 10000, 100000}
}
