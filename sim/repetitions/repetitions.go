package repetitions

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/tracelab/tracelab/datasets"
)

// Options are the parameters of Generate. The zero value is the 2007
// paper's model: θ = 2.5, runs of at most 1000, as many jobs as the source
// log, sequences starting as a Poisson process whose job rate matches the
// source log's.
type Options struct {
	// Jobs is the number of jobs to generate; 0 means the source's
	// length. At most MaxJobs.
	Jobs int
	// Theta is the exponent θ of the run-length distribution P(R = r) ∝
	// r^−θ; 0 means 2.5 (§4, fitted to Fig 9).
	Theta float64
	// NoRepetitions turns repetitions off (every R = 1): plain sampling
	// from the global distribution, the baseline of Fig 11.
	NoRepetitions bool
	// MaxRun is the largest run length; 0 means 1000. At most MaxRunLimit.
	MaxRun int
	// MeanGap is the mean time between the starts of successive sequences,
	// seconds (exponential gaps); 0 means span/N · E[R] of the source, so
	// that jobs arrive at the source log's rate.
	MeanGap float64
	// SlowDown divides the job rate when MeanGap is 0: the mean gap is
	// then SlowDown · span/N · E[R], so jobs arrive SlowDown times less
	// often than in the source log (the paper's "arrival times according
	// to the model" give no rate); 0 means 1. At most MaxSlowDown.
	SlowDown float64
	// ThinkTime is added between the end of a repetition and the arrival
	// of the next, seconds (§4 suggests it as a refinement); default 0.
	ThinkTime float64
	// Seed seeds the generator (rand.NewPCG(Seed, 0)).
	Seed uint64
}

// MaxSlowDown bounds Options.SlowDown.
const MaxSlowDown = 1e6

// MaxJobs bounds Options.Jobs: the output holds about 150 bytes a job, so
// 100 million jobs are about 15 GB.
const MaxJobs = 100_000_000

// MaxRunLimit bounds Options.MaxRun (the run-length distribution holds one
// float64 per length).
const MaxRunLimit = 10_000_000

// RunLengthProbs returns P(R = r) for r = 1 … maxRun (index r−1) of the
// truncated Zipf distribution P(R = r) ∝ r^−θ (the normalised table of
// §4).
func RunLengthProbs(theta float64, maxRun int) []float64 {
	p := make([]float64, maxRun)
	var s float64
	for r := 1; r <= maxRun; r++ {
		p[r-1] = math.Pow(float64(r), -theta)
		s += p[r-1]
	}
	for i := range p {
		p[i] /= s
	}
	return p
}

// Generate produces a synthetic log by the repetitions model of 2007 §4:
//
//  1. sample a job X from the source log (uniformly among the jobs whose
//     runtime is known and finite; X carries all the job's attributes: runtime,
//     processors, requested time, …);
//  2. sample a run length R with P(R = r) ∝ r^−θ, r ≤ MaxRun;
//  3. the sequence starts at a time drawn from a Poisson process of rate
//     1/MeanGap; repetition k+1 arrives when repetition k ends (arrival +
//     runtime + ThinkTime), so sequences of long jobs interleave;
//  4. repeat until Jobs jobs have arrived.
//
// Sequences start in time order and every job that arrives before the
// latest sequence start is final, so the output holds exactly the first
// Jobs arrivals, in submit order, with none missing. Each output job keeps
// the source job's fields (wait and status included); its App field is the
// number of its sequence (0, 1, …), so that runs of repeated jobs are
// visible to locality.RunLengths with KeyApp; User is −1; JobID counts
// from 1; submit times start at 0. The trace's Name is "repetitions".
func Generate(src *datasets.Trace, opts Options) (*datasets.Trace, error) {
	if src == nil {
		panic("repetitions: nil source trace")
	}
	var pool []int
	for i, r := range src.Runtime {
		// An infinite runtime would put the next repetition at an infinite
		// (or NaN) time that never leaves the queue of pending arrivals.
		if !math.IsNaN(r) && !math.IsInf(r, 0) {
			pool = append(pool, i)
		}
	}
	if len(pool) == 0 {
		return nil, errors.New("repetitions: source has no job with a known, finite runtime")
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
	case opts.Jobs < 0 || opts.Jobs > MaxJobs:
		return nil, fmt.Errorf("repetitions: Jobs must be in [0, %d], got %d", MaxJobs, opts.Jobs)
	case !(opts.Theta > 0) || math.IsInf(opts.Theta, 0):
		return nil, fmt.Errorf("repetitions: θ must be positive, got %v", opts.Theta)
	case opts.MaxRun < 1 || opts.MaxRun > MaxRunLimit:
		return nil, fmt.Errorf("repetitions: MaxRun must be in [1, %d], got %d", MaxRunLimit, opts.MaxRun)
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
	var pending arrivals
	done := make([]arrival, 0, opts.Jobs)
	t := 0.0
	for seq := 0; ; seq++ {
		if seq > 0 {
			t += rng.ExpFloat64() * gap
		}
		// Every pending arrival before t is final: later sequences start
		// at or after t.
		for len(pending) > 0 && pending[0].time < t {
			done = append(done, pending.pop())
		}
		if len(done) >= opts.Jobs {
			break
		}
		x := pool[rng.IntN(len(pool))]
		r := sort.SearchFloat64s(cum, rng.Float64()*cum[len(cum)-1]) + 1
		step := src.Runtime[x] + opts.ThinkTime
		for k := range r {
			pending.push(arrival{time: t + float64(k)*step, seq: seq, rep: k, src: x})
		}
	}
	// done holds no NaN time (a NaN never passes the test above) and
	// (seq, rep) is unique, so less is a strict total order on it and
	// every sort gives the same order.
	slices.SortFunc(done, arrival.compare)
	done = done[:opts.Jobs]
	n := len(done)
	out.JobID, out.Submit, out.Wait, out.Runtime = out.JobID[:n], out.Submit[:n], out.Wait[:n], out.Runtime[:n]
	out.Procs, out.CPUTime, out.Mem, out.ReqProcs = out.Procs[:n], out.CPUTime[:n], out.Mem[:n], out.ReqProcs[:n]
	out.ReqTime, out.ReqMem, out.Status, out.User = out.ReqTime[:n], out.ReqMem[:n], out.Status[:n], out.User[:n]
	out.Group, out.App, out.Queue, out.Partition = out.Group[:n], out.App[:n], out.Queue[:n], out.Partition[:n]
	out.PrevJob, out.ThinkTime = out.PrevJob[:n], out.ThinkTime[:n]
	// One column at a time, so that a single source column is read at
	// random (it stays in cache) rather than all of them at each job.
	for i, a := range done {
		out.JobID[i] = i + 1
		out.Submit[i] = a.time
		out.App[i] = a.seq
	}
	gather(out.Wait, src.Wait, done)
	gather(out.Runtime, src.Runtime, done)
	gather(out.Procs, src.Procs, done)
	gather(out.CPUTime, src.CPUTime, done)
	gather(out.Mem, src.Mem, done)
	gather(out.ReqProcs, src.ReqProcs, done)
	gather(out.ReqTime, src.ReqTime, done)
	gather(out.ReqMem, src.ReqMem, done)
	gather(out.Status, src.Status, done)
	gather(out.Queue, src.Queue, done)
	gather(out.Partition, src.Partition, done)
	fill(out.User, -1)
	fill(out.Group, -1)
	fill(out.PrevJob, -1)
	fill(out.ThinkTime, math.NaN())
	return out, nil
}

// gather sets dst[i] to src[done[i].src] for every i.
func gather[T any](dst, src []T, done []arrival) {
	for i, a := range done {
		dst[i] = src[a.src]
	}
}

// fill sets every element of dst to v.
func fill[T any](dst []T, v T) {
	for i := range dst {
		dst[i] = v
	}
}

type arrival struct {
	time     float64
	seq, rep int
	src      int
}

func (a arrival) less(b arrival) bool {
	if a.time != b.time {
		return a.time < b.time
	}
	if a.seq != b.seq {
		return a.seq < b.seq
	}
	return a.rep < b.rep
}

// compare is less as a three-way comparison, for slices.SortFunc.
func (a arrival) compare(b arrival) int {
	switch {
	case a.less(b):
		return -1
	case b.less(a):
		return 1
	}
	return 0
}

// arrivals is a binary min-heap of arrivals ordered by less. push and pop
// are container/heap's Push and Pop (the same sift-up and sift-down, so
// the same layout after every operation) on the typed slice, without
// boxing each arrival in an interface.
type arrivals []arrival

func (h *arrivals) push(x arrival) {
	*h = append(*h, x)
	s := *h
	j := len(s) - 1
	for {
		i := (j - 1) / 2 // parent
		if i == j || !s[j].less(s[i]) {
			break
		}
		s[i], s[j] = s[j], s[i]
		j = i
	}
}

func (h *arrivals) pop() arrival {
	s := *h
	n := len(s) - 1
	s[0], s[n] = s[n], s[0]
	i := 0
	for {
		j1 := 2*i + 1
		if j1 >= n || j1 < 0 { // j1 < 0 after int overflow
			break
		}
		j := j1 // left child
		if j2 := j1 + 1; j2 < n && s[j2].less(s[j1]) {
			j = j2 // right child
		}
		if !s[j].less(s[i]) {
			break
		}
		s[i], s[j] = s[j], s[i]
		i = j
	}
	x := s[n]
	*h = s[:n]
	return x
}
