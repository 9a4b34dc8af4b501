package similarity

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/datasets"
)

func TestSimilarity(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	// r = min/max (2013 §3); two zeros are identical.
	cases := []struct{ x, y, want float64 }{
		{2, 4, 0.5}, {4, 2, 0.5}, {3, 3, 1}, {0, 0, 1}, {0, 5, 0}, {1, 64, 1.0 / 64},
		{nan, 1, nan}, {-1, 2, nan},
	}
	for _, c := range cases {
		got := Similarity(c.x, c.y)
		if got != c.want && !(math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("Similarity(%v, %v) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

// Only the attributes of 2013 §3 are measured.
func TestAttributeChecked(t *testing.T) {
	t.Parallel()
	tr := datasets.Sample()
	for _, a := range []datasets.Attribute{datasets.Work, datasets.Interarrival, "cpu"} {
		if _, err := Analyze(tr, a, Options{}); err == nil {
			t.Errorf("Analyze(%s): no error", a)
		}
		if _, err := Randomize(tr, a, BootstrapOptions{Reps: 1}); err == nil {
			t.Errorf("Randomize(%s): no error", a)
		}
	}
}

// sortedSet builds the sorted representation of one value list.
func sortedSet(v []float64) (z int, pos, pre, inv []float64) {
	for _, x := range v {
		if x == 0 {
			z++
		} else {
			pos = append(pos, x)
		}
	}
	slices.Sort(pos)
	pre = make([]float64, len(pos)+1)
	inv = make([]float64, len(pos)+1)
	for k, x := range pos {
		pre[k+1] = pre[k] + x
	}
	for k := len(pos) - 1; k >= 0; k-- {
		inv[k] = inv[k+1] + 1/pos[k]
	}
	return
}

// TestPairSumsProperty checks the linear-time pair sums against the
// definition summed over every pair, with zeros and ties.
func TestPairSumsProperty(t *testing.T) {
	t.Parallel()
	gen := rapid.SliceOfN(rapid.SampledFrom([]float64{0, 1, 2, 3, 8, 100, 1.5}), 0, 30)
	rapid.Check(t, func(t *rapid.T) {
		a, b := gen.Draw(t, "a"), gen.Draw(t, "b")
		za, pa, prea, inva := sortedSet(a)
		zb, pb, _, _ := sortedSet(b)
		// Within a.
		var wsum float64
		wident := 0
		for i := range a {
			for j := i + 1; j < len(a); j++ {
				r := Similarity(a[i], a[j])
				wsum += r
				if a[i] == a[j] {
					wident++
				}
			}
		}
		gsum, gident := within(za, pa, prea)
		if math.Abs(gsum-wsum) > 1e-9 || gident != wident {
			t.Fatalf("within %v: sum %v identical %d, want %v %d", a, gsum, gident, wsum, wident)
		}
		// Across a and b.
		var xsum float64
		xident := 0
		for _, x := range a {
			for _, y := range b {
				xsum += Similarity(x, y)
				if x == y {
					xident++
				}
			}
		}
		gsum, gident = across(za, pa, prea, inva, zb, pb)
		if math.Abs(gsum-xsum) > 1e-9 || gident != xident {
			t.Fatalf("across %v %v: sum %v identical %d, want %v %d", a, b, gsum, gident, xsum, xident)
		}
	})
}

// mkSessions builds one user's trace whose sessions hold the given procs
// values: sessions are two hours apart, jobs in a session a minute apart.
func mkSessions(user int, sessions ...[]int) []datasets.Job {
	var jobs []datasets.Job
	for s, vals := range sessions {
		for j, v := range vals {
			r := datasets.UnknownJob()
			r.User = user
			r.Submit = float64(s*7200 + j*60)
			r.Wait, r.Runtime = 0, 10
			r.Procs = v
			jobs = append(jobs, r)
		}
	}
	return jobs
}

func traceOf(jobs ...[]datasets.Job) *datasets.Trace {
	t := datasets.NewTrace("toy", 0)
	for _, js := range jobs {
		for _, j := range js {
			t.Append(j)
		}
	}
	return t.SortBySubmit()
}

// TestAnalyzeToy works a three-session user by hand: sessions {1, 2},
// {2}, {4} (processors).
//
//	d0: (1,2) → 0.5
//	d1: S0–S1 (1,2)=0.5 (2,2)=1; S1–S2 (2,4)=0.5 → job pairs 2/3, session pairs (0.75+0.5)/2
//	d2: S0–S2 (1,4)=0.25 (2,4)=0.5 → 0.375
func TestAnalyzeToy(t *testing.T) {
	t.Parallel()
	tr := traceOf(mkSessions(1, []int{1, 2}, []int{2}, []int{4}))
	for _, c := range []struct {
		pooling    Pooling
		d0, d1, d2 float64
	}{{JobPairs, 0.5, 2.0 / 3, 0.375}, {SessionPairs, 0.5, 0.625, 0.375}} {
		r, err := Analyze(tr, datasets.Procs, Options{Pooling: c.pooling, Qualify: PerComparison, MaxDistance: 3, QualifyDistance: 2})
		if err != nil {
			t.Fatal(err)
		}
		u := r.Users
		if math.Abs(u.At(0, 0)-c.d0) > 1e-12 || math.Abs(u.At(0, 1)-c.d1) > 1e-12 || math.Abs(u.At(0, 2)-c.d2) > 1e-12 || !math.IsNaN(u.At(0, 3)) {
			t.Errorf("pooling %d: sims %v, want %v %v %v NaN", c.pooling, u.Sim, c.d0, c.d1, c.d2)
		}
		tb := r.Table
		if tb.D0vsD1.NLonger != 1 || tb.D1vsD2.NShorter != 1 || tb.Users != 1 || tb.D0vsD1.Longer != 1 {
			t.Errorf("table %+v", tb)
		}
		d := r.Distances
		if d.SessionPairs[1] != 2 || d.JobPairs[1] != 3 || math.Abs(d.Identical[1]-0.25) > 1e-12 ||
			math.Abs(d.Mean[1]-0.625) > 1e-12 || math.Abs(d.Median[1]-0.625) > 1e-12 || math.Abs(d.PooledMean[1]-2.0/3) > 1e-12 {
			t.Errorf("distances %+v", d)
		}
		if u.Constant[0] {
			t.Error("user marked constant")
		}
	}
	// With the default (AllDistances up to 5), a three-session user does
	// not qualify.
	r, err := Analyze(tr, datasets.Procs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Table.Users != 0 || !math.IsNaN(r.Table.D0vsD1.Shorter) || r.Users.Qualified[0] {
		t.Errorf("default qualification: %+v", r.Table)
	}
}

// TestQualifyAndConstant: a six-session user qualifies by default; a user
// who always uses 4 processors is constant and "equal".
func TestQualifyAndConstant(t *testing.T) {
	t.Parallel()
	varied := mkSessions(1, []int{1, 1}, []int{1}, []int{2}, []int{4}, []int{8}, []int{16})
	constant := mkSessions(2, []int{4, 4}, []int{4}, []int{4}, []int{4}, []int{4}, []int{4})
	short := mkSessions(3, []int{1, 1}, []int{2}, []int{4}, []int{8}, []int{16}) // five sessions
	r, err := Analyze(traceOf(varied, constant, short), datasets.Procs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Users.Qualified, []bool{true, true, false}) || !slices.Equal(r.Users.Constant, []bool{false, true, false}) {
		t.Fatalf("qualified %v constant %v", r.Users.Qualified, r.Users.Constant)
	}
	a := r.Table.D0vsD1
	if a.Users != 2 || a.NShorter != 1 || a.NEqual != 1 || a.Shorter != 0.5 || a.Equal != 0.5 {
		t.Errorf("0 vs 1: %+v", a)
	}
	if f := TableFrame(r); f.Nrow() != 1 || f.Col("equal_01").Float()[0] != 0.5 {
		t.Errorf("TableFrame:\n%v", f)
	}
	if f := r.UsersFrame(); f.Nrow() != 3 || f.Ncol() != 4+11 {
		t.Errorf("UsersFrame %dx%d", f.Nrow(), f.Ncol())
	}
	if f := r.DistancesFrame(); f.Nrow() != 11 {
		t.Errorf("DistancesFrame has %d rows", f.Nrow())
	}
}

// TestUnknownValues: jobs with an unknown value delimit sessions but are
// left out of every pair.
func TestUnknownValues(t *testing.T) {
	t.Parallel()
	jobs := mkSessions(1, []int{2, -1, 2}, []int{-1}, []int{1})
	r, err := Analyze(traceOf(jobs), datasets.Procs, Options{Qualify: PerComparison, QualifyDistance: 2, MaxDistance: 2})
	if err != nil {
		t.Fatal(err)
	}
	// d0: (2,2) → 1; d1: S0–S1 empty, S1–S2 empty → NaN; d2: (2,1),(2,1) → 0.5.
	u := r.Users
	if u.At(0, 0) != 1 || !math.IsNaN(u.At(0, 1)) || u.At(0, 2) != 0.5 || u.Jobs[0] != 3 {
		t.Errorf("sims %v jobs %d", u.Sim, u.Jobs[0])
	}
}

func TestOptionsErrors(t *testing.T) {
	t.Parallel()
	tr := traceOf(mkSessions(1, []int{1, 2}))
	for _, o := range []Options{{MaxDistance: 1}, {QualifyDistance: 20}, {EqualTolerance: -1}, {Qualify: 5}, {Pooling: 5},
		{TimeResolution: -60}, {TimeResolution: math.NaN()}, {TimeResolution: math.Inf(1)}} {
		if _, err := Analyze(tr, datasets.Procs, o); err == nil {
			t.Errorf("options %+v: no error", o)
		}
	}
	st, _ := session.Analyze(tr, session.Options{})
	if _, err := FromStructure(st, []float64{1}, datasets.Procs, Options{}); err == nil {
		t.Error("FromStructure with short values: no error")
	}
}

// TestTimeResolution works one user by hand: runtimes {30, 50}, {90},
// {150} s, processors all 1.
//
//	seconds: d0 30/50 = 0.6; d1 (30/90 + 50/90 + 90/150)/3; d2 (30/150 + 50/150)/2
//	minutes (floor): {0, 0}, {1}, {2} → d0 1; d1 (0 + 0 + 1/2)/3; d2 0
func TestTimeResolution(t *testing.T) {
	t.Parallel()
	jobs := mkSessions(1, []int{30, 50}, []int{90}, []int{150})
	for i := range jobs {
		jobs[i].Runtime, jobs[i].ReqTime, jobs[i].Procs = float64(jobs[i].Procs), float64(jobs[i].Procs), 1
	}
	tr := traceOf(jobs)
	cases := []struct {
		attr       datasets.Attribute
		res        float64
		d0, d1, d2 float64
	}{
		{datasets.Runtime, 0, 0.6, (30.0/90 + 50.0/90 + 90.0/150) / 3, (30.0/150 + 50.0/150) / 2},
		{datasets.Runtime, 60, 1, 0.5 / 3, 0},
		{datasets.ReqTime, 60, 1, 0.5 / 3, 0},
		{datasets.Procs, 60, 1, 1, 1}, // not a time: unchanged
	}
	for _, c := range cases {
		r, err := Analyze(tr, c.attr, Options{TimeResolution: c.res, MaxDistance: 2, QualifyDistance: 2})
		if err != nil {
			t.Fatal(err)
		}
		for d, want := range []float64{c.d0, c.d1, c.d2} {
			if got := r.Users.At(0, d); math.Abs(got-want) > 1e-12 {
				t.Errorf("%s, resolution %v: distance %d similarity %v, want %v", c.attr, c.res, d, got, want)
			}
		}
	}
	// FromStructure truncates the same way and leaves vals alone.
	st, err := session.Analyze(tr, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	vals := datasets.Runtime.Values(tr)
	orig := slices.Clone(vals)
	r, err := FromStructure(st, vals, datasets.Runtime, Options{TimeResolution: 60, MaxDistance: 2, QualifyDistance: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r.Users.At(0, 0) != 1 || !slices.Equal(vals, orig) {
		t.Errorf("FromStructure: d0 %v, vals %v (was %v)", r.Users.At(0, 0), vals, orig)
	}
}
