package resample

import (
	"bytes"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
)

// With no class weights (nil or empty) the new log is byte for byte the
// one of the options without the field: the quick baselines and stored
// notebooks depend on it.
func TestClassWeightsZeroValueUnchanged(t *testing.T) {
	t.Parallel()
	p, err := NewPools(datasets.Sample(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range []uint64{1, 2, 42, 1234} {
		for _, o := range []Options{{Seed: seed}, {Seed: seed, Load: 1.5, Arrivals: ByWeeks},
			{Seed: seed, LongTermSelection: LongTermWithReplacement, InitialTemporaries: InitialUniform}} {
			base, err := p.Generate(o)
			if err != nil {
				t.Fatal(err)
			}
			o.ClassWeights = ClassWeights{}
			empty, err := p.Generate(o)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(swf(t, base.Trace), swf(t, empty.Trace)) || !slices.Equal(base.Source, empty.Source) {
				t.Errorf("seed %d: empty class weights change the log", seed)
			}
		}
	}
}

// Class weights keep every invariant of Generate (each user's jobs are one
// stream of the log, in order), and a class of weight 0 never appears.
func TestClassWeightsInvariants(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		tr := synthetic(rt)
		p, err := NewPools(tr, PoolOptions{})
		if err != nil {
			rt.Fatal(err)
		}
		w := ClassWeights{}
		for _, c := range AllUserClasses() {
			if rapid.Bool().Draw(rt, "set "+c.String()) {
				w[c] = rapid.SampledFrom([]float64{0, 0.5, 1, 2, 3}).Draw(rt, c.String())
			}
		}
		o := Options{Seed: rapid.Uint64().Draw(rt, "seed"), ClassWeights: w,
			Load:              rapid.SampledFrom([]float64{0.5, 1, 2.5}).Draw(rt, "load"),
			LongTermSelection: rapid.SampledFrom([]LongTermSelection{EachLongTermUser, LongTermWithReplacement}).Draw(rt, "selection"),
			Arrivals:          rapid.SampledFrom([]Weighting{Uniform, ByWeeks}).Draw(rt, "arrivals")}
		if o.Load*float64(len(p.Temporary))/float64(p.Weeks) > float64(len(p.Temporary)) {
			o.NoArrivals = true
		}
		classes := p.UserClasses()
		r, err := p.Generate(o)
		if err != nil {
			// Only when every user of a pool asked for weighs 0.
			lw := streamWeights(p.LongTerm, classes, w)
			tw := streamWeights(p.Temporary, classes, w)
			if l, _ := positive(lw); len(l) > 0 {
				if tmp, _ := positive(tw); len(tmp) > 0 {
					rt.Fatal(err)
				}
			}
			return
		}
		checkResampled(t, p, r)
		long := 0
		for _, in := range r.Instances {
			for c, v := range w {
				if v == 0 && in.Kind != Rare && classes[in.User].Has(c) {
					rt.Fatalf("user %d of class %s (weight 0) appears as a %s user", in.User, c, in.Kind)
				}
			}
			if in.Kind == LongTerm {
				long++
			}
		}
		if long != r.Options.LongTermUsers {
			rt.Fatalf("%d long-term instances, want %d", long, r.Options.LongTermUsers)
		}
	})
}

func TestUserClasses(t *testing.T) {
	t.Parallel()
	// Users 1–4: user 1 runs one big long job (half the work: heavy, long
	// jobs); user 2 many small short jobs; users 3 and 4 one short job each.
	tr := &datasets.Trace{Name: "classes"}
	add := func(user int, runtime float64, procs int) {
		i := tr.Len()
		tr.JobID = append(tr.JobID, i+1)
		tr.Submit = append(tr.Submit, float64(i*60))
		tr.Wait = append(tr.Wait, 0)
		tr.Runtime = append(tr.Runtime, runtime)
		tr.Procs = append(tr.Procs, procs)
		tr.CPUTime = append(tr.CPUTime, -1)
		tr.Mem = append(tr.Mem, -1)
		tr.ReqProcs = append(tr.ReqProcs, procs)
		tr.ReqTime = append(tr.ReqTime, -1)
		tr.ReqMem = append(tr.ReqMem, -1)
		tr.Status = append(tr.Status, 1)
		tr.User = append(tr.User, user)
		tr.Group = append(tr.Group, -1)
		tr.App = append(tr.App, -1)
		tr.Queue = append(tr.Queue, -1)
		tr.Partition = append(tr.Partition, -1)
		tr.PrevJob = append(tr.PrevJob, -1)
		tr.ThinkTime = append(tr.ThinkTime, -1)
	}
	add(1, 10000, 64) // 640,000 processor-seconds, more than the rest
	for range 6 {
		add(2, 10, 1)
	}
	add(3, 100, 8)
	add(4, 50, 4)
	tr.Header.TimeZoneString = "UTC"
	p, err := NewPools(tr, PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := p.UserClasses()
	// Log medians (9 jobs): runtime 10 s, processors 1; jobs per user:
	// 1, 6, 1, 1 → median 1.
	want := map[int][]UserClass{1: {HeavyUsers, LongJobUsers}, 2: {SmallJobUsers}, 3: {LongJobUsers}, 4: {LongJobUsers}}
	for u, cs := range want {
		var s ClassSet
		for _, c := range cs {
			s |= 1 << uint(c)
		}
		if got[u] != s {
			t.Errorf("user %d: classes %b, want %b", u, got[u], s)
		}
	}
}

func TestParseClassWeights(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"", "", true},
		{"heavy=2", "heavy=2", true},
		{"small=0, long=0.5", "long=0.5,small=0", true},
		{"heavy", "", false},
		{"huge=2", "", false},
		{"heavy=-1", "", false},
		{"heavy=NaN", "", false},
		{"heavy=Inf", "", false},
	} {
		w, err := ParseClassWeights(c.in)
		if (err == nil) != c.ok || (err == nil && w.String() != c.want) {
			t.Errorf("ParseClassWeights(%q) = %v, %v; want %q ok %v", c.in, w, err, c.want, c.ok)
		}
	}
}
