package locality

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/datasets"
)

// ErrNoRuns: no job has the fields that define equivalence.
var ErrNoRuns = errors.New("locality: no job with known run key")

// RunKey says which fields make two jobs of a user equivalent; it is a
// set of bits.
type RunKey int

// Fields of a run key. The 2007 paper (§4, Fig 9) uses KeyApp|KeyProcs:
// jobs that run the same application on the same number of processors.
// Logs without application numbers can use KeyProcs|KeyReqTime instead.
const (
	KeyApp     RunKey = 1 << iota // SWF field 14, executable number
	KeyProcs                      // field 5, allocated processors
	KeyReqTime                    // field 9, requested time
)

// RunOptions are the parameters of RunLengths; the zero value is the
// paper's key (application and processors) and bins doubling in width.
type RunOptions struct {
	// Key selects the fields of equivalence; 0 means KeyApp|KeyProcs.
	Key RunKey
	// BinFactor is the growth of the logarithmic bins used for the fitted
	// slope: bins [1,2), [2,4), [4,8)… for 2 (the default, used when 0).
	BinFactor float64
}

// RunResult is the outcome of RunLengths.
type RunResult struct {
	Name      string
	Key       RunKey
	BinFactor float64 // growth of the logarithmic bins of the fit
	// Lengths holds the length of every run, users in increasing id
	// order, runs in time order.
	Lengths []int
	Jobs    int // jobs in runs
	Skipped int // jobs left out: unknown user or unknown key field
	// Slope and Intercept fit log10(density) = Intercept + Slope·log10(length)
	// by least squares over the non-empty logarithmic bins, where density
	// is the fraction of runs in a bin divided by the bin's width. The
	// paper's reference line has slope −2.5.
	Slope, Intercept float64
}

// RunLengths finds the runs of equivalent jobs in each user's stream (2007
// §4, Fig 9): the jobs of a user in submit order are cut into maximal runs
// of consecutive jobs that share the key fields. Jobs of an unknown user
// (−1), or with an unknown key field (application −1, processors ≤ 0,
// requested time NaN), are left out of their user's stream and counted in
// Skipped. It returns ErrNoRuns when no job is left, and an error when
// fewer than two bins of run lengths are non-empty (no slope can be
// fitted).
func RunLengths(tr *datasets.Trace, opts RunOptions) (RunResult, error) {
	if opts.Key == 0 {
		opts.Key = KeyApp | KeyProcs
	}
	if opts.Key < 0 || opts.Key&^(KeyApp|KeyProcs|KeyReqTime) != 0 {
		return RunResult{}, fmt.Errorf("locality: run key %d holds bits other than KeyApp, KeyProcs and KeyReqTime", opts.Key)
	}
	if opts.BinFactor == 0 {
		opts.BinFactor = 2
	}
	if !(opts.BinFactor > 1) || math.IsInf(opts.BinFactor, 0) {
		return RunResult{}, fmt.Errorf("locality: bin factor must be > 1, got %v", opts.BinFactor)
	}
	res := RunResult{Name: tr.Name, Key: opts.Key, BinFactor: opts.BinFactor}
	s := tr.SortBySubmit()
	known := func(i int) bool {
		return (opts.Key&KeyApp == 0 || s.App[i] >= 0) &&
			(opts.Key&KeyProcs == 0 || s.Procs[i] > 0) &&
			(opts.Key&KeyReqTime == 0 || !math.IsNaN(s.ReqTime[i]))
	}
	same := func(i, j int) bool {
		return (opts.Key&KeyApp == 0 || s.App[i] == s.App[j]) &&
			(opts.Key&KeyProcs == 0 || s.Procs[i] == s.Procs[j]) &&
			(opts.Key&KeyReqTime == 0 || s.ReqTime[i] == s.ReqTime[j])
	}
	ix := s.ByUser()
	for k, u := range ix.Users {
		prev, run := -1, 0
		for _, i := range ix.Rows[k] {
			if u < 0 || !known(i) {
				res.Skipped++
				continue
			}
			res.Jobs++
			if prev >= 0 && same(prev, i) {
				run++
			} else {
				if run > 0 {
					res.Lengths = append(res.Lengths, run)
				}
				run = 1
			}
			prev = i
		}
		if run > 0 {
			res.Lengths = append(res.Lengths, run)
		}
	}
	if len(res.Lengths) == 0 {
		return res, fmt.Errorf("%w: %s (%d jobs skipped)", ErrNoRuns, tr.Name, res.Skipped)
	}
	c, d := res.binned(opts.BinFactor)
	var x, y []float64
	for i := range c {
		if d[i] > 0 {
			x = append(x, math.Log10(c[i]))
			y = append(y, math.Log10(d[i]))
		}
	}
	if len(x) < 2 {
		return res, fmt.Errorf("locality: %s: run lengths fill fewer than 2 bins, no slope", tr.Name)
	}
	res.Intercept, res.Slope = stat.LinearRegression(x, y, nil, false)
	return res, nil
}

// binned returns the logarithmic bins' centres (geometric mean of the
// smallest and largest length in the bin) and densities (fraction of runs
// in the bin per unit of length).
func (r RunResult) binned(factor float64) (centre, density []float64) {
	longest := 0
	for _, l := range r.Lengths {
		longest = max(longest, l)
	}
	hist := make([]int, longest+1)
	for _, l := range r.Lengths {
		hist[l]++
	}
	total := float64(len(r.Lengths))
	for lo := 1; lo <= longest; {
		hi := max(lo+1, int(math.Ceil(float64(lo)*factor))) // bin is [lo, hi)
		n := 0
		for l := lo; l < hi && l <= longest; l++ {
			n += hist[l]
		}
		centre = append(centre, math.Sqrt(float64(lo)*float64(hi-1)))
		density = append(density, float64(n)/total/float64(hi-lo))
		lo = hi
	}
	return centre, density
}

// Binned returns the logarithmic bins of the fit: columns length (the
// bin's centre), density (fraction of runs in the bin per unit length);
// empty bins are left out.
func (r RunResult) Binned() dataframe.DataFrame {
	c, d := r.binned(r.BinFactor)
	var x, y []float64
	for i := range c {
		if d[i] > 0 {
			x = append(x, c[i])
			y = append(y, d[i])
		}
	}
	return dataframe.New(series.New(x, series.Float, "length"), series.New(y, series.Float, "density"))
}

// Histogram returns the number of runs of each length: columns length,
// runs, sorted by length (lengths without runs are left out).
func (r RunResult) Histogram() dataframe.DataFrame {
	h := make(map[int]int)
	for _, l := range r.Lengths {
		h[l]++
	}
	ls := make([]int, 0, len(h))
	for l := range h {
		ls = append(ls, l)
	}
	sort.Ints(ls)
	n := make([]int, len(ls))
	for i, l := range ls {
		n[i] = h[l]
	}
	return dataframe.New(series.New(ls, series.Int, "length"), series.New(n, series.Int, "runs"))
}
