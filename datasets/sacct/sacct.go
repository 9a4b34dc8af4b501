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
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// Format is the sacct --format list this package documents (see the
// package doc); columns may come in any order and others are ignored.
const Format = "JobID,JobIDRaw,User,Group,Account,Partition,QOS,Submit,Start,End,TimelimitRaw,NCPUS,NNodes,ReqCPUS,ReqMem,TotalCPU,State,ExitCode,NodeList"

// Limits on the input, so that no input grows memory without end.
const (
	// MaxArrayTasks is the most tasks one array line ("1234_[0-99]") may
	// stand for (Slurm's MaxArraySize is at most 4,000,001).
	MaxArrayTasks = 4_000_001
	// MaxJobs is the most jobs an import holds.
	MaxJobs = 50_000_000
	// MaxLine is the longest line read, bytes.
	MaxLine = 1 << 20
)

// Warning kinds of an import (datasets.Warning.Kind).
const (
	WarnUnfinished   datasets.WarningKind = "sacct-unfinished"    // job not ended: left out
	WarnStep         datasets.WarningKind = "sacct-step"          // step line: left out
	WarnUnknownState datasets.WarningKind = "sacct-unknown-state" // status −1, raw state kept
	WarnNeverStarted datasets.WarningKind = "sacct-never-started" // wait and runtime unknown
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
}

// Import is an imported accounting log: the trace and what SWF cannot hold.
// Row i of each slice is row i (job number i+1) of Trace.
type Import struct {
	Trace *datasets.Trace
	// SlurmID is the job id as sacct printed it ("1234", "1234_7",
	// "1234+" for a heterogeneous job); State, ExitCode and Account are
	// sacct's, as printed.
	SlurmID, State, ExitCode, Account []string
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

// raw is one job as read, before sorting and numbering. Names are
// indexes into parser.names (interned); times are Unix seconds.
type raw struct {
	submit, start, end  int64 // start, end: noTime when unknown
	idRaw               int64 // JobIDRaw, else the leading number of JobID
	jobNumber           int64 // the leading number of JobID (an array's or het job's id)
	timelimit, totalCPU float64
	reqMem              float64
	ncpus, nnodes       int32 // −1 unknown
	reqCPUS, task       int32 // task: the array task index, −1 for none
	user, group, part   int32
	qos, acct           int32
	state, exitCode     int32
	memPerCPU           bool
	neverStarted        bool
	slurmID             string
}

const noTime = math.MinInt64

func read(r io.Reader, file string, opts Options) (*Import, error) {
	if opts.Location == nil {
		return nil, errors.New("sacct: the cluster's time zone (Options.Location) is required: sacct prints local times")
	}
	if opts.Procs == NodesTimesCores && opts.CoresPerNode <= 0 {
		return nil, errors.New("sacct: NodesTimesCores needs CoresPerNode > 0")
	}
	p := &parser{file: file, opts: opts, clock: newClock(opts.Location), intern: map[string]int32{}, names: []string{""}}
	br := bufio.NewReaderSize(r, 1<<16)
	var jobs rawList
	het := map[int64]int{} // heterogeneous job id → index in jobs
	for {
		line, err := readLine(br)
		if len(line) > 0 || err == nil {
			p.line++
		}
		if len(line) > MaxLine {
			return nil, p.errorf("", line, "line longer than %d bytes", MaxLine)
		}
		if len(bytes.TrimSpace(line)) > 0 {
			if p.cols.n == 0 {
				if p.cols, err = parseHeader(line); err != nil {
					return nil, &datasets.ParseError{File: file, Line: p.line, Text: string(line), Err: err}
				}
			} else if err := p.job(line, &jobs, het); err != nil {
				return nil, err
			}
			if jobs.n > MaxJobs {
				return nil, p.errorf("", nil, "more than %d jobs", MaxJobs)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
	}
	if p.cols.n == 0 {
		return nil, &datasets.ParseError{File: file, Line: p.line, Err: errors.New("no header line (want sacct --parsable2 without --noheader)")}
	}
	return p.build(&jobs), nil
}

// readLine returns the next line without its end (\n or \r\n), io.EOF
// after the last one.
func readLine(br *bufio.Reader) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		buf := append([]byte(nil), line...)
		for err == bufio.ErrBufferFull && len(buf) <= MaxLine {
			line, err = br.ReadSlice('\n')
			buf = append(buf, line...)
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
}

func (p *parser) errorf(field string, text []byte, format string, args ...any) error {
	return &datasets.ParseError{File: p.file, Line: p.line, Field: field, Text: string(text), Err: fmt.Errorf(format, args...)}
}

// warnf counts one row under kind; the first sets the line, value and
// message.
func (p *parser) warnf(kind datasets.WarningKind, value, id string, format string, args ...any) {
	for k := range p.warn {
		if p.warn[k].Kind == kind {
			p.warn[k].Count++
			return
		}
	}
	p.warn = append(p.warn, datasets.Warning{Kind: kind, Count: 1, Line: p.line, Value: value,
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
	var err error
	if j.submit, err = p.clock.parse(p.fields[c.submit]); err != nil || j.submit == noTime {
		return p.errorf("Submit", p.fields[c.submit], "not a submit time (want YYYY-MM-DDTHH:MM:SS)")
	}
	if j.start, err = p.clock.parse(p.fields[c.start]); err != nil {
		return p.errorf("Start", p.fields[c.start], "not a time")
	}
	if j.end, err = p.clock.parse(p.fields[c.end]); err != nil {
		return p.errorf("End", p.fields[c.end], "not a time")
	}
	j.neverStarted = j.start == noTime || string(p.field(c.nodeList)) == "None assigned"
	if j.end == noTime && !j.neverStarted {
		p.warnf(WarnUnfinished, state, sid, "state %s without an end time: left out", state)
		return nil
	}
	if j.ncpus, err = p.count(c.ncpus, "NCPUS"); err != nil {
		return err
	}
	if j.nnodes, err = p.count(c.nnodes, "NNodes"); err != nil {
		return err
	}
	if j.reqCPUS, err = p.count(c.reqCPUS, "ReqCPUS"); err != nil {
		return err
	}
	if c.timelimitRaw >= 0 {
		if j.timelimit, err = minutes(p.fields[c.timelimitRaw]); err != nil {
			return p.errorf("TimelimitRaw", p.fields[c.timelimitRaw], "not a number of minutes")
		}
	} else if c.timelimit >= 0 {
		if j.timelimit, err = duration(p.fields[c.timelimit]); err != nil {
			return p.errorf("Timelimit", p.fields[c.timelimit], "not a time limit")
		}
	}
	if c.totalCPU >= 0 && len(p.fields[c.totalCPU]) > 0 {
		if j.totalCPU, err = duration(p.fields[c.totalCPU]); err != nil {
			return p.errorf("TotalCPU", p.fields[c.totalCPU], "not a duration")
		}
	}
	if c.reqMem >= 0 && len(p.fields[c.reqMem]) > 0 {
		if j.reqMem, j.memPerCPU, err = memory(p.fields[c.reqMem]); err != nil {
			return p.errorf("ReqMem", p.fields[c.reqMem], "not a memory size")
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
			return nil
		}
		j.idRaw = leader
		het[leader] = jobs.n
		jobs.add(j)
		return nil
	}
	// A line for several array tasks that never started: one job each.
	if open := bytes.Index(id, []byte("_[")); open > 0 && bytes.HasSuffix(id, []byte("]")) {
		tasks, err := arrayTasks(id[open+2 : len(id)-1])
		if err != nil {
			return p.errorf("JobID", id, "%v", err)
		}
		prefix := string(id[:open+1])
		j.neverStarted = true
		for _, t := range tasks {
			jt := j
			jt.slurmID, jt.task = prefix+strconv.Itoa(t), int32(t)
			jobs.add(jt)
			if jobs.n > MaxJobs {
				return p.errorf("", nil, "more than %d jobs", MaxJobs)
			}
		}
		return nil
	}
	j.slurmID = sid
	jobs.add(j)
	return nil
}

// rawList holds the jobs as read in fixed-size chunks: no copying as it
// grows (a million jobs are 120 MB).
type rawList struct {
	chunks [][]raw
	n      int
}

const chunkBits = 13

func (l *rawList) add(j raw) {
	if l.n>>chunkBits == len(l.chunks) {
		l.chunks = append(l.chunks, make([]raw, 0, 1<<chunkBits))
	}
	c := &l.chunks[len(l.chunks)-1]
	*c = append(*c, j)
	l.n++
}

func (l *rawList) at(k int) *raw { return &l.chunks[k>>chunkBits][k&(1<<chunkBits-1)] }

// count parses a count field ("" unknown).
func (p *parser) count(k int, name string) (int32, error) {
	b := p.field(k)
	if len(b) == 0 {
		return -1, nil
	}
	v, err := strconv.ParseInt(string(b), 10, 32)
	if err != nil || v < 0 {
		return -1, p.errorf(name, b, "not a count")
	}
	return int32(v), nil
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
	add := func(a *int32, b int32) {
		if *a < 0 || b < 0 {
			*a = -1
			return
		}
		*a += b
	}
	add(&j.ncpus, c.ncpus)
	add(&j.nnodes, c.nnodes)
	add(&j.reqCPUS, c.reqCPUS)
	j.totalCPU += c.totalCPU
	j.timelimit = math.Max(j.timelimit, c.timelimit)
	j.neverStarted = j.neverStarted || c.neverStarted
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

// arrayTasks expands "1-5,7,9-11%2" (the throttle after % ignored).
func arrayTasks(s []byte) ([]int, error) {
	if i := bytes.IndexByte(s, '%'); i >= 0 {
		s = s[:i]
	}
	var out []int
	for _, part := range bytes.Split(s, []byte{','}) {
		lo, hi := part, part
		step := 1
		if i := bytes.IndexByte(part, ':'); i >= 0 { // "0-15:4"
			st, err := strconv.Atoi(string(part[i+1:]))
			if err != nil || st < 1 {
				return nil, fmt.Errorf("bad array step %q", part)
			}
			step, part = st, part[:i]
			lo, hi = part, part
		}
		if i := bytes.IndexByte(part, '-'); i >= 0 {
			lo, hi = part[:i], part[i+1:]
		}
		a, err1 := strconv.Atoi(string(lo))
		b, err2 := strconv.Atoi(string(hi))
		if err1 != nil || err2 != nil || a < 0 || b < a {
			return nil, fmt.Errorf("bad array range %q", part)
		}
		if (b-a)/step+1+len(out) > MaxArrayTasks {
			return nil, fmt.Errorf("more than %d array tasks on one line", MaxArrayTasks)
		}
		for t := a; t <= b; t += step {
			out = append(out, t)
		}
	}
	return out, nil
}

// minutes parses TimelimitRaw: minutes, or blank / UNLIMITED /
// Partition_Limit (unknown). It returns seconds.
func minutes(b []byte) (float64, error) {
	switch string(b) {
	case "", "UNLIMITED", "Partition_Limit", "INVALID":
		return math.NaN(), nil
	}
	v, err := strconv.ParseUint(string(b), 10, 32)
	if err != nil {
		return 0, err
	}
	return float64(v) * 60, nil
}

// duration parses Slurm's [D-][HH:]MM:SS[.fff] (TotalCPU prints MM:SS.fff)
// and D-HH, or UNLIMITED / Partition_Limit / blank (unknown), to seconds.
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
	total := 0
	switch {
	case np == 1 && days >= 0 && frac == 0: // D-HH
		total = parts[0] * 3600
	case np == 1:
		return 0, bad
	default:
		for _, v := range parts[:np] {
			total = total*60 + v
		}
	}
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
	if err != nil || v < 0 || math.IsInf(v, 0) {
		return 0, false, errors.New("not a memory size")
	}
	return v * unit, perCPU, nil
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

// build sorts the jobs by submit time, numbers them, users, groups,
// partitions and QOS, and makes the trace.
func (p *parser) build(jobs *rawList) *Import {
	// Submit order; ties by Slurm job number, array task, raw id. sacct
	// prints jobs nearly in that order: the sort is of an index.
	n := jobs.n
	order := make([]int32, n)
	for k := range order {
		order[k] = int32(k)
	}
	less := func(x, y int32) int {
		a, b := jobs.at(int(x)), jobs.at(int(y))
		switch {
		case a.submit != b.submit:
			return cmp.Compare(a.submit, b.submit)
		case a.jobNumber != b.jobNumber:
			return cmp.Compare(a.jobNumber, b.jobNumber)
		case a.task != b.task:
			return int(a.task) - int(b.task)
		}
		return cmp.Compare(a.idRaw, b.idRaw)
	}
	if !slices.IsSortedFunc(order, less) {
		slices.SortStableFunc(order, less)
	}
	im := &Import{SlurmID: make([]string, n), State: make([]string, n), ExitCode: make([]string, n),
		Account: make([]string, n)}
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
		t := time.Unix(jobs.at(int(order[0])).submit, 0).In(p.opts.Location)
		origin = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, p.opts.Location).Unix()
	}
	never := 0
	for i, k := range order {
		r := jobs.at(int(k))
		j := datasets.UnknownJob()
		j.JobID = i + 1
		j.Submit = float64(r.submit - origin)
		word := stateWord(p.names[r.state])
		if s, ok := statusOf[word]; ok {
			j.Status = s
		}
		procs := int(r.ncpus)
		if p.opts.Procs == NodesTimesCores && r.nnodes >= 0 {
			procs = int(r.nnodes) * p.opts.CoresPerNode
		}
		j.ReqProcs = int(r.reqCPUS)
		if j.ReqProcs < 0 {
			j.ReqProcs = int(r.ncpus)
		}
		j.ReqTime = r.timelimit
		if r.neverStarted {
			never++
		} else {
			j.Wait = float64(r.start - r.submit)
			j.Runtime = float64(r.end - r.start)
			j.Procs = procs
			if procs > 0 && !math.IsNaN(r.totalCPU) {
				j.CPUTime = r.totalCPU / float64(procs)
			}
		}
		switch cpus := max(procs, j.ReqProcs); {
		case math.IsNaN(r.reqMem):
		case r.memPerCPU:
			j.ReqMem = r.reqMem
		case r.nnodes > 0 && cpus > 0:
			j.ReqMem = r.reqMem * float64(r.nnodes) / float64(cpus)
		}
		j.User, j.Group, j.Partition, j.Queue = userID(r.user), groupID(r.group), partID(r.part), qosID(r.qos)
		tr.Append(j)
		im.SlurmID[i], im.State[i] = r.slurmID, p.names[r.state]
		im.ExitCode[i], im.Account[i] = p.names[r.exitCode], p.names[r.acct]
	}
	if never > 0 {
		p.warn = append(p.warn, datasets.Warning{Kind: WarnNeverStarted, Count: never,
			Message: "jobs that never started (cancelled or failed while pending): wait and runtime unknown, procs −1"})
	}
	tr.Header = datasets.Header{Version: "2.2", Computer: p.opts.Cluster,
		Conversion: "tracelab datasets/sacct from sacct --allocations --parsable2; status: COMPLETED 1, " +
			"FAILED/TIMEOUT/NODE_FAIL/BOOT_FAIL/OUT_OF_MEMORY/DEADLINE/PREEMPTED 0, CANCELLED/REVOKED 5",
		MaxJobs: n, MaxRecords: n, UnixStartTime: origin, TimeZoneString: p.opts.Location.String(),
		MaxProcs: max(p.opts.MachineProcs, 0)}
	tr.Report = &datasets.ReadReport{Lines: p.line, Jobs: n, Warnings: p.warn}
	im.Trace = tr
	return im
}
