package sacct

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/clip"
)

// Format is the sacct --format list this package documents (see the
// package doc); columns may come in any order and others are ignored.
const Format = "JobID,JobIDRaw,User,Group,Account,Partition,QOS,Submit,Start,End,TimelimitRaw,NCPUS,NNodes,ReqCPUS,ReqMem,TotalCPU,State,ExitCode,NodeList"

// Limits on the input, so that no input grows memory without end.
const (
	// MaxArrayTasks is the most tasks one array line ("1234_[0-99]") may
	// stand for (Slurm's MaxArraySize is at most 4,000,001).
	MaxArrayTasks = 4_000_001
	// DefaultMaxJobs is the most jobs an import holds unless
	// Options.MaxJobs says otherwise. An import takes about 700 bytes of
	// memory per job at its peak (measured with 2 million distinct users:
	// TestImportMemory), so 10 million jobs take about 7 GB.
	DefaultMaxJobs = 10_000_000
	// MaxLine is the longest line read, bytes.
	MaxLine = 1 << 20
	// MaxProcs bounds the processors of a job (NCPUS, NNodes, ReqCPUS, the
	// sum over a heterogeneous job's components, NNodes × CoresPerNode):
	// the simulator's bound (sim.MaxProcs). A count beyond it is unknown in
	// the trace, and the job flagged.
	MaxProcs = 1 << 24
)

// Warning kinds of an import (datasets.Warning.Kind).
const (
	WarnUnfinished   datasets.WarningKind = "sacct-unfinished"    // job not ended: left out
	WarnStep         datasets.WarningKind = "sacct-step"          // step line: left out
	WarnUnknownState datasets.WarningKind = "sacct-unknown-state" // status −1, raw state kept
	WarnNeverStarted datasets.WarningKind = "sacct-never-started" // wait and runtime unknown

	// WarnSubmitOutOfRange: a submit time before 1970 or so far after
	// that a log cannot place it (beyond datasets.MaxTime): the job is
	// left out (a log's times count from its first submit, and one job in
	// year 1 would push every other beyond the reader's range).
	WarnSubmitOutOfRange datasets.WarningKind = "sacct-submit-out-of-range"
	// WarnStartBeforeSubmit: Start before Submit: the wait is unknown and
	// the job flagged (start-before-submit).
	WarnStartBeforeSubmit datasets.WarningKind = "sacct-start-before-submit"
	// WarnEndBeforeStart: End before Start: the run time is unknown and the
	// job flagged (end-before-start).
	WarnEndBeforeStart datasets.WarningKind = "sacct-end-before-start"
	// WarnOutOfRange: a value no log holds (Field says which): processors
	// beyond MaxProcs, memory beyond datasets.MaxMemoryKB or infinite, a
	// wait, run time, time limit or CPU time beyond datasets.MaxDuration.
	// The value is unknown and the job flagged (FIELD-out-of-range).
	WarnOutOfRange datasets.WarningKind = "sacct-out-of-range"
)

// ProcsSource says how a job's processors are counted.
type ProcsSource int

const (
	// NCPUS uses sacct's NCPUS (allocated CPUs), the default.
	NCPUS ProcsSource = iota
	// NodesTimesCores uses NNodes × Options.CoresPerNode: for clusters
	// that allocate whole nodes, where a job holds every core of its nodes.
	NodesTimesCores
)

// Options controls Read.
type Options struct {
	// Name becomes the trace's name and names the input in errors.
	Name string
	// Location is the time zone sacct printed its times in (its TZ): the
	// cluster's. Required.
	Location *time.Location
	// Procs says how processors are counted; CoresPerNode is used with
	// NodesTimesCores.
	Procs        ProcsSource
	CoresPerNode int
	// MachineProcs, when positive, is the machine size written to the
	// header (MaxProcs).
	MachineProcs int
	// Cluster names the machine in the header (Computer).
	Cluster string
	// MaxJobs bounds the jobs of the import (0: DefaultMaxJobs). The bound
	// applies as lines are read, an array line's tasks counted before any
	// is held: a small file cannot expand beyond it.
	MaxJobs int
}

// Import is an imported accounting log: the trace and what SWF cannot hold.
// Row i of each slice is row i (job number i+1) of Trace.
type Import struct {
	Trace *datasets.Trace
	// SlurmID is the job id as sacct printed it ("1234", "1234_7",
	// "1234+" for a heterogeneous job); State, ExitCode and Account are
	// sacct's, as printed.
	SlurmID, State, ExitCode, Account []string
	// Flags lists, for each job, what the import could not take as
	// written (the values it made unknown), as names joined by ';':
	// start-before-submit, end-before-start, FIELD-out-of-range (procs,
	// req_procs, req_mem, wait, runtime, cpu_time, req_time),
	// COLUMN-unreadable (Start, End, NCPUS, NNodes, ReqCPUS, TimelimitRaw
	// or Timelimit, ReqMem, TotalCPU: a value no time, count, duration or
	// size reads; the token is in Trace.Report.Unreadable); "" for none.
	// Each flag is counted in a warning.
	Flags []string
	// Users[k] is the name of user k+1 (likewise groups, partitions, and
	// QOS as queues).
	Users, Groups, Partitions, Queues []string
}

// ReadFile reads a sacct export from path (see Read).
func ReadFile(path string, opts Options) (*Import, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if opts.Name == "" {
		opts.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	return read(f, path, opts)
}

// Read reads the output of sacct --parsable2 (see the package doc for the
// format and the conversion). It returns a *datasets.ParseError for a line
// it cannot read.
func Read(r io.Reader, opts Options) (*Import, error) {
	name := opts.Name
	if name == "" {
		name = "sacct"
	}
	return read(r, name, opts)
}

// column indexes of the fields read; −1 absent.
type columns struct {
	jobID, jobIDRaw, user, group, account, partition, qos, submit, start, end, timelimitRaw, timelimit,
	ncpus, nnodes, reqCPUS, reqMem, totalCPU, state, exitCode, nodeList int
	n int // fields per line
}

func parseHeader(line []byte) (columns, error) {
	c := columns{jobID: -1, jobIDRaw: -1, user: -1, group: -1, account: -1, partition: -1, qos: -1, submit: -1,
		start: -1, end: -1, timelimitRaw: -1, timelimit: -1, ncpus: -1, nnodes: -1, reqCPUS: -1, reqMem: -1,
		totalCPU: -1, state: -1, exitCode: -1, nodeList: -1}
	byName := map[string]*int{"jobid": &c.jobID, "jobidraw": &c.jobIDRaw, "user": &c.user, "group": &c.group,
		"account": &c.account, "partition": &c.partition, "qos": &c.qos, "submit": &c.submit, "start": &c.start,
		"end": &c.end, "timelimitraw": &c.timelimitRaw, "timelimit": &c.timelimit, "ncpus": &c.ncpus,
		"alloccpus": &c.ncpus, "nnodes": &c.nnodes, "reqcpus": &c.reqCPUS, "reqmem": &c.reqMem,
		"totalcpu": &c.totalCPU, "state": &c.state, "exitcode": &c.exitCode, "nodelist": &c.nodeList}
	fields := bytes.Split(line, []byte{'|'})
	c.n = len(fields)
	for k, f := range fields {
		if p, ok := byName[strings.ToLower(string(bytes.TrimSpace(f)))]; ok && *p < 0 {
			*p = k
		}
	}
	var missing []string
	for _, m := range []struct {
		name string
		k    int
	}{{"JobID", c.jobID}, {"Submit", c.submit}, {"Start", c.start}, {"End", c.end}, {"State", c.state}} {
		if m.k < 0 {
			missing = append(missing, m.name)
		}
	}
	if missing != nil {
		return c, fmt.Errorf("header lacks %s (want sacct --parsable2 with --format %s)", strings.Join(missing, ", "), Format)
	}
	return c, nil
}

// raw is one job as read, before sorting and numbering, or a line that
// stands for several array tasks (tasks). Names are indexes into
// parser.names (interned); times are Unix seconds.
type raw struct {
	submit, start, end  int64 // start, end: noTime when unknown
	idRaw               int64 // JobIDRaw, else the leading number of JobID
	jobNumber           int64 // the leading number of JobID (an array's or het job's id)
	timelimit, totalCPU float64
	reqMem              float64 // KB; +Inf beyond what a float64 holds
	ncpus, nnodes       int32   // −1 unknown, tooMany beyond MaxProcs
	reqCPUS, task       int32   // task: the array task index, −1 for none
	user, group, part   int32
	qos, acct           int32
	state, exitCode     int32
	line                int32 // the input line (its first, for a heterogeneous job)
	memPerCPU           bool
	neverStarted        bool
	unread              uint8     // the fields that are unreadable (bits of unreadCols)
	tasks               *taskList // the tasks a line stands for; nil for one job
	slurmID             string    // for tasks, the prefix ("1234_")
}

// tooMany marks a count beyond MaxProcs.
const tooMany = math.MaxInt32

const noTime = math.MinInt64

// The submit times a log can hold: from 1970 to datasets.MaxTime seconds
// after, less two days, so that every submit lies within MaxTime of the
// log's start (the local midnight before the first submit).
const (
	minSubmit = 0
	maxSubmit = int64(datasets.MaxTime) - 2*86400
)

func read(r io.Reader, file string, opts Options) (*Import, error) {
	if opts.Location == nil {
		return nil, errors.New("sacct: the cluster's time zone (Options.Location) is required: sacct prints local times")
	}
	loc, err := ianaZone(opts.Location)
	if err != nil {
		return nil, err
	}
	opts.Location = loc
	if opts.Procs == NodesTimesCores && opts.CoresPerNode <= 0 {
		return nil, errors.New("sacct: NodesTimesCores needs CoresPerNode > 0")
	}
	if opts.MaxJobs <= 0 {
		opts.MaxJobs = DefaultMaxJobs
	}
	src, err := datasets.Decompressed(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	p := &parser{file: file, opts: opts, clock: newClock(opts.Location), intern: map[string]int32{}, names: []string{""}}
	br := bufio.NewReaderSize(src, 1<<16)
	if b, _ := br.Peek(len(utf8BOM)); string(b) == utf8BOM {
		br.Discard(len(utf8BOM)) // a byte-order mark some editors put on line 1
	}
	var jobs rawList
	het := map[int64]int{} // heterogeneous job id → index in jobs
	var idle int64         // bytes of the blank lines since the last other one
	idleFrom := 1          // the first of them
	for {
		line, err := readLine(br)
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s:%d: %w", file, p.line+1, err)
		}
		if len(line) > 0 || err == nil {
			p.line++
		}
		if len(line) > MaxLine {
			return nil, p.errorf("", nil, "line longer than %d bytes", MaxLine)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			// A small compressed file of newlines (a decompression bomb)
			// would cost a CPU-second for every 60 MB it unpacks to.
			if idle += int64(len(line)) + 1; idle > maxBlankBytes {
				return nil, &datasets.ParseError{File: file, Line: p.line, Err: fmt.Errorf("%w: lines %d to %d, %d bytes: not an sacct export?",
					datasets.ErrBlankStretch, idleFrom, p.line, idle)}
			}
		} else {
			idle, idleFrom = 0, p.line+1
		}
		if len(bytes.TrimSpace(line)) > 0 {
			if p.cols.n == 0 {
				if bytes.IndexByte(line, 0) >= 0 || !utf8.Valid(line) {
					return nil, p.errorf("", nil, "binary data, not the text sacct prints (a gzipped export is read; other formats are not)")
				}
				if p.cols, err = parseHeader(line); err != nil {
					return nil, &datasets.ParseError{File: file, Line: p.line, Text: string(line), Err: err}
				}
			} else if err := p.job(line, &jobs, het); err != nil {
				return nil, err
			}
		}
		if err == io.EOF {
			break
		}
	}
	if p.cols.n == 0 {
		return nil, &datasets.ParseError{File: file, Line: p.line, Err: errors.New("no header line (want sacct --parsable2 without --noheader)")}
	}
	// The index of names is garbage once they are numbered: collect it (and
	// the parse's garbage) before the trace is built, which lowers the
	// import's peak by about 15% (TestImportMemory).
	p.intern = nil
	runtime.GC()
	return p.build(&jobs), nil
}

// maxBlankBytes bounds the bytes of blank lines read in a row
// (datasets.ErrBlankStretch, the SWF reader's bound).
const maxBlankBytes = 64 << 20

// utf8BOM is the byte-order mark.
const utf8BOM = "\uFEFF"

// ianaZone returns the zone by its IANA name, so that the header's
// TimeZoneString names it: Go's "Local" is resolved to the name the system
// gives it (TZ, else the target of /etc/localtime), and a zone without a
// name the zone database knows is an error.
func ianaZone(loc *time.Location) (*time.Location, error) {
	name := loc.String()
	if name == "Local" {
		name = localZoneName()
		if name == "" {
			return nil, errors.New("sacct: the local time zone has no IANA name on this machine (TZ unset, /etc/localtime not a link into the zone database): give the zone by name, e.g. Europe/Berlin")
		}
	}
	z, err := time.LoadLocation(name)
	if err != nil || name == "" || name == "Local" {
		return nil, fmt.Errorf("sacct: time zone %q is not an IANA zone name (the log's header must name it), e.g. UTC or Europe/Berlin", name)
	}
	return z, nil
}

// localZoneName returns the IANA name of the system's zone: TZ when it
// names one, else the part of /etc/localtime's target after "zoneinfo/";
// "" when neither does.
func localZoneName() string {
	if tz := strings.TrimPrefix(os.Getenv("TZ"), ":"); tz != "" {
		if _, err := time.LoadLocation(tz); err == nil && tz != "Local" && !strings.HasPrefix(tz, "/") {
			return tz
		}
		return ""
	}
	target, err := os.Readlink("/etc/localtime")
	if err != nil {
		return ""
	}
	if i := strings.LastIndex(target, "zoneinfo/"); i >= 0 {
		name := target[i+len("zoneinfo/"):]
		if _, err := time.LoadLocation(name); err == nil {
			return name
		}
	}
	return ""
}

// readLine returns the next line without its end (\n or \r\n), io.EOF
// after the last one. A line longer than MaxLine is returned cut just
// beyond MaxLine bytes, without an error, for the caller to refuse.
func readLine(br *bufio.Reader) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		buf := append([]byte(nil), line...)
		for err == bufio.ErrBufferFull && len(buf) <= MaxLine {
			line, err = br.ReadSlice('\n')
			buf = append(buf, line...)
		}
		if err == bufio.ErrBufferFull { // beyond MaxLine: not read further
			err = nil
		}
		line = buf
	}
	line = bytes.TrimSuffix(line, []byte{'\n'})
	line = bytes.TrimSuffix(line, []byte{'\r'})
	return line, err
}

type parser struct {
	file   string
	opts   Options
	line   int
	cols   columns
	clock  *clock
	intern map[string]int32 // name → index in names
	names  []string         // names[0] is ""
	fields [][]byte
	warn   []datasets.Warning
	// pending holds the current line's unreadable values until its job is
	// held (keep); unread lists those kept (file order), within
	// datasets.MaxUnreadablePerField per field; unreadSkipped counts the
	// lines left out for an unreadable Submit.
	pending       []unreadable
	unread        []unreadable
	unreadListed  map[string]int
	unreadMore    int
	unreadSkipped int
}

// unreadable is a value of the export that no time, count, duration or
// size reads: kept as written (cut to datasets.MaxUnreadableText bytes).
type unreadable struct {
	raw   int32 // the job it belongs to (index in the raw list); −1 for a line left out
	line  int32
	field string // the column (Start, NCPUS, …)
	token string
	why   error
	text  string // the whole line, for a line left out
}

// The columns whose unreadable values become unknown, as bits of
// raw.unread (Submit: the line is left out).
const (
	uStart uint8 = 1 << iota
	uEnd
	uNCPUS
	uNNodes
	uReqCPUS
	uLimit
	uTotalCPU
	uReqMem
)

// Errors of an unreadable value (datasets.UnreadableValue.Why).
var (
	ErrNotTime     = errors.New("not a time (want YYYY-MM-DDTHH:MM:SS)")
	ErrNotCount    = errors.New("not a count")
	ErrNotMinutes  = errors.New("not a number of minutes")
	ErrNotDuration = errors.New("not a duration")
	ErrNotMemory   = errors.New("not a memory size")
)

// unreadable notes that field's value on this line is unreadable: the
// value becomes unknown (the caller sets it) and the job gets bit.
func (p *parser) unreadable(j *raw, bit uint8, field string, tok []byte, why error) {
	j.unread |= bit
	p.pending = append(p.pending, unreadable{raw: -1, line: int32(min(p.line, math.MaxInt32)), field: field, token: clip.Bytes(tok, datasets.MaxUnreadableText), why: why})
}

// keep lists the current line's unreadable values as values of job k (−1:
// the line is left out), within datasets.MaxUnreadablePerField per field.
func (p *parser) keep(k int) {
	for _, u := range p.pending {
		if p.unreadListed[u.field] == datasets.MaxUnreadablePerField {
			p.unreadMore++
			continue
		}
		if p.unreadListed == nil {
			p.unreadListed = map[string]int{}
		}
		p.unreadListed[u.field]++
		u.raw = int32(k)
		if k < 0 {
			u.text = clip.Bytes(bytes.Join(p.fields, []byte{'|'}), datasets.MaxUnreadableText)
		}
		p.unread = append(p.unread, u)
	}
	p.pending = p.pending[:0]
}

func (p *parser) errorf(field string, text []byte, format string, args ...any) error {
	return &datasets.ParseError{File: p.file, Line: p.line, Field: field, Text: string(text), Err: fmt.Errorf(format, args...)}
}

// warnf counts one row under kind; the first sets the line, value and
// message.
func (p *parser) warnf(kind datasets.WarningKind, value, id string, format string, args ...any) {
	p.warnField(kind, "", value, id, format, args...)
}

// warnField counts one row under kind and field; the first sets the line,
// value and message.
func (p *parser) warnField(kind datasets.WarningKind, field, value, id string, format string, args ...any) {
	for k := range p.warn {
		if p.warn[k].Kind == kind && p.warn[k].Field == field {
			p.warn[k].Count++
			return
		}
	}
	p.warn = append(p.warn, datasets.Warning{Kind: kind, Field: field, Count: 1, Line: p.line, Value: value,
		Message: fmt.Sprintf("job %s: ", id) + fmt.Sprintf(format, args...)})
}

// name returns the index of field k's text in p.names (0, "", when the
// field is absent or empty).
func (p *parser) name(k int) int32 {
	if k < 0 || len(p.fields[k]) == 0 {
		return 0
	}
	b := p.fields[k]
	if x, ok := p.intern[string(b)]; ok {
		return x
	}
	s := string(b)
	p.names = append(p.names, s)
	p.intern[s] = int32(len(p.names) - 1)
	return int32(len(p.names) - 1)
}

func (p *parser) field(k int) []byte {
	if k < 0 {
		return nil
	}
	return p.fields[k]
}

// job reads one data line into jobs.
func (p *parser) job(line []byte, jobs *rawList, het map[int64]int) error {
	p.fields = p.fields[:0]
	p.pending = p.pending[:0]
	for {
		i := bytes.IndexByte(line, '|')
		if i < 0 {
			p.fields = append(p.fields, line)
			break
		}
		p.fields = append(p.fields, line[:i])
		line = line[i+1:]
	}
	if len(p.fields) != p.cols.n {
		return p.errorf("", bytes.Join(p.fields, []byte{'|'}), "%d fields, the header has %d", len(p.fields), p.cols.n)
	}
	c := &p.cols
	id := p.fields[c.jobID]
	sid := string(id)
	if bytes.IndexByte(id, '.') >= 0 {
		p.warnf(WarnStep, sid, sid, "step lines (sacct without --allocations) are left out")
		return nil
	}
	stateK := p.name(c.state)
	state := p.names[stateK]
	word := state
	if i := strings.IndexByte(word, ' '); i >= 0 {
		word = word[:i] // "CANCELLED by 1000"
	}
	if _, known := statusOf[word]; !known {
		if unfinished[word] {
			p.warnf(WarnUnfinished, state, sid, "state %s: not ended, left out", state)
			return nil
		}
		p.warnf(WarnUnknownState, state, sid, "state %q is not a Slurm end state tracelab knows: status −1, state kept", state)
	}
	j := raw{state: stateK, ncpus: -1, nnodes: -1, reqCPUS: -1, timelimit: math.NaN(),
		totalCPU: math.NaN(), reqMem: math.NaN()}
	j.line = int32(min(p.line, math.MaxInt32))
	var err error
	if j.submit, err = p.clock.parse(p.fields[c.submit]); err != nil || j.submit == noTime {
		// The job cannot be placed in time: left out, counted, its line kept.
		tok := p.fields[c.submit]
		p.unreadable(&j, 0, "Submit", tok, ErrNotTime)
		p.unreadSkipped++
		p.warnField(datasets.WarnUnreadable, "Submit", clip.Bytes(tok, datasets.MaxUnreadableText), sid,
			"Submit %q is %v: the job cannot be placed in time and is left out (the line is in the report's Unreadable list)", clip.Runes(string(tok), 80), ErrNotTime)
		p.keep(-1)
		return nil
	}
	if j.submit < minSubmit || j.submit > maxSubmit {
		p.warnf(WarnSubmitOutOfRange, string(p.fields[c.submit]), sid,
			"submit %s is before 1970 or more than 200 years after: the job is left out (a log counts its times from its first submit)", p.fields[c.submit])
		return nil
	}
	if j.start, err = p.clock.parse(p.fields[c.start]); err != nil {
		j.start = 0 // unknown: the bit says so
		p.unreadable(&j, uStart, "Start", p.fields[c.start], ErrNotTime)
	}
	if j.end, err = p.clock.parse(p.fields[c.end]); err != nil {
		j.end = 0
		p.unreadable(&j, uEnd, "End", p.fields[c.end], ErrNotTime)
	}
	j.neverStarted = j.start == noTime || string(p.field(c.nodeList)) == "None assigned"
	if j.end == noTime && !j.neverStarted {
		p.warnf(WarnUnfinished, state, sid, "state %s without an end time: left out", state)
		return nil
	}
	j.ncpus = p.count(&j, c.ncpus, uNCPUS, "NCPUS")
	j.nnodes = p.count(&j, c.nnodes, uNNodes, "NNodes")
	j.reqCPUS = p.count(&j, c.reqCPUS, uReqCPUS, "ReqCPUS")
	if c.timelimitRaw >= 0 {
		if j.timelimit, err = minutes(p.fields[c.timelimitRaw]); err != nil {
			j.timelimit = math.NaN()
			p.unreadable(&j, uLimit, "TimelimitRaw", p.fields[c.timelimitRaw], ErrNotMinutes)
		}
	} else if c.timelimit >= 0 {
		if j.timelimit, err = duration(p.fields[c.timelimit]); err != nil {
			j.timelimit = math.NaN()
			p.unreadable(&j, uLimit, "Timelimit", p.fields[c.timelimit], ErrNotDuration)
		}
	}
	if c.totalCPU >= 0 && len(p.fields[c.totalCPU]) > 0 {
		if j.totalCPU, err = duration(p.fields[c.totalCPU]); err != nil {
			j.totalCPU = math.NaN()
			p.unreadable(&j, uTotalCPU, "TotalCPU", p.fields[c.totalCPU], ErrNotDuration)
		}
	}
	if c.reqMem >= 0 && len(p.fields[c.reqMem]) > 0 {
		if j.reqMem, j.memPerCPU, err = memory(p.fields[c.reqMem]); err != nil {
			j.reqMem, j.memPerCPU = math.NaN(), false
			p.unreadable(&j, uReqMem, "ReqMem", p.fields[c.reqMem], ErrNotMemory)
		}
	}
	j.user, j.group, j.part, j.qos, j.acct = p.name(c.user), p.name(c.group), p.name(c.partition), p.name(c.qos), p.name(c.account)
	j.exitCode = p.name(c.exitCode)
	j.idRaw = leadingNumber(id)
	j.jobNumber, j.task = j.idRaw, -1
	if i := bytes.IndexByte(id, '_'); i > 0 {
		if v, err := strconv.ParseInt(string(id[i+1:]), 10, 32); err == nil {
			j.task = int32(v)
		}
	}
	if c.jobIDRaw >= 0 {
		if v, err := strconv.ParseInt(string(p.fields[c.jobIDRaw]), 10, 64); err == nil {
			j.idRaw = v
		}
	}

	// Heterogeneous components: merged into the job of their leader.
	if plus := bytes.IndexByte(id, '+'); plus > 0 {
		leader := leadingNumber(id)
		j.slurmID = string(id[:plus+1])
		if k, ok := het[leader]; ok {
			p.mergeComponent(jobs.at(k), j)
			p.keep(k)
			return nil
		}
		if err := p.room(jobs, 1); err != nil {
			return err
		}
		j.idRaw = leader
		het[leader] = jobs.n
		p.keep(jobs.n)
		jobs.add(j)
		return nil
	}
	// A line for several array tasks that never started: one job each,
	// counted against the bound before any is held.
	if open := bytes.Index(id, []byte("_[")); open > 0 && bytes.HasSuffix(id, []byte("]")) {
		tasks, err := arrayTasks(id[open+2 : len(id)-1])
		if err != nil {
			return p.errorf("JobID", id, "%v", err)
		}
		if err := p.room(jobs, tasks.n); err != nil {
			return err
		}
		j.slurmID, j.tasks, j.task = string(id[:open+1]), tasks, tasks.at(0)
		j.neverStarted = true
		p.keep(jobs.n)
		jobs.add(j)
		return nil
	}
	if err := p.room(jobs, 1); err != nil {
		return err
	}
	j.slurmID = sid
	p.keep(jobs.n)
	jobs.add(j)
	return nil
}

// room returns an error when n more jobs would exceed the bound.
func (p *parser) room(jobs *rawList, n int) error {
	if jobs.jobs+n > p.opts.MaxJobs {
		return p.errorf("", nil, "more than %d jobs (the import's bound, Options.MaxJobs; tracelab import --max-jobs): %d read, this line stands for %d",
			p.opts.MaxJobs, jobs.jobs, n)
	}
	return nil
}

// rawList holds the jobs as read in fixed-size chunks: no copying as it
// grows (a million jobs are 140 MB).
type rawList struct {
	chunks [][]raw
	n      int // raws
	jobs   int // jobs they stand for (an array line's tasks each one)
}

const chunkBits = 13

func (l *rawList) add(j raw) {
	if l.n>>chunkBits == len(l.chunks) {
		l.chunks = append(l.chunks, make([]raw, 0, 1<<chunkBits))
	}
	c := &l.chunks[len(l.chunks)-1]
	*c = append(*c, j)
	l.n++
	l.jobs += j.count()
}

// count returns the jobs a raw stands for.
func (j *raw) count() int {
	if j.tasks != nil {
		return j.tasks.n
	}
	return 1
}

func (l *rawList) at(k int) *raw { return &l.chunks[k>>chunkBits][k&(1<<chunkBits-1)] }

// count parses a count field ("" unknown; tooMany beyond MaxProcs; an
// unreadable count is unknown, noted as bit of j).
func (p *parser) count(j *raw, k int, bit uint8, name string) int32 {
	b := p.field(k)
	if len(b) == 0 {
		return -1
	}
	v, err := strconv.ParseUint(string(b), 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange) || err == nil && v > MaxProcs:
		return tooMany
	case err != nil:
		p.unreadable(j, bit, name, b, ErrNotCount)
		return -1
	}
	return int32(v)
}

// addCounts adds two counts: unknown if either is, tooMany beyond
// MaxProcs.
func addCounts(a, b int32) int32 {
	switch {
	case a < 0 || b < 0:
		return -1
	case a == tooMany || b == tooMany || int64(a)+int64(b) > MaxProcs:
		return tooMany
	}
	return a + b
}

// mergeComponent adds component c of a heterogeneous job to its job j.
func (p *parser) mergeComponent(j *raw, c raw) {
	j.submit = min(j.submit, c.submit)
	switch {
	case j.start == noTime:
	case c.start == noTime:
		j.start = noTime
	default:
		j.start = min(j.start, c.start)
	}
	if c.end == noTime || j.end == noTime {
		j.end = noTime
	} else {
		j.end = max(j.end, c.end)
	}
	j.ncpus = addCounts(j.ncpus, c.ncpus)
	j.nnodes = addCounts(j.nnodes, c.nnodes)
	j.reqCPUS = addCounts(j.reqCPUS, c.reqCPUS)
	j.totalCPU += c.totalCPU
	j.timelimit = math.Max(j.timelimit, c.timelimit)
	j.neverStarted = j.neverStarted || c.neverStarted
	j.unread |= c.unread
	if stateWord(p.names[j.state]) == "COMPLETED" {
		j.state, j.exitCode = c.state, c.exitCode
	}
	if j.memPerCPU == c.memPerCPU {
		j.reqMem += c.reqMem
	} else {
		j.reqMem = math.NaN()
	}
}

func stateWord(s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}

// statusOf maps Slurm's end states to SWF status codes.
var statusOf = map[string]int{
	"COMPLETED": datasets.StatusCompleted,
	"FAILED":    datasets.StatusFailed, "TIMEOUT": datasets.StatusFailed, "NODE_FAIL": datasets.StatusFailed,
	"BOOT_FAIL": datasets.StatusFailed, "OUT_OF_MEMORY": datasets.StatusFailed, "DEADLINE": datasets.StatusFailed,
	"PREEMPTED": datasets.StatusFailed,
	"CANCELLED": datasets.StatusCancelled, "REVOKED": datasets.StatusCancelled,
}

// unfinished lists the states of jobs that have not ended.
var unfinished = map[string]bool{"PENDING": true, "RUNNING": true, "SUSPENDED": true, "REQUEUED": true,
	"RESIZING": true, "REQUEUE_FED": true, "REQUEUE_HOLD": true, "SPECIAL_EXIT": true, "SIGNALING": true,
	"STAGE_OUT": true, "STOPPED": true, "CONFIGURING": true, "COMPLETING": true}

func leadingNumber(b []byte) int64 {
	var v int64
	for _, c := range b {
		if c < '0' || c > '9' || v > math.MaxInt64/10-10 {
			break
		}
		v = v*10 + int64(c-'0')
	}
	return v
}

// taskList is the tasks an array line stands for, as ranges.
type taskList struct {
	ranges []taskRange
	n      int
}

// taskRange is the tasks lo, lo+step, … up to hi.
type taskRange struct{ lo, hi, step int32 }

func (r taskRange) count() int { return int((r.hi-r.lo)/r.step) + 1 }

// at returns the k-th task.
func (l *taskList) at(k int) int32 {
	for _, r := range l.ranges {
		if n := r.count(); k >= n {
			k -= n
			continue
		}
		return r.lo + int32(k)*r.step
	}
	panic("sacct: task index out of range")
}

// arrayTasks reads "1-5,7,9-11:2%2" (the throttle after % ignored): the
// tasks as ranges, counted, never listed one by one.
func arrayTasks(s []byte) (*taskList, error) {
	if i := bytes.IndexByte(s, '%'); i >= 0 {
		s = s[:i]
	}
	var l taskList
	for _, part := range bytes.Split(s, []byte{','}) {
		step := 1
		if i := bytes.IndexByte(part, ':'); i >= 0 { // "0-15:4"
			st, err := strconv.Atoi(string(part[i+1:]))
			if err != nil || st < 1 || st > MaxArrayTasks {
				return nil, fmt.Errorf("bad array step %q", part)
			}
			step, part = st, part[:i]
		}
		lo, hi := part, part
		if i := bytes.IndexByte(part, '-'); i >= 0 {
			lo, hi = part[:i], part[i+1:]
		}
		a, err1 := strconv.Atoi(string(lo))
		b, err2 := strconv.Atoi(string(hi))
		if err1 != nil || err2 != nil || a < 0 || b < a || b > math.MaxInt32 {
			return nil, fmt.Errorf("bad array range %q", part)
		}
		r := taskRange{int32(a), int32(b), int32(step)}
		if l.n += r.count(); l.n > MaxArrayTasks || len(l.ranges) >= MaxArrayTasks {
			return nil, fmt.Errorf("more than %d array tasks on one line", MaxArrayTasks)
		}
		l.ranges = append(l.ranges, r)
	}
	return &l, nil
}

// minutes parses TimelimitRaw: minutes, or blank / UNLIMITED /
// Partition_Limit (unknown). It returns seconds.
func minutes(b []byte) (float64, error) {
	switch string(b) {
	case "", "UNLIMITED", "Partition_Limit", "INVALID":
		return math.NaN(), nil
	}
	v, err := strconv.ParseUint(string(b), 10, 64)
	if err != nil {
		return 0, err
	}
	return float64(v) * 60, nil // beyond datasets.MaxDuration: flagged by build
}

// duration parses Slurm's [D-]HH:MM:SS, MM:SS[.fff] (TotalCPU prints
// MM:SS.fff), D-HH and D-HH:MM, or UNLIMITED / Partition_Limit / blank
// (unknown), to seconds.
func duration(b []byte) (float64, error) {
	switch string(b) {
	case "", "UNLIMITED", "Partition_Limit", "INVALID":
		return math.NaN(), nil
	}
	bad := errors.New("not a duration")
	days := -1
	if i := bytes.IndexByte(b, '-'); i >= 0 {
		d, ok := digits(b[:i])
		if !ok {
			return 0, bad
		}
		days, b = d, b[i+1:]
	}
	frac := 0.0
	if i := bytes.IndexByte(b, '.'); i >= 0 {
		f, err := strconv.ParseFloat("0"+string(b[i:]), 64)
		if err != nil {
			return 0, bad
		}
		frac, b = f, b[:i]
	}
	var parts [3]int
	np := 0
	for {
		i := bytes.IndexByte(b, ':')
		part := b
		if i >= 0 {
			part = b[:i]
		}
		v, ok := digits(part)
		if !ok || np == 3 {
			return 0, bad
		}
		parts[np] = v
		np++
		if i < 0 {
			break
		}
		b = b[i+1:]
	}
	// Slurm's forms: [D-]HH:MM:SS, MM:SS[.fff], D-HH, D-HH:MM. Minutes and
	// seconds after the leading field are below 60, hours after days below
	// 24: "3-25:61:61" is no duration.
	var h, m, sec int
	switch {
	case np == 3:
		h, m, sec = parts[0], parts[1], parts[2]
	case np == 2 && days >= 0:
		h, m = parts[0], parts[1]
	case np == 2:
		m, sec = parts[0], parts[1]
	case days >= 0 && frac == 0:
		h = parts[0]
	default:
		return 0, bad
	}
	lead := np == 2 && days < 0 // minutes lead
	if days >= 0 && h >= 24 || !lead && m >= 60 || sec >= 60 {
		return 0, bad
	}
	total := h*3600 + m*60 + sec
	return float64(max(days, 0))*86400 + float64(total) + frac, nil
}

// digits parses a non-empty run of at most 9 decimal digits.
func digits(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	v := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// memory parses ReqMem: a number with a unit K, M, G or T (powers of 1024;
// none means M) and an optional c (per CPU) or n (per node). It returns KB.
func memory(b []byte) (float64, bool, error) {
	s := string(b)
	perCPU := false
	switch {
	case strings.HasSuffix(s, "c"):
		perCPU, s = true, s[:len(s)-1]
	case strings.HasSuffix(s, "n"):
		s = s[:len(s)-1]
	}
	unit := 1024.0
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 'K':
			unit, s = 1, s[:n-1]
		case 'M':
			unit, s = 1024, s[:n-1]
		case 'G':
			unit, s = 1024*1024, s[:n-1]
		case 'T':
			unit, s = 1024*1024*1024, s[:n-1]
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v >= 0) || math.IsInf(v, 0) {
		return 0, false, errors.New("not a memory size")
	}
	return v * unit, perCPU, nil // +Inf beyond float64: flagged by build
}

// clock converts sacct's local times to Unix seconds, caching the Unix time
// of each local hour (zone offsets change on hour boundaries).
type clock struct {
	loc   *time.Location
	hours map[int64]int64 // yyyymmddhh → Unix time of hh:00:00
}

func newClock(loc *time.Location) *clock { return &clock{loc: loc, hours: map[int64]int64{}} }

// parse reads YYYY-MM-DDTHH:MM:SS; "Unknown", "None" and "" are noTime.
func (c *clock) parse(b []byte) (int64, error) {
	switch string(b) {
	case "Unknown", "None", "":
		return noTime, nil
	}
	if len(b) != 19 || b[4] != '-' || b[7] != '-' || b[10] != 'T' || b[13] != ':' || b[16] != ':' {
		return 0, errors.New("not a time")
	}
	num := func(s []byte) int {
		v := 0
		for _, d := range s {
			if d < '0' || d > '9' {
				return -1
			}
			v = v*10 + int(d-'0')
		}
		return v
	}
	y, mo, d, h, mi, se := num(b[0:4]), num(b[5:7]), num(b[8:10]), num(b[11:13]), num(b[14:16]), num(b[17:19])
	if y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 60 {
		return 0, errors.New("not a time")
	}
	key := int64(y)*1_000_000 + int64(mo)*10_000 + int64(d)*100 + int64(h)
	base, ok := c.hours[key]
	if !ok {
		t := time.Date(y, time.Month(mo), d, h, 0, 0, 0, c.loc)
		if t.Day() != d { // 31 February
			return 0, errors.New("not a date")
		}
		base = t.Unix()
		if len(c.hours) > 1<<20 {
			clear(c.hours)
		}
		c.hours[key] = base
	}
	return base + int64(mi*60+se), nil
}

// jobRef is one job of the import: a raw, and for an array line the
// index of its task.
type jobRef struct{ raw, task int32 }

// build sorts the jobs by submit time, numbers them, users, groups,
// partitions and QOS, and makes the trace. A value no log holds becomes
// unknown, flagged and counted (checkJob).
func (p *parser) build(jobs *rawList) *Import {
	// Submit order; ties by Slurm job number, array task, raw id. sacct
	// prints jobs nearly in that order: the sort is of an index.
	n := jobs.jobs
	order := make([]jobRef, 0, n)
	for k := range jobs.n {
		r := jobs.at(k)
		for t := range r.count() {
			order = append(order, jobRef{int32(k), int32(t)})
		}
	}
	taskOf := func(ref jobRef) int32 {
		if r := jobs.at(int(ref.raw)); r.tasks != nil {
			return r.tasks.at(int(ref.task))
		}
		return jobs.at(int(ref.raw)).task
	}
	less := func(x, y jobRef) int {
		a, b := jobs.at(int(x.raw)), jobs.at(int(y.raw))
		switch {
		case a.submit != b.submit:
			return cmp.Compare(a.submit, b.submit)
		case a.jobNumber != b.jobNumber:
			return cmp.Compare(a.jobNumber, b.jobNumber)
		}
		if ta, tb := taskOf(x), taskOf(y); ta != tb {
			return cmp.Compare(ta, tb)
		}
		return cmp.Compare(a.idRaw, b.idRaw)
	}
	if !slices.IsSortedFunc(order, less) {
		slices.SortStableFunc(order, less)
	}
	im := &Import{SlurmID: make([]string, n), State: make([]string, n), ExitCode: make([]string, n),
		Account: make([]string, n), Flags: make([]string, n)}
	// ids numbers names in order of first use: 1, 2, …; "" is −1.
	ids := func(names *[]string) func(int32) int {
		id := make([]int32, len(p.names))
		return func(k int32) int {
			if k == 0 {
				return -1
			}
			if id[k] == 0 {
				*names = append(*names, p.names[k])
				id[k] = int32(len(*names))
			}
			return int(id[k])
		}
	}
	userID, groupID, partID, qosID := ids(&im.Users), ids(&im.Groups), ids(&im.Partitions), ids(&im.Queues)
	tr := datasets.NewTrace(p.opts.Name, n)
	var origin int64
	if n > 0 {
		t := time.Unix(jobs.at(int(order[0].raw)).submit, 0).In(p.opts.Location)
		origin = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, p.opts.Location).Unix()
	}
	w := rowWarnings{list: p.warn}
	rowOf := map[int32]int{} // a job with an unreadable value → its first row
	for i, ref := range order {
		r := jobs.at(int(ref.raw))
		j := datasets.UnknownJob()
		j.JobID = i + 1
		if r.unread != 0 {
			if _, ok := rowOf[ref.raw]; !ok {
				rowOf[ref.raw] = i
			}
			p.flagUnreadable(&w, im, i, r, j.JobID)
		}
		j.Submit = float64(r.submit - origin)
		word := stateWord(p.names[r.state])
		if s, ok := statusOf[word]; ok {
			j.Status = s
		}
		procs := r.ncpus
		if p.opts.Procs == NodesTimesCores && r.nnodes >= 0 {
			procs = tooMany
			if c := int64(r.nnodes) * int64(p.opts.CoresPerNode); r.nnodes != tooMany && c <= MaxProcs {
				procs = int32(c)
			}
		}
		req := r.reqCPUS
		if req < 0 {
			req = r.ncpus
		}
		j.ReqTime = r.timelimit
		if r.neverStarted {
			w.add(WarnNeverStarted, "", r.line, j.JobID, "jobs that never started (cancelled or failed while pending): wait and runtime unknown, procs −1")
		} else {
			j.Procs = int(procs)
			switch {
			case r.unread&uStart != 0: // unknown wait
			case r.start < r.submit:
				w.flag(im, i, "start-before-submit", WarnStartBeforeSubmit, "", r.line, j.JobID,
					"Start before Submit: the wait is unknown")
			default:
				j.Wait = float64(r.start - r.submit)
			}
			switch {
			case r.unread&(uStart|uEnd) != 0: // unknown run time
			case r.end < r.start:
				w.flag(im, i, "end-before-start", WarnEndBeforeStart, "", r.line, j.JobID,
					"End before Start: the run time is unknown")
			default:
				j.Runtime = float64(r.end - r.start)
			}
			if procs > 0 && procs != tooMany && !math.IsNaN(r.totalCPU) {
				j.CPUTime = r.totalCPU / float64(procs)
			}
		}
		j.ReqProcs = int(req)
		switch cpus := max(procs, req); {
		case math.IsNaN(r.reqMem):
		case r.memPerCPU:
			j.ReqMem = r.reqMem
		case r.nnodes > 0 && r.nnodes != tooMany && cpus > 0 && cpus != tooMany:
			j.ReqMem = r.reqMem * float64(r.nnodes) / float64(cpus)
		}
		checkJob(&w, im, i, r.line, &j)
		j.User, j.Group, j.Partition, j.Queue = userID(r.user), groupID(r.group), partID(r.part), qosID(r.qos)
		tr.Append(j)
		im.SlurmID[i], im.State[i] = r.slurmID, p.names[r.state]
		if r.tasks != nil {
			im.SlurmID[i] = r.slurmID + strconv.Itoa(int(taskOf(ref)))
		}
		im.ExitCode[i], im.Account[i] = p.names[r.exitCode], p.names[r.acct]
	}
	tr.Header = datasets.Header{Version: "2.2", Computer: p.opts.Cluster,
		Conversion: "tracelab datasets/sacct from sacct --allocations --parsable2; status: COMPLETED 1, " +
			"FAILED/TIMEOUT/NODE_FAIL/BOOT_FAIL/OUT_OF_MEMORY/DEADLINE/PREEMPTED 0, CANCELLED/REVOKED 5",
		MaxJobs: n, MaxRecords: n, UnixStartTime: origin, TimeZoneString: p.opts.Location.String(),
		MaxProcs: max(p.opts.MachineProcs, 0)}
	tr.Report = &datasets.ReadReport{Lines: p.line, Jobs: n, Warnings: w.list,
		UnreadableSkipped: p.unreadSkipped, UnreadableNotListed: p.unreadMore}
	for _, u := range p.unread {
		v := datasets.UnreadableValue{Row: -1, Line: int(u.line), JobID: -1, Field: u.field, Token: u.token, Why: u.why, Text: u.text}
		if u.raw >= 0 {
			v.Row = rowOf[u.raw]
			v.JobID = v.Row + 1
		}
		tr.Report.Unreadable = append(tr.Report.Unreadable, v)
	}
	for k := range tr.Report.Warnings { // the first value as written, in file order (the warning's line)
		x := &tr.Report.Warnings[k]
		if x.Kind != datasets.WarnUnreadable || x.Field == "Submit" {
			continue
		}
		for _, u := range p.unread {
			if u.field == x.Field {
				x.Value = u.token
				x.Message = fmt.Sprintf("%s %q is %v: %s (the value as written is in the report's Unreadable list) (flagged %s-unreadable)",
					u.field, clip.Runes(u.token, 80), u.why, unreadThen(u.field), u.field)
				break
			}
		}
	}
	im.Trace = tr
	return im
}

// unreadCols names the columns of raw.unread's bits (the time limit's is
// Timelimit or TimelimitRaw, whichever the header has).
var unreadCols = []struct {
	bit        uint8
	name, then string
}{
	{uStart, "Start", "wait and run time unknown"},
	{uEnd, "End", "run time unknown"},
	{uNCPUS, "NCPUS", "processors unknown"},
	{uNNodes, "NNodes", "nodes unknown"},
	{uReqCPUS, "ReqCPUS", "requested processors unknown"},
	{uLimit, "Timelimit", "requested time unknown"},
	{uTotalCPU, "TotalCPU", "CPU time unknown"},
	{uReqMem, "ReqMem", "requested memory unknown"},
}

// unreadThen says what became of an unreadable value of column name.
func unreadThen(name string) string {
	for _, c := range unreadCols {
		if c.name == name || c.bit == uLimit && name == "TimelimitRaw" {
			return c.then
		}
	}
	return "unknown"
}

// flagUnreadable counts and flags (COLUMN-unreadable) each unreadable
// value of job i (datasets.WarnUnreadable, the column as field).
func (p *parser) flagUnreadable(w *rowWarnings, im *Import, i int, r *raw, jobID int) {
	for _, c := range unreadCols {
		if r.unread&c.bit == 0 {
			continue
		}
		name := c.name
		if c.bit == uLimit && p.cols.timelimitRaw >= 0 {
			name = "TimelimitRaw"
		}
		w.flag(im, i, name+"-unreadable", datasets.WarnUnreadable, name, r.line, jobID,
			name+" is unreadable: "+c.then+" (the value as written is in the report's Unreadable list)") // Message set in build
	}
}

// checkJob makes unknown, flags and counts every value of a job that no
// log holds (what the reader would refuse or make unknown): processors
// beyond MaxProcs, memory beyond datasets.MaxMemoryKB (or infinite), a
// duration beyond datasets.MaxDuration.
func checkJob(w *rowWarnings, im *Import, i int, line int32, j *datasets.Job) {
	out := func(field, what string) {
		w.flag(im, i, field+"-out-of-range", WarnOutOfRange, field, line, j.JobID,
			field+" "+what+": unknown")
	}
	if j.Procs == tooMany {
		j.Procs = -1
		out("procs", fmt.Sprintf("above %d processors", MaxProcs))
	}
	if j.ReqProcs == tooMany {
		j.ReqProcs = -1
		out("req_procs", fmt.Sprintf("above %d processors", MaxProcs))
	}
	if !(j.ReqMem <= datasets.MaxMemoryKB) && !math.IsNaN(j.ReqMem) {
		j.ReqMem = math.NaN()
		out("req_mem", "above 2^53 KB")
	}
	for _, d := range []struct {
		field string
		v     *float64
	}{{"wait", &j.Wait}, {"runtime", &j.Runtime}, {"cpu_time", &j.CPUTime}, {"req_time", &j.ReqTime}} {
		if *d.v > datasets.MaxDuration {
			*d.v = math.NaN()
			out(d.field, "above 100 years")
		}
	}
}

// rowWarnings counts the warnings of the jobs as the trace is built: per
// kind and field, the first line, the count, the first job ids.
type rowWarnings struct{ list []datasets.Warning }

func (w *rowWarnings) add(kind datasets.WarningKind, field string, line int32, jobID int, msg string) {
	for k := range w.list {
		if x := &w.list[k]; x.Kind == kind && x.Field == field {
			x.Count++
			x.Line = min(x.Line, int(line))
			if len(x.Examples) < datasets.MaxWarningExamples {
				x.Examples = append(x.Examples, jobID)
			}
			return
		}
	}
	w.list = append(w.list, datasets.Warning{Kind: kind, Field: field, Count: 1, Line: int(line),
		Examples: []int{jobID}, Message: msg})
}

// flag counts a warning and adds a flag to job i.
func (w *rowWarnings) flag(im *Import, i int, flag string, kind datasets.WarningKind, field string, line int32, jobID int, msg string) {
	w.add(kind, field, line, jobID, msg+" (flagged "+flag+")")
	if im.Flags[i] != "" {
		im.Flags[i] += ";"
	}
	im.Flags[i] += flag
}
