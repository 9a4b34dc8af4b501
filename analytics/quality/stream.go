package quality

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"slices"
	"strconv"

	"github.com/tracelab/tracelab/datasets"
)

// ErrNotStreamed is CheckStream's error for a log it does not check
// without the trace; Check of the trace read whole gives the report.
var ErrNotStreamed = errors.New("quality: the log cannot be checked in a stream")

// CheckStream is Check of the log that scan hands to a JobWriter as
// datasets.Scan does (header, then each job in file order, returning the
// reader's report), without holding the trace: scan is called twice (once
// more when job numbers repeat, once more when the usage sweep spilled and
// goes above the machine's size) and must hand the same jobs each time.
// name is the report's Log (the trace's name, datasets.LogName of the
// file). The report is the one Check gives on the trace Read builds of the
// same log.
//
// What it holds is bounded by what the checks need, not by the log: the
// first Options.Examples job numbers of each anomaly, the sweep's pending
// events (the jobs queued or running at the last submit time; on the
// second reading, when the usage goes above the machine's size, each such
// job's start and end until the sweep passes its end: overStream; when
// more than 2^20 events were pending at once, the sweep's events from then
// on and the steps above capacity, 16 bytes a step: overPass), each user's
// jobs per active day (24 bytes a user-day), the jobs per day, the queues,
// the job numbers that are not above every number before them (8 bytes
// each; none in a log numbered in order), and the first and last 1% of the
// submit times (16 bytes a job of those).
//
// A log it does not check so returns an error wrapping ErrNotStreamed,
// from the first pass, before anything is reported; the caller then reads
// the trace and calls Check:
//   - a partial-execution record (status 2–4): whether Read keeps it
//     depends on rows after it;
//   - a submit time below the one before it: the logging period and the
//     flurries need the jobs in submit order;
//   - a job holding processors that starts before the submit time of a job
//     before it (a negative wait): the schedule's sweep needs its events in
//     order (datasets.StepSweep);
//   - more than maxRows jobs (0: datasets.DefaultMaxRows), which Read
//     refuses (ErrTooManyRows, with its own message).
func CheckStream(name string, scan func(datasets.JobWriter) (*datasets.ReadReport, error), maxRows int, opts Options) (*Report, error) {
	switch {
	case opts.Examples < 0:
		return nil, fmt.Errorf("quality: Examples %d, want ≥ 0", opts.Examples)
	case opts.Examples == 0:
		opts.Examples = 5
	}
	if maxRows <= 0 {
		maxRows = datasets.DefaultMaxRows
	}
	seed := maphash.MakeSeed()
	p1 := newFirstPass(opts, maxRows, seed)
	rep, err := scan(p1)
	if err != nil && p1.notStreamed == "" {
		return nil, err
	}
	if p1.notStreamed == "" && p1.sweep != nil && !p1.sweep.Close() {
		p1.notStreamed = "a job starts before an earlier job's submit time"
	}
	if p1.notStreamed != "" {
		return nil, fmt.Errorf("%w: %s", ErrNotStreamed, p1.notStreamed)
	}
	p1.report(rep)
	shell := datasets.NewTrace(name, 0)
	shell.Header, shell.Report = p1.h, rep
	n := p1.rows
	c := &checker{t: shell, n: opts.Examples, r: &Report{Log: name, Jobs: n, Rows: n, Machine: p1.machine()}}
	c.r.Rows += rep.PlaceholdersSkipped + rep.OutOfRangeSkipped + rep.UnreadableSkipped + rep.FieldCountSkipped +
		rep.PartialRecordsSkipped

	// What the second pass looks for.
	p2 := &secondPass{reading: newReading(seed), n: opts.Examples, rows: n, limit: int(leadShare * float64(n)), negLast: p1.neg - 1}
	sched := p1.sched.schedule
	if p1.hasSize && sched.peak > 0 {
		p2.over = sched
		if p1.sweep.Spilled() {
			// The steps come only at Close: overStream would hold every
			// job after the spill. The second reading holds the steps above
			// capacity instead (Check's), and a third decides each job.
			p2.above = newSchedule(p1.capacity, p1.capacity)
			p2.sweep = datasets.NewStepSweep(p2.above.step)
		} else {
			p2.overs = &overStream{capacity: p1.capacity, n: opts.Examples, peakAt: sched.peakAt}
			p2.sweep = datasets.NewStepSweep(p2.overs.step)
		}
	}
	p2.machineAt = math.NaN()
	machineDetail := ""
	if at, detail, ok := c.machineSplit(sched); ok {
		p2.machineAt, machineDetail = at, detail
	}
	queues := c.queueChanges("queue", p1.queue)
	partitions := c.queueChanges("partition", p1.partition)
	p2.queue, p2.partition = map[int]*rowCount{}, map[int]*rowCount{}
	for _, q := range queues {
		p2.queue[q.q] = &rowCount{}
	}
	for _, q := range partitions {
		p2.partition[q.q] = &rowCount{}
	}
	flurries := p1.flurries()
	p2.flurries = map[int][]*userFlurryJobs{}
	for k := range flurries {
		f := &flurries[k]
		p2.flurries[f.User] = append(p2.flurries[f.User], &userFlurryJobs{f: f, firstDay: f.firstDay, lastDay: f.lastDay})
	}
	low := slices.Compact(slices.Sorted(slices.Values(p1.low)))
	p1.low = nil
	p2.low, p2.lowCount = low, make([]int, len(low))
	if err := rescan(scan, p2, &p1.reading); err != nil {
		return nil, err
	}
	var over *overPass
	if p2.over != nil {
		if !p2.sweep.Close() || p2.overs != nil && p2.overs.lost {
			// The jobs are the first reading's (rescan), whose sweep held.
			panic("quality: the second reading's sweep is not the first's")
		}
		if p2.overs != nil {
			p2.overs.finish()
		} else {
			over = &overPass{reading: newReading(seed), n: opts.Examples, rows: n, above: &p2.above.above, peakAt: sched.peakAt}
			if err := rescan(scan, over, &p1.reading); err != nil {
				return nil, err
			}
		}
	}

	// The anomalies, in Check's order.
	for k, f := range missingFields {
		rc := p1.miss[k]
		switch {
		case rc.jobs == 0:
		case rc.jobs == n:
			c.add(Anomaly{Category: Missing, Kind: "missing_" + f, Jobs: rc.jobs,
				Detail: f + " is not recorded (−1 for every job): analyses that need it do not apply"})
		default:
			c.addRows(Missing, "missing_"+f, f+"=-1",
				fmt.Sprintf("%s unknown (−1) for %.2f%% of the jobs", f, 100*float64(rc.jobs)/float64(n)), rc)
		}
	}
	if rep.PlaceholdersSkipped > 0 {
		c.add(Anomaly{Category: Missing, Kind: "missing_submit", Jobs: rep.PlaceholdersSkipped, Filter: "submit=-1",
			Detail: "placeholder records without a submit time, left out by the reader", LeftOut: true})
	}
	c.addRows(Inconsistent, "cpu_above_runtime", "cpu_time>runtime",
		"average CPU time per processor above the runtime by more than max(60 s, 1%): total CPU time above runtime × processors",
		p1.cpu)
	c.addRows(Inconsistent, "runtime_above_request", "runtime>req_time",
		"runtime above the requested time: the job outlived its limit", p1.runtime)
	if m := c.r.Machine; p1.hasSize {
		c.addRows(Inconsistent, "procs_above_machine", fmt.Sprintf("procs>%d or req_procs>%d", m.Procs, m.Procs),
			fmt.Sprintf("more processors, allocated or requested, than the machine's %d (%s)", m.Procs, m.Rule), p1.procs)
	}
	// negative_value: a trace read from a file has the reader's report,
	// whose warnings say it (readWarnings).
	c.addRows(Inconsistent, "status_nonstandard", "status<-1 or status>5",
		"status outside the SWF codes (−1 unknown, 0 failed, 1 completed, 2–4 partial, 5 cancelled); analyses that keep "+
			"completed jobs leave these out", p1.status)
	if dup := p2.duplicates(); len(dup) > 0 {
		p3 := &dupPass{reading: newReading(seed), n: opts.Examples, rows: n, dup: dup}
		if err := rescan(scan, p3, &p1.reading); err != nil {
			return nil, err
		}
		c.addRows(Inconsistent, "duplicate_job_id", "",
			"job numbers that occur more than once (every occurrence counted, but partial-execution records, status 2–4, "+
				"which repeat their job's number by SWF's definition, beside their job's summary line)", p3.rc)
	}
	c.readWarnings()
	switch {
	case over != nil:
		c.add(Anomaly{Category: Erroneous, Kind: "over_capacity", Jobs: over.over, Examples: over.examples,
			Detail: c.overDetail(sched)})
	case p2.over != nil:
		c.add(Anomaly{Category: Erroneous, Kind: "over_capacity", Jobs: p2.overs.overJobs, Examples: p2.overs.examples(),
			Detail: c.overDetail(sched)})
	}
	p2.loggingPeriod(c, p1.idsFollow)
	if !math.IsNaN(p2.machineAt) {
		c.addRows(Configuration, "machine_change", "submit<"+c.date(p2.machineAt), machineDetail, p2.machine)
	}
	for _, q := range queues {
		c.addRows(Configuration, "queue_change", q.filter, q.detail, *p2.queue[q.q])
	}
	for _, q := range partitions {
		c.addRows(Configuration, "partition_change", q.filter, q.detail, *p2.partition[q.q])
	}
	var fl []Flurry // nil for none, as DetectFlurries
	for _, f := range flurries {
		f.jobIDsSorted = p1.idsFollow
		fl = append(fl, f.Flurry)
	}
	sortFlurries(fl)
	c.flurries(fl)
	c.sortAnomalies()
	return c.r, nil
}

// rescan hands the log to w again and checks that it is the log of the
// first reading (first): the same header, jobs (a digest of every field of
// every job, in order) and reader's report. A log changed between the
// readings (appended to, truncated, replaced) is an error, never a report
// of two logs mixed.
func rescan(scan func(datasets.JobWriter) (*datasets.ReadReport, error), w interface {
	datasets.JobWriter
	seen() *reading
}, first *reading) error {
	rep, err := scan(w)
	if err != nil {
		return err
	}
	r := w.seen()
	r.report(rep)
	switch {
	case r.jobs != first.jobs:
		return fmt.Errorf("quality: %d jobs on a second reading, %d on the first: the log changed while it was read", r.jobs, first.jobs)
	case r.digest.Sum64() != first.digest.Sum64() || r.header != first.header || r.rep != first.rep:
		return fmt.Errorf("quality: the log's jobs or header differ on a second reading: the log changed while it was read")
	}
	return nil
}

// errGrown is a later reading's error for a log that holds more than the
// first reading's n jobs; it stops the scan.
func errGrown(n int) error {
	return fmt.Errorf("quality: more than %d jobs on a second reading: the log changed while it was read", n)
}

// reading is what one reading saw, to tell that every reading saw the
// same log: the jobs, a digest of their fields in order (seeded per
// CheckStream), and the header and reader's report printed.
type reading struct {
	jobs   int
	digest maphash.Hash
	buf    [18 * 8]byte
	headed bool
	header string
	rep    string
}

func newReading(seed maphash.Seed) reading {
	var r reading
	r.digest.SetSeed(seed)
	return r
}

func (r *reading) seen() *reading { return r }

func (r *reading) setHeader(h datasets.Header) { r.headed, r.header = true, fmt.Sprintf("%+v", h) }

func (r *reading) report(rep *datasets.ReadReport) {
	if rep != nil {
		r.rep = fmt.Sprintf("%+v", *rep)
	}
}

// job adds a job to the digest: every field's bits (a NaN's too).
func (r *reading) job(j *datasets.Job) {
	if !r.headed { // a log without a header, as firstPass.WriteJob
		r.setHeader(datasets.Header{})
	}
	r.jobs++
	b := r.buf[:0]
	for _, v := range [...]int{j.JobID, j.Procs, j.ReqProcs, j.Status, j.User, j.Group, j.App, j.Queue, j.Partition, j.PrevJob} {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	for _, v := range [...]float64{j.Submit, j.Wait, j.Runtime, j.CPUTime, j.Mem, j.ReqTime, j.ReqMem, j.ThinkTime} {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	r.digest.Write(b)
}

// addRows adds an anomaly of the rows rc counted, if any.
func (c *checker) addRows(category, kind, filter, detail string, rc rowCount) {
	if rc.jobs > 0 {
		c.add(Anomaly{Category: category, Kind: kind, Filter: filter, Detail: detail, Jobs: rc.jobs, Examples: rc.ex})
	}
}

// rowCount counts the rows of an anomaly and keeps the first job numbers.
type rowCount struct {
	jobs int
	ex   []int
}

func (r *rowCount) add(id, n int) {
	r.jobs++
	if len(r.ex) < n {
		r.ex = append(r.ex, id)
	}
}

// missingFields are the fields of missing_<field>, in Check's order.
var missingFields = [...]string{"wait", "runtime", "procs", "cpu_time", "mem", "req_procs", "req_time", "req_mem",
	"status", "user", "group", "app", "queue", "partition"}

// firstPass is CheckStream's first reading: the per-row checks, the
// schedule's sweep, and what the other checks aggregate.
type firstPass struct {
	reading
	n, maxRows  int
	fo          FlurryOptions
	h           datasets.Header
	hasSize     bool
	capacity    int
	rows        int
	notStreamed string // why the log is not checked in a stream

	miss                        [len(missingFields)]rowCount
	cpu, runtime, procs, status rowCount
	widest                      int
	top                         int
	low                         []int // job numbers not above every one before
	sweep                       *datasets.StepSweep
	sched                       *scheduleSweep
	most                        int     // the most processors in use
	floor                       float64 // the sweep's floor (Trace.sweepable)
	prevSubmit                  float64
	prevID                      int
	idsFollow                   bool // job numbers increase with submit time
	neg                         int  // submit times below 0
	flurryOff                   bool
	firstDay                    int
	total                       []int             // jobs per day from firstDay
	users                       map[int][]userDay // each user's active days
	queue, partition            queueUses
}

func newFirstPass(opts Options, maxRows int, seed maphash.Seed) *firstPass {
	return &firstPass{reading: newReading(seed), n: opts.Examples, maxRows: maxRows, fo: opts.Flurries.withDefaults(), top: math.MinInt,
		floor: math.Inf(-1), prevSubmit: math.Inf(-1), idsFollow: true, users: map[int][]userDay{}}
}

func (p *firstPass) WriteHeader(h datasets.Header) error {
	p.h = h
	p.setHeader(h)
	m := p.machine()
	p.hasSize = m.Rule == datasets.SizeHeaderMaxProcs || m.Rule == datasets.SizeHeaderMaxNodes
	p.capacity = math.MaxInt
	if p.hasSize {
		p.capacity = m.Procs
	}
	p.sched = newSchedule(p.capacity, p.capacity)
	p.sched.noHold = true // the second reading sweeps the steps above capacity again (overStream)
	p.sweep = datasets.NewStepSweep(func(at float64, procs int) {
		p.most = max(p.most, procs)
		p.sched.step(at, procs)
	})
	return nil
}

// machine is Trace.Machine: the header's size, else the peak in use or
// the widest job (after the pass).
func (p *firstPass) machine() datasets.Machine {
	shell := datasets.NewTrace("", 0)
	shell.Header = p.h
	m := shell.Machine()
	if m.Rule == datasets.SizeUnknown && p.most > 0 {
		m = datasets.Machine{Procs: max(p.most, p.widest), Rule: datasets.SizePeakInUse}
	}
	return m
}

func (p *firstPass) WriteJob(j *datasets.Job) error {
	if p.sched == nil {
		if err := p.WriteHeader(datasets.Header{}); err != nil {
			return err
		}
	}
	p.job(j)
	p.rows++
	switch {
	case p.rows > p.maxRows:
		p.notStreamed = fmt.Sprintf("more than %d jobs", p.maxRows)
	case datasets.IsPartialRecord(j.Status):
		p.notStreamed = "a partial-execution record"
	case math.IsNaN(j.Submit) || j.Submit < p.prevSubmit:
		p.notStreamed = "submit times out of order"
	}
	procs := jobProcs(j)
	start := j.Submit + j.Wait
	end := start + j.Runtime
	if procs > 0 && end > start && !math.IsInf(start, 0) && !math.IsInf(end, 0) && start < p.floor {
		p.notStreamed = "a job starts before an earlier job's submit time"
	}
	if p.notStreamed != "" {
		return ErrNotStreamed // stops the scan
	}
	if j.Submit > p.floor && !math.IsInf(j.Submit, 0) {
		p.floor = j.Submit
	}
	if p.rows > 1 && j.JobID <= p.prevID {
		p.idsFollow = false
	}
	p.prevSubmit, p.prevID = j.Submit, j.JobID
	id := j.JobID

	nan := func(k int, v float64) {
		if math.IsNaN(v) {
			p.miss[k].add(id, p.n)
		}
	}
	neg := func(k int, v int) {
		if v == -1 {
			p.miss[k].add(id, p.n)
		}
	}
	nan(0, j.Wait)
	nan(1, j.Runtime)
	neg(2, j.Procs)
	nan(3, j.CPUTime)
	nan(4, j.Mem)
	neg(5, j.ReqProcs)
	nan(6, j.ReqTime)
	nan(7, j.ReqMem)
	neg(8, j.Status)
	neg(9, j.User)
	neg(10, j.Group)
	neg(11, j.App)
	neg(12, j.Queue)
	neg(13, j.Partition)
	if datasets.CPUExceedsRuntime(j.CPUTime, j.Runtime) {
		p.cpu.add(id, p.n)
	}
	if j.Runtime > j.ReqTime {
		p.runtime.add(id, p.n)
	}
	if p.hasSize && (j.Procs > p.capacity || j.ReqProcs > p.capacity) {
		p.procs.add(id, p.n)
	}
	if !datasets.IsStandardStatus(j.Status) {
		p.status.add(id, p.n)
	}
	switch {
	case id > p.top:
		p.top = id
	default:
		p.low = append(p.low, id)
	}
	p.widest = max(p.widest, procs)
	p.sweep.Add(j)
	if j.Submit < 0 {
		p.neg++
	}
	p.queue.add(j.Queue, j.Submit)
	p.partition.add(j.Partition, j.Submit)
	p.flurryJob(j)
	return nil
}

// jobProcs is Trace.JobProcs of a job.
func jobProcs(j *datasets.Job) int {
	switch {
	case j.Procs > 0:
		return j.Procs
	case j.ReqProcs > 0:
		return j.ReqProcs
	}
	return -1
}

// flurryKeep is DetectFlurries' test of the jobs that take part.
func flurryKeep(j *datasets.Job) bool {
	return j.User >= 0 && math.Abs(j.Submit) <= datasets.MaxTime
}

func flurryDay(submit float64) int { return int(math.Floor(submit / datasets.Day)) }

// flurryJob adds a job to the jobs per day and its user's active days
// (the jobs come in submit order, so days do not decrease).
func (p *firstPass) flurryJob(j *datasets.Job) {
	if p.flurryOff || !flurryKeep(j) {
		return
	}
	d := flurryDay(j.Submit)
	if p.total == nil {
		p.firstDay = d
	}
	if d-p.firstDay > 1<<22 { // DetectFlurries' bound: a broken time column
		p.flurryOff, p.total, p.users = true, nil, nil
		return
	}
	for len(p.total) <= d-p.firstDay {
		p.total = append(p.total, 0)
	}
	p.total[d-p.firstDay]++
	days := p.users[j.User]
	if n := len(days); n > 0 && days[n-1].day == d {
		days[n-1].jobs++
		return
	}
	p.users[j.User] = append(days, userDay{day: d, jobs: 1})
}

// streamFlurry is a flurry found after the first pass: the user's first
// and last burst days; its times and job numbers come from the second.
type streamFlurry struct {
	Flurry
	firstDay, lastDay int
}

// flurries is DetectFlurries on the first pass's aggregates.
func (p *firstPass) flurries() []streamFlurry {
	if p.flurryOff || len(p.total) == 0 {
		return nil
	}
	logDay := median(slices.Clone(p.total))
	if logDay == 0 {
		logDay = 1
	}
	var all []int
	ids := make([]int, 0, len(p.users))
	for u, days := range p.users {
		ids = append(ids, u)
		for _, ud := range days {
			all = append(all, ud.jobs)
		}
	}
	typical := median(all)
	all = nil
	slices.Sort(ids)
	var out []streamFlurry
	for _, u := range ids {
		days := p.users[u]
		for _, f := range userFlurries(days, p.total, p.firstDay, logDay, typical, p.fo) {
			f.User = u
			out = append(out, streamFlurry{Flurry: f.Flurry, firstDay: days[f.firstBurst].day, lastDay: days[f.lastBurst].day})
		}
	}
	return out
}

// userFlurryJobs finds a flurry's first job (the user's first on its
// first burst day) and last job (the user's last on its last burst day).
type userFlurryJobs struct {
	f                 *streamFlurry
	firstDay, lastDay int
	found             bool
}

// secondPass is CheckStream's second reading, which knows the number of
// jobs and what the first found: the rows of over_capacity,
// machine_change, queue_change and the logging period, the flurries' first
// and last jobs, and how often each low job number occurs.
type secondPass struct {
	reading
	n, rows, row int

	over  *schedule // nil: no over_capacity
	overs *overStream
	above *scheduleSweep      // instead of overs when the first reading's sweep spilled: the steps above capacity, held
	sweep *datasets.StepSweep // the usage swept again for overs or above

	machineAt float64 // NaN: no machine_change
	machine   rowCount

	queue, partition map[int]*rowCount
	flurries         map[int][]*userFlurryJobs

	low, lowCount []int

	// The logging period: the first limit+1 rows' submit times and job
	// numbers, the last limit+1 rows', the first n job numbers, and the
	// job number of row negLast (the last with a negative submit time).
	limit              int
	headAt, tailAt     []float64
	headID, tailID     []int
	firstIDs           []int
	negLast, negLastID int
}

func (p *secondPass) WriteHeader(h datasets.Header) error { p.setHeader(h); return nil }

func (p *secondPass) WriteJob(j *datasets.Job) error {
	p.job(j)
	if p.jobs > p.rows {
		return errGrown(p.rows) // before the tail grows beyond its limit
	}
	i := p.row
	p.row++
	id := j.JobID
	if p.over != nil {
		s := j.Submit + j.Wait
		e := s + j.Runtime
		if p.overs != nil && e > s && jobProcs(j) > 0 {
			p.overs.add(i, id, s, e)
		}
		p.sweep.Add(j)
	}
	if j.Submit < p.machineAt {
		p.machine.add(id, p.n)
	}
	if rc := p.queue[j.Queue]; rc != nil {
		rc.add(id, p.n)
	}
	if rc := p.partition[j.Partition]; rc != nil {
		rc.add(id, p.n)
	}
	if fs := p.flurries[j.User]; fs != nil && flurryKeep(j) {
		d := flurryDay(j.Submit)
		for _, f := range fs {
			if d == f.firstDay && !f.found {
				f.found = true
				f.f.Begin, f.f.FirstJob = j.Submit, id
			}
			if d == f.lastDay {
				f.f.End, f.f.LastJob = j.Submit, id
			}
		}
	}
	if len(p.low) > 0 && id >= p.low[0] && id <= p.low[len(p.low)-1] {
		if k, ok := slices.BinarySearch(p.low, id); ok {
			p.lowCount[k]++
		}
	}
	if i <= p.limit {
		p.headAt, p.headID = append(p.headAt, j.Submit), append(p.headID, id)
	}
	if i >= p.rows-p.limit-1 {
		p.tailAt, p.tailID = append(p.tailAt, j.Submit), append(p.tailID, id)
	}
	if i < p.n {
		p.firstIDs = append(p.firstIDs, id)
	}
	if i == p.negLast {
		p.negLastID = id
	}
	return nil
}

// duplicates returns the job numbers that more than one row carries.
func (p *secondPass) duplicates() map[int]bool {
	var dup map[int]bool
	for k, n := range p.lowCount {
		if n > 1 {
			if dup == nil {
				dup = map[int]bool{}
			}
			dup[p.low[k]] = true
		}
	}
	return dup
}

// loggingPeriod adds before_ and after_logging_period as
// outsideLoggingPeriod does for a log in submit order: the rows before
// the logging period are a prefix (those before the last quiet gap among
// the first 1%, and those with a negative submit time), and those after
// it a suffix.
func (p *secondPass) loggingPeriod(c *checker, idsFollow bool) {
	n := p.rows
	at := func(k int) float64 { // row k of the head or the tail
		if k < len(p.headAt) {
			return p.headAt[k]
		}
		return p.tailAt[k-(n-len(p.tailAt))]
	}
	jobID := func(k int) int {
		if k < len(p.headID) {
			return p.headID[k]
		}
		if k == p.negLast {
			return p.negLastID
		}
		return p.tailID[k-(n-len(p.tailID))]
	}
	lead := 0
	for k := 1; k <= p.limit && k < n; k++ {
		if at(k)-at(k-1) >= quietGap {
			lead = k
		}
	}
	if before := max(lead, p.negLast+1); before > 0 {
		filter := "submit<0"
		if lead > 0 {
			filter = "submit<" + seconds(at(lead))
			if idsFollow {
				filter = "job<=" + strconv.Itoa(jobID(before-1))
			}
		}
		c.add(Anomaly{Category: Erroneous, Kind: "before_logging_period", Filter: filter, Jobs: before,
			Examples: slices.Clone(p.firstIDs[:min(before, len(p.firstIDs))]),
			Detail:   "submitted before the log's start, or separated from the rest of the log by a quiet gap of 14 days or more"})
	}
	trail := n
	for k := n - 1; k >= n-p.limit && k > 0; k-- {
		if at(k)-at(k-1) >= quietGap {
			trail = k
		}
	}
	if trail < n {
		filter := "submit>=" + seconds(at(trail))
		if idsFollow {
			filter = "job>=" + strconv.Itoa(jobID(trail))
		}
		from := trail - (n - len(p.tailID))
		c.add(Anomaly{Category: Erroneous, Kind: "after_logging_period", Filter: filter, Jobs: n - trail,
			Examples: slices.Clone(p.tailID[from:min(from+p.n, len(p.tailID))]),
			Detail:   "separated from the rest of the log by a quiet gap of 14 days or more at its end"})
	}
}

// overPass is the third reading of a log whose usage sweep spilled
// (datasets.StepSweep.Spilled: more than 2^20 events pending at once, as
// when every job is submitted at one time): over_capacity's jobs and
// examples found as Check finds them, from the steps above capacity the
// second reading held (16 bytes a step instead of overStream's 72 a job).
type overPass struct {
	reading
	n, rows  int
	above    *aboveSteps
	peakAt   float64
	over     int // jobs over capacity
	examples []int
}

func (p *overPass) WriteHeader(h datasets.Header) error { p.setHeader(h); return nil }

func (p *overPass) WriteJob(j *datasets.Job) error {
	p.job(j)
	if p.jobs > p.rows {
		return errGrown(p.rows)
	}
	s := j.Submit + j.Wait
	e := s + j.Runtime
	if e > s && jobProcs(j) > 0 && p.above.before(e)-p.above.before(s) > 0 {
		p.over++
		if s <= p.peakAt && p.peakAt < e && len(p.examples) < p.n {
			p.examples = append(p.examples, j.JobID)
		}
	}
	return nil
}

// dupPass is the third reading, of a log whose job numbers repeat: the
// rows of duplicate_job_id.
type dupPass struct {
	reading
	n, rows int
	dup     map[int]bool
	rc      rowCount
}

func (p *dupPass) WriteHeader(h datasets.Header) error { p.setHeader(h); return nil }

func (p *dupPass) WriteJob(j *datasets.Job) error {
	p.job(j)
	if p.jobs > p.rows {
		return errGrown(p.rows)
	}
	if p.dup[j.JobID] {
		p.rc.add(j.JobID, p.n)
	}
	return nil
}
