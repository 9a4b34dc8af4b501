package sim_test

import (
	"os"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/cputime"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// satVariant is a resampled variant prepared for an EASY pass.
type satVariant struct {
	jobs  []sim.Job
	procs int
	start float64
}

// satVariants generates the variants of log under reading o with the
// seeds of the 2013 §6.1 bootstrap's first n replicates
// (sweep.Seed(2013, 0 … n−1)) and prepares them (sim.Options{}).
func satVariants(tb testing.TB, log string, o resample.Options, n int) []satVariant {
	tb.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		tb.Skip("TRACELAB_DATA not set")
	}
	tr, err := datasets.Load(log)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := resample.NewPools(tr, resample.PoolOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	vs := make([]satVariant, n)
	for k := range vs {
		o.Seed = sweep.Seed(2013, k)
		r, err := p.Generate(o)
		if err != nil {
			tb.Fatal(err)
		}
		jobs, _, procs, err := r.Jobs(sim.Options{})
		if err != nil {
			tb.Fatal(err)
		}
		vs[k] = satVariant{jobs, procs, r.Start}
	}
	return vs
}

// BenchmarkSaturatedImmediate times the EASY pass alone (submit and run,
// one engine and scheduler reused, as a worker of the bootstrap does) on
// the variants of HPC2N under the "immediate" reading of the 2013 §6.1
// bootstrap (long-term users regenerate right after their activity),
// seeds sweep.Seed(2013, 0, 1, 2) in turn. These variants saturate
// (utilisation ≈ 0.99, queues of thousands of jobs): the costliest
// reading of the bootstrap (issue 24).
func BenchmarkSaturatedImmediate(b *testing.B) {
	if testing.Short() {
		b.Skip("whole logs: not in -short")
	}
	vs := satVariants(b, "HPC2N", resample.Options{Regeneration: resample.RegenerateImmediately}, 3)
	b.Run("HPC2N", func(b *testing.B) {
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
	})
}
