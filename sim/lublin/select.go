package lublin

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tracelab/tracelab/datasets"
)

// JobFilter chooses which jobs of a log a fit uses.
type JobFilter int

const (
	// CompletedJobs keeps the jobs whose status (SWF field 11) is 1,
	// completed: the paper modelled "jobs that completed successfully"
	// (Section 2). A log without status information (no status ≥ 0) keeps
	// every job, and the fit says so (Selection.StatusUnknown). A status
	// outside the standard's codes (−1, 0–5: e.g. the exit codes 265, 127
	// of Sandia-Ross) is not "completed": such jobs are left out and
	// counted (Selection.NonStandardStatus).
	CompletedJobs JobFilter = iota
	// AllJobs keeps every job, whatever its status.
	AllJobs
)

// String returns "completed" or "all".
func (f JobFilter) String() string {
	switch f {
	case CompletedJobs:
		return "completed"
	case AllJobs:
		return "all"
	}
	return fmt.Sprintf("JobFilter(%d)", int(f))
}

// ClassFilter chooses the job class of a fit (Section 8.1).
type ClassFilter int

const (
	// AllClasses keeps interactive and batch jobs together.
	AllClasses ClassFilter = iota
	// InteractiveJobs keeps the jobs of the log's interactive queues.
	InteractiveJobs
	// BatchJobs keeps the jobs of the other known queues (queue ≥ 0).
	BatchJobs
)

// String returns "all", "interactive" or "batch".
func (c ClassFilter) String() string {
	switch c {
	case AllClasses:
		return "all"
	case InteractiveJobs:
		return "interactive"
	case BatchJobs:
		return "batch"
	}
	return fmt.Sprintf("ClassFilter(%d)", int(c))
}

// InteractiveQueues returns the queue numbers that the log's header names
// interactive: "; Queue: N name" directives whose name contains
// "interactive" (SDSC-Par's queue 0, LANL-CM5's queue 0). It returns nil when
// the header names no such queue.
func InteractiveQueues(tr *datasets.Trace) []int {
	var qs []int
	add := func(v string) {
		f := strings.Fields(v)
		if len(f) < 2 {
			return
		}
		n, err := strconv.Atoi(f[0])
		if err != nil {
			return
		}
		if strings.Contains(strings.ToLower(strings.Join(f[1:], " ")), "interactive") {
			qs = append(qs, n)
		}
	}
	for _, d := range tr.Header.Extra {
		if strings.EqualFold(d.Key, "Queue") {
			for _, line := range strings.Split(d.Value, "\n") {
				add(line)
			}
		}
	}
	for _, line := range strings.Split(tr.Header.Queues, "\n") {
		add(line)
	}
	slices.Sort(qs)
	return slices.Compact(qs)
}

// Selection says which jobs of a log a fit used and why others were left
// out.
type Selection struct {
	Log           string // the log's name
	Filter        string // "completed" or "all"
	Class         string // "all", "interactive" or "batch"
	Total         int    // jobs in the log
	Selected      int    // jobs kept by the status and class filters
	StatusUnknown bool   // the log has no status, so CompletedJobs kept all jobs
	// NonStandardStatus counts the jobs whose status is not an SWF code
	// (−1, 0–5); CompletedJobs leaves them out, AllJobs keeps them.
	NonStandardStatus int
	// InteractiveQueues are the queues read as interactive (class fits only).
	InteractiveQueues []int
}

// SelectJobs returns the rows of tr that FitLog fits under opts (its Jobs,
// Class and InteractiveQueues), in submit order, and what was left out and
// why: the jobs every table of the model describes.
func SelectJobs(tr *datasets.Trace, opts FitOptions) ([]int, Selection, error) {
	return selectJobs(tr, opts.Jobs, opts.Class, opts.InteractiveQueues)
}

// selectJobs returns the rows of tr kept by the filters, in submit order.
func selectJobs(tr *datasets.Trace, jobs JobFilter, class ClassFilter, interactive []int) ([]int, Selection, error) {
	sel := Selection{Log: tr.Name, Filter: jobs.String(), Class: class.String(), Total: tr.Len()}
	if jobs != CompletedJobs && jobs != AllJobs {
		panic("lublin: unknown JobFilter")
	}
	useStatus := jobs == CompletedJobs
	if useStatus {
		known := false
		for _, s := range tr.Status {
			if s >= 0 {
				known = true
				break
			}
		}
		if !known {
			useStatus = false
			sel.StatusUnknown = true
		}
	}
	isInter := map[int]bool{}
	if class != AllClasses {
		if interactive == nil {
			interactive = InteractiveQueues(tr)
		}
		if len(interactive) == 0 {
			return nil, sel, fmt.Errorf("lublin: log %q names no interactive queue; cannot separate interactive and batch jobs", tr.Name)
		}
		sel.InteractiveQueues = slices.Clone(interactive)
		for _, q := range interactive {
			isInter[q] = true
		}
	}
	for _, s := range tr.Status {
		if !datasets.IsStandardStatus(s) {
			sel.NonStandardStatus++
		}
	}
	rows := make([]int, 0, tr.Len())
	for i := range tr.JobID {
		if useStatus && tr.Status[i] != datasets.StatusCompleted {
			continue
		}
		if math.IsNaN(tr.Submit[i]) {
			continue
		}
		switch class {
		case InteractiveJobs:
			if !isInter[tr.Queue[i]] {
				continue
			}
		case BatchJobs:
			if tr.Queue[i] < 0 || isInter[tr.Queue[i]] {
				continue
			}
		}
		rows = append(rows, i)
	}
	slices.SortStableFunc(rows, func(a, b int) int {
		switch {
		case tr.Submit[a] < tr.Submit[b]:
			return -1
		case tr.Submit[a] > tr.Submit[b]:
			return 1
		}
		return 0
	})
	sel.Selected = len(rows)
	return rows, sel, nil
}
