package findings

import (
	"github.com/tracelab/tracelab/confidence"
)

// ratioOfSums is a share or rate over the jobs of a log, Σ num / Σ den, with
// the jobs grouped in independent units: users when the log has user ids
// (a cluster bootstrap: a user's jobs are not independent of each other),
// else the jobs themselves.
type ratioOfSums struct {
	num, den []float64 // per unit
	byUser   bool
	jobs     int // jobs that contributed
}

// sumsOf groups the jobs of the log for which part returns ok into units.
func sumsOf(l *Log, part func(i int) (num, den float64, ok bool)) ratioOfSums {
	t := l.Trace
	r := ratioOfSums{byUser: t.HasUsers()}
	unit := map[int]int{}
	for i := range t.JobID {
		n, d, ok := part(i)
		if !ok {
			continue
		}
		r.jobs++
		key := i
		if r.byUser {
			key = t.User[i]
		}
		k, seen := unit[key]
		if !seen {
			k = len(r.num)
			unit[key] = k
			r.num, r.den = append(r.num, 0), append(r.den, 0)
		}
		r.num[k] += n
		r.den[k] += d
	}
	return r
}

// units names the units of the interval.
func (r ratioOfSums) units() string {
	if r.byUser {
		return "users"
	}
	return "jobs (no user ids)"
}

// interval returns Σnum/Σden with its bootstrap interval over the units.
func (r ratioOfSums) interval(l *Log, id string) confidence.Interval {
	stat := func(idx []int) float64 {
		var a, b float64
		for _, k := range idx {
			a, b = a+r.num[k], b+r.den[k]
		}
		return a / b
	}
	return confidence.Bootstrap{Resamples: l.resamples(), Seed: l.seed(id)}.Statistic(len(r.num), stat, level)
}
