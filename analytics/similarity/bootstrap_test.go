package similarity

import (
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestRandomize checks the bootstrap on a toy trace whose users keep one
// processor count per session: the observed within-session similarity is
// 1, shuffling lowers it, results do not depend on the number of workers,
// and a user whose sessions cannot change contributes the same to every
// replicate.
func TestRandomize(t *testing.T) {
	t.Parallel()
	a := mkSessions(1, []int{1, 1, 1}, []int{8, 8, 8}, []int{64, 64})
	b := mkSessions(2, []int{2, 4, 2}) // one session: fixed
	tr := traceOf(a, b)
	var runs []Bootstrap
	for _, w := range []int{1, 2, 5} {
		bs, err := Randomize(tr, datasets.Procs, BootstrapOptions{Reps: 200, Seed: 7, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, bs)
	}
	for _, r := range runs[1:] {
		if !slices.Equal(r.Mean, runs[0].Mean) || !slices.Equal(r.Identical, runs[0].Identical) || !slices.Equal(r.Pooled, runs[0].Pooled) {
			t.Fatal("replicates depend on the number of workers")
		}
	}
	bs := runs[0]
	// Observed: user 1's three sessions are all identical (1, 1, 1);
	// user 2: (2,4)=.5 (2,2)=1 (4,2)=.5 → 2/3, identical 1/3.
	want := Within{Mean: (3 + 2.0/3) / 4, Pooled: (3 + 3 + 1 + 2) / 10.0, Identical: (3 + 1.0/3) / 4}
	if math.Abs(bs.Observed.Mean-want.Mean) > 1e-12 || math.Abs(bs.Observed.Pooled-want.Pooled) > 1e-12 || math.Abs(bs.Observed.Identical-want.Identical) > 1e-12 {
		t.Errorf("observed %+v, want %+v", bs.Observed, want)
	}
	r, err := Analyze(tr, datasets.Procs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.Distances.Mean[0]-bs.Observed.Mean) > 1e-12 || math.Abs(r.Distances.Identical[0]-bs.Observed.Identical) > 1e-12 {
		t.Errorf("observed %+v differs from Analyze's distance 0 (%v, %v)", bs.Observed, r.Distances.Mean[0], r.Distances.Identical[0])
	}
	lower := 0
	for i, m := range bs.Mean {
		if m > bs.Observed.Mean+1e-12 {
			t.Fatalf("replicate %d: %v above the maximum %v", i, m, bs.Observed.Mean)
		}
		if m < bs.Observed.Mean-1e-12 {
			lower++
		}
	}
	// All 8 values of user 1 land back in their own sessions with
	// probability 3!·3!·2!·(…)/8! < 1%: nearly every replicate is lower.
	if lower < 190 {
		t.Errorf("only %d of 200 replicates below the observed value", lower)
	}
	if p := bs.FractionAtLeastObserved(); p > 0.05 {
		t.Errorf("fraction at least observed %v", p)
	}
	if f := bs.Frame(); f.Nrow() != 200 {
		t.Errorf("frame has %d rows", f.Nrow())
	}
	// Progress reaches the total.
	last := 0
	if _, err := Randomize(tr, datasets.Procs, BootstrapOptions{Reps: 10, Workers: 2, Progress: func(d, n int) { last = max(last, d) }}); err != nil || last != 10 {
		t.Errorf("progress reached %d of 10 (err %v)", last, err)
	}
	// Negative options are errors.
	for _, o := range []BootstrapOptions{{Reps: -1}, {Workers: -1}} {
		if _, err := Randomize(tr, datasets.Procs, o); err == nil {
			t.Errorf("Randomize(%+v): no error", o)
		}
	}
	// Nothing to compare: an error.
	if _, err := Randomize(traceOf(mkSessions(1, []int{1}, []int{2})), datasets.Procs, BootstrapOptions{Reps: 3}); err == nil {
		t.Error("no within-session pairs: no error")
	}
}
