package zakay2013

import (
	"cmp"
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

// TestUserBootstrapStableOrder checks that userBootstrap orders the rows
// as a stable sort by submit time does (userBootstrapStable): the copies of
// a user moved by 0 weeks coincide with its first copy job for job, and
// such ties keep the order drawn. Short logs of 1–3 weeks make such copies
// common.
func TestUserBootstrapStableOrder(t *testing.T) {
	for _, tt := range []struct{ users, jobs int }{{3, 5}, {12, 30}, {40, 200}, {1, 9}} {
		tr := userTrace(tt.users, tt.jobs)
		ix := tr.ByUser()
		for seed := range uint64(20) {
			got := userBootstrap(tr, ix, rand.New(rand.NewPCG(seed, 1)))
			want := userBootstrapStable(tr, ix, rand.New(rand.NewPCG(seed, 1)))
			// Job ids name the rows of userTrace.
			if !slices.Equal(got.JobID, want.JobID) || !slices.Equal(got.Submit, want.Submit) {
				t.Fatalf("%d users of %d jobs, seed %d: the order differs from a stable sort by submit time", tt.users, tt.jobs, seed)
			}
		}
	}
}

// userBootstrapStable is userBootstrap with its rows ordered by a stable
// sort by submit time.
func userBootstrapStable(tr *datasets.Trace, ix datasets.UserIndex, rng *rand.Rand) *datasets.Trace {
	t0 := slices.Min(tr.Submit)
	weeks := max(1, int(math.Ceil(tr.Span()/datasets.Week)))
	cycle := float64(weeks) * datasets.Week
	copies := make([]int, len(ix.Users))
	var rows []int
	var at []float64
	for range ix.Users {
		k := rng.IntN(len(ix.Users))
		d := 0.0
		if copies[k] > 0 {
			d = float64(rng.IntN(weeks)) * datasets.Week
		}
		copies[k]++
		for _, i := range ix.Rows[k] {
			t := tr.Submit[i]
			if d != 0 {
				t = t0 + math.Mod(t-t0+d, cycle)
			}
			rows, at = append(rows, i), append(at, t)
		}
	}
	order := make([]int, len(rows))
	for j := range order {
		order[j] = j
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(at[x], at[y]) })
	sorted := make([]int, len(rows))
	for j, o := range order {
		sorted[j] = rows[o]
	}
	b := tr.Select(sorted)
	for j, o := range order {
		b.Submit[j] = at[o]
	}
	return b
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
