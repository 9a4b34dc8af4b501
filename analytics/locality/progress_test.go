package locality

import (
	"context"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestProgress: the bootstrap and the manipulations report each unit of
// work once, the last call saying all are done.
func TestProgress(t *testing.T) {
	t.Parallel()
	type call struct{ done, total int }
	var boot, vers []call
	_, err := Manipulations(context.Background(), weeklyLog(), ManipulationOptions{
		Fractions: []float64{1, 0.5}, Windows: []float64{30 * datasets.Day}, Reps: 2, Seed: 3,
		Sampling: SamplingOptions{Reps: 50, Progress: func(d, n int) { boot = append(boot, call{d, n}) }},
		Progress: func(d, n int) { vers = append(vers, call{d, n}) },
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		calls []call
		total int
	}{"bootstrap": {boot, 50}, "manipulations": {vers, 6}} {
		if len(c.calls) != c.total {
			t.Errorf("%s: %d calls, want %d", name, len(c.calls), c.total)
			continue
		}
		for k, x := range c.calls {
			if x != (call{k + 1, c.total}) {
				t.Errorf("%s: call %d is %v", name, k, x)
			}
		}
	}
}
