package sim

import (
	"testing"
)

// oldCompress is Conservative's compression as it was before issue 24's
// changes to it: the largest free count before the tail recounted by
// maxIn after each move. It is kept, in the test only, as the reference
// the fast compression is compared with job by job on the real logs
// (through Conservative.oldCompress).
func oldCompress(s *Conservative, e *Engine) {
	now := e.now
	s.gen++
	tail := s.prof.tail()
	m := s.prof.maxIn(now, tail)
	lim := m
	it := s.q.scan(0)
	for {
		p := it.next(lim, lim, 0, -1)
		if p < 0 || p >= s.nextPos {
			return
		}
		j := s.q.at(p)
		r := s.res[j]
		if !(r > now) {
			continue
		}
		w := e.width[j]
		if s.firstAtLeast(now, w).t >= r {
			continue
		}
		d := dur(e, j)
		t := s.prof.earlierFit(now, w, d, r)
		if t < r {
			s.prof.add(r, r+d, w)
			s.prof.add(t, t+d, -w)
			s.res[j] = t
			s.heapFix(j)
			s.gen++
			if hi := min(r+d, tail); hi > r {
				m = max(m, s.prof.maxIn(r, hi))
			}
			if m > lim {
				lim = m
				it = s.q.scan(p + 1)
			}
		}
	}
}

// TestConservativeMatchesOld checks, job by job, that conservative
// backfilling (exact, and with a depth) starts every job of every shared
// log when the old compression does.
func TestConservativeMatchesOld(t *testing.T) {
	if testing.Short() {
		t.Skip("twelve logs under two conservative schedulers take half a minute")
	}
	for _, log := range goldenLogs {
		tr := loadLog(t, log)
		procs := tr.MaxProcs()
		jobs, _, err := Prepare(tr, procs, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, depth := range []int{0, 50} {
			t.Run(log+"/"+(&Conservative{Depth: depth}).Name(), func(t *testing.T) {
				t.Parallel()
				got, err := Run(jobs, procs, &Conservative{Depth: depth}, EngineOptions{})
				if err != nil {
					t.Fatal(err)
				}
				want, err := Run(jobs, procs, &Conservative{Depth: depth, oldCompress: oldCompress}, EngineOptions{})
				if err != nil {
					t.Fatal(err)
				}
				bad := 0
				for j := range want.Start {
					if got.Start[j] != want.Start[j] {
						if bad < 5 {
							t.Errorf("job %d (%+v): starts at %v, old compression %v", j, jobs[j], got.Start[j], want.Start[j])
						}
						bad++
					}
				}
				if bad > 0 {
					t.Errorf("%d of %d jobs start at other times", bad, len(jobs))
				}
			})
		}
	}
}
