package cleaned_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/cleaned"
	"github.com/tracelab/tracelab/repro/cleaned/cleanedtest"
)

// TestReconstruct: a log of jobs 1–10 from which jobs 4–6 (user 7's
// flurry) and job 9 (user 8) were removed, job k submitted at 100·k. The
// missing jobs lie between the remaining jobs around them, by job number;
// jobs 4–6 can only be user 7's (job 9 is outside its range); the fit's
// weights, and an inconsistent or uncleaned header is an error.
func TestReconstruct(t *testing.T) {
	r, err := cleaned.Reconstruct(cleanedtest.Toy(cleanedtest.Filters))
	if err != nil {
		t.Fatal(err)
	}
	if r.MaxJobs != 10 || r.Missing != 4 || r.Unexplained != 0 {
		t.Fatalf("%+v", r)
	}
	// Job k lies between the remaining jobs around it, by job number.
	if want := []float64{400, 500, 600, 900}; !slices.Equal(r.Time, want) {
		t.Errorf("times %v, want %v", r.Time, want)
	}
	if want := []float64{400, 400, 400, 200}; !slices.Equal(r.Bracket, want) {
		t.Errorf("brackets %v, want %v", r.Bracket, want)
	}
	// Jobs 4–6 can only be user 7's (user 8's filter could match them too,
	// but it removed one job and job 9 is outside user 7's range).
	for j, want := range []float64{3, 1} {
		if got := r.Count(j); math.Abs(got-want) > 1e-9 {
			t.Errorf("filter %d: %v jobs, want %v", j, got, want)
		}
	}
	// The fit converges slowly to zero weights: within 1% after its rounds.
	for i, w := range r.Weight {
		want := []float64{1, 0}
		if r.Time[i] == 900 {
			want = []float64{0, 1}
		}
		if math.Abs(w[0]-want[0]) > 0.01 || math.Abs(w[1]-want[1]) > 0.01 {
			t.Errorf("job at %v: weights %v, want %v", r.Time[i], w, want)
		}
	}
	bad := cleanedtest.Toy(cleanedtest.Filters) // the filters removed more jobs than numbers are missing
	bad.Header.Notes[0] = strings.Replace(bad.Header.Notes[0], "(1 jobs removed)", "(2 jobs removed)", 1)
	if _, err := cleaned.Reconstruct(bad); err == nil {
		t.Error("inconsistent header: no error")
	}
	if _, err := cleaned.Reconstruct(datasets.NewTrace("plain", 0)); err == nil {
		t.Error("uncleaned log: no error")
	}
}
