package datasets

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// parquetBytes returns the sample (its first n jobs) as tracelab's Parquet.
func parquetBytes(t testing.TB, n int) []byte {
	t.Helper()
	tr := Sample()
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	tr = tr.Select(idx)
	var b bytes.Buffer
	w := NewParquetWriter(&b)
	if err := WriteTrace(w, tr); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// splitParquet returns a file's data (from the start to the footer) and
// its decoded footer.
func splitParquet(t testing.TB, file []byte) ([]byte, format.FileMetaData) {
	t.Helper()
	n := int(binary.LittleEndian.Uint32(file[len(file)-8:]))
	var meta format.FileMetaData
	if err := thrift.Unmarshal(new(thrift.CompactProtocol), file[len(file)-8-n:len(file)-8], &meta); err != nil {
		t.Fatal(err)
	}
	return file[:len(file)-8-n], meta
}

// joinParquet writes data and footer back into a file.
func joinParquet(t testing.TB, data []byte, meta format.FileMetaData) []byte {
	t.Helper()
	footer, err := thrift.Marshal(new(thrift.CompactProtocol), &meta)
	if err != nil {
		t.Fatal(err)
	}
	out := append(bytes.Clone(data), footer...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(footer)))
	return append(out, parquetMagic...)
}

// editFooter returns file with its footer edited.
func editFooter(t testing.TB, file []byte, edit func(*format.FileMetaData)) []byte {
	data, meta := splitParquet(t, file)
	edit(&meta)
	return joinParquet(t, data, meta)
}

// editFirstPage returns file with the header of its first page edited;
// the offsets of the column chunks after it move with it.
func editFirstPage(t testing.TB, file []byte, edit func(*format.PageHeader)) []byte {
	t.Helper()
	data, meta := splitParquet(t, file)
	h, n, err := readPageHeader(bytes.NewReader(data), 4, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	edit(h)
	hb, err := thrift.Marshal(new(thrift.CompactProtocol), h)
	if err != nil {
		t.Fatal(err)
	}
	shift := int64(len(hb) - n)
	out := append(append(bytes.Clone(data[:4]), hb...), data[4+n:]...)
	for g := range meta.RowGroups {
		for c := range meta.RowGroups[g].Columns {
			m := &meta.RowGroups[g].Columns[c].MetaData
			if m.DataPageOffset > 4 {
				m.DataPageOffset += shift
			} else {
				m.TotalCompressedSize += shift
			}
			if m.DictionaryPageOffset > 4 {
				m.DictionaryPageOffset += shift
			}
		}
	}
	return joinParquet(t, out, meta)
}

// hostileParquet lists Parquet files whose numbers claim more than the
// file holds (issue 25, class 1: a 7 KB file whose footer says NumRows −5
// panicked in makeslice; 2^31 ran out of memory). Each must be a clear
// error (ErrBadParquet) before anything is allocated by the claim.
func hostileParquet(t testing.TB) map[string][]byte {
	good := parquetBytes(t, 200)
	cut := func(n int) []byte { return good[:n] }
	footer := func(edit func(*format.FileMetaData)) []byte { return editFooter(t, good, edit) }
	page := func(edit func(*format.PageHeader)) []byte { return editFirstPage(t, good, edit) }
	lying := bytes.Clone(good)
	binary.LittleEndian.PutUint32(lying[len(lying)-8:], math.MaxUint32)
	return map[string][]byte{
		"NumRows −5":                   footer(func(m *format.FileMetaData) { m.NumRows = -5 }),
		"NumRows 2^31":                 footer(func(m *format.FileMetaData) { m.NumRows = 1 << 31 }),
		"row group of 2^40 rows":       footer(func(m *format.FileMetaData) { m.NumRows, m.RowGroups[0].NumRows = 1<<40, 1<<40 }),
		"row group of −1 rows":         footer(func(m *format.FileMetaData) { m.RowGroups[0].NumRows = -1 }),
		"group of −1 children":         footer(func(m *format.FileMetaData) { m.Schema[0].NumChildren = -1 }),
		"group of 2^30 children":       footer(func(m *format.FileMetaData) { m.Schema[0].NumChildren = 1 << 30 }),
		"values of 2^30 bytes":         footer(func(m *format.FileMetaData) { v := int32(1 << 30); m.Schema[1].TypeLength = &v }),
		"chunk of 2^40 bytes":          footer(func(m *format.FileMetaData) { m.RowGroups[0].Columns[0].MetaData.TotalCompressedSize = 1 << 40 }),
		"chunk beyond the end":         footer(func(m *format.FileMetaData) { m.RowGroups[0].Columns[0].MetaData.DataPageOffset = 1 << 40 }),
		"chunk claiming 2^40 values":   footer(func(m *format.FileMetaData) { m.RowGroups[0].Columns[0].MetaData.NumValues = 1 << 40 }),
		"missing column chunk":         footer(func(m *format.FileMetaData) { m.RowGroups[0].Columns = m.RowGroups[0].Columns[1:] }),
		"gzip pages":                   footer(func(m *format.FileMetaData) { m.RowGroups[0].Columns[0].MetaData.Codec = format.Gzip }),
		"page of 2 GB uncompressed":    page(func(h *format.PageHeader) { h.UncompressedPageSize = math.MaxInt32 }),
		"page of −1 bytes":             page(func(h *format.PageHeader) { h.CompressedPageSize = -1 }),
		"page of 2^30 values":          page(func(h *format.PageHeader) { h.DataPageHeaderV2.NumValues = 1 << 30 }),
		"page smaller than it unpacks": page(func(h *format.PageHeader) { h.UncompressedPageSize = 3 }),
		"footer length 4 GiB":          lying,
		"cut in half":                  cut(len(good) / 2),
		"magic only":                   []byte("PAR1"),
		"magic at both ends":           []byte("PAR1\x00\x00\x00\x00PAR1"),
	}
}

// TestHostileParquet: every hostile file is an ErrBadParquet naming the
// file, read in this process (the checks come before any allocation).
func TestHostileParquet(t *testing.T) {
	t.Parallel()
	if _, err := Read(bytes.NewReader(parquetBytes(t, 200)), ReadOptions{}); err != nil {
		t.Fatalf("the unedited file: %v", err)
	}
	for name, b := range hostileParquet(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := Read(bytes.NewReader(b), ReadOptions{Name: "h.parquet"})
			if !errors.Is(err, ErrBadParquet) || !strings.HasPrefix(err.Error(), "h.parquet") {
				t.Errorf("error %v, want ErrBadParquet naming the file", err)
			}
			// A footer claiming more rows than a frame holds is refused
			// for that before any row is read (ErrFrameTooLarge).
			if _, err := ReadParquet(bytes.NewReader(b), int64(len(b))); !errors.Is(err, ErrBadParquet) && !errors.Is(err, ErrFrameTooLarge) {
				t.Errorf("ReadParquet: error %v, want ErrBadParquet or ErrFrameTooLarge", err)
			}
		})
	}
}

// TestHostileParquetMemory reads the hostile files that claim the most
// (2^31 and 2^40 rows, 2 GB pages) in a process limited to 256 MB of data:
// clear errors, no crash, peak RSS under 64 MB.
func TestHostileParquetMemory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, b := range hostileParquet(t) {
		if !strings.Contains(name, "2^") && !strings.Contains(name, "2 GB") {
			continue
		}
		p := filepath.Join(dir, strings.NewReplacer(" ", "_", "^", "", "/", "_").Replace(name)+".parquet")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		r := runHelper(t, "read", 256<<20, time.Minute, p)
		if !bytes.Contains(r.Stdout, []byte("broken Parquet file")) || r.MaxRSS > 64<<20 {
			t.Errorf("%s: output %q, peak RSS %d MB", name, r.Stdout, r.MaxRSS>>20)
		}
	}
}

// TestParquetNulls: a frame's missing integers are written as nulls and
// read back as unknown; other tools' columns (FLOAT, INT32) are read.
func TestParquetNulls(t *testing.T) {
	t.Parallel()
	user := series.New([]int{3, 4}, series.Int, "user")
	user.Elem(1).Set(nil)
	df := dataframe.New(series.New([]int{1, 2}, series.Int, "job_id"), series.New([]float64{0, 5}, series.Float, "submit"), user)
	var b bytes.Buffer
	if err := WriteParquet(&b, df); err != nil {
		t.Fatal(err)
	}
	tr, err := Read(bytes.NewReader(b.Bytes()), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() != 2 || tr.User[0] != 3 || tr.User[1] != -1 || tr.Submit[1] != 5 {
		t.Errorf("jobs %+v %+v", tr.Job(0), tr.Job(1))
	}
}

// FuzzReadParquet: no Parquet input makes the reader panic or allocate by
// a claim the file cannot back; an accepted file reads back the same after
// a round trip.
func FuzzReadParquet(f *testing.F) {
	f.Add(parquetBytes(f, 3))
	f.Add(parquetBytes(f, 300))
	for _, b := range hostileParquet(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzRoundTrip(t, data, FormatParquet)
	})
}

// fuzzRoundTrip reads data; when it is accepted, checks the trace and
// writes it in format f, which must read back the same.
func fuzzRoundTrip(t *testing.T, data []byte, f Format) {
	a, err := Read(bytes.NewReader(data), ReadOptions{})
	if err != nil {
		var pe *ParseError
		// A broken compressed stream is named by its kind (ErrBadZstd and
		// ErrBadBzip2 too: "(\xb5/\xfd", zstd's magic alone, found by
		// FuzzReadParquet in session 20).
		if !errorsAs(err, &pe) && !errors.Is(err, ErrNoJobs) && !errors.Is(err, ErrBadGzip) && !errors.Is(err, ErrBadZstd) &&
			!errors.Is(err, ErrBadBzip2) && !errors.Is(err, ErrCompression) && !errors.Is(err, ErrNotSWF) {
			t.Fatalf("an error that names no line: %v", err)
		}
		// A JSON log's error names a line from 1: before its first job
		// the line of the file (it said line 0).
		if js := bytes.TrimLeft(data, " \t\r\n"); f == FormatJSON && pe != nil && pe.Line < 1 && len(js) > 0 && (js[0] == '[' || js[0] == '{') {
			t.Fatalf("line %d: %v", pe.Line, err)
		}
		return
	}
	checkRanges(t, a)
	var buf bytes.Buffer
	w, _ := NewWriter(&buf, f)
	if err := WriteTrace(w, a); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := Read(bytes.NewReader(buf.Bytes()), ReadOptions{})
	if err != nil {
		t.Fatalf("re-read failed: %v\n%.2000s", err, buf.String())
	}
	equalTraces(t, a, b)
	if fmt.Sprint(a.Header) != fmt.Sprint(b.Header) {
		t.Fatalf("header changed:\n%#v\n%#v", a.Header, b.Header)
	}
}
