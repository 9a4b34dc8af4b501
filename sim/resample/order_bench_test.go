package resample

import (
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/cputime"
)

// BenchmarkOrdered times the sort of a replicate's jobs into submit order
// alone (generator.ordered after a lean generation, seed 1 of each log of
// -replicate-logs), the emitted order restored before each sort.
func BenchmarkOrdered(b *testing.B) {
	for _, p := range replicateLogs(b) {
		b.Run(p.Trace.Name, func(b *testing.B) {
			var g generator
			if _, err := p.generate(&g, Options{Seed: 1}, true); err != nil {
				b.Fatal(err)
			}
			times, slotInst := append([]float64(nil), g.times...), append([]uint64(nil), g.slotInst...)
			b.ReportAllocs()
			cpu := cputime.Process()
			for b.Loop() {
				g.times, g.slotInst = append(g.times[:0], times...), append(g.slotInst[:0], slotInst...)
				g.ordered()
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkLoadProfiles times the weekly and daily load profiles of a
// variant without its trace (Pools.LoadProfiles, as 2013 §6.1's
// diagnostic makes them), seeds 0, 1, … of each log of -replicate-logs.
func BenchmarkLoadProfiles(b *testing.B) {
	for _, p := range replicateLogs(b) {
		b.Run(p.Trace.Name, func(b *testing.B) {
			if _, err := p.LoadProfiles(Options{}, datasets.Week, datasets.Day); err != nil { // warm-up
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := cputime.Process()
			for i := 0; b.Loop(); i++ {
				if _, err := p.LoadProfiles(Options{Seed: uint64(i)}, datasets.Week, datasets.Day); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
