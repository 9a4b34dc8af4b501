package sim

import (
	"math"
	"os"
	"slices"
	"sort"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"pgregory.net/rapid"
)

// refBackfill is Backfill written as plainly as possible, through the
// public Engine API, recomputing everything at every pass from explicit
// lists of intervals (no profile structure, no incremental work): the
// specification the property tests hold Backfill to.
type refBackfill struct {
	k            int
	queue, bfill Order
	qkey, bkey   map[int]float64
	arrival      map[int]int
	res, held    map[int]float64
	freed        bool
	seq          int
}

func newRefBackfill(k int, queue, bfill Order) *refBackfill {
	if bfill == nil {
		bfill = queue
	}
	return &refBackfill{k: k, queue: queue, bfill: bfill, qkey: map[int]float64{}, bkey: map[int]float64{},
		arrival: map[int]int{}, res: map[int]float64{}, held: map[int]float64{}}
}

func (s *refBackfill) Arrive(e *Engine, j int) {
	s.arrival[j] = s.seq
	s.seq++
	if s.queue != nil {
		s.qkey[j] = s.queue(e, j)
	}
	if s.bfill != nil {
		s.bkey[j] = s.bfill(e, j)
	}
}

func (s *refBackfill) Finish(e *Engine, j int) {
	if s.held[j] > e.Now() {
		s.freed = true
	}
	delete(s.held, j)
}

// ranked returns the waiting jobs sorted by key, then arrival.
func (s *refBackfill) ranked(e *Engine, key map[int]float64) []int {
	q := slices.Clone(e.Waiting())
	sort.SliceStable(q, func(a, b int) bool {
		ka, kb := key[q[a]], key[q[b]]
		if ka != kb {
			return ka < kb
		}
		return s.arrival[q[a]] < s.arrival[q[b]]
	})
	return q
}

// free returns the processors free at time u, leaving out job skip's
// reservation.
func (s *refBackfill) free(e *Engine, u float64, skip int) int {
	f := e.Procs()
	for j, h := range s.held {
		if e.StartTime(j) <= u && u < h {
			f -= e.Width(j)
		}
	}
	for j, r := range s.res {
		if j != skip && r <= u && u < r+dur(e, j) {
			f -= e.Width(j)
		}
	}
	return f
}

// fits reports whether job j fits over [t, t+d), leaving out its own
// reservation: the free processors change only at the ends of intervals.
func (s *refBackfill) fits(e *Engine, j int, t, d float64) bool {
	pts := []float64{t}
	for k, h := range s.held {
		pts = append(pts, e.StartTime(k), h)
	}
	for k, r := range s.res {
		pts = append(pts, r, r+dur(e, k))
	}
	for _, u := range pts {
		if u >= t && (u == t || u < t+d) && s.free(e, u, j) < e.Width(j) {
			return false
		}
	}
	return true
}

// earliest returns the earliest time ≥ now at which job j fits for
// dur(j): now or the end of some interval.
func (s *refBackfill) earliest(e *Engine, j int) float64 {
	pts := []float64{e.Now()}
	for k, h := range s.held {
		pts = append(pts, h)
		_ = k
	}
	for k, r := range s.res {
		pts = append(pts, r+dur(e, k))
	}
	sort.Float64s(pts)
	for _, t := range pts {
		if t >= e.Now() && s.fits(e, j, t, dur(e, j)) {
			return t
		}
	}
	panic("refBackfill: no fit")
}

func (s *refBackfill) Schedule(e *Engine) {
	now := e.Now()
	k := s.k
	// Reservations beyond the first k are given up.
	for i, j := range s.ranked(e, s.qkey) {
		if _, ok := s.res[j]; ok && i >= k {
			delete(s.res, j)
			s.freed = true
		}
	}
	if s.freed {
		s.freed = false
		for _, j := range s.ranked(e, s.qkey) {
			if r, ok := s.res[j]; ok && r > now {
				if t := s.earliest(e, j); t < r {
					s.res[j] = t
				}
			}
		}
	}
	for {
		q := s.ranked(e, s.qkey)
		for _, j := range q[:min(k, len(q))] {
			if _, ok := s.res[j]; !ok {
				s.res[j] = s.earliest(e, j)
			}
		}
		var due []int
		for _, j := range q {
			if r, ok := s.res[j]; ok && r <= now {
				due = append(due, j)
			}
		}
		if len(due) == 0 {
			break
		}
		sort.SliceStable(due, func(a, b int) bool { return s.res[due[a]] < s.res[due[b]] })
		for _, j := range due {
			s.held[j] = s.res[j] + dur(e, j)
			delete(s.res, j)
			e.Start(j)
		}
	}
	for _, j := range s.ranked(e, s.bkey) {
		if _, ok := s.res[j]; ok || e.Width(j) > e.Free() {
			continue
		}
		if d := e.Estimate(j); d == 0 || s.fits(e, j, now, d) {
			s.held[j] = now + d
			e.Start(j)
		}
	}
	next := math.Inf(1)
	for _, r := range s.res {
		next = min(next, r)
	}
	if !math.IsInf(next, 1) {
		e.WakeAt(next)
	}
}

// backfillOrders are the orders the property tests draw from, with a
// caller's priority (larger users first) among them.
var backfillOrders = []Order{nil, ShortestFirst, SmallestAreaFirst, LargestFirst,
	func(e *Engine, j int) float64 { return -float64(e.User(j)) }}

func sameStarts(t *rapid.T, jobs []Job, a, b *Result, what string) {
	for j := range a.Start {
		if a.Start[j] != b.Start[j] {
			t.Fatalf("%s: job %d (%+v) starts at %v, reference %v", what, j, jobs[j], a.Start[j], b.Start[j])
		}
	}
}

// Backfill makes the decisions of the plain reference in every setting,
// keeps the invariants of every scheduler, and starts no reserved job
// later than its reservation unless it was pushed out of the first k.
func TestPropertyBackfillMatchesReference(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		jobs, procs := genWorkload(t)
		k := rapid.SampledFrom([]int{1, 2, 3, 5, AllReservations}).Draw(t, "k")
		qi := rapid.IntRange(0, len(backfillOrders)-1).Draw(t, "queue")
		bi := rapid.IntRange(-1, len(backfillOrders)-1).Draw(t, "backfill") // −1: nil
		var bo Order
		if bi >= 0 {
			bo = backfillOrders[bi]
		}
		fast := &Backfill{Reservations: k, Queue: backfillOrders[qi], Backfill: bo}
		a, ends := runCounting(t, jobs, procs, fast)
		checkCommon(t, a, ends, procs)
		b, _ := runCounting(t, jobs, procs, newRefBackfill(k, backfillOrders[qi], bo))
		sameStarts(t, jobs, a, b, fast.Name())
	})
}

// With one reservation and arrival order Backfill is EASY (and EASY-SJBF
// with ShortestFirst candidates); with every job reserved it is
// Conservative, start for start. Estimates are at least 1 s: a job of
// estimate zero holds a reservation of minReserve in Backfill, none in
// EASY.
func TestPropertyBackfillSpecialCases(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		fast, same func() Scheduler
		zeroOK     bool // equal even with zero estimates
	}{
		{"easy", func() Scheduler { return &Backfill{} }, func() Scheduler { return &EASY{} }, false},
		{"easy-sjbf", func() Scheduler { return &Backfill{Backfill: ShortestFirst} },
			func() Scheduler { return &EASY{Order: ShortestFirst} }, false},
		{"easy-area", func() Scheduler { return &Backfill{Backfill: SmallestAreaFirst} },
			func() Scheduler { return &EASY{Order: SmallestAreaFirst} }, false},
		{"conservative", func() Scheduler { return &Backfill{Reservations: AllReservations} },
			func() Scheduler { return &Conservative{} }, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rapid.Check(t, func(t *rapid.T) {
				jobs, procs := genWorkload(t)
				if !c.zeroOK {
					for i := range jobs {
						jobs[i].Estimate = max(jobs[i].Estimate, 1)
					}
				}
				a, _ := runCounting(t, jobs, procs, c.fast())
				b, _ := runCounting(t, jobs, procs, c.same())
				sameStarts(t, jobs, a, b, c.name)
			})
		})
	}
}

// On the archive's logs, Backfill with one reservation in arrival order is
// EASY and with every job reserved Conservative, start for start.
func TestBackfillSpecialCasesOnLogs(t *testing.T) {
	dir := os.Getenv("TRACELAB_DATA")
	if dir == "" {
		t.Skip("TRACELAB_DATA not set")
	}
	if testing.Short() {
		t.Skip("whole logs: not in -short")
	}
	for _, log := range []string{"KTH-SP2-1996-2.1-cln", "SDSC-SP2-1998-4.2-cln"} {
		tr, err := datasets.ReadFile(dir+"/"+log+".swf.gz", datasets.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name       string
			fast, same Scheduler
		}{
			{"easy", &Backfill{}, &EASY{}},
			{"conservative", &Backfill{Reservations: AllReservations}, &Conservative{}},
		} {
			a, err := Replay(tr, c.fast, Options{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := Replay(tr, c.same, Options{})
			if err != nil {
				t.Fatal(err)
			}
			diff := 0
			for j := range a.Start {
				if a.Start[j] != b.Start[j] {
					diff++
				}
			}
			if diff > 0 {
				t.Errorf("%s, %s: %d of %d jobs start at another time", log, c.name, diff, a.Len())
			}
		}
	}
}

func TestBackfillNames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, canonical string
		k               int
	}{
		{"backfill", "backfill:1,arrival,arrival", 1},
		{"backfill:2", "backfill:2,arrival,arrival", 2},
		{"backfill:all", "backfill:all,arrival,arrival", AllReservations},
		{"backfill:1,area", "backfill:1,area,area", 1},
		{"backfill:3,shortest,largest", "backfill:3,shortest,largest", 3},
		{"Backfill:1,Arrival,Shortest", "backfill:1,arrival,shortest", 1},
	} {
		s, err := New(c.name)
		if err != nil {
			t.Fatalf("New(%q): %v", c.name, err)
		}
		if got := SchedulerName(s); got != c.canonical {
			t.Errorf("SchedulerName(New(%q)) = %q, want %q", c.name, got, c.canonical)
		}
		if s.(*Backfill).reservations() != c.k {
			t.Errorf("New(%q): %d reservations, want %d", c.name, s.(*Backfill).reservations(), c.k)
		}
		again, err := New(c.canonical)
		if err != nil || SchedulerName(again) != c.canonical {
			t.Errorf("New(%q) does not round-trip: %v %v", c.canonical, SchedulerName(again), err)
		}
	}
	for _, bad := range []string{"backfill:0", "backfill:-1", "backfill:x", "backfill:1,fastest",
		"backfill:1,area,area,area", "backfill:1,"} {
		if _, err := New(bad); err == nil {
			t.Errorf("New(%q) accepted", bad)
		}
	}
	custom := &Backfill{Queue: func(e *Engine, j int) float64 { return 0 }}
	if got := SchedulerName(custom); got != "backfill:1,custom,custom" {
		t.Errorf("custom order: %q", got)
	}
}

// A small schedule by hand: on 4 processors, job 0 holds 3 until t = 10.
// At t = 1 arrive A (4 procs, 10 s), B (1 proc, 20 s) and C (2 procs, 5 s).
//
//   - EASY reserves [10, 20) for A; B fits on the free processor but would
//     run into A's reservation, C does not fit: A 10, then B and C 20.
//   - Every job reserved: A [10, 20), B [20, 40), C [20, 25): the same.
//   - Largest first ranks A, C, B: A 10; then C is reserved [20, 25) and B
//     fits beside it at 20.
//   - SJF-ordered reservations rank C, A, B: C is reserved [10, 15); B
//     fits now on the free processor for its 20 s (3 free from 10, C takes
//     2), so it starts at 1; A gets the machine when B ends, at 21.
func TestBackfillByHand(t *testing.T) {
	t.Parallel()
	jobs := []Job{
		{ID: 0, Submit: 0, Runtime: 10, Estimate: 10, Procs: 3},
		{ID: 1, Submit: 1, Runtime: 10, Estimate: 10, Procs: 4}, // A
		{ID: 2, Submit: 1, Runtime: 20, Estimate: 20, Procs: 1}, // B
		{ID: 3, Submit: 1, Runtime: 5, Estimate: 5, Procs: 2},   // C
	}
	for _, c := range []struct {
		s    Scheduler
		want []float64
	}{
		{&Backfill{}, []float64{0, 10, 20, 20}},
		{&Backfill{Queue: ShortestFirst}, []float64{0, 21, 1, 10}},
		{&Backfill{Reservations: AllReservations}, []float64{0, 10, 20, 20}},
		{&Backfill{Queue: LargestFirst}, []float64{0, 10, 20, 20}},
	} {
		r, err := Run(jobs, 4, c.s, EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Start, c.want) {
			t.Errorf("%s: starts %v, want %v", SchedulerName(c.s), r.Start, c.want)
		}
	}
}
