package sim

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
)

// MaxBins bounds the bins of Binned (2^20: hours over a century).
const MaxBins = 1 << 20

// BinOptions controls Binned.
type BinOptions struct {
	// Width is the length of a bin, seconds (datasets.Hour, Day, Week);
	// zero means a day.
	Width float64
	// From and Until are the period binned, seconds of the schedule's
	// clock; bins start at From. Zero From means the first submit, zero
	// Until the last end. Align From to midnight (datasets.Clock) for
	// calendar days.
	From, Until float64
}

// Bins are a schedule's utilisation and queue over time, bin by bin.
type Bins struct {
	Width float64   // bin length, s
	Start []float64 // bin start, s
	// Utilization is the processor-seconds used in the bin over Procs ×
	// Width, a fraction.
	Utilization []float64
	// Queue is the mean number of waiting jobs (submitted, not started)
	// over the bin, time-weighted; MaxQueue the largest number at any
	// instant of it.
	Queue    []float64
	MaxQueue []int
	// Arrivals counts the jobs submitted in the bin.
	Arrivals []int
}

// Binned returns the utilisation and the queue of r over time in bins of
// opts.Width, computed exactly from the jobs' intervals: a job waits over
// [submit, start) and holds Width processors over [start, end); a job that
// did not start waits until Until, one that did not end runs until Until.
// It returns an error for a bad width or period, or one of more than
// MaxBins bins.
func (r *Result) Binned(opts BinOptions) (Bins, error) {
	w := opts.Width
	if w == 0 {
		w = datasets.Day
	}
	from, until := opts.From, opts.Until
	if from == 0 || until == 0 {
		first, last := math.Inf(1), math.Inf(-1)
		for j := range r.ID {
			first = min(first, r.Submit[j])
			if e := r.End[j]; !math.IsNaN(e) {
				last = max(last, e)
			}
		}
		if from == 0 && !math.IsInf(first, 1) {
			from = first
		}
		if until == 0 && !math.IsInf(last, -1) {
			until = last
		}
	}
	if !(w > 0) || math.IsInf(w, 0) || !(until > from) || math.IsInf(until-from, 0) {
		return Bins{}, fmt.Errorf("sim: Binned: bins of %v s over [%v, %v)", w, from, until)
	}
	nb := math.Ceil((until - from) / w)
	if nb > MaxBins {
		return Bins{}, fmt.Errorf("sim: Binned: %v bins of %v s, more than %d", nb, w, MaxBins)
	}
	n := int(nb)
	b := Bins{Width: w, Start: make([]float64, n), Utilization: make([]float64, n), Queue: make([]float64, n),
		MaxQueue: make([]int, n), Arrivals: make([]int, n)}
	for k := range b.Start {
		b.Start[k] = from + float64(k)*w
	}
	// The busy processors and the queue are step functions: integrate them
	// over each bin by sweeping their changes in time order.
	type change struct {
		t           float64
		busy, queue int
	}
	var ch []change
	clip := func(t float64) float64 { return min(max(t, from), until) }
	for j := range r.ID {
		sub, st, en := r.Submit[j], r.Start[j], r.End[j]
		if math.IsNaN(st) {
			st = math.Inf(1)
		}
		if math.IsNaN(en) {
			en = math.Inf(1)
		}
		if sub >= from && sub < until {
			b.Arrivals[int((sub-from)/w)]++
		}
		if s, e := clip(sub), clip(st); e > s {
			ch = append(ch, change{s, 0, 1}, change{e, 0, -1})
		}
		if s, e := clip(st), clip(en); e > s {
			ch = append(ch, change{s, r.Width[j], 0}, change{e, -r.Width[j], 0})
		}
	}
	// At equal times, apply the decreases first: a job that starts when
	// another ends never counts twice at that instant.
	slices.SortFunc(ch, func(a, c change) int {
		if d := cmp.Compare(a.t, c.t); d != 0 {
			return d
		}
		return cmp.Compare(a.busy+a.queue, c.busy+c.queue)
	})
	busy, queue := 0, 0
	t := from
	k := 0
	add := func(to float64) { // integrate the current levels over [t, to)
		for t < to {
			end := min(to, b.Start[k]+w)
			if k == n-1 {
				end = to
			}
			b.Utilization[k] += float64(busy) * (end - t)
			b.Queue[k] += float64(queue) * (end - t)
			b.MaxQueue[k] = max(b.MaxQueue[k], queue)
			t = end
			if t >= b.Start[k]+w && k < n-1 {
				k++
			}
		}
	}
	for _, c := range ch {
		add(c.t)
		busy += c.busy
		queue += c.queue
		b.MaxQueue[k] = max(b.MaxQueue[k], queue)
	}
	add(until)
	for k := range b.Start {
		length := min(b.Start[k]+w, until) - b.Start[k]
		b.Utilization[k] /= float64(r.Procs) * length
		b.Queue[k] /= length
	}
	return b, nil
}

// Frame returns the bins as a frame: bin_start (s), utilization
// (fraction), avg_queue, max_queue (jobs) and arrivals.
func (b Bins) Frame() dataframe.DataFrame {
	return dataframe.New(
		series.New(b.Start, series.Float, "bin_start"),
		series.New(b.Utilization, series.Float, "utilization"),
		series.New(b.Queue, series.Float, "avg_queue"),
		series.New(b.MaxQueue, series.Int, "max_queue"),
		series.New(b.Arrivals, series.Int, "arrivals"),
	)
}

// Logged returns the log's own schedule as a Result: each job starts at
// submit + wait and runs its runtime on its processors (field 5), on a
// machine of tr.Machine() processors, so that Binned and the plots of a
// simulation apply to the log as it ran. Jobs of unknown submit, wait,
// runtime or processors are left out and counted. The logged schedule
// may hold more processors than the machine at times (the archive's
// logs do, see analytics/quality), so utilisation can exceed 1.
func Logged(tr *datasets.Trace) (*Result, int) {
	m := tr.Machine()
	r := &Result{Procs: max(m.Procs, 1), ProcsRule: m.Rule, Scheduler: "logged"}
	left := 0
	for i := range tr.Len() {
		sub, w, rt, p := tr.Submit[i], tr.Wait[i], tr.Runtime[i], tr.Procs[i]
		if math.IsNaN(sub) || !(w >= 0) || !(rt >= 0) || p < 1 {
			left++
			continue
		}
		r.ID = append(r.ID, tr.JobID[i])
		r.User = append(r.User, tr.User[i])
		r.Submit = append(r.Submit, sub)
		r.Start = append(r.Start, sub+w)
		r.End = append(r.End, sub+w+rt)
		r.Runtime = append(r.Runtime, rt)
		est := rt
		if rq := tr.ReqTime[i]; rq > rt {
			est = rq
		}
		r.Estimate = append(r.Estimate, est)
		r.Width = append(r.Width, p)
	}
	return r, left
}
