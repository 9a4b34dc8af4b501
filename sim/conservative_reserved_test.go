package sim

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// compress walks Conservative.rq instead of the queue: before and after
// every compression, the jobs of rq whose reservation has not come are
// exactly the waiting jobs holding a reservation that has not come (the
// queue's positions before nextPos), in order of arrival, each with its
// reservation, length and width. After it, any other job of rq was moved
// to now by it (the others whose reservation came were dropped). The
// queue's positions from nextPos on, which reserve takes by position, hold
// jobs still queued without a reservation. Jobs must have been dropped,
// and moved, for the property to be exercised.
func TestPropertyConservativeReserved(t *testing.T) {
	t.Parallel()
	dropped, moves := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		procs, jobs := drawCrowdedWorkload(t)
		depth := rapid.SampledFrom([]int{0, 1, 3}).Draw(t, "depth")
		// check compares rq with the queue; after says whether
		// compress has just run.
		check := func(s *Conservative, e *Engine, after bool) {
			// reserve takes the jobs from nextPos on by position:
			// none has left the queue, nor holds a reservation.
			for p := s.nextPos; p < s.q.end(); p++ {
				if j := s.q.at(p); j < 0 || s.hpos[j] >= 0 {
					t.Fatalf("at %v: position %d ≥ nextPos %d holds job %d (−1: left)", e.now, p, s.nextPos, j)
				}
			}
			var want []int
			for p := s.q.next(0, e.procs); p >= 0 && p < s.nextPos; p = s.q.next(p+1, e.procs) {
				if j := s.q.at(p); s.res[j] > e.now {
					want = append(want, j)
				}
			}
			var got []int
			for _, c := range s.rq {
				j := int(c.j)
				if !(c.r > e.now) {
					if after && !(c.r == e.now && s.res[j] == e.now) {
						t.Fatalf("at %v, after compress: rq holds job %d as %+v, reservation %v", e.now, j, c, s.res[j])
					}
					continue
				}
				if c.r != s.res[j] || c.d != dur(e, j) || int(c.w) != e.width[j] {
					t.Fatalf("at %v: rq holds job %d as %+v, want reservation %v, length %v, width %d",
						e.now, j, c, s.res[j], dur(e, j), e.width[j])
				}
				got = append(got, j)
			}
			if len(got) != len(want) {
				t.Fatalf("at %v: rq holds jobs %v, the queue %v", e.now, got, want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("at %v: rq holds jobs %v, the queue %v", e.now, got, want)
				}
			}
		}
		s := &Conservative{Depth: depth}
		compressing := false
		s.onReserve = func(int, float64) {
			if compressing {
				moves++
			}
		}
		s.oldCompress = func(s *Conservative, e *Engine) {
			check(s, e, false)
			n := len(s.rq)
			compressing = true
			s.compress(e)
			compressing = false
			dropped += n - len(s.rq)
			check(s, e, true)
		}
		a, ends := runCounting(t, jobs, procs, s)
		checkCommon(t, a, ends, procs)
	})
	if dropped == 0 || moves == 0 {
		t.Errorf("%d jobs dropped from rq, %d moved: the property was not exercised", dropped, moves)
	}
}

// Conservative starts every job of a crowded workload when it does with
// the old compression (oldCompress, which recounts the largest number free
// after every move), at every depth: compress visits a job of rq only when
// it is no wider than that number (an upper bound of it, raised by what
// each move reports).
func TestPropertyConservativeMatchesOld(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		procs, jobs := drawCrowdedWorkload(t)
		depth := rapid.SampledFrom([]int{0, 1, 3}).Draw(t, "depth")
		got, err := Run(jobs, procs, &Conservative{Depth: depth}, EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want, err := Run(jobs, procs, &Conservative{Depth: depth, oldCompress: oldCompress}, EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for j := range want.Start {
			if got.Start[j] != want.Start[j] {
				t.Fatalf("job %d (%+v): starts at %v, with the old compression at %v", j, jobs[j], got.Start[j], want.Start[j])
			}
		}
	})
}

// Conservative's schedule does not depend on the unit of processors: with
// the machine and every width 1,000 times larger, every job starts when it
// does on the crowded workload. The widths then reach beyond faSmall, so
// this covers firstAtLeast's cache of wide widths (faBig).
func TestPropertyConservativeScaled(t *testing.T) {
	t.Parallel()
	const scale = 1000
	cached := 0
	rapid.Check(t, func(t *rapid.T) {
		procs, jobs := drawCrowdedWorkload(t)
		wide := slices.Clone(jobs)
		for i := range wide {
			wide[i].Procs *= scale
		}
		want, err := Run(jobs, procs, &Conservative{}, EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		s := &Conservative{}
		got, err := Run(wide, procs*scale, s, EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		cached += len(s.faBig)
		for j := range want.Start {
			if got.Start[j] != want.Start[j] {
				t.Fatalf("job %d (%+v): starts at %v on a machine %d times larger, at %v", j, jobs[j], got.Start[j], scale, want.Start[j])
			}
		}
	})
	if cached == 0 {
		t.Errorf("no width beyond %d was cached: the property was not exercised", faSmall)
	}
}
