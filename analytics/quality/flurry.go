package quality

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/tracelab/tracelab/datasets"
)

// FlurryOptions are the thresholds of DetectFlurries. The zero value gives
// the defaults, chosen on the archive's logs (see DetectFlurries); a zero
// field takes its default, and a negative one is a programmer's error
// (DetectFlurries panics).
type FlurryOptions struct {
	// Share is the least fraction of a day's jobs that the user submits on
	// a burst day (the user dominates the workload); 0 means 0.5.
	Share float64
	// Spike is the least number of jobs the user submits on a burst day,
	// as a multiple of the log's median jobs per day (the day stands out
	// in the log's arrivals); 0 means 2.
	Spike float64
	// Ratio is the least number of jobs the user submits on a burst day,
	// as a multiple of the user's usual jobs per active day (far above its
	// usual rate); 0 means 10.
	Ratio float64
	// Size is the least number of jobs of a flurry, as a multiple of the
	// log's median jobs per day; 0 means 5.
	Size float64
	// Gap is the most quiet days (days that are not burst days) between
	// two burst days of one flurry; 0 means 2.
	Gap int
	// NoGap makes a flurry's burst days consecutive (Gap is then ignored).
	NoGap bool
}

func (o FlurryOptions) withDefaults() FlurryOptions {
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	def(&o.Share, 0.5)
	def(&o.Spike, 2)
	def(&o.Ratio, 10)
	def(&o.Size, 5)
	if !(o.Share >= 0 && o.Spike >= 0 && o.Ratio >= 0 && o.Size >= 0 && o.Gap >= 0) {
		panic(fmt.Sprintf("quality: FlurryOptions %+v: a negative threshold", o))
	}
	switch {
	case o.NoGap:
		o.Gap = 0
	case o.Gap == 0:
		o.Gap = 2
	}
	return o
}

// Flurry is a burst of one user's activity.
type Flurry struct {
	User int
	// Begin and End are the submit times of the user's first and last job
	// in the flurry, trace seconds.
	Begin, End float64
	// FirstJob and LastJob are the job numbers of those jobs; Jobs counts
	// the user's jobs from Begin to End inclusive.
	FirstJob, LastJob, Jobs int
	// BurstDays counts the burst days; Share is the user's fraction of all
	// jobs submitted from Begin to End.
	BurstDays int
	Share     float64
	// PeakDay is the most jobs the user submitted in one day of the
	// flurry; Usual is the user's usual jobs per active day and LogDay the
	// log's median jobs per day, the references of Ratio and Spike.
	PeakDay      int
	Usual        float64
	LogDay       float64
	jobIDsSorted bool
}

// Filter returns the archive's filter that removes the flurry, e.g.
// "user=171 and (job>=A and job<=B)" when job numbers follow submit order
// (as in the archive's logs), else the same with submit times.
func (f Flurry) Filter() string {
	if f.jobIDsSorted {
		return fmt.Sprintf("user=%d and (job>=%d and job<=%d)", f.User, f.FirstJob, f.LastJob)
	}
	return fmt.Sprintf("user=%d and (submit>=%s and submit<=%s)", f.User, seconds(f.Begin), seconds(f.End))
}

// RB returns the flurry as a rare-behaviour period in the form of the
// CLI's --rb flag (USER:BEGIN:END, trace seconds; sim/resample's
// RarePeriod), so that resampling can leave it out or oversample it.
func (f Flurry) RB() string {
	return fmt.Sprintf("%d:%s:%s", f.User, seconds(f.Begin), seconds(f.End))
}

func seconds(s float64) string { return fmt.Sprintf("%.0f", s) }

// DetectFlurries finds flurries: "huge short-lived surges of activity by
// individual users" that "may single-handedly affect workload statistics"
// (Feitelson 2021 §2, after Tsafrir and Feitelson 2006 and Feitelson,
// Tsafrir and Krakov 2014), which the archive found by eye in each log's
// arrivals per week and removed from its cleaned versions. The detector:
//
//  1. bins jobs by day: 24-hour bins from the log's time 0; c(u,d) are
//     user u's jobs submitted on day d, T(d) all jobs of day d, and M the
//     median of T over the days from the first submit to the last;
//  2. a burst day of user u is a day with c(u,d) ≥ Share·T(d) (the user
//     dominates the day), c(u,d) ≥ Spike·M (the day stands out in the
//     log's arrivals) and c(u,d) ≥ Ratio·usual(u) (far above the user's
//     usual rate), where usual(u) is the median of c(u,d) over the user's
//     other active days (days with a job, the burst day's run excluded),
//     or the median of c over all user-days of the log when the user has
//     no other active day;
//  3. burst days of one user at most Gap quiet days apart form one
//     flurry, which holds all the user's jobs from its first burst day to
//     its last;
//  4. a flurry is kept when it holds at least Size·M jobs.
//
// Jobs of unknown user (−1) or unknown submit time (NaN, or beyond
// ±datasets.MaxTime, the reader's range) take no part. Flurries
// are returned by first submit time.
//
// Defaults (Share ½, Spike 2, Ratio 10, Size 5, Gap 2) were chosen on the
// archive's logs: the flurries the archive removed were 2.6% of CTC-SP2's
// jobs in about one day (user 135: 2,080 jobs, 9.5 times the cleaned log's
// median day) and 452 to 11,740 jobs in SDSC-SP2 (6.5 times its median day
// and more), so Size 5 keeps them; in the cleaned logs, the defaults find
// HPC2N user 171's flurry (2,418 jobs on its peak day, 98% of that day,
// 80 times the user's usual day), which the archive left in.
func DetectFlurries(t *datasets.Trace, opts FlurryOptions) []Flurry {
	if t.Len() <= math.MaxInt32 {
		return detectFlurries[int32](t, opts) // 4 bytes a job
	}
	return detectFlurries[int](t, opts)
}

// rowIndex is the type of a row number in DetectFlurries' order of the
// rows.
type rowIndex interface{ ~int32 | ~int }

func detectFlurries[I rowIndex](t *datasets.Trace, opts FlurryOptions) []Flurry {
	o := opts.withDefaults()
	keep := func(i int) bool { // the reader's range: a hand-made trace may hold 1e300
		return t.User[i] >= 0 && math.Abs(t.Submit[i]) <= datasets.MaxTime
	}
	day := func(i int) int { return int(math.Floor(t.Submit[i] / datasets.Day)) }
	kept, first, last := 0, math.MaxInt, math.MinInt
	for i := range t.JobID {
		if keep(i) {
			kept++
			d := day(i)
			first, last = min(first, d), max(last, d)
		}
	}
	if kept == 0 {
		return nil
	}
	if last-first > 1<<22 { // 11,000 years: a broken time column, not a log
		return nil
	}
	total := make([]int, last-first+1)
	for i := range t.JobID {
		if keep(i) {
			total[day(i)-first]++
		}
	}
	logDay := median(slices.Clone(total))
	if logDay == 0 {
		logDay = 1
	}
	rows := byUserThenSubmit[I](t, keep, kept)
	var userDays []userDay
	var allCounts []int
	type span struct{ lo, hi int } // userDays of one user
	var users []span
	for k := 0; k < len(rows); {
		u := t.User[rows[k]]
		lo := len(userDays)
		for k < len(rows) && t.User[rows[k]] == u {
			d := day(int(rows[k]))
			if n := len(userDays); n > lo && userDays[n-1].day == d {
				userDays[n-1].jobs++
			} else {
				userDays = append(userDays, userDay{day: d, jobs: 1, from: k})
			}
			k++
		}
		users = append(users, span{lo, len(userDays)})
	}
	for _, ud := range userDays {
		allCounts = append(allCounts, ud.jobs)
	}
	typical := median(allCounts)

	sorted := jobIDsFollowSubmit(t)
	var out []Flurry
	for _, us := range users {
		days := userDays[us.lo:us.hi]
		for _, f := range userFlurries(days, total, first, logDay, typical, o) {
			fi, la := rows[days[f.firstBurst].from], rows[days[f.lastBurst].from+days[f.lastBurst].jobs-1]
			f.User = t.User[fi]
			f.Begin, f.End = t.Submit[fi], t.Submit[la]
			f.FirstJob, f.LastJob = t.JobID[fi], t.JobID[la]
			f.jobIDsSorted = sorted
			out = append(out, f.Flurry)
		}
	}
	sortFlurries(out)
	return out
}

// userDay is one user's jobs on one day: from is the position of the
// first in DetectFlurries' order of the rows (unused by a stream).
type userDay struct{ day, jobs, from int }

// userFlurry is a flurry of userFlurries: its first and last burst days
// (positions in the user's days); Flurry's user, times and job numbers
// are the caller's to fill.
type userFlurry struct {
	Flurry
	firstBurst, lastBurst int
}

// userFlurries finds the flurries of one user from its active days in
// time order (DetectFlurries' steps 2–4): total holds the log's jobs per
// day from day first, logDay the median of total (at least 1), typical
// the median jobs of every user-day.
func userFlurries(days []userDay, total []int, first int, logDay, typical float64, o FlurryOptions) []userFlurry {
	var out []userFlurry
	// Candidate burst days without the Ratio test.
	var cand []int
	for k, ud := range days {
		tot := float64(total[ud.day-first])
		if float64(ud.jobs) >= o.Share*tot && float64(ud.jobs) >= o.Spike*logDay {
			cand = append(cand, k)
		}
	}
	// Runs of candidates at most Gap quiet days apart.
	for a := 0; a < len(cand); {
		b := a
		for b+1 < len(cand) && days[cand[b+1]].day-days[cand[b]].day-1 <= o.Gap {
			b++
		}
		lo, hi := cand[a], cand[b] // positions in days
		var other []int
		for k, ud := range days {
			if k < lo || k > hi {
				other = append(other, ud.jobs)
			}
		}
		usual := typical
		if len(other) > 0 {
			usual = median(other)
		}
		f := userFlurry{Flurry: Flurry{Usual: usual, LogDay: logDay}, firstBurst: -1, lastBurst: -1}
		for _, k := range cand[a : b+1] {
			if float64(days[k].jobs) >= o.Ratio*usual {
				f.BurstDays++
				f.PeakDay = max(f.PeakDay, days[k].jobs)
				if f.firstBurst < 0 {
					f.firstBurst = k
				}
				f.lastBurst = k
			}
		}
		a = b + 1
		if f.BurstDays == 0 {
			continue
		}
		// The user's jobs from the first burst day to the last.
		for _, ud := range days[f.firstBurst : f.lastBurst+1] {
			f.Jobs += ud.jobs
		}
		if float64(f.Jobs) < o.Size*logDay {
			continue
		}
		all := 0
		for d := days[f.firstBurst].day; d <= days[f.lastBurst].day; d++ {
			all += total[d-first]
		}
		f.Share = float64(f.Jobs) / float64(all)
		out = append(out, f)
	}
	return out
}

// sortFlurries sorts flurries by first submit time, then user.
func sortFlurries(out []Flurry) {
	slices.SortFunc(out, func(a, b Flurry) int {
		if c := cmp.Compare(a.Begin, b.Begin); c != 0 {
			return c
		}
		return a.User - b.User
	})
}

// byUserThenSubmit returns the kept rows (keep; n of them) grouped by
// user in increasing id, each user's rows in submit order (ties in row
// order): a counting sort by user of the rows in submit order, which are
// the rows in row order when the kept submit times do not decrease, else
// a stable sort of them by submit time (a second n rows).
func byUserThenSubmit[I rowIndex](t *datasets.Trace, keep func(i int) bool, n int) []I {
	var bySubmit []I // nil: the kept rows in row order
	prev := math.Inf(-1)
	for i := range t.JobID {
		if keep(i) {
			if t.Submit[i] < prev {
				bySubmit = make([]I, 0, n)
				break
			}
			prev = t.Submit[i]
		}
	}
	if bySubmit != nil {
		for i := range t.JobID {
			if keep(i) {
				bySubmit = append(bySubmit, I(i))
			}
		}
		slices.SortStableFunc(bySubmit, func(a, b I) int { return cmp.Compare(t.Submit[a], t.Submit[b]) })
	}
	each := func(f func(i int)) {
		if bySubmit != nil {
			for _, i := range bySubmit {
				f(int(i))
			}
			return
		}
		for i := range t.JobID {
			if keep(i) {
				f(i)
			}
		}
	}
	slot := map[int]int{} // user → dense index
	var users []int
	each(func(i int) {
		if _, ok := slot[t.User[i]]; !ok {
			slot[t.User[i]] = 0
			users = append(users, t.User[i])
		}
	})
	slices.Sort(users)
	start := make([]int, len(users)+1)
	for k, u := range users {
		slot[u] = k
	}
	each(func(i int) { start[slot[t.User[i]]+1]++ })
	for k := range users {
		start[k+1] += start[k]
	}
	out := make([]I, n)
	each(func(i int) {
		k := slot[t.User[i]]
		out[start[k]] = I(i)
		start[k]++
	})
	return out
}

// jobIDsFollowSubmit reports whether job numbers increase with submit
// time (ties allowed), so that a job range is a time range.
func jobIDsFollowSubmit(t *datasets.Trace) bool {
	for i := 1; i < t.Len(); i++ {
		if t.JobID[i] <= t.JobID[i-1] || t.Submit[i] < t.Submit[i-1] {
			return false
		}
	}
	return true
}

// median returns the median of v (the mean of the middle two for an even
// length; 0 for none). It sorts v.
func median(v []int) float64 {
	if len(v) == 0 {
		return 0
	}
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		return float64(v[n/2])
	}
	return float64(v[n/2-1]+v[n/2]) / 2
}
