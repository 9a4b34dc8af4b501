package feedback

import (
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestStateTimes works the toy log by hand. Red (user 3): one session from
// 15 to 55 (its jobs run 15–25, 30–40, 45–55): waiting 30, thinking 10,
// away 0. Cyan (user 2): one job from 10 to 100: waiting 90.
func TestStateTimes(t *testing.T) {
	t.Parallel()
	df, err := StateTimes(ToyTrace())
	if err != nil {
		t.Fatal(err)
	}
	h := 3600.0
	wait, think, away := df.Col("waiting_hours").Float(), df.Col("thinking_hours").Float(), df.Col("away_hours").Float()
	if !slices.Equal(wait, []float64{60 / h, 90 / h, 30 / h}) || !slices.Equal(think, []float64{0, 0, 10 / h}) ||
		!slices.Equal(away, []float64{0, 0, 0}) {
		t.Errorf("waiting %v thinking %v away %v", wait, think, away)
	}
	// Two sessions of one job each, two hours apart: away between them.
	tr := datasets.NewTrace("two", 2)
	for i, s := range []float64{0, 3 * 3600} {
		j := datasets.UnknownJob()
		j.JobID, j.User, j.Submit, j.Wait, j.Runtime, j.Procs = i+1, 1, s, 0, 600, 1
		tr.Append(j)
	}
	df, err = StateTimes(tr)
	if err != nil {
		t.Fatal(err)
	}
	if w, a := df.Col("waiting_hours").Float()[0], df.Col("away_hours").Float()[0]; w != 1200/h || !near(a, (3*3600-600)/h) {
		t.Errorf("waiting %v away %v", w, a)
	}
}

func TestWeeklyActivity(t *testing.T) {
	t.Parallel()
	tr := ToyTrace() // all in the first week: user 3 has 3 of 5 jobs
	df := WeeklyActivity(tr)
	if df.Nrow() != 1 || df.Col("top_user_jobs").Records()[0] != "3" || df.Col("other_jobs").Records()[0] != "2" ||
		df.Col("mean_procs").Float()[0] != 9.0/5 || df.Col("mean_procs_others").Float()[0] != 3 {
		t.Errorf("%v", df)
	}
}
