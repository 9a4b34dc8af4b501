package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/internal/cputime"
	"pgregory.net/rapid"
)

// MeansWithin is MeansOf with the predicate "submitted within [lo, hi] and
// not skipped", field for field and bit for bit (the same jobs summed in
// the same order), on results with unfinished jobs (NaN end) and jobs of
// zero runtime.
func TestMeansWithin(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 40).Draw(t, "n")
		r := &Result{Procs: rapid.IntRange(1, 8).Draw(t, "procs"), MaxQueue: 3}
		var skip []bool
		if rapid.Bool().Draw(t, "skip") {
			skip = make([]bool, n)
		}
		for j := range n {
			sub := float64(rapid.IntRange(0, 100).Draw(t, "submit"))
			start := sub + float64(rapid.IntRange(0, 50).Draw(t, "wait"))
			run := float64(rapid.IntRange(0, 30).Draw(t, "runtime"))
			end := start + run
			if rapid.IntRange(0, 5).Draw(t, "unfinished") == 0 {
				end = math.NaN()
			}
			r.ID = append(r.ID, j+1)
			r.Submit, r.Start, r.End = append(r.Submit, sub), append(r.Start, start), append(r.End, end)
			r.Runtime, r.Width = append(r.Runtime, run), append(r.Width, rapid.IntRange(1, r.Procs).Draw(t, "width"))
			if skip != nil {
				skip[j] = rapid.Bool().Draw(t, "skipped")
			}
		}
		lo := float64(rapid.IntRange(-10, 110).Draw(t, "lo"))
		hi := lo + float64(rapid.IntRange(-10, 110).Draw(t, "length"))
		got := r.MeansWithin(lo, hi, skip)
		want := r.MeansOf(func(j int) bool { return (skip == nil || !skip[j]) && r.Submit[j] >= lo && r.Submit[j] <= hi })
		if g, w := fmt.Sprintf("%v", got), fmt.Sprintf("%v", want); g != w {
			t.Fatalf("MeansWithin(%v, %v) = %s\nMeansOf = %s", lo, hi, g, w)
		}
	})
}

// MeansWithin panics on fewer skip flags than jobs (a programmer error).
func TestMeansWithinShortSkip(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	r := &Result{ID: []int{1, 2}, Submit: []float64{0, 1}, Start: []float64{0, 1}, End: []float64{1, 2},
		Runtime: []float64{1, 1}, Width: []int{1, 1}, Procs: 1}
	r.MeansWithin(0, 10, []bool{false})
}

// MeansWithin's loop (meansWithin: one division for a job of runtime ≥ Tau,
// columns read through local slices) gives every field of the general loop
// (means), bit for bit, on real-valued times and on the edge values of each
// column: runtimes 0, −0, negative, below, at and above Tau, +Inf and NaN;
// submits ±0 and ±Inf; ends NaN (unfinished), ±0 and +Inf.
func TestMeansWithinBits(t *testing.T) {
	t.Parallel()
	edge := func(t *rapid.T, label string, values []float64, lo, hi float64) float64 {
		if rapid.IntRange(0, 3).Draw(t, label+"-edge") == 0 {
			return rapid.SampledFrom(values).Draw(t, label+"-value")
		}
		return rapid.Float64Range(lo, hi).Draw(t, label)
	}
	inf, nan := math.Inf(1), math.NaN()
	bits := func(s Summary) []uint64 {
		f := []float64{s.AvgWait, s.AvgResponse, s.AvgSlowdown, s.AvgBoundedSlowdown, s.Utilization,
			s.Makespan, s.Throughput, s.Work, s.Wait.P50, s.Response.Max, s.BoundedSlowdown.P99, s.UserBSLDCV, s.UserBSLDJain}
		out := []uint64{uint64(s.Jobs), uint64(s.MaxQueue), uint64(s.SlowdownExcluded), uint64(s.Unfinished),
			uint64(s.Procs), uint64(s.Users)}
		for _, v := range f {
			out = append(out, math.Float64bits(v))
		}
		return out
	}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 60).Draw(t, "n")
		r := &Result{Procs: rapid.IntRange(1, 64).Draw(t, "procs"), MaxQueue: 5}
		var skip []bool
		if rapid.Bool().Draw(t, "skip") {
			skip = make([]bool, n)
		}
		for j := range n {
			sub := edge(t, "submit", []float64{0, math.Copysign(0, -1), inf, -inf, 1e9}, -1e3, 1e6)
			start := sub + edge(t, "wait", []float64{0, math.Copysign(0, -1), inf}, 0, 1e5)
			run := edge(t, "runtime", []float64{0, math.Copysign(0, -1), -1, Tau, math.Nextafter(Tau, 0),
				math.Nextafter(Tau, inf), inf, nan}, 0, 1e5)
			end := start + run
			switch rapid.IntRange(0, 7).Draw(t, "end") {
			case 0:
				end = nan
			case 1:
				end = math.Copysign(0, -1)
			case 2:
				end = inf
			}
			r.ID = append(r.ID, j+1)
			r.Submit, r.Start, r.End = append(r.Submit, sub), append(r.Start, start), append(r.End, end)
			r.Runtime, r.Width = append(r.Runtime, run), append(r.Width, rapid.IntRange(1, r.Procs).Draw(t, "width"))
			if skip != nil {
				skip[j] = rapid.IntRange(0, 4).Draw(t, "skipped") == 0
			}
		}
		lo := edge(t, "lo", []float64{-inf, 0, math.Copysign(0, -1), nan}, -2e3, 1e6)
		hi := edge(t, "hi", []float64{inf, 0, math.Copysign(0, -1), nan}, -2e3, 2e6)
		got, want := r.MeansWithin(lo, hi, skip), r.means(nil, skip, lo, hi, true)
		if g, w := bits(got), bits(want); !slices.Equal(g, w) {
			t.Fatalf("MeansWithin(%v, %v) = %+v\nmeans = %+v", lo, hi, got, want)
		}
	})
}

// MeansWithin on a result whose columns are shorter than its jobs (a
// hand-made result) falls back to the general loop, which reads the columns
// of counted jobs only: no panic when no job is counted.
func TestMeansWithinShortColumns(t *testing.T) {
	t.Parallel()
	r := &Result{ID: []int{1, 2}, Submit: []float64{0, 50}, Procs: 1}
	s := r.MeansWithin(10, 20, nil)
	if s.Jobs != 0 || !math.IsNaN(s.AvgWait) {
		t.Errorf("MeansWithin over no job = %+v, want 0 jobs and NaN means", s)
	}
}

// BenchmarkMeansWithin measures the metrics of a replicate (MeansWithin)
// on a made-up result of SDSC-BLUE's size (243,306 jobs; runtimes
// log-uniform over 1 s … 1 day, so about 80% at or above Tau; 3% rare jobs
// skipped; a window leaving out the first and last 5% of submits), against
// the general loop it replaces (means, as MeansOf and MeansWithin ran before):
// cpu-ns/op per result.
func BenchmarkMeansWithin(b *testing.B) {
	const n = 243306
	rng := rand.New(rand.NewPCG(1, 2))
	r := &Result{Procs: 1152, ID: make([]int, n), Submit: make([]float64, n), Start: make([]float64, n),
		End: make([]float64, n), Runtime: make([]float64, n), Width: make([]int, n)}
	skip := make([]bool, n)
	t := 0.0
	for j := range n {
		t += math.Round(rng.ExpFloat64() * 120)
		run := math.Round(math.Exp(rng.Float64() * math.Log(86400)))
		r.ID[j], r.Submit[j], r.Start[j] = j+1, t, t+math.Round(rng.ExpFloat64()*3600)
		r.End[j], r.Runtime[j], r.Width[j] = r.Start[j]+run, run, 1+rng.IntN(64)
		skip[j] = rng.IntN(100) < 3
	}
	lo, hi := 0.05*t, 0.95*t
	for _, c := range []struct {
		name  string
		means func() Summary
	}{
		{"within", func() Summary { return r.MeansWithin(lo, hi, skip) }},
		{"general", func() Summary { return r.means(nil, skip, lo, hi, true) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			cpu := cputime.Process()
			for b.Loop() {
				c.means()
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

// sortedTail is tailOf's definition: the ranks ⌈p·n⌉ of x sorted by
// slices.Sort, and its last element.
func sortedTail(x []float64) Tail {
	s := slices.Clone(x)
	slices.Sort(s)
	q := func(p float64) float64 { return s[max(int(math.Ceil(p*float64(len(s))))-1, 0)] }
	return Tail{q(0.5), q(0.9), q(0.99), s[len(s)-1]}
}

// TestTailOfBits checks tailOf (selection of the ranks) against sorting,
// bit for bit: values with many ties (waits of 0), both zeros, NaN, ±Inf,
// sorted, reversed and organ-pipe orders (bad pivots), lengths 1 to 3000.
func TestTailOfBits(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		pool := []float64{0, math.Copysign(0, -1), 1, 2, 10, 3600, math.Inf(1), math.Inf(-1), math.NaN()}
		kinds := rapid.SampledFrom([]int{0, 1, 2, 3}).Draw(t, "special values") // none, zeros, infinities, all
		x := rapid.SliceOfN(rapid.OneOf(
			rapid.Float64Range(-1e6, 1e6),
			rapid.Map(rapid.IntRange(0, 30), func(i int) float64 { return float64(i) }),
			rapid.SampledFrom(pool[:2+2*kinds+min(kinds/3, 1)]),
		), 1, 3000).Draw(t, "x")
		switch rapid.IntRange(0, 3).Draw(t, "order") {
		case 1:
			slices.Sort(x)
		case 2:
			slices.Sort(x)
			slices.Reverse(x)
		case 3:
			slices.Sort(x)
			slices.Reverse(x[len(x)/2:])
		}
		want := sortedTail(x)
		got := tailOf(slices.Clone(x))
		g := []float64{got.P50, got.P90, got.P99, got.Max}
		w := []float64{want.P50, want.P90, want.P99, want.Max}
		for i := range g {
			if math.Float64bits(g[i]) != math.Float64bits(w[i]) {
				t.Fatalf("n=%d: tailOf %+v, sorting %+v", len(x), got, want)
			}
		}
	})
	// Every length up to 200 with random values, all equal, and distinct
	// ranks near the ends.
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 1; n <= 200; n++ {
		for _, gen := range []func() float64{rng.NormFloat64, func() float64 { return 5 }, func() float64 { return float64(rng.IntN(3)) }} {
			x := make([]float64, n)
			for i := range x {
				x[i] = gen()
			}
			if got, want := tailOf(slices.Clone(x)), sortedTail(x); got != want {
				t.Fatalf("n=%d: tailOf %+v, sorting %+v", n, got, want)
			}
		}
	}
}

// BenchmarkTailOf times the tails of 243,000 waits with a third of them 0
// (SDSC-BLUE's size): selection against the sort it replaces.
func BenchmarkTailOf(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := make([]float64, 243000)
	for i := range x {
		if rng.IntN(3) > 0 {
			x[i] = rng.ExpFloat64() * 3600
		}
	}
	buf := make([]float64, len(x))
	b.Run("select", func(b *testing.B) {
		for b.Loop() {
			copy(buf, x)
			tailOf(buf)
		}
	})
	b.Run("sort", func(b *testing.B) {
		for b.Loop() {
			copy(buf, x)
			slices.Sort(buf)
		}
	})
}
