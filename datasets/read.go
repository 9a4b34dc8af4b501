package datasets

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/bzip2"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/tracelab/tracelab/internal/clip"
)

// FieldNames are the 18 SWF fields in file order, as frame column names.
var FieldNames = [18]string{"job_id", "submit", "wait", "runtime", "procs", "cpu_time", "mem",
	"req_procs", "req_time", "req_mem", "status", "user", "group", "app", "queue", "partition",
	"prev_job", "think_time"}

// Field indices, in file order.
const (
	fJobID = iota
	fSubmit
	fWait
	fRuntime
	fProcs
	fCPUTime
	fMem
	fReqProcs
	fReqTime
	fReqMem
	fStatus
	fUser
	fGroup
	fApp
	fQueue
	fPartition
	fPrevJob
	fThinkTime
)

// integerField marks the fields that hold identifiers or counts: they must
// be integers in the file.
var integerField = [18]bool{fJobID: true, fProcs: true, fReqProcs: true, fStatus: true, fUser: true,
	fGroup: true, fApp: true, fQueue: true, fPartition: true, fPrevJob: true}

// measureLimit is the largest valid value of each measure field (0 for the
// integer fields and submit, which are checked on their own).
var measureLimit = [18]float64{fWait: MaxDuration, fRuntime: MaxDuration, fCPUTime: MaxDuration,
	fMem: MaxMemoryKB, fReqTime: MaxDuration, fReqMem: MaxMemoryKB, fThinkTime: MaxDuration}

// ReadOptions controls Read. The zero value is the default.
type ReadOptions struct {
	// Name names the input in errors and becomes the trace's Name.
	Name string
	// KeepPlaceholders keeps rows whose submit time is −1 (placeholder
	// records, as in LLNL-Thunder); by default they are left out and counted
	// in ReadReport.PlaceholdersSkipped. Kept placeholders have submit NaN.
	KeepPlaceholders bool
	// KeepPartialRecords keeps the partial-execution records (status 2–4)
	// of jobs that also have a summary line; by default they are left out
	// and counted in ReadReport.PartialRecordsSkipped, so that the trace
	// holds each job once (see "Partial executions" in the package
	// documentation). Scan hands every row to its writer either way.
	KeepPartialRecords bool
	// MaxRows bounds the job rows Read holds in memory: 0 means
	// DefaultMaxRows. A log with more rows is refused with ErrTooManyRows
	// at the first row beyond it (Scan, which streams, has no bound). It
	// also bounds, in Read and Scan, the job ids the duplicate check
	// remembers (a run of consecutive ids counting as one): beyond, each
	// id is compared with the previous row's only (WarnIDsNotChecked).
	MaxRows int

	maxIdle int64 // the bound of ErrBlankStretch, for tests; 0 means maxIdleBytes
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
		fmt.Fprintf(&b, "%q: ", clip.Runes(e.Text, 80))
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *ParseError) Unwrap() error { return e.Err }

// Errors that Read returns (most wrapped in a *ParseError).
var (
	ErrFieldCount  = errors.New("an SWF job line has 18 fields")
	ErrNotNumber   = errors.New("not a number")
	ErrNotInteger  = errors.New("not an integer")
	ErrNotFinite   = errors.New("not a finite number")
	ErrNoJobs      = errors.New("no job records")
	ErrBinary      = errors.New("binary data (not SWF text; tracelab reads SWF, its CSV, JSON and Parquet, plain or compressed with gzip, bzip2 or zstd)")
	ErrLineLength  = errors.New("line longer than 1 MiB")
	ErrNotSWF      = errors.New("not an SWF log")
	ErrDirectory   = errors.New("is a directory, not an SWF log file")
	ErrBadGzip     = errors.New("broken gzip data")
	ErrBadBzip2    = errors.New("broken bzip2 data")
	ErrBadZstd     = errors.New("broken zstd data")
	ErrCompression = errors.New("compressed in a format other than gzip, bzip2 or zstd")
	ErrTooManyRows = errors.New("more job rows than the reader holds (ReadOptions.MaxRows; tracelab convert streams a log of any length)")
	// ErrBlankStretch: more than 64 MiB of lines in a row that hold no
	// job record (blank or comment lines, in SWF or CSV): no log is
	// written so, whereas a small compressed file of newlines (a
	// decompression bomb) would otherwise cost a CPU-second for every
	// 100 MB it unpacks to.
	ErrBlankStretch = errors.New("more than 64 MiB of lines in a row without a job record (blank or comment lines only)")
	// ErrFrameTooLarge: a frame file (ReadParquet) of more rows or cells
	// than a frame holds.
	ErrFrameTooLarge = errors.New("frame larger than the reader holds")
)

// ErrIntegerRange is an integer of 2^53 or more in magnitude in an
// identifier or count: a float64 (the reader's, and a frame's) cannot hold
// it exactly.
var ErrIntegerRange = errors.New("an integer of 2^53 or more in magnitude (beyond what a float64 holds exactly)")

const (
	maxLine   = 1 << 20  // longest line accepted
	chunkSize = 1 << 18  // bytes handed from the input to the parser at a time
	firstRows = 1 << 12  // rows stored before the trace's size is estimated
	utf8BOM   = "\uFEFF" // a byte-order mark some editors put on line 1
)

// ReadFile reads a log file in any format Read reads (SWF, gzipped or
// plain; tracelab's CSV, JSON or Parquet). The trace's name is the file's
// base name without its extensions (LogName) unless opts.Name is set. A
// directory is an error (ErrDirectory).
func ReadFile(path string, opts ReadOptions) (*Trace, error) {
	var t *Trace
	err := withLog(path, &opts, func(f *os.File) (err error) {
		t, err = Read(f, opts)
		return err
	})
	if err != nil {
		return nil, err
	}
	if t.Name == path {
		t.Name = LogName(path)
	}
	return t, nil
}

// ScanFile is Scan on a file (see ReadFile).
func ScanFile(path string, opts ReadOptions, w JobWriter) (*ReadReport, error) {
	var rep *ReadReport
	err := withLog(path, &opts, func(f *os.File) (err error) {
		rep, err = Scan(f, opts, w)
		return err
	})
	return rep, err
}

// withLog opens a log file, names the input after it unless opts names
// it, and reads it with read; a directory is ErrDirectory.
func withLog(path string, opts *ReadOptions, read func(*os.File) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return fmt.Errorf("%s: %w", path, ErrDirectory)
	}
	if opts.Name == "" {
		opts.Name = path
	}
	return read(f)
}

// LogName returns a log's name from its path: the base name without the
// extensions .gz, .bz2, .zst, .swf, .csv, .json and .parquet.
func LogName(path string) string {
	b := filepath.Base(path)
	b = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(b, ".gz"), ".bz2"), ".zst")
	for _, ext := range []string{".swf", ".csv", ".json", ".parquet"} {
		if strings.HasSuffix(b, ext) {
			return strings.TrimSuffix(b, ext)
		}
	}
	return b
}

// Read parses a log from r: SWF, plain or compressed with gzip, bzip2 or
// zstd (detected by their magic bytes), or tracelab's CSV, JSON or Parquet
// (see "Files that keep the machine" in the package documentation;
// Parquet only from an r that is an io.ReaderAt of known size, such as a
// file). It streams: the input is never held whole in memory, and a
// compressed stream is decompressed in a second goroutine while the first
// parses.
//
// Accepted in SWF: an optional header of "; Key: value" lines, comment
// lines anywhere (those among the jobs counted, WarnComment), blank lines,
// CRLF line ends, a UTF-8 byte-order mark on line 1, NUL or Ctrl-Z padding
// at the end of the input (counted, WarnTrailingData), decimal values in the time and memory fields (base-10; a measure
// written NaN or Inf, or beyond float64's range, becomes unknown and is
// reported, WarnOutOfRange). A header directive never makes a log
// unreadable (a value that cannot be used is kept as text and warned
// about).
//
// A value the trace cannot hold in its field's type (WarnUnreadable): a
// token that is not a base-10 number ("1,5" with a decimal comma, "0x10",
// "1_000", a word), or, in an identifier or count (ids, counts, status),
// NaN, Inf, a fraction or an integer of 2^53 or more in magnitude (which a
// float64, and so a frame column, cannot hold exactly). The field becomes
// unknown, as if the log wrote −1, so every statistic already leaves it
// out; the token is kept as written in ReadReport.Unreadable (the first
// MaxUnreadablePerField of each field, the others counted), and the
// warning of its field counts every one and cites the first line. A row
// whose submit time is unreadable is left out (counted in
// UnreadableSkipped; its line is kept in Unreadable): it cannot be placed
// in time, and every analysis orders, bins or simulates jobs by submit
// time, where an unknown (NaN) time would break sorting, spans and
// schedules; refusing the whole log for one row would lose the rest. It is
// the decision taken for a placeholder row (submit −1) and for a submit
// beyond ±MaxTime.
//
// Real logs deviate from the SWF definition; Read keeps what it can and
// reports every deviation in Trace.Report (see the table in the package
// documentation): values outside the definition are kept as written where
// the trace can hold them (status codes, negative ids), measures that cannot
// be a time or an amount become unknown (their written value is kept in
// ReadReport.Replaced), and rows that cannot be placed in time are left out
// and counted.
//
// A job line without SWF's 18 fields is read as far as it goes
// (WarnFieldCount): the missing last fields of a short row are unknown,
// the fields after the 18th are ignored, a row of a single field (no
// submit time) is left out and counted (FieldCountSkipped).
//
// Errors (a *ParseError naming file, line, field and text; nothing is
// returned): binary data; a first job row without 18 fields that looks
// like another format, and lines run together by lone CRs (ErrFieldCount
// or ErrNotSWF); more than 64 MiB of lines longer than 1 MiB
// (ErrLineLength); more than 64 MiB of blank or comment lines without a
// job row among them (ErrBlankStretch); a file in another format (ErrNotSWF says which); a
// broken gzip stream (ErrBadGzip), a broken bzip2 stream (ErrBadBzip2) or
// another compression (ErrCompression); a broken Parquet file
// (ErrBadParquet); an input with no job records (ErrNoJobs).
//
// The header is a hint, never a promise: MaxRecords does not reserve memory
// beyond what the input's size can hold.
func Read(r io.Reader, opts ReadOptions) (*Trace, error) {
	p := newParser(opts)
	defer p.prefault.Wait()
	if err := p.read(r); err != nil {
		return nil, err
	}
	return p.finish()
}

// Scan reads a log as Read does, in any format Read reads, but keeps no job:
// it hands the header and then each job, in file order, to w, and returns
// what Read would put in Trace.Report. Its memory does not grow with the
// log's length (beyond the report's lists and, for a log whose job ids
// stop increasing, a set of the ids for the duplicate check, of at most
// ReadOptions.MaxRows entries: WarnIDsNotChecked): tracelab's
// convert and info stream with it. An error of w stops the scan and is
// returned. A log without jobs is ErrNoJobs, and w then got nothing.
func Scan(r io.Reader, opts ReadOptions, w JobWriter) (*ReadReport, error) {
	p := newParser(opts)
	p.sink = w
	if err := p.read(r); err != nil {
		return nil, err
	}
	if err := p.noJobs(); err != nil {
		return nil, err
	}
	return p.finalReport(), nil
}

func newParser(opts ReadOptions) *parser {
	name := opts.Name
	if name == "" {
		name = "<input>"
	}
	return &parser{name: name, opts: opts, t: NewTrace(LogName(name), 0), skipping: -1}
}

// read detects r's compression and format and parses it.
func (p *parser) read(r io.Reader) (err error) {
	size := remainingSize(r)
	p.total = size
	ra, _ := r.(io.ReaderAt)
	var offset int64
	if s, ok := r.(io.Seeker); ok && size >= 0 {
		offset, _ = s.Seek(0, io.SeekCurrent)
	}
	head := make([]byte, 8)
	n, err := io.ReadFull(r, head)
	head = head[:n]
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return fmt.Errorf("%s: reading: %w", p.name, err)
	}
	bzipped, zstded := isBzip2(head), isZstd(head)
	if format := compressionOf(head); format != "" && !bzipped && !zstded {
		return fmt.Errorf("%s: %w (%s); decompress it first", p.name, ErrCompression, format)
	}
	if bytes.HasPrefix(head, []byte(parquetMagic)) {
		if ra == nil || size < 0 {
			return fmt.Errorf("%s: %w: Parquet needs random access: read it from a file, not a stream", p.name, ErrNotSWF)
		}
		p.format = FormatParquet
		return p.readParquet(io.NewSectionReader(ra, offset, size), size)
	}
	src := io.MultiReader(bytes.NewReader(head), r)
	gzipped := len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b
	if gzipped {
		if ra != nil && size >= 18 {
			p.total = gzipSize(ra, offset+size, size)
		} else {
			p.total = -1
		}
		// A large buffer that is an io.ByteReader: the decompressor reads
		// it byte by byte without a buffer of its own of 4 KiB, and the
		// file in few system calls.
		p.zread = &countingReader{r: src}
		p.zsize = size
		in := bufio.NewReaderSize(p.zread, chunkSize)
		zr, err := gzip.NewReader(in)
		if err != nil {
			return fmt.Errorf("%s: %w: %s", p.name, ErrBadGzip, gzipReason(err))
		}
		defer zr.Close()
		members := &gzipMembers{zr: zr, in: in}
		defer func() {
			if err == nil && members.trailing > 0 {
				p.warnTrailing(members.trailing)
			}
		}()
		src = members
	}
	outer := "gzip"
	if bzipped {
		// The standard library's decoder reads concatenated streams
		// (pbzip2's output) as one, as bzip2 -d does.
		outer, p.total = "bzip2", -1
		src = bzip2Errors{bzip2.NewReader(bufio.NewReaderSize(src, chunkSize))}
	}
	if zstded {
		zr, err := newZstdReader(bufio.NewReaderSize(src, chunkSize))
		if err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		defer zr.Close()
		outer, p.total = "zstd", -1
		src = zr
	}
	// A buffer to look at the first bytes; reads of a chunk or more pass
	// it by.
	br := bufio.NewReaderSize(src, sniffSize)
	compressed := gzipped || bzipped || zstded
	if compressed {
		inner, _ := br.Peek(8)
		if len(inner) >= 2 && inner[0] == 0x1f && inner[1] == 0x8b {
			return fmt.Errorf("%s: %w (gzip inside %s); decompress it twice", p.name, ErrCompression, outer)
		}
		if format := compressionOf(inner); format != "" {
			return fmt.Errorf("%s: %w (%s inside %s); decompress it first", p.name, ErrCompression, format, outer)
		}
	}
	if h, _ := br.Peek(tarMagicEnd); isTar(h) {
		inside := ""
		if compressed {
			inside = " inside " + outer
		}
		return fmt.Errorf("%s: %w (a tar archive%s); extract the log from it first", p.name, ErrCompression, inside)
	}
	p.format, err = sniff(br)
	if err != nil {
		return p.readError(err)
	}
	switch p.format {
	case FormatParquet:
		return fmt.Errorf("%s: %w: a compressed (%s) Parquet file; decompress it first", p.name, ErrNotSWF, outer)
	case FormatCSV:
		return p.readCSV(br)
	case FormatJSON:
		return p.readJSON(br)
	}
	if compressed {
		return p.scanConcurrently(br)
	}
	return p.scan(br)
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += int64(n)
	return n, err
}

// isBzip2 reports whether head starts like a bzip2 stream: "BZh" and the
// block size, a digit 1–9.
func isBzip2(head []byte) bool {
	return len(head) >= 4 && bytes.HasPrefix(head, []byte("BZh")) && head[3] >= '1' && head[3] <= '9'
}

// isZstd reports whether head starts with a Zstandard frame's magic
// number, or with a skippable frame's (0x184D2A50 to 0x184D2A5F, little
// endian), which pzstd writes first and the decoder skips (RFC 8878,
// sec. 3.1.2): pzstd's output was refused as binary data.
func isZstd(head []byte) bool {
	return bytes.HasPrefix(head, []byte(zstdMagic)) ||
		(len(head) >= 4 && head[0]&0xf0 == 0x50 && head[1] == 0x2a && head[2] == 0x4d && head[3] == 0x18)
}

const zstdMagic = "\x28\xb5\x2f\xfd"

// zstdMaxWindow bounds the window a Zstandard stream may ask the decoder
// to hold: 128 MiB, that of zstd --ultra -22 and of --long=27; the
// default levels use at most 8 MiB. A frame asking for more (up to 2 GiB
// by the format) is ErrBadZstd instead of the memory.
const zstdMaxWindow = 128 << 20

// newZstdReader returns a decoder of the Zstandard stream r (several
// frames read as one, as zstd -d does) whose errors are ErrBadZstd.
func newZstdReader(r io.Reader) (*zstdErrors, error) {
	zr, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxWindow(zstdMaxWindow))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadZstd, err)
	}
	return &zstdErrors{zr}, nil
}

// zstdErrors names the errors of a Zstandard stream ErrBadZstd.
type zstdErrors struct{ zr *zstd.Decoder }

func (z *zstdErrors) Read(buf []byte) (int, error) {
	n, err := z.zr.Read(buf)
	if err != nil && err != io.EOF {
		why := strings.TrimPrefix(err.Error(), "zstd: ")
		if errors.Is(err, io.ErrUnexpectedEOF) {
			why = "the stream ends early (a truncated file or an interrupted download)"
		}
		err = fmt.Errorf("%w: %s", ErrBadZstd, why)
	}
	return n, err
}

// Close releases the decoder.
func (z *zstdErrors) Close() { z.zr.Close() }

// bzip2Errors names the errors of a bzip2 stream ErrBadBzip2.
type bzip2Errors struct{ r io.Reader }

func (b bzip2Errors) Read(buf []byte) (int, error) {
	n, err := b.r.Read(buf)
	if err != nil && err != io.EOF {
		why := err.Error()
		if errors.Is(err, io.ErrUnexpectedEOF) {
			why = "the stream ends early (a truncated file or an interrupted download)"
		}
		err = fmt.Errorf("%w: %s", ErrBadBzip2, strings.TrimPrefix(why, "bzip2 data invalid: "))
	}
	return n, err
}

// remainingSize returns the number of bytes left in r when r knows it (a
// regular file, a bytes or strings reader), else −1.
func remainingSize(r io.Reader) int64 {
	switch v := r.(type) {
	case interface{ Len() int }:
		return int64(v.Len())
	case interface{ Stat() (fs.FileInfo, error) }:
		st, err := v.Stat()
		if err != nil || !st.Mode().IsRegular() {
			return -1
		}
		s, ok := r.(io.Seeker)
		if !ok {
			return -1
		}
		at, err := s.Seek(0, io.SeekCurrent)
		if err != nil {
			return -1
		}
		return max(st.Size()-at, 0)
	}
	return -1
}

// gzipSize returns the uncompressed size a gzip stream of compressed bytes
// ending at end announces in its trailer (ISIZE, the size modulo 2^32), or
// −1 when it is not plausible (a stream of several members, or over 4 GiB).
// It is only a hint for reserving memory.
func gzipSize(ra io.ReaderAt, end, compressed int64) int64 {
	var tail [4]byte
	if _, err := ra.ReadAt(tail[:], end-4); err != nil {
		return -1
	}
	isize := int64(tail[0]) | int64(tail[1])<<8 | int64(tail[2])<<16 | int64(tail[3])<<24
	if isize < compressed/2 {
		return -1
	}
	return isize
}

// tarMagicEnd is where a POSIX tar header's magic ("ustar" at byte 257)
// ends.
const tarMagicEnd = 262

// isTar reports whether head starts with a POSIX (or GNU) tar header: a
// tar of a log was read as SWF and refused as binary data, the file name
// and its NUL padding quoted as job_id.
func isTar(head []byte) bool {
	return len(head) >= tarMagicEnd && string(head[257:tarMagicEnd]) == "ustar"
}

// compressionOf names a compression format other than gzip from its magic
// bytes, or returns "".
func compressionOf(head []byte) string {
	for _, m := range []struct{ magic, name string }{
		{"BZh", "bzip2"}, {"\xfd7zXZ\x00", "xz"}, {"\x28\xb5\x2f\xfd", "zstd"},
		{"PK\x03\x04", "zip"}, {"\x04\x22\x4d\x18", "lz4"}, {"\x02\x21\x4c\x18", "lz4, legacy"},
		{"\x1f\x9d", "compress, .Z"}, {"LZIP", "lzip"}, {"\x89LZO\x00", "lzop"},
		{"7z\xbc\xaf\x27\x1c", "7z"}, {"Rar!\x1a\x07", "rar"}, {"\x5d\x00\x00", "lzma"},
	} {
		if bytes.HasPrefix(head, []byte(m.magic)) {
			return m.name
		}
	}
	return ""
}

// gzipReason says what is wrong with a gzip stream, without the "gzip: "
// prefix of the library's errors.
func gzipReason(err error) string {
	switch {
	case errors.Is(err, gzip.ErrHeader):
		return "invalid header (a file that only starts like one)"
	case errors.Is(err, gzip.ErrChecksum):
		return "checksum mismatch (the file is corrupt)"
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "the stream ends early (a truncated file or an interrupted download)"
	}
	return strings.TrimPrefix(err.Error(), "gzip: ")
}

// fill reads from r until b is full or r fails; err is io.EOF at the end.
func fill(r io.Reader, b []byte) (int, error) {
	n := 0
	for n < len(b) {
		m, err := r.Read(b[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// scan hands src to the parser chunk by chunk.
func (p *parser) scan(src io.Reader) error {
	buf := make([]byte, chunkSize)
	for {
		n, err := fill(src, buf)
		if perr := p.feed(buf[:n]); perr != nil {
			return perr
		}
		if err == io.EOF {
			return p.flush()
		}
		if err != nil {
			return p.readError(err)
		}
	}
}

// scanConcurrently is scan with the reading (decompression) in a second
// goroutine, which stops before scanConcurrently returns.
func (p *parser) scanConcurrently(src io.Reader) error {
	type chunk struct {
		b   []byte
		err error
	}
	const buffers = 4
	full := make(chan chunk, buffers)
	free := make(chan []byte, buffers)
	for range buffers {
		free <- make([]byte, chunkSize)
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(full)
		for {
			var b []byte
			select {
			case b = <-free:
			case <-done:
				return
			}
			n, err := fill(src, b)
			select {
			case full <- chunk{b[:n], err}:
			case <-done:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	defer func() {
		close(done)
		wg.Wait()
	}()
	for c := range full {
		if err := p.feed(c.b); err != nil {
			// A corrupt gzip stream decompresses to garbage before its
			// checksum fails at its end: read on, and blame the stream
			// rather than the line when it is broken — up to
			// maxReadOn bytes: a small file that decompresses to
			// hundreds of GiB (a bomb) was decompressed to its end
			// (4 GiB of zstd in 131 kB: 55 s of CPU).
			for on := 0; c.err == nil; on += len(c.b) {
				if on > maxReadOn {
					return err
				}
				free <- c.b[:cap(c.b)]
				if c = <-full; c.b == nil && c.err == nil {
					break
				}
			}
			if c.err != nil && c.err != io.EOF {
				switch e := p.readError(c.err); {
				case errors.Is(e, ErrBadGzip):
					return fmt.Errorf("%s: %w: %s; line %d could not be read because it comes from the damaged part", p.name, ErrBadGzip, gzipReason(c.err), p.line)
				case errors.Is(e, ErrBadBzip2):
					return fmt.Errorf("%w; line %d could not be read because it comes from the damaged part", e, p.line)
				}
			}
			return err
		}
		free <- c.b[:cap(c.b)]
		if c.err == io.EOF {
			return p.flush()
		}
		if c.err != nil {
			return p.blameStream(p.readError(c.err))
		}
	}
	return p.flush()
}

// maxReadOn bounds the decompressed bytes read on after a line's error,
// to blame a broken stream instead (scanConcurrently).
const maxReadOn = 64 << 20

// blameStream adds to a broken gzip stream's error the first odd row read
// (WarnFieldCount or WarnUnreadable), which a corrupt stream's garbage
// usually makes before its checksum fails at its end.
func (p *parser) blameStream(err error) error {
	if !errors.Is(err, ErrBadGzip) && !errors.Is(err, ErrBadBzip2) {
		return err
	}
	for _, w := range p.warn.list {
		if w.Kind == WarnFieldCount || w.Kind == WarnUnreadable {
			return fmt.Errorf("%w; line %d, an odd row, probably comes from the damaged part", err, w.Line)
		}
	}
	return err
}

// gzipMembers reads the members of a gzip stream one after the other, as
// gzip -d does, and stops at bytes after a complete member that do not
// start another (padding of zeros, garbage appended by a transfer): they
// are counted in trailing and skipped, since every member before them
// ended with a correct checksum. Bytes that start like a member but are
// not one are an error.
type gzipMembers struct {
	zr       *gzip.Reader
	in       *bufio.Reader
	trailing int64
	started  bool
}

func (g *gzipMembers) Read(b []byte) (int, error) {
	if !g.started {
		g.zr.Multistream(false)
		g.started = true
	}
	for {
		n, err := g.zr.Read(b)
		if err != io.EOF {
			return n, err
		}
		// The member ended with its checksum checked: is another one next?
		magic, perr := g.in.Peek(2)
		switch {
		case perr == io.EOF && len(magic) == 0:
			return n, io.EOF
		case len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b:
			g.trailing, err = io.Copy(io.Discard, g.in)
			if err != nil {
				return n, err
			}
			return n, io.EOF
		}
		if err := g.zr.Reset(g.in); err != nil {
			return n, err
		}
		g.zr.Multistream(false)
		if n > 0 {
			return n, nil
		}
	}
}

// warnTrailing reports bytes skipped after the last gzip member.
func (p *parser) warnTrailing(n int64) {
	p.warn.add(WarnTrailingData, "", p.line, noJob, func() (string, string) {
		return "", "bytes after the end of the gzip data that are not gzip (padding or garbage): skipped; the data before them is complete (its checksum is correct)"
	})
	w := &p.warn.list[p.warn.index[warnKey{WarnTrailingData, ""}]]
	w.Count += int(min(n, math.MaxInt32)) - 1
}

// trimPadding cuts the padding that ends the input's last line (NUL bytes
// and DOS end-of-file marks, Ctrl-Z 0x1A, as a file padded to a block size
// or copied through MS-DOS ends) and reports it (WarnTrailingData, Count in
// bytes): padding at the end of a file is no data, whereas a NUL before the
// end is (ErrBinary).
func (p *parser) trimPadding(last []byte) []byte {
	i := len(last)
	for i > 0 && (last[i-1] == 0 || last[i-1] == 0x1a) {
		i--
	}
	if i == len(last) {
		return last
	}
	n := len(last) - i
	line := p.line + 1 // the padding's line: read now, or as the data before the padding
	if i == 0 {
		p.line++
	}
	p.warn.add(WarnTrailingData, "", line, noJob, func() (string, string) {
		return "", "NUL bytes or DOS end-of-file marks (Ctrl-Z) ending the input, after the last line (padding): skipped"
	})
	w := &p.warn.list[p.warn.index[warnKey{WarnTrailingData, ""}]]
	w.Count += n - 1
	return last[:i]
}

func (p *parser) readError(err error) error {
	if errors.Is(err, ErrBadBzip2) {
		return fmt.Errorf("%s:%d: %w", p.name, p.line+1, err)
	}
	var corrupt flate.CorruptInputError
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, gzip.ErrChecksum) || errors.Is(err, gzip.ErrHeader) ||
		errors.As(err, &corrupt) {
		return fmt.Errorf("%s:%d: %w: %s", p.name, p.line+1, ErrBadGzip, gzipReason(err))
	}
	return fmt.Errorf("%s:%d: reading: %w", p.name, p.line+1, err)
}

type parser struct {
	name   string
	opts   ReadOptions
	format Format    // the input's format
	sink   JobWriter // receives the jobs (Scan); nil: they are stored in t (Read)
	t      *Trace    // columns have length cap; the first n rows are filled
	n      int
	report ReadReport
	warn   warnings

	line        int   // lines read
	offset      int64 // bytes of the lines read
	total       int64 // bytes of the input (uncompressed), −1 unknown
	carry       []byte
	header      []string
	hdrAt       []int // file line of each header comment
	headerBytes int   // bytes of the header's comments kept
	headerCut   int   // header comments left out, beyond the bounds
	headerCutAt int   // line of the first of them
	inBody      bool
	rows        int   // job rows seen, left-out rows included
	atBody      int64 // offset of the first job row
	machine     int   // machine size from the header, 0 unknown
	maxRun      float64
	maxMem      float64
	records     int // the header's MaxRecords, 0 unknown

	ids        idSet // every job id, rows left out included
	lastID     int
	lastSubmit float64
	haveSubmit bool

	haveID bool
	// idsStopped: ids held more than idLimit entries and were dropped;
	// each id is compared with the previous row's only (checkID).
	idsStopped bool

	// The JSON decoder and its input, while readJSON runs (for the
	// line of an error before the first job: jsonLine).
	jdec *json.Decoder
	jlim *valueLimit

	pending      []pendingValue // unreadable values of the row being read
	rowText      []byte         // the row being read as written, when pending is not empty
	unreadListed [18]int        // values of each field in report.Unreadable

	skipping  int64 // bytes of the over-long line being skipped; −1 when none is
	idleFrom  int64 // offset of the end of the last job row (0 before the first)
	idleLine  int   // line of the last job row (0 before the first)
	longBytes int64 // bytes of the over-long lines skipped so far

	prefault sync.WaitGroup // the goroutine that faults in the columns' pages
	bareCR   bool           // a header comment holds a lone CR (classic Mac OS line ends?)

	zread *countingReader // the compressed input of a gzip whose trailer gave total, else nil
	zsize int64           // bytes of that compressed input

	parts     []partRow // the rows of status 2–4 stored in t (Read only), in file order
	partsOnly partSet   // job numbers seen so far only on partial records (checkID)
	job       Job       // the row handed to sink (Scan), reused
}

// partRow is a stored partial-execution record: its row in t and its line.
type partRow struct{ row, line int }

// feed parses every complete line of b; the last partial line waits for the
// next chunk.
func (p *parser) feed(b []byte) error {
	if p.skipping >= 0 {
		nl := bytes.IndexByte(b, '\n')
		part := b
		if nl >= 0 {
			part = b[:nl]
		}
		if err := p.skip(part); err != nil {
			return err
		}
		if nl < 0 {
			return nil
		}
		p.endLongLine()
		b = b[nl+1:]
	}
	if len(p.carry) > 0 {
		nl := bytes.IndexByte(b, '\n')
		if nl < 0 {
			if len(p.carry)+len(b) > maxLine {
				return p.longLine(b)
			}
			p.carry = append(p.carry, b...)
			return nil
		}
		if len(p.carry)+nl > maxLine {
			return p.longLine(b)
		}
		p.carry = append(p.carry, b[:nl]...)
		if err := p.parseLine(p.carry); err != nil {
			return err
		}
		p.carry = p.carry[:0]
		b = b[nl+1:]
	}
	for {
		nl := bytes.IndexByte(b, '\n')
		if nl < 0 {
			break
		}
		if err := p.parseLine(b[:nl]); err != nil {
			return err
		}
		b = b[nl+1:]
	}
	if len(b) > maxLine {
		return p.longLine(b)
	}
	p.carry = append(p.carry, b...)
	return nil
}

// longLine leaves out the line longer than maxLine that starts with carry
// and goes on in b: it is skipped up to its end, without holding it, and
// counted (endLongLine). A line holding a lone CR is an error instead
// (lineTooLong): a file with classic Mac OS line ends has no other line.
func (p *parser) longLine(b []byte) error {
	end := bytes.IndexByte(b, '\n')
	if end < 0 {
		end = len(b)
	}
	if bytes.IndexByte(p.carry, '\r') >= 0 || bytes.IndexByte(b[:end], '\r') >= 0 {
		return p.lineTooLong(b)
	}
	p.skipping = 0
	err := p.skip(p.carry)
	p.carry = p.carry[:0]
	if err != nil {
		return err
	}
	return p.feed(b)
}

// maxLongBytes bounds the bytes of the over-long lines skipped in a log:
// beyond it the input is no log with a few odd lines (an endless stream
// without newlines, say) and reading stops.
const maxLongBytes = 64 << 20

// skip passes over part of the over-long line being skipped. Control
// bytes (NUL and the others below tab) are ErrBinary, as on any line, and
// more than maxLongBytes of long lines in all is ErrLineLength.
func (p *parser) skip(part []byte) error {
	p.skipping += int64(len(part))
	p.longBytes += int64(len(part))
	if i := bytes.IndexFunc(part, func(r rune) bool { return r < 9 }); i >= 0 {
		return &ParseError{File: p.name, Line: p.line + 1, Text: string(part[i:min(i+16, len(part))]), Err: ErrBinary}
	}
	if p.longBytes > maxLongBytes {
		return &ParseError{File: p.name, Line: p.line + 1,
			Err: fmt.Errorf("%w: lines longer than 1 MiB add up to more than %d MiB: not an SWF log?", ErrLineLength, maxLongBytes>>20)}
	}
	return nil
}

// endLongLine ends the line being skipped: it counts it
// (ReadReport.LongLinesSkipped) and reports it (WarnLongLine).
func (p *parser) endLongLine() {
	p.line++
	size := p.skipping
	p.offset += size + 1
	p.skipping = -1
	p.report.LongLinesSkipped++
	p.warn.add(WarnLongLine, "", p.line, noJob, func() (string, string) {
		return "", fmt.Sprintf("a line of %d bytes, longer than the %d an SWF line may have here: left out (a job row on it is lost; the rest of the log is read)", size, maxLine)
	})
}

// maxIdleBytes bounds the bytes of the blank and comment lines read in a
// row, with no job row among them (ErrBlankStretch).
const maxIdleBytes = 64 << 20

// idle checks the stretch of lines without a job row that the line just
// read (blank or a comment) extends: beyond maxIdleBytes, reading stops.
func (p *parser) idle() error {
	if n := p.offset - p.idleFrom; n > p.idleLimit() {
		return &ParseError{File: p.name, Line: p.line, Err: fmt.Errorf("%w: lines %d to %d, %d bytes, hold no job: not an SWF log?", ErrBlankStretch, p.idleLine+1, p.line, n)}
	}
	return nil
}

// idleLimit is the bound of ErrBlankStretch.
func (p *parser) idleLimit() int64 { return cmp.Or(max(p.opts.maxIdle, 0), maxIdleBytes) }

// crHint explains a line that holds a lone CR: a file with classic Mac OS
// line ends, which the reader, splitting lines at LF, sees as one line.
const crHint = "the line holds lone CRs: classic Mac OS line ends, which SWF does not use? Convert them to LF first, e.g. tr '\\r' '\\n' < IN > OUT"

// withCR adds crHint to err when line holds a CR.
func withCR(line []byte, err error) error {
	if bytes.IndexByte(line, '\r') >= 0 {
		return fmt.Errorf("%w (%s)", err, crHint)
	}
	return err
}

// lineTooLong is ErrLineLength for the line that starts with carry and
// goes on in b.
func (p *parser) lineTooLong(b []byte) error {
	err := withCR(p.carry, ErrLineLength)
	if err == ErrLineLength {
		err = withCR(b, err)
	}
	return &ParseError{File: p.name, Line: p.line + 1, Err: err}
}

// flush parses a last line without a newline.
func (p *parser) flush() error {
	if p.skipping >= 0 {
		p.endLongLine()
		return nil
	}
	if len(p.carry) == 0 {
		return nil
	}
	if p.carry = p.trimPadding(p.carry); len(p.carry) == 0 {
		return nil
	}
	err := p.parseLine(p.carry)
	p.carry = p.carry[:0]
	return err
}

func (p *parser) parseLine(line []byte) error {
	p.line++
	start := p.offset
	p.offset += int64(len(line)) + 1
	if p.line == 1 {
		if bytes.HasPrefix(line, []byte("\xff\xfe")) || bytes.HasPrefix(line, []byte("\xfe\xff")) {
			return &ParseError{File: p.name, Line: 1, Err: fmt.Errorf("%w: UTF-16 text (a byte-order mark %q); SWF is ASCII: convert it, e.g. iconv -f UTF-16 -t UTF-8", ErrBinary, line[:2])}
		}
		line = bytes.TrimPrefix(line, []byte(utf8BOM))
	}
	for n := len(line); n > 0 && line[n-1] == '\r'; n-- {
		line = line[:n-1] // CRLF, and CRCRLF from a file converted twice
	}
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i == len(line) {
		return p.idle() // blank line
	}
	if line[i] == ';' {
		if !p.inBody {
			p.headerLine(line[i+1:])
			p.bareCR = p.bareCR || bytes.IndexByte(line, '\r') >= 0
		} else {
			p.bodyComment(line[i+1:])
		}
		return p.idle()
	}
	p.idleFrom, p.idleLine = p.offset, p.line
	if !p.inBody {
		if err := p.startBody(start); err != nil {
			return err
		}
	}
	var vals [18]float64
	nf, bad, err := parseFields(line, i, &vals)
	if err != nil && err != errMoreFields && !isBinary(line[bad[0]:bad[1]]) {
		nf, bad, err = p.parseTolerant(line, i, &vals)
	}
	var extra []byte // the fields after the 18th
	switch {
	case err == errMoreFields:
		if extra = line[bad[0]:bad[1]]; isBinary(extra) {
			p.pending = p.pending[:0]
			return &ParseError{File: p.name, Line: p.line, Text: string(extra), Err: ErrBinary}
		}
		if e := p.fieldCountError(line, fmt.Errorf("%w: found more", ErrFieldCount)); e != nil {
			return e
		}
		if e := p.textNotLog(line, 19); e != nil {
			return e
		}
	case err != nil: // binary data, whatever else the line looks like
		p.pending = p.pending[:0]
		return &ParseError{File: p.name, Line: p.line, Field: FieldNames[nf], Text: string(line[bad[0]:bad[1]]), Err: ErrBinary}
	case nf != 18:
		if e := p.fieldCountError(line, fmt.Errorf("%w: found %d", ErrFieldCount, nf)); e != nil {
			return e
		}
		if e := p.textNotLog(line, nf); e != nil {
			return e
		}
		if nf < 2 {
			return p.skipShortRow(line, &vals)
		}
		for k := nf; k < 18; k++ {
			vals[k] = -1
		}
	}
	if extra != nil || nf != 18 {
		p.warnFieldCount(line, nf, extra, int(vals[fJobID]))
	}
	if len(p.pending) > 0 {
		// A first row that can be neither identified nor placed in time
		// may be another format (a CSV written with ", ").
		if p.rows == 0 && p.isPending(fJobID) && p.isPending(fSubmit) {
			if e := p.notSWF(line); e != nil {
				p.pending = p.pending[:0]
				return e
			}
		}
		p.rowText = line
	}
	return p.addRow(&vals)
}

// fieldCountError returns the error for a job line that has not 18
// fields when such a line makes the input unreadable: a first row that
// looks like another format (ErrNotSWF), or a line holding a lone CR
// (classic Mac OS line ends: the file's lines run together). Otherwise it
// returns nil, and the row is read as far as it goes (see
// warnFieldCount): one odd row does not make a log unreadable.
func (p *parser) fieldCountError(line []byte, err error) error {
	if bytes.IndexByte(line, '\r') < 0 {
		if p.rows > 0 {
			return nil
		}
		if e := p.notSWF(line); e == nil {
			return nil
		}
	}
	p.pending = p.pending[:0]
	return p.lineError(line, err)
}

// textNotLog refuses a first job line that deviates from SWF twice: it
// has not 18 fields (nf of them; 19 stands for more than 18) and its job id or submit time is
// not a number ("Name:\tcp" of /proc/self/status, "Job list:", a row of
// column names). Such a line is text, not a job: read on, every line of a
// text file became a "job" of unknown id, with warnings and exit status 0.
// One deviation alone (a cut-short first row, an unreadable id among 18
// fields) is read as usual; after the first job line, nothing is refused
// for its shape. It returns nil when the line is a job line.
func (p *parser) textNotLog(line []byte, nf int) error {
	if p.rows > 0 {
		return nil
	}
	fields := fmt.Sprintf("%d fields", nf)
	switch nf {
	case 1:
		fields = "1 field"
	case 19:
		fields = "more than 18 fields"
	}
	for _, u := range p.pending {
		if u.field == fJobID || u.field == fSubmit {
			p.pending = p.pending[:0]
			return &ParseError{File: p.name, Line: p.line, Field: FieldNames[u.field], Text: string(line),
				Err: fmt.Errorf("%w: the first job line has %s, not 18, and its %s %q is not a number (a text file, not a log?)",
					ErrNotSWF, fields, FieldNames[u.field], clip.Runes(u.token, 40))}
		}
	}
	return nil
}

// warnFieldCount reports a job row of nf fields (18 and the extra text
// when it has more): a short row's missing fields are unknown (−1), the
// fields after the 18th are ignored. The warning's field is the first
// missing one, "" for a row of more than 18.
func (p *parser) warnFieldCount(line []byte, nf int, extra []byte, id int) {
	field := ""
	if extra == nil {
		field = FieldNames[nf]
	}
	p.warn.add(WarnFieldCount, field, p.line, id, func() (string, string) {
		if extra != nil {
			return clip.Bytes(extra, 80), fmt.Sprintf("the row has more than 18 fields: the first 18 are read, the rest (%q) is ignored", clip.Bytes(extra, 80))
		}
		return clip.Bytes(line, 80), fmt.Sprintf("the row has %d fields, not 18: the missing ones (%s to think_time) are unknown (−1)", nf, FieldNames[nf])
	})
}

// skipShortRow leaves out a row of fewer than 2 fields: without a submit
// time it cannot be placed in time (as a row whose submit is unreadable).
// It is counted in ReadReport.FieldCountSkipped and warned about
// (WarnFieldCount, field submit).
func (p *parser) skipShortRow(line []byte, vals *[18]float64) error {
	p.rows++
	id := int(vals[fJobID])
	if len(p.pending) > 0 {
		id = -1
	} else {
		p.checkID(id, -1)
	}
	p.warn.add(WarnFieldCount, "submit", p.line, id, func() (string, string) {
		return clip.Bytes(line, 80), "the row has 1 field, not 18: without a submit time it cannot be placed in time and is left out"
	})
	p.report.FieldCountSkipped++
	if len(p.pending) > 0 {
		p.rowText = line
		p.settle(-1, id)
	}
	return nil
}

// isBinary reports whether a token holds bytes that no text log has: NUL
// and other control characters below tab, or invalid UTF-8.
func isBinary(tok []byte) bool {
	return bytes.ContainsFunc(tok, func(r rune) bool { return r == 0xFFFD || r < 9 })
}

// parseTolerant reads a job line as parseFields does, token by token,
// after parseFields met a token it cannot read; it runs only then. A
// measure written NaN or Inf, or beyond float64's range ("1e400"), reads
// as NaN or ±Inf, which addRow makes unknown and reports (WarnOutOfRange,
// the value in Replaced); any other token that is not a value of its
// field is unreadable (see tolerate). One odd value does not make a log
// unreadable. A token of binary data is ErrBinary, with its bounds.
func (p *parser) parseTolerant(line []byte, i int, vals *[18]float64) (nf int, bad [2]int, err error) {
	for i < len(line) {
		if nf == 18 {
			return nf, [2]int{i, len(line)}, errMoreFields
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		tok := line[i:j]
		v, err := parseNumber(tok, integerField[nf])
		if err != nil {
			if v, err = p.tolerate(nf, tok, err); err != nil {
				return nf, [2]int{i, j}, err
			}
		}
		vals[nf] = v
		nf++
		for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
			j++
		}
		i = j
	}
	return nf, [2]int{}, nil
}

// tolerate returns the value that field k gets for a token tok that
// parseNumber refused with why: a measure written NaN or Inf, or beyond
// float64's range, reads as NaN or ±Inf (addRow makes it unknown and
// reports it); any other token is unreadable: the field gets −1 (unknown)
// and the token waits in pending for addRow to report it. Binary data is
// ErrBinary: such a file is not a text log.
func (p *parser) tolerate(k int, tok []byte, why error) (float64, error) {
	if isBinary(tok) {
		return 0, ErrBinary
	}
	if errors.Is(why, ErrNotFinite) && measureLimit[k] > 0 {
		switch lower := bytes.ToLower(tok); {
		case bytes.Contains(lower, []byte("nan")):
			return math.NaN(), nil
		case tok[0] == '-':
			return math.Inf(-1), nil
		}
		return math.Inf(1), nil
	}
	p.pending = append(p.pending, pendingValue{field: k, token: clip.Bytes(tok, MaxUnreadableText), why: why})
	return -1, nil
}

// pendingValue is an unreadable value of the row being read; addRow
// reports it once the row is kept or left out.
type pendingValue struct {
	field int
	token string
	why   error
}

// isPending reports whether field k of the row being read is unreadable.
func (p *parser) isPending(k int) bool {
	for _, u := range p.pending {
		if u.field == k {
			return true
		}
	}
	return false
}

// settle reports the unreadable values of the row just read (WarnUnreadable,
// one warning per field) and lists them in the report, within
// MaxUnreadablePerField per field; row is the row in the trace, −1 when the
// row was left out.
func (p *parser) settle(row, id int) {
	for _, u := range p.pending {
		f := FieldNames[u.field]
		p.warn.add(WarnUnreadable, f, p.line, id, func() (string, string) {
			then := "kept as unknown (−1)"
			if measureLimit[u.field] > 0 {
				then = "kept as unknown (NaN)"
			} else if u.field == fSubmit {
				then = "the row cannot be placed in time and is left out"
			}
			return u.token, fmt.Sprintf("%s %q is %v: %s (the value as written is in the report's Unreadable list)", f, clip.Runes(u.token, 80), u.why, then)
		})
		if p.unreadListed[u.field] == MaxUnreadablePerField {
			p.report.UnreadableNotListed++
			continue
		}
		p.unreadListed[u.field]++
		v := UnreadableValue{Row: row, Line: p.line, JobID: id, Field: f, Token: u.token, Why: u.why}
		if row < 0 {
			v.Text = clip.Bytes(p.rowText, MaxUnreadableText)
		}
		p.report.Unreadable = append(p.report.Unreadable, v)
	}
	p.pending = p.pending[:0]
	p.rowText = nil
}

// lineError reports a line that is not an SWF job line, saying which format
// it looks like when it is the first.
func (p *parser) lineError(line []byte, err error) error {
	if p.rows == 0 {
		if e := p.notSWF(line); e != nil {
			return e
		}
	}
	return &ParseError{File: p.name, Line: p.line, Text: string(line), Err: withCR(line, err)}
}

// notSWF recognises a first data line of another format: JSON, HTML or XML,
// CSV, Parquet. It returns nil when the line looks like none of them.
func (p *parser) notSWF(line []byte) error {
	s := bytes.TrimSpace(line)
	var what string
	switch {
	case len(s) == 0:
		return nil
	case bytes.HasPrefix(s, []byte("PAR1")):
		what = "looks like Parquet, but a Parquet file starts with PAR1 on its first byte"
	case s[0] == '{' || s[0] == '[':
		what = "looks like JSON; SWF has one job per line of 18 whitespace-separated numbers"
	case s[0] == '<':
		what = "looks like HTML or XML (a web page saved instead of the log?)"
	case bytes.IndexByte(s, ',') >= 0 || bytes.IndexByte(s, ';') > 0:
		what = "looks like CSV; SWF separates its 18 fields by spaces or tabs, not commas"
	default:
		return nil
	}
	return &ParseError{File: p.name, Line: p.line, Text: string(line), Err: fmt.Errorf("%w: %s", ErrNotSWF, what)}
}

// bodyComment counts a comment line after the first job row. SWF allows
// comments anywhere ("Comments are allowed, as identified by lines that
// start with a `;'. In particular, files are expected to start with a set
// of header comments that define the environment or model.", swf.html):
// the header is the comments before the first job. A comment among the
// jobs is ignored and counted (WarnComment); a standard directive or note
// among them ("; MaxProcs: 256", as in two logs concatenated) is not
// applied, since the rows before it were read with the header's values,
// and is counted per directive (WarnLateDirective, Value the first one's
// value as written).
func (p *parser) bodyComment(text []byte) {
	trimmed := strings.TrimSpace(clip.Bytes(text, 400))
	if isDirectiveLine(trimmed) {
		key, value, _ := strings.Cut(trimmed, ":")
		key = strings.TrimRight(key, " \t")
		if k, ok := headerFieldByKey[strings.ToLower(key)]; ok {
			key = headerFields[k].key
		} else {
			key = "Note"
		}
		value = strings.TrimSpace(value)
		p.warn.add(WarnLateDirective, key, p.line, noJob, func() (string, string) {
			return value, fmt.Sprintf("the directive %s: %s comes after the first job line: not used (the header ends at the first job; the rows before it were read with the header's values)", key, value)
		})
		return
	}
	p.warn.add(WarnComment, "", p.line, noJob, func() (string, string) {
		return "", "a comment line among the job lines (SWF allows comments anywhere): ignored"
	})
}

// headerLine keeps one header comment (without its ';'), within the
// header's bounds (MaxHeaderLines, MaxHeaderBytes); the lines beyond them are
// counted in a WarnLongHeader warning.
func (p *parser) headerLine(text []byte) {
	if p.headerCut > 0 || len(p.header) >= MaxHeaderLines || p.headerBytes+len(text) > MaxHeaderBytes {
		if p.headerCut == 0 {
			p.headerCutAt = p.line
		}
		p.headerCut++
		return
	}
	p.headerBytes += len(text)
	p.header = append(p.header, string(text))
	p.hdrAt = append(p.hdrAt, p.line)
}

// warnLongHeader reports the header comments left out, if any.
func (p *parser) warnLongHeader() {
	if p.headerCut == 0 {
		return
	}
	p.warn.add(WarnLongHeader, "", p.headerCutAt, noJob, func() (string, string) {
		return "", fmt.Sprintf("the header is longer than %d lines or %d bytes: the comment lines from here to the first job are left out (directives among them are not read)",
			MaxHeaderLines, MaxHeaderBytes)
	})
	p.warn.list[len(p.warn.list)-1].Count = p.headerCut
}

// startBody parses the header when the first job row arrives: the machine
// size and limits check the rows that follow.
func (p *parser) startBody(offset int64) error {
	p.inBody = true
	p.atBody = offset
	p.warnLongHeader()
	h, issues := parseHeader(p.header)
	for _, is := range issues {
		p.warn.add(WarnHeader, is.key, p.hdrAt[is.index], noJob, func() (string, string) {
			return is.value, fmt.Sprintf("%s: %s", is.key, is.msg)
		})
	}
	if h.TimeZoneString != "" {
		_, used, err := ZoneByName(h.TimeZoneString)
		if err != nil || used != h.TimeZoneString {
			at := 0
			for i, l := range p.header {
				if k, _, ok := strings.Cut(strings.TrimSpace(l), ":"); ok && strings.EqualFold(strings.TrimSpace(k), "TimeZoneString") {
					at = p.hdrAt[i]
					break
				}
			}
			p.warn.add(WarnHeader, "TimeZoneString", at, noJob, func() (string, string) {
				if errors.Is(err, ErrAmbiguousZone) {
					return h.TimeZoneString, fmt.Sprintf("TimeZoneString: %v: read as no zone, wall-clock analyses use UTC (a zoneinfo name says which: Etc/GMT+5 is UTC-05:00)", err)
				}
				if err != nil {
					return h.TimeZoneString, fmt.Sprintf("TimeZoneString: unknown zone %q: wall-clock analyses use UTC", h.TimeZoneString)
				}
				if strings.HasPrefix(used, "UTC+") || strings.HasPrefix(used, "UTC-") { // isoOffset's fixed zone
					return h.TimeZoneString, fmt.Sprintf("TimeZoneString: %q read as an ISO 8601 offset east of UTC, the fixed zone %s (no daylight saving; kept as written)", h.TimeZoneString, used)
				}
				return h.TimeZoneString, fmt.Sprintf("TimeZoneString: %q read as the zone %s (kept as written)", h.TimeZoneString, used)
			})
		}
	}
	p.t.Header = h
	p.machine = h.MaxProcs
	if p.machine == 0 {
		p.machine = h.MaxNodes
	}
	p.maxRun = float64(h.MaxRuntime)
	p.maxMem = float64(h.MaxMemory)
	p.records = h.MaxRecords
	if p.sink != nil {
		return p.sink.WriteHeader(h)
	}
	p.grow(firstRows)
	return nil
}

// grow makes room for at least extra more rows. The columns are
// reallocated one at a time, so the copy costs at most one column beyond the
// trace.
func (p *parser) grow(extra int) {
	c := p.n + extra
	t := p.t
	t.JobID = regrow(t.JobID, p.n, c)
	t.Submit = regrow(t.Submit, p.n, c)
	t.Wait = regrow(t.Wait, p.n, c)
	t.Runtime = regrow(t.Runtime, p.n, c)
	t.Procs = regrow(t.Procs, p.n, c)
	t.CPUTime = regrow(t.CPUTime, p.n, c)
	t.Mem = regrow(t.Mem, p.n, c)
	t.ReqProcs = regrow(t.ReqProcs, p.n, c)
	t.ReqTime = regrow(t.ReqTime, p.n, c)
	t.ReqMem = regrow(t.ReqMem, p.n, c)
	t.Status = regrow(t.Status, p.n, c)
	t.User = regrow(t.User, p.n, c)
	t.Group = regrow(t.Group, p.n, c)
	t.App = regrow(t.App, p.n, c)
	t.Queue = regrow(t.Queue, p.n, c)
	t.Partition = regrow(t.Partition, p.n, c)
	t.PrevJob = regrow(t.PrevJob, p.n, c)
	t.ThinkTime = regrow(t.ThinkTime, p.n, c)
	if extra >= prefaultRows {
		p.prefault.Wait() // the previous arrays are garbage now
		arrays := make([][]byte, 0, 18)
		for _, col := range [][]float64{t.Submit[p.n:], t.Wait[p.n:], t.Runtime[p.n:], t.CPUTime[p.n:], t.Mem[p.n:],
			t.ReqTime[p.n:], t.ReqMem[p.n:], t.ThinkTime[p.n:]} {
			arrays = append(arrays, asBytes(col))
		}
		for _, col := range [][]int{t.JobID[p.n:], t.Procs[p.n:], t.ReqProcs[p.n:], t.Status[p.n:], t.User[p.n:],
			t.Group[p.n:], t.App[p.n:], t.Queue[p.n:], t.Partition[p.n:], t.PrevJob[p.n:]} {
			arrays = append(arrays, asBytes(col))
		}
		p.prefault.Go(func() { prefault(arrays) })
	}
}

// prefaultRows is the least room for which grow prefaults the new columns.
const prefaultRows = 1 << 14

// asBytes views a column's storage as bytes, for prefault.
func asBytes[T int | float64](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
}

// regrow returns a slice of length c holding s[:n].
func regrow[T any](s []T, n, c int) []T {
	if c <= cap(s) {
		return s[:c]
	}
	g := make([]T, c)
	copy(g, s[:n])
	return g
}

// nextCapacity estimates the rows the input holds, from its size and the
// bytes per row so far; the header's MaxRecords caps the estimate (it may
// overstate the rows of a cleaned log, never understate them). Without a
// known size it doubles, believing MaxRecords up to 4 times the rows so far.
func (p *parser) nextCapacity() int {
	n := p.n
	total := p.total
	if p.zread != nil && p.zread.n > 0 && total > 0 {
		// A gzip trailer's size (ISIZE) is a claim, forged at no cost: a
		// 98 KB file claiming 4 GiB made Read reserve MaxRows rows (1.4
		// GB) before its checksum failed. It is believed up to 8 times the
		// size the compression ratio seen so far gives (an underestimate
		// of the ratio: the decompressor reads ahead).
		if most := 8 * float64(p.offset) / float64(p.zread.n) * float64(p.zsize); float64(total) > most {
			total = int64(most)
		}
	}
	if total > p.offset && p.rows > 0 {
		perRow := float64(p.offset-p.atBody) / float64(p.rows)
		est := n + int(float64(total-p.offset)/perRow*1.03) + 256
		if p.records > n && p.records < est {
			est = p.records + 16
		}
		return est
	}
	c := 2 * max(n, firstRows)
	if p.records > n && p.records <= 4*max(n, firstRows) {
		c = max(c, p.records+16)
	}
	return c
}

// addRow checks one row (its values in file order) and stores it.
func (p *parser) addRow(v *[18]float64) error {
	p.rows++
	id := int(v[fJobID])
	if len(p.pending) == 0 || !p.isPending(fJobID) { // an unreadable id is no id to order or repeat
		status := int(v[fStatus]) // −1 when unreadable
		p.checkID(id, status)
	}

	submit := v[fSubmit]
	switch {
	case len(p.pending) > 0 && p.isPending(fSubmit):
		p.report.UnreadableSkipped++
		p.settle(-1, id)
		return nil
	case submit == -1:
		p.warn.add(WarnPlaceholder, "submit", p.line, id, func() (string, string) {
			if p.opts.KeepPlaceholders {
				return "-1", "submit time −1 (a placeholder record): kept with an unknown submit time"
			}
			return "-1", "submit time −1 (a placeholder record): row left out"
		})
		if !p.opts.KeepPlaceholders {
			p.report.PlaceholdersSkipped++
			if len(p.pending) > 0 {
				p.settle(-1, id)
			}
			return nil
		}
		submit = math.NaN()
	case submit < -MaxTime || submit > MaxTime:
		p.warn.add(WarnSubmitOutOfRange, "submit", p.line, id, func() (string, string) {
			return fmtValue(submit), fmt.Sprintf("submit time %s s is more than 200 years from the log's start: row left out", fmtValue(submit))
		})
		p.report.OutOfRangeSkipped++
		p.replaced(ReplacedValue{Row: -1, Line: p.line, JobID: id, Field: "submit", Value: submit})
		if len(p.pending) > 0 {
			p.settle(-1, id)
		}
		return nil
	case submit < 0:
		p.warn.add(WarnBeforeStart, "submit", p.line, id, func() (string, string) {
			return fmtValue(submit), fmt.Sprintf("submit time %s s is before the log's start (time 0); kept", fmtValue(submit))
		})
	}
	if !math.IsNaN(submit) { // not a kept placeholder
		if p.haveSubmit && submit < p.lastSubmit {
			last := p.lastSubmit
			p.warn.add(WarnUnsortedSubmit, "submit", p.line, id, func() (string, string) {
				return fmtValue(submit), fmt.Sprintf("submit time decreases (%s after %s); rows are kept in file order", fmtValue(submit), fmtValue(last))
			})
		}
		p.lastSubmit, p.haveSubmit = submit, true
	}

	if p.sink == nil {
		limit := p.opts.MaxRows
		if limit <= 0 {
			limit = DefaultMaxRows
		}
		if p.n >= limit {
			return &ParseError{File: p.name, Line: p.line, Err: fmt.Errorf("%w: %d", ErrTooManyRows, limit)}
		}
		if p.n == len(p.t.JobID) {
			p.grow(min(p.nextCapacity(), limit) - p.n)
		}
	}
	i := p.n
	p.n++
	if len(p.pending) > 0 {
		p.settle(i, id)
	}
	// One test per row on the common path; the field-by-field checks run
	// only when something is off.
	if !(inDomain(v[fWait], MaxDuration) && inDomain(v[fRuntime], MaxDuration) &&
		inDomain(v[fCPUTime], MaxDuration) && inDomain(v[fMem], MaxMemoryKB) &&
		inDomain(v[fReqTime], MaxDuration) && inDomain(v[fReqMem], MaxMemoryKB) &&
		v[fThinkTime] >= -MaxDuration && v[fThinkTime] <= MaxDuration) {
		p.checkMeasures(i, id, v)
	}
	if v[fStatus] < -1 || v[fStatus] > 5 || v[fJobID] < -1 || v[fProcs] < -1 || v[fReqProcs] < -1 ||
		v[fUser] < -1 || v[fGroup] < -1 || v[fApp] < -1 || v[fQueue] < -1 || v[fPartition] < -1 || v[fPrevJob] < -1 {
		p.checkIDs(id, v)
	}
	p.checkConsistency(id, v)

	if p.sink != nil {
		// One Job for every row: a Job a row, escaping to the heap through
		// the interface, was 144 bytes of garbage a row (1.7 GB for
		// tracelab info of 12 M rows), which the heap grew by.
		j := &p.job
		*j = Job{JobID: id, Submit: submit, Wait: measure(v[fWait]), Runtime: measure(v[fRuntime]),
			Procs: int(v[fProcs]), CPUTime: measure(v[fCPUTime]), Mem: measure(v[fMem]),
			ReqProcs: int(v[fReqProcs]), ReqTime: measure(v[fReqTime]), ReqMem: measure(v[fReqMem]),
			Status: int(v[fStatus]), User: int(v[fUser]), Group: int(v[fGroup]), App: int(v[fApp]),
			Queue: int(v[fQueue]), Partition: int(v[fPartition]), PrevJob: int(v[fPrevJob]),
			ThinkTime: measure(v[fThinkTime])}
		return p.sink.WriteJob(j)
	}
	t := p.t
	if IsPartialRecord(int(v[fStatus])) {
		p.parts = append(p.parts, partRow{i, p.line})
	}
	t.JobID[i] = id
	t.Submit[i] = submit
	t.Wait[i] = measure(v[fWait])
	t.Runtime[i] = measure(v[fRuntime])
	t.Procs[i] = int(v[fProcs])
	t.CPUTime[i] = measure(v[fCPUTime])
	t.Mem[i] = measure(v[fMem])
	t.ReqProcs[i] = int(v[fReqProcs])
	t.ReqTime[i] = measure(v[fReqTime])
	t.ReqMem[i] = measure(v[fReqMem])
	t.Status[i] = int(v[fStatus])
	t.User[i] = int(v[fUser])
	t.Group[i] = int(v[fGroup])
	t.App[i] = int(v[fApp])
	t.Queue[i] = int(v[fQueue])
	t.Partition[i] = int(v[fPartition])
	t.PrevJob[i] = int(v[fPrevJob])
	t.ThinkTime[i] = measure(v[fThinkTime])
	return nil
}

// checkID reports a job id that does not increase or that came before. A
// partial-execution record (status 2–4, IsPartialRecord) repeats its
// job's number by SWF's definition: it is counted as WarnPartialRecord,
// neither as a duplicate nor as unsorted.
//
// A row of another status whose job number came before only on partial
// records is the job's summary line, written after its parts: no
// duplicate either (partsOnly holds the numbers seen only on parts so far,
// at most one entry per partial record).
//
// The set of ids seen holds at most idLimit entries (ReadOptions.MaxRows,
// a run of consecutive ids counting as one): beyond, which a log Read
// holds cannot need, it is dropped and each further id is compared only
// with the previous row's, each such row counted in WarnIDsNotChecked, so
// that Scan's memory stays bounded whatever the order of the ids.
func (p *parser) checkID(id, status int) {
	if p.idsStopped {
		p.warn.add(WarnIDsNotChecked, "job_id", p.line, noJob, func() (string, string) { return "", "" })
		if !p.haveID || id != p.lastID {
			p.ids.reset() // only the previous row's id is kept
			p.partsOnly.in.reset()
			p.partsOnly.out.reset()
		}
	}
	seen := p.ids.add(id)
	partial := seen && IsPartialRecord(status)
	if IsPartialRecord(status) && !seen {
		p.partsOnly.in.add(id)
	}
	if !IsPartialRecord(status) && seen && p.partsOnly.has(id) {
		p.partsOnly.out.add(id) // a further row of this number is a duplicate
		partial = true
	}
	if partial {
		p.warn.add(WarnPartialRecord, "job_id", p.line, id, func() (string, string) {
			return strconv.Itoa(id), fmt.Sprintf("job id %d repeated on a partial-execution record or its job's summary line (status %d): SWF writes each part of a checkpointed or swapped job under its number (not a duplicate)", id, status)
		})
	}
	if p.haveID && id <= p.lastID && !partial {
		last := p.lastID
		p.warn.add(WarnUnsortedJobID, "", p.line, id, func() (string, string) {
			return strconv.Itoa(id), fmt.Sprintf("job id %d does not increase (after %d); rows are kept in file order", id, last)
		})
	}
	if seen && !partial {
		p.warn.add(WarnDuplicateJobID, "job_id", p.line, id, func() (string, string) {
			return strconv.Itoa(id), fmt.Sprintf("job id %d appears more than once; every row is kept", id)
		})
	}
	p.lastID, p.haveID = id, true
	if !p.idsStopped && p.ids.size()+p.partsOnly.size() > p.idLimit() {
		p.stopIDCheck(id)
	}
}

// idLimit bounds the entries of the set of job ids seen
// (ReadOptions.MaxRows, else DefaultMaxRows).
func (p *parser) idLimit() int { return cmp.Or(max(p.opts.MaxRows, 0), DefaultMaxRows) }

// stopIDCheck drops the set of job ids seen, which holds more than
// idLimit entries, keeping only id, the row's: from the next row on, an id
// is compared only with the previous row's (WarnIDsNotChecked).
func (p *parser) stopIDCheck(id int) {
	onlyParts := p.partsOnly.has(id)
	p.ids, p.partsOnly, p.idsStopped = idSet{}, partSet{}, true
	p.ids.add(id)
	if onlyParts {
		p.partsOnly.in.add(id)
	}
	limit := p.idLimit()
	p.warn.add(WarnIDsNotChecked, "job_id", p.line, noJob, func() (string, string) {
		return "", fmt.Sprintf("more than %d job ids out of order or apart to remember (the rows a trace holds, ReadOptions.MaxRows): from the next row on, a job id is compared only with the previous row's, so a repeat further back is not counted as duplicate-job-id or partial-record; the order check (unsorted-job-id) goes on", limit)
	})
}

// inDomain reports whether a measure is unknown (−1) or within [0, limit].
func inDomain(x, limit float64) bool { return (x >= 0 && x <= limit) || x == -1 }

// checkMeasures makes unknown every measure that is negative (other than
// −1) or out of range, reporting it and keeping its value in Replaced.
func (p *parser) checkMeasures(row, id int, v *[18]float64) {
	for _, f := range [...]int{fWait, fRuntime, fCPUTime, fMem, fReqTime, fReqMem} {
		if x := v[f]; !inDomain(x, measureLimit[f]) {
			v[f] = p.badMeasure(row, id, f, x)
		}
	}
	if x := v[fThinkTime]; !(x >= -MaxDuration && x <= MaxDuration) {
		v[fThinkTime] = p.badMeasure(row, id, fThinkTime, x)
	}
}

// checkIDs reports status codes outside SWF's and identifiers or counts
// below −1; they are kept as written.
func (p *parser) checkIDs(id int, v *[18]float64) {
	if st := v[fStatus]; st < -1 || st > 5 {
		p.warn.add(WarnStatusCode, "status", p.line, id, func() (string, string) {
			return fmtValue(st), fmt.Sprintf("status %s is not an SWF code (−1, 0–5; an exit code?); kept as written", fmtValue(st))
		})
	}
	for _, f := range [...]int{fJobID, fProcs, fReqProcs, fUser, fGroup, fApp, fQueue, fPartition, fPrevJob} {
		if x := v[f]; x < -1 {
			p.warn.add(WarnNegativeValue, FieldNames[f], p.line, id, func() (string, string) {
				return fmtValue(x), fmt.Sprintf("%s %s is below −1 (unknown); kept as written", FieldNames[f], fmtValue(x))
			})
		}
	}
}

// idSet is a set of job ids that costs little while ids increase, as
// they do in most logs: increasing ids are kept as runs of consecutive
// ids (an id just below a run's start or just above its end, as in a log
// whose ids decrease or fill gaps, extends it), and only the other ids
// that come out of order in a map.
type idSet struct {
	runs []idRun  // increasing and disjoint (two may be adjacent)
	more idsApart // ids not above the last run's end when added, in no run
}

// size is the number of entries: runs and ids out of order.
func (s *idSet) size() int { return len(s.runs) + s.more.len() }

// reset empties the set, keeping the runs' room.
func (s *idSet) reset() { s.runs, s.more = s.runs[:0], idsApart{} }

// partSet is the set of job numbers seen so far only on partial records:
// those first seen on a part (in), less those whose summary line came
// since (out). Both are idSets, so consecutive numbers cost one run and
// others about 8 bytes each: as a map (about 40 bytes a number), 11 M
// parts of distinct jobs held 2.5 GB when Read refused them (hostile9,
// session 18).
type partSet struct{ in, out idSet }

func (s *partSet) has(x int) bool { return s.in.has(x) && !s.out.has(x) }

// size is the number of entries of the two sets.
func (s *partSet) size() int { return s.in.size() + s.out.size() }

type idRun struct{ lo, hi int }

// add adds x and reports whether it was in the set already.
func (s *idSet) add(x int) bool {
	n := len(s.runs)
	switch {
	case n == 0 || x > s.runs[n-1].hi+1:
		s.runs = append(s.runs, idRun{x, x})
		return false
	case x == s.runs[n-1].hi+1:
		s.runs[n-1].hi = x
		return false
	}
	// x is not above every id of the runs: it may be among them, or among
	// the ids added out of order (never above a run's end).
	k := sort.Search(n, func(k int) bool { return s.runs[k].hi >= x })
	if k < n && s.runs[k].lo <= x {
		return true
	}
	if s.more.has(x) {
		return true
	}
	// x lies between runs k−1 and k (k < n, as x is below the last end).
	if x == s.runs[k].lo-1 {
		s.runs[k].lo = x
		return false
	}
	if k > 0 && x == s.runs[k-1].hi+1 {
		s.runs[k-1].hi = x
		return false
	}
	s.more.add(x)
	return false
}

// has reports whether x is in the set.
func (s *idSet) has(x int) bool {
	n := len(s.runs)
	k := sort.Search(n, func(k int) bool { return s.runs[k].hi >= x })
	if k < n && s.runs[k].lo <= x {
		return true
	}
	return s.more.has(x)
}

// minBatch is the least number of ids an idsApart gathers in its map
// before merging them into its sorted slice.
const minBatch = 1 << 16

// idsApart is a set of ids held in 8 bytes each, about: a sorted slice,
// and a map of the ids added since its last merge, merged into the slice
// when it holds minBatch ids or a sixteenth of the slice (so the merges
// copy each id about 16 times in all). A map of every id cost about 65
// bytes an id: tracelab info of 12 M decreasing job ids held two sets of
// 10 M, the parser's and the summary's, 1.9 GB (hostile7, session 17).
type idsApart struct {
	sorted []int
	recent map[int]struct{}
}

func (s *idsApart) len() int { return len(s.sorted) + len(s.recent) }

func (s *idsApart) has(x int) bool {
	if _, ok := s.recent[x]; ok {
		return true
	}
	_, ok := slices.BinarySearch(s.sorted, x)
	return ok
}

// add adds x, which is not in the set.
func (s *idsApart) add(x int) {
	if s.recent == nil {
		s.recent = make(map[int]struct{})
	}
	s.recent[x] = struct{}{}
	if len(s.recent) < max(minBatch, len(s.sorted)/16) {
		return
	}
	batch := make([]int, 0, len(s.recent))
	for y := range s.recent {
		batch = append(batch, y)
	}
	slices.Sort(batch)
	clear(s.recent)
	// Merge from the back, in place: the slice grows by the batch.
	n := len(s.sorted)
	s.sorted = slices.Grow(s.sorted, len(batch))[:n+len(batch)]
	i, j := n-1, len(batch)-1
	for k := len(s.sorted) - 1; j >= 0; k-- {
		if i >= 0 && s.sorted[i] > batch[j] {
			s.sorted[k] = s.sorted[i]
			i--
		} else {
			s.sorted[k] = batch[j]
			j--
		}
	}
}

// replaced lists a value the trace does not hold as written, up to
// MaxReplaced of them; the others are counted.
func (p *parser) replaced(v ReplacedValue) {
	if len(p.report.Replaced) < MaxReplaced {
		p.report.Replaced = append(p.report.Replaced, v)
	} else {
		p.report.ReplacedNotListed++
	}
}

// badMeasure reports a measure outside its domain and returns the value to
// store: −1 (unknown).
func (p *parser) badMeasure(row, id, f int, x float64) float64 {
	kind, what := WarnOutOfRange, "above 100 years"
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0):
		what = "not a finite number"
	case f == fThinkTime:
		what = "beyond ±100 years"
	case x < 0:
		kind, what = WarnNegativeValue, "negative"
	case f == fMem || f == fReqMem:
		what = "above 2^53 KB"
	}
	p.warn.add(kind, FieldNames[f], p.line, id, func() (string, string) {
		return fmtValue(x), fmt.Sprintf("%s %s is %s: kept as unknown (the value is in the report's Replaced list)", FieldNames[f], fmtValue(x), what)
	})
	p.replaced(ReplacedValue{Row: row, Line: p.line, JobID: id, Field: FieldNames[f], Value: x})
	return -1
}

// checkConsistency reports values that contradict each other or the header
// (Feitelson, Tsafrir and Krakov 2014, sec. 3.2): they are kept.
func (p *parser) checkConsistency(id int, v *[18]float64) {
	if v[fProcs] == 0 {
		p.warn.add(WarnZeroProcs, "procs", p.line, id, func() (string, string) {
			return "0", fmt.Sprintf("job %d has 0 allocated processors; kept", id)
		})
	}
	run, cpu := v[fRuntime], v[fCPUTime]
	if CPUExceedsRuntime(cpu, run) {
		p.warn.add(WarnCPUExceedsRuntime, "cpu_time", p.line, id, func() (string, string) {
			return fmtValue(cpu), fmt.Sprintf("average CPU time %s s per processor exceeds the run time %s s (by more than 1%% and 60 s); kept", fmtValue(cpu), fmtValue(run))
		})
	}
	if m := float64(p.machine); m > 0 {
		for _, f := range [...]int{fProcs, fReqProcs} {
			if x := v[f]; x > m {
				p.warn.add(WarnExceedsMachine, FieldNames[f], p.line, id, func() (string, string) {
					return fmtValue(x), fmt.Sprintf("%s %s exceeds the machine's %d processors (header); kept", FieldNames[f], fmtValue(x), p.machine)
				})
			}
		}
	}
	if p.maxRun > 0 {
		for _, f := range [...]int{fRuntime, fReqTime} {
			if x := v[f]; x > p.maxRun {
				p.warn.add(WarnExceedsLimit, FieldNames[f], p.line, id, func() (string, string) {
					return fmtValue(x), fmt.Sprintf("%s %s s exceeds the header's MaxRuntime %s s; kept", FieldNames[f], fmtValue(x), fmtValue(p.maxRun))
				})
			}
		}
	}
	if p.maxMem > 0 {
		for _, f := range [...]int{fMem, fReqMem} {
			if x := v[f]; x > p.maxMem {
				p.warn.add(WarnExceedsLimit, FieldNames[f], p.line, id, func() (string, string) {
					return fmtValue(x), fmt.Sprintf("%s %s KB exceeds the header's MaxMemory %s KB; kept", FieldNames[f], fmtValue(x), fmtValue(p.maxMem))
				})
			}
		}
	}
}

// fmtValue writes a value read from a log in messages and warnings: a
// whole number below 10^21 in full, as a log writes it (99999999999, where
// %g wrote 9.9999999999e+10), any other in the shortest form that reads
// back the same (1.5, 1e+300, NaN).
func fmtValue(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e21 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// measure maps SWF's −1 (unknown) to NaN.
func measure(x float64) float64 {
	if x == -1 {
		return math.NaN()
	}
	return x
}

func (p *parser) finish() (*Trace, error) {
	if err := p.noJobs(); err != nil {
		return nil, err
	}
	t := p.t
	if c := len(t.JobID); c-p.n > p.n/8 && c-p.n > firstRows {
		// More room than rows: give the excess back, one column at a time.
		p.trim()
	} else {
		p.truncate()
	}
	if len(p.parts) > 0 {
		t = p.partialRecords()
	}
	t.Report = p.finalReport()
	return t, nil
}

// The messages of the warnings on partial-execution records (Read's and
// the Summary's).
const (
	msgPartialNoSummary = "a partial-execution record (status 2–4) of a job without a summary line (a row of that job number with status 0, 1 or 5): kept; each such part counts as a job"
	msgPartialKept      = "a partial-execution record (status 2–4) of a job that has a summary line: kept (ReadOptions.KeepPartialRecords); the job counts once for its summary line and once more for each part"
	msgPartialLeftOut   = "a partial-execution record (status 2–4) of a job that has a summary line: left out, so that the job counts once (ReadOptions.KeepPartialRecords keeps it)"
)

// partialRecords warns about the partial-execution records (status 2–4)
// of the trace read, and leaves out, unless ReadOptions.KeepPartialRecords
// is set, those whose job has a summary line: a row of the same job number
// with another status (see "Partial executions" in the package
// documentation). Parts of a job without a summary line are kept, each a
// row, and warned about: the job's own data is nowhere else. Row numbers
// in Replaced and Unreadable follow the rows kept (−1 for a row left out).
func (p *parser) partialRecords() *Trace {
	t := p.t
	partIDs := make(map[int]bool, len(p.parts))
	for _, pr := range p.parts {
		partIDs[t.JobID[pr.row]] = false
	}
	for i, id := range t.JobID {
		if _, ok := partIDs[id]; ok && !IsPartialRecord(t.Status[i]) {
			partIDs[id] = true // has a summary line
		}
	}
	drop := make([]bool, len(t.JobID))
	dropped := 0
	for _, pr := range p.parts {
		id := t.JobID[pr.row]
		if !partIDs[id] {
			p.warn.add(WarnPartialNoSummary, "status", pr.line, id, func() (string, string) {
				return strconv.Itoa(t.Status[pr.row]), msgPartialNoSummary
			})
			continue
		}
		if p.opts.KeepPartialRecords {
			p.warn.add(WarnPartialKept, "status", pr.line, id, func() (string, string) {
				return strconv.Itoa(t.Status[pr.row]), msgPartialKept
			})
			continue
		}
		p.warn.add(WarnPartialLeftOut, "status", pr.line, id, func() (string, string) {
			return strconv.Itoa(t.Status[pr.row]), msgPartialLeftOut
		})
		drop[pr.row] = true
		dropped++
	}
	if dropped == 0 {
		return t
	}
	newRow := make([]int, len(t.JobID))
	idx := make([]int, 0, len(t.JobID)-dropped)
	for i := range t.JobID {
		if drop[i] {
			newRow[i] = -1
			continue
		}
		newRow[i] = len(idx)
		idx = append(idx, i)
	}
	for k := range p.report.Replaced {
		if r := p.report.Replaced[k].Row; r >= 0 {
			p.report.Replaced[k].Row = newRow[r]
		}
	}
	for k := range p.report.Unreadable {
		if r := p.report.Unreadable[k].Row; r >= 0 {
			p.report.Unreadable[k].Row = newRow[r]
		}
	}
	s := t.Select(idx)
	s.Name = t.Name
	p.t, p.n = s, len(idx)
	p.report.PartialRecordsSkipped = dropped
	return s
}

// noJobs returns ErrNoJobs, saying why, when no job was read.
func (p *parser) noJobs() error {
	if p.n > 0 {
		return nil
	}
	var why []string
	if k := p.report.PlaceholdersSkipped; k > 0 {
		why = append(why, fmt.Sprintf("%d rows are placeholders with submit −1", k))
	}
	if k := p.report.OutOfRangeSkipped; k > 0 {
		why = append(why, fmt.Sprintf("%d rows have submit times more than 200 years from the start (are they in milliseconds?)", k))
	}
	if k := p.report.LongLinesSkipped; k > 0 {
		why = append(why, fmt.Sprintf("%d lines longer than %d bytes left out", k, maxLine))
	}
	if k := p.report.FieldCountSkipped; k > 0 {
		why = append(why, fmt.Sprintf("%d rows have a single field, no submit time", k))
	}
	if k := p.report.UnreadableSkipped; k > 0 {
		u := p.report.Unreadable[0] // the first row's submit, as every row was left out
		for _, v := range p.report.Unreadable {
			if v.Field == "submit" {
				u = v
				break
			}
		}
		rows := fmt.Sprintf("%d rows have", k)
		if k == 1 {
			rows = "1 row has"
		}
		why = append(why, fmt.Sprintf("%s an unreadable submit time, e.g. line %d: %q is %v", rows, u.Line, clip.Runes(u.Token, 80), u.Why))
	}
	if p.format == FormatSWF && !p.inBody && p.line > 0 {
		why = append(why, fmt.Sprintf("%d lines, none of them a job: blank or comment lines only", p.line))
		if p.bareCR {
			why = append(why, crHint)
		}
	}
	if len(why) > 0 {
		return fmt.Errorf("%s: %w (%s)", p.name, ErrNoJobs, strings.Join(why, "; "))
	}
	return fmt.Errorf("%s: %w", p.name, ErrNoJobs)
}

// finalReport completes the report once the input is read.
func (p *parser) finalReport() *ReadReport {
	p.report.Lines = p.line
	p.report.Jobs = p.n
	p.report.Warnings = p.warn.list
	return &p.report
}

// truncate cuts the columns to the rows read.
func (p *parser) truncate() {
	t, n := p.t, p.n
	t.JobID, t.Submit, t.Wait, t.Runtime = t.JobID[:n], t.Submit[:n], t.Wait[:n], t.Runtime[:n]
	t.Procs, t.CPUTime, t.Mem, t.ReqProcs = t.Procs[:n], t.CPUTime[:n], t.Mem[:n], t.ReqProcs[:n]
	t.ReqTime, t.ReqMem, t.Status, t.User = t.ReqTime[:n], t.ReqMem[:n], t.Status[:n], t.User[:n]
	t.Group, t.App, t.Queue, t.Partition = t.Group[:n], t.App[:n], t.Queue[:n], t.Partition[:n]
	t.PrevJob, t.ThinkTime = t.PrevJob[:n], t.ThinkTime[:n]
}

// trim copies the columns into slices of exactly the rows read.
func (p *parser) trim() {
	p.truncate()
	t := p.t
	t.JobID, t.Submit, t.Wait, t.Runtime = exactCap(t.JobID), exactCap(t.Submit), exactCap(t.Wait), exactCap(t.Runtime)
	t.Procs, t.CPUTime, t.Mem, t.ReqProcs = exactCap(t.Procs), exactCap(t.CPUTime), exactCap(t.Mem), exactCap(t.ReqProcs)
	t.ReqTime, t.ReqMem, t.Status, t.User = exactCap(t.ReqTime), exactCap(t.ReqMem), exactCap(t.Status), exactCap(t.User)
	t.Group, t.App, t.Queue, t.Partition = exactCap(t.Group), exactCap(t.App), exactCap(t.Queue), exactCap(t.Partition)
	t.PrevJob, t.ThinkTime = exactCap(t.PrevJob), exactCap(t.ThinkTime)
}

// exactCap copies s into a slice of capacity len(s).
func exactCap[T any](s []T) []T { return append(make([]T, 0, len(s)), s...) }
