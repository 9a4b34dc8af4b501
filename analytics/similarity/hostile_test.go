package similarity

import (
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/datasets"
)

// TestHostileValues: an attribute value that is neither unknown (NaN) nor
// finite and ≥ 0 is an error. Before: a runtime of +Inf in a trace built
// in code panicked (index out of range [-1] in median), and a negative
// value passed to FromStructure gave NaN similarities that went into the
// means.
func TestHostileValues(t *testing.T) {
	t.Parallel()
	tr := datasets.NewTrace("hostile", 6)
	for i := range 6 {
		jb := datasets.UnknownJob()
		jb.JobID, jb.Submit, jb.Wait, jb.Runtime, jb.User, jb.Procs = i+1, float64(i)*7200, 0, 10, i%2, 1
		tr.Append(jb)
	}
	st, err := session.Analyze(tr, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	inf := tr.Clone()
	inf.Runtime[2] = math.Inf(1)
	if _, err := Analyze(inf, datasets.Runtime, Options{}); err == nil || !strings.Contains(err.Error(), "row 2: runtime +Inf") {
		t.Errorf("Analyze with a runtime of +Inf: %v, want an error naming row 2", err)
	}
	for _, bad := range []float64{-1, math.Inf(1), math.Inf(-1)} {
		vals := []float64{10, 20, bad, 30, math.NaN(), 40}
		if _, err := FromStructure(st, vals, datasets.Runtime, Options{}); err == nil || !strings.Contains(err.Error(), "want finite and ≥ 0") {
			t.Errorf("FromStructure with %v: %v, want an error", bad, err)
		}
		if _, err := RandomizeStructure(st, vals, datasets.Runtime, BootstrapOptions{Reps: 2}); err == nil || !strings.Contains(err.Error(), "want finite and ≥ 0") {
			t.Errorf("RandomizeStructure with %v: %v, want an error", bad, err)
		}
	}
	// NaN is unknown, not an error.
	if _, err := FromStructure(st, []float64{10, 20, math.NaN(), 30, 0, 40}, datasets.Runtime, Options{}); err != nil {
		t.Errorf("FromStructure with NaN and 0: %v", err)
	}
}

// TestOptionBounds: MaxDistance and Reps are bounded before anything is
// allocated (MaxDistance 2^40 sized nu·(2^40+1) similarities: out of
// memory; Reps 2^40 sized three slices of 2^40 floats: out of memory too).
func TestOptionBounds(t *testing.T) {
	t.Parallel()
	tr := datasets.NewTrace("bounds", 6)
	for i := range 6 {
		jb := datasets.UnknownJob()
		jb.JobID, jb.Submit, jb.Wait, jb.Runtime, jb.User, jb.Procs = i+1, float64(i)*7200, 0, float64(10+i), i%2, 1
		tr.Append(jb)
	}
	for _, d := range []int{MaxMaxDistance + 1, 1 << 40} {
		if _, err := Analyze(tr, datasets.Runtime, Options{MaxDistance: d}); err == nil || !strings.Contains(err.Error(), "MaxDistance must be 2 to") {
			t.Errorf("MaxDistance %d: %v, want a bound", d, err)
		}
	}
	if _, err := Analyze(tr, datasets.Runtime, Options{MaxDistance: MaxMaxDistance}); err != nil {
		t.Errorf("MaxDistance at the bound: %v", err)
	}
	for _, r := range []int{MaxReps + 1, 1 << 40} {
		if _, err := Randomize(tr, datasets.Runtime, BootstrapOptions{Reps: r}); err == nil || !strings.Contains(err.Error(), "Reps must be 1 to") {
			t.Errorf("Reps %d: %v, want a bound", r, err)
		}
	}
}
