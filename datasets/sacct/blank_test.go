package sacct

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// newlines is an io.Reader of n newlines, not held in memory.
type newlines struct{ n int64 }

func (r *newlines) Read(b []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	b = b[:min(int64(len(b)), r.n)]
	for i := range b {
		b[i] = '\n'
	}
	r.n -= int64(len(b))
	return len(b), nil
}

// TestBlankLinesBounded: more than 64 MiB of blank lines in a row (a small
// gzip file of newlines) stops the import with datasets.ErrBlankStretch at
// the line where the bound is passed (before session 20, 300 MB of them
// cost 4.7 CPU-s, and the time grew with the bomb); a stretch of exactly
// the bound, then a job, is read.
func TestBlankLinesBounded(t *testing.T) {
	t.Parallel()
	job := row("7", "2024-03-01T00:00:00", "None", "2024-03-01T00:01:00", "1", "1", "", "", "CANCELLED", "None assigned")
	_, err := Read(io.MultiReader(strings.NewReader(header), &newlines{maxBlankBytes + 10}, strings.NewReader(job)), Options{Location: time.UTC})
	var pe *datasets.ParseError
	if !errors.Is(err, datasets.ErrBlankStretch) || !errors.As(err, &pe) || pe.Line != maxBlankBytes+2 ||
		!strings.Contains(err.Error(), "lines 2 to 67108866") {
		t.Errorf("%v; want ErrBlankStretch at line %d, lines 2 to 67108866", err, maxBlankBytes+2)
	}
	im, err := Read(io.MultiReader(strings.NewReader(header+job), &newlines{maxBlankBytes}, strings.NewReader(job)), Options{Location: time.UTC})
	if err != nil || im.Trace.Len() != 2 {
		t.Errorf("a stretch of the bound: %v; want 2 jobs read", err)
	}
}
