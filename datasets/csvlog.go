package datasets

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
)

// CSVWriter writes a log as CSV, job by job: the SWF header as leading
// comment lines (each header line with its ';' replaced by '#'), a row of
// column names (JobColumns), then one row per job as Trace.Frame holds it
// (identifiers as integers, measures in the shortest decimal form that
// reads back to the same float64, unknown as NaN).
type CSVWriter struct {
	bw  *bufio.Writer
	buf []byte
}

// NewCSVWriter returns a writer of CSV to w.
func NewCSVWriter(w io.Writer) *CSVWriter {
	return &CSVWriter{bw: bufio.NewWriterSize(w, 1<<16), buf: make([]byte, 0, 512)}
}

// WriteHeader writes the header's comment lines and the column names.
func (c *CSVWriter) WriteHeader(h Header) error {
	for _, l := range headerLines(h) {
		c.bw.WriteByte('#')
		c.bw.WriteString(l)
		c.bw.WriteByte('\n')
	}
	c.bw.WriteString(strings.Join(JobColumns, ","))
	return c.bw.WriteByte('\n')
}

// WriteJob writes one row.
func (c *CSVWriter) WriteJob(j *Job) error {
	row := jobRow(j)
	buf := c.buf[:0]
	for k, v := range row {
		if k > 0 {
			buf = append(buf, ',')
		}
		buf = appendCell(buf, jobColumnKinds[k], v, "NaN")
	}
	buf = append(buf, '\n')
	c.buf = buf
	_, err := c.bw.Write(buf)
	return err
}

// Close flushes the buffered rows.
func (c *CSVWriter) Close() error { return c.bw.Flush() }

// readCSV reads a job frame as CSV: leading '#' lines are the SWF header
// (written by CSVWriter), then a row of column names, then one row per job.
// Columns are found by name (JobColumns; job_id and submit are required, a
// missing column is unknown for every job, other columns are ignored). A
// cell that is empty or NaN is unknown; any other is read as an SWF field
// is (a number as SWF writes it, an integer in the integer fields; other
// cells are unreadable, WarnUnreadable).
func (p *parser) readCSV(br *bufio.Reader) error {
	var consumed int64 // bytes before the row of names
	if b, _ := br.Peek(len(utf8BOM)); string(b) == utf8BOM {
		br.Discard(len(utf8BOM))
		consumed += int64(len(utf8BOM))
	}
	for {
		if b, err := br.Peek(1); err != nil || b[0] != '#' {
			break
		}
		line, err := readBoundedLine(br)
		p.line++
		if err != nil {
			return &ParseError{File: p.name, Line: p.line, Err: err}
		}
		consumed += int64(len(line))
		p.headerLine(bytes.TrimRight(line[1:], "\r\n"))
		if consumed > p.idleLimit() {
			return &ParseError{File: p.name, Line: p.line, Err: fmt.Errorf("%w: lines 1 to %d, %d bytes, are comments: not a log?", ErrBlankStretch, p.line, consumed)}
		}
	}
	return p.readCSVRows(br, consumed, p.line)
}

// readCSVRows reads the row of names and the job rows; before them came
// skipped bytes and lines.
func (p *parser) readCSVRows(r io.Reader, skipped int64, lines int) error {
	cr := csv.NewReader(&recordLimit{r: r, max: maxLine, maxIdle: p.idleLimit(), base: lines, idleStart: 1})
	cr.ReuseRecord = true
	cr.Comment = '#'
	names, err := cr.Read()
	if err == io.EOF {
		return nil // no row of names: no jobs
	}
	if err != nil {
		return p.csvError(err, lines)
	}
	p.line = lines + 1
	for i, n := range names {
		names[i] = strings.TrimSpace(n)
	}
	fields, err := frameFields(names)
	if err != nil {
		return &ParseError{File: p.name, Line: p.line, Text: strings.Join(names, ","), Err: err}
	}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return p.csvError(err, lines)
		}
		line, _ := cr.FieldPos(0)
		p.line = lines + line
		p.offset = skipped + cr.InputOffset()
		if !p.inBody {
			if err := p.startBody(p.offset); err != nil {
				return err
			}
		}
		vals := unknownRow
		for c, cell := range rec {
			k := fields[c]
			if k < 0 {
				continue
			}
			v, err := parseCell(cell, integerField[k])
			if err != nil {
				tok := []byte(strings.TrimSpace(cell))
				if v, err = p.tolerate(k, tok, err); err != nil {
					p.pending = p.pending[:0]
					return &ParseError{File: p.name, Line: p.line, Field: FieldNames[k], Text: cell, Err: err}
				}
			}
			vals[k] = v
		}
		if len(p.pending) > 0 {
			p.rowText = []byte(strings.Join(rec, ","))
		}
		if err := p.addRow(&vals); err != nil {
			return err
		}
	}
}

// unknownRow is a job row whose every field is unknown (−1).
var unknownRow = [18]float64{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}

// csvError turns an error of the CSV reader into a *ParseError.
func (p *parser) csvError(err error, lines int) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		e := pe.Err
		if errors.Is(e, csv.ErrFieldCount) {
			e = errors.New("a row has another number of cells than the row of column names")
		}
		return &ParseError{File: p.name, Line: lines + pe.Line, Err: e}
	}
	if errors.Is(err, ErrLineLength) {
		return &ParseError{File: p.name, Line: p.line + 1, Err: err}
	}
	if e, ok := err.(*ParseError); ok && errors.Is(err, ErrBlankStretch) {
		e.File = p.name
		return e
	}
	return p.readError(err)
}

// parseCell reads one cell of a job frame: empty, NaN or null is unknown
// (−1); any other must be a base-10 number (parseNumber).
func parseCell(cell string, integer bool) (float64, error) {
	cell = strings.TrimSpace(cell)
	switch {
	case cell == "", strings.EqualFold(cell, "nan"), cell == "null", cell == "NA":
		return -1, nil
	}
	return parseNumber([]byte(cell), integer)
}

// readBoundedLine reads one line with its end, at most maxLine bytes.
func readBoundedLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		b, err := br.ReadSlice('\n')
		line = append(line, b...)
		if len(line) > maxLine {
			return nil, ErrLineLength
		}
		if err != bufio.ErrBufferFull {
			if err == io.EOF && len(line) > 0 {
				err = nil
			}
			return line, err
		}
	}
}

// recordLimit fails a read once more than max bytes came since the last
// end of a CSV record: a newline outside quotes, since a quoted cell may
// hold newlines (RFC 4180), so that the CSV reader, which gathers a record
// whole, never holds a much longer one. A line that starts with '#' where
// a record may start is a comment (csv.Reader.Comment), whose quotes do
// not count. Before, a quote left open made the reader gather the rest of
// the input: a 6 MB gzip file ran tracelab info out of memory.
//
// It also fails a read once more than maxIdle bytes of blank and comment
// lines came in a row (ErrBlankStretch), which the CSV reader would skip
// one by one for as long as the input lasts.
type recordLimit struct {
	r         io.Reader
	run       int // bytes since the last record's end
	max       int
	inQuote   bool // between an opening quote and its closing one
	comment   bool // in a comment line
	midRecord bool // a byte of the record has come (not at a record's start)

	maxIdle   int64 // bytes of blank and comment lines in a row allowed
	base      int   // file lines before r's first
	lines     int   // line ends read outside quotes
	idle      int64 // bytes since the last byte of a record (blank and comment lines)
	idleStart int   // line of r where the blank and comment lines began
}

func (l *recordLimit) Read(b []byte) (int, error) {
	if l.run > l.max {
		return 0, fmt.Errorf("%w: a CSV row of more than %d bytes (a quoted cell left open?)", ErrLineLength, l.max)
	}
	if l.idle > l.maxIdle {
		return 0, &ParseError{Line: l.base + l.lines, Err: fmt.Errorf("%w: lines %d to %d, %d bytes, hold no job: not a log?",
			ErrBlankStretch, l.base+l.idleStart, l.base+l.lines, l.idle)}
	}
	n, err := l.r.Read(b)
	for _, c := range b[:n] {
		l.run++
		l.idle++
		switch {
		case c == '#' && !l.midRecord:
			l.comment = true
		case c == '"' && !l.comment:
			l.inQuote = !l.inQuote
		case c == '\n' && !l.inQuote:
			l.run, l.comment, l.midRecord = 0, false, false
			l.lines++
			continue
		}
		if !l.comment && c != '\r' {
			l.idle, l.idleStart = 0, l.lines+2
		}
		l.midRecord = true
	}
	return n, err
}
