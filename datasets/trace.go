package datasets

import (
	"fmt"
	"math"
	"slices"
	"sort"
)

// Trace is a workload log held as typed columns (a struct of slices): row i
// of every column is job i. Rows keep the order of the log (SWF orders jobs
// by submit time; see SortBySubmit).
//
// Units and unknowns follow the SWF definition
// (https://www.cs.huji.ac.il/labs/parallel/workload/swf.html): times are in
// seconds, memory in kilobytes per processor. SWF writes −1 for "unknown":
// in a Trace a measure (a float64 column) that is unknown is NaN, and an
// identifier or count (an int column) that is unknown stays −1, so no
// statistic can silently average a −1. Identifiers and counts below −1 are
// kept as written (the reader warns about them, see the package
// documentation); analyses treat a count below 1 as no processors. A value
// the reader cannot hold in its column (text such as "0x10", NaN, a
// fraction in an int column, an integer of 2^53 or more) is unknown, and
// ReadReport.Unreadable keeps it as written (WarnUnreadable): the int
// columns of a trace read from a file hold integers below 2^53 in
// magnitude, exact in a frame's float64.
type Trace struct {
	// Name identifies the log (a catalog name or a file's base name).
	Name string
	// Header holds the log's header directives.
	Header Header
	// Report says what the reader did: lines read, rows skipped, warnings.
	// It is nil for a trace that was not read from SWF.
	Report *ReadReport

	JobID     []int     // field 1: job number
	Submit    []float64 // field 2: submit time, seconds since the log's start (UnixStartTime)
	Wait      []float64 // field 3: wait time, s (NaN unknown)
	Runtime   []float64 // field 4: run time, s (NaN unknown)
	Procs     []int     // field 5: allocated processors (−1 unknown)
	CPUTime   []float64 // field 6: average CPU time used per processor, s (NaN unknown)
	Mem       []float64 // field 7: used memory per processor, KB (NaN unknown)
	ReqProcs  []int     // field 8: requested processors (−1 unknown)
	ReqTime   []float64 // field 9: requested (estimated) run time, s (NaN unknown)
	ReqMem    []float64 // field 10: requested memory per processor, KB (NaN unknown)
	Status    []int     // field 11: 1 completed, 0 failed, 5 cancelled, 2–4 partial records, −1 unknown; other codes kept as written (WarnStatusCode)
	User      []int     // field 12: user id (−1 unknown)
	Group     []int     // field 13: group id (−1 unknown)
	App       []int     // field 14: executable (application) number (−1 unknown)
	Queue     []int     // field 15: queue number (−1 unknown)
	Partition []int     // field 16: partition number (−1 unknown)
	PrevJob   []int     // field 17: preceding job number (−1 none)
	ThinkTime []float64 // field 18: think time from the preceding job, s (NaN unknown)
}

// Status codes of SWF field 11.
const (
	StatusFailed    = 0
	StatusCompleted = 1
	StatusCancelled = 5
)

// IsStandardStatus reports whether s is one of SWF's status codes (field
// 11): −1 unknown, 0 failed, 1 completed, 2–4 partial records, 5
// cancelled. The reader keeps other codes (exit codes, say) as written and
// warns (WarnStatusCode).
func IsStandardStatus(s int) bool { return s >= -1 && s <= StatusCancelled }

// IsPartialRecord reports whether s is the status of a partial-execution
// record (SWF field 11: 2 a part to be continued, 3 the last part,
// completed, 4 the last part, failed): a checkpointed or swapped job has a
// row per part, each under the job's number, besides its summary line.
// Read leaves out the parts of a job that has a summary line unless
// ReadOptions.KeepPartialRecords is set (see "Partial executions" in the
// package documentation).
func IsPartialRecord(s int) bool { return s >= 2 && s <= 4 }

// CPUExceedsRuntime reports whether a job's average CPU time per processor
// (s) exceeds its run time (s) by more than max(60 s, 1%), beyond the
// rounding of the two clocks: inconsistent data (Feitelson, Tsafrir and
// Krakov 2014, §3.2; the reader warns with WarnCPUExceedsRuntime and keeps
// the job). An unknown (NaN) or negative run time exceeds nothing.
func CPUExceedsRuntime(cpu, runtime float64) bool {
	return runtime >= 0 && cpu > runtime+max(60, runtime/100)
}

// NewTrace returns an empty trace with room for n jobs.
func NewTrace(name string, n int) *Trace {
	t := &Trace{Name: name}
	t.grow(n)
	return t
}

func (t *Trace) grow(n int) {
	t.JobID = slices.Grow(t.JobID, n)
	t.Submit = slices.Grow(t.Submit, n)
	t.Wait = slices.Grow(t.Wait, n)
	t.Runtime = slices.Grow(t.Runtime, n)
	t.Procs = slices.Grow(t.Procs, n)
	t.CPUTime = slices.Grow(t.CPUTime, n)
	t.Mem = slices.Grow(t.Mem, n)
	t.ReqProcs = slices.Grow(t.ReqProcs, n)
	t.ReqTime = slices.Grow(t.ReqTime, n)
	t.ReqMem = slices.Grow(t.ReqMem, n)
	t.Status = slices.Grow(t.Status, n)
	t.User = slices.Grow(t.User, n)
	t.Group = slices.Grow(t.Group, n)
	t.App = slices.Grow(t.App, n)
	t.Queue = slices.Grow(t.Queue, n)
	t.Partition = slices.Grow(t.Partition, n)
	t.PrevJob = slices.Grow(t.PrevJob, n)
	t.ThinkTime = slices.Grow(t.ThinkTime, n)
}

// Job is one row of a trace, for code that builds or inspects traces job by
// job. Units and unknowns are those of Trace.
type Job struct {
	JobID     int
	Submit    float64
	Wait      float64
	Runtime   float64
	Procs     int
	CPUTime   float64
	Mem       float64
	ReqProcs  int
	ReqTime   float64
	ReqMem    float64
	Status    int
	User      int
	Group     int
	App       int
	Queue     int
	Partition int
	PrevJob   int
	ThinkTime float64
}

// UnknownJob returns a job whose every field is unknown (NaN or −1).
func UnknownJob() Job {
	n := math.NaN()
	return Job{JobID: -1, Submit: n, Wait: n, Runtime: n, Procs: -1, CPUTime: n, Mem: n,
		ReqProcs: -1, ReqTime: n, ReqMem: n, Status: -1, User: -1, Group: -1, App: -1,
		Queue: -1, Partition: -1, PrevJob: -1, ThinkTime: n}
}

// Append adds a job at the end of the trace.
func (t *Trace) Append(j Job) {
	t.JobID = append(t.JobID, j.JobID)
	t.Submit = append(t.Submit, j.Submit)
	t.Wait = append(t.Wait, j.Wait)
	t.Runtime = append(t.Runtime, j.Runtime)
	t.Procs = append(t.Procs, j.Procs)
	t.CPUTime = append(t.CPUTime, j.CPUTime)
	t.Mem = append(t.Mem, j.Mem)
	t.ReqProcs = append(t.ReqProcs, j.ReqProcs)
	t.ReqTime = append(t.ReqTime, j.ReqTime)
	t.ReqMem = append(t.ReqMem, j.ReqMem)
	t.Status = append(t.Status, j.Status)
	t.User = append(t.User, j.User)
	t.Group = append(t.Group, j.Group)
	t.App = append(t.App, j.App)
	t.Queue = append(t.Queue, j.Queue)
	t.Partition = append(t.Partition, j.Partition)
	t.PrevJob = append(t.PrevJob, j.PrevJob)
	t.ThinkTime = append(t.ThinkTime, j.ThinkTime)
}

// Job returns row i as a Job.
func (t *Trace) Job(i int) Job {
	return Job{JobID: t.JobID[i], Submit: t.Submit[i], Wait: t.Wait[i], Runtime: t.Runtime[i],
		Procs: t.Procs[i], CPUTime: t.CPUTime[i], Mem: t.Mem[i], ReqProcs: t.ReqProcs[i],
		ReqTime: t.ReqTime[i], ReqMem: t.ReqMem[i], Status: t.Status[i], User: t.User[i],
		Group: t.Group[i], App: t.App[i], Queue: t.Queue[i], Partition: t.Partition[i],
		PrevJob: t.PrevJob[i], ThinkTime: t.ThinkTime[i]}
}

// Len returns the number of jobs.
func (t *Trace) Len() int { return len(t.JobID) }

// Validate checks that every column has Len rows; it returns an error naming
// the first column of another length.
func (t *Trace) Validate() error {
	n := len(t.JobID)
	lens := []struct {
		name string
		n    int
	}{
		{"submit", len(t.Submit)}, {"wait", len(t.Wait)}, {"runtime", len(t.Runtime)},
		{"procs", len(t.Procs)}, {"cpu_time", len(t.CPUTime)}, {"mem", len(t.Mem)},
		{"req_procs", len(t.ReqProcs)}, {"req_time", len(t.ReqTime)}, {"req_mem", len(t.ReqMem)},
		{"status", len(t.Status)}, {"user", len(t.User)}, {"group", len(t.Group)},
		{"app", len(t.App)}, {"queue", len(t.Queue)}, {"partition", len(t.Partition)},
		{"prev_job", len(t.PrevJob)}, {"think_time", len(t.ThinkTime)},
	}
	for _, c := range lens {
		if c.n != n {
			return fmt.Errorf("datasets: trace %q: column %s has %d rows, job_id has %d", t.Name, c.name, c.n, n)
		}
	}
	return nil
}

// Start returns the start time of job i (submit + wait), NaN when the wait
// is unknown.
func (t *Trace) Start(i int) float64 { return t.Submit[i] + t.Wait[i] }

// End returns the end time of job i (submit + wait + runtime), NaN when the
// wait or the runtime is unknown.
func (t *Trace) End(i int) float64 { return t.Submit[i] + t.Wait[i] + t.Runtime[i] }

// Select returns a new trace with the rows idx, in that order. Header and
// name are kept; Report is dropped (it described the file, not the subset).
func (t *Trace) Select(idx []int) *Trace {
	s := NewTrace(t.Name, len(idx))
	s.Header = t.Header.Clone()
	s.JobID, s.Submit, s.Wait = gather(s.JobID, t.JobID, idx), gather(s.Submit, t.Submit, idx), gather(s.Wait, t.Wait, idx)
	s.Runtime, s.Procs, s.CPUTime = gather(s.Runtime, t.Runtime, idx), gather(s.Procs, t.Procs, idx), gather(s.CPUTime, t.CPUTime, idx)
	s.Mem, s.ReqProcs, s.ReqTime = gather(s.Mem, t.Mem, idx), gather(s.ReqProcs, t.ReqProcs, idx), gather(s.ReqTime, t.ReqTime, idx)
	s.ReqMem, s.Status, s.User = gather(s.ReqMem, t.ReqMem, idx), gather(s.Status, t.Status, idx), gather(s.User, t.User, idx)
	s.Group, s.App, s.Queue = gather(s.Group, t.Group, idx), gather(s.App, t.App, idx), gather(s.Queue, t.Queue, idx)
	s.Partition, s.PrevJob, s.ThinkTime = gather(s.Partition, t.Partition, idx), gather(s.PrevJob, t.PrevJob, idx), gather(s.ThinkTime, t.ThinkTime, idx)
	return s
}

// gather appends src[i] for each i of idx to dst, column by column as
// Select copies (Append of Job(i) per row gives the same columns, slower).
func gather[T any](dst, src []T, idx []int) []T {
	for _, i := range idx {
		dst = append(dst, src[i])
	}
	return dst
}

// Filter returns a new trace with the jobs for which keep returns true, in
// their order, and the number of jobs it removed.
func (t *Trace) Filter(keep func(i int) bool) (*Trace, int) {
	idx := make([]int, 0, t.Len())
	for i := range t.JobID {
		if keep(i) {
			idx = append(idx, i)
		}
	}
	return t.Select(idx), t.Len() - len(idx)
}

// Clone returns a deep copy of the trace.
func (t *Trace) Clone() *Trace {
	c := &Trace{Name: t.Name, Header: t.Header.Clone(),
		JobID: slices.Clone(t.JobID), Submit: slices.Clone(t.Submit), Wait: slices.Clone(t.Wait),
		Runtime: slices.Clone(t.Runtime), Procs: slices.Clone(t.Procs), CPUTime: slices.Clone(t.CPUTime),
		Mem: slices.Clone(t.Mem), ReqProcs: slices.Clone(t.ReqProcs), ReqTime: slices.Clone(t.ReqTime),
		ReqMem: slices.Clone(t.ReqMem), Status: slices.Clone(t.Status), User: slices.Clone(t.User),
		Group: slices.Clone(t.Group), App: slices.Clone(t.App), Queue: slices.Clone(t.Queue),
		Partition: slices.Clone(t.Partition), PrevJob: slices.Clone(t.PrevJob),
		ThinkTime: slices.Clone(t.ThinkTime)}
	if t.Report != nil {
		r := *t.Report
		r.Warnings = slices.Clone(t.Report.Warnings)
		c.Report = &r
	}
	return c
}

// IsSortedBySubmit reports whether submit times never decrease, unknown
// ones (NaN) first (sort.Float64sAreSorted).
func (t *Trace) IsSortedBySubmit() bool {
	return sort.Float64sAreSorted(t.Submit)
}

// SortBySubmit returns the trace ordered by submit time; ties keep the log's
// order (a stable sort), and unknown submit times (NaN) come first, as in
// IsSortedBySubmit. It returns t itself when it is already sorted.
func (t *Trace) SortBySubmit() *Trace {
	if t.IsSortedBySubmit() {
		return t
	}
	idx := make([]int, t.Len())
	for i := range idx {
		idx[i] = i
	}
	// NaN (an unknown submit, a kept placeholder) first, as
	// sort.Float64sAreSorted has it: < alone orders no NaN.
	sort.SliceStable(idx, func(a, b int) bool {
		x, y := t.Submit[idx[a]], t.Submit[idx[b]]
		return x < y || (math.IsNaN(x) && !math.IsNaN(y))
	})
	s := t.Select(idx)
	s.Report = t.Report
	return s
}

// UserIndex maps each user id to the rows of its jobs, in trace order.
type UserIndex struct {
	// Users lists the user ids in increasing order.
	Users []int
	// Rows[k] lists the rows of Users[k]'s jobs, in trace order.
	Rows [][]int
}

// ByUser returns the per-user index of the trace. Jobs with an unknown user
// (−1) form their own user −1.
func (t *Trace) ByUser() UserIndex {
	pos := make(map[int]int)
	var ix UserIndex
	for _, u := range t.User {
		if _, ok := pos[u]; !ok {
			pos[u] = 0
			ix.Users = append(ix.Users, u)
		}
	}
	sort.Ints(ix.Users)
	for k, u := range ix.Users {
		pos[u] = k
	}
	counts := make([]int, len(ix.Users))
	for _, u := range t.User {
		counts[pos[u]]++
	}
	ix.Rows = make([][]int, len(ix.Users))
	for k, c := range counts {
		ix.Rows[k] = make([]int, 0, c)
	}
	for i, u := range t.User {
		k := pos[u]
		ix.Rows[k] = append(ix.Rows[k], i)
	}
	return ix
}

// NumUsers returns the number of distinct known user ids (−1 not counted).
func (t *Trace) NumUsers() int {
	seen := make(map[int]struct{})
	for _, u := range t.User {
		if u >= 0 {
			seen[u] = struct{}{}
		}
	}
	return len(seen)
}

// MaxProcs returns the machine size: the header's MaxProcs, else MaxNodes,
// else the peak processors in use in the logged schedule (Machine says
// which rule applied).
func (t *Trace) MaxProcs() int { return t.Machine().Procs }

// Span returns the time from the first submit to the last submit, seconds.
// It is 0 for an empty trace.
func (t *Trace) Span() float64 {
	if t.Len() == 0 {
		return 0
	}
	lo, hi := t.Submit[0], t.Submit[0]
	for _, s := range t.Submit {
		lo = min(lo, s)
		hi = max(hi, s)
	}
	return hi - lo
}
