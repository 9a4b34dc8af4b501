package feedback

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// WorkloadOptions controls NewWorkload. The zero value uses package sim's
// conventions for turning a log into jobs (sim.Options: the header's
// machine size, allocated processors, estimates raised to the runtime, …)
// and the paper's session and batch definitions (session.Options: a
// one-hour session gap, Definition 12 dependencies).
type WorkloadOptions struct {
	Sim     sim.Options
	Session session.Options
}

// Workload is a log prepared for feedback simulation (2014 §VI): its jobs
// as the simulator sees them and the session, batch, follows and
// depends-on structure of those jobs.
//
// The structure is computed from the jobs as simulated, not from the raw
// log: jobs that sim.Prepare leaves out (unknown runtime, too wide, …) are
// not part of any batch, runtimes are those Prepare gives (cut to the
// estimate under sim.KillAtEstimate), and a job whose logged wait is
// unknown or negative is taken to have waited 0 s — the start the LogReplay
// scheduler gives it. A job's end is therefore the end the LogReplay
// scheduler reproduces, which is what makes the adjusted model replay the
// log exactly (2014 §VII).
type Workload struct {
	// Name is the log's name.
	Name string
	// Procs is the machine size (WorkloadOptions.Sim.Machine) and
	// ProcsRule the rule that gave it.
	Procs     int
	ProcsRule datasets.SizeRule
	// Jobs are the simulated jobs, sorted by submit time (sim.Prepare);
	// job k is row k of Trace and of the Structure.
	Jobs []sim.Job
	// Rows[k] is the row of the input trace job k came from.
	Rows []int
	// Prep says what sim.Prepare did.
	Prep sim.PrepReport
	// Trace holds the input rows of the jobs, in job order, with Runtime
	// and Wait as described above (other fields as in the input). Its
	// header gives the wall clock.
	Trace *datasets.Trace
	// Structure is session.Analyze of Trace.
	Structure session.Structure

	// Per batch: the latest original end among the batches it depends on
	// (NaN if none), the offset of each job from the batch's first arrival
	// (indexed like Structure.Order), and the batches depending on it
	// (compressed rows).
	depEnd     []float64
	offset     []float64
	dependents session.Deps

	loc       *time.Location
	unixStart int64

	delays     *delayPools
	delaysOnce sync.Once
}

// NewWorkload prepares trace t for feedback simulation: sim.Prepare under
// opts.Sim, then session.Analyze of the kept jobs under opts.Session. It
// returns their errors, and an error for a trace with no job left.
func NewWorkload(t *datasets.Trace, opts WorkloadOptions) (*Workload, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	m := opts.Sim.Machine(t)
	if m.Rule == datasets.SizeUnknown {
		return nil, fmt.Errorf("feedback: log %q: %w", t.Name, datasets.ErrNoMachineSize)
	}
	procs := m.Procs
	// Prepare a shallow copy whose job numbers are the row numbers, to
	// know which rows Prepare kept.
	rowIDs := *t
	rowIDs.JobID = make([]int, t.Len())
	for i := range rowIDs.JobID {
		rowIDs.JobID[i] = i
	}
	jobs, rep, err := sim.Prepare(&rowIDs, procs, opts.Sim)
	if err != nil {
		return nil, err
	}
	if len(jobs) == 0 {
		return nil, fmt.Errorf("feedback: %w", rep.NoJobs(t.Name))
	}
	w := &Workload{Name: t.Name, Procs: procs, ProcsRule: m.Rule, Jobs: jobs, Rows: make([]int, len(jobs)), Prep: rep}
	for k := range jobs {
		r := jobs[k].ID
		w.Rows[k] = r
		jobs[k].ID = t.JobID[r]
	}
	w.Trace = t.Select(w.Rows)
	for k := range jobs {
		w.Trace.Runtime[k] = jobs[k].Runtime
		if wt := jobs[k].Wait; !(wt >= 0) {
			w.Trace.Wait[k] = 0
		}
	}
	st, err := session.Analyze(w.Trace, opts.Session)
	if err != nil {
		return nil, err
	}
	w.Structure = st
	w.loc = w.Trace.Location()
	w.unixStart = w.Trace.Header.UnixStartTime
	w.derive()
	return w, nil
}

// derive fills the per-batch helpers used by the simulation.
func (w *Workload) derive() {
	st := &w.Structure
	bs := &st.Batches
	nb := bs.Len()
	w.depEnd = make([]float64, nb)
	count := make([]int, nb+1)
	for b := range nb {
		e := math.NaN()
		for _, o := range st.Deps.Of(b) {
			if math.IsNaN(e) || bs.End[o] > e {
				e = bs.End[o]
			}
			count[o+1]++
		}
		w.depEnd[b] = e
	}
	for b := range nb {
		count[b+1] += count[b]
	}
	d := session.Deps{Start: slices.Clone(count), On: make([]int, len(st.Deps.On))}
	fill := slices.Clone(count)
	for b := range nb {
		for _, o := range st.Deps.Of(b) {
			d.On[fill[o]] = b
			fill[o]++
		}
	}
	w.dependents = d
	w.offset = make([]float64, len(st.Order))
	for b := range nb {
		f := bs.FirstJob[b]
		a0 := bs.FirstArrival[b]
		for p := f; p < f+bs.Jobs[b]; p++ {
			w.offset[p] = w.Jobs[st.Order[p]].Submit - a0
		}
	}
}

// Len returns the number of jobs.
func (w *Workload) Len() int { return len(w.Jobs) }

// NumUsers returns the number of users.
func (w *Workload) NumUsers() int { return len(w.Structure.Users.ID) }

// Dependents returns the batches that depend on batch b (the reverse of
// the depends-on relation), in increasing order.
func (w *Workload) Dependents(b int) []int { return w.dependents.Of(b) }

// OriginalRelease returns the time batch b became available in the log:
// the latest end of the batches it depends on (the start of its think
// time) when reason is Dependency, the last arrival of the batch it
// follows (the start of its inter-arrival time) when reason is Follows,
// and its own arrival for a user's first batch. It is NaN when batch b
// has no such predecessor.
func (w *Workload) OriginalRelease(b int, reason Reason) float64 {
	bs := &w.Structure.Batches
	switch reason {
	case Dependency:
		return w.depEnd[b]
	case Follows:
		if bs.Seq[b] == 0 {
			return math.NaN()
		}
		return bs.LastArrival[b-1]
	}
	return bs.FirstArrival[b]
}

// wallTime converts trace seconds to the log's wall clock.
func (w *Workload) wallTime(sec float64) time.Time {
	s := math.Floor(sec)
	return time.Unix(w.unixStart+int64(s), int64((sec-s)*1e9)).In(w.loc)
}

// traceTime converts a wall-clock time to trace seconds.
func (w *Workload) traceTime(t time.Time) float64 {
	return float64(t.Unix()-w.unixStart) + float64(t.Nanosecond())/1e9
}

// LoggedPeak returns the largest number of processors the logged schedule
// (each job from submit + wait to that plus its runtime, an unknown wait
// counting as 0) holds at any instant, ends before starts at the same
// time, as the engine orders events. A machine of at least this size lets
// the LogReplay scheduler start every job at its logged start time; the
// archive's logs sometimes exceed their header's machine size by a few
// processors at a few instants.
func LoggedPeak(jobs []sim.Job) int {
	// kind orders events at one time: ends of jobs that started earlier,
	// then starts, then ends of jobs of runtime 0 (the engine ends those
	// in a further round at the same time, after the scheduling pass).
	type ev struct {
		t    float64
		kind int8
		d    int
	}
	evs := make([]ev, 0, 2*len(jobs))
	for _, j := range jobs {
		wt := j.Wait
		if !(wt >= 0) {
			wt = 0
		}
		s := j.Submit + wt
		end := ev{s + j.Runtime, 0, -j.Procs}
		if j.Runtime == 0 {
			end.kind = 2
		}
		evs = append(evs, ev{s, 1, j.Procs}, end)
	}
	sort.Slice(evs, func(a, b int) bool {
		if evs[a].t != evs[b].t {
			return evs[a].t < evs[b].t
		}
		return evs[a].kind < evs[b].kind
	})
	use, peak := 0, 0
	for _, e := range evs {
		use += e.d
		peak = max(peak, use)
	}
	return peak
}

// LoggedPeak returns LoggedPeak of the workload's jobs.
func (w *Workload) LoggedPeak() int { return LoggedPeak(w.Jobs) }

// weekStart returns the trace time of the local Monday 00:00 that begins
// the week containing trace time sec.
func (w *Workload) weekStart(sec float64) float64 {
	wt := w.wallTime(sec)
	y, m, d := wt.Date()
	return w.traceTime(time.Date(y, m, d-(int(wt.Weekday())+6)%7, 0, 0, 0, 0, w.loc))
}
