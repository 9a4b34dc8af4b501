package resample

import (
	"math"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/sweep"
)

func TestHeaviestBursts(t *testing.T) {
	t.Parallel()
	tr := smallLog()
	bs := HeaviestBursts(tr, datasets.Day, 2)
	if len(bs) != 2 {
		t.Fatalf("%d bursts, want 2", len(bs))
	}
	// User 1's 50 jobs a minute apart on day 2 of week 10 (smallLog).
	b := bs[0]
	if b.User != 1 || b.Jobs != 50 || b.Begin != 10*datasets.Week+2*datasets.Day || b.End != 10*datasets.Week+2*datasets.Day+49*60 || b.LogJobs != 50 {
		t.Errorf("heaviest burst %+v", b)
	}
	// Next: user 3's two jobs a day apart fit a window of one day.
	if bs[1].User != 3 || bs[1].Jobs != 2 {
		t.Errorf("second burst %+v", bs[1])
	}
	df := BurstsFrame(bs)
	if df.Err != nil || df.Nrow() != 2 || df.Col("share").Float()[0] != 1 {
		t.Errorf("BurstsFrame: %v\n%v", df.Err, df)
	}
	// The burst as a rare period takes exactly those 50 jobs.
	p, err := NewPools(tr, PoolOptions{Rare: []RarePeriod{b.RarePeriod}})
	if err != nil || p.Rare[0].Jobs() != 50 {
		t.Errorf("rare period from the burst: %v", err)
	}
}

func TestPeriodsAndVariants(t *testing.T) {
	t.Parallel()
	p, err := NewPools(smallLog(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	vs, err := p.Variants(Options{Extend: 3}, 2, 9)
	if err != nil {
		t.Fatal(err)
	}
	// Variant i is replicate i of a sweep seeded 9.
	r, err := p.Generate(Options{Extend: 3, Seed: sweep.Seed(9, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if vs[1].Trace.Len() != r.Trace.Len() || vs[1].Trace.Name != "variant 2" {
		t.Errorf("variant 2 has %d jobs, replicate 1 %d", vs[1].Trace.Len(), r.Trace.Len())
	}
	span := p.End - p.Start
	ps := Periods(vs[0].Trace, vs[0].Start, span, 3)
	n := 0
	for k, x := range ps {
		for _, s := range x.Submit {
			if s < vs[0].Start+float64(k)*span || s >= vs[0].Start+float64(k+1)*span {
				t.Fatalf("period %d holds a job at %v", k, s)
			}
		}
		n += x.Len()
	}
	if last := vs[0].Trace.Submit[vs[0].Trace.Len()-1]; last >= vs[0].Start+3*span {
		n++ // the window's last instant belongs to no period
	}
	if n != vs[0].Trace.Len() {
		t.Errorf("periods hold %d jobs, the log %d", n, vs[0].Trace.Len())
	}
}

func TestCompareStructure(t *testing.T) {
	t.Parallel()
	p, err := NewPools(datasets.Sample(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	vs, err := p.Variants(Options{}, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	traces := []*datasets.Trace{vs[0].Trace, vs[1].Trace, vs[2].Trace}
	cs, err := CompareStructure(p.Trace, traces)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 5 {
		t.Fatalf("%d comparisons, want 5: %+v", len(cs), cs)
	}
	for _, c := range cs {
		if c.Variants != 3 || math.IsNaN(c.Original) || math.IsNaN(c.Mean) || !(c.SD >= 0) {
			t.Errorf("comparison %+v", c)
		}
		// Resampling keeps each user's stream: the locality measures stay
		// within 30% of the original's.
		if math.Abs(c.Mean-c.Original) > 0.3*math.Abs(c.Original) {
			t.Errorf("%s: original %v, variants %v ± %v", c.Measure, c.Original, c.Mean, c.SD)
		}
	}
	df := ComparisonFrame(cs)
	if df.Err != nil || df.Nrow() != 5 {
		t.Errorf("ComparisonFrame: %v", df.Err)
	}
}

func TestOfferedLoad(t *testing.T) {
	t.Parallel()
	tr := datasets.NewTrace("load", 0)
	for _, j := range []struct {
		at, run float64
		procs   int
	}{{0, 100, 2}, {50, 300, 1}, {150, 100, 4}, {199, math.NaN(), 4}, {250, 10, 1}} {
		x := datasets.UnknownJob()
		x.Submit, x.Runtime, x.Procs = j.at, j.run, j.procs
		tr.Append(x)
	}
	// Periods of 100 s on 4 processors: (200 + 300)/400, 400/400 (the
	// unknown runtime left out); the job at 250 is past the end.
	got := OfferedLoad(tr, 0, 200, 100, 4)
	if len(got) != 2 || got[0] != 1.25 || got[1] != 1 {
		t.Errorf("OfferedLoad = %v, want [1.25 1]", got)
	}
}
