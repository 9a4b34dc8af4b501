package resample

import (
	"fmt"
	"math"
	"slices"

	"github.com/tracelab/tracelab/datasets"
)

// Packed is a resampled log kept small, for a caller that holds many of
// them between uses (repro/zakay2013 keeps the validation variants of
// every log for the items of §5): what Generate chose, each job's submit
// time, instance, preceding job and row of Pools.Trace, and not the
// columns copied from the pools' trace, which Unpack gathers again. It
// takes 20 bytes a job, against 160 for a Resampled (18 trace columns,
// Kind and Source of 8 bytes each). Safe for concurrent Unpack.
type Packed struct {
	name   string
	header datasets.Header
	submit []float64
	inst   []int32 // instance index: User − 1
	prev   []int32 // PrevJob (−1 none)
	source []int32 // row of Pools.Trace

	instances  []Instance
	report     Report
	options    Options
	start, end float64
	weeks      int
	pools      *Pools
}

// Pack returns r packed. r must be as Generate returned it, apart from
// its trace's Name and Header, which are kept: every other column of the
// trace is checked to be the pools' rows (Source) in the order Generate
// gives, and an error says which differs (a changed column would not come
// back from Unpack). It shares Instances with r.
func (r *Resampled) Pack() (*Packed, error) {
	if r.pools == nil || r.Trace == nil {
		return nil, fmt.Errorf("resample: pack: not a log Generate made")
	}
	t, src := r.Trace, r.pools.Trace
	n := t.Len()
	if len(r.Source) != n || len(r.Kind) != n {
		return nil, fmt.Errorf("resample: pack: %d jobs, %d sources, %d kinds", n, len(r.Source), len(r.Kind))
	}
	p := &Packed{name: t.Name, header: t.Header.Clone(),
		submit: slices.Clone(t.Submit), inst: make([]int32, n), prev: make([]int32, n), source: make([]int32, n),
		instances: r.Instances, report: r.Report, options: r.Options, start: r.Start, end: r.End, weeks: r.Weeks, pools: r.pools}
	for i, row := range r.Source {
		u, pj := t.User[i]-1, t.PrevJob[i]
		switch {
		case t.JobID[i] != i+1:
			return nil, fmt.Errorf("resample: pack: job %d has number %d", i+1, t.JobID[i])
		case row < 0 || row >= src.Len():
			return nil, fmt.Errorf("resample: pack: job %d: source row %d of %d", i+1, row, src.Len())
		case u < 0 || u >= len(r.Instances):
			return nil, fmt.Errorf("resample: pack: job %d: user %d of %d instances", i+1, u+1, len(r.Instances))
		case pj < -1 || pj > n:
			return nil, fmt.Errorf("resample: pack: job %d: preceding job %d of %d", i+1, pj, n)
		case r.Kind[i] != r.Instances[u].Kind:
			return nil, fmt.Errorf("resample: pack: job %d: kind %v, its instance's %v", i+1, r.Kind[i], r.Instances[u].Kind)
		}
		p.source[i], p.inst[i], p.prev[i] = int32(row), int32(u), int32(pj)
	}
	for _, c := range []struct {
		name     string
		got, col []float64
	}{{"wait", t.Wait, src.Wait}, {"runtime", t.Runtime, src.Runtime}, {"CPU time", t.CPUTime, src.CPUTime},
		{"memory", t.Mem, src.Mem}, {"requested time", t.ReqTime, src.ReqTime}, {"requested memory", t.ReqMem, src.ReqMem},
		{"think time", t.ThinkTime, src.ThinkTime}} {
		if i := gathered(c.got, c.col, r.Source, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }); i >= 0 {
			return nil, fmt.Errorf("resample: pack: job %d: %s is not its source row's", i+1, c.name)
		}
	}
	for _, c := range []struct {
		name     string
		got, col []int
	}{{"processors", t.Procs, src.Procs}, {"requested processors", t.ReqProcs, src.ReqProcs}, {"status", t.Status, src.Status},
		{"group", t.Group, src.Group}, {"application", t.App, src.App}, {"queue", t.Queue, src.Queue},
		{"partition", t.Partition, src.Partition}} {
		if i := gathered(c.got, c.col, r.Source, func(a, b int) bool { return a == b }); i >= 0 {
			return nil, fmt.Errorf("resample: pack: job %d: %s is not its source row's", i+1, c.name)
		}
	}
	return p, nil
}

// gathered returns the first i at which got[i] is not col[rows[i]] (eq),
// or −1 when got is gather(col, rows).
func gathered[T any](got, col []T, rows []int, eq func(a, b T) bool) int {
	if len(got) != len(rows) {
		return min(len(got), len(rows))
	}
	for i, j := range rows {
		if !eq(got[i], col[j]) {
			return i
		}
	}
	return -1
}

// Jobs is the number of jobs of the packed log.
func (p *Packed) Jobs() int { return len(p.submit) }

// Unpack returns the resampled log again: a Resampled equal to the one
// packed (its own slices and header; Instances shared with it), as
// Generate built it (build).
func (p *Packed) Unpack() *Resampled {
	n := len(p.submit)
	r := &Resampled{Options: p.options, pools: p.pools, Instances: p.instances, Report: p.report,
		Start: p.start, End: p.end, Weeks: p.weeks}
	t := &datasets.Trace{Name: p.name, Header: p.header.Clone()}
	t.JobID = make([]int, n)
	t.Submit = slices.Clone(p.submit)
	t.User = make([]int, n)
	t.PrevJob = make([]int, n)
	r.Kind = make([]Kind, n)
	r.Source = make([]int, n)
	for i := range n {
		t.JobID[i] = i + 1
		t.User[i] = int(p.inst[i]) + 1
		t.PrevJob[i] = int(p.prev[i])
		r.Kind[i] = p.instances[p.inst[i]].Kind
		r.Source[i] = int(p.source[i])
	}
	gatherColumns(t, p.pools.Trace, r.Source)
	r.Trace = t
	return r
}
