package datasets

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bzip2Log is the log compressed in testdata/bzip2 (by bzip2 1.0.8:
// log.swf.bz2 is `bzip2 -c` of it; two-streams.swf.bz2 is the `bzip2 -c`
// of its lines up to the first newline after its middle byte, followed by
// that of the rest, as pbzip2 writes a file in independent streams).
func bzip2Log() string {
	var b strings.Builder
	b.WriteString("; Version: 2.2\n; MaxProcs: 128\n")
	for i := range 500 {
		fmt.Fprintf(&b, "%d %d 10 100 4 90 -1 4 200 -1 1 %d 1 7 1 1 -1 -1\n", i+1, i*37, i%50)
	}
	return b.String()
}

// TestBzip2: a log compressed with bzip2 reads as the same log plain
// (session 14; it was ErrCompression), from a file and from a stream,
// concatenated streams too; a broken one is ErrBadBzip2, never a log of
// garbage.
func TestBzip2(t *testing.T) {
	t.Parallel()
	want, err := Read(strings.NewReader(bzip2Log()), ReadOptions{Name: "log"})
	if err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(filepath.Join("testdata", "bzip2", "log.swf.bz2"))
	if err != nil {
		t.Fatal(err)
	}
	flipped := bytes.Clone(whole)
	flipped[len(flipped)/2] ^= 0x55
	readCompressed(t, ".swf.bz2", want, []compressedCase{
		{"one stream", whole, nil},
		{"two streams", func() []byte {
			b, err := os.ReadFile(filepath.Join("testdata", "bzip2", "two-streams.swf.bz2"))
			if err != nil {
				t.Fatal(err)
			}
			return b
		}(), nil},
		{"truncated", whole[:len(whole)/2], ErrBadBzip2},
		{"a byte damaged", flipped, ErrBadBzip2},
		{"only the magic", []byte("BZh9"), ErrBadBzip2},
	})
	// Decompressed, for the readers of other text formats, takes bzip2 too.
	r, err := Decompressed(bytes.NewReader(whole))
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if _, err := got.ReadFrom(r); err != nil || got.String() != bzip2Log() {
		t.Errorf("Decompressed: %d bytes, error %v; want the log", got.Len(), err)
	}
	r, err = Decompressed(bytes.NewReader(whole[:len(whole)/2]))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := new(bytes.Buffer).ReadFrom(r); !errors.Is(err, ErrBadBzip2) {
		t.Errorf("Decompressed, truncated: error %v, want %v", err, ErrBadBzip2)
	}
}

// TestLoadBzip2ByName: a catalog log kept in a data folder compressed with
// bzip2 (NAME.swf.bz2, beside NAME.swf.gz and NAME.swf) is found by its
// name.
func TestLoadBzip2ByName(t *testing.T) {
	t.Parallel()
	whole, err := os.ReadFile(filepath.Join("testdata", "bzip2", "log.swf.bz2"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	e, err := Lookup("KTH-SP2")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, strings.TrimSuffix(e.File, ".gz")+".bz2")
	if err := os.WriteFile(p, whole, 0o644); err != nil {
		t.Fatal(err)
	}
	l := &Loader{DataDir: dir}
	got, err := l.Path("KTH-SP2")
	if err != nil || got != p {
		t.Fatalf("path %q, error %v; want %q", got, err, p)
	}
	tr, err := l.Load("KTH-SP2")
	if err != nil || tr.Len() != 500 {
		t.Fatalf("load: %v, error %v; want the 500 jobs of the file", tr, err)
	}
}

// compressedCase is a compressed log and the error reading it must give
// (nil: bzip2Log's log).
type compressedCase struct {
	name string
	data []byte
	err  error
}

// readCompressed reads each case from a file N+ext and from a stream, and
// checks that it gives the error, or want with its machine and no warning.
func readCompressed(t *testing.T, ext string, want *Trace, tests []compressedCase) {
	t.Helper()
	dir := t.TempDir()
	for i, tc := range tests {
		path := filepath.Join(dir, fmt.Sprint(i)+ext)
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, from := range []string{"file", "stream"} {
			t.Run(tc.name+"/"+from, func(t *testing.T) {
				var tr *Trace
				var err error
				if from == "file" {
					tr, err = ReadFile(path, ReadOptions{})
				} else {
					tr, err = Read(bytes.NewBuffer(tc.data), ReadOptions{Name: "s" + ext})
				}
				if tc.err != nil {
					if !errors.Is(err, tc.err) {
						t.Fatalf("error %v, want %v", err, tc.err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				equalTraces(t, want, tr)
				if tr.Machine().Procs != 128 || len(tr.Report.Warnings) != 0 {
					t.Errorf("machine %v, warnings %v; want 128 processors, no warning", tr.Machine(), tr.Report.Warnings)
				}
				if from == "file" && tr.Name != fmt.Sprint(i) {
					t.Errorf("name %q, want %q (LogName strips %s)", tr.Name, fmt.Sprint(i), ext)
				}
			})
		}
	}
}
