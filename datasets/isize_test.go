package datasets

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestForgedGzipSizeNotBelieved: the size a gzip file's trailer announces
// (ISIZE) sizes the columns Read reserves, but a forged one is believed
// only up to 8 times what the compression ratio seen so far gives. Before
// session 20 a 98 KB file of 20,000 short rows whose trailer claimed
// 4 GiB made Read reserve DefaultMaxRows rows (1.43 GB of peak memory for
// tracelab simulate) before its checksum failed at the end; the reader
// now allocates a few MB. Not parallel: it reads the process's allocation
// count.
func TestForgedGzipSizeNotBelieved(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 20000; i++ {
		fmt.Fprintf(&b, "%d %d 1 1 1 1 -1 1 1 -1 1 1 1 1 1 1 -1 -1\n", i, i)
	}
	data := gz(b.String())
	honest := filepath.Join(t.TempDir(), "honest.swf.gz")
	forged := filepath.Join(t.TempDir(), "forged.swf.gz")
	if err := os.WriteFile(honest, data, 0o644); err != nil {
		t.Fatal(err)
	}
	data[len(data)-4], data[len(data)-3], data[len(data)-2], data[len(data)-1] = 0x00, 0xff, 0xff, 0xff // ISIZE 4 GiB − 256
	if err := os.WriteFile(forged, data, 0o644); err != nil {
		t.Fatal(err)
	}
	allocated := func(path string) (uint64, *Trace, error) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		tr, err := ReadFile(path, ReadOptions{})
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc, tr, err
	}
	n, tr, err := allocated(honest)
	if err != nil || tr.Len() != 20000 || cap(tr.JobID) > 40000 {
		t.Fatalf("the honest file: %v, %d jobs, room for %d", err, tr.Len(), cap(tr.JobID))
	}
	m, _, err := allocated(forged)
	if !errors.Is(err, ErrBadGzip) {
		t.Errorf("the forged file: %v, want ErrBadGzip (the checksum)", err)
	}
	if m > 64<<20 {
		t.Errorf("reading the forged file allocated %d MB (the honest one %d MB), want under 64 MB", m>>20, n>>20)
	}
	t.Logf("allocated: honest %.1f MB, forged %.1f MB", float64(n)/(1<<20), float64(m)/(1<<20))
}
