package sim

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Conservative is conservative backfilling (Mu'alem and Feitelson 2001
// §2): every waiting job holds a reservation. An arriving job is given the
// earliest time at which it fits, for its estimated runtime, into the
// profile of processors promised to the running jobs (until their
// estimates) and to the reservations of the jobs before it; a job starts
// when its reservation time comes. When a job ends before its estimate
// the schedule is compressed: each waiting job, in order of arrival, is
// moved to the earliest time at which it now fits, which is never later
// than its reservation. No job ever starts later than the first
// reservation it was given. A job whose estimate is zero is given a
// reservation of 1 s (minReserve), so that it keeps its processors from
// later jobs at the instant it starts.
//
// Depth, when positive, bounds the number of reservations, as production
// schedulers bound the jobs their backfilling pass looks at (Slurm's
// bf_max_job_test): only the first Depth waiting jobs, in order of
// arrival, hold reservations and may start; a later job waits without a
// reservation, and is given one (the earliest time it fits, as an arriving
// job is) when it becomes one of the first Depth waiting jobs, because a
// job before it started. Every job still starts at a reservation and no
// later than the first reservation it was given, but that reservation is
// made when the job enters the first Depth, not when it arrives, so jobs
// beyond the depth are not protected from the later jobs' reservations
// made meanwhile, and cannot backfill. With Depth at least the largest
// number of waiting jobs the schedule is exactly the unbounded one. The
// zero value, Depth 0, is the exact algorithm (no bound); "conservative:K"
// names Depth K in New.
//
// Work that cannot change is not redone: compression happens only when a
// job ends before its estimate (a job that ends on its estimate frees
// nothing the profile did not already show), and it visits only the
// waiting jobs with a reservation no wider than the largest number of
// processors free before the end of the profile (an upper bound of it),
// walking an array of the reserved jobs. What remains is inherent to the algorithm: on a
// deep queue most early ends move most reserved jobs (n jobs arriving at
// once, BenchmarkDeepQueue: about n²/3.5 moves in all at n = 1,000), so
// the exact algorithm costs at least quadratic time there; Depth bounds it.
type Conservative struct {
	// Depth is the number of waiting jobs, first in order of arrival, that
	// hold reservations; 0 means every waiting job (the exact algorithm).
	// It must not be negative.
	Depth int

	prof     dprofile
	q        widthQueue
	rq       []rjob    // the jobs given a reservation, in order of arrival (see rjob)
	res      []float64 // job → reservation start (NaN none)
	hpos     []int     // job → index in heap (−1 none)
	heap     []int     // waiting jobs by (reservation, arrival)
	nres     int       // waiting jobs holding a reservation
	nextPos  int       // first queue position not yet given a reservation
	released bool
	inited   bool
	lastWake float64

	// Cache of the first time ≥ now with w processors free, by width w,
	// valid while its gen is gen (the profile has not changed): indexed
	// by width up to faSmall, in a map beyond (never an array as long as
	// the machine).
	fa    []faEntry
	faBig map[int]faEntry
	faOut faEntry // firstAtLeast's answer for a width beyond faSmall
	gen   uint64

	// rlen holds each job's reservation length (dur), set when it
	// arrives.
	rlen []float64

	// The latest end of the processors gained (see compress): by the
	// jobs that ended early since the last compression started (gEnd),
	// by the moves of the last compression (gMoved), and since the last
	// compression started (gAll, kept during one). −∞ for none. They are
	// fields, not compress's locals, which cost registers in its loop.
	gEnd, gMoved, gAll float64

	// onReserve, for tests, hears every reservation made or moved.
	onReserve func(j int, t float64)
	// onSkip, for tests, hears every job compress passes over without a
	// search because an earlier failed search implies it cannot move.
	onSkip func(e *Engine, j int)
	// onGain, for tests, hears every job compress passes over because no
	// processors were gained before its first possible start since the
	// last compression started.
	onGain func(e *Engine, j int)
	// onBound, for tests, hears every job whose search compress starts
	// at from, later than where it would otherwise, because an earlier
	// failed search implies it cannot start before from.
	onBound func(e *Engine, j int, from float64)
	// oldCompress, for tests, replaces compress (the reference the
	// schedules are compared with).
	oldCompress func(s *Conservative, e *Engine)
}

// rjob is a job given a reservation, as compress reads it: its
// reservation start r (as res), length d and width w. Conservative.rq
// holds them in order of arrival (the order in which reserve gives
// reservations), each appended when its reservation is made and dropped
// by compress once its reservation has come (r ≤ now: the job has
// started, or starts at the end of this Schedule, and compress never
// moves it again). compress walks it instead of the queue: nearly every
// reserved job is narrow enough to be visited (on SDSC-BLUE 6.06 M visits
// of 6.15 M reserved jobs over 206 K compressions), and a walk of a dense
// array costs a few instructions a job where the queue's walk cost about
// 90.
type rjob struct {
	r, d float64
	j, w int32
}

// faEntry is a cached first time with enough processors free, the
// segment of the profile that holds it and the number free in it.
type faEntry struct {
	t    float64
	gen  uint64
	k, v int
}

// faSmall bounds the widths cached in an array.
const faSmall = 4096

// Name returns the name New knows the scheduler by: "conservative", or
// "conservative:K" for Depth K.
func (s *Conservative) Name() string {
	if s.Depth > 0 {
		return "conservative:" + strconv.Itoa(s.Depth)
	}
	return "conservative"
}

// conservativeFamily makes "conservative" (exact conservative backfilling)
// and "conservative:K", K ≥ 1 (Conservative with Depth K).
func conservativeFamily(param string) (Factory, error) {
	if param == "" {
		return func() Scheduler { return &Conservative{} }, nil
	}
	depth, err := strconv.Atoi(param)
	if err != nil || depth < 1 {
		return nil, fmt.Errorf("depth %q, want an integer ≥ 1", param)
	}
	return func() Scheduler { return &Conservative{Depth: depth} }, nil
}

func (s *Conservative) init(e *Engine) {
	if !s.inited {
		if s.Depth < 0 {
			panic(fmt.Sprintf("sim: Conservative.Depth %d, want ≥ 0", s.Depth))
		}
		s.inited = true
		s.prof.reset(e.procs, e.now)
		s.q.reset(e.procs, false)
		// Room for the jobs submitted so far, so that a run of a
		// whole log does not grow these arrays job by job.
		n := e.NumJobs()
		s.q.reserve(n)
		s.res = slices.Grow(s.res, n-len(s.res))
		s.hpos = slices.Grow(s.hpos, n-len(s.hpos))
		s.rlen = slices.Grow(s.rlen, n-len(s.rlen))
		s.rq = s.rq[:0]
		s.lastWake = math.Inf(-1)
		s.gEnd, s.gMoved = math.Inf(-1), math.Inf(-1)
		nfa := min(e.procs, faSmall) + 1
		if cap(s.fa) < nfa {
			s.fa = make([]faEntry, nfa)
		}
		s.fa = s.fa[:nfa]
		clear(s.fa)
		clear(s.faBig)
		s.gen = 1
	}
}

// firstAtLeast returns the first time ≥ now with w processors free, the
// segment of the profile that holds it and the number free in it (cached
// while the profile does not change). The profile starts at now (advance).
// The entry is the cache's own (not a copy of 40 bytes): it is valid until
// the next call.
func (s *Conservative) firstAtLeast(now float64, w int) *faEntry {
	if w < len(s.fa) {
		f := &s.fa[w]
		if f.gen != s.gen {
			f.t, f.k, f.v = s.prof.firstAtLeast(w)
			f.gen = s.gen
		}
		return f
	}
	f, ok := s.faBig[w]
	if !ok || f.gen != s.gen {
		if s.faBig == nil {
			s.faBig = make(map[int]faEntry)
		}
		t, k, v := s.prof.firstAtLeast(w)
		f = faEntry{t, s.gen, k, v}
		s.faBig[w] = f
	}
	s.faOut = f
	return &s.faOut
}

// Reset makes the scheduler ready for another simulation, keeping its
// memory (see Resetter).
func (s *Conservative) Reset() {
	s.inited = false
	s.res, s.hpos, s.heap, s.rlen, s.rq = s.res[:0], s.hpos[:0], s.heap[:0], s.rlen[:0], s.rq[:0]
	s.nres, s.nextPos, s.released = 0, 0, false
}

func (s *Conservative) grow(j int) {
	for j >= len(s.res) {
		s.res = append(s.res, math.NaN())
		s.hpos = append(s.hpos, -1)
		s.rlen = append(s.rlen, 0)
	}
}

// Arrive queues job j; it gets its reservation in the next pass (if it is
// within the depth).
func (s *Conservative) Arrive(e *Engine, j int) {
	s.init(e)
	s.grow(j)
	s.rlen[j] = dur(e, j)
	s.q.push(j, e.width[j], 0)
}

// Finish gives back to the profile the processors job j was promised
// beyond its actual end.
func (s *Conservative) Finish(e *Engine, j int) {
	s.init(e)
	s.prof.advance(e.now)
	if est := e.start[j] + dur(e, j); est > e.now {
		s.prof.add(e.now, est, e.width[j])
		s.released = true
		if est > s.gEnd {
			s.gEnd = est
		}
	}
}

// Schedule compresses the schedule if a job ended early, gives the new
// jobs (within the depth) their reservations, and starts the jobs whose
// time has come.
func (s *Conservative) Schedule(e *Engine) {
	s.init(e)
	now := e.now
	s.prof.advance(now)
	if s.released {
		s.released = false
		if s.oldCompress != nil {
			s.oldCompress(s, e)
		} else {
			s.compress(e)
		}
	}
	s.reserve(e)
	for s.startDue(e) && s.Depth > 0 {
		s.reserve(e)
	}
	if len(s.heap) > 0 {
		if t := s.res[s.heap[0]]; t > now && t != s.lastWake {
			s.lastWake = t
			e.wakeAt(t)
		}
	}
}

// reserve gives reservations, in order of arrival, to the waiting jobs
// without one, while fewer than Depth jobs hold one. Those are the jobs
// at the queue's positions from nextPos on, none of which has left (a job
// leaves the queue only when it starts, at its reservation), so they are
// taken by position, without a search of the queue.
func (s *Conservative) reserve(e *Engine) {
	for (s.Depth == 0 || s.nres < s.Depth) && s.nextPos < s.q.end() {
		j := s.q.at(s.nextPos)
		s.nextPos++
		d := s.rlen[j]
		t := s.prof.reserve(e.width[j], d)
		s.res[j] = t
		s.nres++
		s.heapPush(j)
		s.rq = append(s.rq, rjob{r: t, d: d, j: int32(j), w: int32(e.width[j])})
		if s.onReserve != nil {
			s.onReserve(j, t)
		}
	}
}

// startDue starts the jobs whose reservation has come and reports whether
// it started any.
func (s *Conservative) startDue(e *Engine) bool {
	started := false
	for len(s.heap) > 0 && s.res[s.heap[0]] <= e.now {
		j := s.heapPop()
		e.Start(j)
		s.q.remove(j)
		s.nres--
		started = true
	}
	return started
}

// minReserve is the length of the reservation of a job whose estimate is
// zero: an empty reservation would not keep its processors from later
// jobs at the instant it starts.
const minReserve = 1.0

// dur returns the length of job j's reservation.
func dur(e *Engine, j int) float64 { return max(e.estimate[j], minReserve) }

// compress moves every waiting job with a reservation, in order of
// arrival, to the earliest time it fits (never later than its
// reservation). A job is passed over without a search when its width is
// not free anywhere before its reservation, or when the last search that
// failed implies it cannot move; when that search implies only that the
// job cannot start before the time where it stopped, the job's search
// starts there (see failed).
//
// A job is passed over too when it cannot start before ge, the latest end
// of the processors gained since the last compression started (gAll), and
// its search tries only the starts before ge. Each waiting job with a
// reservation was found then (or when it was given its reservation,
// later) to have no fit before its reservation r: every
// compression visits every such job, and passes one over only when it
// cannot move. Since then the profile has gained processors only over
// the intervals [now, est) of the jobs that ended early (Finish) and the
// parts [max(r', t'+d'), r'+d') of the slots that moves vacated (r', t'
// the old and new start, d' the length); it has lost processors
// elsewhere, and lost the past. A window [t, min(r, t+d)) that fits now
// and did not fit then must overlap a gain, so t < ge. A job's own move
// gains nothing it could use (its later windows end by its new start), so
// the gains of the moves of a compression count from the next job on.
func (s *Conservative) compress(e *Engine) {
	now := e.now
	s.gen++
	var last failed
	s.gAll = max(s.gEnd, s.gMoved)
	s.gEnd, s.gMoved = math.Inf(-1), math.Inf(-1)
	tail := s.prof.tail()
	m := s.prof.maxIn(now, tail)
	lim := m
	// The reserved jobs in order of arrival, those whose reservation has
	// come dropped (see rjob).
	rq := s.rq
	n := 0
	for i := range rq {
		c := rq[i]
		if !(c.r > now) { // started, or due now
			continue
		}
		rq[n] = c
		n++
		w := int(c.w)
		if w > lim {
			continue
		}
		j, r, d := int(c.j), c.r, c.d
		if last.implies(w, d, r) {
			if s.onSkip != nil {
				s.onSkip(e, j)
			}
			continue
		}
		var k, v int
		var from float64
		if last.bounds(w, d, r, s.gen) {
			// No fit starts before the segment where the last
			// failed search stopped: the search starts there.
			k, v = last.k, last.v
			from = s.prof.s[k].t
			if from >= r || from >= s.gAll {
				if s.onSkip != nil {
					s.onSkip(e, j)
				}
				continue
			}
			if s.onBound != nil {
				s.onBound(e, j, from)
			}
		} else {
			f := s.firstAtLeast(now, w)
			if f.t >= r {
				continue
			}
			if f.t >= s.gAll {
				if s.onGain != nil {
					s.onGain(e, j)
				}
				continue
			}
			// Fewer than w are free before f.t: the search starts
			// there.
			k, v, from = f.k, f.v, f.t
		}
		// No start at or after the latest gain's end fits.
		t, tk, tv := s.prof.search(k, v, from, w, d, r, min(r, s.gAll))
		if t >= r {
			// Field by field: a composite literal is built in a
			// temporary and copied (about 20 more instructions).
			last.n, last.d, last.r, last.ok = w, d, r, true
			last.gen, last.k, last.v = s.gen, tk, tv
		} else {
			// Only the part of the vacated slot [r, r+d) that the
			// new one does not cover (before the tail, which every
			// reservation ends by) can raise the largest number of
			// free processors before the tail; an upper bound is
			// enough.
			m = max(m, s.prof.move(tk, tv, t, r, d, w))
			last.gained(max(r, t+d))
			s.res[j] = t
			rq[n-1].r = t
			s.heapFix(j)
			if s.onReserve != nil {
				s.onReserve(j, t)
			}
			s.gen++
			lim = max(lim, m)
			if g := r + d; g > s.gMoved {
				s.gMoved = g
				if g > s.gAll {
					s.gAll = g
				}
			}
		}
	}
	s.rq = rq[:n]
}

// failed is a search of compress that found no earlier fit for n
// processors over d seconds before a reservation at r: for every t in
// [now, r), fewer than n processors are free somewhere in
// [t, min(r, t+d)). The same then holds for a job reserved at the same r
// that is at least as wide and as long (its windows contain those
// windows, and it needs more), as long as no processor became free before
// r since (a move frees processors only from max(r', t'+d') on, r' and t'
// its old and new start; it takes them only from t' on).
//
// While the profile has not changed since (gen), the search's stop, k of
// v free, at time T (dprofile.search; T ≥ r, or T ≥ the latest gain's end
// when compress cut the search there), bounds a job reserved later,
// r' ≥ r, at least as wide and as long, n' ≥ n and d' ≥ d: it cannot start
// before T. Such a job cannot start before the search's start: fewer
// than n are free before it (the first time n are free), or it is the
// bound of an earlier failure that the job is bounded by too (the
// relation is transitive). And every interval of [start, T) over which n
// are free ends before r and lasts less than d. A window
// [t', min(r', t'+d')) with n' free and start ≤ t' < T would lie in such
// an interval [a, b) (the run of n free that holds t', which the search
// found too short), so min(r', t'+d') ≤ b; as b < r ≤ r', t'+d' ≤ b, so
// d' ≤ b−a < d, a contradiction. The zero value implies nothing.
type failed struct {
	n    int
	d, r float64
	ok   bool
	gen  uint64
	k, v int
}

// implies reports whether a job of n processors, d seconds, reserved at
// r, cannot move either.
func (f *failed) implies(n int, d, r float64) bool {
	return f.ok && r == f.r && n >= f.n && d >= f.d
}

// bounds reports whether a job of n processors, d seconds, reserved at r,
// cannot start before the failed search's stop, the profile being at gen.
func (f *failed) bounds(n int, d, r float64, gen uint64) bool {
	return f.ok && f.gen == gen && r >= f.r && n >= f.n && d >= f.d
}

// gained records that processors became free from time g on.
func (f *failed) gained(g float64) {
	if g < f.r {
		f.ok = false
	}
}

// Indexed heap of waiting jobs by (reservation, queue position).

func (s *Conservative) less(a, b int) bool {
	return s.res[a] < s.res[b] || (s.res[a] == s.res[b] && s.q.pos[a] < s.q.pos[b])
}

func (s *Conservative) heapPush(j int) {
	s.hpos[j] = len(s.heap)
	s.heap = append(s.heap, j)
	s.up(len(s.heap) - 1)
}

func (s *Conservative) heapPop() int {
	h := s.heap
	j := h[0]
	n := len(h) - 1
	h[0] = h[n]
	s.hpos[h[0]] = 0
	s.heap = h[:n]
	s.hpos[j] = -1
	if n > 0 {
		s.down(0)
	}
	return j
}

func (s *Conservative) heapFix(j int) {
	s.up(s.hpos[j])
}

func (s *Conservative) up(i int) {
	h := s.heap
	for i > 0 {
		p := (i - 1) / 2
		if !s.less(h[i], h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		s.hpos[h[i]] = i
		s.hpos[h[p]] = p
		i = p
	}
}

func (s *Conservative) down(i int) {
	h := s.heap
	n := len(h)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		m := l
		if r := l + 1; r < n && s.less(h[r], h[l]) {
			m = r
		}
		if !s.less(h[m], h[i]) {
			return
		}
		h[i], h[m] = h[m], h[i]
		s.hpos[h[i]] = i
		s.hpos[h[m]] = m
		i = m
	}
}
