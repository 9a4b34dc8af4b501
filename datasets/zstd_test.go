package datasets

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// TestZstd: a log compressed with zstd (.swf.zst) reads as the same log
// plain, from a file and from a stream, several frames too (zstd -d reads
// them as one); before, it was refused (ErrCompression) although the
// module already holds a decoder. A broken stream, or one whose window
// is above zstdMaxWindow, is ErrBadZstd, never a log of garbage nor the
// memory of a 2 GiB window. The compressed data are made here by
// klauspost/compress's encoder, which writes the format of RFC 8878.
func TestZstd(t *testing.T) {
	t.Parallel()
	log := bzip2Log()
	want, err := Read(strings.NewReader(log), ReadOptions{Name: "log"})
	if err != nil {
		t.Fatal(err)
	}
	enc := func(s string) []byte {
		var b bytes.Buffer
		w, err := zstd.NewWriter(&b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	whole := enc(log)
	half := strings.IndexByte(log[len(log)/2:], '\n') + len(log)/2 + 1
	flipped := bytes.Clone(whole)
	flipped[len(flipped)/2] ^= 0x55
	// A frame header asking for a 2 GiB window: descriptor 0 (no
	// single segment, no checksum, no size), window exponent 21 (2^31).
	hugeWindow := []byte("\x28\xb5\x2f\xfd\x00\xa8\x01\x00\x00")
	readCompressed(t, ".swf.zst", want, []compressedCase{
		{"one frame", whole, nil},
		{"two frames", append(enc(log[:half]), enc(log[half:])...), nil},
		{"truncated", whole[:len(whole)/2], ErrBadZstd},
		{"a byte damaged", flipped, ErrBadZstd},
		{"only the magic", []byte("\x28\xb5\x2f\xfd"), ErrBadZstd},
		{"a window of 2 GiB", hugeWindow, ErrBadZstd},
		{"gzip inside zstd", enc(string(gz(log))), ErrCompression},
	})
	// Decompressed, for the readers of other text formats, takes zstd too.
	r, err := Decompressed(bytes.NewReader(whole))
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if _, err := got.ReadFrom(r); err != nil || got.String() != log {
		t.Errorf("Decompressed: %d bytes, error %v; want the log", got.Len(), err)
	}
	r, err = Decompressed(bytes.NewReader(whole[:len(whole)/2]))
	if err == nil {
		_, err = new(bytes.Buffer).ReadFrom(r)
	}
	if !errors.Is(err, ErrBadZstd) {
		t.Errorf("Decompressed, truncated: error %v, want %v", err, ErrBadZstd)
	}
}
