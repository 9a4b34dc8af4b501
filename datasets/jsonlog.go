package datasets

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/tracelab/tracelab/internal/clip"
	"io"
	"math"
	"strconv"
)

// JSONWriter writes a log as JSON, job by job: an object whose "swf_header"
// holds the SWF header's lines (as an SWF file starts, each with its ';')
// and whose "jobs" holds one object per job, keys in the order of
// JobColumns, values as Trace.Frame holds them, unknown as null:
//
//	{"swf_header": ["; Version: 2.2", "; MaxProcs: 128"],
//	 "jobs": [
//	  {"job_id": 1, "submit": 0, ...},
//	  ...
//	]}
type JSONWriter struct {
	bw   *bufio.Writer
	buf  []byte
	keys [][]byte
	n    int
}

// NewJSONWriter returns a writer of JSON to w.
func NewJSONWriter(w io.Writer) *JSONWriter {
	keys := make([][]byte, len(JobColumns))
	for k, c := range JobColumns {
		keys[k] = []byte(strconv.Quote(c) + ": ")
	}
	return &JSONWriter{bw: bufio.NewWriterSize(w, 1<<16), buf: make([]byte, 0, 1024), keys: keys}
}

// WriteHeader writes the header and opens the jobs.
func (j *JSONWriter) WriteHeader(h Header) error {
	j.bw.WriteString(`{"swf_header": [`)
	for i, l := range h.Text() {
		if i > 0 {
			j.bw.WriteString(",")
		}
		j.bw.WriteString("\n  ")
		b, _ := json.Marshal(l)
		j.bw.Write(b)
	}
	_, err := j.bw.WriteString("],\n \"jobs\": [")
	return err
}

// WriteJob writes one job object.
func (j *JSONWriter) WriteJob(job *Job) error {
	row := jobRow(job)
	buf := j.buf[:0]
	if j.n > 0 {
		buf = append(buf, ',')
	}
	j.n++
	buf = append(buf, "\n  {"...)
	for k, v := range row {
		if k > 0 {
			buf = append(buf, ", "...)
		}
		buf = append(buf, j.keys[k]...)
		buf = appendCell(buf, jobColumnKinds[k], v, "null")
	}
	buf = append(buf, '}')
	j.buf = buf
	_, err := j.bw.Write(buf)
	return err
}

// Close ends the jobs and the object and flushes.
func (j *JSONWriter) Close() error {
	if j.n > 0 {
		j.bw.WriteByte('\n')
	}
	j.bw.WriteString("]}\n")
	return j.bw.Flush()
}

// jsonCell is one value of a job object: a number or null. A value that is
// not a number is kept as an error, for a message that names the field.
type jsonCell struct {
	v   float64
	set bool
	err error
	raw string // the value as written, when it is not a number or not exact in a float64
}

func (c *jsonCell) UnmarshalJSON(b []byte) error {
	c.set = string(b) != "null"
	if c.set {
		c.v, c.err = parseNumber(b, false)
		if c.err != nil || math.Abs(c.v) >= 1<<53 {
			c.raw = clip.Bytes(b, MaxUnreadableText)
		}
	}
	return nil
}

// jsonJob is a job object; keys of other columns are ignored.
type jsonJob struct {
	JobID     jsonCell `json:"job_id"`
	Submit    jsonCell `json:"submit"`
	Wait      jsonCell `json:"wait"`
	Runtime   jsonCell `json:"runtime"`
	Procs     jsonCell `json:"procs"`
	CPUTime   jsonCell `json:"cpu_time"`
	Mem       jsonCell `json:"mem"`
	ReqProcs  jsonCell `json:"req_procs"`
	ReqTime   jsonCell `json:"req_time"`
	ReqMem    jsonCell `json:"req_mem"`
	Status    jsonCell `json:"status"`
	User      jsonCell `json:"user"`
	Group     jsonCell `json:"group"`
	App       jsonCell `json:"app"`
	Queue     jsonCell `json:"queue"`
	Partition jsonCell `json:"partition"`
	PrevJob   jsonCell `json:"prev_job"`
	ThinkTime jsonCell `json:"think_time"`
}

// cells returns the job's cells in SWF field order.
func (j *jsonJob) cells() [18]*jsonCell {
	return [18]*jsonCell{&j.JobID, &j.Submit, &j.Wait, &j.Runtime, &j.Procs, &j.CPUTime, &j.Mem, &j.ReqProcs,
		&j.ReqTime, &j.ReqMem, &j.Status, &j.User, &j.Group, &j.App, &j.Queue, &j.Partition, &j.PrevJob, &j.ThinkTime}
}

// ErrJSONShape is the error of a JSON file that is not a job frame.
var ErrJSONShape = errors.New("not a log in JSON: want an array of job objects, or an object with swf_header and jobs")

// readJSON reads a job frame as JSON: an array of job objects (as
// WriteJSON writes a frame), or an object with the header's lines
// ("swf_header", before "jobs") and the job objects ("jobs"), as JSONWriter
// writes a log. A job object must have job_id and submit; a missing key or
// null is unknown. Rows are numbered from 1 in errors and warnings (Line);
// an error before the first row names the line of the file.
func (p *parser) readJSON(br *bufio.Reader) error {
	lim := &valueLimit{r: br, max: maxLine, lines: true}
	dec := json.NewDecoder(lim)
	p.jdec, p.jlim = dec, lim
	defer func() { p.jdec, p.jlim = nil, nil }()
	tok, err := dec.Token()
	if err != nil {
		return p.jsonError(err)
	}
	switch tok {
	case json.Delim('['):
		if err := p.readJSONJobs(dec, lim); err != nil {
			return err
		}
	case json.Delim('{'):
		if err := p.readJSONObject(dec, lim); err != nil {
			return err
		}
	default:
		return &ParseError{File: p.name, Line: p.jsonLine(nil), Err: ErrJSONShape}
	}
	if _, err := dec.Token(); err != io.EOF {
		return &ParseError{File: p.name, Line: p.jsonLine(nil), Err: fmt.Errorf("%w: data after the end", ErrJSONShape)}
	}
	return nil
}

// readJSONObject reads the keys of a log object after its '{'.
func (p *parser) readJSONObject(dec *json.Decoder, lim *valueLimit) error {
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return p.jsonError(err)
		}
		lim.setMark(dec.InputOffset())
		switch tok {
		case "swf_header":
			if p.inBody {
				return &ParseError{File: p.name, Line: p.line, Err: fmt.Errorf("%w: swf_header after the jobs (tracelab writes it first)", ErrJSONShape)}
			}
			if err := p.readJSONHeader(dec, lim); err != nil {
				return err
			}
		case "jobs":
			if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
				return &ParseError{File: p.name, Line: p.jsonLine(err), Err: fmt.Errorf("%w: jobs is not an array", ErrJSONShape)}
			}
			if err := p.readJSONJobs(dec, lim); err != nil {
				return err
			}
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return p.jsonError(err)
			}
			lim.setMark(dec.InputOffset())
		}
	}
	if _, err := dec.Token(); err != nil { // '}'
		return p.jsonError(err)
	}
	return nil
}

// readJSONHeader reads the array of the header's lines.
func (p *parser) readJSONHeader(dec *json.Decoder, lim *valueLimit) error {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return &ParseError{File: p.name, Line: p.jsonLine(err), Err: fmt.Errorf("%w: swf_header is not an array of lines", ErrJSONShape)}
	}
	for dec.More() {
		var line string
		if err := dec.Decode(&line); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				return &ParseError{File: p.name, Line: p.jsonLine(err), Err: fmt.Errorf("%w: swf_header holds a JSON %s, want the header's lines as strings", ErrJSONShape, te.Value)}
			}
			return p.jsonError(err)
		}
		lim.setMark(dec.InputOffset())
		if len(line) > 0 && line[0] == ';' {
			line = line[1:]
		}
		p.headerLine([]byte(line))
	}
	_, err := dec.Token() // ']'
	if err != nil {
		return p.jsonError(err)
	}
	return nil
}

// readJSONJobs reads job objects up to the array's ']'.
func (p *parser) readJSONJobs(dec *json.Decoder, lim *valueLimit) error {
	var row jsonJob
	for dec.More() {
		row = jsonJob{}
		p.line++
		if err := dec.Decode(&row); err != nil {
			return p.jsonError(err)
		}
		lim.setMark(dec.InputOffset())
		p.offset = lim.mark
		if !p.inBody {
			lim.lines = false // rows are numbered from here on
			if err := p.startBody(p.offset); err != nil {
				return err
			}
		}
		vals := unknownRow
		for k, c := range row.cells() {
			if !c.set {
				if k == fJobID || k == fSubmit {
					return &ParseError{File: p.name, Line: p.line, Field: FieldNames[k], Err: &missingColumnError{FieldNames[k]}}
				}
				continue
			}
			v, err := c.v, c.err
			if err == nil {
				v, err = cellValue(k, v)
			}
			if err != nil {
				tok := c.raw
				if tok == "" {
					tok = fmtValue(c.v)
				}
				if v, err = p.tolerate(k, []byte(tok), err); err != nil {
					p.pending = p.pending[:0]
					return &ParseError{File: p.name, Line: p.line, Field: FieldNames[k], Err: err}
				}
			}
			vals[k] = v
		}
		if err := p.addRow(&vals); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // ']'
		return p.jsonError(err)
	}
	return nil
}

// jsonError turns an error of the JSON decoder into a *ParseError of the
// current row (before the first, of the line of the file: jsonLine).
func (p *parser) jsonError(err error) error {
	line := p.jsonLine(err)
	switch {
	case errors.Is(err, ErrLineLength):
		err = errors.New("a JSON value longer than 1 MiB")
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		err = errors.New("the JSON ends early")
	default:
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			err = fmt.Errorf("%w: %s is a JSON %s, want a number or null", ErrJSONShape, te.Field, te.Value)
		}
	}
	return &ParseError{File: p.name, Line: line, Err: err}
}

// jsonLine is the line of an error of the JSON decoder (err; nil for none)
// in a ParseError: the row (the job object, from 1) once the jobs began,
// the line of the file (from 1) where the decoder stood or the fault lies
// before (an error in the header or before the first job once said
// "line 0").
func (p *parser) jsonLine(err error) int {
	if p.line > 0 || p.jlim == nil {
		return p.line
	}
	off := p.jdec.InputOffset()
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		off = p.jlim.read // the end
	}
	return p.jlim.lineAt(off)
}

// valueLimit bounds what a JSON decoder buffers: a read fails once more
// than max bytes came after mark (the end of the last value read), so no
// value longer than max is ever held.
//
// While lines is set it also counts the lines of what was read, for
// lineAt: it keeps the bytes after the last mark (at most max and a read
// more), and counts the newlines before it.
type valueLimit struct {
	r          io.Reader
	read, mark int64
	max        int64

	lines    bool
	newlines int    // newlines before counted
	counted  int64  // offset up to which newlines are counted
	kept     []byte // the bytes read from counted on, while lines
}

func (l *valueLimit) Read(b []byte) (int, error) {
	if l.read-l.mark > l.max {
		return 0, ErrLineLength
	}
	// Never more than one byte beyond the bound: the decoder asks for
	// as much as its buffer holds (a value of up to twice the bound
	// passed).
	if room := l.max - (l.read - l.mark) + 1; int64(len(b)) > room {
		b = b[:room]
	}
	n, err := l.r.Read(b)
	l.read += int64(n)
	if l.lines {
		l.kept = append(l.kept, b[:n]...)
	}
	return n, err
}

// setMark marks off as the end of the last value read.
func (l *valueLimit) setMark(off int64) {
	l.mark = off
	if l.lines {
		l.lineAt(off)
	}
}

// lineAt returns the line (from 1) of the byte at offset off, which is at
// or after the last mark, while lines is set (0 after).
func (l *valueLimit) lineAt(off int64) int {
	if !l.lines {
		return 0
	}
	off = min(max(off, l.counted), l.counted+int64(len(l.kept)))
	k := int(off - l.counted)
	l.newlines += bytes.Count(l.kept[:k], []byte{'\n'})
	l.counted = off
	l.kept = append(l.kept[:0], l.kept[k:]...)
	return 1 + l.newlines
}
