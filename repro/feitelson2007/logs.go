package feitelson2007

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/tables"
)

// table6Log is a row of Table 6: the paper's log file, its processors,
// period and jobs, and the catalog name of our version.
type table6Log struct {
	file, catalog string
	procs, jobs   int
	period        string // "10/1994–9/1996", as printed
}

// table6 is Table 6 as printed.
var table6 = []table6Log{
	{"LANL-CM5-1994-3.1-cln", "LANL-CM5", 1024, 122055, "10/1994–9/1996"},
	{"SDSC-Par-1995-2.1-cln", "SDSC-Par-1995", 400, 53970, "1/1995–12/1995"},
	{"SDSC-Par-1996-2.1-cln", "SDSC-Par-1996", 400, 32135, "1/1996–12/1996"},
	{"CTC-SP2-1996-2.1-cln", "CTC-SP2", 430, 77222, "6/1996–5/1997"},
	{"KTH-SP2-1996-2", "KTH-SP2", 100, 28489, "9/1996–8/1997"},
	{"SDSC-SP2-1998-3.1-cln", "SDSC-SP2", 128, 59725, "4/1998–4/2000"},
	{"SDSC-BLUE-2000-3.1-cln", "SDSC-BLUE", 1152, 243314, "4/2000–1/2003"},
	{"SDSC-DS-2004-1", "SDSC-DS", 1664, 96089, "3/2004–4/2005"},
	{"SHARCNET-2005-1", "SHARCNET-2005", 6828, 1195242, "12/2005–1/2007"},
}

// archiveProcs is the processor count the archive's own description of a
// machine gives where our version's header gives another: an input fact of
// the paper's older version, quoted from the archive's page of the log. The
// CTC SP2's page: "Of the 512 nodes in the system, 430 are dedicated to
// running batch jobs ... The log pertains to the batch partition", and
// "Apparently, only 338 nodes are used for the batch jobs in the log" —
// our version 3.1's header gives MaxProcs 338, the nodes the log's jobs use.
var archiveProcs = map[string]struct {
	procs int
	says  string
}{
	"CTC-SP2": {430, "the archive's page of the log (www.cs.huji.ac.il/labs/parallel/workload/l_ctc_sp2) gives 430 nodes dedicated to batch jobs, the partition the log pertains to, and says that apparently only 338 are used by the log's jobs"},
}

// LogsResult is Table 6: the paper's logs next to ours.
type LogsResult struct {
	// Frame has one row per log of Table 6: paper_log, ours ("" when not
	// available), procs and jobs (missing when not available), period
	// (the months of the first and last submission, local time),
	// paper_procs, paper_jobs, paper_period.
	Frame dataframe.DataFrame
	rows  []logRow
}

type logRow struct {
	log         table6Log
	ok          bool
	name        string
	procs, jobs int
	period      string // local time
	periodUTC   string
	dates       string // first and last submit, local time
	procsNote   string // the header's MaxNodes comment, if any
	// headerPeriod is the months of the header's StartTime and EndTime
	// as written (local time); "" when either is missing or unreadable.
	headerPeriod string
	// outside counts our jobs submitted outside the months of the
	// paper's period (local time).
	outside int
	// filters are the cleaning filters our header lists, with the jobs
	// each removed.
	filters []datasets.CleaningFilter
}

// Logs describes the paper's logs as we have them (Table 6).
func (s *Study) Logs(ctx context.Context) (*LogsResult, error) {
	return s.logs.Get(func() (*LogsResult, error) {
		r := &LogsResult{}
		for _, l := range table6 {
			row := logRow{log: l}
			tr, err := study.Log(l.catalog)
			switch {
			case missing(err):
			case err != nil:
				return nil, err
			default:
				c := datasets.NewClock(tr)
				first, last := c.Time(tr.Submit[0]), c.Time(tr.Submit[tr.Len()-1])
				row.ok, row.name, row.procs, row.jobs = true, tr.Name, tr.MaxProcs(), tr.Len()
				row.period = fmt.Sprintf("%d/%d–%d/%d", first.Month(), first.Year(), last.Month(), last.Year())
				row.dates = fmt.Sprintf("our first job %s, last %s (local time)", first.Format("2006-01-02 15:04 MST"), last.Format("2006-01-02 15:04 MST"))
				first, last = first.UTC(), last.UTC()
				row.periodUTC = fmt.Sprintf("%d/%d–%d/%d", first.Month(), first.Year(), last.Month(), last.Year())
				nodes := fmt.Sprint(tr.Header.MaxNodes)
				for _, line := range tr.Header.Lines {
					if v, ok := strings.CutPrefix(strings.TrimSpace(line), "MaxNodes:"); ok {
						nodes = strings.TrimSpace(v) // with its comment, e.g. "338 (batch partition; 512 total)"
					}
				}
				row.procsNote = fmt.Sprintf("our header: MaxProcs %d, MaxNodes %s; our largest job %d processors", tr.Header.MaxProcs, nodes, slices.Max(tr.Procs))
				row.headerPeriod = headerPeriod(tr.Header)
				if row.filters, err = tr.Header.CleaningFilters(); err != nil {
					return nil, fmt.Errorf("feitelson2007: %s: %w", tr.Name, err)
				}
				lo, hi := paperMonths(l.period)
				for _, t := range tr.Submit {
					m := monthIndex(c.Time(t))
					if m < lo || m > hi {
						row.outside++
					}
				}
			}
			r.rows = append(r.rows, row)
		}
		n := len(r.rows)
		cols := make([][]string, 4)
		nums := make([][]float64, 4) // NaN: a log we do not have
		for i := range cols {
			cols[i], nums[i] = make([]string, n), make([]float64, n)
		}
		for i, row := range r.rows {
			cols[0][i], cols[1][i], cols[3][i] = row.log.file, row.name, shownPeriod(row.log.period)
			if row.ok {
				cols[2][i] = shownPeriod(row.period)
			}
			nums[0][i], nums[1][i] = math.NaN(), math.NaN()
			if row.ok {
				nums[0][i], nums[1][i] = float64(row.procs), float64(row.jobs)
			}
			nums[2][i], nums[3][i] = float64(row.log.procs), float64(row.log.jobs)
		}
		r.Frame = dataframe.New(
			series.New(cols[0], series.String, "paper_log"), series.New(cols[1], series.String, "ours"),
			series.New(nums[0], series.Int, "procs"), series.New(nums[2], series.Int, "paper_procs"),
			series.New(nums[1], series.Int, "jobs"), series.New(nums[3], series.Int, "paper_jobs"),
			series.New(cols[2], series.String, "period"), series.New(cols[3], series.String, "paper_period"))
		return r, nil
	})
}

// headerTime is the layout of the SWF header's StartTime and EndTime
// ("Tue Apr 25 15:00:03 PDT 2000"), once runs of spaces are folded.
const headerTime = "Mon Jan _2 15:04:05 MST 2006"

// headerPeriod returns the months of the header's StartTime and EndTime as
// written ("4/2000–1/2003"), or "" when either is missing or unreadable.
func headerPeriod(h datasets.Header) string {
	first, err1 := time.Parse(headerTime, strings.Join(strings.Fields(h.StartTime), " "))
	last, err2 := time.Parse(headerTime, strings.Join(strings.Fields(h.EndTime), " "))
	if err1 != nil || err2 != nil {
		return ""
	}
	return fmt.Sprintf("%d/%d–%d/%d", first.Month(), first.Year(), last.Month(), last.Year())
}

// monthIndex numbers the months: 12·year + month − 1.
func monthIndex(t time.Time) int { return 12*t.Year() + int(t.Month()) - 1 }

// paperMonths returns the first and last month (monthIndex) of a period
// as Table 6 prints it ("10/1994–9/1996").
func paperMonths(period string) (lo, hi int) {
	a, b, _ := strings.Cut(period, "–")
	first, err1 := time.Parse("1/2006", a)
	last, err2 := time.Parse("1/2006", b)
	if err1 != nil || err2 != nil {
		panic(fmt.Sprintf("feitelson2007: Table 6 period %q is not M/YYYY–M/YYYY", period))
	}
	return monthIndex(first), monthIndex(last)
}

// shownPeriod writes a period "M/YYYY–M/YYYY" (the paper's, or ours) as
// the tables write periods, "Jan 1995–Dec 1995" (tables.MonthSpan); the
// claims keep the paper's form.
func shownPeriod(p string) string {
	s, err := tables.MonthPeriod(p, "1/2006", "–")
	if err != nil {
		panic("feitelson2007: " + err.Error()) // Table 6 and Logs write this form
	}
	return s
}

// Claims compares each log's processors, jobs and period (in local time
// or UTC) with Table 6. Counts are exact (the ledger's tolerance rule for a
// printed integer of a deterministic count); our versions of the logs are
// newer than the paper's, so a job count that differs names the versions.
// Processors and jobs are cells of Table 6 for the discrimination test.
//
// Every entry is a check (ledger.SelfCheck), as zakay2013's Table I is:
// Table 6 describes the paper's input, and its agreement says our copy is
// that input, not that a result is reproduced.
//
// The period's convention: the months of the header's StartTime and
// EndTime (the log's own statement of its period, which keeps the months of
// jobs a newer version's cleaning removed, e.g. SDSC-SP2's job≤10) instead
// of our first and last submission, counted over every period of Table 6
// (ledger.Tally).
func (r *LogsResult) Claims(l *ledger.Ledger) {
	const basis = "our copy of the log against the paper's description of its input (Table 6): a precondition of the other items, not a result"
	var header ledger.Tally
	for _, row := range r.rows {
		if row.ok {
			header.Add(row.periodHolds(), row.headerPeriod == row.log.period)
		}
	}
	for _, row := range r.rows {
		id := "table6/" + row.log.catalog
		if !row.ok {
			why := row.log.catalog + " is not available here"
			l.MissingLog("Table 6", id+"/jobs", row.log.file+": jobs", fmt.Sprint(row.log.jobs), row.log.catalog, why).AsCheck(basis)
			continue
		}
		l.Check("Table 6", id+"/procs", row.log.file+": processors (ours "+row.name+")",
			ledger.Printed(fmt.Sprint(row.log.procs), 0), float64(row.procs)).
			InTable("Table 6", row.log.catalog, "processors").Measured(row.procsNote).
			ExplainedBy(ledger.FromInput(), row.procsReason()).
			AsCheck(basis)
		l.Check("Table 6", id+"/jobs", row.log.file+": jobs (ours "+row.name+")",
			ledger.Printed(fmt.Sprint(row.log.jobs), 0), float64(row.jobs)).
			InTable("Table 6", row.log.catalog, "jobs").
			ExplainedBy(ledger.FromInput(), row.jobsReason()).
			AsCheck(basis)
		e := l.Claim("Table 6", id+"/period", row.log.file+": months of the first and last job ("+row.log.period+")",
			row.periodHolds(), "ours: "+row.period+" local, "+row.periodUTC+" UTC")
		headerWords := fmt.Sprintf("with the months of the header's StartTime and EndTime (%s), applied to every period of Table 6 (%d of %d hold, against %d as computed)",
			row.headerPeriod, header.Within, header.N, header.AsComputed)
		if header.Justified() && row.headerPeriod == row.log.period {
			e.ExplainedBy(ledger.FromInput(), headerWords+", it is the paper's")
		} else {
			e.Measured(fmt.Sprintf("%s; %d of our %d jobs submitted outside the paper's months; %s", row.dates, row.outside, row.jobs, headerWords))
		}
		e.AsCheck(basis)
	}
}

// jobsReason says why our job count differs from Table 6's: when one
// cleaning filter of our header removed exactly the jobs we lack (a single
// filter, never a sum chosen to fit), that measured count; otherwise only
// that our version is another than the paper's.
func (row logRow) jobsReason() string {
	for _, f := range row.filters {
		if row.jobs+f.Removed == row.log.jobs {
			return fmt.Sprintf("another version of the log: ours, %s, lacks exactly the jobs of its header's cleaning filter %q (%d + %d = %d, the paper's count): the paper's %s is without that filter",
				row.name, f.Text, row.jobs, f.Removed, row.log.jobs, row.log.file)
		}
	}
	return fmt.Sprintf("another version of the log: ours is %s (%+d jobs), the paper's %s", row.name, row.jobs-row.log.jobs, row.log.file)
}

// procsReason says why our processor count differs from Table 6's when
// the archive's description of the machine gives the paper's count
// (archiveProcs): our header counts the processors the log's jobs use, the
// paper the machine's batch partition. "" otherwise.
func (row logRow) procsReason() string {
	a, ok := archiveProcs[row.log.catalog]
	if !ok || a.procs != row.log.procs {
		return ""
	}
	return fmt.Sprintf("another version's processor count: %s; the paper's %d (%s) is that partition, ours, %d, the header of %s",
		a.says, a.procs, row.log.file, row.procs, row.name)
}

// periodHolds reports whether our first and last submission fall in the
// months of the paper's period, in local time or in UTC.
func (row logRow) periodHolds() bool {
	return row.period == row.log.period || row.periodUTC == row.log.period
}
