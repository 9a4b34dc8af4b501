package datasets

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestParquetDamagedPages: damaged pages that made parquet-go v0.25.1 loop
// for ever (definition levels counting more values than the page holds:
// optionalPageValues.ReadValues) or panic (a nil dereference in
// decodeDataPage) are ErrBadParquet naming the row and column. The files
// are tracelab's Parquet of 3 and 300 jobs (parquetBytes, hostileParquet)
// with one to four bytes changed at random (math/rand/v2 PCG(1, 2), a
// throw-away harness of session 15, 150,000 mutated files in 40 s, which
// found them after FuzzReadParquet stalled at 40 execs in 60 s).
func TestParquetDamagedPages(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"levels-beyond-values.parquet", "hang-2.parquet", "page-panics.parquet"} {
		data, err := os.ReadFile(filepath.Join("testdata", "parquet", name))
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			_, err := Read(bytes.NewReader(data), ReadOptions{Name: name})
			done <- err
		}()
		select {
		case err := <-done:
			var pe *ParseError
			if !errors.Is(err, ErrBadParquet) || !errors.As(err, &pe) || pe.Line < 1 || pe.Field == "" {
				t.Errorf("%s: %v, want ErrBadParquet naming a row and a column", name, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: Read still running after 20 s", name)
		}
	}
}
