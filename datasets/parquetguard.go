package datasets

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
)

// ErrBadParquet is the error of a Parquet file whose structure is broken
// or claims more than the file can hold.
var ErrBadParquet = errors.New("broken Parquet file")

// openParquet opens a Parquet file for reading after checking what
// parquet-go would allocate by: the footer's length against the file's.
func openParquet(r io.ReaderAt, size int64) (*parquet.File, error) {
	if size < 12 {
		return nil, fmt.Errorf("%w: %d bytes, shorter than the magic numbers and the footer's length", ErrBadParquet, size)
	}
	var tail [8]byte
	if _, err := r.ReadAt(tail[:], size-8); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadParquet, err)
	}
	if string(tail[4:]) != parquetMagic {
		return nil, fmt.Errorf("%w: no PAR1 at the end (a truncated file?)", ErrBadParquet)
	}
	if n := int64(binary.LittleEndian.Uint32(tail[:4])); n > size-12 {
		return nil, fmt.Errorf("%w: the footer claims %d bytes of a %d-byte file", ErrBadParquet, n, size)
	}
	f, err := parquet.OpenFile(r, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadParquet, err)
	}
	return f, nil
}
