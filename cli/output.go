package cli

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/go-gota/gota/dataframe"
	"github.com/tracelab/tracelab/datasets"
)

// field is one key/value of a record.
type field struct {
	Key   string
	Value any
}

// record is an ordered object: it prints as a JSON object with keys in
// order, as a two-column table, or as two-column CSV. Values may be
// records themselves (nested objects).
type record []field

// MarshalJSON keeps the keys in order; NaN and ±Inf become null.
func (r record) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range r {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.Key)
		b.Write(k)
		b.WriteByte(':')
		v, err := marshalValue(f.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Key, err)
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func marshalValue(v any) ([]byte, error) {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return []byte("null"), nil
		}
		return strconv.AppendFloat(nil, x, 'g', -1, 64), nil
	case []float64:
		var b bytes.Buffer
		b.WriteByte('[')
		for i, f := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			e, _ := marshalValue(f)
			b.Write(e)
		}
		b.WriteByte(']')
		return b.Bytes(), nil
	}
	return json.Marshal(v)
}

// flatten lists the record's leaves with dotted keys.
func (r record) flatten(prefix string, out []field) []field {
	for _, f := range r {
		k := prefix + f.Key
		if sub, ok := f.Value.(record); ok {
			out = sub.flatten(k+".", out)
			continue
		}
		out = append(out, field{k, f.Value})
	}
	return out
}

func formatValue(v any) string {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) {
			return "NaN"
		}
		if a := math.Abs(x); a == 0 || (a >= 1e-4 && a < 1e15) {
			return strconv.FormatFloat(x, 'f', -1, 64)
		}
		return strconv.FormatFloat(x, 'g', -1, 64) // 1.2096e-14, not 300 zeros
	case string:
		return x
	}
	b, err := marshalValue(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// writeRecord prints r in the given format.
func writeRecord(w io.Writer, format string, r record) error {
	switch format {
	case "json":
		b, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write([]string{"key", "value"})
		for _, f := range r.flatten("", nil) {
			cw.Write([]string{f.Key, formatValue(f.Value)})
		}
		cw.Flush()
		return cw.Error()
	default:
		tw := newTable(w, 0)
		for _, f := range r.flatten("", nil) {
			v := formatValue(f.Value)
			if _, ok := f.Value.(float64); ok {
				v = readable(v)
			}
			fmt.Fprintf(tw, "%s\t%s\n", f.Key, v)
		}
		return tw.Flush()
	}
}

// writeFrame prints df: json as an array of objects, csv with full
// precision, table as aligned columns (every row).
func writeFrame(w io.Writer, format string, df dataframe.DataFrame) error {
	if df.Err != nil {
		return df.Err
	}
	switch format {
	case "json":
		return datasets.WriteJSON(w, df)
	case "csv":
		return datasets.WriteCSV(w, df)
	}
	var buf bytes.Buffer
	if err := datasets.WriteCSV(&buf, df); err != nil {
		return err
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		return err
	}
	tw := newTable(w, tabwriter.AlignRight)
	for i, row := range rows {
		if i > 0 {
			for k, cell := range row {
				row[k] = readable(cell)
			}
		}
		fmt.Fprintf(tw, "%s\t\n", strings.Join(row, "\t"))
	}
	return tw.Flush()
}

// readable shortens a fractional number of the table format for reading:
// at least 6 significant digits with every digit of its integer part
// (7605.901466 → 7605.9, 163824.69 → 163825), 4 below 1 (0.690477 →
// 0.6905). Integers, text and non-finite values are kept as they are; the
// csv and json formats keep full precision.
func readable(cell string) string {
	if !strings.ContainsAny(cell, ".eE") {
		return cell
	}
	v, err := strconv.ParseFloat(cell, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return cell
	}
	a := math.Abs(v)
	var s string
	switch {
	case a >= 1 && a < 1e15:
		digits := int(math.Floor(math.Log10(a))) + 1
		s = strconv.FormatFloat(v, 'f', max(0, 6-digits), 64)
		if strings.Contains(s, ".") {
			s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
		}
	default:
		s = strconv.FormatFloat(v, 'g', 4, 64)
	}
	return s
}

// stdinLog is the path read for the LOG "-": standard input, which the
// loader reads as any path (plain or gzipped; the log is named "stdin").
const stdinLog = "/dev/stdin"

// logPath returns the path or name to load for LOG arg: "-" is standard
// input, as for import sacct (it was looked up in the catalog: 'no log
// named "-"'); anything else is itself.
func logPath(arg string) string {
	if arg == "-" {
		return stdinLog
	}
	return arg
}

// loadLog reads LOG: a path, a catalog name, "-" for standard input, or ""
// for the embedded sample.
func loadLog(e *env, arg string) (*datasets.Trace, error) {
	arg = logPath(arg)
	if e.load != nil {
		return e.load(arg)
	}
	l, err := logLoader(e)
	if err != nil {
		return nil, err
	}
	tr, err := l.Load(arg)
	if errors.Is(err, datasets.ErrTooManyRows) {
		return nil, fmt.Errorf("%w; %s raises the bound (about 150 bytes of memory a job, at most %d jobs)", err, maxJobsEnv, maxJobsLimit)
	}
	return tr, err
}

// logLoader returns the loader of the commands that read a LOG (loadLog,
// checkLog, summarizeLog): datasets.DefaultLoader, its download progress on
// the command's standard error, and at most TRACELAB_MAX_JOBS job rows
// (maxJobs; Options.MaxRows 0 when unset: the reader's default). A bad
// TRACELAB_MAX_JOBS is an error before anything is read.
func logLoader(e *env) (*datasets.Loader, error) {
	n, err := maxJobs()
	if err != nil {
		return nil, err
	}
	l := datasets.DefaultLoader()
	l.Progress = e.stderr
	l.Options.MaxRows = n
	return l, nil
}

// maxJobsEnv names the environment variable that sets how many job rows a
// command reads into memory (datasets.ReadOptions.MaxRows): unset, the
// reader's datasets.DefaultMaxRows (10 million, about 1.5 GB of columns);
// otherwise a whole number from 1 to maxJobsLimit. Commands that stream a
// log (info, convert) read any length without it; info keeps the start and
// end times of at most that many jobs to infer a machine size the header
// does not give (datasets.Summary.SizeOverBound).
const maxJobsEnv = "TRACELAB_MAX_JOBS"

// maxJobsLimit bounds TRACELAB_MAX_JOBS: 200 million jobs, about 30 GB of
// columns at the reader's ≈ 150 bytes a job.
const maxJobsLimit = 200_000_000

// maxJobs returns TRACELAB_MAX_JOBS (0: unset, the reader's default), or an
// error naming the variable for a value that is not a whole number in
// [1, maxJobsLimit].
func maxJobs() (int, error) {
	v, ok := os.LookupEnv(maxJobsEnv)
	if !ok {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 || n > maxJobsLimit {
		return 0, fmt.Errorf("%s=%q: want a whole number of jobs from 1 to %d", maxJobsEnv, v, maxJobsLimit)
	}
	return n, nil
}

// table is a tabwriter whose output is buffered: a tabwriter writes each
// cell and each pad on its own, which on an unbuffered stdout was one
// system call each (3.8 million for the 200,000 rows of tracelab sessions
// on a log of 200,000 users).
type table struct {
	*tabwriter.Writer
	bw *bufio.Writer
}

// newTable returns a table writing to w, columns padded by two spaces
// (flags: tabwriter's).
func newTable(w io.Writer, flags uint) table {
	bw := bufio.NewWriterSize(w, 64<<10)
	return table{tabwriter.NewWriter(bw, 0, 0, 2, ' ', flags), bw}
}

// Flush writes the table out.
func (t table) Flush() error {
	if err := t.Writer.Flush(); err != nil {
		return err
	}
	return t.bw.Flush()
}
