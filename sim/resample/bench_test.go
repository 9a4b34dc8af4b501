package resample

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/cputime"
	"github.com/tracelab/tracelab/sim/sweep"
)

// benchLogs returns the embedded sample and, with TRACELAB_DATA, SDSC-SP2
// (the log of the speed targets) and the real logs named.
func benchLogs(b *testing.B, real ...string) []*Pools {
	names := []string{"sample"}
	if os.Getenv("TRACELAB_DATA") != "" {
		names = append(append(names, "SDSC-SP2"), real...)
	}
	return loadPools(b, names...)
}

// loadPools builds the pools of each named log (datasets.Load), named as
// asked.
func loadPools(b *testing.B, names ...string) []*Pools {
	var out []*Pools
	for _, n := range names {
		tr, err := datasets.Load(n)
		if err != nil {
			b.Fatal(err)
		}
		p, err := NewPools(tr, PoolOptions{})
		if err != nil {
			b.Fatal(err)
		}
		p.Trace.Name = n
		out = append(out, p)
	}
	return out
}

// BenchmarkGenerate measures generating a resampled log as long as the
// original and five times as long (target: SDSC-SP2 ×5 in ≤ 0.5 s).
func BenchmarkGenerate(b *testing.B) {
	for _, p := range benchLogs(b) {
		for _, x := range []float64{1, 5} {
			b.Run(fmt.Sprintf("%s/extend=%g", p.Trace.Name, x), func(b *testing.B) {
				jobs := 0
				for i := 0; b.Loop(); i++ {
					r, err := p.Generate(Options{Extend: x, Seed: uint64(i)})
					if err != nil {
						b.Fatal(err)
					}
					jobs = r.Trace.Len()
				}
				b.ReportMetric(float64(jobs), "jobs")
			})
		}
	}
}

// BenchmarkPools measures classifying a log's users into pools.
func BenchmarkPools(b *testing.B) {
	for _, p := range benchLogs(b) {
		b.Run(p.Trace.Name, func(b *testing.B) {
			for b.Loop() {
				if _, err := NewPools(p.Trace, PoolOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSweep measures replicates of the resample-and-simulate
// experiment under EASY run by package sweep on 1 and 2 workers; ns/op is
// the cost of one replicate (target: 1000 replicates of SDSC-SP2 in ≤ 2
// minutes on 2 cores, that is ≤ 120 ms per replicate with 2 workers; run
// with -benchtime=1000x for the whole sweep; cpu-ns/op is the CPU time
// of every thread per replicate). SDSC-BLUE, the largest log
// of the bootstrap of §6.1, gives the cost of its 1000 replicates.
func BenchmarkSweep(b *testing.B) {
	for _, p := range benchLogs(b, "SDSC-BLUE") {
		e, err := NewExperiment(p, ExperimentOptions{})
		if err != nil {
			b.Fatal(err)
		}
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/easy/workers=%d", p.Trace.Name, workers), func(b *testing.B) {
				spec := sweep.Spec{Experiment: e, Reps: b.N, Seed: 1}
				b.ResetTimer()
				cpu := cputime.Process()
				if _, err := sweep.Run(context.Background(), spec, sweep.Options{Workers: workers}); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// BenchmarkMix measures a mixed resample of four logs for one year (2013
// §6.5.1; target ≤ 1 s): with TRACELAB_DATA, SDSC-SP2, CTC-SP2, KTH-SP2
// and SDSC-BLUE on SDSC-BLUE's machine; without, the sample four times.
func BenchmarkMix(b *testing.B) {
	var pools []*Pools
	if os.Getenv("TRACELAB_DATA") != "" {
		pools = benchLogs(b, "CTC-SP2", "KTH-SP2", "SDSC-BLUE")[1:]
	} else {
		p := benchLogs(b)[0]
		pools = []*Pools{p, p, p, p}
	}
	jobs := 0
	for i := 0; b.Loop(); i++ {
		m, err := Mix(pools, MixOptions{Generate: Options{Weeks: 52, Seed: uint64(i)}})
		if err != nil {
			b.Fatal(err)
		}
		jobs = m.Trace.Len()
	}
	b.ReportMetric(float64(jobs), "jobs")
}
