package resample

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
)

func TestDescribe(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	cases := []struct {
		name         string
		x            []float64
		mean, sd, cv float64
		acf          []float64
	}{
		// R: x <- 1:4; sd(x); acf(x, lag.max = 3, plot = FALSE)
		{"1:4", []float64{1, 2, 3, 4}, 2.5, math.Sqrt(5.0 / 3), math.Sqrt(5.0/3) / 2.5, []float64{0.25, -0.3, -0.45, nan}},
		// Alternating ±1: r_k = (−1)^k (n−k)/n; mean 0, so no CV.
		{"alternating", []float64{1, -1, 1, -1, 1, -1}, 0, math.Sqrt(6.0 / 5), nan, []float64{-5.0 / 6, 4.0 / 6, -3.0 / 6, 2.0 / 6}},
		// A constant: no variation, no autocorrelation.
		{"constant", []float64{3, 3, 3}, 3, 0, 0, []float64{nan, nan, nan, nan}},
		{"one value", []float64{7}, nan, nan, nan, []float64{nan, nan, nan, nan}},
		{"empty", nil, nan, nan, nan, []float64{nan, nan, nan, nan}},
	}
	same := func(a, b float64) bool {
		return math.IsNaN(a) && math.IsNaN(b) || scalar.EqualWithinAbsOrRel(a, b, 1e-12, 1e-12)
	}
	for _, c := range cases {
		s := Describe(c.x, 4)
		if s.N != len(c.x) || !same(s.Mean, c.mean) || !same(s.SD, c.sd) || !same(s.CV, c.cv) {
			t.Errorf("%s: %+v, want mean %v sd %v cv %v", c.name, s, c.mean, c.sd, c.cv)
		}
		for k := range c.acf {
			if !same(s.ACF[k], c.acf[k]) {
				t.Errorf("%s: ACF at lag %d = %v, want %v", c.name, k+1, s.ACF[k], c.acf[k])
			}
		}
	}
}

// TestLoadProfileSmallLog checks the weekly profile of the small log
// against its construction (see smallLog): periods start at the first job,
// Monday 10:00 of week 0; every job is 100 s on 2 processors.
func TestLoadProfileSmallLog(t *testing.T) {
	t.Parallel()
	p, err := NewPools(smallLog(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lp := p.LoadProfile(datasets.Week)
	if got := strings.Join(lp.Classes, ","); got != "all,long_term,temporary,discarded" {
		t.Fatalf("classes %s", got)
	}
	// The last job (user 5, week 29) is in a partial period: 29 periods.
	if lp.Periods() != 29 || lp.Procs != 16 || lp.Start != 10*3600 {
		t.Fatalf("%d periods, %d processors, start %v", lp.Periods(), lp.Procs, lp.Start)
	}
	const job = 200.0
	cases := []struct {
		period, class int
		work          float64
		users         int
	}{
		{0, 0, 3 * job, 2},   // user 1, user 3 twice
		{0, 3, 2 * job, 1},   // user 3, discarded
		{1, 0, job, 1},       // user 1 only
		{2, 1, 2 * job, 2},   // users 1 and 5
		{10, 0, 53 * job, 3}, // user 1 (51 jobs), user 2, user 5
		{10, 2, job, 1},      // user 2
		{15, 2, job, 1},      // user 4
		{20, 1, job, 1},      // user 5 only
	}
	for _, c := range cases {
		if w, u := lp.Work[c.class][c.period], lp.Users[c.class][c.period]; w != c.work || u != c.users {
			t.Errorf("period %d, %s: work %v users %d, want %v and %d", c.period, lp.Classes[c.class], w, u, c.work, c.users)
		}
	}
	if got, want := lp.Load(0)[1], job/(16*datasets.Week); got != want {
		t.Errorf("load of period 1: %v, want %v", got, want)
	}
	// Per period, the classes add up to the whole.
	for k := range lp.Periods() {
		sum := 0.0
		for c := 1; c < len(lp.Classes); c++ {
			sum += lp.Work[c][k]
		}
		if sum != lp.Work[0][k] {
			t.Errorf("period %d: classes %v, all %v", k, sum, lp.Work[0][k])
		}
	}
	ss := lp.Stats(3)
	df := ProfileStatsFrame(ss, 3)
	if df.Err != nil || df.Nrow() != 4 || strings.Join(df.Names(), ",") !=
		"log,class,periods,mean_load,sd_load,cv_load,acf_1,acf_2,acf_3,mean_users,cv_users" {
		t.Errorf("stats frame: %v %d rows %v", df.Err, df.Nrow(), df.Names())
	}
	if f := ProfileFrame(lp); f.Err != nil || f.Nrow() != 4*29 {
		t.Errorf("profile frame: %v %d rows", f.Err, f.Nrow())
	}
	// A resampled log: instances are users, and the classes add up.
	r, err := p.Generate(Options{Extend: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	rp := r.LoadProfile(datasets.Day)
	if rp.Unit != datasets.Day || rp.Periods() != int((r.End-r.Start)/datasets.Day) {
		t.Errorf("resampled: %d daily periods over %v s", rp.Periods(), r.End-r.Start)
	}
	for k := range rp.Periods() {
		u := 0
		for c := 1; c < len(rp.Classes); c++ {
			u += rp.Users[c][k]
		}
		if u != rp.Users[0][k] {
			t.Fatalf("day %d: %d users by class, %d in all", k, u, rp.Users[0][k])
		}
	}
}

// TestLoadProfileSparseUsers checks that user numbers far apart (the map
// of lastPeriods) give the profile of the same users numbered densely.
func TestLoadProfileSparseUsers(t *testing.T) {
	t.Parallel()
	p, err := NewPools(smallLog(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tr := p.Trace
	cls := make([]Kind, tr.Len())
	dense, sparse := make([]int, tr.Len()), make([]int, tr.Len())
	for i, u := range tr.User {
		dense[i], sparse[i] = u, u*(1<<40)-7
		cls[i] = Kind(i%4) - 1
	}
	for _, unit := range []float64{datasets.Day, datasets.Week} {
		a := newLoadProfile(tr, "a", cls, dense, p.Start, p.End, unit, 16)
		b := newLoadProfile(tr, "a", cls, sparse, p.Start, p.End, unit, 16)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("unit %v: dense users %+v, sparse users %+v", unit, a, b)
		}
		if newLastPeriods(dense).dense == nil || newLastPeriods(sparse).m == nil {
			t.Errorf("unit %v: dense and sparse users not told apart", unit)
		}
	}
}

// TestLoadProfiles checks Pools.LoadProfiles against the profiles of the
// generated log, under every reading's generation options.
func TestLoadProfiles(t *testing.T) {
	t.Parallel()
	p, err := NewPools(smallLog(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, rd := range Readings() {
		for seed := range uint64(4) {
			o := rd.Generate
			o.Seed = seed
			if seed == 3 {
				o.Load, o.RBNPW = 1.5, 0 // a replica of some users
			}
			r, err := p.Generate(o)
			if err != nil {
				t.Fatal(err)
			}
			got, err := p.LoadProfiles(o, datasets.Week, datasets.Day)
			if err != nil {
				t.Fatal(err)
			}
			for k, unit := range []float64{datasets.Week, datasets.Day} {
				if want := r.LoadProfile(unit); !reflect.DeepEqual(got[k], want) {
					t.Errorf("%s, seed %d, unit %v: LoadProfiles %+v, want %+v", rd.Name, seed, unit, got[k], want)
				}
			}
		}
	}
	if _, err := p.LoadProfiles(Options{Load: -1}, datasets.Week); err == nil {
		t.Error("LoadProfiles: no error for a negative load")
	}
}

// TestLoadProfilesSynthetic checks Pools.LoadProfiles against the
// profiles of the generated log on synthetic logs whose jobs differ in
// runtime and processors (smallLog's all offer the same work), under both
// clocks, several loads and lengths, and every reading's generation
// options; the memory of a worker reused from one call to the next.
func TestLoadProfilesSynthetic(t *testing.T) {
	t.Parallel()
	rds := Readings()
	rapid.Check(t, func(rt *rapid.T) {
		clock := rapid.SampledFrom([]Clock{WallClock, Elapsed}).Draw(rt, "clock")
		p, err := NewPools(synthetic(rt), PoolOptions{Clock: clock})
		if err != nil {
			rt.Fatal(err)
		}
		o := rds[rapid.IntRange(0, len(rds)-1).Draw(rt, "reading")].Generate
		o.Seed = rapid.Uint64().Draw(rt, "seed")
		o.Load = rapid.SampledFrom([]float64{0, 0.5, 2.5}).Draw(rt, "load")
		o.Extend = rapid.SampledFrom([]float64{0.5, 1, 3}).Draw(rt, "extend")
		if o.Load*float64(len(p.Temporary))/float64(p.Weeks) > float64(len(p.Temporary)) {
			o.NoArrivals = true
		}
		r, err := p.Generate(o)
		if err != nil {
			rt.Skip(err) // options the synthetic pools cannot serve
		}
		got, err := p.LoadProfiles(o, datasets.Week, datasets.Day)
		if err != nil {
			rt.Fatal(err)
		}
		for k, unit := range []float64{datasets.Week, datasets.Day} {
			if want := r.LoadProfile(unit); !reflect.DeepEqual(got[k], want) {
				rt.Fatalf("unit %v: LoadProfiles %+v, want %+v", unit, got[k], want)
			}
		}
	})
}
