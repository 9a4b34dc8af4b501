package similarity

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/rapidtest"
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

// TestRandomizeRanksMatchValues checks that the replicates, which shuffle
// and sort each user's ranks, are bit for bit those of shuffling and
// sorting the values themselves (randomizeValues, the direct reading), on
// random users with few or many distinct processor counts (0 included)
// and sessions short and long (both sorts of sortRanks).
func TestRandomizeRanksMatchValues(t *testing.T) {
	t.Parallel()
	rapidtest.Check(t, func(rt *rapid.T) {
		var jobs [][]datasets.Job
		for u := range rapid.IntRange(1, 4).Draw(rt, "users") {
			top := rapid.SampledFrom([]int{1, 3, 40, 1000}).Draw(rt, "top")
			var sessions [][]int
			for range rapid.IntRange(1, 5).Draw(rt, "sessions") {
				sessions = append(sessions, rapid.SliceOfN(rapid.IntRange(0, top), 1, 40).Draw(rt, "procs"))
			}
			jobs = append(jobs, mkSessions(u+1, sessions...))
		}
		tr := traceOf(jobs...)
		st, err := session.Analyze(tr, session.Options{})
		if err != nil {
			rt.Fatal(err)
		}
		vals := datasets.Procs.Values(tr)
		o := BootstrapOptions{Reps: 20, Seed: rapid.Uint64().Draw(rt, "seed"), Workers: 1}
		got, err := RandomizeStructure(st, vals, datasets.Procs, o)
		if err != nil {
			rt.Skip(err)
		}
		want := randomizeValues(st, vals, o)
		for r := range o.Reps {
			g := [3]float64{got.Mean[r], got.Pooled[r], got.Identical[r]}
			if g != want[r] && !(math.IsNaN(g[0]) && math.IsNaN(want[r][0])) {
				rt.Fatalf("replicate %d: %v, shuffling the values gives %v", r, g, want[r])
			}
		}
	})
}

// randomizeValues is RandomizeStructure's replicates as 2013 §3 reads:
// each user's known values shuffled among the user's sessions, each
// session's values sorted; every user is shuffled when it can change.
// It returns (Mean, Pooled, Identical) per replicate.
func randomizeValues(st session.Structure, vals []float64, o BootstrapOptions) [][3]float64 {
	var fixed withinAcc
	var users [][]float64
	var sizes [][]int
	for k := range st.Users.ID {
		var uv []float64
		var us []int
		var acc withinAcc
		for i := st.Users.FirstSession[k]; i < st.Users.FirstSession[k]+st.Users.Sessions[k]; i++ {
			var s []float64
			for _, row := range st.SessionJobs(i) {
				if vals[row] >= 0 {
					s = append(s, vals[row])
				}
			}
			uv, us = append(uv, s...), append(us, len(s))
			slices.Sort(s)
			acc.addSorted(s)
		}
		if changes(us) {
			users, sizes = append(users, uv), append(sizes, us)
		} else {
			fixed.add(acc)
		}
	}
	out := make([][3]float64, o.Reps)
	for r := range o.Reps {
		rng := rand.New(rand.NewPCG(o.Seed, uint64(r)))
		acc := fixed
		for k, uv := range users {
			x := slices.Clone(uv)
			rng.Shuffle(len(x), func(i, j int) { x[i], x[j] = x[j], x[i] })
			off := 0
			for _, n := range sizes[k] {
				c := x[off : off+n]
				off += n
				if n >= 2 {
					slices.Sort(c)
					acc.addSorted(c)
				}
			}
		}
		w := acc.result()
		out[r] = [3]float64{w.Mean, w.Pooled, w.Identical}
	}
	return out
}
