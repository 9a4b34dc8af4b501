package resample

import (
	"context"
	"flag"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/cputime"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/sweep"
)

var replicateLogNames = flag.String("replicate-logs", "SDSC-SP2,SDSC-BLUE",
	"logs (comma-separated) of the replicate benchmarks; the default, those of issue 24's targets")

// replicateLogs returns the pools of the logs of -replicate-logs; it skips
// without TRACELAB_DATA.
func replicateLogs(b *testing.B) []*Pools {
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA not set")
	}
	return loadPools(b, strings.Split(*replicateLogNames, ",")...)
}

// easyVariant is a resampled variant prepared for the EASY pass: its jobs
// (sim.Prepare), machine size and window start.
type easyVariant struct {
	jobs  []sim.Job
	procs int
	start float64
}

// easyVariants generates and prepares the variants of p with options o
// and seeds 0 … n−1.
func easyVariants(b *testing.B, p *Pools, o Options, n int) []easyVariant {
	vs := make([]easyVariant, n)
	for k := range vs {
		o.Seed = uint64(k)
		r, err := p.Generate(o)
		if err != nil {
			b.Fatal(err)
		}
		jobs, _, procs, err := r.Jobs(sim.Options{})
		if err != nil {
			b.Fatal(err)
		}
		vs[k] = easyVariant{jobs, procs, r.Start}
	}
	return vs
}

// benchEASYPass times the EASY pass alone (submit and run, one engine and
// scheduler reused, the week origin at each variant's start as a
// replicate sets it) on the variants vs in turn, and reports the CPU
// nanoseconds per pass (cpu-ns/op) and the jobs simulated per CPU-second
// (jobs/cpu-s).
func benchEASYPass(b *testing.B, vs []easyVariant) {
	s := &sim.EASY{}
	e, err := sim.NewEngine(vs[0].procs, s, sim.EngineOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu, jobs := cputime.Process(), 0
	for i := 0; b.Loop(); i++ {
		v := vs[i%len(vs)]
		s.Reset()
		if err := e.Reset(v.procs, s, sim.EngineOptions{WeekOrigin: v.start}); err != nil {
			b.Fatal(err)
		}
		e.SubmitAll(v.jobs)
		e.Run()
		jobs += len(v.jobs)
	}
	el := cputime.Process() - cpu
	b.ReportMetric(float64(el)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(jobs)/(float64(el)/1e9), "jobs/cpu-s")
}

// BenchmarkVariantEASY times the EASY pass alone on a resampled variant
// (seed 1) of SDSC-SP2 and SDSC-BLUE: the simulation of prepared jobs,
// without generating them (issue 24: ≥ 3 M jobs/s on one core).
func BenchmarkVariantEASY(b *testing.B) {
	for _, p := range replicateLogs(b) {
		r, err := p.Generate(Options{Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		jobs, _, procs, err := r.Jobs(sim.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(p.Trace.Name, func(b *testing.B) {
			b.ReportAllocs()
			start, cpu := time.Now(), cputime.Process()
			for b.Loop() {
				if _, err := sim.Run(jobs, procs, &sim.EASY{}, sim.EngineOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			el, cpuEl := time.Since(start), cputime.Process()-cpu
			n := float64(b.N) * float64(len(jobs))
			b.ReportMetric(n/el.Seconds(), "jobs/s")
			b.ReportMetric(n/(float64(cpuEl)/1e9), "jobs/cpu-s")
			b.ReportMetric(float64(cpuEl)/float64(b.N), "cpu-ns/op")
		})
		// One engine and scheduler reused, as a worker of a sweep does:
		// the EASY pass of BenchmarkReplicate.
		b.Run(p.Trace.Name+"/reuse", func(b *testing.B) {
			s := &sim.EASY{}
			e, err := sim.NewEngine(procs, s, sim.EngineOptions{})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			start, cpu := time.Now(), cputime.Process()
			for b.Loop() {
				s.Reset()
				if err := e.Reset(procs, s, sim.EngineOptions{}); err != nil {
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

var replicateSeeds = flag.Int("replicate-seeds", 8, "variants (seeds 0, 1, …) cycled by BenchmarkReplicateEASY")

// BenchmarkReplicateEASY times the EASY pass alone (submit and run, one
// engine and scheduler reused) on the variants BenchmarkReplicate
// simulates: seeds 0, 1, …, -replicate-seeds − 1 in turn, generated and
// prepared before the timing, the week origin at each variant's start as
// a replicate sets it. With -benchtime=Nx for N = -replicate-seeds, this
// and BenchmarkReplicate run on the same variants, and the ratio of their
// cpu-ns/op is the cost of a replicate over its EASY pass (issue 24's
// ≤ 1.25×), free of the variation of EASY's cost from variant to variant.
func BenchmarkReplicateEASY(b *testing.B) {
	for _, p := range replicateLogs(b) {
		vs := easyVariants(b, p, Options{}, *replicateSeeds)
		b.Run(p.Trace.Name, func(b *testing.B) { benchEASYPass(b, vs) })
	}
}

// BenchmarkReplicate times one replicate of the bootstrap experiment of
// 2013 §6.1 (generate a variant, simulate it under EASY, measure it) on
// one goroutine, seeds 0, 1, 2, …, and reports the bytes and allocations
// per replicate (issue 24: a replicate ≤ 1.25× the EASY pass alone; ≤ 20
// MB and ≤ 500 allocations per SDSC-BLUE replicate after warm-up).
func BenchmarkReplicate(b *testing.B) {
	for _, p := range replicateLogs(b) {
		e, err := NewExperiment(p, ExperimentOptions{})
		if err != nil {
			b.Fatal(err)
		}
		ctx := context.Background()
		b.Run(p.Trace.Name, func(b *testing.B) {
			if _, err := e.Replicate(ctx, 0, 1, 0); err != nil { // warm-up
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := cputime.Process()
			for i := 0; b.Loop(); i++ {
				if _, err := e.Replicate(ctx, uint64(i), 1, 0); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkBootstrapReadings times the bootstrap of SDSC-SP2 under three
// readings that share the pools and the simulation conventions (default,
// cycle, activity), 4 replicates each on one worker: mostly the cost of
// setting up a reading (pools, the digest of the log, the reference
// simulation), which issue 24 caches across readings.
func BenchmarkBootstrapReadings(b *testing.B) {
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA not set")
	}
	tr, err := datasets.Load("SDSC-SP2")
	if err != nil {
		b.Fatal(err)
	}
	var rds []Reading
	for _, n := range []string{"default", "cycle", "activity"} {
		rd, err := ReadingByName(n)
		if err != nil {
			b.Fatal(err)
		}
		rds = append(rds, rd)
	}
	ctx := context.Background()
	b.ReportAllocs()
	cpu := cputime.Process()
	for b.Loop() {
		for _, rd := range rds {
			if _, err := RunBootstrap(ctx, tr, rd, BootstrapOptions{Replicates: 4, Seed: 1}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
}

// BenchmarkReplicateGeneration times the generation phase of a replicate
// (Experiment.replicate): placing the users and emitting their jobs (a
// lean generate) and sorting them into submit order (ordered), one
// generator reused as a sweep's worker does, seeds 0, 1, … (with
// -benchtime Nx every run sees the same variants).
func BenchmarkReplicateGeneration(b *testing.B) {
	for _, p := range replicateLogs(b) {
		b.Run(p.Trace.Name, func(b *testing.B) {
			var g generator
			if _, err := p.generate(&g, Options{}, true); err != nil { // warm-up
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := cputime.Process()
			for i := 0; b.Loop(); i++ {
				if _, err := p.generate(&g, Options{Seed: uint64(i)}, true); err != nil {
					b.Fatal(err)
				}
				g.ordered()
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

var tableVariants = flag.Int("table-variants", 20, "variants per reading of BenchmarkBootstrapTable")

// BenchmarkBootstrapTable times the per-reading table of 2013 §6.1 on
// KTH-SP2 and SDSC-SP2: the 17 readings, -table-variants variants each,
// every bootstrap run alone (RunBootstrap) or all together
// (RunBootstraps, which shares the variants). The pools and the reference
// runs are made before the timing.
func BenchmarkBootstrapTable(b *testing.B) {
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA not set")
	}
	ctx := context.Background()
	rds := Readings()
	reps := make([]int, len(rds))
	for k := range reps {
		reps[k] = *tableVariants
	}
	for _, log := range []string{"KTH-SP2", "SDSC-SP2"} {
		tr, err := datasets.Load(log)
		if err != nil {
			b.Fatal(err)
		}
		for _, rd := range rds {
			if _, err := RunBootstrap(ctx, tr, rd, BootstrapOptions{Replicates: 1}); err != nil {
				b.Fatal(err)
			}
		}
		for _, shared := range []bool{false, true} {
			name := log + "/alone"
			if shared {
				name = log + "/shared"
			}
			b.Run(name, func(b *testing.B) {
				cpu := cputime.Process()
				for b.Loop() {
					if shared {
						if _, err := RunBootstraps(ctx, tr, rds, reps, BootstrapOptions{Seed: 1}); err != nil {
							b.Fatal(err)
						}
						continue
					}
					for _, rd := range rds {
						if _, err := RunBootstrap(ctx, tr, rd, BootstrapOptions{Replicates: *tableVariants, Seed: 1}); err != nil {
							b.Fatal(err)
						}
					}
				}
				b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

var (
	cellVariants = flag.Int("cell-variants", 50, "variants per reading of BenchmarkBootstrapCell")
	cellLogs     = flag.String("cell-logs", "SDSC-SP2,SDSC-BLUE", "logs (comma-separated) of BenchmarkBootstrapCell")
)

// BenchmarkBootstrapCell times the bootstrap of 2013 §6.1 as notebook 01
// runs it, on the logs of -cell-logs (default SDSC-SP2 and SDSC-BLUE): the
// literal reading (activity) and the common-week reading (default),
// -cell-variants variants each, on one worker (RunBootstraps). The pools
// and the reference runs are made before the timing.
func BenchmarkBootstrapCell(b *testing.B) {
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA not set")
	}
	ctx := context.Background()
	var rds []Reading
	for _, n := range []string{"activity", "default"} {
		rd, err := ReadingByName(n)
		if err != nil {
			b.Fatal(err)
		}
		rds = append(rds, rd)
	}
	reps := []int{*cellVariants, *cellVariants}
	for _, log := range strings.Split(*cellLogs, ",") {
		tr, err := datasets.Load(log)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := RunBootstraps(ctx, tr, rds, []int{1, 1}, BootstrapOptions{Sweep: sweep.Options{Workers: 1}}); err != nil {
			b.Fatal(err)
		}
		b.Run(log, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cputime.Process()
			for b.Loop() {
				if _, err := RunBootstraps(ctx, tr, rds, reps, BootstrapOptions{Seed: 1, Sweep: sweep.Options{Workers: 1}}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
