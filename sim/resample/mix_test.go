package resample

import (
	"bytes"
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
)

// What mixing keeps per log (2013 §6.5.1): each user's jobs come from one
// log, in that log's order, with the log's runtimes; every size is the
// log's scaled to the common machine (round(procs × P / P_log), at least
// 1, at most P); each log gives as many jobs as its own resample.
func TestMixInvariants(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		nlogs := rapid.IntRange(1, 3).Draw(rt, "logs")
		var pools []*Pools
		for i := range nlogs {
			tr := synthetic(rt)
			tr.Header.MaxProcs = rapid.SampledFrom([]int{64, 100, 128, 430}).Draw(rt, "procs")
			_ = i
			p, err := NewPools(tr, PoolOptions{})
			if err != nil {
				rt.Fatal(err)
			}
			pools = append(pools, p)
		}
		o := MixOptions{Procs: rapid.SampledFrom([]int{0, 50, 128}).Draw(rt, "common"),
			Generate: Options{Weeks: rapid.IntRange(1, 60).Draw(rt, "weeks"), Seed: rapid.Uint64().Draw(rt, "seed"), NoArrivals: true}}
		if rapid.Bool().Draw(rt, "weighted") {
			for range nlogs {
				o.Weights = append(o.Weights, rapid.SampledFrom([]float64{0.5, 1, 3}).Draw(rt, "w"))
			}
		}
		m, err := Mix(pools, o)
		if err != nil {
			rt.Fatal(err)
		}
		tr := m.Trace
		if err := tr.Validate(); err != nil {
			rt.Fatal(err)
		}
		if !tr.IsSortedBySubmit() {
			rt.Fatal("mix not sorted by submit time")
		}
		want := m.Procs
		if o.Procs > 0 && want != o.Procs {
			rt.Fatalf("machine %d, want %d", want, o.Procs)
		}
		logOf := map[int]int{}
		perLog := make([]int, nlogs)
		last := map[int]int{} // user → last source row
		for k := range tr.JobID {
			l, row := m.Log[k], m.Source[k]
			src := pools[l].Trace
			perLog[l]++
			if prev, ok := logOf[tr.User[k]]; ok && prev != l {
				rt.Fatalf("user %d has jobs of logs %d and %d", tr.User[k], prev, l)
			}
			logOf[tr.User[k]] = l
			if r, ok := last[tr.User[k]]; ok && src.User[row] != src.User[r] {
				rt.Fatalf("user %d mixes the log's users %d and %d", tr.User[k], src.User[r], src.User[row])
			}
			last[tr.User[k]] = row
			if tr.Runtime[k] != src.Runtime[row] && !(math.IsNaN(tr.Runtime[k]) && math.IsNaN(src.Runtime[row])) {
				rt.Fatalf("job %d runtime %v, the log's %v", k, tr.Runtime[k], src.Runtime[row])
			}
			q := src.Procs[row]
			scaled := min(max(int(math.Round(float64(q)*float64(m.Procs)/float64(src.Header.MaxProcs))), 1), m.Procs)
			if q >= 1 && tr.Procs[k] != scaled || tr.Procs[k] > m.Procs {
				rt.Fatalf("job %d: %d processors of %d on %d, want %d", k, q, src.Header.MaxProcs, m.Procs, scaled)
			}
		}
		for i, r := range m.Parts {
			if r.Trace.Len() != perLog[i] {
				rt.Fatalf("log %d: %d jobs in the mix, %d in its resample", i, perLog[i], r.Trace.Len())
			}
		}
		again, err := Mix(pools, o)
		if err != nil {
			rt.Fatal(err)
		}
		if !bytes.Equal(swf(t, tr), swf(t, again.Trace)) || !slices.Equal(m.Source, again.Source) {
			rt.Fatal("same seed, different mixes")
		}
	})
}

func TestMixErrors(t *testing.T) {
	t.Parallel()
	p, err := NewPools(datasets.Sample(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		pools []*Pools
		o     MixOptions
	}{
		{"no log", nil, MixOptions{Generate: Options{Weeks: 4}}},
		{"no weeks", []*Pools{p}, MixOptions{}},
		{"weights", []*Pools{p, p}, MixOptions{Weights: []float64{1}, Generate: Options{Weeks: 4}}},
		{"negative weight", []*Pools{p, p}, MixOptions{Weights: []float64{1, -1}, Generate: Options{Weeks: 4}}},
		{"zero weights", []*Pools{p}, MixOptions{Weights: []float64{0}, Generate: Options{Weeks: 4}}},
		{"negative machine", []*Pools{p}, MixOptions{Procs: -3, Generate: Options{Weeks: 4}}},
	} {
		if _, err := Mix(c.pools, c.o); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}
