package datasets

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// countingBytes counts the bytes read through it.
type countingBytes struct {
	r io.Reader
	n int64
}

func (c *countingBytes) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += int64(n)
	return n, err
}

// TestReadOnBounded: after a line's error, a compressed stream is read on
// (to blame a broken stream rather than the line) for at most 64 MiB of
// decompressed data, not to its end: 4 GiB of one line in a 131 kB zstd
// file were decompressed whole after the error at 64 MiB (55 s of CPU,
// 157 MB; a file of a few MB would have taken hours). The stream is the
// decompressed data scanConcurrently gets: a control byte on line 1, then
// 1 GiB of job lines, generated as it is read.
func TestReadOnBounded(t *testing.T) {
	t.Parallel()
	job := "1 0 1 1 1 -1 -1 1 1 -1 1 1 1 1 1 1 -1 -1\n"
	src := &countingBytes{r: io.MultiReader(strings.NewReader("1 0 1 1 1 -1 -1 1 1 -1 1 1 1 1 1 1 -1 \x01\n"),
		&repeatReader{unit: []byte(job), left: (1 << 30) / len(job)})}
	p := newParser(ReadOptions{Name: "bomb.swf.zst"})
	err := p.scanConcurrently(src)
	if !errors.Is(err, ErrBinary) || !strings.Contains(err.Error(), "bomb.swf.zst:1:") {
		t.Errorf("error %v, want line 1's ErrBinary", err)
	}
	// 64 MiB, and the chunks read ahead (4 buffers, one being filled).
	if bound := int64(64<<20 + 6*chunkSize); src.n > bound {
		t.Errorf("read %d MiB of the stream after the error, want at most %d MiB", src.n>>20, bound>>20)
	}
}
