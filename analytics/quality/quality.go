package quality

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/clip"
)

// Categories of anomaly, in report order (the headings of Feitelson,
// Tsafrir and Krakov 2014).
const (
	Missing       = "missing"
	Inconsistent  = "inconsistent"
	Erroneous     = "erroneous"
	Configuration = "configuration"
	FlurryClass   = "flurry"
)

var categoryOrder = map[string]int{Missing: 0, Inconsistent: 1, Erroneous: 2, Configuration: 3, FlurryClass: 4}

// Anomaly is one class of problem found in a log.
type Anomaly struct {
	Category string // Missing, Inconsistent, Erroneous, Configuration or FlurryClass
	Kind     string // e.g. "missing_runtime", "cpu_above_runtime" (see the package doc)
	// Jobs counts the jobs affected; Examples lists up to
	// Options.Examples of their job numbers, in log order.
	Jobs     int
	Examples []int
	// Filter removes the affected jobs, in the archive's notation; empty
	// when no job filter repairs the problem (e.g. a field not recorded).
	Filter string
	// Detail says what was found, in words.
	Detail string
	// LeftOut is set when the affected rows are ones the reader left out
	// (placeholder rows, submit times out of range or unreadable): they
	// are not in the trace, so Jobs counts rows read, and Report.Share
	// divides it by Report.Rows rather than Report.Jobs.
	LeftOut bool
}

// Options controls Check. The zero value gives the defaults.
type Options struct {
	// Examples is the most job numbers listed per anomaly; 0 means 5.
	Examples int
	// Flurries holds the flurry detector's thresholds.
	Flurries FlurryOptions
}

// Report is the outcome of Check.
type Report struct {
	Log string
	// Jobs counts the jobs in the trace; Rows the job rows read: Jobs
	// plus the rows the reader left out (datasets.ReadReport's
	// PlaceholdersSkipped, OutOfRangeSkipped, UnreadableSkipped,
	// FieldCountSkipped and PartialRecordsSkipped, the last being parts of
	// jobs whose summary line is in the trace).
	// Rows equals Jobs for a trace not read from SWF.
	Jobs int
	Rows int
	// Machine is the machine size the checks used (the header's; an
	// inferred size is not checked against).
	Machine datasets.Machine
	// Anomalies lists what was found, by category in report order, then
	// by kind.
	Anomalies []Anomaly
	// Flurries are DetectFlurries' findings (each is also an anomaly).
	Flurries []Flurry
}

// Check runs every detector of the package on t and returns what it
// found. Only classes with at least one affected job are listed.
func Check(t *datasets.Trace, opts Options) (*Report, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	switch {
	case opts.Examples < 0:
		return nil, fmt.Errorf("quality: Examples %d, want ≥ 0", opts.Examples)
	case opts.Examples == 0:
		opts.Examples = 5
	}
	c := &checker{t: t, n: opts.Examples, r: &Report{Log: t.Name, Jobs: t.Len(), Rows: t.Len(), Machine: t.Machine()}}
	if rep := t.Report; rep != nil {
		c.r.Rows += rep.PlaceholdersSkipped + rep.OutOfRangeSkipped + rep.UnreadableSkipped + rep.FieldCountSkipped +
			rep.PartialRecordsSkipped
	}
	c.missing()
	c.inconsistent()
	c.readWarnings()
	c.erroneous()
	c.configuration()
	c.sched = nil // the last user of the schedule: let it go before DetectFlurries
	c.flurries(DetectFlurries(t, opts.Flurries))
	c.sortAnomalies()
	return c.r, nil
}

// flurries adds the flurries found to the report, each also as an anomaly.
func (c *checker) flurries(fl []Flurry) {
	c.r.Flurries = fl
	for _, f := range fl {
		c.add(Anomaly{Category: FlurryClass, Kind: "flurry", Jobs: f.Jobs, Examples: []int{f.FirstJob, f.LastJob},
			Filter: f.Filter(),
			Detail: fmt.Sprintf("user %d: %d jobs from %s to %s (%.0f%% of the jobs then), %d on its peak day; "+
				"usual %.3g jobs per active day, log median %.3g per day; --rb %s",
				f.User, f.Jobs, c.date(f.Begin), c.date(f.End), 100*f.Share, f.PeakDay, f.Usual, f.LogDay, f.RB())})
	}
}

// sortAnomalies puts the anomalies in report order (by category, stable).
func (c *checker) sortAnomalies() {
	slices.SortStableFunc(c.r.Anomalies, func(a, b Anomaly) int {
		return categoryOrder[a.Category] - categoryOrder[b.Category]
	})
}

// checker holds the state of one Check.
type checker struct {
	t     *datasets.Trace
	n     int // examples per anomaly
	r     *Report
	sched *schedule
}

// schedule returns the sweep of the trace's usage (sweepSchedule), done
// once: capacity and ceiling are the header's machine size, if any.
func (c *checker) schedule() *schedule {
	if c.sched == nil {
		capacity := math.MaxInt
		if m := c.r.Machine; m.Rule == datasets.SizeHeaderMaxProcs || m.Rule == datasets.SizeHeaderMaxNodes {
			capacity = m.Procs
		}
		c.sched = sweepSchedule(c.t, capacity, capacity)
	}
	return c.sched
}

func (c *checker) add(a Anomaly) { c.r.Anomalies = append(c.r.Anomalies, a) }

// rows adds an anomaly for the jobs i with bad(i), if any.
func (c *checker) rows(category, kind, filter, detail string, bad func(i int) bool) {
	a := Anomaly{Category: category, Kind: kind, Filter: filter, Detail: detail}
	for i := range c.t.JobID {
		if bad(i) {
			a.Jobs++
			if len(a.Examples) < c.n {
				a.Examples = append(a.Examples, c.t.JobID[i])
			}
		}
	}
	if a.Jobs > 0 {
		c.add(a)
	}
}

// date formats a trace time in the log's zone, to the second.
func (c *checker) date(sec float64) string {
	if math.IsNaN(sec) || math.IsInf(sec, 0) {
		return "?"
	}
	return c.t.WallTime(sec).Format(time.DateTime)
}

func (c *checker) missing() {
	t := c.t
	nan := func(v []float64) func(int) bool { return func(i int) bool { return math.IsNaN(v[i]) } }
	neg := func(v []int) func(int) bool { return func(i int) bool { return v[i] == -1 } }
	fields := []struct {
		name string // SWF field name in the archive's filters
		bad  func(int) bool
	}{
		{"wait", nan(t.Wait)}, {"runtime", nan(t.Runtime)}, {"procs", neg(t.Procs)}, {"cpu_time", nan(t.CPUTime)},
		{"mem", nan(t.Mem)}, {"req_procs", neg(t.ReqProcs)}, {"req_time", nan(t.ReqTime)}, {"req_mem", nan(t.ReqMem)},
		{"status", neg(t.Status)}, {"user", neg(t.User)}, {"group", neg(t.Group)}, {"app", neg(t.App)},
		{"queue", neg(t.Queue)}, {"partition", neg(t.Partition)},
	}
	for _, f := range fields {
		k := 0
		for i := range t.JobID {
			if f.bad(i) {
				k++
			}
		}
		switch {
		case k == 0:
		case k == t.Len():
			c.add(Anomaly{Category: Missing, Kind: "missing_" + f.name, Jobs: k,
				Detail: f.name + " is not recorded (−1 for every job): analyses that need it do not apply"})
		default:
			c.rows(Missing, "missing_"+f.name, f.name+"=-1",
				fmt.Sprintf("%s unknown (−1) for %.2f%% of the jobs", f.name, 100*float64(k)/float64(t.Len())), f.bad)
		}
	}
	if rep := t.Report; rep != nil && rep.PlaceholdersSkipped > 0 {
		c.add(Anomaly{Category: Missing, Kind: "missing_submit", Jobs: rep.PlaceholdersSkipped, Filter: "submit=-1",
			Detail: "placeholder records without a submit time, left out by the reader", LeftOut: true})
	}
}

func (c *checker) inconsistent() {
	t := c.t
	// The reader's rule (datasets.WarnCPUExceedsRuntime).
	c.rows(Inconsistent, "cpu_above_runtime", "cpu_time>runtime",
		"average CPU time per processor above the runtime by more than max(60 s, 1%): total CPU time above runtime × processors",
		func(i int) bool { return datasets.CPUExceedsRuntime(t.CPUTime[i], t.Runtime[i]) })
	c.rows(Inconsistent, "runtime_above_request", "runtime>req_time",
		"runtime above the requested time: the job outlived its limit",
		func(i int) bool { return t.Runtime[i] > t.ReqTime[i] })
	if m := c.r.Machine; m.Rule == datasets.SizeHeaderMaxProcs || m.Rule == datasets.SizeHeaderMaxNodes {
		c.rows(Inconsistent, "procs_above_machine", fmt.Sprintf("procs>%d or req_procs>%d", m.Procs, m.Procs),
			fmt.Sprintf("more processors, allocated or requested, than the machine's %d (%s)", m.Procs, m.Rule),
			func(i int) bool { return t.Procs[i] > m.Procs || t.ReqProcs[i] > m.Procs })
	}
	if t.Report == nil { // else the reader's negative-value warnings say it (readWarnings)
		c.rows(Inconsistent, "negative_value", "wait<0 or runtime<0 or cpu_time<0 or mem<0 or procs<-1",
			"a negative time, memory or processor count other than −1 (unknown)",
			func(i int) bool {
				return t.Wait[i] < 0 || t.Runtime[i] < 0 || t.CPUTime[i] < 0 || t.Mem[i] < 0 || t.Procs[i] < -1 || t.ReqProcs[i] < -1
			})
	}
	c.rows(Inconsistent, "status_nonstandard", "status<-1 or status>5",
		"status outside the SWF codes (−1 unknown, 0 failed, 1 completed, 2–4 partial, 5 cancelled); analyses that keep "+
			"completed jobs leave these out",
		func(i int) bool { return !datasets.IsStandardStatus(t.Status[i]) })
	dup := duplicateIDs(t)
	if len(dup) > 0 {
		c.rows(Inconsistent, "duplicate_job_id", "",
			"job numbers that occur more than once (every occurrence counted, but partial-execution records, status 2–4, "+
				"which repeat their job's number by SWF's definition, beside their job's summary line)",
			func(i int) bool { return dup[t.JobID[i]] && !datasets.IsPartialRecord(t.Status[i]) })
	}
}

// duplicateIDs returns the job numbers that more than one row other than
// a partial-execution record carries. A repeated number's rows after its
// first are "low": not above every number before them. A log whose
// numbers increase has none and needs no memory; a log with few low rows
// (at most one in eight) holds them, sorted, with a count of every row
// carrying each (16 bytes a low number); otherwise the numbers are copied
// and sorted (8 bytes a job). Only the repeated numbers are kept in the
// set.
func duplicateIDs(t *datasets.Trace) map[int]bool {
	top := math.MinInt
	var low []int
	for i, id := range t.JobID {
		switch {
		case datasets.IsPartialRecord(t.Status[i]):
		case id > top:
			top = id
		case low != nil && len(low) >= t.Len()/8:
			return duplicatesSorted(t)
		default:
			low = append(low, id)
		}
	}
	if len(low) == 0 {
		return nil
	}
	slices.Sort(low)
	low = slices.Compact(low)
	count := make([]int, len(low))
	for i, id := range t.JobID {
		if id > low[len(low)-1] || id < low[0] || datasets.IsPartialRecord(t.Status[i]) {
			continue
		}
		if k, ok := slices.BinarySearch(low, id); ok {
			count[k]++
		}
	}
	dup := map[int]bool{}
	for k, n := range count {
		if n > 1 {
			dup[low[k]] = true
		}
	}
	return dup
}

// duplicatesSorted is duplicateIDs from a sorted copy of the numbers.
func duplicatesSorted(t *datasets.Trace) map[int]bool {
	ids := make([]int, 0, t.Len())
	for i, id := range t.JobID {
		if !datasets.IsPartialRecord(t.Status[i]) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	dup := map[int]bool{}
	for k := 1; k < len(ids); k++ {
		if ids[k] == ids[k-1] {
			dup[ids[k]] = true
		}
	}
	return dup
}

// readerCategory gives the category of each reader warning that Check
// reports as read (the others are found again by Check's own detectors,
// which also work on traces not read from SWF). The reader's negative,
// out-of-range and unreadable values are unknown in the trace: only its
// warnings tell. An unreadable submit time is reported from the report's
// count of rows left out (unreadableSubmit), not from its warning.
var readerCategory = map[datasets.WarningKind]string{
	datasets.WarnNegativeValue:    Erroneous,
	datasets.WarnOutOfRange:       Erroneous,
	datasets.WarnSubmitOutOfRange: Erroneous,
	datasets.WarnUnreadable:       Erroneous,
	datasets.WarnFieldCount:       Erroneous,
	datasets.WarnLongLine:         Erroneous,
	datasets.WarnUnsortedSubmit:   Inconsistent,
	datasets.WarnUnsortedJobID:    Inconsistent,
	datasets.WarnZeroProcs:        Inconsistent,
	datasets.WarnExceedsLimit:     Inconsistent,
	datasets.WarnHeader:           Inconsistent,
	datasets.WarnLateDirective:    Inconsistent,
}

// readWarnings adds the reader's warnings (Trace.Report) of the kinds in
// readerCategory, kind and field as the anomaly's kind.
func (c *checker) readWarnings() {
	if c.t.Report == nil {
		return
	}
	for _, w := range c.t.Report.Warnings {
		cat, ok := readerCategory[w.Kind]
		if !ok || w.Kind == datasets.WarnUnreadable && w.Field == "submit" {
			continue
		}
		kind := strings.ReplaceAll(string(w.Kind), "-", "_")
		if w.Field != "" {
			kind += "_" + w.Field
		}
		a := Anomaly{Category: cat, Kind: kind, Jobs: w.Count, Examples: slices.Clone(w.Examples), Detail: w.String()}
		if len(a.Examples) > c.n {
			a.Examples = a.Examples[:c.n]
		}
		switch w.Kind {
		case datasets.WarnZeroProcs:
			a.Filter = "procs=0"
		case datasets.WarnSubmitOutOfRange: // rows left out (OutOfRangeSkipped)
			a.LeftOut = true
		case datasets.WarnFieldCount: // rows of one field are left out (FieldCountSkipped)
			a.LeftOut = w.Field == "submit"
		case datasets.WarnLongLine: // lines left out (LongLinesSkipped)
			a.LeftOut = true
		}
		c.add(a)
	}
	c.unreadableSubmit()
}

// unreadableSubmit adds the rows the reader left out because their submit
// time is unreadable (ReadReport.UnreadableSkipped; WarnUnreadable, field
// submit) as the anomaly unreadable_submit, citing the first such line and
// its token. These rows are not in the trace: no filter applies, and the
// examples are the job ids as read (−1 when the id was unreadable too).
func (c *checker) unreadableSubmit() {
	rep := c.t.Report
	if rep == nil || rep.UnreadableSkipped == 0 {
		return
	}
	k := rep.UnreadableSkipped
	rows := fmt.Sprintf("%d rows", k)
	if k == 1 {
		rows = "1 row"
	}
	a := Anomaly{Category: Erroneous, Kind: "unreadable_submit", Jobs: k, LeftOut: true,
		Detail: rows + " left out by the reader: the submit time is unreadable, so the job cannot be placed in time"}
	if w, ok := rep.Warning(datasets.WarnUnreadable, "submit"); ok {
		a.Examples = slices.Clone(w.Examples)
		if len(a.Examples) > c.n {
			a.Examples = a.Examples[:c.n]
		}
	}
	for _, v := range rep.Unreadable {
		if v.Field == "submit" && v.Row < 0 {
			a.Detail += fmt.Sprintf("; first at line %d: %q is %v", v.Line, clip.Runes(v.Token, 80), v.Why)
			break
		}
	}
	c.add(a)
}

func (c *checker) erroneous() {
	c.overCapacity()
	c.outsideLoggingPeriod()
}

// overCapacity finds the instants at which the logged schedule holds more
// processors than the header's machine size (utilisation above 100%) and
// the jobs running then.
func (c *checker) overCapacity() {
	m := c.r.Machine
	if m.Rule != datasets.SizeHeaderMaxProcs && m.Rule != datasets.SizeHeaderMaxNodes {
		return
	}
	t := c.t
	u := c.schedule()
	peakAt := u.peakAt
	if u.peak == 0 {
		return
	}
	overBefore := u.above.before // time above capacity before x
	a := Anomaly{Category: Erroneous, Kind: "over_capacity", Detail: c.overDetail(u)}
	var atPeak []int
	for i := range t.JobID {
		s, e := t.Start(i), t.End(i)
		if !(e > s) || t.JobProcs(i) <= 0 {
			continue
		}
		if overBefore(e)-overBefore(s) > 0 {
			a.Jobs++
			if s <= peakAt && peakAt < e && len(atPeak) < c.n {
				atPeak = append(atPeak, t.JobID[i])
			}
		}
	}
	a.Examples = atPeak
	c.add(a)
}

// overDetail is over_capacity's detail of u (u.peak > 0).
func (c *checker) overDetail(u *schedule) string {
	return fmt.Sprintf("the logged schedule holds up to %d processors (at %s), the machine has %d: "+
		"%.1f hours above 100%% utilisation from %s on; no job filter repairs it (replay with --procs %d, or "+
		"treat the period as erroneous)", u.peak, c.date(u.peakAt), c.r.Machine.Procs, u.aboveTime/3600, c.date(u.first), u.peak)
}

// quietGap is the least gap between submits that separates stray records
// from the logging period; leadShare the most jobs (fraction) such a stray
// group may hold. See the package doc.
const (
	quietGap  = 14 * datasets.Day
	leadShare = 0.01
)

// outsideLoggingPeriod finds jobs submitted before the log's time 0, and
// small groups of jobs at either end that a long quiet gap separates from
// the rest.
func (c *checker) outsideLoggingPeriod() {
	t := c.t
	// idx: the rows with a known submit time in submit order (ties in
	// row order); nil when that is every row in row order (a log sorted
	// by submit time), which needs no memory.
	var idx []int
	n := t.Len()
	if !submitSorted(t) {
		idx = make([]int, 0, t.Len())
		for i, s := range t.Submit {
			if !math.IsNaN(s) {
				idx = append(idx, i)
			}
		}
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(t.Submit[a], t.Submit[b]) })
		n = len(idx)
	}
	row := func(k int) int {
		if idx == nil {
			return k
		}
		return idx[k]
	}
	limit := int(leadShare * float64(n))
	lead := 0 // jobs before the last quiet gap among the first 1%
	for k := 1; k <= limit && k < n; k++ {
		if t.Submit[row(k)]-t.Submit[row(k-1)] >= quietGap {
			lead = k
		}
	}
	isBefore := func(i int) bool { return i < lead || t.Submit[i] < 0 }
	if idx != nil {
		before := make([]bool, t.Len())
		for k := range idx {
			if k < lead || t.Submit[idx[k]] < 0 {
				before[idx[k]] = true
			}
		}
		isBefore = func(i int) bool { return before[i] }
	}
	sorted := jobIDsFollowSubmit(t)
	last := -1
	for k := range n {
		if isBefore(row(k)) {
			last = k
		}
	}
	if last >= 0 {
		filter := "submit<0"
		if lead > 0 {
			filter = "submit<" + seconds(t.Submit[row(lead)])
			if sorted {
				filter = "job<=" + strconv.Itoa(t.JobID[row(last)])
			}
		}
		c.rows(Erroneous, "before_logging_period", filter,
			"submitted before the log's start, or separated from the rest of the log by a quiet gap of 14 days or more",
			isBefore)
	}
	trail := n // first job after the first quiet gap among the last 1%
	for k := n - 1; k >= n-limit && k > 0; k-- {
		if t.Submit[row(k)]-t.Submit[row(k-1)] >= quietGap {
			trail = k
		}
	}
	if trail < n {
		isAfter := func(i int) bool { return i >= trail }
		if idx != nil {
			after := make([]bool, t.Len())
			for _, i := range idx[trail:] {
				after[i] = true
			}
			isAfter = func(i int) bool { return after[i] }
		}
		filter := "submit>=" + seconds(t.Submit[row(trail)])
		if sorted {
			filter = "job>=" + strconv.Itoa(t.JobID[row(trail)])
		}
		c.rows(Erroneous, "after_logging_period", filter,
			"separated from the rest of the log by a quiet gap of 14 days or more at its end",
			isAfter)
	}
}

// submitSorted reports whether every submit time is known and none is
// below the one before it.
func submitSorted(t *datasets.Trace) bool {
	for i, s := range t.Submit {
		if math.IsNaN(s) || i > 0 && s < t.Submit[i-1] {
			return false
		}
	}
	return true
}

// Share returns the fraction of the rows a is counted over that it
// affects: a.Jobs / r.Rows (the rows read) for rows the reader left out
// (a.LeftOut), which are not in the trace; a.Jobs / r.Jobs (the jobs in
// the trace) otherwise. NaN when that denominator is 0.
func (r *Report) Share(a Anomaly) float64 {
	n := r.Jobs
	if a.LeftOut {
		n = r.Rows
	}
	if n <= 0 {
		return math.NaN()
	}
	return float64(a.Jobs) / float64(n)
}

// Frame returns one row per anomaly with columns category, kind, jobs,
// share (Report.Share: of the jobs in the trace, or of the rows read for
// rows the reader left out), examples (job numbers, comma-separated),
// filter and detail, in report order.
func (r *Report) Frame() dataframe.DataFrame {
	n := len(r.Anomalies)
	cat, kind, ex, filter, detail := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	jobs, share := make([]int, n), make([]float64, n)
	for k, a := range r.Anomalies {
		cat[k], kind[k], filter[k], detail[k] = a.Category, a.Kind, a.Filter, a.Detail
		jobs[k] = a.Jobs
		share[k] = r.Share(a)
		s := make([]string, len(a.Examples))
		for j, id := range a.Examples {
			s[j] = strconv.Itoa(id)
		}
		ex[k] = strings.Join(s, ",")
	}
	return dataframe.New(
		series.New(cat, series.String, "category"),
		series.New(kind, series.String, "kind"),
		series.New(jobs, series.Int, "jobs"),
		series.New(share, series.Float, "share"),
		series.New(ex, series.String, "examples"),
		series.New(filter, series.String, "filter"),
		series.New(detail, series.String, "detail"),
	)
}

// FlurriesFrame returns one row per flurry with columns user, begin, end
// (trace seconds), first_job, last_job, jobs, burst_days, share, peak_day,
// usual, log_day, filter and rb (the --rb argument), by begin.
func (r *Report) FlurriesFrame() dataframe.DataFrame {
	n := len(r.Flurries)
	user, first, last, jobs, burst, peak := make([]int, n), make([]int, n), make([]int, n), make([]int, n), make([]int, n), make([]int, n)
	begin, end, share, usual, logDay := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	filter, rb := make([]string, n), make([]string, n)
	for k, f := range r.Flurries {
		user[k], first[k], last[k], jobs[k], burst[k], peak[k] = f.User, f.FirstJob, f.LastJob, f.Jobs, f.BurstDays, f.PeakDay
		begin[k], end[k], share[k], usual[k], logDay[k] = f.Begin, f.End, f.Share, f.Usual, f.LogDay
		filter[k], rb[k] = f.Filter(), f.RB()
	}
	return dataframe.New(
		series.New(user, series.Int, "user"),
		series.New(begin, series.Float, "begin"),
		series.New(end, series.Float, "end"),
		series.New(first, series.Int, "first_job"),
		series.New(last, series.Int, "last_job"),
		series.New(jobs, series.Int, "jobs"),
		series.New(burst, series.Int, "burst_days"),
		series.New(share, series.Float, "share"),
		series.New(peak, series.Int, "peak_day"),
		series.New(usual, series.Float, "usual"),
		series.New(logDay, series.Float, "log_day"),
		series.New(filter, series.String, "filter"),
		series.New(rb, series.String, "rb"),
	)
}
