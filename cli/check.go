package cli

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/tracelab/tracelab/analytics/quality"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/infile"
	"github.com/tracelab/tracelab/tables"
)

func init() {
	register(&command{name: "check",
		usage: "[LOG] [--examples 5] [--flurry-share 0.5] [--flurry-spike 2] [--flurry-ratio 10] [--flurry-size 5]\n" +
			"       [--flurry-gap 2] [--format table|csv|json]",
		summary: "data-quality report: missing, inconsistent and erroneous data, configuration changes, flurries " +
			"(Feitelson, Tsafrir & Krakov 2014), each with counts, example jobs and the filter that removes it",
		run: runCheck})
}

func runCheck(e *env, args []string) error {
	fs := e.newFlags("check")
	format := formatFlag(fs)
	examples := intFlag(fs, "examples", 5, 1, 100, "", "job numbers listed per anomaly")
	share := floatFlag(fs, "flurry-share", 0.5, floatRange{lo: 0, hi: 1, openLo: true},
		"flurry: least share of a day's jobs the user submits on a burst day")
	many := floatRange{lo: 0, hi: 1e6, openLo: true}
	spike := floatFlag(fs, "flurry-spike", 2, many, "flurry: least jobs of the user on a burst day, in median days of the log")
	ratio := floatFlag(fs, "flurry-ratio", 10, many, "flurry: least jobs of the user on a burst day, in the user's usual active days")
	size := floatFlag(fs, "flurry-size", 5, many, "flurry: least jobs of a flurry, in median days of the log")
	gap := intFlag(fs, "flurry-gap", 2, 0, 366, "", "flurry: most quiet days between two burst days of one flurry")
	logArg, err := parseLogCommand(fs, format, args)
	if err != nil {
		return err
	}
	r, err := checkLog(e, logArg, quality.Options{Examples: *examples,
		Flurries: quality.FlurryOptions{Share: *share, Spike: *spike, Ratio: *ratio, Size: *size, Gap: *gap, NoGap: *gap == 0}})
	if err != nil {
		return err
	}
	switch *format {
	case "json":
		return writeRecord(e.stdout, "json", checkRecord(r))
	case "csv":
		return writeFrame(e.stdout, "csv", r.Frame())
	}
	return writeCheckTable(e.stdout, r)
}

// checkLog checks LOG (loadLog's names). A log file is checked in a
// stream (quality.CheckStream, reading it two to four times), without
// holding its trace: 1.44 GB for 10 M jobs. The trace is read whole and
// checked (quality.Check) for the embedded sample, standard input (which
// cannot be read twice), and a log CheckStream does not check
// (quality.ErrNotStreamed: partial-execution records, submit times out of
// order, more jobs than TRACELAB_MAX_JOBS, which the reader then refuses
// with its own message). The report is the same either way. A file that
// changes between the readings is an error (CheckStream), never a report
// of two versions mixed; a named pipe given as a path is read once, whole.
func checkLog(e *env, arg string, opts quality.Options) (*quality.Report, error) {
	if path := logPath(arg); e.load == nil && path != "" && path != "sample" && path != stdinLog {
		l, err := logLoader(e)
		if err != nil {
			return nil, err
		}
		n := l.Options.MaxRows
		if file, err := l.Path(path); err == nil {
			if st, err := os.Stat(file); err == nil && st.Mode().IsRegular() {
				ropts := l.Options
				ropts.Name = file
				r, err := quality.CheckStream(datasets.LogName(file), scanRegular(file, ropts), n, opts)
				if !errors.Is(err, quality.ErrNotStreamed) {
					return r, err
				}
			}
		}
	}
	tr, err := loadLog(e, arg)
	if err != nil {
		return nil, err
	}
	return quality.Check(tr, opts)
}

// scanRegular returns CheckStream's scan of the log file at path: each
// reading opens it again as a regular file (infile.Open), so a file
// replaced by a named pipe between two readings is an error, not a
// reading that waits for a writer. A file changed between the readings is
// CheckStream's error.
func scanRegular(path string, opts datasets.ReadOptions) func(datasets.JobWriter) (*datasets.ReadReport, error) {
	return func(w datasets.JobWriter) (*datasets.ReadReport, error) {
		f, err := infile.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return datasets.Scan(f, opts, w)
	}
}

// checkRecord is the JSON form of a report: the log, its jobs and the rows
// read (quality.Report.Rows), the machine size the checks used, every
// anomaly — with its share (quality.Report.Share, null when there is no
// row to divide by) and whether its rows were left out by the reader (the
// share is then of the rows read, not of the jobs) — and every flurry with
// its --rb argument.
func checkRecord(r *quality.Report) record {
	anomalies := make([]record, len(r.Anomalies))
	for k, a := range r.Anomalies {
		ex := a.Examples
		if ex == nil {
			ex = []int{}
		}
		anomalies[k] = record{{"category", a.Category}, {"kind", a.Kind}, {"jobs", a.Jobs}, {"share", r.Share(a)},
			{"left_out", a.LeftOut}, {"examples", ex}, {"filter", a.Filter}, {"detail", a.Detail}}
	}
	flurries := make([]record, len(r.Flurries))
	for k, f := range r.Flurries {
		flurries[k] = record{{"user", f.User}, {"begin", f.Begin}, {"end", f.End}, {"first_job", f.FirstJob},
			{"last_job", f.LastJob}, {"jobs", f.Jobs}, {"burst_days", f.BurstDays}, {"share", f.Share},
			{"peak_day", f.PeakDay}, {"usual", f.Usual}, {"log_day", f.LogDay}, {"filter", f.Filter()}, {"rb", f.RB()}}
	}
	return record{{"log", r.Log}, {"jobs", r.Jobs}, {"rows", r.Rows}, {"procs", r.Machine.Procs}, {"procs_rule", r.Machine.Rule.String()},
		{"anomalies", anomalies}, {"flurries", flurries}}
}

// writeCheckTable prints the anomalies as a table, then each one's detail,
// then the --rb arguments of the flurries. The share column is
// quality.Report.Share in percent: of the jobs in the trace, except for
// rows the reader left out (e.g. unreadable_submit), which are not in the
// trace: of the rows read (jobs plus rows left out). A line under the
// table says so when such rows are listed.
func writeCheckTable(w io.Writer, r *quality.Report) error {
	fmt.Fprintf(w, "%s: %d jobs, machine of %v\n\n", r.Log, r.Jobs, r.Machine)
	if len(r.Anomalies) == 0 {
		fmt.Fprintln(w, "no anomaly found")
		return nil
	}
	tw := newTable(w, 0)
	fmt.Fprintln(tw, "category\tkind\tjobs\tshare\texamples\tfilter")
	var leftOut []string
	for _, a := range r.Anomalies {
		share := "-" // no row to divide by
		if s := r.Share(a); !math.IsNaN(s) {
			share = fmt.Sprintf("%.2f%%", 100*s)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\n", a.Category, a.Kind, a.Jobs, share, joinInts(a.Examples), a.Filter)
		if a.LeftOut {
			leftOut = append(leftOut, a.Kind)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(leftOut) > 0 {
		fmt.Fprintf(w, "\nshare: of the %d jobs in the trace; for rows the reader left out (%s), of the %d rows read\n",
			r.Jobs, strings.Join(leftOut, ", "), r.Rows)
	}
	fmt.Fprintln(w)
	for _, a := range r.Anomalies {
		fmt.Fprintf(w, "%s: %s\n", a.Kind, a.Detail)
	}
	if len(r.Flurries) > 0 {
		rb := make([]string, len(r.Flurries))
		for k, f := range r.Flurries {
			rb[k] = "--rb " + f.RB()
		}
		fmt.Fprintf(w, "\nflurries as rare behaviours for resampling (tracelab resample, sweep):\n  %s\n", strings.Join(rb, " "))
	}
	return nil
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for k, x := range v {
		s[k] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// checkReportRows is the "Data quality" section of tracelab report: one
// row per anomaly (kind, then count, filter and detail), or the error.
func checkReportRows(t *datasets.Trace) [][2]string {
	r, err := quality.Check(t, quality.Options{})
	if err != nil {
		return [][2]string{{"check", err.Error()}}
	}
	if len(r.Anomalies) == 0 {
		return [][2]string{{"check", "no anomaly found"}}
	}
	rows := make([][2]string, len(r.Anomalies))
	for k, a := range r.Anomalies {
		v := tables.Count(a.Jobs) + " jobs"
		if a.Filter != "" {
			v += "; filter: " + a.Filter
		}
		rows[k] = [2]string{anomalyLabel(a), v + "; " + a.Detail}
	}
	return rows
}

// anomalyLabel names an anomaly for the report: its category, then its
// kind without the category's prefix ("Missing: req_mem", "Flurry").
func anomalyLabel(a quality.Anomaly) string {
	label := strings.ToUpper(a.Category[:1]) + a.Category[1:]
	if kind := strings.TrimPrefix(a.Kind, a.Category+"_"); kind != a.Category {
		label += ": " + kind
	}
	return label
}
