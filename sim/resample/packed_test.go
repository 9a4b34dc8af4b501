package resample

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// printed is r as %#v prints it, its trace apart (its pointer would
// differ): NaN columns print alike, which reflect.DeepEqual would not
// take as equal.
func printed(r *Resampled) string {
	c := *r
	t := *c.Trace
	c.Trace = nil
	return fmt.Sprintf("%#v\n%#v", c, t)
}

// TestPackUnpack: a resampled log packed and unpacked is the one Generate
// returned, field for field (its renamed trace too), and unpacking twice
// gives slices of its own.
func TestPackUnpack(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		tr := synthetic(rt)
		p, err := NewPools(tr, PoolOptions{Clock: rapid.SampledFrom([]Clock{WallClock, Elapsed}).Draw(rt, "clock")})
		if err != nil {
			rt.Fatal(err)
		}
		o := Options{Seed: rapid.Uint64().Draw(rt, "seed"),
			Load:          rapid.SampledFrom([]float64{0, 0.5, 1, 2.5}).Draw(rt, "load"),
			LongTermStart: rapid.SampledFrom([]LongTermStart{StartInCommonWeek, StartInCycle, StartInActivity}).Draw(rt, "start"),
			Extend:        rapid.Float64Range(0.1, 3).Draw(rt, "extend"), NoArrivals: rapid.Bool().Draw(rt, "no_arrivals")}
		r, err := p.Generate(o)
		if err != nil {
			rt.Fatal(err)
		}
		r.Trace.Name = "resampled 1"
		want := printed(r)
		k, err := r.Pack()
		if err != nil {
			rt.Fatal(err)
		}
		if k.Jobs() != r.Trace.Len() {
			rt.Fatalf("Jobs = %d, want %d", k.Jobs(), r.Trace.Len())
		}
		u := k.Unpack()
		if got := printed(u); got != want {
			rt.Fatalf("unpacked differs from generated:\n%s\nwant\n%s", got, want)
		}
		if u.Trace.Len() > 0 {
			u.Trace.Runtime[0], u.Trace.Submit[0], u.Source[0] = -7, -7, -7
			if got := printed(k.Unpack()); got != want {
				rt.Fatal("a second Unpack shares slices with the first")
			}
		}
	})
}

// TestPackRefusesChangedColumns: a column changed after Generate would not
// come back from Unpack, so Pack refuses it and names it.
func TestPackRefusesChangedColumns(t *testing.T) {
	t.Parallel()
	tr := smallLog()
	p, err := NewPools(tr, PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		change func(r *Resampled)
		want   string
	}{
		{"runtime", func(r *Resampled) { r.Trace.Runtime[1]++ }, "job 2: runtime"},
		{"NaN CPU time", func(r *Resampled) { r.Trace.CPUTime[0] = math.Float64frombits(math.Float64bits(math.NaN()) ^ 1) }, "job 1: CPU time"},
		{"status", func(r *Resampled) { r.Trace.Status[2] = 99 }, "job 3: status"},
		{"job number", func(r *Resampled) { r.Trace.JobID[0] = 5 }, "job 1 has number 5"},
		{"user", func(r *Resampled) { r.Trace.User[0] = 0 }, "job 1: user 0"},
		{"preceding job", func(r *Resampled) { r.Trace.PrevJob[0] = -2 }, "job 1: preceding job -2"},
		{"kind", func(r *Resampled) { r.Kind[0] = Rare }, "job 1: kind"},
		{"source", func(r *Resampled) { r.Source[0] = -1 }, "job 1: source row -1"},
		{"short column", func(r *Resampled) { r.Trace.Queue = r.Trace.Queue[:1] }, "job 2: queue"},
		{"dropped job", func(r *Resampled) { r.Source = r.Source[1:] }, "sources"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := p.Generate(Options{Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			if r.Trace.Len() < 3 {
				t.Fatalf("%d jobs, the cases need 3", r.Trace.Len())
			}
			if _, err := r.Pack(); err != nil {
				t.Fatalf("unchanged: %v", err)
			}
			c.change(r)
			_, err = r.Pack()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Pack = %v, want an error with %q", err, c.want)
			}
		})
	}
}
