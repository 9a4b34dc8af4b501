// Package cleaned reconstructs the jobs a Parallel Workloads Archive log's
// cleaning filters removed (the header's "(N jobs removed)" lines): where
// in the log they were submitted, and which filter removed each. Feitelson
// 2021 §3.4 (Figs 5–7) and Zakay & Feitelson 2013 §6.4 (Fig. 13, the
// flurries put back) both use it.
package cleaned

import (
	"fmt"
	"math"
	"slices"

	"github.com/tracelab/tracelab/datasets"
)

// Removed is the reconstruction of the jobs a log's cleaning filters
// removed: their number is in the header, and the job numbers that are
// missing from the cleaned log are theirs. Job numbers are given in submit
// order, so a removed job was submitted between the jobs numbered just
// before and just after it that remain: its time is interpolated between
// theirs (by job number), exact to within that interval.
type Removed struct {
	Filters []datasets.CleaningFilter
	// MaxJobs is the number of jobs of the original log (header MaxJobs;
	// the largest job number when absent).
	MaxJobs int
	// Missing is the number of job numbers from 1 to MaxJobs absent from
	// the cleaned log; Unexplained is Missing less the filters' removed
	// jobs (0 when the header accounts for every missing job).
	Missing, Unexplained int
	// Time and Weight hold, per missing job number (increasing), its
	// reconstructed submit time and, per filter, the weight with which it
	// belongs to that filter: the weights of a filter sum to its Removed
	// count, those of a number to about 1 (see proportionalFit).
	Time   []float64
	Weight [][]float64
	// Bracket is, per missing job number, the length of the interval
	// between the submit times of the remaining jobs around it: the
	// uncertainty of Time.
	Bracket []float64
}

// The missing job numbers a reconstruction places are bounded by the log
// they come from: at most MissingPerJob per job present, or MinMissing for
// a small log. The archive's cleaning removed at most 1.6 jobs per job kept
// of the logs we have (HPC2N-2002: 324,500 of 527,371), and a header's
// MaxJobs or a job number is input; each number costs about 100 bytes and
// 200 rounds of the proportional fit.
const (
	MissingPerJob = 16
	MinMissing    = 1 << 20
)

// maxMissing returns the bound on the missing numbers of a log of n jobs.
func maxMissing(n int) int { return max(MinMissing, MissingPerJob*n) }

// Reconstruct places the jobs the cleaning filters removed from t (see
// Removed). Weights are found by iterative proportional fitting when
// several filters can have removed the same job number (a whole user's
// jobs and another user's burst in a range). It returns an error for a log
// with no filter, a filter line it cannot read or a header whose counts
// exceed the missing numbers, or whose job numbers leave more numbers
// missing than maxMissing allows.
func Reconstruct(t *datasets.Trace) (*Removed, error) {
	fs, err := t.Header.CleaningFilters()
	if err != nil {
		return nil, fmt.Errorf("cleaned: %s: %w", t.Name, err)
	}
	if len(fs) == 0 {
		return nil, fmt.Errorf("cleaned: %s lists no cleaning filter", t.Name)
	}
	// The job numbers present, and those with a submit time (the anchors
	// of the interpolation), in increasing order.
	present := make([]int, 0, t.Len())
	var anchors []int // rows
	for i, id := range t.JobID {
		if id > 0 {
			present = append(present, id)
			if !math.IsNaN(t.Submit[i]) {
				anchors = append(anchors, i)
			}
		}
	}
	if len(anchors) == 0 {
		return nil, fmt.Errorf("cleaned: %s has no job with a submit time", t.Name)
	}
	slices.Sort(present)
	present = slices.Compact(present)
	slices.SortFunc(anchors, func(a, b int) int { return t.JobID[a] - t.JobID[b] })
	r := &Removed{Filters: fs, MaxJobs: max(t.Header.MaxJobs, present[len(present)-1])}
	// The header and the job numbers are input: bound the work and memory
	// (one entry per missing number) before the loop.
	missing := r.MaxJobs - len(present) // every present number is in 1…MaxJobs
	if limit := maxMissing(len(present)); missing > limit {
		return nil, fmt.Errorf("cleaned: %s: job numbers up to %d leave %d numbers missing from its %d jobs, more than the %d a reconstruction handles (%d per job, at least %d)",
			t.Name, r.MaxJobs, missing, len(present), limit, MissingPerJob, MinMissing)
	}
	total := 0
	for _, f := range fs {
		if f.Removed < 0 || f.Removed > missing-total {
			return nil, fmt.Errorf("cleaned: %s: the filters removed more jobs than the %d job numbers missing (%q)", t.Name, missing, f.Text)
		}
		total += f.Removed
	}
	ids := make([]int, 0, missing)
	r.Time = make([]float64, 0, missing)
	r.Bracket = make([]float64, 0, missing)
	p, a := 0, 0 // next present number, next anchor after k
	for k := 1; k <= r.MaxJobs; k++ {
		for p < len(present) && present[p] < k {
			p++
		}
		if p < len(present) && present[p] == k {
			continue
		}
		for a < len(anchors) && t.JobID[anchors[a]] < k {
			a++
		}
		var lo, hi int // anchor rows around k
		switch {
		case a == 0:
			lo, hi = anchors[0], anchors[0]
		case a == len(anchors):
			lo, hi = anchors[a-1], anchors[a-1]
		default:
			lo, hi = anchors[a-1], anchors[a]
		}
		tlo, thi := t.Submit[lo], t.Submit[hi]
		f := 0.0
		if d := t.JobID[hi] - t.JobID[lo]; d > 0 {
			f = float64(k-t.JobID[lo]) / float64(d)
		}
		ids = append(ids, k)
		r.Time = append(r.Time, tlo+f*(thi-tlo))
		r.Bracket = append(r.Bracket, math.Abs(thi-tlo))
	}
	r.Missing = len(ids)
	r.Unexplained = r.Missing - total
	r.Weight = proportionalFit(ids, fs, r.Unexplained == 0)
	return r, nil
}

// proportionalFit returns per missing job number the weight of each filter
// that may have removed it, by iterative proportional fitting: the weights
// of a filter sum to its Removed count, and those of a number to 1 (exact
// says every missing number was removed by some filter) or at most 1, up
// to the fit's convergence.
func proportionalFit(ids []int, fs []datasets.CleaningFilter, exact bool) [][]float64 {
	w := make([][]float64, len(ids))
	for i, k := range ids {
		w[i] = make([]float64, len(fs))
		for j, f := range fs {
			if f.Meets(k, k) {
				w[i][j] = 1
			}
		}
	}
	sum := make([]float64, len(fs))
	for range 200 {
		clear(sum)
		for i := range w {
			for j, v := range w[i] {
				sum[j] += v
			}
		}
		for i := range w {
			row := 0.0
			for j := range w[i] {
				if sum[j] > 0 {
					w[i][j] *= float64(fs[j].Removed) / sum[j]
				}
				row += w[i][j]
			}
			if row > 0 && (exact || row > 1) {
				for j := range w[i] {
					w[i][j] /= row
				}
			}
		}
	}
	// A last scaling makes each filter's weights sum to its count exactly
	// (a number's weights may then sum to slightly more or less than 1
	// where the fit has not converged: it converges slowly to weights of 0).
	clear(sum)
	for i := range w {
		for j, v := range w[i] {
			sum[j] += v
		}
	}
	for i := range w {
		for j := range w[i] {
			if sum[j] > 0 {
				w[i][j] *= float64(fs[j].Removed) / sum[j]
			}
		}
	}
	return w
}

// Count returns the reconstructed number of jobs filter j removed (the
// sum of its weights).
func (r *Removed) Count(j int) float64 {
	s := 0.0
	for i := range r.Weight {
		s += r.Weight[i][j]
	}
	return s
}

// Times returns the reconstructed submit times of the jobs filter j
// removed, with their weights.
func (r *Removed) Times(j int) (times, weights []float64) {
	for i, w := range r.Weight {
		if w[j] > 0 {
			times, weights = append(times, r.Time[i]), append(weights, w[j])
		}
	}
	return times, weights
}
