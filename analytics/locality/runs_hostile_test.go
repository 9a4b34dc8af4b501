package locality

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestRunLengthsUnknownKey: a key with bits other than the three fields is
// an error. Before: RunKey(1 << 20) compared no field, made every job of a
// user equivalent, and failed later with "fewer than 2 bins".
func TestRunLengthsUnknownKey(t *testing.T) {
	t.Parallel()
	tr := datasets.NewTrace("keys", 4)
	for i := range 4 {
		jb := datasets.UnknownJob()
		jb.JobID, jb.Submit, jb.User, jb.App, jb.Procs = i+1, float64(i), 1, i%2, 1
		tr.Append(jb)
	}
	for _, k := range []RunKey{1 << 20, -1, KeyApp | 1<<3} {
		if _, err := RunLengths(tr, RunOptions{Key: k}); err == nil || !strings.Contains(err.Error(), "holds bits other than") {
			t.Errorf("key %d: %v, want an error naming the key", k, err)
		}
	}
}
