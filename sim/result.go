package sim

import (
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
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
		end = make([]float64, n)
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

// Summary holds the usual performance metrics of a simulation.
type Summary struct {
	Jobs               int     // jobs counted (ended)
	AvgWait            float64 // mean of start − submit, s
	AvgResponse        float64 // mean of end − submit, s
	AvgSlowdown        float64 // mean of response / runtime over jobs of runtime > 0
	AvgBoundedSlowdown float64 // mean of max(1, response / max(runtime, 10 s))
	Utilization        float64 // Σ runtime·processors / (P · makespan)
	Makespan           float64 // last end − first submit, s
	Throughput         float64 // jobs per week: Jobs / (Makespan / Week)
	MaxQueue           int     // longest queue after a scheduling pass (all jobs)
	SlowdownExcluded   int     // jobs of runtime 0 left out of AvgSlowdown
	Unfinished         int     // jobs not ended, left out of everything
	Procs              int     // machine size
	Work               float64 // Σ runtime·processors, processor-seconds
}

// Summary returns the metrics over every job that ended.
func (r *Result) Summary() Summary { return r.SummaryOf(nil) }

// SummaryOf returns the metrics over the jobs j for which keep(j) is true
// (nil keeps all), e.g. to leave out rare-behaviour jobs. Jobs that had not
// ended are left out and counted in Unfinished; jobs of runtime 0 are left
// out of AvgSlowdown only (their slowdown is undefined) and counted in
// SlowdownExcluded. Averages over no job are NaN.
func (r *Result) SummaryOf(keep func(j int) bool) Summary {
	s := Summary{MaxQueue: r.MaxQueue, Procs: r.Procs}
	var sw, sr, ss, sb float64
	ns := 0
	first, last := math.Inf(1), math.Inf(-1)
	for j := range r.ID {
		if keep != nil && !keep(j) {
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
	nan := math.NaN()
	s.AvgWait, s.AvgResponse, s.AvgSlowdown, s.AvgBoundedSlowdown = nan, nan, nan, nan
	s.Utilization, s.Makespan, s.Throughput = nan, nan, nan
	if s.Jobs == 0 {
		return s
	}
	n := float64(s.Jobs)
	s.AvgWait, s.AvgResponse, s.AvgBoundedSlowdown = sw/n, sr/n, sb/n
	if ns > 0 {
		s.AvgSlowdown = ss / float64(ns)
	}
	s.Makespan = last - first
	if s.Makespan > 0 {
		s.Utilization = s.Work / (float64(r.Procs) * s.Makespan)
		s.Throughput = n / (s.Makespan / datasets.Week)
	}
	return s
}

// SummaryColumns are the column names of a summary frame, in order.
var SummaryColumns = []string{"jobs", "avg_wait", "avg_response", "avg_slowdown", "avg_bounded_slowdown",
	"utilization", "makespan", "throughput", "max_queue"}

// Frame returns the summary as a one-row frame with the SummaryColumns.
func (s Summary) Frame() dataframe.DataFrame { return SummaryFrame(nil, []Summary{s}) }

// SummaryFrame returns one row per summary with the SummaryColumns, after
// a first column "name" when names is not nil (one name per summary).
func SummaryFrame(names []string, sums []Summary) dataframe.DataFrame {
	if names != nil && len(names) != len(sums) {
		panic("sim: SummaryFrame: names and summaries differ in length")
	}
	n := len(sums)
	jobs, mq := make([]int, n), make([]int, n)
	cols := make([][]float64, 7)
	for k := range cols {
		cols[k] = make([]float64, n)
	}
	for i, s := range sums {
		jobs[i], mq[i] = s.Jobs, s.MaxQueue
		for k, v := range []float64{s.AvgWait, s.AvgResponse, s.AvgSlowdown, s.AvgBoundedSlowdown,
			s.Utilization, s.Makespan, s.Throughput} {
			cols[k][i] = v
		}
	}
	var ss []series.Series
	if names != nil {
		ss = append(ss, series.New(names, series.String, "name"))
	}
	ss = append(ss, series.New(jobs, series.Int, "jobs"))
	for k, c := range cols {
		ss = append(ss, series.New(c, series.Float, SummaryColumns[k+1]))
	}
	ss = append(ss, series.New(mq, series.Int, "max_queue"))
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
