package lublin2003

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/lublin"
)

// LogsResult is §2: the paper's logs next to ours, and what the counts
// say of our versions (versionOf).
type LogsResult struct {
	// Frame has one row per log of the paper: log, trace (ours, "" when
	// not available), nodes (the header's), jobs and completed (in the
	// paper's period; all three missing when not available), first and
	// last (the months of the first and last submission of our whole
	// log), stand_in (our version is another than the paper's, by the
	// counts).
	Frame dataframe.DataFrame
	rows  []logRow
}

type logRow struct {
	log                    paperLog
	ok                     bool
	name                   string
	nodes, jobs, completed int    // jobs in the paper's period
	first, last            string // of our whole log: "January 1996"
	// partitions are the nodes the header's MaxNodes line lists by use
	// ("400 (48 interactive, 352 batch, 6 service, 10 I/O)"), nil if none.
	partitions map[string]int
	// removed counts the jobs the archive's cleaning filters removed from
	// the paper's period (the header's filters), with the filters.
	removed int
	filters []string
	// maxInteractive and maxBatch are the largest sizes of the log's
	// interactive and other jobs (logs with an interactive queue).
	maxInteractive, maxBatch int
	// periodFirst and periodLast are the span of the jobs in the paper's
	// period, before the jobs of our log before that period.
	periodFirst, periodLast string
	before                  int
	// selections are the counts of other selections of the paper's period
	// (the sensitivity of a count that differs), each saying whether the
	// paper's text allows it.
	selections []ledger.Selection
	// header says which version our log is: its header's Version and
	// Conversion lines.
	header  string
	version logVersion
}

// logText is what §2 says of each log: its machine's nodes, its completed
// jobs and its period, with the words they come from.
var logText = map[string]struct {
	nodes                  int
	nodesQuote             string
	completed              int
	completedQuote         string
	first, last, spanQuote string
	// longer: the paper's period is the most recent part of a longer log.
	longer bool
}{
	"SDSC96": {nodes: 416, nodesQuote: "This mahine has 416 nodes"},
	"KTH": {nodes: 100, nodesQuote: "the 100-node IBM SP2", completed: 16221,
		completedQuote: "The log ontains 16221 jobs that ompleted suessfully",
		first:          "October 1996", last: "August 1997", spanQuote: "inthe period of Otober 1996 to August 1997"},
	"LANL": {nodes: 1024, nodesQuote: "the 1024-node Connetion Mahine CM-5", completed: 36306,
		completedQuote: "ontains36306 jobs that ompleted suessfully",
		first:          "January 1996", last: "September 1996", longer: true,
		spanQuote: "the full log is longer, but we only used the mostreent part"},
}

// paperCount is the number of completed jobs the paper gives for a log's
// period, where (the text it comes from), and whether the paper's count
// is a lower bound: SDSC96's is §8.2's 17807 interactive plus "a bit more
// than 20000" batch jobs.
func paperCount(log string) (n int, where string, atLeast bool) {
	switch log {
	case "SDSC96":
		return 17807 + 20000, "§8.2: 17807 interactive and a bit more than 20000 batch jobs in 1996", true
	case "KTH", "LANL":
		return logText[log].completed, "§2", false
	}
	return 0, "", false
}

// logVersion is what the counts say of our version of a paper log.
type logVersion struct {
	// standIn: our log stands in for the paper's by the counts
	// (ledger.InputRule), so every claim resting on its completed jobs is
	// not comparable.
	standIn bool
	// cleaned: the jobs the archive's cleaning removed from the paper's
	// period make up the difference (ledger.InputCount.MadeUpByCleaning),
	// so taking a set of their size out of ours measures how far such a
	// difference moves a value (reach).
	cleaned bool
	// evidence states the counts; short, for the cells of a stand-in,
	// names the difference and where §2's entries give the counts.
	evidence, short string
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
				whole, err := study.Log(l.Catalog)
				if err != nil {
					return nil, err
				}
				if err := row.read(tr, whole); err != nil {
					return nil, err
				}
			}
			r.rows = append(r.rows, row)
		}
		r.Frame = r.frame()
		return r, nil
	})
}

// read fills the row from tr, our log cut to the paper's period, and our
// whole log; an error for a header it cannot read.
func (row *logRow) read(tr, whole *datasets.Trace) error {
	row.ok, row.name, row.jobs = true, whole.Name, tr.Len()
	row.nodes = tr.Header.MaxNodes
	for _, st := range tr.Status {
		if st == datasets.StatusCompleted {
			row.completed++
		}
	}
	row.first, row.last = months(whole)
	row.periodFirst, row.periodLast = months(tr)
	row.before = whole.Len() - tr.Len()
	row.partitions = partitions(tr.Header)
	var err error
	if row.removed, row.filters, err = removedIn(tr); err != nil {
		return err
	}
	row.maxInteractive, row.maxBatch = classSizes(tr)
	paper, where, atLeast := paperCount(row.log.Paper)
	if paper == 0 {
		return nil
	}
	row.selections = selectionCounts(tr, row.log.Paper)
	row.header = headerVersion(whole.Header)
	row.version = versionOf(row, paper, where, atLeast)
	return nil
}

// selectionCounts counts other selections of the jobs of tr (paper log
// paper), each marked by whether the paper's text allows it (§1.1 leaves
// out jobs killed for exceeding their bounds and runs repeated before one
// completed; §2 states no size or runtime cut): every job whatever its
// status, the completed parallel jobs, the completed jobs above a few
// runtimes (not allowed), the completed jobs that ran within their
// requested time (an unknown request counts as met), the completed jobs
// less exact repeats (same user, submit time, runtime and processors),
// and for KTH the completed jobs less those the site's runtime limits
// would have stopped (kthStoppedByLimits; allowed).
func selectionCounts(tr *datasets.Trace, paper string) []ledger.Selection {
	completed, parallel, withinRequest := 0, 0, 0
	type job struct {
		user, procs     int
		submit, runtime float64
	}
	seen := map[job]bool{}
	for i, st := range tr.Status {
		if st != datasets.StatusCompleted {
			continue
		}
		completed++
		if tr.Procs[i] > 1 {
			parallel++
		}
		if !(tr.Runtime[i] > tr.ReqTime[i]) {
			withinRequest++
		}
		seen[job{tr.User[i], tr.Procs[i], tr.Submit[i], tr.Runtime[i]}] = true
	}
	out := []ledger.Selection{{Name: "every job, whatever its status", N: tr.Len()}, {Name: "completed on more than one processor", N: parallel}}
	for _, sec := range []float64{10, 20, 30} {
		n := 0
		for i, st := range tr.Status {
			if st == datasets.StatusCompleted && tr.Runtime[i] > sec {
				n++
			}
		}
		out = append(out, ledger.Selection{Name: fmt.Sprintf("completed, runtime > %.0f s", sec), N: n})
	}
	out = append(out, ledger.Selection{Name: "completed within the requested time", N: withinRequest, Allowed: true},
		ledger.Selection{Name: "completed, exact repeats (user, submit time, runtime, processors) counted once", N: len(seen), Allowed: true})
	if paper == "KTH" {
		over, across, stopped := kthStoppedByLimits(tr)
		out = append(out, ledger.Selection{Name: fmt.Sprintf("completed, less those the site's runtime limits (the archive's KTH page, until 15 July 1997) "+
			"would have stopped: %d beyond the limit in force at their start (4 h weekdays 07–16, 15 h weekday nights, 60 h weekends), "+
			"%d across a weekday 07:00 or 16:00 before 6 June 1997", over, across), N: completed - stopped, Allowed: true})
	}
	return out
}

// headerVersion returns our header's Version and Conversion lines: "Version
// 2.2; Conversion: … 01 Jan 2012".
func headerVersion(h datasets.Header) string {
	var out []string
	for _, line := range h.Lines {
		k, v, ok := strings.Cut(line, ":")
		if k = strings.TrimSpace(k); ok && (k == "Version" || k == "Conversion") {
			out = append(out, k+": "+strings.TrimSpace(v))
		}
	}
	return strings.Join(out, "; ")
}

// versionOf applies ledger.InputRule to our version of a log: the paper's
// count of its completed jobs (from where; a lower bound when atLeast),
// ours in the paper's period, the jobs the cleaning removed, the other
// selections.
func versionOf(row *logRow, paper int, where string, atLeast bool) logVersion {
	c := ledger.InputCount{What: "completed jobs in its period (" + where + ")", Paper: paper, AtLeast: atLeast,
		Ours: row.completed, Removed: row.removed, Others: row.selections}
	removed := ""
	if row.removed > 0 {
		removed = " (" + strings.Join(row.filters, "; ") + ")"
	}
	v := logVersion{standIn: c.StandsIn(), cleaned: c.MadeUpByCleaning(),
		evidence: fmt.Sprintf("our %s: %s%s; our header (the paper is of 2003): %s", row.log.Catalog, c.Evidence(), removed, row.header)}
	bound := ""
	if atLeast {
		bound = "at least "
	}
	switch {
	case v.standIn && v.cleaned:
		v.short = fmt.Sprintf("our %s is another version than the paper's, without %d jobs of the paper's period that the archive's cleaning removed since "+
			"(the paper counts %s%d completed jobs, ours %d: logs/%s in §2)", row.log.Catalog, row.removed, bound, paper, row.completed, row.log.Paper)
	case v.standIn:
		v.short = fmt.Sprintf("our %s is another input than the paper's: the paper counts %s%d completed jobs in its period, ours %d (%+.1f%%), "+
			"which neither the archive's cleaning (%d jobs removed) nor a selection the paper's text allows makes up; our header (the paper is of 2003): %s (logs/%s in §2)",
			row.log.Catalog, bound, paper, row.completed, 100*c.Difference(row.completed), row.removed, row.header, row.log.Paper)
	}
	return v
}

var partitionRE = regexp.MustCompile(`(\d+) (interactive|batch|service|I/O)`)

// partitions reads the nodes of each use from the header's MaxNodes line,
// e.g. SDSC-Par-1996's "400 (48 interactive, 352 batch, 6 service, 10
// I/O)"; nil when the line lists none.
func partitions(h datasets.Header) map[string]int {
	for _, line := range h.Lines {
		k, v, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(k) != "MaxNodes" {
			continue
		}
		out := map[string]int{}
		for _, m := range partitionRE.FindAllStringSubmatch(v, -1) {
			n, _ := strconv.Atoi(m[1]) // \d+ of a header line: at most a few digits
			out[m[2]] = n
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// removedIn counts the jobs the cleaning filters removed within the span
// of tr's job numbers (a filter without a job range counts whole), and
// lists those filters; an error for a filter line of the header it cannot
// read.
func removedIn(tr *datasets.Trace) (int, []string, error) {
	if tr.Len() == 0 {
		return 0, nil, nil
	}
	filters, err := tr.Header.CleaningFilters()
	if err != nil {
		return 0, nil, fmt.Errorf("lublin2003: %s: %w", tr.Name, err)
	}
	lo, hi := slices.Min(tr.JobID), slices.Max(tr.JobID)
	n := 0
	var fs []string
	for _, c := range filters {
		if !c.Meets(lo, hi) {
			continue
		}
		n += c.Removed
		fs = append(fs, fmt.Sprintf("%s: %d", c.Condition, c.Removed))
	}
	return n, fs, nil
}

// classSizes returns the largest size of the interactive jobs (the
// header's interactive queues) and of the others; 0, 0 without an
// interactive queue.
func classSizes(tr *datasets.Trace) (interactive, batch int) {
	qs := lublin.InteractiveQueues(tr)
	if qs == nil {
		return 0, 0
	}
	for i, p := range tr.Procs {
		switch {
		case tr.Queue[i] < 0:
		case slices.Contains(qs, tr.Queue[i]):
			interactive = max(interactive, p)
		default:
			batch = max(batch, p)
		}
	}
	return interactive, batch
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
	var nodes, jobs, completed []float64 // NaN: a log we do not have
	var standIn []bool
	for _, row := range r.rows {
		logs, names, first, last = append(logs, row.log.Paper), append(names, row.name), append(first, row.first), append(last, row.last)
		n, j, c := math.NaN(), math.NaN(), math.NaN()
		if row.ok {
			n, j, c = float64(row.nodes), float64(row.jobs), float64(row.completed)
		}
		nodes, jobs, completed = append(nodes, n), append(jobs, j), append(completed, c)
		standIn = append(standIn, row.version.standIn)
	}
	return dataframe.New(series.New(logs, series.String, "log"), series.New(names, series.String, "trace"),
		series.New(nodes, series.Int, "nodes"), series.New(jobs, series.Int, "jobs"),
		series.New(completed, series.Int, "completed"), series.New(first, series.String, "first"),
		series.New(last, series.String, "last"), series.New(standIn, series.Bool, "stand_in"))
}

// versionOf returns what the counts say of our version of l (zero when
// the log is not available or the paper gives no count).
func (r *LogsResult) versionOf(l paperLog) logVersion {
	for _, row := range r.rows {
		if row.log == l {
			return row.version
		}
	}
	return logVersion{}
}

// Claims compares §2's description of the logs with ours: the machine
// sizes and SDSC's partitions exactly (the header's), the completed jobs
// in the paper's period exactly (printed counts: the tolerance rule gives
// ±0.5), the periods of our whole logs. A count that differs says what
// the counts show of our version (versionOf): the jobs the archive's
// cleaning removed, when they make up the difference, or else the counts
// of other selections (in our value: the count stays unexplained).
//
// Every entry of the paper is a check (inputBasis), as zakay2013's Table I
// is: §2 describes the paper's input, and its agreement says our copy is
// that input, not that a result is reproduced.
func (r *LogsResult) Claims(l *ledger.Ledger) {
	for _, row := range r.rows {
		t, known := logText[row.log.Paper]
		id := "logs/" + row.log.Paper + "/"
		if row.log.Paper == "SDSC95" {
			l.MissingLog("§2", "logs/SDSC95+96/completed", "SDSC95 and SDSC96: successful jobs", "113515", "SDSC95", sdsc95).
				Quoting("the total is 113515 suessful jobs").AsCheck(inputBasis)
			l.MissingLog("§8.2", "classes/SDSC95/interactive-jobs", "SDSC95: interactive jobs", "55208", "SDSC95", sdsc95).
				Quoting("from 55208 jobs to 17807 jobs").AsCheck(inputBasis)
		}
		if !known || !row.ok {
			continue
		}
		nodes, nodesHow := row.nodes, "the header's MaxNodes"
		if row.partitions != nil {
			nodes, nodesHow = 0, "the header's MaxNodes line, every partition:"
			for _, use := range []string{"interactive", "batch", "service", "I/O"} {
				nodes += row.partitions[use]
				nodesHow += fmt.Sprintf(" %d %s", row.partitions[use], use)
			}
		}
		l.Check("§2", id+"nodes", fmt.Sprintf("%s: nodes of the machine (%s)", row.log.Paper, nodesHow), ledger.Printed(fmt.Sprint(t.nodes), 0),
			float64(nodes)).Quoting(t.nodesQuote).InTable("§2", row.log.Paper, "nodes").AsCheck(inputBasis)
		if row.log.Paper == "SDSC96" {
			r.sdscClaims(l, row)
		}
		if t.completed == 0 {
			continue
		}
		e := l.Check("§2", id+"completed", row.log.Paper+": jobs that completed successfully, in the paper's period", ledger.Printed(fmt.Sprint(t.completed), 0),
			float64(row.completed)).Quoting(t.completedQuote).InTable("§2", row.log.Paper, "completed jobs").AsCheck(inputBasis)
		// The jobs the cleaning removed, counted back, are an input fact
		// that explains the count; a version that differs otherwise only
		// restates the difference (a measurement, not a reason).
		if row.version.standIn && row.version.cleaned {
			e.ExplainedBy(ledger.FromInput(), row.version.evidence)
		} else {
			e.Measured(row.version.evidence)
		}
		if t.longer {
			l.Claim("§2", id+"period", fmt.Sprintf("%s: the full log is longer; %s to %s is its most recent part", row.log.Paper, t.first, t.last),
				row.before > 0 && row.last == t.last && row.periodFirst == t.first && row.periodLast == t.last,
				fmt.Sprintf("our whole log spans %s to %s, %d jobs before %s", row.first, row.last, row.before, t.first)).Quoting(t.spanQuote).AsCheck(inputBasis)
			continue
		}
		l.Claim("§2", id+"period", fmt.Sprintf("%s: the log spans %s to %s", row.log.Paper, t.first, t.last),
			row.first == t.first && row.last == t.last, fmt.Sprintf("first submission %s, last %s", row.first, row.last)).
			Quoting(t.spanQuote).
			ExplainedBy(ledger.FromInput(), fmt.Sprintf("our version has %d jobs before %s, which the paper's period leaves out (our fits too); from %s on it spans %s to %s",
				row.before, t.first, t.first, row.periodFirst, row.periodLast)).AsCheck(inputBasis)
	}
}

// inputBasis is why the paper's description of its logs (§2, §8.2's class
// counts) is checked, not counted: it describes the input.
const inputBasis = "our copy of the log against the paper's description of its input: a precondition of the other items, not a result"

// sdscClaims records what §2 and §8.2 say of SDSC96: the partitions of
// 352 batch and 48 interactive nodes (the header's; whether the largest
// jobs of each class fit their partition is ours), and its share of the 113515 jobs of
// the two years ("about two thirds of the jobs in the first year", read:
// 2/3 ± 0.05, so 1996 has 28.3%–38.3%).
func (r *LogsResult) sdscClaims(l *ledger.Ledger, row logRow) {
	for _, p := range []struct {
		use, quote string
		nodes      int
		largest    int
	}{{"batch", "352 onstitute the bath partition", 352, row.maxBatch},
		{"interactive", "48 are in theinterative partition", 48, row.maxInteractive}} {
		if row.partitions == nil {
			l.Unavailable("§2", "logs/SDSC96/"+p.use+"-nodes", "SDSC96: nodes of the "+p.use+" partition", fmt.Sprint(p.nodes),
				"the header of our version lists no partitions").AsCheck(inputBasis)
			continue
		}
		l.Check("§2", "logs/SDSC96/"+p.use+"-nodes", "SDSC96: nodes of the "+p.use+" partition (the header's MaxNodes line)",
			ledger.Printed(fmt.Sprint(p.nodes), 0), float64(row.partitions[p.use])).Quoting(p.quote).AsCheck(inputBasis)
		l.OwnClaim("§2", "logs/SDSC96/"+p.use+"-fits", fmt.Sprintf("SDSC96: every %s job fits the %d-node %s partition (our inference from the partition sizes)", p.use, p.nodes, p.use),
			p.largest <= p.nodes, fmt.Sprintf("the largest %s job has %d processors", p.use, p.largest))
	}
	const total = 113515
	// "About a third" is a likeness without a printed number
	// (ledger.WordRule): within the likeness factor of 113515/3.
	third := ledger.Like("about a third of 113515", total/3.0, 0)
	lo := total / 3.0 / ledger.LikeFactor // the band's lower end
	e := l.Check("§2", "logs/SDSC96/completed", "SDSC96: successful jobs, the second year's share of SDSC's 113515",
		third, float64(row.completed)).
		Quoting("about two thirds of thejobs").AsCheck(inputBasis)
	if row.removed > 0 && float64(row.completed) < lo && float64(row.completed+row.removed) >= lo {
		e.ExplainedBy(ledger.FromInput(), fmt.Sprintf("the archive's cleaning removed %d jobs from our version (%s): counted back as completed, ours is at most %d, within",
			row.removed, strings.Join(row.filters, "; "), row.completed+row.removed))
	}
}
