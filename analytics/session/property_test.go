package session

import (
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/rapidtest"
)

// genTrace draws a small trace: few users (−1 included, never alone),
// submit times on a coarse grid so that ties and one-hour gaps both occur,
// and occasional unknown waits and runtimes. With distinct set, submit times are distinct.
func genTrace(t *rapid.T, distinct bool) *datasets.Trace {
	n := rapid.IntRange(0, 60).Draw(t, "n")
	users := []int{-1, 3, 4, 8}
	jobs := make([]job, n)
	used := map[float64]bool{}
	for i := range jobs {
		u := rapid.SampledFrom(users).Draw(t, "user")
		var s float64
		for {
			s = float64(rapid.IntRange(0, 400).Draw(t, "submit") * 60)
			if !distinct || !used[s] {
				break
			}
			s += float64(i) // make it distinct without redrawing forever
			if !used[s] {
				break
			}
		}
		used[s] = true
		w := float64(rapid.IntRange(0, 30).Draw(t, "wait") * 60)
		r := float64(rapid.IntRange(0, 120).Draw(t, "runtime") * 60)
		if rapid.IntRange(0, 15).Draw(t, "unknownWait") == 0 {
			w = math.NaN()
		}
		if rapid.IntRange(0, 15).Draw(t, "unknownRuntime") == 0 {
			r = math.NaN()
		}
		jobs[i] = job{u, s, w, r}
	}
	if n > 0 && jobs[0].user == -1 {
		// A log whose every user is unknown is refused (ErrNoUsers,
		// TestNoUsers); one known user keeps the −1 group in play.
		jobs[0].user = 3
	}
	return mkTrace(jobs...)
}

func genOptions(t *rapid.T) Options {
	return Options{
		Gap:             rapid.SampledFrom([]float64{0, 600, 7200}).Draw(t, "gap"),
		TouchingOverlap: rapid.Bool().Draw(t, "touching"),
		Dependencies:    rapid.SampledFrom([]Dependencies{ReducedDependencies, AllDependencies}).Draw(t, "deps"),
	}
}

// checkStructure verifies the invariants of a Structure against its trace:
// the partition of jobs into sessions and batches, Definition 1 for
// sessions, Definitions 2–3 for batches (against a brute-force connected
// components computation), Observation 5, Observation 7 and Definition 8
// (follows is a total order per user), Observation 11 (acyclic dependency
// graph) and Definition 12 (against a brute-force edge list).
func checkStructure(t interface {
	Helper()
	Fatalf(string, ...any)
}, tr *datasets.Trace, s Structure) {
	t.Helper()
	n := tr.Len()
	gap, touching := s.Options.Gap, s.Options.TouchingOverlap
	overlaps := func(end, arrival float64) bool { return end > arrival || touching && end == arrival }
	// Every job in exactly one session and one batch; Order a permutation.
	seen := make([]int, n)
	for _, i := range s.Order {
		seen[i]++
	}
	for i, c := range seen {
		if c != 1 {
			t.Fatalf("job %d appears %d times in Order", i, c)
		}
	}
	inBatch := make([]int, n)
	for b := range s.Batches.Len() {
		for _, i := range s.JobsOf(b) {
			inBatch[i]++
			if s.JobBatch[i] != b || s.JobSession[i] != s.Batches.Session[b] || tr.User[i] != s.Batches.User[b] {
				t.Fatalf("job %d: batch %d/%d, session %d/%d", i, s.JobBatch[i], b, s.JobSession[i], s.Batches.Session[b])
			}
		}
	}
	inSession := make([]int, n)
	for si := range s.Sessions.Len() {
		for _, i := range s.SessionJobs(si) {
			inSession[i]++
			if s.JobSession[i] != si {
				t.Fatalf("job %d listed in session %d but assigned %d", i, si, s.JobSession[i])
			}
		}
		fb, nb := s.Sessions.FirstBatch[si], s.Sessions.Batches[si]
		total := 0
		for b := fb; b < fb+nb; b++ {
			total += s.Batches.Jobs[b]
			if s.Batches.Session[b] != si {
				t.Fatalf("batch %d not in session %d", b, si)
			}
		}
		if total != s.Sessions.Jobs[si] {
			t.Fatalf("session %d: batches hold %d jobs, session %d", si, total, s.Sessions.Jobs[si])
		}
	}
	for i := range n {
		if inBatch[i] != 1 || inSession[i] != 1 {
			t.Fatalf("job %d in %d batches and %d sessions", i, inBatch[i], inSession[i])
		}
	}
	// Per user: sessions (Definition 1) and batches (Definitions 2–3).
	for k := range s.Users.ID {
		rows := s.Order[s.Users.FirstJob[k] : s.Users.FirstJob[k]+s.Users.Jobs[k]]
		for p := 1; p < len(rows); p++ {
			a, b := rows[p-1], rows[p]
			if tr.Submit[b] < tr.Submit[a] {
				t.Fatalf("user %d: jobs out of order", s.Users.ID[k])
			}
			same := s.JobSession[a] == s.JobSession[b]
			if same != (tr.Submit[b]-tr.Submit[a] <= gap) {
				t.Fatalf("user %d: jobs %d,%d inter-arrival %v, same session %v", s.Users.ID[k], a, b, tr.Submit[b]-tr.Submit[a], same)
			}
		}
		// Brute force: union jobs p < q of one session that overlap.
		parent := make([]int, len(rows))
		for p := range parent {
			parent[p] = p
		}
		find := func(x int) int {
			for parent[x] != x {
				x = parent[x]
			}
			return x
		}
		for p := range rows {
			for q := p + 1; q < len(rows); q++ {
				i, j := rows[p], rows[q]
				if s.JobSession[i] == s.JobSession[j] && overlaps(s.JobEnd[i], tr.Submit[j]) {
					parent[find(q)] = find(p)
				}
			}
		}
		for p := range rows {
			for q := p + 1; q < len(rows); q++ {
				if (find(p) == find(q)) != (s.JobBatch[rows[p]] == s.JobBatch[rows[q]]) {
					t.Fatalf("user %d: jobs %d,%d: component and batch disagree", s.Users.ID[k], rows[p], rows[q])
				}
			}
		}
		// Follows (Definition 8, Observation 7): the user's batches are
		// contiguous, numbered 0.. in arrival order.
		fb, nb := s.Users.FirstBatch[k], s.Users.Batches[k]
		for b := fb; b < fb+nb; b++ {
			if s.Batches.Seq[b] != b-fb || s.Batches.UserIndex[b] != k {
				t.Fatalf("batch %d: seq %d, want %d", b, s.Batches.Seq[b], b-fb)
			}
			if b > fb {
				if s.Follows(b) != b-1 || s.Batches.LastArrival[b-1] > s.Batches.FirstArrival[b] {
					t.Fatalf("batch %d does not follow %d in arrival order", b, b-1)
				}
				// Observation 5: batches of one session never overlap.
				if s.Batches.Session[b] == s.Batches.Session[b-1] && overlaps(s.Batches.End[b-1], s.Batches.FirstArrival[b]) {
					t.Fatalf("batches %d and %d of one session overlap", b-1, b)
				}
			} else if s.Follows(b) != -1 {
				t.Fatalf("first batch %d follows %d", b, s.Follows(b))
			}
		}
	}
	// Observation 11: every dependency points to an earlier batch of the
	// same user, so the graph is acyclic; check with a DFS as well.
	nb := s.Batches.Len()
	for b := range nb {
		for _, o := range s.DependsOn(b) {
			if o >= b || s.Batches.User[o] != s.Batches.User[b] {
				t.Fatalf("batch %d depends on %d", b, o)
			}
		}
	}
	if hasCycle(s) {
		t.Fatalf("dependency graph has a cycle")
	}
	// Definition 12 by brute force (all edges), and its transitive
	// reduction has the same closure.
	all := bruteDeps(s)
	if s.Options.Dependencies == AllDependencies {
		for b := range nb {
			if !slices.Equal(s.DependsOn(b), all[b]) && !(len(all[b]) == 0 && len(s.DependsOn(b)) == 0) {
				t.Fatalf("batch %d depends on %v, Definition 12 gives %v", b, s.DependsOn(b), all[b])
			}
		}
	} else {
		got := closure(nb, func(b int) []int { return s.DependsOn(b) })
		want := closure(nb, func(b int) []int { return all[b] })
		for b := range nb {
			if !slices.Equal(got[b], want[b]) {
				t.Fatalf("batch %d: reduced closure %v, full %v", b, got[b], want[b])
			}
		}
	}
	// Think time (§VII) from the full dependency list.
	for b := range nb {
		want := math.NaN()
		if len(all[b]) > 0 {
			latest := math.Inf(-1)
			for _, o := range all[b] {
				latest = max(latest, s.Batches.End[o])
			}
			want = s.Batches.FirstArrival[b] - latest
		}
		if !sameFloat(s.Batches.ThinkTime[b], want) {
			t.Fatalf("batch %d think time %v, want %v", b, s.Batches.ThinkTime[b], want)
		}
	}
}

// bruteDeps lists Definition 12's dependencies by examining every pair of
// batches of a user.
func bruteDeps(s Structure) [][]int {
	nb := s.Batches.Len()
	out := make([][]int, nb)
	ss := s.Sessions
	for bi := range nb {
		first := s.Users.FirstBatch[s.Batches.UserIndex[bi]]
		for bj := first; bj < bi; bj++ {
			si, sj := s.Batches.Session[bi], s.Batches.Session[bj]
			rule1 := si == sj && bi == bj+1
			rule2 := si != sj && ss.FirstBatch[si] == bi && ss.FirstBatch[sj]+ss.Batches[sj]-1 == bj &&
				s.endedBefore(ss.End[sj], ss.Start[si])
			if rule1 || rule2 {
				out[bi] = append(out[bi], bj)
			}
		}
	}
	return out
}

// closure returns, for each batch, the sorted set of batches reachable
// through the dependency edges.
func closure(nb int, deps func(int) []int) [][]int {
	out := make([][]int, nb)
	for b := range nb { // deps point to lower ids: closures of lower ids are ready
		set := map[int]bool{}
		for _, o := range deps(b) {
			set[o] = true
			for _, x := range out[o] {
				set[x] = true
			}
		}
		for x := range set {
			out[b] = append(out[b], x)
		}
		slices.Sort(out[b])
	}
	return out
}

func hasCycle(s Structure) bool {
	nb := s.Batches.Len()
	state := make([]int8, nb) // 0 new, 1 on stack, 2 done
	var visit func(int) bool
	visit = func(b int) bool {
		state[b] = 1
		for _, o := range s.DependsOn(b) {
			if state[o] == 1 || state[o] == 0 && visit(o) {
				return true
			}
		}
		state[b] = 2
		return false
	}
	for b := range nb {
		if state[b] == 0 && visit(b) {
			return true
		}
	}
	return false
}

// TestPropertyInvariants checks the session structure's invariants
// (checkStructure); its saved failure cases (testdata/rapid) are replayed
// first and must stay valid (rapidtest.Check).
func TestPropertyInvariants(t *testing.T) {
	t.Parallel()
	rapidtest.Check(t, func(t *rapid.T) {
		tr := genTrace(t, false)
		s, err := Analyze(tr, genOptions(t))
		if err != nil {
			t.Fatal(err)
		}
		checkStructure(t, tr, s)
	})
}

// TestPropertyUnsorted checks that the row order of the input does not
// matter (with distinct submit times; ties are resolved by row order).
func TestPropertyUnsorted(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		tr := genTrace(t, true)
		opts := genOptions(t)
		want, err := Analyze(tr, opts)
		if err != nil {
			t.Fatal(err)
		}
		perm := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1)).Perm(tr.Len())
		sh := tr.Select(perm)
		got, err := Analyze(sh, opts)
		if err != nil {
			t.Fatal(err)
		}
		for p, i := range perm {
			if got.JobSession[p] != want.JobSession[i] || got.JobBatch[p] != want.JobBatch[i] {
				t.Fatalf("row %d (was %d): session/batch %d/%d, sorted gives %d/%d", p, i,
					got.JobSession[p], got.JobBatch[p], want.JobSession[i], want.JobBatch[i])
			}
		}
		if !sameFloats(got.Batches.ThinkTime, want.Batches.ThinkTime) || !slices.Equal(got.Deps.On, want.Deps.On) {
			t.Fatalf("think times or dependencies depend on row order")
		}
	})
}

// TestRealLogs checks the invariants on real logs (with the brute-force
// checks restricted to users of at most 400 jobs to stay fast).
func TestRealLogs(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	for _, name := range []string{"KTH-SP2", "SDSC-BLUE", "CEA-Curie"} {
		tr, err := datasets.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Analyze(tr, Options{})
		if err != nil {
			t.Fatal(err)
		}
		// Brute force is quadratic per user: check the users with few jobs
		// on a sub-trace, and the linear invariants on the whole log.
		keep := map[int]bool{}
		for k, id := range s.Users.ID {
			if s.Users.Jobs[k] <= 400 {
				keep[id] = true
			}
		}
		sub, _ := tr.Filter(func(i int) bool { return keep[tr.User[i]] })
		ss, err := Analyze(sub, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkStructure(t, sub, ss)
		for b := range s.Batches.Len() {
			if b > 0 && s.Batches.Session[b] == s.Batches.Session[b-1] && s.Batches.End[b-1] > s.Batches.FirstArrival[b] {
				t.Fatalf("%s: batches %d and %d of one session overlap", name, b-1, b)
			}
			for _, o := range s.DependsOn(b) {
				if o >= b {
					t.Fatalf("%s: batch %d depends on later batch %d", name, b, o)
				}
			}
		}
		sum := s.Summarize()
		if sum.Jobs != tr.Len() || sum.Users != tr.NumUsers() {
			t.Errorf("%s: summary %+v", name, sum)
		}
		t.Logf("%s: %v", name, sum)
	}
}
