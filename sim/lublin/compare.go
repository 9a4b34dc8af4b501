package lublin

import (
	"math"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
)

// Distances are the two-sample Kolmogorov–Smirnov distances between two
// logs on the attributes the model generates.
type Distances struct {
	LogRuntime   float64 // ln runtime, jobs with a known runtime > 0
	Size         float64 // allocated processors, jobs with a known size
	Interarrival float64 // gaps between consecutive submissions, in submit order
	HourOfDay    float64 // local hour of submission (0–23), each log in its own time zone
}

// Max returns the largest of the four distances.
func (d Distances) Max() float64 {
	return math.Max(math.Max(d.LogRuntime, d.Size), math.Max(d.Interarrival, d.HourOfDay))
}

// traceAttributes returns the four attributes of Distances for a trace.
func traceAttributes(t *datasets.Trace) (lr, size, gaps, hour []float64) {
	t = t.SortBySubmit()
	clock := datasets.NewClock(t)
	for i := range t.JobID {
		if r := t.Runtime[i]; r > 0 {
			lr = append(lr, math.Log(r))
		}
		if p := t.Procs[i]; p >= 0 {
			size = append(size, float64(p))
		}
		if i > 0 {
			gaps = append(gaps, t.Submit[i]-t.Submit[i-1])
		}
		hour = append(hour, float64(clock.HourOfDay(t.Submit[i])))
	}
	return lr, size, gaps, hour
}

// Compare returns the two-sample KS distances (fit.KSTwoSample) between
// logs a and b.
func Compare(a, b *datasets.Trace) Distances {
	a1, a2, a3, a4 := traceAttributes(a)
	b1, b2, b3, b4 := traceAttributes(b)
	return Distances{
		LogRuntime:   fit.KSTwoSample(a1, b1),
		Size:         fit.KSTwoSample(a2, b2),
		Interarrival: fit.KSTwoSample(a3, b3),
		HourOfDay:    fit.KSTwoSample(a4, b4),
	}
}

// CompareGenerated generates, for each seed, a log of ref.Len() jobs from p
// and compares it with ref (Compare). It returns one Distances per seed.
func CompareGenerated(p Params, ref *datasets.Trace, seeds []uint64) ([]Distances, error) {
	r1, r2, r3, r4 := traceAttributes(ref)
	out := make([]Distances, len(seeds))
	for k, s := range seeds {
		g, err := Generate(p, ref.Len(), s)
		if err != nil {
			return nil, err
		}
		g1, g2, g3, g4 := traceAttributes(g)
		out[k] = Distances{
			LogRuntime:   fit.KSTwoSample(r1, g1),
			Size:         fit.KSTwoSample(r2, g2),
			Interarrival: fit.KSTwoSample(r3, g3),
			HourOfDay:    fit.KSTwoSample(r4, g4),
		}
	}
	return out, nil
}

// MedianDistances returns the median of each distance over ds.
func MedianDistances(ds []Distances) Distances {
	col := func(f func(Distances) float64) float64 {
		x := make([]float64, len(ds))
		for i, d := range ds {
			x[i] = f(d)
		}
		if len(x) == 0 {
			return math.NaN()
		}
		return median(x)
	}
	return Distances{
		LogRuntime:   col(func(d Distances) float64 { return d.LogRuntime }),
		Size:         col(func(d Distances) float64 { return d.Size }),
		Interarrival: col(func(d Distances) float64 { return d.Interarrival }),
		HourOfDay:    col(func(d Distances) float64 { return d.HourOfDay }),
	}
}
