package locality

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/internal/parallel"
)

// Weighting says how logs are mixed into the global distribution of
// Diversity (2007 §5, Table 5).
type Weighting int

const (
	// JobWeighted, the default, pools all the jobs of all logs: a log
	// weighs as much as it has jobs.
	JobWeighted Weighting = iota
	// EqualWeighted gives every log the same total weight (each job of a
	// log of N jobs weighs 1/N), as if each log were resampled the same
	// number of times.
	EqualWeighted
)

// String returns "job" or "equal".
func (w Weighting) String() string {
	switch w {
	case JobWeighted:
		return "job"
	case EqualWeighted:
		return "equal"
	}
	return fmt.Sprintf("Weighting(%d)", int(w))
}

// DiversityOptions are the parameters of Diversity; the zero value is the
// paper's: 24 ranges, job-weighted, 1000 bootstrap repetitions. A zero
// field takes its default and a negative one is an error.
type DiversityOptions struct {
	Ranges    int // 0 means 24
	Ties      Ties
	Weighting Weighting
	// Reps is the number of bootstrap repetitions giving the deviation
	// expected by chance; 0 means 1000.
	Reps int
	// SkipBootstrap skips the bootstrap (random_deviation and locality are
	// then NaN).
	SkipBootstrap bool
	Seed          uint64
	Workers       int // 0 means GOMAXPROCS
}

// Diversity measures how far each log's distribution is from a global
// distribution made of all the logs (2007 §5, Tables 4–5): each log is one
// slice, and its deviation is m of §3.1 against r equal-probability ranges
// of the global distribution. The bootstrap draws as many jobs as the log
// has from the global distribution and reports the median deviation
// (random_deviation: small for a whole log, whose counts spread by chance only
// as √N).
//
// Columns: log, jobs, max_deviation, random_deviation, locality
// (max_deviation − random_deviation); one row per log, in the order given.
// Repetition k of log i uses the random stream rand.NewPCG(Seed+i, k), so
// results do not depend on Workers.
func Diversity(logs []Observations, opts DiversityOptions) (dataframe.DataFrame, error) {
	if len(logs) < 2 {
		return dataframe.DataFrame{}, fmt.Errorf("locality: diversity needs at least 2 logs, got %d", len(logs))
	}
	if opts.Ranges == 0 {
		opts.Ranges = 24
	}
	if opts.Reps == 0 {
		opts.Reps = 1000
	}
	if opts.Reps < 0 {
		return dataframe.DataFrame{}, fmt.Errorf("locality: Reps must not be negative, got %d (SkipBootstrap skips the bootstrap)", opts.Reps)
	}
	if opts.Reps > MaxReps {
		return dataframe.DataFrame{}, fmt.Errorf("locality: %d bootstrap repetitions, at most %d", opts.Reps, MaxReps)
	}
	workers, err := parallel.Workers(opts.Workers)
	if err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("locality: %w", err)
	}
	var values, weights []float64
	for i, o := range logs {
		if o.Len() == 0 {
			return dataframe.DataFrame{}, fmt.Errorf("locality: log %d (%s): %w", i, o.Name, ErrNoData)
		}
		w := 1.0
		switch opts.Weighting {
		case JobWeighted:
		case EqualWeighted:
			w = 1 / float64(o.Len())
		default:
			return dataframe.DataFrame{}, fmt.Errorf("locality: unknown weighting %d", opts.Weighting)
		}
		values = append(values, o.Value...)
		for range o.Value {
			weights = append(weights, w)
		}
	}
	g, err := NewRanges(values, weights, opts.Ranges, opts.Ties)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	n := len(logs)
	names, jobs := make([]string, n), make([]int, n)
	dev, rnd, loc := make([]float64, n), make([]float64, n), make([]float64, n)
	for i, o := range logs {
		names[i], jobs[i] = o.Name, o.Len()
		rng := rand.New(rand.NewPCG(opts.Seed, math.MaxUint64-uint64(i)))
		dev[i] = MaxDeviation(g.Counts(o.Value, rng))
		rnd[i] = math.NaN()
		if !opts.SkipBootstrap {
			m, _ := bootstrap(g, []int{o.Len()}, opts.Reps, opts.Seed+uint64(i), workers, nil)
			rnd[i] = median(m)
		}
		loc[i] = dev[i] - rnd[i]
	}
	return dataframe.New(
		series.New(names, series.String, "log"),
		series.New(jobs, series.Int, "jobs"),
		series.New(dev, series.Float, "max_deviation"),
		series.New(rnd, series.Float, "random_deviation"),
		series.New(loc, series.Float, "locality"),
	), nil
}
