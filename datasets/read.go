package datasets

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzip"
)

// FieldNames are the 18 SWF fields in file order, as frame column names.
var FieldNames = [18]string{"job_id", "submit", "wait", "runtime", "procs", "cpu_time", "mem",
	"req_procs", "req_time", "req_mem", "status", "user", "group", "app", "queue", "partition",
	"prev_job", "think_time"}

// integerField marks the fields that hold identifiers or counts: they must
// be integers in the file.
var integerField = [18]bool{0: true, 4: true, 7: true, 10: true, 11: true, 12: true, 13: true,
	14: true, 15: true, 16: true}

// ReadOptions controls Read. The zero value is the default.
type ReadOptions struct {
	// Name names the input in errors and becomes the trace's Name.
	Name string
	// KeepPlaceholders keeps rows whose submit time is −1 (placeholder
	// records, as in LLNL-Thunder); by default they are left out and counted
	// in ReadReport.PlaceholdersSkipped. Kept placeholders have submit NaN.
	KeepPlaceholders bool
}

// ReadReport says what Read did. Nothing is dropped without being counted
// here.
type ReadReport struct {
	Lines               int // lines read, header included
	Jobs                int // job rows in the trace
	PlaceholdersSkipped int // rows with submit −1 left out
	Warnings            []Warning
}

// Warning is a problem that Read tolerated: the data is kept as it is.
type Warning struct {
	Line    int    // first line where it was seen
	Kind    string // short name, e.g. "unsorted-submit"
	Count   int    // how many rows it affects
	Message string
}

func (w Warning) String() string {
	return fmt.Sprintf("line %d: %s (%d rows): %s", w.Line, w.Kind, w.Count, w.Message)
}

// ParseError is a bad input line. It names the file, the line (1-based),
// the field and the offending text.
type ParseError struct {
	File  string
	Line  int
	Field string // "" when the error concerns the whole line
	Text  string
	Err   error
}

func (e *ParseError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d: ", e.File, e.Line)
	if e.Field != "" {
		fmt.Fprintf(&b, "field %s: ", e.Field)
	}
	if e.Text != "" {
		fmt.Fprintf(&b, "%q: ", truncate(e.Text, 80))
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *ParseError) Unwrap() error { return e.Err }

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Errors that ParseError wraps.
var (
	ErrFieldCount = errors.New("an SWF job line has 18 fields")
	ErrNotNumber  = errors.New("not a number")
	ErrNotInteger = errors.New("not an integer")
	ErrNotFinite  = errors.New("not a finite number")
	ErrNegative   = errors.New("negative (only −1, unknown, is allowed)")
	ErrStatus     = errors.New("status must be −1, 0, 1, 2, 3, 4 or 5")
	ErrDuplicate  = errors.New("duplicate job id")
	ErrNoJobs     = errors.New("no job records")
	ErrBinary     = errors.New("binary data (not SWF text)")
	ErrLineLength = errors.New("line longer than 1 MiB")
)

const maxLine = 1 << 20

// ReadFile reads an SWF file, gzipped or plain (detected by its magic
// bytes). The trace's name is the file's base name without .swf/.gz unless
// opts.Name is set.
func ReadFile(path string, opts ReadOptions) (*Trace, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if opts.Name == "" {
		opts.Name = path
	}
	t, err := Read(f, opts)
	if err != nil {
		return nil, err
	}
	if t.Name == path {
		t.Name = LogName(path)
	}
	return t, nil
}

// LogName returns a log's name from its path: the base name without the
// extensions .gz and .swf.
func LogName(path string) string {
	b := filepath.Base(path)
	b = strings.TrimSuffix(b, ".gz")
	return strings.TrimSuffix(b, ".swf")
}

// Read parses SWF from r, gzipped or plain (detected by the gzip magic
// bytes), streaming: the input is never held whole in memory.
//
// Accepted: an optional header of "; Key: value" lines, comment lines
// anywhere, blank lines, CRLF line ends, decimal values in the time and
// memory fields. Integer fields (ids, counts, status) must be integers.
//
// Errors (a *ParseError naming file, line, field and text; nothing is
// returned): a job line without exactly 18 fields; a value that is not a
// number, or NaN/Inf, or out of range; a negative value other than −1
// (except think time, whose SWF definition allows any value); a status
// outside −1…5; a duplicate job id; a non-integer header value for a
// numeric directive; binary data; a broken gzip stream; an input with no job
// records.
//
// Warnings (the data is kept, counted in Trace.Report): submit times that
// decrease, job ids that do not increase, zero allocated processors.
func Read(r io.Reader, opts ReadOptions) (*Trace, error) {
	name := opts.Name
	if name == "" {
		name = "<input>"
	}
	br := bufio.NewReaderSize(r, 1<<16)
	magic, _ := br.Peek(2)
	var src io.Reader = br
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: gzip: %w", name, err)
		}
		defer zr.Close()
		src = zr
	}
	p := parser{name: name, opts: opts, t: NewTrace(LogName(name), 0)}
	if err := p.run(src); err != nil {
		return nil, err
	}
	return p.finish()
}

type parser struct {
	name   string
	opts   ReadOptions
	t      *Trace
	report ReadReport
	header []string
	hdrAt  []int // file line of each header comment
	inBody bool
	ids    map[int]struct{} // every job id, built once ids stop increasing
	seen   int              // job rows seen, placeholders included
	line   int

	skippedIDs []int // ids of skipped placeholders, while ids is nil

	lastSubmit float64
	lastID     int
	warn       map[string]*Warning
	warnOrder  []string
}

func (p *parser) warnf(kind, format string, args ...any) {
	if p.warn == nil {
		p.warn = make(map[string]*Warning)
	}
	w, ok := p.warn[kind]
	if !ok {
		w = &Warning{Line: p.line, Kind: kind, Message: fmt.Sprintf(format, args...)}
		p.warn[kind] = w
		p.warnOrder = append(p.warnOrder, kind)
	}
	w.Count++
}

// run reads the input in large chunks and hands each line to parseLine.
func (p *parser) run(src io.Reader) error {
	buf := make([]byte, 1<<20)
	start, end := 0, 0
	for {
		n, err := src.Read(buf[end:])
		end += n
		// Hand over every complete line in buf[start:end].
		for {
			nl := bytes.IndexByte(buf[start:end], '\n')
			if nl < 0 {
				break
			}
			if perr := p.parseLine(buf[start : start+nl]); perr != nil {
				return perr
			}
			start += nl + 1
		}
		if err == io.EOF {
			if start < end { // last line without a newline
				if perr := p.parseLine(buf[start:end]); perr != nil {
					return perr
				}
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s:%d: reading: %w", p.name, p.line+1, err)
		}
		// Move the partial line to the front; grow when one line fills buf.
		if start == 0 && end == len(buf) {
			if len(buf) >= maxLine {
				p.line++
				return &ParseError{File: p.name, Line: p.line, Err: ErrLineLength}
			}
			nb := make([]byte, 2*len(buf))
			copy(nb, buf[:end])
			buf = nb
			continue
		}
		copy(buf, buf[start:end])
		end -= start
		start = 0
	}
}

func (p *parser) parseLine(line []byte) error {
	p.line++
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	// Skip leading blanks.
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i == len(line) {
		return nil // blank line
	}
	if line[i] == ';' {
		if !p.inBody {
			p.header = append(p.header, string(line[i+1:]))
			p.hdrAt = append(p.hdrAt, p.line)
			p.sizeHint(line[i+1:])
		}
		return nil
	}
	p.inBody = true
	var vals [18]float64
	nf := 0
	for i < len(line) {
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		if nf == 18 {
			return &ParseError{File: p.name, Line: p.line, Text: string(line), Err: fmt.Errorf("%w: found more", ErrFieldCount)}
		}
		tok := line[i:j]
		v, err := parseNumber(tok, integerField[nf])
		if err != nil {
			if bytes.ContainsFunc(tok, func(r rune) bool { return r == 0 || r == 0xFFFD || r < 9 }) {
				err = ErrBinary
			}
			return &ParseError{File: p.name, Line: p.line, Field: FieldNames[nf], Text: string(tok), Err: err}
		}
		vals[nf] = v
		nf++
		for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
			j++
		}
		i = j
	}
	if nf != 18 {
		return &ParseError{File: p.name, Line: p.line, Text: string(line), Err: fmt.Errorf("%w: found %d", ErrFieldCount, nf)}
	}
	return p.addJob(&vals)
}

// addJob validates one row and appends it.
func (p *parser) addJob(v *[18]float64) error {
	for f, x := range v {
		if x < 0 && x != -1 && f != 17 { // think time may be negative by definition
			return &ParseError{File: p.name, Line: p.line, Field: FieldNames[f],
				Text: strconv.FormatFloat(x, 'g', -1, 64), Err: ErrNegative}
		}
	}
	if s := v[10]; s > 5 {
		return &ParseError{File: p.name, Line: p.line, Field: "status", Text: strconv.FormatFloat(s, 'g', -1, 64), Err: ErrStatus}
	}
	id := int(v[0])
	// While ids increase there can be no duplicate; the set of ids is built
	// only once an id fails to increase.
	if p.ids == nil && p.seen > 0 && id <= p.lastID {
		p.ids = make(map[int]struct{}, 2*len(p.t.JobID))
		for _, x := range p.t.JobID {
			p.ids[x] = struct{}{}
		}
		for _, x := range p.skippedIDs {
			p.ids[x] = struct{}{}
		}
	}
	if p.ids != nil {
		if _, dup := p.ids[id]; dup {
			return &ParseError{File: p.name, Line: p.line, Field: "job_id", Text: strconv.Itoa(id), Err: ErrDuplicate}
		}
		p.ids[id] = struct{}{}
	}
	p.seen++
	if p.seen > 1 && id <= p.lastID {
		p.warnf("unsorted-job-id", "job id %d does not increase (after %d)", id, p.lastID)
	}
	p.lastID = id
	if v[1] == -1 && !p.opts.KeepPlaceholders {
		p.report.PlaceholdersSkipped++
		if p.ids == nil {
			p.skippedIDs = append(p.skippedIDs, id)
		}
		return nil
	}
	t := p.t
	if t.Len() > 0 && v[1] != -1 && v[1] < p.lastSubmit {
		p.warnf("unsorted-submit", "submit time decreases (%g after %g); rows are kept in file order", v[1], p.lastSubmit)
	}
	if v[4] == 0 {
		p.warnf("zero-procs", "job %d has 0 allocated processors", id)
	}
	if v[1] != -1 {
		p.lastSubmit = v[1]
	}
	t.JobID = append(t.JobID, id)
	t.Submit = append(t.Submit, measure(v[1]))
	t.Wait = append(t.Wait, measure(v[2]))
	t.Runtime = append(t.Runtime, measure(v[3]))
	t.Procs = append(t.Procs, int(v[4]))
	t.CPUTime = append(t.CPUTime, measure(v[5]))
	t.Mem = append(t.Mem, measure(v[6]))
	t.ReqProcs = append(t.ReqProcs, int(v[7]))
	t.ReqTime = append(t.ReqTime, measure(v[8]))
	t.ReqMem = append(t.ReqMem, measure(v[9]))
	t.Status = append(t.Status, int(v[10]))
	t.User = append(t.User, int(v[11]))
	t.Group = append(t.Group, int(v[12]))
	t.App = append(t.App, int(v[13]))
	t.Queue = append(t.Queue, int(v[14]))
	t.Partition = append(t.Partition, int(v[15]))
	t.PrevJob = append(t.PrevJob, int(v[16]))
	t.ThinkTime = append(t.ThinkTime, measure(v[17]))
	return nil
}

// sizeHint reserves room for the jobs a MaxRecords or MaxJobs directive
// announces (at most 50 million), saving the copies of growing columns.
func (p *parser) sizeHint(comment []byte) {
	c := bytes.TrimSpace(comment)
	for _, key := range [][]byte{[]byte("MaxRecords:"), []byte("MaxJobs:")} {
		if bytes.HasPrefix(c, key) {
			n, err := strconv.Atoi(string(bytes.TrimSpace(c[len(key):])))
			if err == nil && n > p.t.Len() && n <= 50_000_000 && cap(p.t.JobID) < n {
				p.t.grow(n - p.t.Len())
			}
		}
	}
}

// measure maps SWF's −1 (unknown) to NaN.
func measure(x float64) float64 {
	if x == -1 {
		return math.NaN()
	}
	return x
}

func (p *parser) finish() (*Trace, error) {
	if p.t.Len() == 0 {
		if p.report.PlaceholdersSkipped > 0 {
			return nil, fmt.Errorf("%s: %w (all %d rows are placeholders with submit −1)", p.name, ErrNoJobs, p.report.PlaceholdersSkipped)
		}
		return nil, fmt.Errorf("%s: %w", p.name, ErrNoJobs)
	}
	h, bad, err := parseHeader(p.header)
	if err != nil {
		return nil, &ParseError{File: p.name, Line: p.hdrAt[bad], Text: p.header[bad], Err: err}
	}
	p.t.Header = h
	if n := p.t.Len(); cap(p.t.JobID) > n+n/4 {
		// The header announced more records than the file holds (cleaned
		// logs keep the original MaxRecords): give the excess back.
		p.t = p.t.Clone()
	}
	p.report.Lines = p.line
	p.report.Jobs = p.t.Len()
	for _, k := range p.warnOrder {
		p.report.Warnings = append(p.report.Warnings, *p.warn[k])
	}
	p.t.Report = &p.report
	return p.t, nil
}

var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parseNumber parses one SWF field. The fast path handles [-]digits[.digits]
// exactly (mantissa below 2^53, at most 22 decimals: one correctly rounded
// division); anything else goes through strconv.ParseFloat. NaN and Inf are
// rejected, and so are non-integers where integer is set.
func parseNumber(tok []byte, integer bool) (float64, error) {
	i, neg := 0, false
	if len(tok) > 0 && (tok[0] == '-' || tok[0] == '+') {
		neg = tok[0] == '-'
		i++
	}
	var mant uint64
	digits, frac := 0, 0
	for ; i < len(tok) && tok[i] >= '0' && tok[i] <= '9'; i++ {
		mant = mant*10 + uint64(tok[i]-'0')
		digits++
	}
	if i < len(tok) && tok[i] == '.' {
		i++
		for ; i < len(tok) && tok[i] >= '0' && tok[i] <= '9'; i++ {
			mant = mant*10 + uint64(tok[i]-'0')
			digits++
			frac++
		}
	}
	if i == len(tok) && digits > 0 && digits <= 15 {
		v := float64(mant)
		if frac > 0 {
			v /= pow10[frac]
		}
		if neg {
			v = -v
		}
		if integer && v != math.Trunc(v) {
			return 0, ErrNotInteger
		}
		return v, nil
	}
	v, err := strconv.ParseFloat(string(tok), 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange) {
			return 0, ErrNotFinite
		}
		return 0, ErrNotNumber
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, ErrNotFinite
	}
	if integer && (v != math.Trunc(v) || math.Abs(v) > 1<<53) {
		return 0, ErrNotInteger
	}
	return v, nil
}
