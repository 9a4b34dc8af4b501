package sweep

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// BenchmarkRun measures a sweep of the built-in window experiment (EASY on
// 4-week windows) per replicate, with 1 and 2 workers: the embedded sample
// log and, when TRACELAB_DATA is set, KTH-SP2.
func BenchmarkRun(b *testing.B) {
	logs := []string{"sample"}
	if os.Getenv("TRACELAB_DATA") != "" {
		logs = append(logs, "KTH-SP2")
	}
	for _, name := range logs {
		tr, err := datasets.Load(name)
		if err != nil {
			b.Fatal(err)
		}
		w, err := NewWindow(tr, WindowOptions{})
		if err != nil {
			b.Fatal(err)
		}
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", name, workers), func(b *testing.B) {
				spec := Spec{Experiment: w, Reps: b.N, Seed: 1}
				b.ResetTimer()
				if _, err := Run(context.Background(), spec, Options{Workers: workers}); err != nil {
					b.Fatal(err)
				}
			})
		}
	}
}

// BenchmarkMerge measures merging the 10 shard files of a 1000-replicate
// sweep.
func BenchmarkMerge(b *testing.B) {
	dir := b.TempDir()
	spec := Spec{Experiment: toy(), Reps: 1000, Seed: 1}
	var paths []string
	for i := range 10 {
		p := ShardPath(dir, Shard{i, 10})
		if err := WriteShard(context.Background(), spec, Options{Shard: Shard{i, 10}}, p); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := Merge(paths, MergeOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
