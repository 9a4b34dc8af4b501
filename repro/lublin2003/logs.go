package lublin2003

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// LogsResult is §2: the paper's logs next to ours.
type LogsResult struct {
	// Frame has one row per log of the paper: log, trace (ours, "" when
	// not available), nodes (the header's), jobs, completed, first and
	// last (the months of the first and last submission).
	Frame dataframe.DataFrame
	rows  []logRow
}

type logRow struct {
	log                    paperLog
	ok                     bool
	name                   string
	nodes, jobs, completed int
	first, last            string // "January 1996"
}

// logText is what §2 says of each log: its machine's nodes, its completed
// jobs and its period, with the words they come from.
var logText = map[string]struct {
	nodes                  int
	nodesQuote             string
	completed              int
	completedQuote         string
	first, last, spanQuote string
}{
	"SDSC96": {nodes: 416, nodesQuote: "This mahine has 416 nodes"},
	"KTH": {nodes: 100, nodesQuote: "the 100-node IBM SP2", completed: 16221,
		completedQuote: "The log ontains 16221 jobs that ompleted suessfully",
		first:          "October 1996", last: "August 1997", spanQuote: "inthe period of Otober 1996 to August 1997"},
	"LANL": {nodes: 1024, nodesQuote: "the 1024-node Connetion Mahine CM-5", completed: 36306,
		completedQuote: "ontains36306 jobs that ompleted suessfully",
		first:          "January 1996", last: "September 1996", spanQuote: "The log spans the period from January through September 1996"},
}

// Logs describes the paper's logs as we have them.
func (s *Study) Logs(ctx context.Context) (*LogsResult, error) {
	return s.logs.Get(func() (*LogsResult, error) {
		r := &LogsResult{}
		for _, l := range paperLogs {
			row := logRow{log: l}
			tr, err := s.trace(l)
			switch {
			case errors.Is(err, study.ErrMissing):
			case err != nil:
				return nil, err
			default:
				row.ok, row.name, row.jobs = true, tr.Name, tr.Len()
				row.nodes = tr.Header.MaxNodes
				for _, st := range tr.Status {
					if st == datasets.StatusCompleted {
						row.completed++
					}
				}
				row.first, row.last = months(tr)
			}
			r.rows = append(r.rows, row)
		}
		r.Frame = r.frame()
		return r, nil
	})
}

// months returns the months of a trace's first and last submission, in
// its own time zone.
func months(tr *datasets.Trace) (string, string) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range tr.Submit {
		lo, hi = min(lo, s), max(hi, s)
	}
	c := datasets.NewClock(tr)
	return c.Time(lo).Format("January 2006"), c.Time(hi).Format("January 2006")
}

func (r *LogsResult) frame() dataframe.DataFrame {
	var logs, names, first, last []string
	var nodes, jobs, completed []int
	for _, row := range r.rows {
		logs, names, first, last = append(logs, row.log.Paper), append(names, row.name), append(first, row.first), append(last, row.last)
		nodes, jobs, completed = append(nodes, row.nodes), append(jobs, row.jobs), append(completed, row.completed)
	}
	return dataframe.New(series.New(logs, series.String, "log"), series.New(names, series.String, "trace"),
		series.New(nodes, series.Int, "nodes"), series.New(jobs, series.Int, "jobs"),
		series.New(completed, series.Int, "completed"), series.New(first, series.String, "first"),
		series.New(last, series.String, "last"))
}

// Claims compares §2's description of the logs with ours: the machine
// sizes exactly, the completed jobs within 1% (the same log would match
// exactly; ours are the archive's cleaned versions), the periods.
func (r *LogsResult) Claims(l *ledger.Ledger) {
	for _, row := range r.rows {
		t, known := logText[row.log.Paper]
		id := "logs/" + row.log.Paper + "/"
		if row.log.Paper == "SDSC95" {
			l.Unavailable("§2", "logs/SDSC95+96/completed", "SDSC95 and SDSC96: successful jobs", "113515", sdsc95).
				Quoting("the total is 113515 suessful jobs")
		}
		if !known || !row.ok {
			continue
		}
		l.Check("§2", id+"nodes", row.log.Paper+": nodes of the machine (the log's header)", ledger.Near(float64(t.nodes), 0),
			float64(row.nodes)).Quoting(t.nodesQuote)
		if t.completed > 0 {
			l.Check("§2", id+"completed", row.log.Paper+": jobs that completed successfully", ledger.Approx(float64(t.completed), 0.01),
				float64(row.completed)).Quoting(t.completedQuote).
				IfDiffers(fmt.Sprintf("ours is the archive's cleaned %s (%d jobs, %d with status completed)", row.name, row.jobs, row.completed))
			l.Claim("§2", id+"period", fmt.Sprintf("%s: the log spans %s to %s", row.log.Paper, t.first, t.last),
				row.first == t.first && row.last == t.last, fmt.Sprintf("first submission %s, last %s", row.first, row.last)).
				Quoting(t.spanQuote)
		}
	}
}
