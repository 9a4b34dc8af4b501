package similarity

import (
	"os"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// BenchmarkTables times Tables II–IV for one log (the three attributes,
// sessions included). Target (issue 3): CTC-SP2 ≤ 2 s.
func BenchmarkTables(b *testing.B) {
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA is not set")
	}
	for _, name := range []string{"CTC-SP2", "CEA-Curie"} {
		tr, err := datasets.Load(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for _, a := range Attributes {
					if _, err := Analyze(tr, a, Options{}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkRandomize times the 1000-replicate randomisation bootstrap of
// Fig. 2. Target (issue 3): CEA-Curie ≤ 60 s on 2 cores:
// go test -bench Randomize -cpu 2 -benchtime 1x ./analytics/similarity.
func BenchmarkRandomize(b *testing.B) {
	if os.Getenv("TRACELAB_DATA") == "" {
		b.Skip("TRACELAB_DATA is not set")
	}
	tr, err := datasets.Load("CEA-Curie")
	if err != nil {
		b.Fatal(err)
	}
	for _, a := range []datasets.Attribute{datasets.Procs, datasets.Runtime} {
		b.Run("CEA-Curie/"+a.String()+"/1000", func(b *testing.B) {
			for b.Loop() {
				if _, err := Randomize(tr, a, BootstrapOptions{Reps: 1000, Seed: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
