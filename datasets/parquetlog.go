package datasets

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
	"github.com/parquet-go/parquet-go/encoding"
)

// parquetHeaderKey names the file metadata entry that keeps a log's SWF
// header (its lines, as an SWF file starts, joined by newlines).
const parquetHeaderKey = "tracelab.swf_header"

// parquetRowGroup is the most rows of a row group ParquetWriter writes: the
// rows it buffers before writing them out (about 20 MB for the 20 job
// columns).
const parquetRowGroup = 1 << 17

// ParquetWriter writes a log as Parquet, a row group at a time: the job
// columns of Trace.Frame (measures and processor counts as DOUBLE with NaN
// unknown, identifiers as optional INT64), the SWF header's lines in the
// file metadata (key "tracelab.swf_header") and the column order in
// "tracelab.columns". Pages are compressed with Zstandard (fastest level),
// which pandas, pyarrow, DuckDB and Spark read.
type ParquetWriter struct {
	w     io.Writer
	pw    *parquet.GenericWriter[any]
	leaf  [len(FieldNames) + 2]int // leaf column of each job column
	batch []parquet.Row
}

// NewParquetWriter returns a writer of Parquet to w.
func NewParquetWriter(w io.Writer) *ParquetWriter { return &ParquetWriter{w: w} }

// jobParquetSchema is the schema of a log's Parquet file.
var jobParquetSchema = func() *parquet.Schema {
	group := parquet.Group{}
	for k, name := range JobColumns {
		if jobColumnKinds[k] == kindID {
			group[name] = parquet.Optional(parquet.Int(64))
		} else {
			group[name] = parquet.Leaf(parquet.DoubleType)
		}
	}
	return parquet.NewSchema("jobs", group)
}()

// WriteHeader starts the file; the header goes into its metadata.
func (p *ParquetWriter) WriteHeader(h Header) error {
	index := make(map[string]int)
	for i, path := range jobParquetSchema.Columns() {
		index[path[0]] = i
	}
	for k, name := range JobColumns {
		p.leaf[k] = index[name]
	}
	p.pw = parquet.NewGenericWriter[any](p.w, jobParquetSchema,
		parquet.KeyValueMetadata(parquetOrderKey, strings.Join(JobColumns, "\x1f")),
		parquet.KeyValueMetadata(parquetHeaderKey, strings.Join(h.Text(), "\n")),
		parquet.MaxRowsPerRowGroup(parquetRowGroup), parquet.Compression(&zstd.Codec{Level: zstd.SpeedFastest}))
	p.batch = make([]parquet.Row, 0, 1024)
	return nil
}

// WriteJob adds one row.
func (p *ParquetWriter) WriteJob(j *Job) error {
	if p.pw == nil {
		panic("datasets: ParquetWriter.WriteJob before WriteHeader")
	}
	n := len(p.batch)
	p.batch = p.batch[:n+1]
	row := p.batch[n]
	if row == nil {
		row = make(parquet.Row, len(JobColumns))
		p.batch[n] = row
	}
	for k, v := range jobRow(j) {
		c := p.leaf[k]
		if jobColumnKinds[k] == kindID {
			row[c] = parquet.Int64Value(int64(v)).Level(0, 1, c)
		} else {
			row[c] = parquet.DoubleValue(v).Level(0, 0, c)
		}
	}
	if len(p.batch) == cap(p.batch) {
		return p.flush()
	}
	return nil
}

func (p *ParquetWriter) flush() error {
	_, err := p.pw.WriteRows(p.batch)
	p.batch = p.batch[:0]
	return err
}

// Close writes the last rows and the footer.
func (p *ParquetWriter) Close() error {
	if p.pw == nil {
		return errors.New("datasets: ParquetWriter closed before WriteHeader")
	}
	if err := p.flush(); err != nil {
		return err
	}
	return p.pw.Close()
}

// readParquet reads a job frame from a Parquet file: the SWF header from
// its metadata (key tracelab.swf_header), the jobs from its columns found
// by name (as readCSV does). The job columns must be flat numbers (DOUBLE,
// FLOAT, INT32, INT64); other columns are ignored. Rows are numbered from 1
// in errors and warnings (Line).
func (p *parser) readParquet(r io.ReaderAt, size int64) error {
	p.total = -1 // no byte offsets per row: the rows to reserve double
	f, err := openParquet(r, size)
	if err != nil {
		return &ParseError{File: p.name, Err: err}
	}
	leaves := f.Schema().Columns()
	fieldOf := make([]int, len(leaves))
	names := make([]string, len(leaves))
	for c, path := range leaves {
		names[c] = strings.Join(path, ".")
	}
	fields, err := frameFields(names)
	if err != nil {
		return &ParseError{File: p.name, Err: err}
	}
	for c, k := range fields {
		fieldOf[c] = k
		if k < 0 {
			continue
		}
		leaf, _ := f.Schema().Lookup(leaves[c]...)
		switch kind := leaf.Node.Type().Kind(); {
		case leaf.Node.Repeated():
			return &ParseError{File: p.name, Field: FieldNames[k], Err: errors.New("a repeated column; want one number per row")}
		case kind != parquet.Double && kind != parquet.Float && kind != parquet.Int32 && kind != parquet.Int64:
			return &ParseError{File: p.name, Field: FieldNames[k], Err: fmt.Errorf("a column of %v; want numbers", leaf.Node.Type())}
		}
	}
	if h, ok := f.Lookup(parquetHeaderKey); ok {
		for _, l := range strings.Split(h, "\n") {
			p.headerLine([]byte(strings.TrimPrefix(l, ";")))
		}
	}
	// MaxRecords' role: a hint for the rows to reserve, believed only up
	// to four times the rows read (nextCapacity).
	p.records = int(min(f.NumRows(), math.MaxInt32))
	// The job columns are read column by column, a page at a time; the
	// other columns are never read.
	var jobLeaf [18]int
	for k := range jobLeaf {
		jobLeaf[k] = -1
	}
	for c, k := range fieldOf {
		if k >= 0 {
			jobLeaf[k] = c
		}
	}
	for _, rg := range f.RowGroups() {
		chunks := rg.ColumnChunks()
		var cursors [18]*pageCursor
		for k, c := range jobLeaf {
			if c >= 0 {
				cursors[k] = &pageCursor{pages: chunks[c].Pages(), buf: make([]parquet.Value, 256)}
			}
		}
		err := p.readRowGroup(rg.NumRows(), &cursors)
		for _, c := range cursors {
			if c != nil {
				c.close()
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// readRowGroup reads rows rows from the job columns' cursors.
func (p *parser) readRowGroup(rows int64, cursors *[18]*pageCursor) error {
	for range rows {
		p.line++
		if !p.inBody {
			if err := p.startBody(0); err != nil {
				return err
			}
		}
		vals := unknownRow
		for k, c := range cursors {
			if c == nil {
				continue
			}
			v, err := c.next()
			if err == io.EOF {
				err = errors.New("the column has fewer values than its row group has rows")
			}
			if err != nil {
				return &ParseError{File: p.name, Line: p.line, Field: FieldNames[k], Err: fmt.Errorf("%w: %v", ErrBadParquet, err)}
			}
			if v.IsNull() {
				continue
			}
			var x float64
			switch v.Kind() {
			case parquet.Double:
				x = v.Double()
			case parquet.Float:
				x = float64(v.Float())
			case parquet.Int32:
				x = float64(v.Int32())
			default:
				x = float64(v.Int64())
			}
			y, err := cellValue(k, x)
			if err != nil {
				tok := fmtValue(x)
				if v.Kind() == parquet.Int64 {
					tok = strconv.FormatInt(v.Int64(), 10) // exact, where x is not
				}
				if y, err = p.tolerate(k, []byte(tok), err); err != nil {
					p.pending = p.pending[:0]
					return &ParseError{File: p.name, Line: p.line, Field: FieldNames[k], Text: tok, Err: err}
				}
			}
			vals[k] = y
		}
		if err := p.addRow(&vals); err != nil {
			return err
		}
	}
	return nil
}

// pageCursor hands out the values of a column chunk one at a time, reading
// a page at a time.
type pageCursor struct {
	pages parquet.Pages
	page  parquet.Page
	vals  parquet.ValueReader
	buf   []parquet.Value
	i, n  int
}

// next returns the next value; io.EOF after the last.
func (c *pageCursor) next() (parquet.Value, error) {
	if c.i == c.n {
		if err := c.refill(); err != nil {
			return parquet.Value{}, err
		}
	}
	v := c.buf[c.i]
	c.i++
	return v, nil
}

// refill reads values into buf, reading pages as needed; io.EOF after the
// last. A panic of parquet-go on a damaged page (a nil dereference in its
// page decoding, found by fuzzing) is returned as an error: a bad file is
// an error, never a crash.
func (c *pageCursor) refill() (err error) {
	defer func() {
		if r := recover(); r != nil {
			c.page, c.vals = nil, nil // not released: its state is unknown
			err = fmt.Errorf("a damaged page (parquet-go: %v)", r)
		}
	}()
	for c.i == c.n {
		if c.vals != nil {
			n, err := c.vals.ReadValues(c.buf)
			c.i, c.n = 0, n
			if n > 0 {
				break
			}
			if err != nil && err != io.EOF {
				return err
			}
			c.release()
			continue
		}
		page, err := c.pages.ReadPage()
		if err != nil {
			return err
		}
		if err := checkPageValues(page); err != nil {
			parquet.Release(page)
			return err
		}
		c.page, c.vals = page, page.Values()
	}
	return nil
}

// checkPageValues refuses a page of an optional column whose definition
// levels count more non-null values than the page holds: parquet-go
// (v0.25.1, optionalPageValues.ReadValues) loops for ever on it, as
// its values run out before its levels (a damaged page; FuzzReadParquet
// stalled on such inputs, and a 10 KB file made Read hang).
func checkPageValues(page parquet.Page) error {
	if len(page.DefinitionLevels()) == 0 {
		return nil
	}
	nonNull := page.NumValues() - page.NumNulls()
	d := page.Data()
	var have int64
	switch d.Kind() {
	case encoding.Int32:
		have = int64(len(d.Int32()))
	case encoding.Int64:
		have = int64(len(d.Int64()))
	case encoding.Float:
		have = int64(len(d.Float()))
	case encoding.Double:
		have = int64(len(d.Double()))
	default:
		return nil // no flat number column reaches here (parquetguard)
	}
	if nonNull > have {
		return fmt.Errorf("a page's definition levels give %d values, the page holds %d", nonNull, have)
	}
	return nil
}

func (c *pageCursor) release() {
	if c.page != nil {
		parquet.Release(c.page)
	}
	c.page, c.vals = nil, nil
}

func (c *pageCursor) close() {
	c.release()
	c.pages.Close()
}
