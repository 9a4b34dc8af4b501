package locality

import (
	"errors"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

func TestRunLengths(t *testing.T) {
	t.Parallel()
	tr := datasets.NewTrace("runs", 0)
	add := func(user, app, procs int, submit float64) {
		j := datasets.UnknownJob()
		j.JobID, j.User, j.App, j.Procs, j.Submit = tr.Len()+1, user, app, procs, submit
		tr.Append(j)
	}
	// User 1: (5,4)×3, (6,4), (5,4)×2; user 2 interleaved: (5,4)×2 then
	// (5,8); user −1 and an unknown application are left out.
	s := 0.0
	for _, j := range [][3]int{{1, 5, 4}, {2, 5, 4}, {1, 5, 4}, {1, 5, 4}, {-1, 5, 4}, {1, 6, 4}, {2, 5, 4},
		{1, 5, 4}, {2, 5, 8}, {1, -1, 4}, {1, 5, 4}} {
		add(j[0], j[1], j[2], s)
		s += 10
	}
	r, err := RunLengths(tr, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// User 1 after leaving out the unknown app: 5,5,5,6,5,5 → 3,1,2.
	if want := []int{3, 1, 2, 2, 1}; !slices.Equal(r.Lengths, want) {
		t.Errorf("lengths %v, want %v", r.Lengths, want)
	}
	if r.Skipped != 2 || r.Jobs != 9 {
		t.Errorf("jobs %d skipped %d, want 9 and 2", r.Jobs, r.Skipped)
	}
	// Processors only: user 1's seven jobs on 4 processors (the unknown
	// application no longer matters) are one run; user 2: 2, 1.
	r, _ = RunLengths(tr, RunOptions{Key: KeyProcs})
	if want := []int{7, 2, 1}; !slices.Equal(r.Lengths, want) {
		t.Errorf("procs key: lengths %v, want %v", r.Lengths, want)
	}
	h := r.Histogram()
	if got := h.Col("runs").Float(); !slices.Equal(got, []float64{1, 1, 1}) {
		t.Errorf("histogram %v", got)
	}
	noApp := datasets.NewTrace("none", 0)
	j := datasets.UnknownJob()
	j.User = 1
	noApp.Append(j)
	if _, err := RunLengths(noApp, RunOptions{}); !errors.Is(err, ErrNoRuns) {
		t.Errorf("no application numbers: err = %v", err)
	}
}

// Fig 9 of the 2007 paper: run lengths on log-log axes follow a line of
// slope about −2.5.
func TestRunLengthsLogs(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"CTC-SP2", "LANL-CM5"} {
		r, err := RunLengths(loadLog(t, name), RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Slope < -3 || r.Slope > -2 {
			t.Errorf("%s: slope %.2f, want about −2.5", name, r.Slope)
		}
	}
}
