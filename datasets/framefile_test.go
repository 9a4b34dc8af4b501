package datasets

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadFrameFileBounded: ReadFrameFile refuses a .csv or .json frame of
// more rows, cells or bytes than it holds, or with a row longer than
// maxLine, naming the file and line (the row for JSON), before holding it.
// Before: the .csv went whole through dataframe.ReadCSV and the .json
// through os.ReadFile, with no bound (a 32 MiB line allocated more than
// 32 MiB, and every row of a file past the bounds was kept). The bounds
// are lowered here (maxFrameCells, maxFrameBytes) so the files stay small;
// the memory is the bytes allocated, counted by runtime.MemStats.
func TestReadFrameFileBounded(t *testing.T) {
	oldCells, oldBytes := maxFrameCells, maxFrameBytes
	t.Cleanup(func() { maxFrameCells, maxFrameBytes = oldCells, oldBytes })
	dir := t.TempDir()
	const long = 32 << 20 // bytes of the one long row
	x := strings.Repeat("x", 198)
	for _, tc := range []struct {
		name          string
		file          string
		head          string // written once, then unit n times, then tail
		unit          string
		n             int
		tail          string
		cells, bytes  int64
		wantErr       error
		wantLine      int
		wantRows      int // when wantErr is nil
		maxAllocBytes uint64
	}{
		{"csv one row of 32 MiB", "long.csv", "a\n", "x", long, "\n", oldCells, oldBytes, ErrLineLength, 2, 0, 8 << 20},
		{"json one value of 32 MiB", "long.json", `[{"a":"`, "x", long, `"}]`, oldCells, oldBytes, ErrLineLength, 1, 0, 8 << 20},
		{"csv within the bounds", "ok.csv", "a\n", "1\n", 1000, "", 1000, oldBytes, nil, 0, 1000, 8 << 20},
		{"csv more cells", "cells.csv", "a\n", "1\n", 100_000, "", 1000, oldBytes, ErrFrameTooLarge, 1002, 0, 8 << 20},
		{"csv more bytes", "bytes.csv", "a\n", x + "\n", 1000, "", oldCells, 10_000, ErrFrameTooLarge, 52, 0, 8 << 20},
		{"json within the bounds", "ok.json", "[\n", "{\"a\":1},\n", 999, "{\"a\":1}]\n", 1000, oldBytes, nil, 0, 1000, 8 << 20},
		{"json more cells", "cells.json", "[\n", "{\"a\":1},\n", 100_000, "{\"a\":1}]\n", 1000, oldBytes, ErrFrameTooLarge, 1001, 0, 8 << 20},
		{"json log object, more cells", "log.json", "{\"swf_header\":[\";Version: 2.2\"],\"jobs\":[\n", "{\"a\":1},\n", 100_000, "{\"a\":1}]}\n", 1000, oldBytes, ErrFrameTooLarge, 1001, 0, 8 << 20},
		// A row of {"a":"x…"} and ",\n" is 208 bytes: the 49th passes 10,000.
		{"json more bytes", "bytes.json", "[\n", `{"a":"` + x + "\"},\n", 1000, "{\"a\":1}]\n", oldCells, 10_000, ErrFrameTooLarge, 49, 0, 8 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			maxFrameCells, maxFrameBytes = tc.cells, tc.bytes
			p := filepath.Join(dir, tc.file)
			writeFramePieces(t, p, tc.head, tc.unit, tc.n, tc.tail)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			df, err := ReadFrameFile(p)
			runtime.ReadMemStats(&after)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > tc.maxAllocBytes {
				t.Errorf("allocated %d bytes, want at most %d", alloc, tc.maxAllocBytes)
			}
			if tc.wantErr == nil {
				if err != nil || df.Nrow() != tc.wantRows || df.Ncol() != 1 {
					t.Errorf("%d×%d, %v; want %d×1", df.Nrow(), df.Ncol(), err, tc.wantRows)
				}
				return
			}
			var pe *ParseError
			if !errors.Is(err, tc.wantErr) || !errors.As(err, &pe) || pe.File != p || pe.Line != tc.wantLine {
				t.Errorf("error %v, want %v at %s:%d", err, tc.wantErr, p, tc.wantLine)
			}
		})
	}
}

// writeFramePieces writes head, unit n times and tail to path.
func writeFramePieces(t *testing.T, path, head, unit string, n int, tail string) {
	t.Helper()
	writeRepeated(t, path, []byte(unit), n)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(append([]byte(head), b...), tail...), 0o644); err != nil {
		t.Fatal(err)
	}
}

// FuzzReadFrame: the frame readers of ReadFrameFile never panic, and a
// frame they return holds no more rows or cells than the bounds allow.
func FuzzReadFrame(f *testing.F) {
	f.Add([]byte("a,b\n1,2\n# c\n3,4\n"), false)
	f.Add([]byte(`[{"a":1,"b":"x"},{"a":null}]`), true)
	f.Add([]byte(`{"swf_header":[";MaxProcs: 4"],"jobs":[{"job_id":1}],"x":{}}`), true)
	f.Fuzz(func(t *testing.T, b []byte, asJSON bool) {
		read := readFrameCSV
		if asJSON {
			read = readFrameJSON
		}
		df, err := read("f", strings.NewReader(string(b)))
		if err == nil && CheckFrameSize(int64(df.Nrow()), int64(df.Nrow())*int64(df.Ncol())) != nil {
			t.Errorf("%d×%d frame read", df.Nrow(), df.Ncol())
		}
	})
}

// TestReadFrameFileRefusesPipe: a named pipe named as a frame file of any
// format is refused, never waited on (before, os.Open waited for a writer
// for ever).
func TestReadFrameFileRefusesPipe(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"f.csv", "f.json", "f.parquet"} {
		p := filepath.Join(dir, name)
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		done := make(chan error, 1)
		go func() { _, err := ReadFrameFile(p); done <- err }()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s: read, want a refusal", name)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: ReadFrameFile waited on it", name)
		}
	}
}
