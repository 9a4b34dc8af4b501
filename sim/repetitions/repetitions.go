package repetitions

import (
	"container/heap"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/tracelab/tracelab/datasets"
)

// Options are the parameters of Generate. The zero value is the 2007
// paper's model: θ = 2.5, runs of at most 1000, as many jobs as the source
// log, sequences starting as a Poisson process whose job rate matches the
// source log's.
type Options struct {
	// Jobs is the number of jobs to generate; 0 means the source's length.
	Jobs int
	// Theta is the exponent θ of the run-length distribution P(R = r) ∝
	// r^−θ; 0 means 2.5 (§4, fitted to Fig 9).
	Theta float64
	// NoRepetitions turns repetitions off (every R = 1): plain sampling
	// from the global distribution, the baseline of Fig 11.
	NoRepetitions bool
	// MaxRun is the largest run length; 0 means 1000.
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
//     runtime is known; X carries all the job's attributes: runtime,
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
	var pending arrivals
	var done []arrival
	t := 0.0
	for seq := 0; ; seq++ {
		if seq > 0 {
			t += rng.ExpFloat64() * gap
		}
		// Every pending arrival before t is final: later sequences start
		// at or after t.
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
	sort.Slice(done, func(a, b int) bool { return done[a].less(done[b]) })
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

type arrivals []arrival

func (h arrivals) Len() int           { return len(h) }
func (h arrivals) Less(i, j int) bool { return h[i].less(h[j]) }
func (h arrivals) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *arrivals) Push(x any)        { *h = append(*h, x.(arrival)) }
func (h *arrivals) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
