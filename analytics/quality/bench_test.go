package quality

import (
	"testing"

	"github.com/tracelab/tracelab/datasets/datasetstest"
)

// BenchmarkCheck is the whole check of a large log (CEA-Curie: 312,826
// jobs); the target is under 1 s.
func BenchmarkCheck(b *testing.B) {
	for _, name := range []string{"KTH-SP2", "CEA-Curie"} {
		tr := datasetstest.Load(b, name)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Check(tr, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
