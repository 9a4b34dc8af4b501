package zakay2013

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// userTrace is a log of users users, each with jobs jobs one hour apart,
// user u starting u days after the first; a job's runtime is its user's id.
func userTrace(users, jobs int) *datasets.Trace {
	tr := datasets.NewTrace("users", users*jobs)
	for u := range users {
		for j := range jobs {
			job := datasets.UnknownJob()
			job.JobID, job.User = u*jobs+j, u
			job.Submit = float64(u)*datasets.Day + float64(j)*3600
			job.Runtime, job.Procs = float64(u), 1
			tr.Append(job)
		}
	}
	return tr.SortBySubmit()
}

// TestUserBootstrap checks the user bootstrap's invariants: as many users
// as the log, each with all its jobs; sorted by submit time; a user's
// first copy at its own times and further copies moved by whole weeks
// (time of week kept) within the log's span rounded up to weeks; the same
// seed gives the same log.
func TestUserBootstrap(t *testing.T) {
	for _, tt := range []struct {
		name        string
		users, jobs int
		seed        uint64
	}{
		{"few users", 3, 5, 1},
		{"many users", 50, 20, 2},
		{"one user", 1, 7, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tr := userTrace(tt.users, tt.jobs)
			ix := tr.ByUser()
			b := userBootstrap(tr, ix, rand.New(rand.NewPCG(tt.seed, 1)))
			if b.Len() != tr.Len() { // every user has the same number of jobs
				t.Fatalf("jobs: got %d, want %d", b.Len(), tr.Len())
			}
			if !b.IsSortedBySubmit() {
				t.Fatal("not sorted by submit time")
			}
			cycle := math.Ceil(tr.Span()/datasets.Week) * datasets.Week
			counts := map[int]int{}
			for i := range b.Len() {
				counts[b.User[i]]++
				orig := float64(b.User[i])*datasets.Day + float64(b.JobID[i]%tt.jobs)*3600
				w := (b.Submit[i] - orig) / datasets.Week
				if w != math.Round(w) || b.Submit[i] < tr.Submit[0] || b.Submit[i] >= tr.Submit[0]+cycle {
					t.Fatalf("job %d of user %d at %v, original %v: not moved by whole weeks within %v s", b.JobID[i], b.User[i], b.Submit[i], orig, cycle)
				}
			}
			for u, c := range counts {
				if c%tt.jobs != 0 {
					t.Errorf("user %d has %d jobs, not a multiple of %d", u, c, tt.jobs)
				}
			}
			again := userBootstrap(tr, ix, rand.New(rand.NewPCG(tt.seed, 1)))
			if !slices.Equal(b.Submit, again.Submit) || !slices.Equal(b.JobID, again.JobID) {
				t.Error("same seed, different bootstrap")
			}
		})
	}
}

// TestMeanDiffSE checks the SE of a resampled mean's difference from the
// original against the closed form sqrt(se_o² + sd²/n) (independent
// errors), and that each part counts; and the rule orig ± 2 SE.
func TestMeanDiffSE(t *testing.T) {
	for _, tt := range []struct {
		name       string
		origSE, sd float64
		n          int
		want       float64
	}{
		{"both parts", 3, 8, 4, 5}, // √(9 + 16)
		{"original only", 1.5, 0, 8, 1.5},
		{"resampled only", 0, 0.9, 9, 0.3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := meanDiffSE(tt.origSE, tt.sd, tt.n); math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
	if e := resampledSimilar("similar", 10, 0.5); !e.Accepts(10.99) || e.Accepts(11.01) || !e.Accepts(9.01) || e.Accepts(8.99) {
		t.Error("resampledSimilar is not orig ± 2 SE")
	}
}
