package datasets

import (
	"bytes"
	"errors"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// TestReadParquetBounded: a frame's Parquet file is refused before its rows
// are read when it holds more cells (rows × columns) than maxFrameCells:
// Parquet compresses repeated values to almost nothing (718 KB held 40
// million rows of 6 columns, and "tracelab sweep merge" of it died out of
// memory at 2 GB; measured with main's binary). A file within the bound is
// read whole.
func TestReadParquetBounded(t *testing.T) {
	old := maxFrameCells
	t.Cleanup(func() { maxFrameCells = old })
	frame := func(rows, cols int) []byte {
		var ss []series.Series
		for c := range cols {
			ss = append(ss, series.New(make([]int, rows), series.Int, string(rune('a'+c))))
		}
		var b bytes.Buffer
		if err := WriteParquet(&b, dataframe.New(ss...)); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	for _, tc := range []struct {
		name        string
		rows, cols  int
		cells       int64
		wantRefused bool
	}{
		{"within the bound", 3000, 3, 9000, false},
		{"more cells", 3000, 3, 8999, true},
		{"more rows of one column", 10_000, 1, 9999, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			maxFrameCells = tc.cells
			b := frame(tc.rows, tc.cols)
			df, err := ReadParquet(bytes.NewReader(b), int64(len(b)))
			switch {
			case tc.wantRefused && !errors.Is(err, ErrFrameTooLarge):
				t.Errorf("error %v, want ErrFrameTooLarge", err)
			case !tc.wantRefused && (err != nil || df.Nrow() != tc.rows || df.Ncol() != tc.cols):
				t.Errorf("%d×%d, %v; want %d×%d", df.Nrow(), df.Ncol(), err, tc.rows, tc.cols)
			}
		})
	}
}
