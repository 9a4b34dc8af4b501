package resample

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// MixOptions controls Mix.
type MixOptions struct {
	// Procs is the common machine size (processors); zero means the
	// largest of the logs' machines.
	Procs int
	// Weights are the logs' shares of the users, one per pool, each ≥ 0
	// and not all 0; nil means equal shares. Log i is resampled with
	// Load = Generate.Load × w_i / Σw, so that the mix of equal shares
	// offers about the average of the logs' loads.
	Weights []float64
	// Generate holds the options of every log's resample. Weeks is
	// required (Extend is relative to one log's span); Load is shared out
	// by Weights; log i uses Stream = Generate.Stream + i.
	Generate Options
}

// Mixed is a log resampled from the pools of several logs at once.
type Mixed struct {
	// Trace is the mixed log on a machine of Procs processors, sorted by
	// submit time: seconds from the Monday 00:00 (local time) of each
	// log's first week, so that every job keeps its log's day of the week
	// and local time of day; the header is the first log's, with MaxProcs
	// set to Procs. Users are numbered log after log.
	Trace *datasets.Trace
	Procs int
	// Log and Source give, per job, the index of its log in the pools and
	// its row in that log's Pools.Trace; Kind its pool.
	Log, Source []int
	Kind        []Kind
	// Parts are the logs' resamples, before mixing.
	Parts []*Resampled
	// Start and End bound the mixed window (seconds, as Trace.Submit).
	Start, End float64
}

// Mix resamples from the pools of several logs at once (2013 §6.5.1,
// mixing traces): each log's users are resampled with its share of the
// users (MixOptions.Weights), and each job's size is scaled to the common
// machine: round(procs × Procs / the log's processors), at least 1 and
// at most Procs (likewise the requested processors when known). Runtimes,
// estimates and every user's own sequence of jobs are the log's. It
// returns an error for no pool, a log without a machine size, or bad
// options.
func Mix(pools []*Pools, o MixOptions) (*Mixed, error) {
	if len(pools) == 0 {
		return nil, fmt.Errorf("resample: mix of no log")
	}
	if o.Generate.Weeks <= 0 {
		return nil, fmt.Errorf("resample: a mix needs Generate.Weeks (got %d)", o.Generate.Weeks)
	}
	w := o.Weights
	if w == nil {
		w = make([]float64, len(pools))
		for i := range w {
			w[i] = 1
		}
	}
	if len(w) != len(pools) {
		return nil, fmt.Errorf("resample: %d weights for %d logs", len(w), len(pools))
	}
	total := 0.0
	for _, v := range w {
		if !(v >= 0) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("resample: log weight %v, want finite and ≥ 0", v)
		}
		total += v
	}
	if total == 0 {
		return nil, fmt.Errorf("resample: every log weight is 0")
	}
	src := make([]int, len(pools))
	procs := o.Procs
	for i, p := range pools {
		m := p.Trace.Machine()
		if m.Rule == datasets.SizeUnknown {
			return nil, fmt.Errorf("resample: log %q: %w", p.Trace.Name, datasets.ErrNoMachineSize)
		}
		src[i] = m.Procs
		if o.Procs == 0 {
			procs = max(procs, m.Procs)
		}
	}
	if procs <= 0 {
		return nil, fmt.Errorf("resample: common machine of %d processors", o.Procs)
	}
	load := o.Generate.Load
	if load == 0 {
		load = 1
	}
	mx := &Mixed{Procs: procs, Start: math.Inf(1), End: math.Inf(-1)}
	type job struct {
		t         float64
		part, row int
	}
	var jobs []job
	for i, p := range pools {
		if w[i] == 0 {
			mx.Parts = append(mx.Parts, nil)
			continue
		}
		g := o.Generate
		g.Load, g.Stream = load*w[i]/total, o.Generate.Stream+uint64(i)
		r, err := p.Generate(g)
		if err != nil {
			return nil, fmt.Errorf("resample: log %q: %w", p.Trace.Name, err)
		}
		mx.Parts = append(mx.Parts, r)
		// The trace time of the Monday 00:00 of the log's first week.
		monday := r.Start - (p.local[0] - p.origin)
		mx.Start, mx.End = min(mx.Start, r.Start-monday), max(mx.End, r.End-monday)
		for k, s := range r.Trace.Submit {
			jobs = append(jobs, job{s - monday, i, k})
		}
	}
	sort.SliceStable(jobs, func(a, b int) bool { return jobs[a].t < jobs[b].t })
	n := len(jobs)
	first := pools[0].Trace
	for _, r := range mx.Parts {
		if r != nil {
			first = r.Trace
			break
		}
	}
	t := &datasets.Trace{Name: "mix"}
	t.Header = first.Header.Clone()
	t.Header.Lines = nil
	t.Header.MaxProcs, t.Header.MaxNodes, t.Header.MaxJobs, t.Header.MaxRecords = procs, 0, n, n
	t.Header.StartTime, t.Header.EndTime = "", ""
	var names []string
	for i, p := range pools {
		names = append(names, fmt.Sprintf("%s (%d processors, weight %g)", p.Trace.Name, src[i], w[i]))
	}
	t.Header.Notes = append(t.Header.Notes, fmt.Sprintf("mixed by tracelab (Zakay & Feitelson 2013 §6.5.1) from %s onto %d processors; "+
		"sizes scaled by %d / the log's processors, rounded, at least 1; times from each log's first Monday 00:00", strings.Join(names, ", "), procs, procs))
	// Users and job numbers, log after log.
	userBase := make([]int, len(pools))
	jobBase := make([]int, len(pools))
	users, prevJobs := 0, 0
	for i, r := range mx.Parts {
		userBase[i], jobBase[i] = users, prevJobs
		if r != nil {
			users += len(r.Instances)
			prevJobs += r.Trace.Len()
		}
	}
	newID := make([]int, prevJobs) // by jobBase[part] + row
	for k, j := range jobs {
		newID[jobBase[j.part]+j.row] = k + 1
	}
	scale := func(q, part int) int {
		if q < 1 {
			return q
		}
		return min(max(int(math.Round(float64(q)*float64(procs)/float64(src[part]))), 1), procs)
	}
	t.JobID, t.Submit, t.User, t.PrevJob = make([]int, n), make([]float64, n), make([]int, n), make([]int, n)
	t.Wait, t.Runtime, t.CPUTime, t.Mem = make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	t.ReqTime, t.ReqMem, t.ThinkTime = make([]float64, n), make([]float64, n), make([]float64, n)
	t.Procs, t.ReqProcs, t.Status, t.Group = make([]int, n), make([]int, n), make([]int, n), make([]int, n)
	t.App, t.Queue, t.Partition = make([]int, n), make([]int, n), make([]int, n)
	mx.Log, mx.Source, mx.Kind = make([]int, n), make([]int, n), make([]Kind, n)
	for k, j := range jobs {
		r := mx.Parts[j.part]
		s, x := r.Trace, j.row
		t.JobID[k], t.Submit[k], t.User[k] = k+1, j.t, s.User[x]+userBase[j.part]
		t.PrevJob[k] = -1
		if q := s.PrevJob[x]; q >= 1 {
			t.PrevJob[k] = newID[jobBase[j.part]+q-1]
		}
		t.Wait[k], t.Runtime[k], t.CPUTime[k], t.Mem[k] = s.Wait[x], s.Runtime[x], s.CPUTime[x], s.Mem[x]
		t.ReqTime[k], t.ReqMem[k], t.ThinkTime[k] = s.ReqTime[x], s.ReqMem[x], s.ThinkTime[x]
		t.Procs[k], t.ReqProcs[k] = scale(s.Procs[x], j.part), scale(s.ReqProcs[x], j.part)
		t.Status[k], t.Group[k], t.App[k] = s.Status[x], s.Group[x], s.App[x]
		t.Queue[k], t.Partition[k] = s.Queue[x], s.Partition[x]
		mx.Log[k], mx.Source[k], mx.Kind[k] = j.part, r.Source[x], r.Kind[x]
	}
	mx.Trace = t
	return mx, nil
}

// Simulate replays the mixed log with scheduler s (a fresh one) on the
// common machine, as Resampled.Simulate does.
func (m *Mixed) Simulate(s sim.Scheduler, opts SimOptions) (*Outcome, error) {
	return m.SimulateContext(context.Background(), s, opts)
}

// SimulateContext is Simulate that stops when ctx is cancelled, as
// Resampled.SimulateContext does.
func (m *Mixed) SimulateContext(ctx context.Context, s sim.Scheduler, opts SimOptions) (*Outcome, error) {
	jobs, rep, mach, err := prepare(m.Trace, opts.Sim)
	if err != nil {
		return nil, err
	}
	rare := func(id int) bool { return m.Kind[id-1] == Rare }
	cancelled := func(id int) bool { return m.Trace.Status[id-1] == datasets.StatusCancelled }
	return simulateWindow(ctx, jobs, rep, mach, s, m.Start, m.End, opts, rare, cancelled)
}
