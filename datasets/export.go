package datasets

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"github.com/tracelab/tracelab/internal/infile"
	"github.com/tracelab/tracelab/internal/outfile"
)

// column is one frame column as a typed slice.
type column struct {
	name   string
	kind   series.Type
	floats []float64
	ints   []int
	strs   []string
	bools  []bool
	nan    []bool // for ints and strings: element is NaN (missing)
}

// columnsOf extracts every column of df once, as typed slices.
func columnsOf(df dataframe.DataFrame) ([]column, error) {
	if df.Err != nil {
		return nil, df.Err
	}
	cols := make([]column, df.Ncol())
	for j, name := range df.Names() {
		s := df.Col(name)
		c := column{name: name, kind: s.Type()}
		switch c.kind {
		case series.Float:
			c.floats = s.Float()
		case series.Int:
			c.nan = s.IsNaN()
			c.ints = make([]int, s.Len())
			for i := range c.ints {
				if !c.nan[i] {
					c.ints[i], _ = s.Elem(i).Int()
				}
			}
		case series.Bool:
			c.nan = s.IsNaN()
			c.bools = make([]bool, s.Len())
			for i := range c.bools {
				if !c.nan[i] {
					c.bools[i], _ = s.Elem(i).Bool()
				}
			}
		default:
			c.nan = s.IsNaN()
			c.strs = s.Records()
		}
		cols[j] = c
	}
	return cols, nil
}

func formatFloat(v float64) string {
	if math.IsNaN(v) {
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// cell returns row i of c as CSV text ("NaN" for missing numbers, "" for
// missing strings).
func (c *column) cell(i int) string {
	switch c.kind {
	case series.Float:
		return formatFloat(c.floats[i])
	case series.Int:
		if c.nan[i] {
			return "NaN"
		}
		return strconv.Itoa(c.ints[i])
	case series.Bool:
		if c.nan[i] {
			return "NaN"
		}
		return strconv.FormatBool(c.bools[i])
	}
	if c.nan[i] {
		return ""
	}
	return c.strs[i]
}

// WriteCSV writes df as CSV with a header row. Floats are written in the
// shortest form that reads back to the same float64 (Gota's own writer
// keeps only 6 decimals); missing numbers are written as NaN.
func WriteCSV(w io.Writer, df dataframe.DataFrame) error {
	cols, err := columnsOf(df)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	rec := make([]string, len(cols))
	for j := range cols {
		rec[j] = cols[j].name
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	for i := range df.Nrow() {
		for j := range cols {
			rec[j] = cols[j].cell(i)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes df as a JSON array of objects, one per row, keys in
// column order; missing values and NaN are null.
func WriteJSON(w io.Writer, df dataframe.DataFrame) error {
	cols, err := columnsOf(df)
	if err != nil {
		return err
	}
	keys := make([][]byte, len(cols))
	for j, c := range cols {
		keys[j], _ = json.Marshal(c.name)
	}
	bw := bufio.NewWriter(w)
	bw.WriteByte('[')
	var buf []byte
	for i := range df.Nrow() {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n  {")
		for j := range cols {
			c := &cols[j]
			if j > 0 {
				bw.WriteString(", ")
			}
			bw.Write(keys[j])
			bw.WriteString(": ")
			buf = buf[:0]
			switch {
			case c.kind == series.Float:
				if v := c.floats[i]; math.IsNaN(v) || math.IsInf(v, 0) {
					buf = append(buf, "null"...)
				} else {
					buf = strconv.AppendFloat(buf, v, 'g', -1, 64)
				}
			case c.nan[i]:
				buf = append(buf, "null"...)
			case c.kind == series.Int:
				buf = strconv.AppendInt(buf, int64(c.ints[i]), 10)
			case c.kind == series.Bool:
				buf = strconv.AppendBool(buf, c.bools[i])
			default:
				b, _ := json.Marshal(c.strs[i])
				buf = append(buf, b...)
			}
			bw.Write(buf)
		}
		bw.WriteByte('}')
	}
	if df.Nrow() > 0 {
		bw.WriteByte('\n')
	}
	bw.WriteString("]\n")
	return bw.Flush()
}

// parquetOrderKey names the file metadata entry that keeps the frame's
// column order (parquet-go orders a group's columns by name).
const parquetOrderKey = "tracelab.columns"

// WriteParquet writes df as a Parquet file: float columns as DOUBLE (NaN
// kept), int columns as optional INT64, bool as optional BOOLEAN, strings as
// optional UTF-8 (missing values null); row groups of at most 131072 rows,
// pages compressed with Zstandard.
func WriteParquet(w io.Writer, df dataframe.DataFrame) error {
	cols, err := columnsOf(df)
	if err != nil {
		return err
	}
	group := parquet.Group{}
	for _, c := range cols {
		switch c.kind {
		case series.Float:
			group[c.name] = parquet.Leaf(parquet.DoubleType)
		case series.Int:
			group[c.name] = parquet.Optional(parquet.Int(64))
		case series.Bool:
			group[c.name] = parquet.Optional(parquet.Leaf(parquet.BooleanType))
		default:
			group[c.name] = parquet.Optional(parquet.String())
		}
	}
	schema := parquet.NewSchema("frame", group)
	// The schema's leaf order is the sorted column names.
	index := make(map[string]int)
	for i, path := range schema.Columns() {
		index[path[0]] = i
	}
	names := make([]string, len(cols))
	for j, c := range cols {
		names[j] = c.name
	}
	pw := parquet.NewWriter(w, schema, parquet.KeyValueMetadata(parquetOrderKey, strings.Join(names, "\x1f")),
		parquet.MaxRowsPerRowGroup(parquetRowGroup), parquet.Compression(&zstd.Codec{Level: zstd.SpeedFastest}))
	const batch = 4096
	rows := make([]parquet.Row, 0, batch)
	for i := range df.Nrow() {
		row := make(parquet.Row, len(cols))
		for j := range cols {
			c := &cols[j]
			k := index[c.name]
			var v parquet.Value
			switch {
			case c.kind == series.Float:
				v = parquet.DoubleValue(c.floats[i]).Level(0, 0, k)
			case c.nan[i]:
				v = parquet.NullValue().Level(0, 0, k)
			case c.kind == series.Int:
				v = parquet.Int64Value(int64(c.ints[i])).Level(0, 1, k)
			case c.kind == series.Bool:
				v = parquet.BooleanValue(c.bools[i]).Level(0, 1, k)
			default:
				v = parquet.ByteArrayValue([]byte(c.strs[i])).Level(0, 1, k)
			}
			row[k] = v
		}
		rows = append(rows, row)
		if len(rows) == batch {
			if _, err := pw.WriteRows(rows); err != nil {
				return err
			}
			rows = rows[:0]
		}
	}
	if len(rows) > 0 {
		if _, err := pw.WriteRows(rows); err != nil {
			return err
		}
	}
	return pw.Close()
}

// ReadParquet reads a Parquet file written by WriteParquet (or any file of
// flat DOUBLE/FLOAT, INT32/INT64, BOOLEAN and string columns) into a frame,
// in the column order WriteParquet recorded. A file of more than
// DefaultMaxRows rows, or of more cells than the job frame of a log of that
// many jobs, is ErrFrameTooLarge, refused before its rows are read.
func ReadParquet(r io.ReaderAt, size int64) (dataframe.DataFrame, error) {
	f, err := openParquet(r, size)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	schema := f.Schema()
	leaves := schema.Columns()
	// A Parquet file compresses a column of repeated values to almost
	// nothing: 718 KB held 40 million rows of 6 columns, which ran
	// "tracelab sweep merge" out of memory. The footer's row count (checked
	// against the row groups by openParquet, and against the rows read
	// below) is bounded first, then the rows as they are read.
	rows := f.NumRows()
	if err := CheckFrameSize(rows, rows*int64(max(len(leaves), 1))); err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("%w: %d rows of %d columns", err, rows, len(leaves))
	}
	// The footer's row count is a hint only: the columns grow with the rows
	// read.
	n := int(min(max(rows, 0), 1<<16))
	type acc struct {
		name   string
		kind   series.Type
		floats []float64
		ints   []int
		bools  []bool
		strs   []string
		null   []bool
	}
	accs := make([]acc, len(leaves))
	for k, path := range leaves {
		if len(path) != 1 {
			return dataframe.DataFrame{}, fmt.Errorf("datasets: parquet column %v is nested", path)
		}
		leaf, _ := schema.Lookup(path...)
		a := acc{name: path[0], null: make([]bool, 0, n)}
		switch leaf.Node.Type().Kind() {
		case parquet.Double, parquet.Float:
			a.kind = series.Float
		case parquet.Int32, parquet.Int64:
			a.kind = series.Int
		case parquet.Boolean:
			a.kind = series.Bool
		case parquet.ByteArray:
			a.kind = series.String
		default:
			return dataframe.DataFrame{}, fmt.Errorf("datasets: parquet column %s has unsupported type %v", path[0], leaf.Node.Type())
		}
		accs[k] = a
	}
	pr := parquet.NewReader(f)
	defer pr.Close()
	buf := make([]parquet.Row, 1024)
	var read int64
	for {
		m, err := pr.ReadRows(buf)
		if read += int64(m); read > rows {
			return dataframe.DataFrame{}, fmt.Errorf("%w: the file holds more than the %d rows its footer claims", ErrBadParquet, rows)
		}
		for _, row := range buf[:m] {
			for _, v := range row {
				a := &accs[v.Column()]
				null := v.IsNull()
				a.null = append(a.null, null)
				switch a.kind {
				case series.Float:
					if null {
						a.floats = append(a.floats, math.NaN())
					} else if v.Kind() == parquet.Float {
						a.floats = append(a.floats, float64(v.Float()))
					} else {
						a.floats = append(a.floats, v.Double())
					}
				case series.Int:
					a.ints = append(a.ints, int(v.Int64()))
				case series.Bool:
					a.bools = append(a.bools, v.Boolean())
				default:
					a.strs = append(a.strs, string(v.ByteArray()))
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return dataframe.DataFrame{}, err
		}
	}
	if len(accs) > 0 {
		if rows := int64(len(accs[0].null)); rows != f.NumRows() {
			return dataframe.DataFrame{}, fmt.Errorf("%w: the file holds %d rows, its footer claims %d", ErrBadParquet, rows, f.NumRows())
		}
	}
	byName := make(map[string]int)
	for k, a := range accs {
		byName[a.name] = k
	}
	order := make([]string, len(accs))
	for k := range accs {
		order[k] = accs[k].name
	}
	if v, ok := f.Lookup(parquetOrderKey); ok {
		if o := strings.Split(v, "\x1f"); len(o) == len(accs) {
			order = o
		}
	}
	ss := make([]series.Series, 0, len(accs))
	for _, name := range order {
		k, ok := byName[name]
		if !ok {
			return dataframe.DataFrame{}, fmt.Errorf("datasets: parquet metadata names column %q that the file lacks", name)
		}
		a := accs[k]
		var s series.Series
		switch a.kind {
		case series.Float:
			s = series.New(a.floats, series.Float, a.name)
		case series.Int:
			s = series.New(a.ints, series.Int, a.name)
			markNull(s, a.null)
		case series.Bool:
			s = series.New(a.bools, series.Bool, a.name)
			markNull(s, a.null)
		default:
			s = series.New(a.strs, series.String, a.name)
			markNull(s, a.null)
		}
		ss = append(ss, s)
	}
	df := dataframe.New(ss...)
	return df, df.Err
}

// markNull sets the missing elements of s to NaN.
func markNull(s series.Series, null []bool) {
	for i, isNull := range null {
		if isNull {
			s.Elem(i).Set(nil)
		}
	}
}

// maxFrameCells bounds the cells (rows × columns) ReadParquet makes into
// a frame: those of the job frame (JobColumns) of a log of DefaultMaxRows
// jobs. A variable for the tests.
var maxFrameCells = int64(DefaultMaxRows) * int64(len(JobColumns))

// CheckFrameSize is ErrFrameTooLarge for a frame of more than
// DefaultMaxRows rows or more cells (rows × columns) than the job frame of
// a log of DefaultMaxRows jobs: the frames ReadParquet reads. A caller
// joining several files into one frame (tracelab sweep merge) checks
// their sum with it.
func CheckFrameSize(rows, cells int64) error {
	if rows > DefaultMaxRows || cells > maxFrameCells {
		return fmt.Errorf("%w: more than %d rows or %d cells (the job frame of a log of DefaultMaxRows jobs)",
			ErrFrameTooLarge, DefaultMaxRows, maxFrameCells)
	}
	return nil
}

// ParquetFileShape returns the rows and columns of a Parquet file as its
// footer gives them, checked as ReadParquet checks them (a file that is
// not regular, such as a FIFO, is refused without being opened for
// reading), without reading its rows.
func ParquetFileShape(path string) (rows int64, cols int, err error) {
	f, err := infile.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, 0, err
	}
	pf, err := openParquet(f, st.Size())
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %w", path, err)
	}
	return pf.NumRows(), len(pf.Schema().Columns()), nil
}

// ReadParquetFile reads a Parquet file into a frame (a regular file only).
func ReadParquetFile(path string) (dataframe.DataFrame, error) {
	f, err := infile.Open(path) // a named pipe is refused, never waited on
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	df, err := ReadParquet(f, st.Size())
	if err != nil {
		return df, fmt.Errorf("%s: %w", path, err)
	}
	return df, nil
}

// WriteFrameFile writes df to path in the format its extension names:
// .csv, .json or .parquet (through internal/outfile: a regular file is
// replaced atomically, so a failure leaves no partial file).
func WriteFrameFile(path string, df dataframe.DataFrame) error {
	var write func(io.Writer, dataframe.DataFrame) error
	switch strings.ToLower(filepath.Ext(path)) {
	case ".csv":
		write = WriteCSV
	case ".json":
		write = WriteJSON
	case ".parquet":
		write = WriteParquet
	default:
		return fmt.Errorf("datasets: %s: unknown frame format (want .csv, .json or .parquet)", path)
	}
	return outfile.Write(path, 0o644, func(w io.Writer) error { return write(w, df) })
}

// ReadFrameFile reads a frame written by WriteFrameFile or a log written
// by tracelab (.csv, .json or .parquet). A Gota frame holds no metadata: a
// log's header (its machine size, start time and time zone) is left out;
// ReadFile reads the log with it, and ReadHeaderFile reads the header alone
// (for FromFrame's trace). A file of more rows, cells or bytes than
// ReadParquet and maxFrameBytes allow, or with a row (a JSON value) longer
// than 1 MiB, is refused with the file and line before it is held.
func ReadFrameFile(path string) (dataframe.DataFrame, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".parquet":
		return ReadParquetFile(path)
	case ".csv", ".json":
		f, err := infile.Open(path)
		if err != nil {
			return dataframe.DataFrame{}, err
		}
		defer f.Close()
		if strings.EqualFold(filepath.Ext(path), ".csv") {
			return readFrameCSV(path, f)
		}
		return readFrameJSON(path, f)
	}
	return dataframe.DataFrame{}, fmt.Errorf("datasets: %s: unknown frame format (want .csv, .json or .parquet)", path)
}

// errHeaderRead stops ReadHeaderFile's scan at the first job.
var errHeaderRead = errors.New("header read")

// headerCatcher keeps the header and stops the scan.
type headerCatcher struct{ h Header }

func (c *headerCatcher) WriteHeader(h Header) error { c.h = h; return errHeaderRead }
func (c *headerCatcher) WriteJob(*Job) error        { return errHeaderRead }

// ReadHeaderFile returns the header of the log file at path (any format
// ReadFile reads), reading no further than its first job; a file without
// jobs is ErrNoJobs. With FromFrame it rebuilds a trace read as a frame
// (ReadFrameFile) with its machine size and clock:
//
//	df, _ := datasets.ReadFrameFile("kth.csv")
//	tr, _ := datasets.FromFrame("kth", df)
//	tr.Header, _ = datasets.ReadHeaderFile("kth.csv")
func ReadHeaderFile(path string) (Header, error) {
	var c headerCatcher
	_, err := ScanFile(path, ReadOptions{}, &c)
	if err == errHeaderRead {
		return c.h, nil
	}
	if err == nil {
		err = fmt.Errorf("%s: %w", path, ErrNoJobs)
	}
	return Header{}, err
}
