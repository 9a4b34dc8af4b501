package sim

import (
	"fmt"
	"maps"
	"math"
	"math/bits"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
	"gonum.org/v1/gonum/stat"
)

// Tau is the runtime threshold of the bounded slowdown, seconds
// (Feitelson et al. 1997 §5.2: 10 s).
const Tau = 10.0

// Timeline is a sampled history of the machine: at each sample time, the
// queue length (jobs arrived and not started), the processors in use and
// the outstanding jobs (arrived and not ended). A sample shows the state
// after every event at or before its time.
type Timeline struct {
	Time        []float64
	Queue       []int
	Busy        []int
	Outstanding []int
}

func (t *Timeline) add(at float64, q, busy, out int) {
	if n := len(t.Time); n > 0 && t.Time[n-1] == at {
		t.Queue[n-1], t.Busy[n-1], t.Outstanding[n-1] = q, busy, out
		return
	}
	t.Time = append(t.Time, at)
	t.Queue = append(t.Queue, q)
	t.Busy = append(t.Busy, busy)
	t.Outstanding = append(t.Outstanding, out)
}

// Len returns the number of samples.
func (t Timeline) Len() int { return len(t.Time) }

// Frame returns the timeline as a frame with columns time, queue, busy,
// outstanding.
func (t Timeline) Frame() dataframe.DataFrame {
	return dataframe.New(
		series.New(t.Time, series.Float, "time"),
		series.New(t.Queue, series.Int, "queue"),
		series.New(t.Busy, series.Int, "busy"),
		series.New(t.Outstanding, series.Int, "outstanding"),
	)
}

// Result is the outcome of a simulation: one entry per submitted job (in
// the engine's job order), the timelines and the counters. Jobs that had
// not ended when the simulation stopped (RunUntil) have NaN end times (and
// NaN start times if they had not started).
type Result struct {
	Procs int // machine size
	// ProcsRule says where Procs came from (set by Replay; Run leaves it
	// SizeUnknown).
	ProcsRule datasets.SizeRule
	Scheduler string // scheduler name, when known

	ID       []int
	User     []int
	Submit   []float64
	Start    []float64
	End      []float64
	Runtime  []float64
	Estimate []float64
	Width    []int // processors

	// Timeline is sampled after every round when EngineOptions.Timeline is
	// set, else empty.
	Timeline Timeline
	// Weekly is sampled at every week boundary (EngineOptions.WeekOrigin +
	// k·Week) from the first event to the last, at most MaxWeeklySamples
	// times; WeeklyTruncated says samples were left out beyond that.
	Weekly          Timeline
	WeeklyTruncated bool

	MaxQueue int // longest queue after a scheduling pass
	Rounds   int // rounds simulated (distinct event times, plus repeats for zero runtimes)

	// Prep says what Prepare did, for a Replay.
	Prep PrepReport
}

// Result returns the outcome of the simulation so far. The result shares
// memory with the engine: submitting more jobs or running on invalidates it.
func (e *Engine) Result() *Result {
	n := len(e.id)
	end := e.end[:n:n]
	if e.nDone < n {
		e.endOut = slices.Grow(e.endOut[:0], n)[:n]
		end = e.endOut
		for j := range end {
			end[j] = e.EndTime(j)
		}
	}
	return &Result{Procs: e.procs, ID: e.id, User: e.user, Submit: e.submit, Start: e.start, End: end,
		Runtime: e.runtime, Estimate: e.estimate, Width: e.width, Timeline: e.tl, Weekly: e.weekly,
		WeeklyTruncated: e.weeklyTruncated, MaxQueue: e.maxQueue, Rounds: e.rounds}
}

// Len returns the number of jobs.
func (r *Result) Len() int { return len(r.ID) }

// Wait returns job j's wait: start − submit.
func (r *Result) Wait(j int) float64 { return r.Start[j] - r.Submit[j] }

// Response returns job j's response time: end − submit.
func (r *Result) Response(j int) float64 { return r.End[j] - r.Submit[j] }

// Slowdown returns job j's slowdown, response / runtime; NaN for a job of
// runtime 0 (the ratio is undefined).
func (r *Result) Slowdown(j int) float64 {
	if r.Runtime[j] == 0 {
		return math.NaN()
	}
	return r.Response(j) / r.Runtime[j]
}

// BoundedSlowdown returns job j's bounded slowdown,
//
//	max(1, response / max(runtime, τ)),  τ = 10 s
//
// (Feitelson et al. 1997 §5.2), defined for every job.
func (r *Result) BoundedSlowdown(j int) float64 {
	return max(1, r.Response(j)/max(r.Runtime[j], Tau))
}

// Summary holds the usual performance metrics of a simulation: means,
// the tails of the distributions, and the fairness among users. Times
// are in seconds (the frames' convention).
type Summary struct {
	Jobs               int     // jobs counted (ended)
	AvgWait            float64 // mean of start − submit, s
	AvgResponse        float64 // mean of end − submit, s
	AvgSlowdown        float64 // mean of response / runtime over jobs of runtime > 0
	AvgBoundedSlowdown float64 // mean of max(1, response / max(runtime, 10 s))
	Utilization        float64 // Σ runtime·processors / (P · makespan), a fraction; NaN when the makespan is 0
	Makespan           float64 // last end − first submit, s
	// Throughput is the jobs counted per week of the makespan: Jobs /
	// (Makespan / Week), jobs per week. (A feedback simulation also
	// measures a throughput over a fixed window, feedback.Window: the two
	// differ by the time the last jobs take to drain.) NaN when the
	// makespan is 0 (every counted job of runtime 0, submitted at once).
	Throughput       float64
	MaxQueue         int // longest queue after a scheduling pass (all jobs)
	SlowdownExcluded int // jobs of runtime 0 left out of AvgSlowdown
	Unfinished       int // jobs not ended, left out of everything
	Procs            int // machine size
	// Work is Σ runtime·processors, processor-seconds.
	Work float64

	// Wait, Response and BoundedSlowdown are the tails of the counted
	// jobs' waits (s), response times (s) and bounded slowdowns. NaN in a
	// summary made by MeansOf.
	Wait, Response, BoundedSlowdown Tail
	// Users is the number of users (id ≥ 0) with counted jobs.
	// UserBSLDCV and UserBSLDJain measure how evenly the scheduler
	// treats them, over x_u, user u's mean bounded slowdown:
	//
	//	UserBSLDCV   = sd(x) / mean(x)        (population sd; 0 when all are equal)
	//	UserBSLDJain = (Σ x_u)² / (n Σ x_u²)  (Jain's index: 1 when all are equal, 1/n at worst)
	//
	// Jain, Chiu and Hawe, "A quantitative measure of fairness and
	// discrimination for resource allocation in shared computer systems",
	// DEC-TR-301, 1984, §3; the two are tied by Jain = 1 / (1 + CV²). A
	// per-user measure follows Klusáček and Rudová, "Performance and
	// fairness for users in parallel job scheduling" (JSSPP 2012, LNCS
	// 7698), who judge fairness among users rather than among jobs. NaN
	// without users, or in a summary made by MeansOf.
	Users                    int
	UserBSLDCV, UserBSLDJain float64
}

// Tail is the upper part of a distribution: its median, 90th and 99th
// percentiles and maximum. A percentile p is the empirical quantile, the
// smallest value with at least a fraction p of the values at or below it
// (Hyndman and Fan 1996 type 1; numpy's method="inverted_cdf"): a value
// some job had.
type Tail struct {
	P50, P90, P99, Max float64
}

// tailOf returns the tail of x, reordering x; NaNs for an empty x. Each
// quantile is the element of rank ⌈p·n⌉ of x sorted by slices.Sort, the
// maximum its last element. When x holds no NaN and not both zeros, equal
// elements are the same bits, so every element of a given rank is the same
// value whatever the order of ties: tailOf then selects the three ranks
// (selectRank, O(n)) instead of sorting. Otherwise it sorts.
func tailOf(x []float64) Tail {
	n := len(x)
	if n == 0 {
		nan := math.NaN()
		return Tail{nan, nan, nan, nan}
	}
	rank := func(p float64) int { return max(int(math.Ceil(p*float64(n)))-1, 0) }
	k50, k90, k99 := rank(0.5), rank(0.9), rank(0.99)
	if !uniqueBits(x) {
		slices.Sort(x)
		return Tail{x[k50], x[k90], x[k99], x[n-1]}
	}
	// Each selection leaves the smaller elements before its rank, so the
	// next, lower rank is selected among them (and the element of the
	// higher rank stays where it is).
	selectRank(x, k99)
	if k90 < k99 {
		selectRank(x[:k99], k90)
	}
	if k50 < k90 {
		selectRank(x[:k90], k50)
	}
	top := x[k99]
	for _, v := range x[k99+1:] {
		if v > top {
			top = v
		}
	}
	return Tail{x[k50], x[k90], x[k99], top}
}

// uniqueBits reports whether x holds no NaN and not both +0 and −0: then
// two elements that compare equal have the same bits.
func uniqueBits(x []float64) bool {
	var neg, pos bool
	for _, v := range x {
		switch {
		case v != v:
			return false
		case v == 0 && math.Signbit(v):
			neg = true
		case v == 0:
			pos = true
		}
	}
	return !(neg && pos)
}

// selectRank reorders x so that x[k] is the element of rank k (from 0) of
// x in increasing order, with x[:k] ≤ x[k] ≤ x[k+1:], for x without NaN.
// It partitions three ways around a median of three (many equal elements,
// such as waits of 0, end a round at once) and sorts what is left when the
// window is small or the rounds exceed twice log2(n) + 8 (a bad pivot
// sequence).
func selectRank(x []float64, k int) {
	lo, hi := 0, len(x)
	for rounds := 2*bits.Len(uint(len(x))) + 8; hi-lo > 16; rounds-- {
		if rounds == 0 {
			slices.Sort(x[lo:hi])
			return
		}
		a, b, c := x[lo], x[lo+(hi-lo)/2], x[hi-1]
		if a > b {
			a, b = b, a
		}
		if b > c {
			b = c
			if a > b {
				b = a
			}
		}
		p := b
		lt, i, gt := lo, lo, hi
		for i < gt {
			switch v := x[i]; {
			case v < p:
				x[lt], x[i] = v, x[lt]
				lt++
				i++
			case v > p:
				gt--
				x[gt], x[i] = v, x[gt]
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt
		case k >= gt:
			lo = gt
		default:
			return // x[lt:gt] are all p
		}
	}
	slices.Sort(x[lo:hi])
}

// Summary returns the metrics over every job that ended.
func (r *Result) Summary() Summary { return r.SummaryOf(nil) }

// SummaryOf returns the metrics over the jobs j for which keep(j) is true
// (nil keeps all), e.g. to leave out rare-behaviour jobs. Jobs that had not
// ended are left out and counted in Unfinished; jobs of runtime 0 are left
// out of AvgSlowdown only (their slowdown is undefined) and counted in
// SlowdownExcluded. Averages over no job are NaN. The tails sort the jobs'
// measures (O(n log n)): a sweep that needs only the means calls MeansOf.
func (r *Result) SummaryOf(keep func(j int) bool) Summary {
	s := r.MeansOf(keep)
	wait := make([]float64, 0, s.Jobs)
	resp := make([]float64, 0, s.Jobs)
	bsld := make([]float64, 0, s.Jobs)
	type acc struct {
		sum float64
		n   int
	}
	users := map[int]acc{}
	for j := range r.ID {
		if (keep != nil && !keep(j)) || math.IsNaN(r.End[j]) {
			continue
		}
		b := r.BoundedSlowdown(j)
		wait = append(wait, r.Wait(j))
		resp = append(resp, r.Response(j))
		bsld = append(bsld, b)
		if u := r.User[j]; u >= 0 {
			a := users[u]
			a.sum += b
			a.n++
			users[u] = a
		}
	}
	s.Wait, s.Response, s.BoundedSlowdown = tailOf(wait), tailOf(resp), tailOf(bsld)
	s.Users = len(users)
	if len(users) > 0 {
		ids := slices.Sorted(maps.Keys(users)) // a fixed order: sums do not depend on the map's
		x := make([]float64, len(ids))
		for i, u := range ids {
			x[i] = users[u].sum / float64(users[u].n)
		}
		m, sd := stat.PopMeanStdDev(x, nil)
		s.UserBSLDCV = sd / m
		sum, sq := 0.0, 0.0
		for _, v := range x {
			sum += v
			sq += v * v
		}
		s.UserBSLDJain = sum * sum / (float64(len(x)) * sq)
	}
	return s
}

// MeansOf returns the summary of SummaryOf without the tails and the
// fairness among users (NaN; Users 0), in one pass over the jobs and
// without allocating: for sweeps that report only means.
func (r *Result) MeansOf(keep func(j int) bool) Summary {
	return r.means(keep, nil, 0, 0, false)
}

// MeansWithin returns MeansOf over the jobs j submitted within [lo, hi]
// (seconds) and not skip[j] (nil skips none), without a call per job.
// MeansWithin panics if skip is not nil and shorter than the jobs.
func (r *Result) MeansWithin(lo, hi float64, skip []bool) Summary {
	if skip != nil && len(skip) < len(r.ID) {
		panic(fmt.Sprintf("sim: MeansWithin: %d skip flags for %d jobs", len(skip), len(r.ID)))
	}
	n := len(r.ID)
	if len(r.Submit) < n || len(r.Start) < n || len(r.End) < n || len(r.Runtime) < n || len(r.Width) < n {
		return r.means(nil, skip, lo, hi, true) // indexes the columns of counted jobs only, as before
	}
	return r.meansWithin(skip, lo, hi)
}

// meansWithin is means(nil, skip, lo, hi, true) for a result whose columns
// hold every job, with the same value in every field, bit for bit: the sums
// are taken in the same order and of the same terms. It reads the columns
// through local slices of the jobs' length (no bounds checks, no reloads),
// keeps the counts in registers, and divides once for a job of runtime ≥ Tau,
// whose bounded slowdown max(1, response/max(runtime, Tau)) is then
// max(1, response/runtime), the term of its slowdown.
func (r *Result) meansWithin(skip []bool, lo, hi float64) Summary {
	nan := math.NaN()
	nanTail := Tail{nan, nan, nan, nan}
	s := Summary{MaxQueue: r.MaxQueue, Procs: r.Procs, Wait: nanTail, Response: nanTail, BoundedSlowdown: nanTail,
		UserBSLDCV: nan, UserBSLDJain: nan}
	n := len(r.ID)
	submit, start, end, runtime, width := r.Submit[:n], r.Start[:n], r.End[:n], r.Runtime[:n], r.Width[:n]
	var sw, sr, ss, sb, work float64
	jobs, ns, unfinished, excluded := 0, 0, 0, 0
	first, last := math.Inf(1), math.Inf(-1)
	for j := range n {
		if skip != nil && skip[j] {
			continue
		}
		sub := submit[j]
		if !(sub >= lo && sub <= hi) {
			continue
		}
		e := end[j]
		if math.IsNaN(e) {
			unfinished++
			continue
		}
		jobs++
		resp := e - sub
		sw += start[j] - sub
		sr += resp
		rt := runtime[j]
		switch {
		case rt >= Tau: // max(rt, Tau) is rt
			q := resp / rt
			ss += q
			ns++
			sb += max(1, q)
		case rt > 0: // max(rt, Tau) is Tau
			ss += resp / rt
			ns++
			sb += max(1, resp/Tau)
		default:
			excluded++
			sb += max(1, resp/max(rt, Tau))
		}
		work += rt * float64(width[j])
		first = min(first, sub)
		last = max(last, e)
	}
	s.Jobs, s.Unfinished, s.SlowdownExcluded, s.Work = jobs, unfinished, excluded, work
	s.finishMeans(sw, sr, ss, sb, ns, first, last)
	return s
}

// means is MeansOf over the jobs that keep keeps (nil: all), that skip
// does not skip (nil: none) and, with window, submitted within [lo, hi].
func (r *Result) means(keep func(j int) bool, skip []bool, lo, hi float64, window bool) Summary {
	nan := math.NaN()
	nanTail := Tail{nan, nan, nan, nan}
	s := Summary{MaxQueue: r.MaxQueue, Procs: r.Procs, Wait: nanTail, Response: nanTail, BoundedSlowdown: nanTail,
		UserBSLDCV: nan, UserBSLDJain: nan}
	var sw, sr, ss, sb float64
	ns := 0
	first, last := math.Inf(1), math.Inf(-1)
	for j := range r.ID {
		if keep != nil && !keep(j) {
			continue
		}
		if skip != nil && skip[j] {
			continue
		}
		if window && !(r.Submit[j] >= lo && r.Submit[j] <= hi) {
			continue
		}
		if math.IsNaN(r.End[j]) {
			s.Unfinished++
			continue
		}
		s.Jobs++
		resp := r.End[j] - r.Submit[j]
		sw += r.Start[j] - r.Submit[j]
		sr += resp
		if rt := r.Runtime[j]; rt > 0 {
			ss += resp / rt
			ns++
		} else {
			s.SlowdownExcluded++
		}
		sb += max(1, resp/max(r.Runtime[j], Tau))
		s.Work += r.Runtime[j] * float64(r.Width[j])
		first = min(first, r.Submit[j])
		last = max(last, r.End[j])
	}
	s.finishMeans(sw, sr, ss, sb, ns, first, last)
	return s
}

// finishMeans sets s's means, makespan, utilization and throughput from the
// sums over its s.Jobs counted jobs of their wait (sw), response (sr),
// slowdown (ss, over the ns jobs of runtime > 0) and bounded slowdown (sb),
// their first submit and last end; s.Work and s.Procs are set. NaN where a
// mean is over no job or the makespan is 0.
func (s *Summary) finishMeans(sw, sr, ss, sb float64, ns int, first, last float64) {
	nan := math.NaN()
	s.AvgWait, s.AvgResponse, s.AvgSlowdown, s.AvgBoundedSlowdown = nan, nan, nan, nan
	s.Utilization, s.Makespan, s.Throughput = nan, nan, nan
	if s.Jobs == 0 {
		return
	}
	n := float64(s.Jobs)
	s.AvgWait, s.AvgResponse, s.AvgBoundedSlowdown = sw/n, sr/n, sb/n
	if ns > 0 {
		s.AvgSlowdown = ss / float64(ns)
	}
	s.Makespan = last - first
	if s.Makespan > 0 {
		s.Utilization = s.Work / (float64(s.Procs) * s.Makespan)
		s.Throughput = n / (s.Makespan / datasets.Week)
	}
}

// SummaryColumns are the column names of a summary frame, in order:
// times in seconds, utilization a fraction, throughput_makespan_per_week
// in jobs per week of the makespan (Summary.Throughput), then the tails
// (p50, p90, p99, max) of wait, response and bounded slowdown, and the
// fairness among users.
var SummaryColumns = []string{"jobs", "avg_wait", "avg_response", "avg_slowdown", "avg_bounded_slowdown",
	"utilization", "makespan", "throughput_makespan_per_week", "max_queue",
	"wait_p50", "wait_p90", "wait_p99", "wait_max",
	"response_p50", "response_p90", "response_p99", "response_max",
	"bounded_slowdown_p50", "bounded_slowdown_p90", "bounded_slowdown_p99", "bounded_slowdown_max",
	"users", "user_bsld_cv", "user_bsld_jain"}

// Row returns the summary's values in the order of SummaryColumns (int or
// float64).
func (s Summary) Row() []any {
	row := []any{s.Jobs, s.AvgWait, s.AvgResponse, s.AvgSlowdown, s.AvgBoundedSlowdown,
		s.Utilization, s.Makespan, s.Throughput, s.MaxQueue}
	for _, t := range []Tail{s.Wait, s.Response, s.BoundedSlowdown} {
		row = append(row, t.P50, t.P90, t.P99, t.Max)
	}
	return append(row, s.Users, s.UserBSLDCV, s.UserBSLDJain)
}

// Frame returns the summary as a one-row frame with the SummaryColumns.
func (s Summary) Frame() dataframe.DataFrame { return SummaryFrame(nil, []Summary{s}) }

// SummaryFrame returns one row per summary with the SummaryColumns, after
// a first column "name" when names is not nil (one name per summary).
func SummaryFrame(names []string, sums []Summary) dataframe.DataFrame {
	if names != nil && len(names) != len(sums) {
		panic("sim: SummaryFrame: names and summaries differ in length")
	}
	rows := make([][]any, len(sums))
	for i, s := range sums {
		rows[i] = s.Row()
	}
	var ss []series.Series
	if names != nil {
		ss = append(ss, series.New(names, series.String, "name"))
	}
	for c, name := range SummaryColumns {
		if _, isInt := (Summary{}).Row()[c].(int); isInt {
			col := make([]int, len(rows))
			for i, r := range rows {
				col[i] = r[c].(int)
			}
			ss = append(ss, series.New(col, series.Int, name))
			continue
		}
		col := make([]float64, len(rows))
		for i, r := range rows {
			col[i] = r[c].(float64)
		}
		ss = append(ss, series.New(col, series.Float, name))
	}
	return dataframe.New(ss...)
}

// JobsFrame returns one row per job with columns job_id, user, submit,
// start, end, wait, response, runtime, estimate, procs, slowdown,
// bounded_slowdown (seconds; NaN where unknown, e.g. slowdown of a job of
// runtime 0).
func (r *Result) JobsFrame() dataframe.DataFrame {
	n := r.Len()
	wait, resp, sd, bsd := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for j := range n {
		wait[j] = r.Wait(j)
		resp[j] = r.Response(j)
		sd[j] = r.Slowdown(j)
		bsd[j] = r.BoundedSlowdown(j)
	}
	return dataframe.New(
		series.New(r.ID, series.Int, "job_id"),
		series.New(r.User, series.Int, "user"),
		series.New(r.Submit, series.Float, "submit"),
		series.New(r.Start, series.Float, "start"),
		series.New(r.End, series.Float, "end"),
		series.New(wait, series.Float, "wait"),
		series.New(resp, series.Float, "response"),
		series.New(r.Runtime, series.Float, "runtime"),
		series.New(r.Estimate, series.Float, "estimate"),
		series.New(r.Width, series.Int, "procs"),
		series.New(sd, series.Float, "slowdown"),
		series.New(bsd, series.Float, "bounded_slowdown"),
	)
}
