package sim

import (
	"slices"
)

// EASY is EASY backfilling (Lifka 1995; Mu'alem and Feitelson 2001 §2;
// Feitelson 2021 §2, Fig. 1). Jobs start in order of arrival while the
// first waiting job (the head) fits. When it does not, the head gets a
// reservation: the shadow time at which enough processors will be free for
// it if every running job runs until its estimate, and the extra
// processors free at that time beyond its needs. A later job is then
// backfilled (started now) if it fits in the free processors and either
//
//	now + estimate ≤ shadow time   (it ends before the reservation), or
//	processors ≤ extra             (it leaves the head's processors alone),
//
// the extra processors shrinking by the width of each job started by the
// second rule. The head therefore never starts later than the shadow time
// computed when it became the head.
//
// Order, when set, gives the order in which backfill candidates are tried
// (smaller key first, ties by arrival); the head is always the job that
// arrived first. nil tries candidates in order of arrival. ShortestFirst
// makes the SJF-ordered backfill variant (EASY-SJBF; Tsafrir, Etsion and
// Feitelson 2007):
//
//	sim.EASY{Order: sim.ShortestFirst}
//
// The key is computed once, when the job arrives. Backfill gives the
// other variants (the reservation to the first job in another order, more
// than one reservation).
//
// Work that cannot change is not redone: after a round with arrivals only,
// the shadow time, the extra processors and the free processors are those
// of the previous pass (or smaller), so only the new jobs are tried; and,
// in arrival order, a segment tree over the blocks of 64 waiting jobs
// (blockTree: per width class, the least width and the least estimate)
// finds the next block that may hold a job passing the backfilling test
// in O(log n) for n waiting jobs, without visiting the blocks between.
// The candidates are tried in the same order either way.
type EASY struct {
	Order Order

	q       widthQueue
	bt      blockTree // over q's blocks, when Order == nil
	sorted  []keyed   // backfill order when Order != nil; lazily cleaned
	dead    int       // started jobs still in sorted
	newJobs []keyed   // arrivals since the last pass
	dirty   bool      // a job ended since the last pass
	resHead int       // the head the reservation was computed for, −1 none
	shadow  float64
	extra   int
	inited  bool

	// onReserve, for tests, hears each reservation computed for a head.
	onReserve func(j int, shadow float64)
}

type keyed struct {
	key float64
	pos int
	j   int
}

func keyedCmp(a, b keyed) int {
	switch {
	case a.key < b.key:
		return -1
	case a.key > b.key:
		return 1
	}
	return a.pos - b.pos
}

// init prepares a new (or reset) scheduler for engine e. (The test is
// inlined into Arrive and Schedule, called at every arrival and round.)
func (s *EASY) init(e *Engine) {
	if !s.inited {
		s.setup(e)
	}
}

func (s *EASY) setup(e *Engine) {
	s.inited = true
	s.resHead = -1
	s.q.reset(e.procs, s.Order == nil)
	s.bt.reset(s.q.classes)
	s.q.reserve(e.NumJobs())
}

// Reset makes the scheduler ready for another simulation, keeping its
// memory (see Resetter).
func (s *EASY) Reset() {
	s.inited = false
	s.sorted, s.dead, s.newJobs, s.dirty = s.sorted[:0], 0, s.newJobs[:0], false
}

// Arrive queues job j.
func (s *EASY) Arrive(e *Engine, j int) {
	s.init(e)
	p := s.q.push(j, e.width[j], e.estimate[j])
	if s.Order == nil && (s.bt.on || s.q.end()-s.q.head > s.bt.spanOn) {
		// (blockTree.push does nothing else: the tree is off and stays
		// off.)
		s.bt.push(&s.q, p)
	}
	k := keyed{0, p, j}
	if s.Order != nil {
		k.key = s.Order(e, j)
		i, _ := slices.BinarySearchFunc(s.sorted, k, keyedCmp)
		s.sorted = slices.Insert(s.sorted, i, k)
	}
	s.newJobs = append(s.newJobs, k)
}

// Finish notes that the free processors and the shadow time have changed.
func (s *EASY) Finish(e *Engine, j int) { s.dirty = true }

func (s *EASY) start(e *Engine, j int) {
	e.Start(j)
	p := int(s.q.pos[j])
	s.q.remove(j)
	if s.Order != nil {
		s.dead++
	} else if s.bt.on { // (blockTree.remove does nothing else)
		s.bt.remove(&s.q, p, e.width[j])
	}
}

// Schedule starts the head while it fits, then backfills.
func (s *EASY) Schedule(e *Engine) {
	s.init(e)
	s.schedule(e)
}

// schedule is Schedule once the scheduler is set up. (The engine calls
// it directly, with the set-up test inlined: a round is one call.)
func (s *EASY) schedule(e *Engine) {
	h := s.q.first()
	for h >= 0 && e.width[h] <= e.free {
		s.start(e, h)
		h = s.q.first()
	}
	if h < 0 {
		s.resHead = -1
		s.newJobs = s.newJobs[:0]
		s.dirty = false
		return
	}
	if s.dirty || h != s.resHead {
		s.shadow, s.extra = e.Shadow(e.width[h])
		if s.onReserve != nil {
			s.onReserve(h, s.shadow)
		}
		s.resHead = h
		s.backfillAll(e, h)
	} else {
		s.backfillNew(e, h)
	}
	if s.Order != nil && s.dead > 64 && s.dead > len(s.sorted)/2 {
		k := 0
		for _, x := range s.sorted {
			if e.state[x.j] == stateWaiting {
				s.sorted[k] = x
				k++
			}
		}
		s.sorted = s.sorted[:k]
		s.dead = 0
	}
	s.newJobs = s.newJobs[:0]
	s.dirty = false
}

// admit reports whether the EASY rule lets job j be backfilled now and,
// when it does so by the extra processors, takes j's processors from
// them; the caller then starts j. (It has no call, so that it is inlined.)
func (s *EASY) admit(e *Engine, j int) bool {
	w := e.width[j]
	if w > e.free {
		return false
	}
	if !(e.now+e.estimate[j] <= s.shadow) {
		if w > s.extra {
			return false
		}
		s.extra -= w
	}
	return true
}

func (s *EASY) backfillAll(e *Engine, h int) {
	if s.Order != nil {
		for _, x := range s.sorted {
			if e.free == 0 {
				return
			}
			if x.j != h && e.state[x.j] == stateWaiting && s.admit(e, x.j) {
				s.start(e, x.j)
			}
		}
		return
	}
	if s.bt.on {
		for p := int(s.q.pos[h]) + 1; e.free > 0; p++ {
			p = s.bt.next(&s.q, p, e.free, s.extra, e.now, s.shadow)
			if p < 0 {
				return
			}
			if j := s.q.at(p); s.admit(e, j) {
				s.start(e, j)
			}
		}
		return
	}
	it := s.q.scan(int(s.q.pos[h]) + 1)
	for e.free > 0 {
		p := it.next(e.free, s.extra, e.now, s.shadow)
		if p < 0 {
			return
		}
		if j := s.q.at(p); s.admit(e, j) {
			s.start(e, j)
		}
	}
}

func (s *EASY) backfillNew(e *Engine, h int) {
	if e.free == 0 {
		return
	}
	if s.Order != nil && len(s.newJobs) > 1 {
		slices.SortFunc(s.newJobs, keyedCmp)
	}
	for _, x := range s.newJobs {
		if e.free == 0 {
			return
		}
		if x.j != h && e.state[x.j] == stateWaiting && s.admit(e, x.j) {
			s.start(e, x.j)
		}
	}
}
