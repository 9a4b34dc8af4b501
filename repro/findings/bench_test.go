package findings

import (
	"context"
	"os"
	"testing"
)

// BenchmarkMatrix measures every finding on every log of TRACELAB_DATA in
// full mode, without the cache: the target is at most 5 minutes for the 12
// shared logs on 2 cores (run it with -benchtime 1x; the note of issue 26
// reports CPU and wall time with the load).
func BenchmarkMatrix(b *testing.B) {
	dir := os.Getenv("TRACELAB_DATA")
	if dir == "" {
		b.Skip("TRACELAB_DATA is not set")
	}
	paths, err := DataLogs(dir)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		m, err := Run(context.Background(), paths, RunOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if errs := m.Errors(); len(errs) > 0 {
			b.Fatalf("%d measurements failed: %s on %s: %s", len(errs), errs[0].Finding, errs[0].Log, errs[0].Reason)
		}
	}
}

// BenchmarkSynthetic measures every finding on a synthetic log of 60 users
// over 26 weeks (about 11,000 jobs) in full mode.
func BenchmarkSynthetic(b *testing.B) {
	tr := synth{}.trace()
	for b.Loop() {
		if _, err := Evaluate(context.Background(), tr, nil, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
