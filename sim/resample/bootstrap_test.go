package resample

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/sweep"
)

func TestPositionOf(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	cases := []struct {
		name             string
		orig             float64
		v                []float64
		n                int
		min, median, max float64
		atOrBelow, ratio float64
		inside           bool
	}{
		{"inside", 3, []float64{1, 2, 3, 4, 5}, 5, 1, 3, 5, 0.6, 1, true},
		{"even count", 2, []float64{4, 1, 3, 2}, 4, 1, 2.5, 4, 0.5, 1.25, true},
		{"all above", 1, []float64{2, 3, 4}, 3, 2, 3, 4, 0, 3, false},
		{"at the minimum", 2, []float64{2, 3, 4}, 3, 2, 3, 4, 1.0 / 3, 1.5, false},
		{"all below", 10, []float64{2, 3, 4}, 3, 2, 3, 4, 1, 0.3, false},
		{"NaN left out", 3, []float64{nan, 2, 4}, 2, 2, 3, 4, 0.5, 1, true},
		{"none", 3, []float64{nan}, 0, nan, nan, nan, nan, nan, false},
	}
	same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
	for _, c := range cases {
		p := PositionOf(c.orig, c.v)
		if p.Replicates != c.n || !same(p.Min, c.min) || !same(p.Median, c.median) || !same(p.Max, c.max) ||
			!same(p.AtOrBelow, c.atOrBelow) || !same(p.MedianRatio, c.ratio) || p.Inside != c.inside || p.Original != c.orig {
			t.Errorf("%s: %+v", c.name, p)
		}
	}
}

func TestRunBootstrap(t *testing.T) {
	t.Parallel()
	// The small log made heavy: every job holds the whole machine for a
	// day, so jobs wait.
	tr := smallLog()
	for i := range tr.Runtime {
		tr.Runtime[i], tr.ReqTime[i], tr.Procs[i] = datasets.Day, 2*datasets.Day, 16
	}
	p, err := NewPools(tr, PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var bs []*Bootstrap
	for _, w := range []int{1, 2} {
		rd, err := ReadingByName("cycle")
		if err != nil {
			t.Fatal(err)
		}
		b, err := RunBootstrap(context.Background(), tr, rd, BootstrapOptions{Replicates: 12, Seed: 5, Sweep: sweep.Options{Workers: w}})
		if err != nil {
			t.Fatal(err)
		}
		bs = append(bs, b)
	}
	if !framesEqual(bs[0].Replicates, bs[1].Replicates) || bs[0].Wait != bs[1].Wait || !(bs[0].Wait.Original > 0) {
		t.Fatalf("bootstraps with 1 and 2 workers differ: %+v %+v", bs[0].Wait, bs[1].Wait)
	}
	b := bs[0]
	ref, err := Reference(p.Trace, &sim.EASY{}, SimOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Original.AvgWait != ref.AvgWait || b.Original.Counted != ref.Counted {
		t.Errorf("original %+v, reference %+v", b.Original, ref)
	}
	if want := PositionOf(ref.AvgWait, b.Replicates.Col("avg_wait").Float()); b.Wait != want || b.Wait.Replicates != 12 {
		t.Errorf("wait position %+v, want %+v", b.Wait, want)
	}
	df := BootstrapFrame(bs)
	if df.Err != nil || df.Nrow() != 2 || df.Col("reading").Records()[0] != "cycle" || df.Col("inside_wait").Err != nil {
		t.Errorf("frame %v: %v", df.Err, df.Names())
	}
	if _, err := ReadingByName("sideways"); err == nil || !strings.Contains(err.Error(), "default") {
		t.Errorf("unknown reading: %v", err)
	}
	names := map[string]bool{}
	for _, r := range Readings() {
		if names[r.Name] || r.Summary == "" {
			t.Errorf("reading %q repeated or without a summary", r.Name)
		}
		names[r.Name] = true
		if _, err := p.resolve(r.Generate); err != nil {
			t.Errorf("reading %s: %v", r.Name, err)
		}
	}
	if d := Readings()[0]; d.Name != "default" || !reflect.DeepEqual(d.Generate, Options{}) || d.Sim != (SimOptions{}) || d.Pools.Users != (users.Options{}) || d.Pools.Discard != DiscardWithinEdge {
		t.Error("the first reading is not the zero options")
	}
}
