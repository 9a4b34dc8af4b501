package session

import (
	"os"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// BenchmarkAnalyze times sessions + batches + dependencies (and think and
// inter-arrival times). Target (issue 3): CEA-Curie, 312,826 jobs, ≤ 150 ms
// on one core: go test -bench Analyze -cpu 1 ./analytics/session.
func BenchmarkAnalyze(b *testing.B) {
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA is not set")
	}
	for _, name := range []string{"KTH-SP2", "CEA-Curie"} {
		tr, err := datasets.Load(name)
		if err != nil {
			b.Fatal(err)
		}
		for _, mode := range []struct {
			name string
			deps Dependencies
		}{{"reduced", ReducedDependencies}, {"all", AllDependencies}} {
			b.Run(name+"/"+mode.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Analyze(tr, Options{Dependencies: mode.deps}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkContinuation(b *testing.B) {
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA is not set")
	}
	tr, err := datasets.Load("CEA-Curie")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := ContinuationOf(tr, ContinuationOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
