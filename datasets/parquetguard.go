package datasets

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// ErrBadParquet is the error of a Parquet file whose structure is broken
// or claims more than the file can hold.
var ErrBadParquet = errors.New("broken Parquet file")

// Bounds of what a Parquet file may claim, checked before parquet-go
// allocates by it (its decoder sizes slices from the file's numbers: a
// footer of −5 rows, a list of 2^31 elements, a page of 2 GB).
const (
	parquetMaxFooter     = 64 << 20 // footer bytes
	parquetMaxElements   = 1 << 20  // list elements in the footer (column chunks, schema nodes)
	parquetMaxPageBytes  = 64 << 20 // uncompressed bytes of a page
	parquetMaxPageValues = 1 << 22  // values of a page (a dictionary's included)
	parquetMaxDepth      = 64       // nesting of thrift structures
)

// openParquet opens a Parquet file after checking its structure against
// what the file can hold (checkParquet), so that parquet-go never sizes an
// allocation by a number the data cannot back.
func openParquet(r io.ReaderAt, size int64) (*parquet.File, error) {
	if err := checkParquet(r, size); err != nil {
		return nil, err
	}
	f, err := parquet.OpenFile(r, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadParquet, err)
	}
	return f, nil
}

func badParquet(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadParquet, fmt.Sprintf(format, args...))
}

// checkParquet checks a Parquet file's footer and the header of every page:
// lengths and counts within the bytes that hold them, the schema a tree, a
// column chunk per leaf in every row group, row counts that add up, chunks
// and pages inside the file, pages of at most parquetMaxPageBytes and
// parquetMaxPageValues.
func checkParquet(r io.ReaderAt, size int64) error {
	if size < 12 {
		return badParquet("%d bytes, shorter than the magic numbers and the footer's length", size)
	}
	var tail [8]byte
	if _, err := r.ReadAt(tail[:], size-8); err != nil {
		return badParquet("%v", err)
	}
	if string(tail[4:]) != parquetMagic {
		return badParquet("no PAR1 at the end (a truncated file?)")
	}
	n := int64(binary.LittleEndian.Uint32(tail[:4]))
	if n > size-12 || n > parquetMaxFooter {
		return badParquet("the footer claims %d bytes of a %d-byte file", n, size)
	}
	footer := make([]byte, n)
	if _, err := r.ReadAt(footer, size-8-n); err != nil {
		return badParquet("reading the footer: %v", err)
	}
	elements := 0
	if used, err := walkThriftStruct(footer, 0, 0, &elements); err != nil {
		return badParquet("footer: %v", err)
	} else if used != len(footer) {
		return badParquet("footer: %d bytes after its end", len(footer)-used)
	}
	var meta format.FileMetaData
	if err := thrift.Unmarshal(new(thrift.CompactProtocol), footer, &meta); err != nil {
		return badParquet("footer: %v", err)
	}
	leaves, err := checkSchema(meta.Schema)
	if err != nil {
		return err
	}
	if meta.NumRows < 0 {
		return badParquet("the footer claims %d rows", meta.NumRows)
	}
	dataEnd := size - 8 - n
	guard := parquetGuard{r: r}
	defer guard.close()
	var rows int64
	for g, rg := range meta.RowGroups {
		if rg.NumRows < 0 || rg.NumRows > meta.NumRows-rows {
			return badParquet("row group %d claims %d rows (the file %d)", g, rg.NumRows, meta.NumRows)
		}
		rows += rg.NumRows
		if len(rg.Columns) != leaves {
			return badParquet("row group %d has %d column chunks for %d columns", g, len(rg.Columns), leaves)
		}
		for c := range rg.Columns {
			if err := guard.checkChunk(&rg.Columns[c].MetaData, dataEnd); err != nil {
				return fmt.Errorf("%w (row group %d, column %d)", err, g, c)
			}
		}
	}
	if rows != meta.NumRows {
		return badParquet("the row groups hold %d rows, the footer claims %d", rows, meta.NumRows)
	}
	return nil
}

// parquetGuard holds what checking a file's pages needs.
type parquetGuard struct {
	r    io.ReaderAt
	zstd *zstd.Decoder
	buf  []byte // the trial decoding's output
}

func (g *parquetGuard) close() {
	if g.zstd != nil {
		g.zstd.Close()
	}
}

// checkSchema checks that the schema's elements form one tree (each
// parent's children follow it) and returns the number of leaves.
func checkSchema(schema []format.SchemaElement) (int, error) {
	if len(schema) == 0 {
		return 0, badParquet("no schema")
	}
	leaves := 0
	next := 0 // the element to read
	var walk func(depth int) error
	walk = func(depth int) error {
		if next >= len(schema) {
			return badParquet("the schema's elements end inside a group")
		}
		if depth > parquetMaxDepth {
			return badParquet("the schema is nested deeper than %d", parquetMaxDepth)
		}
		e := &schema[next]
		next++
		if e.TypeLength != nil && (*e.TypeLength < 0 || *e.TypeLength > 1<<20) {
			return badParquet("column %q has values of %d bytes", e.Name, *e.TypeLength)
		}
		if e.NumChildren < 0 || int(e.NumChildren) > len(schema)-next {
			return badParquet("group %q claims %d children", e.Name, e.NumChildren)
		}
		if e.NumChildren == 0 && depth > 0 {
			leaves++
		}
		for range e.NumChildren {
			if err := walk(depth + 1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(0); err != nil {
		return 0, err
	}
	if next != len(schema) {
		return 0, badParquet("%d schema elements outside the tree", len(schema)-next)
	}
	return leaves, nil
}

// checkChunk checks a column chunk and walks the headers of its pages, as
// parquet-go reads them: from the dictionary page (or the first data page)
// over TotalCompressedSize bytes.
func (g *parquetGuard) checkChunk(m *format.ColumnMetaData, dataEnd int64) error {
	start := m.DataPageOffset
	if m.DictionaryPageOffset != 0 {
		start = m.DictionaryPageOffset
	}
	if start < 4 || m.TotalCompressedSize < 0 || m.TotalCompressedSize > dataEnd-start {
		return badParquet("a column chunk of %d bytes at %d, outside the data (%d bytes)", m.TotalCompressedSize, start, dataEnd)
	}
	switch m.Codec {
	case format.Uncompressed, format.Snappy, format.Zstd:
	default:
		return badParquet("compressed with %v: tracelab reads Parquet uncompressed or compressed with Snappy or Zstandard, whose sizes it can check before decompressing", m.Codec)
	}
	end := start + m.TotalCompressedSize
	var values int64
	for pos := start; pos < end; {
		h, n, err := readPageHeader(g.r, pos, end)
		if err != nil {
			return err
		}
		if h.CompressedPageSize < 0 || int64(h.CompressedPageSize) > end-pos-int64(n) {
			return badParquet("a page of %d bytes where %d remain", h.CompressedPageSize, end-pos-int64(n))
		}
		if h.UncompressedPageSize < 0 || h.UncompressedPageSize > parquetMaxPageBytes {
			return badParquet("a page of %d bytes uncompressed (at most %d)", h.UncompressedPageSize, parquetMaxPageBytes)
		}
		var count int32
		switch {
		case h.DataPageHeader != nil:
			count = h.DataPageHeader.NumValues
			values += int64(count)
		case h.DataPageHeaderV2 != nil:
			v2 := h.DataPageHeaderV2
			count = v2.NumValues
			values += int64(count)
			if v2.NumNulls < 0 || v2.NumNulls > count || v2.NumRows < 0 || v2.NumRows > count ||
				v2.DefinitionLevelsByteLength < 0 || v2.RepetitionLevelsByteLength < 0 ||
				int64(v2.DefinitionLevelsByteLength)+int64(v2.RepetitionLevelsByteLength) > int64(h.CompressedPageSize) {
				return badParquet("a data page (v2) with inconsistent counts")
			}
		case h.DictionaryPageHeader != nil:
			count = h.DictionaryPageHeader.NumValues
		}
		if count < 0 || count > parquetMaxPageValues {
			return badParquet("a page of %d values (at most %d)", count, parquetMaxPageValues)
		}
		if m.Codec != format.Uncompressed {
			if err := g.checkCompressed(m.Codec, h, pos+int64(n)); err != nil {
				return err
			}
		} else if h.UncompressedPageSize != h.CompressedPageSize {
			return badParquet("an uncompressed page of %d bytes claims %d", h.CompressedPageSize, h.UncompressedPageSize)
		}
		pos += int64(n) + int64(h.CompressedPageSize)
	}
	if values != m.NumValues {
		return badParquet("the pages of a column chunk hold %d values, its metadata claims %d", values, m.NumValues)
	}
	return nil
}

// readPageHeader reads the page header at pos (before end): a window of
// bytes, widened until the header fits, is checked by walkThriftStruct
// before it is decoded.
func readPageHeader(r io.ReaderAt, pos, end int64) (*format.PageHeader, int, error) {
	for window := int64(256); ; window *= 8 {
		w := min(window, end-pos)
		buf := make([]byte, w)
		if _, err := r.ReadAt(buf, pos); err != nil && err != io.EOF {
			return nil, 0, badParquet("reading a page header: %v", err)
		}
		elements := 0
		n, err := walkThriftStruct(buf, 0, 0, &elements)
		if errors.Is(err, errThriftShort) && w < end-pos && w < 1<<20 {
			continue
		}
		if err != nil {
			return nil, 0, badParquet("page header at %d: %v", pos, err)
		}
		var h format.PageHeader
		if err := thrift.Unmarshal(new(thrift.CompactProtocol), buf[:n], &h); err != nil {
			return nil, 0, badParquet("page header at %d: %v", pos, err)
		}
		return &h, n, nil
	}
}

// checkCompressed checks that a compressed page, whose data starts at
// pos, decompresses to its header's UncompressedPageSize, which parquet-go
// allocates (and its decompressors would grow their output without bound):
// the size a Snappy page declares (its decoder allocates it), the output of
// a trial decoding of a Zstandard page by a decoder limited to
// parquetMaxPageBytes (its frames need not declare their size).
func (g *parquetGuard) checkCompressed(codec format.CompressionCodec, h *format.PageHeader, pos int64) error {
	data := make([]byte, h.CompressedPageSize)
	if _, err := g.r.ReadAt(data, pos); err != nil {
		return badParquet("reading a page: %v", err)
	}
	limit := int64(h.UncompressedPageSize)
	if v2 := h.DataPageHeaderV2; v2 != nil {
		if v2.IsCompressed != nil && !*v2.IsCompressed {
			return nil
		}
		levels := int(v2.DefinitionLevelsByteLength + v2.RepetitionLevelsByteLength)
		data = data[levels:]
		limit -= int64(levels)
	}
	var size int64
	switch codec {
	case format.Snappy:
		v, n := binary.Uvarint(data)
		if n <= 0 || v > parquetMaxPageBytes {
			return badParquet("a Snappy page without a length of at most %d bytes", parquetMaxPageBytes)
		}
		size = int64(v)
	case format.Zstd:
		if g.zstd == nil {
			var err error
			g.zstd, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
				zstd.WithDecoderMaxMemory(parquetMaxPageBytes))
			if err != nil {
				return err
			}
		}
		out, err := g.zstd.DecodeAll(data, g.buf[:0])
		if err != nil {
			return badParquet("a Zstandard page: %v", err)
		}
		g.buf = out
		size = int64(len(out))
	}
	if size != limit {
		return badParquet("a page decompresses to %d bytes, its header says %d", size, limit)
	}
	return nil
}

var errThriftShort = errors.New("ends inside a value")

// Thrift compact protocol types.
const (
	tBoolTrue = 1 + iota
	tBoolFalse
	tByte
	tI16
	tI32
	tI64
	tDouble
	tBinary
	tList
	tSet
	tMap
	tStruct
)

// walkThriftStruct walks one struct of the thrift compact protocol at
// b[i:] without building it and returns the index after it: every length
// and count must fit in the bytes left (each element takes at least one),
// elements count the list, set and map elements met.
func walkThriftStruct(b []byte, i, depth int, elements *int) (int, error) {
	if depth > parquetMaxDepth {
		return 0, fmt.Errorf("structures nested deeper than %d", parquetMaxDepth)
	}
	for {
		if i >= len(b) {
			return 0, errThriftShort
		}
		h := b[i]
		i++
		if h == 0 {
			return i, nil // stop
		}
		if h>>4 == 0 { // the field id follows as a zigzag varint
			var err error
			if _, i, err = thriftVarint(b, i); err != nil {
				return 0, err
			}
		}
		var err error
		if i, err = walkThriftValue(b, i, h&0x0f, depth, elements); err != nil {
			return 0, err
		}
	}
}

// walkThriftValue walks one value of type t at b[i:].
func walkThriftValue(b []byte, i int, t byte, depth int, elements *int) (int, error) {
	switch t {
	case tBoolTrue, tBoolFalse:
		return i, nil
	case tByte:
		if i >= len(b) {
			return 0, errThriftShort
		}
		return i + 1, nil
	case tI16, tI32, tI64:
		_, i, err := thriftVarint(b, i)
		return i, err
	case tDouble:
		if len(b)-i < 8 {
			return 0, errThriftShort
		}
		return i + 8, nil
	case tBinary:
		n, i, err := thriftVarint(b, i)
		if err != nil {
			return 0, err
		}
		if n > uint64(len(b)-i) {
			return 0, errThriftShort
		}
		return i + int(n), nil
	case tList, tSet:
		if i >= len(b) {
			return 0, errThriftShort
		}
		h := b[i]
		i++
		n := uint64(h >> 4)
		if n == 0x0f {
			var err error
			if n, i, err = thriftVarint(b, i); err != nil {
				return 0, err
			}
		}
		et := h & 0x0f
		if et == tBoolTrue || et == tBoolFalse {
			et = tByte // a list's booleans take a byte each
		}
		return walkThriftElements(b, i, n, []byte{et}, depth, elements)
	case tMap:
		n, i, err := thriftVarint(b, i)
		if err != nil || n == 0 {
			return i, err
		}
		if i >= len(b) {
			return 0, errThriftShort
		}
		kt, vt := b[i]>>4, b[i]&0x0f
		return walkThriftElements(b, i+1, n, []byte{kt, vt}, depth, elements)
	case tStruct:
		return walkThriftStruct(b, i, depth+1, elements)
	}
	return 0, fmt.Errorf("unknown thrift type %d", t)
}

// walkThriftElements walks n elements, each a value of every type of ts.
func walkThriftElements(b []byte, i int, n uint64, ts []byte, depth int, elements *int) (int, error) {
	if n > uint64(len(b)-i) {
		if len(b)-i < 1<<20 && n < 1<<31 {
			return 0, errThriftShort // perhaps a wider window holds it
		}
		return 0, fmt.Errorf("a list of %d elements in %d bytes", n, len(b)-i)
	}
	*elements += int(n)
	if *elements > parquetMaxElements {
		return 0, fmt.Errorf("more than %d list elements", parquetMaxElements)
	}
	var err error
	for range n {
		for _, t := range ts {
			if i, err = walkThriftValue(b, i, t, depth+1, elements); err != nil {
				return 0, err
			}
		}
	}
	return i, nil
}

// thriftVarint reads an unsigned varint of at most 10 bytes.
func thriftVarint(b []byte, i int) (uint64, int, error) {
	v, n := binary.Uvarint(b[i:])
	switch {
	case n == 0:
		return 0, 0, errThriftShort
	case n < 0:
		return 0, 0, errors.New("a varint of more than 64 bits")
	}
	return v, i + n, nil
}
