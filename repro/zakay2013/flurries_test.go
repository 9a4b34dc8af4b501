package zakay2013

import (
	"slices"
	"testing"

	"github.com/tracelab/tracelab/repro/cleaned/cleanedtest"
)

// TestWithFlurries: of cleanedtest.Toy, Fig. 13 puts back the flurry filter's jobs (4–6, at
// the times interpolated by job number between jobs 3 and 7: 400, 500,
// 600, as user 7's) and not the whole user's job 9; a log without a flurry
// filter comes back unchanged and unmarked.
func TestWithFlurries(t *testing.T) {
	tr := cleanedtest.Toy(cleanedtest.Filters)
	out, marked, err := withFlurries(tr)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() != 6 {
		t.Fatalf("the input changed: %d jobs", tr.Len())
	}
	if want := []bool{false, false, false, false, false, false, true, true, true}; !slices.Equal(marked, want) {
		t.Errorf("marks %v, want %v", marked, want)
	}
	if got, want := out.Submit[6:], []float64{400, 500, 600}; !slices.Equal(got, want) {
		t.Errorf("restored times %v, want %v", got, want)
	}
	if got, want := out.User[6:], []int{7, 7, 7}; !slices.Equal(got, want) {
		t.Errorf("restored users %v, want %v", got, want)
	}
	if err := out.Validate(); err != nil {
		t.Error(err)
	}

	plain := cleanedtest.Toy("user=8 (4 jobs removed)")
	out, marked, err = withFlurries(plain)
	if err != nil || out != plain || marked != nil {
		t.Errorf("no flurry filter: %p %v %v, want the log itself, no marks", out, marked, err)
	}
	bad := cleanedtest.Toy("user=7 and (job>=3 and job<=7) (5 jobs removed)") // more than the 4 numbers missing
	if _, _, err := withFlurries(bad); err == nil {
		t.Error("inconsistent header: no error")
	}
}
