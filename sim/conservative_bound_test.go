package sim

import (
	"testing"

	"pgregory.net/rapid"
)

// A job whose search compress starts later than the first time its width
// is free, because the last failed search bounds it (failed.bounds),
// cannot start before that time: the full search from now (earlierFit)
// finds no fit before it. A job passed over for it cannot move at all
// (TestPropertyConservativeSkip checks those). Both must have happened.
func TestPropertyConservativeBound(t *testing.T) {
	t.Parallel()
	bounds, skips := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		procs, jobs := drawCrowdedWorkload(t)
		s := &Conservative{}
		s.onBound = func(e *Engine, j int, from float64) {
			bounds++
			r := s.res[j]
			if !(from > e.now && from < r) {
				t.Fatalf("job %d (%+v): search from %v, now %v, reservation %v", j, jobs[j], from, e.now, r)
			}
			if got := s.prof.earlierFit(e.now, e.width[j], dur(e, j), r); got < from {
				t.Fatalf("job %d (%+v): search starts at %v, but it fits at %v (now %v, reservation %v)",
					j, jobs[j], from, got, e.now, r)
			}
		}
		s.onSkip = func(e *Engine, j int) {
			skips++
			if r := s.res[j]; s.prof.earlierFit(e.now, e.width[j], dur(e, j), r) < r {
				t.Fatalf("job %d (%+v) passed over at %v, but fits before its reservation %v", j, jobs[j], e.now, r)
			}
		}
		a, ends := runCounting(t, jobs, procs, s)
		checkCommon(t, a, ends, procs)
	})
	if bounds == 0 || skips == 0 {
		t.Errorf("%d searches bounded, %d jobs passed over: the property was not exercised", bounds, skips)
	}
}
