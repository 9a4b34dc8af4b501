package session

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
)

// DefaultContinuationThreshold is the think time below which a user is
// taken to continue the session: 20 minutes (Feitelson 2021, §4.4, after
// Shmueli and Feitelson 2007), in seconds.
const DefaultContinuationThreshold = 1200.0

// Default bin edges of Continuation: response time in seconds, and
// slowdown. The last bin is open.
var (
	DefaultResponseEdges = []float64{0, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14400, 28800, 57600, 115200, math.Inf(1)}
	DefaultSlowdownEdges = []float64{1, 1.25, 1.5, 2, 3, 5, 10, 20, 50, 100, 1000, math.Inf(1)}
)

// ContinuationOptions controls Continuation. The zero value gives the
// 20-minute threshold and the default bins.
type ContinuationOptions struct {
	// Threshold is the think time, in seconds, below which the next job
	// continues the session; 0 means 20 minutes.
	Threshold float64
	// ResponseEdges and SlowdownEdges are increasing bin edges; a value v
	// falls in bin k when edges[k] ≤ v < edges[k+1]. Nil means the
	// defaults. Values outside all bins are counted as Outside.
	ResponseEdges, SlowdownEdges []float64
	// IncludeOverlap counts a next job submitted before the previous one
	// ended (a negative think time) as a continuation. By default such
	// pairs are left out (counted in Continuation.Overlapping): the user
	// did not wait for the job, so its performance cannot have decided
	// whether to continue.
	IncludeOverlap bool
	// SlowdownMinRuntime bounds the runtime in the slowdown's denominator,
	// slowdown = response / max(runtime, SlowdownMinRuntime) (the "bounded
	// slowdown"). 0 gives the plain slowdown, and jobs with a zero runtime
	// are then left out of the slowdown bins (counted in ZeroRuntime).
	SlowdownMinRuntime float64
}

// Bin is one bin of a Continuation curve: the jobs whose response time (or
// slowdown) lies in [Lo, Hi), how many were followed by a job of the same
// user within the threshold, and that fraction (NaN for an empty bin).
type Bin struct {
	Lo, Hi      float64
	Jobs        int
	Continued   int
	Probability float64
}

// Continuation is the probability that a user submits the next job within
// Threshold of the previous job's end, as a function of the previous job's
// response time and of its slowdown (Feitelson 2021, Fig. 18).
type Continuation struct {
	Threshold float64
	Response  []Bin
	Slowdown  []Bin
	// Pairs counts the (job, next job of the same user) pairs examined;
	// Unknown those left out because a time was unknown, Overlapping those
	// left out because the next job came before the job ended, ZeroRuntime
	// the jobs left out of the slowdown bins for a zero runtime, Outside
	// the values outside the bins.
	Pairs, Unknown, Overlapping, ZeroRuntime, Outside int
}

// ContinuationOf computes Fig. 18 of Feitelson (2021) from a trace: for each
// job with a later job of the same user (by submit time), the think time
// is the next job's submit time minus the job's end (submit + wait +
// runtime); the session continues when it is below the threshold. Jobs
// with an unknown wait or runtime are left out. It returns an error for
// bad options, and for a job with an unknown submit time (NaN, or beyond
// ±datasets.MaxTime: ErrUnknownSubmit), which cannot be ordered.
func ContinuationOf(t *datasets.Trace, opts ContinuationOptions) (Continuation, error) {
	if opts.Threshold == 0 {
		opts.Threshold = DefaultContinuationThreshold
	}
	if !(opts.Threshold > 0) {
		return Continuation{}, fmt.Errorf("session: continuation threshold must be positive, not %v", opts.Threshold)
	}
	if opts.ResponseEdges == nil {
		opts.ResponseEdges = DefaultResponseEdges
	}
	if opts.SlowdownEdges == nil {
		opts.SlowdownEdges = DefaultSlowdownEdges
	}
	for _, e := range [][]float64{opts.ResponseEdges, opts.SlowdownEdges} {
		if len(e) < 2 || !sort.Float64sAreSorted(e) || slices.ContainsFunc(e, math.IsNaN) {
			return Continuation{}, fmt.Errorf("session: continuation bin edges must be at least two increasing numbers, not %v", e)
		}
	}
	if opts.SlowdownMinRuntime < 0 || math.IsNaN(opts.SlowdownMinRuntime) {
		return Continuation{}, fmt.Errorf("session: SlowdownMinRuntime must be ≥ 0, not %v", opts.SlowdownMinRuntime)
	}
	if err := t.Validate(); err != nil {
		return Continuation{}, err
	}
	for i, sub := range t.Submit {
		if !(math.Abs(sub) <= datasets.MaxTime) { // sorting by submit needs every one known
			return Continuation{}, fmt.Errorf("%w: job %d (row %d): %v, want within ±datasets.MaxTime", ErrUnknownSubmit, t.JobID[i], i, sub)
		}
	}
	c := Continuation{Threshold: opts.Threshold, Response: newBins(opts.ResponseEdges), Slowdown: newBins(opts.SlowdownEdges)}
	ix := t.ByUser()
	for _, rows := range ix.Rows {
		if !sortedBySubmit(rows, t.Submit) {
			rows = slices.Clone(rows)
			sort.SliceStable(rows, func(a, b int) bool { return t.Submit[rows[a]] < t.Submit[rows[b]] })
		}
		for p := 0; p+1 < len(rows); p++ {
			i, next := rows[p], rows[p+1]
			c.Pairs++
			resp := t.Wait[i] + t.Runtime[i]
			think := t.Submit[next] - (t.Submit[i] + resp)
			if math.IsNaN(think) || math.IsNaN(resp) {
				c.Unknown++
				continue
			}
			if think < 0 && !opts.IncludeOverlap {
				c.Overlapping++
				continue
			}
			cont := think < opts.Threshold
			if !addTo(c.Response, resp, cont) {
				c.Outside++
			}
			den := max(t.Runtime[i], opts.SlowdownMinRuntime)
			if den <= 0 {
				c.ZeroRuntime++
				continue
			}
			if !addTo(c.Slowdown, resp/den, cont) {
				c.Outside++
			}
		}
	}
	for _, bins := range [][]Bin{c.Response, c.Slowdown} {
		for k := range bins {
			if bins[k].Jobs > 0 {
				bins[k].Probability = float64(bins[k].Continued) / float64(bins[k].Jobs)
			}
		}
	}
	return c, nil
}

func newBins(edges []float64) []Bin {
	b := make([]Bin, len(edges)-1)
	for k := range b {
		b[k] = Bin{Lo: edges[k], Hi: edges[k+1], Probability: math.NaN()}
	}
	return b
}

// addTo counts v in its bin; it reports false when v is outside the bins.
func addTo(bins []Bin, v float64, cont bool) bool {
	k := sort.Search(len(bins), func(k int) bool { return bins[k].Hi > v })
	if k == len(bins) || v < bins[k].Lo {
		return false
	}
	bins[k].Jobs++
	if cont {
		bins[k].Continued++
	}
	return true
}

// Frame returns both curves: columns measure ("response_time" or
// "slowdown"), lo, hi, jobs, continued and probability, response bins
// first.
func (c Continuation) Frame() dataframe.DataFrame {
	var measure []string
	var lo, hi, prob []float64
	var jobs, cont []int
	for _, part := range []struct {
		name string
		bins []Bin
	}{{"response_time", c.Response}, {"slowdown", c.Slowdown}} {
		for _, b := range part.bins {
			measure = append(measure, part.name)
			lo = append(lo, b.Lo)
			hi = append(hi, b.Hi)
			jobs = append(jobs, b.Jobs)
			cont = append(cont, b.Continued)
			prob = append(prob, b.Probability)
		}
	}
	return dataframe.New(
		series.New(measure, series.String, "measure"),
		series.New(lo, series.Float, "lo"),
		series.New(hi, series.Float, "hi"),
		series.New(jobs, series.Int, "jobs"),
		series.New(cont, series.Int, "continued"),
		series.New(prob, series.Float, "probability"),
	)
}
