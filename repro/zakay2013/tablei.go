package zakay2013

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
	"github.com/tracelab/tracelab/tables"
)

// TableIResult is Table I: the paper's logs next to the versions we have.
type TableIResult struct {
	// Frame has one row per log of the paper: log, paper_file, our_file,
	// paper_period, our_period, paper_pes, our_pes, paper_users,
	// our_users, paper_jobs, our_jobs (our columns empty or NaN when the
	// log is not available).
	Frame dataframe.DataFrame
	rows  []tableIRow
}

type tableIRow struct {
	log                PaperLog
	ok                 bool // our version is available
	file, period       string
	firstJob, logStart string
	pes, users, jobs   int
}

// TableI compares the paper's logs (Table I) with ours.
func (s *Study) TableI(ctx context.Context) (*TableIResult, error) {
	return s.tableI.Get(func() (*TableIResult, error) {
		r := &TableIResult{}
		for _, l := range TableILogs {
			row := tableIRow{log: l}
			if l.Catalog != "" {
				tr, err := study.Log(l.Catalog)
				switch {
				case errors.Is(err, study.ErrMissing):
				case err != nil:
					return nil, err
				default:
					row.ok = true
					row.file = datasets.LogName(tr.Name)
					row.period, row.firstJob, row.logStart = period(tr)
					row.pes, row.users, row.jobs = tr.MaxProcs(), tr.NumUsers(), tr.Len()
				}
			}
			r.rows = append(r.rows, row)
		}
		r.Frame = r.frame()
		return r, nil
	})
}

// period is the log's period "MM/YY-MM/YY" in its own time zone, from the
// first submission to the last job's end, and the date of the first
// submission and of the header's start of logging (the trace's time 0).
func period(tr *datasets.Trace) (p, firstJob, logStart string) {
	if tr.Len() == 0 {
		return "", "", ""
	}
	first, last := math.Inf(1), math.Inf(-1)
	for i, s := range tr.Submit {
		first, last = min(first, s), max(last, s)
		if e := tr.End(i); !math.IsNaN(e) {
			last = max(last, e)
		}
	}
	c := datasets.NewClock(tr)
	return c.Time(first).Format("01/06") + "-" + c.Time(last).Format("01/06"),
		c.Time(first).Format("2 January 2006"), c.Time(0).Format("2 January 2006")
}

// shownPeriod writes a period "MM/YY-MM/YY" (the paper's, or ours from
// period) as the tables write periods, "Dec 1994–Dec 1995"
// (tables.MonthSpan); the claims keep the paper's form.
func shownPeriod(p string) string {
	s, err := tables.MonthPeriod(p, "01/06", "-")
	if err != nil {
		panic("zakay2013: " + err.Error()) // the paper's rows and period write this form
	}
	return s
}

func (r *TableIResult) frame() dataframe.DataFrame {
	n := len(r.rows)
	names, pfile, ofile, pper, oper := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	ppes, opes, pusers, ousers, pjobs, ojobs := make([]int, n), make([]float64, n), make([]int, n), make([]float64, n), make([]int, n), make([]float64, n)
	for i, row := range r.rows {
		names[i], pfile[i], pper[i] = row.log.Name, row.log.File, shownPeriod(row.log.Period)
		ppes[i], pusers[i], pjobs[i] = row.log.PEs, row.log.Users, row.log.Jobs
		opes[i], ousers[i], ojobs[i] = math.NaN(), math.NaN(), math.NaN()
		if row.ok {
			ofile[i], oper[i] = row.file, shownPeriod(row.period)
			opes[i], ousers[i], ojobs[i] = float64(row.pes), float64(row.users), float64(row.jobs)
		}
	}
	return dataframe.New(
		series.New(names, series.String, "log"),
		series.New(pfile, series.String, "paper_file"),
		series.New(ofile, series.String, "our_file"),
		series.New(pper, series.String, "paper_period"),
		series.New(oper, series.String, "our_period"),
		series.New(ppes, series.Int, "paper_pes"),
		series.New(opes, series.Float, "our_pes"),
		series.New(pusers, series.Int, "paper_users"),
		series.New(ousers, series.Float, "our_users"),
		series.New(pjobs, series.Int, "paper_jobs"),
		series.New(ojobs, series.Float, "our_jobs"),
	)
}

// Claims adds one entry per cell of Table I: processors and users exactly,
// jobs within 0.1% (the archive re-cleaned several logs since, removing a
// few jobs: KTH-SP2 version 2 had 28,489 jobs, the cleaned 2.1 has 28,476),
// and the period.
//
// Every entry is a check (ledger.SelfCheck): Table I describes the paper's
// input, and its agreement says our copy is that input, not that a result
// is reproduced.
func (r *TableIResult) Claims(l *ledger.Ledger) {
	const basis = "our copy of the log against the paper's description of its input (Table I): a precondition of the other items, not a result"
	for _, row := range r.rows {
		id := "table1/" + row.log.Name + "/"
		if !row.ok {
			why := unavailableWhy(row.log.Name)
			l.MissingLog("Table I", id+"jobs", row.log.Name+": jobs", fmt.Sprint(row.log.Jobs), row.log.Name, why).AsCheck(basis)
			continue
		}
		l.Check("Table I", id+"pes", row.log.Name+": processors", ledger.Near(float64(row.log.PEs), 0), float64(row.pes)).AsCheck(basis)
		l.Check("Table I", id+"users", row.log.Name+": users", ledger.Near(float64(row.log.Users), 0), float64(row.users)).AsCheck(basis)
		l.Check("Table I", id+"jobs", row.log.Name+": jobs", ledger.Approx(float64(row.log.Jobs), 0.001), float64(row.jobs)).
			ExplainedBy(ledger.FromInput(), fmt.Sprintf("we have %s; the paper used %s", row.file, row.log.File)).AsCheck(basis)
		l.Claim("Table I", id+"period", row.log.Name+": period "+row.log.Period+" (first submission to last end)",
			row.period == row.log.Period, row.period).
			ExplainedBy(ledger.FromInput(), fmt.Sprintf("our version's first job is of %s; its header starts logging on %s, in the paper's period", row.firstJob, row.logStart)).
			AsCheck(basis)
	}
}
