package locality

import (
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// The target: locality of sampling with a 1000-repetition
// bootstrap on SDSC-BLUE in at most 10 s on 2 cores.
func BenchmarkLocalityOfSampling(b *testing.B) {
	obs := observe(b, loadLog(b, "SDSC-BLUE"), datasets.Runtime)
	for _, bc := range []struct {
		name string
		opts SamplingOptions
	}{
		{"SDSC-BLUE/no-bootstrap", SamplingOptions{SkipBootstrap: true}},
		{"SDSC-BLUE/bootstrap-1000", SamplingOptions{Reps: 1000}},
		{"SDSC-BLUE/bootstrap-1000/1-worker", SamplingOptions{Reps: 1000, Workers: 1}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := LocalityOfSampling(obs, bc.opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNewRanges times the equal-mass ranges of SDSC-BLUE's runtimes
// (Feitelson 2007 §3: the whole log's values).
func BenchmarkNewRanges(b *testing.B) {
	tr := loadLog(b, "SDSC-BLUE")
	for b.Loop() {
		if _, err := NewRanges(tr.Runtime, nil, 10, TiesSplit); err != nil {
			b.Fatal(err)
		}
	}
}
