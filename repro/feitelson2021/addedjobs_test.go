package feitelson2021

import (
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// TestCountJobs checks where countJobs puts each job of a hand-made result
// over a window of one week (so counts are per week as they stand).
func TestCountJobs(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	w := datasets.Week
	type job struct {
		submit, start, runtime float64
		width                  int
	}
	for _, c := range []struct {
		name string
		jobs []job
		want jobCounts
	}{
		{
			// Job 2 (submitted at 20) starts at 30, before job 1 (submitted at
			// 10) starts at 100: job 2 is backfilled, job 1 in order; job 3
			// never released; job 4 ends after the window.
			name: "one overtakes",
			jobs: []job{{10, 100, 30, 8}, {20, 30, 600, 2}, {nan, nan, 5, 1}, {40, w - 10, 3600, 4}},
			want: jobCounts{Released: 3, Ended: 2, Narrow: 1, Wide: 1, Short: 1, Medium: 1, Backfilled: 1, InOrder: 1},
		},
		{
			// Jobs submitted at the same instant do not overtake each other:
			// job 2 starts first but was not submitted after job 1.
			name: "ties",
			jobs: []job{{10, 50, 60, 1}, {10, 20, 60, 1}, {30, 60, 700, 16}},
			want: jobCounts{Released: 3, Ended: 3, Narrow: 2, Wide: 1, Short: 2, Long: 1, InOrder: 3},
		},
		{
			// Job 1 never starts (NaN): it waits for ever, so job 2, submitted
			// after it, overtakes it.
			name: "never started",
			jobs: []job{{10, nan, 60, 100}, {20, 30, 60, 1}},
			want: jobCounts{Released: 2, Ended: 1, Narrow: 1, Short: 1, Backfilled: 1},
		},
	} {
		res := &sim.Result{Procs: 100}
		for i, j := range c.jobs {
			end := j.start + j.runtime
			res.ID = append(res.ID, i+1)
			res.User = append(res.User, 1)
			res.Submit = append(res.Submit, j.submit)
			res.Start = append(res.Start, j.start)
			res.End = append(res.End, end)
			res.Runtime = append(res.Runtime, j.runtime)
			res.Estimate = append(res.Estimate, j.runtime)
			res.Width = append(res.Width, j.width)
		}
		got := countJobs(res, 0, w)
		got.Utilization = 0 // feedback.WindowOf's, tested there
		if got != c.want {
			t.Errorf("%s: countJobs = %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestLastStepJobsText checks the gains per added user over the replicates
// and that the summary is said only when the replicates show it. Reference
// values by hand: SE = sample SD / √n.
func TestLastStepJobsText(t *testing.T) {
	t.Parallel()
	mk := func(backfilled, inOrder [2][]float64) *lastStepJobs {
		l := &lastStepJobs{Users: [2][]float64{{100, 100}, {110, 110}}, OfferedBy: [2][]float64{{300, 300}, {330, 331}}}
		for k := range 2 {
			for j := range 2 {
				l.At[k] = append(l.At[k], jobCounts{Backfilled: backfilled[k][j], InOrder: inOrder[k][j], Ended: backfilled[k][j] + inOrder[k][j]})
			}
		}
		return l
	}
	// Backfilled +10, +12 over 10 users: 1.1 (SD √0.02, SE 0.1); in order
	// −3, −3.2: −0.31 (SE 0.01). Both beyond 2 SE.
	clear := mk([2][]float64{{50, 50}, {60, 62}}, [2][]float64{{40, 40}, {37, 36.8}})
	if g := clear.gain(func(c jobCounts) float64 { return c.Backfilled }); math.Abs(g.mean-1.1) > 1e-12 || math.Abs(g.se-0.1) > 1e-12 {
		t.Errorf("backfilled gain %+v, want {1.1 0.1}", g)
	}
	if txt := clear.text(); !strings.Contains(txt, "offer 3.05 (SE 0.050)") || !strings.Contains(txt, "(backfilled) 1.10 (SE 0.100), in arrival order -0.31 (SE 0.010)") ||
		!strings.HasSuffix(txt, "the gain is all backfilled jobs, while the jobs EASY starts in arrival order fall, as FCFS's throughput does") {
		t.Errorf("clear case: %s", txt)
	}
	// In order −3, +3: mean 0, not below 0 by 2 SE: only the first half.
	mixed := mk([2][]float64{{50, 50}, {60, 62}}, [2][]float64{{40, 40}, {37, 43}})
	if txt := mixed.text(); !strings.HasSuffix(txt, ": the gain is carried by backfilled jobs") {
		t.Errorf("mixed case: %s", txt)
	}
	// Backfilled +10, −10: nothing said.
	none := mk([2][]float64{{50, 50}, {60, 40}}, [2][]float64{{40, 40}, {37, 36.8}})
	if txt := none.text(); strings.Contains(txt, "the gain is") {
		t.Errorf("no summary expected: %s", txt)
	}
}
