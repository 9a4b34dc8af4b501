package repetitions

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/tracelab/tracelab/datasets"
)

// SymmetricOptions are the parameters of Symmetric; the zero value gives
// a year of 100 jobs a day in weekly slices, sub-ranges 5% wide.
type SymmetricOptions struct {
	Days      float64 // length of the log in days; 0 means 365
	PerDay    float64 // mean jobs per day (Poisson arrivals); 0 means 100
	SliceDays float64 // days during which the same sub-ranges are sampled; 0 means 7
	Width     float64 // width of each sub-range, in (0, 0.5); 0 means 0.05
	Seed      uint64
}

// Symmetric builds the synthetic data of Fig 3 of the 2007 paper: the
// global distribution is (nearly) uniform on [0, 1], but in each slice of
// time only two narrow sub-ranges are sampled, [c, c+w] and [1−c−w, 1−c]
// with c uniform in [0, ½−w], each job taking one of them with
// probability ½ and a uniform value inside. The data has strong locality
// of sampling but, the sub-ranges being symmetric about ½, no
// autocorrelation at positive lags. The values are stored as the runtime of
// the jobs (every other field unknown, processors 1), with Poisson
// arrivals. Name is "symmetric".
func Symmetric(opts SymmetricOptions) (*datasets.Trace, error) {
	if opts.Days == 0 {
		opts.Days = 365
	}
	if opts.PerDay == 0 {
		opts.PerDay = 100
	}
	if opts.SliceDays == 0 {
		opts.SliceDays = 7
	}
	if opts.Width == 0 {
		opts.Width = 0.05
	}
	for _, v := range []float64{opts.Days, opts.PerDay, opts.SliceDays} {
		if !(v > 0) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("repetitions: Symmetric needs positive Days, PerDay and SliceDays")
		}
	}
	if !(opts.Width > 0 && opts.Width < 0.5) {
		return nil, fmt.Errorf("repetitions: sub-range width must be in (0, 0.5), got %v", opts.Width)
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0))
	end := opts.Days * datasets.Day
	slice := opts.SliceDays * datasets.Day
	var times []float64
	for t := rng.ExpFloat64() * datasets.Day / opts.PerDay; t < end; t += rng.ExpFloat64() * datasets.Day / opts.PerDay {
		times = append(times, t)
	}
	sort.Float64s(times)
	out := datasets.NewTrace("symmetric", len(times))
	cur, c := -1, 0.0
	for i, t := range times {
		if k := int(t / slice); k != cur {
			cur, c = k, rng.Float64()*(0.5-opts.Width)
		}
		v := c + rng.Float64()*opts.Width
		if rng.IntN(2) == 1 {
			v = 1 - v
		}
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.Runtime, j.Procs, j.Status = i+1, t, v, 1, datasets.StatusCompleted
		out.Append(j)
	}
	return out, nil
}
