package sim

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Order ranks waiting jobs: a smaller key comes first, ties by order of
// arrival. The key is computed once, when the job arrives (a static
// priority); a priority that changes with time, such as the expansion
// factor, needs a scheduler of its own.
type Order func(e *Engine, j int) float64

// ShortestFirst orders jobs by their runtime estimate (shortest job first;
// for backfill candidates, the SJBF of Tsafrir, Etsion and Feitelson 2007).
func ShortestFirst(e *Engine, j int) float64 { return e.estimate[j] }

// SmallestAreaFirst orders jobs by estimate × processors, the area of the
// job's rectangle (Srinivasan et al. 2002 compare such job-size priorities
// under EASY and conservative backfilling).
func SmallestAreaFirst(e *Engine, j int) float64 { return e.estimate[j] * float64(e.width[j]) }

// LargestFirst orders jobs by their processors, most first (the
// largest-job-first packing order).
func LargestFirst(e *Engine, j int) float64 { return -float64(e.width[j]) }

// AllReservations, as Backfill.Reservations, gives every waiting job a
// reservation (conservative backfilling).
const AllReservations = math.MaxInt

// Backfill is backfilling with its classic variants as options: which
// waiting jobs hold reservations and in which order the others are tried.
//
// The waiting jobs are ranked by Queue. The first Reservations of them in
// that ranking hold a reservation each: the earliest time at which the
// job fits, for its estimate, into the profile of processors promised to
// the running jobs (until their estimates) and to the reservations made
// before it. A job starts when its reservation comes. Every other waiting
// job is a backfill candidate: tried in Backfill order, it starts now if
// enough processors are free now and stay free for its estimate without
// touching any reservation. When a job ends before its estimate, or a
// reservation is given up, the reservations are compressed: each, in Queue
// order, moves to the earliest time it now fits, never later than before.
// A reserved job therefore never starts later than its reservation, unless
// a job ranked before it arrives and pushes it out of the first
// Reservations (then it waits for a new one).
//
// The variants of the literature are settings of the three fields:
//
//	Backfill{}                                  EASY (Lifka 1995): one reservation, arrival order
//	Backfill{Backfill: ShortestFirst}           EASY-SJBF (Tsafrir, Etsion and Feitelson 2007 §5)
//	Backfill{Queue: ShortestFirst}              SJF-ordered EASY: the reservation goes to the shortest
//	Backfill{Reservations: AllReservations}     conservative backfilling (Mu'alem and Feitelson 2001 §2)
//	Backfill{Reservations: 4}                   a backfill depth of 4 (PBS Professional's "backfill
//	                                            depth", the number of top jobs backfilled around)
//
// Queue orders (FCFS, SJF, expansion factor) under EASY and conservative
// reservations are compared by Srinivasan, Kettimuthu, Subramani and
// Sadayappan, "Characterization of backfilling strategies for parallel job
// scheduling" (ICPP Workshops 2002); priority functions with backfilling by
// Chiang, Arpaci-Dusseau and Vernon, "The impact of more accurate requested
// runtimes on production job scheduling performance" (JSSPP 2002, LNCS
// 2537).
//
// With one reservation and arrival order the schedule is EASY's, and with
// AllReservations and arrival order it is Conservative's (both checked
// start for start by the tests), except that, as in Conservative, a job of
// estimate zero holds its reservation for one second (minReserve): on a
// workload with zero estimates Backfill{} can start a job at another time
// than EASY. EASY and Conservative are the fast paths of those two
// settings; Backfill costs O(Reservations) per scheduling pass plus a
// profile search per candidate tried.
//
// A Backfill holds the state of one simulation, like every Scheduler.
type Backfill struct {
	// Reservations is the number of waiting jobs, first in Queue order,
	// that hold a reservation: 0 means 1 (EASY); AllReservations means
	// every waiting job (conservative). It must not be negative.
	Reservations int
	// Queue ranks the waiting jobs for reservations; nil is arrival order.
	Queue Order
	// Backfill orders the backfill candidates; nil is the Queue order.
	Backfill Order

	inited bool
	k      int
	prof   profile
	seq    int       // arrivals so far: the tie-break of both orders
	queue  []keyed   // waiting jobs in Queue order, with started jobs not yet removed
	cands  []keyed   // waiting jobs in Backfill order when it differs from Queue
	dead   int       // started jobs still in queue (and in cands)
	res    []float64 // job → reservation start, NaN none
	held   []float64 // job → end of its processors in the profile
	nres   int       // waiting jobs holding a reservation
	fresh  []keyed   // arrivals since the last pass, with their Backfill key
	freed  bool      // the profile got processors back: compress
	dirty  bool      // a job ended or a reservation was given up: retry every candidate
	arrOut bool      // an arrival may have pushed a reserved job out of the first k
	wake   float64

	// onReserve, for tests, hears every reservation made or moved.
	onReserve func(j int, t float64)
}

// Name returns the name New knows the scheduler by: "backfill:R,QUEUE,BACKFILL"
// (see BackfillFamily), with "custom" for an order that is not one of
// this package's.
func (s *Backfill) Name() string {
	r := "all"
	if k := s.reservations(); k != AllReservations {
		r = strconv.Itoa(k)
	}
	q := orderName(s.Queue)
	b := q
	if s.Backfill != nil {
		b = orderName(s.Backfill)
	}
	return "backfill:" + r + "," + q + "," + b
}

// orders are the orders a scheduler name may give, by name.
var orders = []struct {
	name string
	f    Order
}{
	{"arrival", nil},
	{"shortest", ShortestFirst},
	{"area", SmallestAreaFirst},
	{"largest", LargestFirst},
}

func orderName(o Order) string {
	if o == nil {
		return "arrival"
	}
	p := reflect.ValueOf(o).Pointer()
	for _, x := range orders[1:] {
		if reflect.ValueOf(x.f).Pointer() == p {
			return x.name
		}
	}
	return "custom"
}

// BackfillFamily makes "backfill:R[,QUEUE[,BACKFILL]]": R reservations (an
// integer ≥ 1, or "all"), the Queue order and the Backfill order, each
// arrival, shortest (ShortestFirst), area (SmallestAreaFirst) or largest
// (LargestFirst); BACKFILL defaults to QUEUE, QUEUE to arrival. The bare
// "backfill" is EASY (backfill:1,arrival,arrival).
func BackfillFamily(param string) (Factory, error) {
	var b Backfill
	if param == "" {
		return func() Scheduler { return &Backfill{} }, nil
	}
	parts := strings.Split(param, ",")
	if len(parts) > 3 {
		return nil, fmt.Errorf("%q: want R[,QUEUE[,BACKFILL]]", param)
	}
	if parts[0] == "all" {
		b.Reservations = AllReservations
	} else if k, err := strconv.Atoi(parts[0]); err != nil || k < 1 {
		return nil, fmt.Errorf("reservations %q, want an integer ≥ 1 or all", parts[0])
	} else {
		b.Reservations = k
	}
	names := make([]string, len(orders))
	for i, o := range orders {
		names[i] = o.name
	}
	for i, dst := range []*Order{&b.Queue, &b.Backfill} {
		if i+1 >= len(parts) {
			break
		}
		k := slices.IndexFunc(orders, func(o struct {
			name string
			f    Order
		}) bool {
			return o.name == parts[i+1]
		})
		if k < 0 {
			return nil, fmt.Errorf("order %q, want %s", parts[i+1], strings.Join(names, ", "))
		}
		*dst = orders[k].f
	}
	if len(parts) == 2 {
		b.Backfill = b.Queue
	}
	return func() Scheduler { c := b; return &c }, nil
}

func (s *Backfill) reservations() int {
	if s.Reservations == 0 {
		return 1
	}
	return s.Reservations
}

func (s *Backfill) init(e *Engine) {
	if s.inited {
		return
	}
	if s.Reservations < 0 {
		panic(fmt.Sprintf("sim: Backfill.Reservations %d, want ≥ 0", s.Reservations))
	}
	s.inited = true
	s.k = s.reservations()
	s.prof.reset(e.procs, e.now)
	s.wake = math.Inf(-1)
}

func (s *Backfill) grow(j int) {
	for j >= len(s.res) {
		s.res = append(s.res, math.NaN())
		s.held = append(s.held, math.NaN())
	}
}

func (s *Backfill) separate() bool { return s.Backfill != nil }

// Arrive ranks job j in the queue (and among the candidates).
func (s *Backfill) Arrive(e *Engine, j int) {
	s.init(e)
	s.grow(j)
	k := keyed{pos: s.seq, j: j}
	s.seq++
	if s.Queue != nil {
		k.key = s.Queue(e, j)
		i, _ := slices.BinarySearchFunc(s.queue, k, keyedCmp)
		if i < len(s.queue) {
			s.arrOut = true
		}
		s.queue = slices.Insert(s.queue, i, k)
	} else {
		s.queue = append(s.queue, k)
	}
	c := k
	if s.separate() {
		c.key = s.Backfill(e, j)
		i, _ := slices.BinarySearchFunc(s.cands, c, keyedCmp)
		s.cands = slices.Insert(s.cands, i, c)
	}
	s.fresh = append(s.fresh, c)
}

// Finish gives back to the profile the processors job j held beyond its
// actual end.
func (s *Backfill) Finish(e *Engine, j int) {
	s.init(e)
	s.prof.advance(e.now)
	if h := s.held[j]; h > e.now {
		s.prof.add(e.now, h, e.width[j])
		s.freed = true
	}
	s.dirty = true
}

// Schedule gives reservations to the first Reservations waiting jobs,
// starts those whose time has come, and backfills the others.
func (s *Backfill) Schedule(e *Engine) {
	s.init(e)
	s.prof.advance(e.now)
	s.clean(e)
	if s.arrOut {
		s.arrOut = false
		s.restrict(e)
	}
	if s.freed {
		s.freed = false
		s.compress(e)
	}
	s.reserve(e)
	for s.startDue(e) {
		s.reserve(e)
	}
	s.backfill(e)
	s.dirty = false
	s.fresh = s.fresh[:0]
	next := math.Inf(1)
	c := 0
	for _, x := range s.queue {
		if c == s.nres {
			break
		}
		if r := s.res[x.j]; e.state[x.j] == stateWaiting && !math.IsNaN(r) {
			next = min(next, r)
			c++
		}
	}
	if next > e.now && !math.IsInf(next, 1) && next != s.wake {
		s.wake = next
		e.wakeAt(next)
	}
}

// clean drops started jobs from the queue and the candidates once they
// are more than half of them.
func (s *Backfill) clean(e *Engine) {
	if s.dead <= 64 || s.dead <= len(s.queue)/2 {
		return
	}
	started := func(x keyed) bool { return e.state[x.j] != stateWaiting }
	s.queue = slices.DeleteFunc(s.queue, started)
	s.cands = slices.DeleteFunc(s.cands, started)
	s.dead = 0
}

// restrict gives up the reservations of jobs no longer among the first k
// waiting jobs (a job ranked before them arrived).
func (s *Backfill) restrict(e *Engine) {
	c, kept := 0, 0
	for _, x := range s.queue {
		if kept == s.nres {
			return
		}
		j := x.j
		if e.state[j] != stateWaiting {
			continue
		}
		r := s.res[j]
		switch {
		case math.IsNaN(r):
		case c < s.k:
			kept++
		default:
			s.prof.add(r, r+dur(e, j), e.width[j])
			s.res[j] = math.NaN()
			s.nres--
			s.freed, s.dirty = true, true
		}
		c++
	}
}

// compress moves each reservation, in Queue order, to the earliest time it
// now fits.
func (s *Backfill) compress(e *Engine) {
	now, c := e.now, 0
	for _, x := range s.queue {
		if c == s.nres {
			return
		}
		j := x.j
		r := s.res[j]
		if e.state[j] != stateWaiting || math.IsNaN(r) {
			continue
		}
		c++
		if !(r > now) {
			continue
		}
		w, d := e.width[j], dur(e, j)
		if t := s.prof.earlierFit(now, w, d, r); t < r {
			s.prof.add(r, r+d, w)
			s.prof.add(t, t+d, -w)
			s.res[j] = t
			if s.onReserve != nil {
				s.onReserve(j, t)
			}
		}
	}
}

// reserve gives a reservation to each of the first k waiting jobs without
// one.
func (s *Backfill) reserve(e *Engine) {
	if s.nres == s.k || s.nres == e.nWaiting {
		return
	}
	c := 0
	for _, x := range s.queue {
		if c == s.k {
			return
		}
		j := x.j
		if e.state[j] != stateWaiting {
			continue
		}
		c++
		if !math.IsNaN(s.res[j]) {
			continue
		}
		w, d := e.width[j], dur(e, j)
		t := s.prof.earliestFit(e.now, w, d)
		s.prof.add(t, t+d, -w)
		s.res[j] = t
		s.nres++
		if s.onReserve != nil {
			s.onReserve(j, t)
		}
	}
}

// startDue starts the reserved jobs whose time has come, in order of
// reservation then Queue order, and reports whether it started any.
func (s *Backfill) startDue(e *Engine) bool {
	now := e.now
	var due []keyed
	c := 0
	for _, x := range s.queue {
		if c == s.nres {
			break
		}
		r := s.res[x.j]
		if e.state[x.j] != stateWaiting || math.IsNaN(r) {
			continue
		}
		c++
		if r <= now {
			due = append(due, keyed{key: r, pos: len(due), j: x.j})
		}
	}
	if len(due) == 0 {
		return false
	}
	slices.SortFunc(due, keyedCmp)
	for _, x := range due {
		j := x.j
		s.held[j] = s.res[j] + dur(e, j)
		s.res[j] = math.NaN()
		s.nres--
		s.start(e, j)
	}
	return true
}

func (s *Backfill) start(e *Engine, j int) {
	e.Start(j)
	s.dead++
}

// backfill starts the candidates that fit now without touching a
// reservation: all of them after a job ended (or a reservation was given
// up), else only the new arrivals, since then the profile from now on can
// only have lost processors.
func (s *Backfill) backfill(e *Engine) {
	if e.free == 0 || s.nres == 0 {
		return
	}
	try := func(j int) {
		if e.state[j] != stateWaiting || !math.IsNaN(s.res[j]) {
			return
		}
		w, d := e.width[j], e.estimate[j]
		if w > e.free || (d > 0 && !s.prof.fitsAt(e.now, w, d)) {
			return
		}
		s.prof.add(e.now, e.now+d, -w)
		s.held[j] = e.now + d
		s.start(e, j)
	}
	if !s.dirty {
		if len(s.fresh) > 1 {
			slices.SortFunc(s.fresh, keyedCmp)
		}
		for _, x := range s.fresh {
			if e.free == 0 {
				return
			}
			try(x.j)
		}
		return
	}
	list := s.queue
	if s.separate() {
		list = s.cands
	}
	for _, x := range list {
		if e.free == 0 {
			return
		}
		try(x.j)
	}
}

// fitsAt reports whether n processors are free over [t, t+d).
func (p *profile) fitsAt(t float64, n int, d float64) bool {
	b, i := p.locate(t)
	if blk := p.blk(b); blk.v[i]+blk.lazy < n {
		return false
	}
	ub, ui := p.nextBelow(b, i, n)
	return ub < 0 || p.blk(ub).t[ui] >= t+d
}
