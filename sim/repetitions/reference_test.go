package repetitions

import (
	"container/heap"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// generateRef is Generate as it was at main 4913a40 (container/heap,
// sort.Slice, src.Job + Append per job), kept verbatim as the reference
// that the faster Generate must match bit for bit.
func generateRef(src *datasets.Trace, opts Options) (*datasets.Trace, error) {
	if src == nil {
		panic("repetitions: nil source trace")
	}
	var pool []int
	for i, r := range src.Runtime {
		if !math.IsNaN(r) {
			pool = append(pool, i)
		}
	}
	if len(pool) == 0 {
		return nil, errors.New("repetitions: source has no job with a known runtime")
	}
	if opts.Jobs == 0 {
		opts.Jobs = src.Len()
	}
	if opts.Theta == 0 {
		opts.Theta = 2.5
	}
	if opts.MaxRun == 0 {
		opts.MaxRun = 1000
	}
	switch {
	case opts.Jobs < 0:
		return nil, fmt.Errorf("repetitions: Jobs must be ≥ 0, got %d", opts.Jobs)
	case !(opts.Theta > 0) || math.IsInf(opts.Theta, 0):
		return nil, fmt.Errorf("repetitions: θ must be positive, got %v", opts.Theta)
	case opts.MaxRun < 1:
		return nil, fmt.Errorf("repetitions: MaxRun must be ≥ 1, got %d", opts.MaxRun)
	case opts.MeanGap < 0 || math.IsNaN(opts.MeanGap) || math.IsInf(opts.MeanGap, 0):
		return nil, fmt.Errorf("repetitions: MeanGap must be ≥ 0, got %v", opts.MeanGap)
	case opts.SlowDown < 0 || !(opts.SlowDown <= MaxSlowDown):
		return nil, fmt.Errorf("repetitions: SlowDown must be in [0, %g], got %v", float64(MaxSlowDown), opts.SlowDown)
	case opts.ThinkTime < 0 || math.IsNaN(opts.ThinkTime) || math.IsInf(opts.ThinkTime, 0):
		return nil, fmt.Errorf("repetitions: ThinkTime must be ≥ 0, got %v", opts.ThinkTime)
	}
	probs := []float64{1}
	if !opts.NoRepetitions {
		probs = RunLengthProbs(opts.Theta, opts.MaxRun)
	}
	cum := make([]float64, len(probs))
	var mean, c float64
	for i, p := range probs {
		c += p
		cum[i] = c
		mean += float64(i+1) * p
	}
	gap := opts.MeanGap
	if gap == 0 {
		span := src.Span()
		if !(span > 0) {
			return nil, errors.New("repetitions: source spans no time; set MeanGap")
		}
		gap = span / float64(src.Len()) * mean
		if opts.SlowDown > 0 {
			gap *= opts.SlowDown
		}
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0))
	out := datasets.NewTrace("repetitions", opts.Jobs)
	if opts.Jobs == 0 {
		return out, nil
	}
	var pending refArrivals
	var done []arrival
	t := 0.0
	for seq := 0; ; seq++ {
		if seq > 0 {
			t += rng.ExpFloat64() * gap
		}
		for pending.Len() > 0 && pending[0].time < t {
			done = append(done, heap.Pop(&pending).(arrival))
		}
		if len(done) >= opts.Jobs {
			break
		}
		x := pool[rng.IntN(len(pool))]
		r := sort.SearchFloat64s(cum, rng.Float64()*cum[len(cum)-1]) + 1
		step := src.Runtime[x] + opts.ThinkTime
		for k := range r {
			heap.Push(&pending, arrival{time: t + float64(k)*step, seq: seq, rep: k, src: x})
		}
	}
	sort.Slice(done, func(a, b int) bool { return refLess(done[a], done[b]) })
	for i, a := range done[:opts.Jobs] {
		j := src.Job(a.src)
		j.JobID = i + 1
		j.Submit = a.time
		j.App = a.seq
		j.User, j.Group, j.PrevJob, j.ThinkTime = -1, -1, -1, math.NaN()
		out.Append(j)
	}
	return out, nil
}

func refLess(a, b arrival) bool {
	if a.time != b.time {
		return a.time < b.time
	}
	if a.seq != b.seq {
		return a.seq < b.seq
	}
	return a.rep < b.rep
}

type refArrivals []arrival

func (h refArrivals) Len() int           { return len(h) }
func (h refArrivals) Less(i, j int) bool { return refLess(h[i], h[j]) }
func (h refArrivals) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *refArrivals) Push(x any)        { *h = append(*h, x.(arrival)) }
func (h *refArrivals) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// fig11Source is the source log of feitelson2007's Fig. 11
// (repro/feitelson2007 modelSource); the test or benchmark skips when
// TRACELAB_DATA is not set.
func fig11Source(tb testing.TB) *datasets.Trace {
	tb.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		tb.Skip("TRACELAB_DATA is not set")
	}
	tr, err := datasets.Load("SDSC-Par-1996")
	if err != nil {
		tb.Fatal(err)
	}
	return tr
}

// sameTrace reports the first column where a and b differ, bit for bit
// (floats compared by their bits, so NaN equals NaN and −0 differs from
// +0), or "" when they are identical.
func sameTrace(a, b *datasets.Trace) string {
	if a.Name != b.Name {
		return "name"
	}
	fl := []struct {
		name string
		a, b []float64
	}{
		{"submit", a.Submit, b.Submit}, {"wait", a.Wait, b.Wait}, {"runtime", a.Runtime, b.Runtime},
		{"cpu_time", a.CPUTime, b.CPUTime}, {"mem", a.Mem, b.Mem}, {"req_time", a.ReqTime, b.ReqTime},
		{"req_mem", a.ReqMem, b.ReqMem}, {"think_time", a.ThinkTime, b.ThinkTime},
	}
	for _, c := range fl {
		if len(c.a) != len(c.b) {
			return c.name + " length"
		}
		for i := range c.a {
			if math.Float64bits(c.a[i]) != math.Float64bits(c.b[i]) {
				return fmt.Sprintf("%s[%d]: %v != %v", c.name, i, c.a[i], c.b[i])
			}
		}
	}
	in := []struct {
		name string
		a, b []int
	}{
		{"job_id", a.JobID, b.JobID}, {"procs", a.Procs, b.Procs}, {"req_procs", a.ReqProcs, b.ReqProcs},
		{"status", a.Status, b.Status}, {"user", a.User, b.User}, {"group", a.Group, b.Group},
		{"app", a.App, b.App}, {"queue", a.Queue, b.Queue}, {"partition", a.Partition, b.Partition},
		{"prev_job", a.PrevJob, b.PrevJob},
	}
	for _, c := range in {
		if len(c.a) != len(c.b) {
			return c.name + " length"
		}
		for i := range c.a {
			if c.a[i] != c.b[i] {
				return fmt.Sprintf("%s[%d]: %v != %v", c.name, i, c.a[i], c.b[i])
			}
		}
	}
	if (a.Report == nil) != (b.Report == nil) {
		return "report"
	}
	return ""
}

// TestGenerateMatchesReference checks that Generate gives the old
// implementation's trace (generateRef) bit for bit in every column, on
// the sample log and, with TRACELAB_DATA, on Fig. 11's source log with
// Fig. 11's options (θ = 2, 2.5, 4, no repetitions, slow-downs).
func TestGenerateMatchesReference(t *testing.T) {
	t.Parallel()
	type tc struct {
		name string
		src  func(testing.TB) *datasets.Trace
		opts Options
	}
	sample := func(testing.TB) *datasets.Trace { return source() }
	var cases []tc
	for _, seed := range []uint64{0, 1, 3, 42} {
		for _, o := range []Options{
			{Jobs: 5000},
			{Jobs: 5000, Theta: 2, ThinkTime: 30},
			{Jobs: 3000, Theta: 1.2, MaxRun: 50},
			{Jobs: 4000, NoRepetitions: true},
			{Jobs: 2000, MeanGap: 1},
			{Jobs: 2000, MeanGap: 1e-9, Theta: 1.5},
			{Jobs: 3000, SlowDown: 4},
			{Jobs: 1},
			{},
		} {
			o.Seed = seed
			cases = append(cases, tc{fmt.Sprintf("sample/%+v", o), sample, o})
		}
	}
	for _, seed := range []uint64{1, 7} {
		for _, o := range []Options{
			{Jobs: 30000, Theta: 2},
			{Jobs: 30000, Theta: 2.5},
			{Jobs: 30000, Theta: 4},
			{Jobs: 30000, NoRepetitions: true},
			{Jobs: 30000, Theta: 2.5, SlowDown: 3},
		} {
			o.Seed = seed
			cases = append(cases, tc{fmt.Sprintf("SDSC-Par-1996/%+v", o), fig11Source, o})
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := c.src(t)
			want, werr := generateRef(src, c.opts)
			got, gerr := Generate(src, c.opts)
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("errors: got %v, reference %v", gerr, werr)
			}
			if werr != nil {
				return
			}
			if d := sameTrace(got, want); d != "" {
				t.Errorf("differs from the reference: %s", d)
			}
		})
	}
}

// TestGenerateMatchesReferenceOddTimes covers sources whose arrival times
// tie often (runtimes 0 and equal) or decrease (negative runtimes).
// (An infinite runtime makes the first repetition's time t + 0·∞ = NaN,
// which never leaves the heap: both implementations then run forever.)
func TestGenerateMatchesReferenceOddTimes(t *testing.T) {
	t.Parallel()
	runtimes := [][]float64{
		{0, 0, 0, 10, 10},
		{-5, 3, 0, -1, 7},
		{-1e9, 1, math.NaN(), 4, 0},
	}
	for ri, rt := range runtimes {
		src := datasets.NewTrace("odd", len(rt))
		for i, r := range rt {
			j := datasets.UnknownJob()
			j.JobID, j.Submit, j.Runtime, j.Procs = i+1, float64(i*100), r, i+1
			src.Append(j)
		}
		for _, seed := range []uint64{0, 5, 9} {
			for _, o := range []Options{{Jobs: 500, MeanGap: 3}, {Jobs: 500, MeanGap: 3, Theta: 1.1, MaxRun: 40}, {Jobs: 300, ThinkTime: 2}} {
				o.Seed = seed
				want, werr := generateRef(src, o)
				got, gerr := Generate(src, o)
				if (werr == nil) != (gerr == nil) {
					t.Fatalf("runtimes %d %+v: errors: got %v, reference %v", ri, o, gerr, werr)
				}
				if werr != nil {
					continue
				}
				if d := sameTrace(got, want); d != "" {
					t.Errorf("runtimes %d %+v: differs from the reference: %s", ri, o, d)
				}
			}
		}
	}
}

// BenchmarkGenerate generates one Fig. 11 sequence in full mode: 100,000
// jobs from SDSC-Par-1996 (repro/feitelson2007 Fig11) at θ = 2.5 and
// without repetitions.
func BenchmarkGenerate(b *testing.B) {
	src := fig11Source(b)
	for _, c := range []struct {
		name string
		opts Options
	}{
		{"theta-2.5", Options{Jobs: 100000, Theta: 2.5}},
		{"theta-2", Options{Jobs: 100000, Theta: 2}},
		{"no-repetitions", Options{Jobs: 100000, NoRepetitions: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				o := c.opts
				o.Seed = uint64(i % 10)
				if _, err := Generate(src, o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestArrivalsHeapMatchesContainerHeap checks that the typed heap leaves
// the same slice as container/heap after every push and pop, on random
// operations with many tied times (and NaN times, which container/heap
// places by its own comparisons too).
func TestArrivalsHeapMatchesContainerHeap(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 0))
	for round := range 50 {
		var got arrivals
		var want refArrivals
		for op := range 2000 {
			if len(got) > 0 && rng.IntN(3) == 0 {
				g, w := got.pop(), heap.Pop(&want).(arrival)
				if g != w && !(math.IsNaN(g.time) && math.IsNaN(w.time) && g.seq == w.seq && g.rep == w.rep) {
					t.Fatalf("round %d op %d: popped %+v, container/heap %+v", round, op, g, w)
				}
			} else {
				a := arrival{time: float64(rng.IntN(20)), seq: rng.IntN(5), rep: rng.IntN(3), src: op}
				if rng.IntN(50) == 0 {
					a.time = math.NaN()
				}
				got.push(a)
				heap.Push(&want, a)
			}
			for i := range got {
				g, w := got[i], want[i]
				if math.Float64bits(g.time) != math.Float64bits(w.time) || g.seq != w.seq || g.rep != w.rep || g.src != w.src {
					t.Fatalf("round %d op %d: heap[%d] = %+v, container/heap %+v", round, op, i, g, w)
				}
			}
		}
	}
}
