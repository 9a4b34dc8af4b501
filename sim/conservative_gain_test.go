package sim

import (
	"testing"

	"pgregory.net/rapid"
)

// A job compress passes over because it cannot start before the latest
// end of the processors gained since the last compression started (see
// compress) cannot move: the full search from now (earlierFit) finds no
// fit before its reservation. Depths 1 and 3 reserve jobs later than
// their arrival. Such jobs must have been passed over for the property to
// be exercised.
func TestPropertyConservativeGain(t *testing.T) {
	t.Parallel()
	gains := 0
	rapid.Check(t, func(t *rapid.T) {
		procs, jobs := drawCrowdedWorkload(t)
		depth := rapid.SampledFrom([]int{0, 1, 3}).Draw(t, "depth")
		s := &Conservative{Depth: depth}
		s.onGain = func(e *Engine, j int) {
			gains++
			if r := s.res[j]; s.prof.earlierFit(e.now, e.width[j], dur(e, j), r) < r {
				t.Fatalf("job %d (%+v) passed over at %v, but fits before its reservation %v", j, jobs[j], e.now, r)
			}
		}
		a, ends := runCounting(t, jobs, procs, s)
		checkCommon(t, a, ends, procs)
	})
	if gains == 0 {
		t.Error("no job was passed over for want of gains: the property was not exercised")
	}
}
