package fit

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"syscall"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// logRuntimes returns the natural logs of the first n runtimes longer than
// one second (log 0 is outside the Gamma's support) of a real log. It skips
// the benchmark only when TRACELAB_DATA is unset.
func logRuntimes(b *testing.B, name string, n int) []float64 {
	b.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA not set")
	}
	tr, err := datasets.Load(name)
	if err != nil {
		b.Fatal(err)
	}
	var x []float64
	for _, r := range tr.Runtime {
		if r > 1 && len(x) < n {
			x = append(x, math.Log(r))
		}
	}
	if len(x) < n {
		b.Fatalf("%s has only %d runtimes > 1 s", name, len(x))
	}
	return x
}

// BenchmarkFitHyperGamma times the EM fit of a hyper-Gamma to 200,000 log
// runtimes (issue 5 target: ≤ 200 ms): synthetic draws from the paper's
// Table 2 average model (continuous, no repeated values) and the first
// 200,000 runtimes > 1 s of SDSC-BLUE and HPC2N (198,331 such jobs).
func BenchmarkFitHyperGamma(b *testing.B) {
	b.Run("synthetic-200000", func(b *testing.B) {
		h := HyperGamma{P: 0.685, Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03, Src: rand.NewPCG(1, 1)}
		x := drawN(h, 200000)
		benchEM(b, x)
	})
	b.Run("SDSC-BLUE-200000", func(b *testing.B) { benchEM(b, logRuntimes(b, "SDSC-BLUE", 200000)) })
	b.Run("HPC2N-198331", func(b *testing.B) { benchEM(b, logRuntimes(b, "HPC2N", 198331)) })
}

func benchEM(b *testing.B, x []float64) {
	b.ReportAllocs()
	var res Result
	cpu0 := cpuTime()
	for b.Loop() {
		var err error
		_, res, err = FitHyperGamma(x, nil, EMOptions{})
		if err != nil || !res.Converged {
			b.Fatalf("EM failed: %v %+v", err, res)
		}
	}
	b.ReportMetric(float64(res.Iterations), "iterations")
	// The machine is shared: CPU time per fit (all threads of the process)
	// is reported beside the wall-clock ns/op.
	b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
}

// cpuTime returns the user+system CPU time of the process in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func BenchmarkFitGamma(b *testing.B) {
	x := drawN(Gamma{Alpha: 4.2, Beta: 0.94, Src: rand.NewPCG(1, 2)}, 200000)
	for b.Loop() {
		FitGamma(x, nil)
	}
}

func BenchmarkKS(b *testing.B) {
	g := Gamma{Alpha: 4.2, Beta: 0.94, Src: rand.NewPCG(1, 3)}
	for _, n := range []int{1000, 10000, 200000} {
		x := drawN(g, n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				KS(x, g.CDF)
			}
		})
	}
}

func BenchmarkKSTwoSample(b *testing.B) {
	g := Gamma{Alpha: 4.2, Beta: 0.94, Src: rand.NewPCG(1, 4)}
	for _, n := range []int{10000, 200000} {
		x, y := drawN(g, n), drawN(g, n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				KSTwoSample(x, y)
			}
		})
	}
}
