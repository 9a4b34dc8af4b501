package datasets

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/gzip"

	"github.com/tracelab/tracelab/internal/outfile"
)

// Format is a file format of logs: SWF, or the job frame (JobColumns) as
// CSV, JSON or Parquet with the SWF header kept beside the jobs (see the
// package documentation, "Files that keep the machine").
type Format string

// The formats Read reads and NewWriter writes.
const (
	FormatSWF     Format = "swf"
	FormatCSV     Format = "csv"
	FormatJSON    Format = "json"
	FormatParquet Format = "parquet"
)

// FormatOf returns the format a file name's extension names (".swf",
// ".swf.gz", ".csv", ".json", ".parquet", in any case), or "" for none.
func FormatOf(path string) Format {
	ext := strings.ToLower(filepath.Ext(strings.TrimSuffix(strings.ToLower(path), ".gz")))
	switch f := Format(strings.TrimPrefix(ext, ".")); f {
	case FormatSWF, FormatCSV, FormatJSON, FormatParquet:
		return f
	}
	return ""
}

// JobWriter receives a log job by job: the header once, then every job in
// the log's order. The writers of each format implement it, and so does
// what Scan feeds (a summary, a converter). WriteJob must not retain j:
// Scan reuses it for the next row.
type JobWriter interface {
	WriteHeader(h Header) error
	WriteJob(j *Job) error
}

// JobWriteCloser is a JobWriter with an end: Close writes what the format
// needs after the last job (JSON's closing brackets, Parquet's footer) and
// flushes; it does not close the underlying io.Writer.
type JobWriteCloser interface {
	JobWriter
	Close() error
}

// NewWriter returns a writer of a log in format f to w. Jobs are written as
// they come (Parquet a row group at a time), so the memory of a conversion
// does not grow with the log.
func NewWriter(w io.Writer, f Format) (JobWriteCloser, error) {
	switch f {
	case FormatSWF:
		return NewSWFWriter(w), nil
	case FormatCSV:
		return NewCSVWriter(w), nil
	case FormatJSON:
		return NewJSONWriter(w), nil
	case FormatParquet:
		return NewParquetWriter(w), nil
	}
	return nil, fmt.Errorf("datasets: unknown log format %q (want swf, csv, json or parquet)", f)
}

// WriteTrace writes t's header and jobs to w (without closing it).
func WriteTrace(w JobWriter, t *Trace) error {
	if err := t.Validate(); err != nil {
		return err
	}
	if err := w.WriteHeader(t.Header); err != nil {
		return err
	}
	for i := range t.JobID {
		j := t.Job(i)
		if err := w.WriteJob(&j); err != nil {
			return err
		}
	}
	return nil
}

// WriteTraceFile writes t to path in the format its extension names
// (FormatOf; ".swf.gz" is gzipped SWF), through internal/outfile: a regular
// file is replaced atomically, so a failure leaves no partial file.
func WriteTraceFile(path string, t *Trace) error {
	f, err := fileFormat(path)
	if err != nil {
		return err
	}
	return writeLogFile(path, f, isGzipPath(path), func(w JobWriter) error { return WriteTrace(w, t) })
}

// ConvertFile converts the log at in (any format ReadFile reads) to out
// (the format its extension names), streaming (Scan): the memory does not
// grow with the log. It returns the reader's report.
func ConvertFile(in, out string, opts ReadOptions) (*ReadReport, error) {
	f, err := fileFormat(out)
	if err != nil {
		return nil, err
	}
	var rep *ReadReport
	err = writeLogFile(out, f, isGzipPath(out), func(w JobWriter) error {
		var err error
		rep, err = ScanFile(in, opts, w)
		return err
	})
	return rep, err
}

// fileFormat returns the format of an output file named by its extension.
func fileFormat(path string) (Format, error) {
	f := FormatOf(path)
	switch {
	case f == "":
		return "", fmt.Errorf("datasets: %s: unknown log format (want .swf, .swf.gz, .csv, .json or .parquet)", path)
	case f != FormatSWF && isGzipPath(path):
		return "", fmt.Errorf("datasets: %s: only SWF is written gzipped", path)
	}
	return f, nil
}

func isGzipPath(path string) bool { return strings.HasSuffix(strings.ToLower(path), ".gz") }

// writeLogFile writes the log that fill writes, in format f (gzipped when
// gz), to path through internal/outfile.
func writeLogFile(path string, f Format, gz bool, fill func(JobWriter) error) error {
	return outfile.Write(path, 0o644, func(w io.Writer) error { return WriteLog(w, f, gz, fill) })
}

// WriteLog writes to w the log that fill hands to a writer of format f,
// gzipped when gz, and ends it (the writer's Close, the gzip stream's).
func WriteLog(w io.Writer, f Format, gz bool, fill func(JobWriter) error) error {
	var zw *gzip.Writer
	if gz {
		zw = gzip.NewWriter(w)
		w = zw
	}
	jw, err := NewWriter(w, f)
	if err != nil {
		return err
	}
	if err := fill(jw); err != nil {
		return err
	}
	if err := jw.Close(); err != nil {
		return err
	}
	if zw != nil {
		return zw.Close()
	}
	return nil
}

const (
	parquetMagic = "PAR1"
	sniffSize    = 4096 // bytes looked at to tell the formats apart
)

// sniff tells the format of a log from its first bytes: Parquet by its
// magic number; after a byte-order mark and blank space, JSON by '{' or
// '[', CSV by '#' (tracelab's header comments) or by a first line with a
// comma that does not start like an SWF line (';' or a number); else SWF,
// whose reader names the other formats it recognises (HTML, a CSV without
// a header row).
func sniff(br *bufio.Reader) (Format, error) {
	head, err := br.Peek(sniffSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return "", err
	}
	if bytes.HasPrefix(head, []byte(parquetMagic)) {
		return FormatParquet, nil
	}
	s := bytes.TrimPrefix(head, []byte(utf8BOM))
	s = bytes.TrimLeft(s, " \t\r\n")
	if len(s) == 0 {
		return FormatSWF, nil
	}
	switch c := s[0]; {
	case c == '{' || c == '[':
		return FormatJSON, nil
	case c == '#':
		return FormatCSV, nil
	case c == ';' || c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'):
		return FormatSWF, nil
	}
	line := s
	if i := bytes.IndexByte(s, '\n'); i >= 0 {
		line = s[:i]
	}
	if bytes.IndexByte(line, ',') >= 0 && !isBinary(line) {
		return FormatCSV, nil
	}
	return FormatSWF, nil // binary data too: the SWF parser names it (ErrBinary)
}

// Decompressed returns what r holds, decompressed when it is gzip, bzip2
// or zstd (told by their magic bytes), as it is otherwise. Another
// compression (xz, zip, lz4, compress, lzip, lzop, 7z, rar, lzma) is ErrCompression, a broken stream
// ErrBadGzip, ErrBadBzip2 or ErrBadZstd: for readers of other text formats (Slurm's
// sacct output) that take what Read takes.
func Decompressed(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(8)
	if err != nil && err != io.EOF {
		return nil, err
	}
	if isBzip2(head) {
		return bzip2Errors{bzip2.NewReader(br)}, nil
	}
	if isZstd(head) {
		return newZstdReader(br)
	}
	if format := compressionOf(head); format != "" {
		return nil, fmt.Errorf("%w (%s); decompress it first", ErrCompression, format)
	}
	if len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%w: %s", ErrBadGzip, gzipReason(err))
		}
		return &gzipErrors{zr}, nil
	}
	return br, nil
}

// gzipErrors names the errors of a gzip stream as Read does.
type gzipErrors struct{ zr *gzip.Reader }

func (g *gzipErrors) Read(b []byte) (int, error) {
	n, err := g.zr.Read(b)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("%w: %s", ErrBadGzip, gzipReason(err))
	}
	return n, err
}
