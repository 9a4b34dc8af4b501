package cleaned_test

import (
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/cleaned"
	"github.com/tracelab/tracelab/repro/cleaned/cleanedtest"
)

// TestReconstruct: a log of jobs 1–10 from which jobs 4–6 (user 7's
// flurry) and job 9 (user 8) were removed, job k submitted at 100·k. The
// missing jobs lie between the remaining jobs around them, by job number;
// jobs 4–6 can only be user 7's (job 9 is outside its range). The
// feitelson2021 tests check the weights and the errors further.
func TestReconstruct(t *testing.T) {
	tr := cleanedtest.Toy(cleanedtest.Filters)
	r, err := cleaned.Reconstruct(tr)
	if err != nil {
		t.Fatal(err)
	}
	if r.MaxJobs != 10 || r.Missing != 4 || r.Unexplained != 0 {
		t.Fatalf("%+v", r)
	}
	if want := []float64{400, 500, 600, 900}; !slices.Equal(r.Time, want) {
		t.Errorf("times %v, want %v", r.Time, want)
	}
	for j, want := range []float64{3, 1} {
		if got := r.Count(j); math.Abs(got-want) > 1e-9 {
			t.Errorf("filter %d: %v jobs, want %v", j, got, want)
		}
	}
	if _, err := cleaned.Reconstruct(datasets.NewTrace("plain", 0)); err == nil {
		t.Error("uncleaned log: no error")
	}
}
