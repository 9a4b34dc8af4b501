package zakay2014

import (
	"context"
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// InvariantResult is the key invariant of §VII: simulated with the logged
// schedule (the LogReplay scheduler starts each job at its logged start)
// and the adjusted model (each batch delayed by its original think time or
// inter-arrival time), every job arrives at its logged time.
//
// The logs' schedules use more processors than their header's machine size
// at a few instants (KTH-SP2 up to 104 of 100), so on the header's machine
// LogReplay must delay some starts and the delays propagate through the
// dependencies; on a machine of the logged schedule's peak it starts every
// job on time. Both are simulated; the claim is checked on the second.
type InvariantResult struct {
	// Frame has two rows per log: log, processors, starts_delayed (by
	// LogReplay), arrivals_equal (jobs arriving at their logged time), jobs,
	// released_by_dependency, released_by_follows.
	Frame dataframe.DataFrame
	rows  []invariantRow
}

type invariantRow struct {
	log                    string
	procs, delayed, equal  int
	jobs, byDep, byFollows int
	peak                   bool // the machine of the logged peak
}

// Invariant simulates each log (KTH-SP2 only in quick mode) with the
// logged schedule and the adjusted model.
func (s *Study) Invariant(ctx context.Context) (*InvariantResult, error) {
	return s.invariant.Get(func() (*InvariantResult, error) {
		r := &InvariantResult{}
		for _, l := range s.logsFor("KTH-SP2") {
			if l.Catalog == "" {
				continue
			}
			w, err := s.workload(l.Catalog)
			if missing(err) {
				continue
			}
			if err != nil {
				return nil, err
			}
			for _, peak := range []bool{false, true} {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				procs := w.Procs
				if peak {
					procs = max(w.Procs, w.LoggedPeak())
				}
				lr := &sim.LogReplay{}
				res, err := feedback.Simulate(w, lr, feedback.Options{Model: feedback.Adjusted{}, Procs: procs})
				if err != nil {
					return nil, err
				}
				row := invariantRow{log: l.Catalog, procs: procs, delayed: lr.Delayed, jobs: w.Len(), peak: peak,
					byDep: res.Releases[feedback.Dependency], byFollows: res.Releases[feedback.Follows]}
				for k, j := range w.Jobs {
					if res.Sim.Submit[k] == j.Submit {
						row.equal++
					}
				}
				r.rows = append(r.rows, row)
			}
		}
		r.Frame = r.frame()
		return r, nil
	})
}

func (r *InvariantResult) frame() dataframe.DataFrame {
	var logs []string
	var procs, delayed, equal, jobs, dep, fol []int
	for _, row := range r.rows {
		logs = append(logs, row.log)
		procs, delayed, equal = append(procs, row.procs), append(delayed, row.delayed), append(equal, row.equal)
		jobs, dep, fol = append(jobs, row.jobs), append(dep, row.byDep), append(fol, row.byFollows)
	}
	return dataframe.New(series.New(logs, series.String, "log"), series.New(procs, series.Int, "processors"),
		series.New(delayed, series.Int, "starts_delayed"), series.New(equal, series.Int, "arrivals_equal"),
		series.New(jobs, series.Int, "jobs"), series.New(dep, series.Int, "released_by_dependency"),
		series.New(fol, series.Int, "released_by_follows"))
}

// Claims checks, per log, that on the machine of the logged peak every job
// arrives at its logged time.
func (r *InvariantResult) Claims(l *ledger.Ledger) {
	for _, row := range r.rows {
		if !row.peak {
			continue
		}
		l.Check("§VII", "invariant/"+row.log+"/arrivals-equal",
			fmt.Sprintf("%s: adjusted model under the logged schedule (%d processors, the logged peak): fraction of jobs arriving at their logged time", row.log, row.procs),
			ledger.Stated("all", ledger.Near(1, 0)), float64(row.equal)/float64(row.jobs)).
			Quoting("then all the jobs will arrive exactly at the same times").
			AsCheck("an invariant of the mechanism (§VII): replaying the logged schedule with the original think and inter-arrival times must reproduce every arrival; it checks our simulator")
	}
}
