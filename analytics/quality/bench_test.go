package quality

import (
	"os"
	"syscall"
	"testing"

	"github.com/tracelab/tracelab/datasets"
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

// BenchmarkCheckFile is tracelab check's work on a log file: the trace
// read whole and checked (mode=whole, Check), or the log checked in a
// stream (mode=stream, CheckStream: two readings, no trace). Compare the
// modes with benchstat -col /mode.
func BenchmarkCheckFile(b *testing.B) {
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA is not set")
	}
	for _, name := range []string{"KTH-SP2", "CEA-Curie"} {
		path, err := datasets.DefaultLoader().Path(name)
		if err != nil {
			b.Fatal(err)
		}
		opts := datasets.ReadOptions{Name: path}
		b.Run("log="+name+"/mode=whole", func(b *testing.B) {
			for b.Loop() {
				tr, err := datasets.ReadFile(path, opts)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Check(tr, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("log="+name+"/mode=stream", func(b *testing.B) {
			for b.Loop() {
				_, err := CheckStream(datasets.LogName(path), func(w datasets.JobWriter) (*datasets.ReadReport, error) {
					return datasets.ScanFile(path, opts, w)
				}, 0, Options{})
				if err != nil {
					b.Fatal(err)
				}
			}
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
