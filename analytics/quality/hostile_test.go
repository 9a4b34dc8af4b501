package quality

import (
	"math"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestDetectFlurriesHostileSubmit: submit times no reader produces take no
// part, and the flurry is still found. Before: a job submitted at 1e300 (or
// −1e300) panicked (makeslice: len out of range: the day index overflowed
// int).
func TestDetectFlurriesHostileSubmit(t *testing.T) {
	t.Parallel()
	for _, sub := range []float64{1e300, -1e300, datasets.MaxTime * 2, math.Inf(1), math.NaN()} {
		tr := flurryLog(1000)
		jb := datasets.UnknownJob()
		jb.JobID, jb.Submit, jb.User, jb.Runtime, jb.Procs = 99999, sub, 9, 10, 1
		tr.Append(jb)
		fl := DetectFlurries(tr, FlurryOptions{})
		if len(fl) != 1 || fl[0].User != 9 || fl[0].Jobs != 1002 {
			t.Errorf("submit %v: flurries %+v, want user 9's 1002 jobs", sub, fl)
		}
		if _, err := Check(tr, Options{}); err != nil {
			t.Errorf("submit %v: Check: %v", sub, err)
		}
	}
}
