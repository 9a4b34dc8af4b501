package repetitions

import (
	"math"
	"strings"
	"testing"
)

// TestGenerateBounds: size-like options beyond their bounds and a source
// whose runtimes are all infinite get an error at once (before this test,
// an infinite runtime made Generate loop for ever, its pending arrivals
// at NaN or +Inf times never leaving the queue).
func TestGenerateBounds(t *testing.T) {
	t.Parallel()
	infinite := source()
	for i := range infinite.Runtime {
		infinite.Runtime[i] = math.Inf(1 - 2*(i%2))
	}
	cases := []struct {
		name string
		opts Options
		inf  bool
		want string
	}{
		{"jobs above MaxJobs", Options{Jobs: MaxJobs + 1}, false, "Jobs must be in [0, 100000000]"},
		{"negative jobs", Options{Jobs: -1}, false, "Jobs must be in"},
		{"run length above MaxRunLimit", Options{Jobs: 10, MaxRun: MaxRunLimit + 1}, false, "MaxRun must be in [1, 10000000]"},
		{"all runtimes infinite", Options{Jobs: 10}, true, "no job with a known, finite runtime"},
	}
	for _, c := range cases {
		src := source()
		if c.inf {
			src = infinite
		}
		_, err := Generate(src, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// TestGenerateSkipsInfiniteRuntimes: jobs of infinite runtime are left out
// of the pool like jobs of unknown runtime, so the output is finite and
// complete.
func TestGenerateSkipsInfiniteRuntimes(t *testing.T) {
	t.Parallel()
	src := source()
	src.Runtime[0] = math.Inf(1)
	src.Runtime[1] = math.Inf(-1)
	tr, err := Generate(src, Options{Jobs: 2000, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() != 2000 {
		t.Fatalf("%d jobs, want 2000", tr.Len())
	}
	for i, s := range tr.Submit {
		if math.IsNaN(s) || math.IsInf(s, 0) || math.IsInf(tr.Runtime[i], 0) {
			t.Fatalf("job %d: submit %v, runtime %v", i, s, tr.Runtime[i])
		}
	}
}
