package datasets

import (
	"bytes"
	"compress/bzip2"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGzipStreams reads gzip files as they come from transfers and tools
// (round 2 of the hostile audit): several members (gzip -c a >> log.gz),
// an empty member, padding or garbage after a complete stream (which gzip -d
// skips with a warning; they were a "broken gzip data" error), a gzip inside
// a gzip and bzip2 inside a gzip (they were read as CSV, "bare \" in
// non-quoted-field"), and a damaged stream (it was blamed on the first line
// it garbled, "an SWF job line has 18 fields", not on the stream). Each is
// read from a file, as tracelab reads, and from a stream.
func TestGzipStreams(t *testing.T) {
	t.Parallel()
	var body strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&body, "%d %d 10 100 4 90 -1 4 200 -1 1 %d 1 7 1 1 -1 -1\n", i+1, i*37, i%50)
	}
	log := "; MaxProcs: 128\n" + body.String()
	half := strings.Index(log[len(log)/2:], "\n") + len(log)/2 + 1
	whole := gz(log)
	corrupt := bytes.Clone(whole)
	corrupt[len(corrupt)/2] ^= 0x55
	corrupt[len(corrupt)/2+1] ^= 0xaa
	bz := func() []byte { // bzip2 has no writer in the standard library
		b := []byte("BZh91AY&SY+>\xcf\x7f\x00\x00\x00\xc0\x80\x00\x10\x00@ \x00!\x00\x82\xb1w$S\x85\t\x02\xb3\xec\xf7\xf0") // Python's bz2.compress(b"x\n")
		if _, err := bzip2.NewReader(bytes.NewReader(b)).Read(make([]byte, 4)); err != nil {
			t.Fatalf("the bzip2 sample does not decompress: %v", err)
		}
		return b
	}()
	tests := []struct {
		name     string
		data     []byte
		err      error  // nil: read, 3000 jobs
		msg      string // in the error
		trailing int    // bytes in the trailing-data warning
	}{
		{"two members", append(gz(log[:half]), gz(log[half:])...), nil, "", 0},
		{"an empty member first", append(gz(""), whole...), nil, "", 0},
		{"zero padding", append(bytes.Clone(whole), make([]byte, 1000)...), nil, "", 1000},
		{"garbage appended", append(bytes.Clone(whole), "garbage after"...), nil, "", 13},
		{"gzip inside gzip", gz(string(whole)), ErrCompression, "gzip inside gzip", 0},
		{"bzip2 inside gzip", gz(string(bz)), ErrCompression, "bzip2 inside gzip", 0},
		{"damaged in the middle", corrupt, ErrBadGzip, "comes from the damaged part", 0},
		{"a second member cut short", append(bytes.Clone(whole), gz(log)[:40]...), ErrBadGzip, "", 0},
		{"checksum wrong", func() []byte { b := bytes.Clone(whole); b[len(b)-6] ^= 0xff; return b }(), ErrBadGzip, "checksum", 0},
	}
	dir := t.TempDir()
	for i, tc := range tests {
		path := filepath.Join(dir, fmt.Sprintf("%d.swf.gz", i))
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
					tr, err = Read(bytes.NewBuffer(tc.data), ReadOptions{Name: "s.swf.gz"})
				}
				if tc.err != nil {
					if !errors.Is(err, tc.err) || !strings.Contains(fmt.Sprint(err), tc.msg) {
						t.Fatalf("error %v, want %v with %q", err, tc.err, tc.msg)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if tr.Len() != 3000 || tr.Machine().Procs != 128 {
					t.Errorf("%d jobs on %d processors, want 3000 on 128", tr.Len(), tr.Machine())
				}
				w, ok := tr.Report.Warning(WarnTrailingData, "")
				switch {
				case tc.trailing == 0 && ok:
					t.Errorf("unexpected warning %v", w)
				case tc.trailing > 0 && (!ok || w.Count != tc.trailing || !strings.Contains(w.String(), fmt.Sprintf("%d bytes", tc.trailing))):
					t.Errorf("warning %v (found %v), want %d bytes", w, ok, tc.trailing)
				}
			})
		}
	}
}

// TestLoneCR: a log whose lines end in a lone CR (classic Mac OS) reads as
// one line; the error says so and how to convert it (round 2 of the hostile
// audit: it was "no job records (1 lines ... comment lines only)" or "line
// longer than 1 MiB" without a cause).
func TestLoneCR(t *testing.T) {
	t.Parallel()
	jobs := strings.Repeat(strings.TrimSuffix(goodLine, "\n")+"\r", 20)
	tests := []struct {
		name string
		in   string
		err  error
	}{
		{"header first", "; Version: 2.2\r; MaxProcs: 8\r" + jobs, ErrNoJobs},
		{"jobs only", jobs, ErrFieldCount},
		{"longer than 1 MiB", strings.Repeat(strings.TrimSuffix(goodLine, "\n")+"\r", 1<<20/40), ErrLineLength},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Read(strings.NewReader(tc.in), ReadOptions{Name: "mac.swf"})
			if !errors.Is(err, tc.err) || strings.Count(fmt.Sprint(err), "classic Mac OS") != 1 || !strings.Contains(fmt.Sprint(err), "mac.swf") {
				t.Errorf("error %v, want %v naming the file, with one hint at CR line ends", err, tc.err)
			}
		})
	}
	// A CRLF log, and a CR inside no line, give no hint.
	if _, err := Read(strings.NewReader("; x\r\n"+strings.ReplaceAll(goodLine, "\n", "\r\n")), ReadOptions{}); err != nil {
		t.Errorf("CRLF: %v", err)
	}
}
