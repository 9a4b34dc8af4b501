package sim

import (
	"math"
	"slices"
	"sort"
	"testing"

	"pgregory.net/rapid"
)

// genWorkload draws a small random workload with many ties in time (submit
// times and runtimes are small integers), zero runtimes and exact or loose
// estimates: the cases that break naive simulators.
func genWorkload(t *rapid.T) ([]Job, int) {
	procs := rapid.IntRange(1, 16).Draw(t, "procs")
	n := rapid.IntRange(0, 60).Draw(t, "n")
	span := rapid.IntRange(0, 200).Draw(t, "span")
	jobs := make([]Job, n)
	for i := range jobs {
		run := float64(rapid.IntRange(0, 40).Draw(t, "runtime"))
		est := run
		if rapid.Bool().Draw(t, "loose") {
			est += float64(rapid.IntRange(0, 60).Draw(t, "slack"))
		}
		jobs[i] = Job{ID: i + 1, User: i % 3, Submit: float64(rapid.IntRange(0, span).Draw(t, "submit")),
			Runtime: run, Estimate: est, Procs: rapid.IntRange(1, procs).Draw(t, "width"),
			Wait: float64(rapid.IntRange(0, 30).Draw(t, "wait"))}
	}
	return jobs, procs
}

// run simulates jobs and counts the terminations of each job.
func runCounting(t *rapid.T, jobs []Job, procs int, s Scheduler) (*Result, []int) {
	e, err := NewEngine(procs, s, EngineOptions{Timeline: true})
	if err != nil {
		t.Fatal(err)
	}
	ends := make([]int, len(jobs))
	e.OnFinish = func(e *Engine, j int) {
		ends[j]++
		if e.EndTime(j) != e.Now() {
			t.Fatalf("job %d reported ended at %v, now %v", j, e.EndTime(j), e.Now())
		}
	}
	e.SubmitAll(jobs)
	if err := e.Run(); err != nil {
		t.Fatal(err)
	}
	return e.Result(), ends
}

// checkCommon checks the invariants every scheduler must keep.
func checkCommon(t *rapid.T, r *Result, ends []int, procs int) {
	type ev struct {
		t float64
		d int
	}
	var evs []ev
	for j := range r.ID {
		if ends[j] != 1 {
			t.Fatalf("job %d ended %d times", j, ends[j])
		}
		if !(r.Start[j] >= r.Submit[j]) {
			t.Fatalf("job %d started at %v before its arrival at %v", j, r.Start[j], r.Submit[j])
		}
		if r.End[j] != r.Start[j]+r.Runtime[j] {
			t.Fatalf("job %d: end %v ≠ start %v + runtime %v", j, r.End[j], r.Start[j], r.Runtime[j])
		}
		if r.Runtime[j] > 0 {
			evs = append(evs, ev{r.Start[j], r.Width[j]}, ev{r.End[j], -r.Width[j]})
		}
	}
	// Processors in use over half-open intervals [start, end): at equal
	// times the releases come first.
	sort.Slice(evs, func(a, b int) bool { return evs[a].t < evs[b].t || (evs[a].t == evs[b].t && evs[a].d < evs[b].d) })
	busy := 0
	for _, x := range evs {
		busy += x.d
		if busy > procs {
			t.Fatalf("over-allocation at %v: %d processors in use on %d", x.t, busy, procs)
		}
	}
	for i, b := range r.Timeline.Busy {
		if b < 0 || b > procs {
			t.Fatalf("timeline at %v: %d busy", r.Timeline.Time[i], b)
		}
	}
}

func TestPropertyInvariants(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"fcfs", "easy", "easy-sjbf", "conservative", "log"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rapid.Check(t, func(t *rapid.T) {
				jobs, procs := genWorkload(t)
				s, _ := New(name)
				r, ends := runCounting(t, jobs, procs, s)
				checkCommon(t, r, ends, procs)
				// Determinism: a second run gives the same schedule.
				s2, _ := New(name)
				r2, _ := runCounting(t, jobs, procs, s2)
				if !slices.Equal(r.Start, r2.Start) || r.MaxQueue != r2.MaxQueue ||
					!slices.Equal(r.Weekly.Outstanding, r2.Weekly.Outstanding) {
					t.Fatalf("two runs differ")
				}
			})
		})
	}
}

// arrivalOrder returns job numbers in order of arrival (submit, then
// submission order).
func arrivalOrder(r *Result) []int {
	idx := make([]int, r.Len())
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return r.Submit[idx[a]] < r.Submit[idx[b]] })
	return idx
}

func TestPropertyFCFSOrder(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		jobs, procs := genWorkload(t)
		r, _ := runCounting(t, jobs, procs, &FCFS{})
		ord := arrivalOrder(r)
		for k := 1; k < len(ord); k++ {
			if r.Start[ord[k]] < r.Start[ord[k-1]] {
				t.Fatalf("job %d started at %v before job %d (earlier arrival) at %v",
					ord[k], r.Start[ord[k]], ord[k-1], r.Start[ord[k-1]])
			}
		}
	})
}

func TestPropertyEASYReservation(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		jobs, procs := genWorkload(t)
		first := map[int]float64{}
		s := &EASY{onReserve: func(j int, shadow float64) {
			if r, ok := first[j]; ok && shadow > r {
				t.Fatalf("head %d: reservation moved later, %v → %v", j, r, shadow)
			}
			if _, ok := first[j]; !ok {
				first[j] = shadow
			}
		}}
		r, _ := runCounting(t, jobs, procs, s)
		for j, sh := range first {
			if r.Start[j] > sh {
				t.Fatalf("head %d started at %v, after its reservation %v", j, r.Start[j], sh)
			}
		}
	})
}

func TestPropertyConservativeReservation(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		jobs, procs := genWorkload(t)
		first := map[int]float64{}
		last := map[int]float64{}
		s := &Conservative{onReserve: func(j int, res float64) {
			if r, ok := last[j]; ok && res > r {
				t.Fatalf("job %d: reservation moved later, %v → %v", j, r, res)
			}
			if _, ok := first[j]; !ok {
				first[j] = res
			}
			last[j] = res
		}}
		r, _ := runCounting(t, jobs, procs, s)
		for j := range r.ID {
			f, ok := first[j]
			if !ok {
				t.Fatalf("job %d never had a reservation", j)
			}
			if r.Start[j] > f {
				t.Fatalf("job %d started at %v, after its first reservation %v", j, r.Start[j], f)
			}
			if r.Start[j] != last[j] {
				t.Fatalf("job %d started at %v, not at its reservation %v", j, r.Start[j], last[j])
			}
		}
	})
}

// A job compress passes over because of an earlier failed search
// (Conservative's failed) cannot move: a search would find no earlier fit.
func TestPropertyConservativeSkip(t *testing.T) {
	t.Parallel()
	skips := 0
	rapid.Check(t, func(t *rapid.T) {
		procs, jobs := drawCrowdedWorkload(t)
		s := &Conservative{}
		s.onSkip = func(e *Engine, j int) {
			skips++
			if r := s.res[j]; s.prof.earlierFit(e.now, e.width[j], dur(e, j), r) < r {
				t.Fatalf("job %d (%+v) passed over at %v, but fits before its reservation %v", j, jobs[j], e.now, r)
			}
		}
		a, ends := runCounting(t, jobs, procs, s)
		checkCommon(t, a, ends, procs)
	})
	if skips == 0 {
		t.Error("no job was passed over: the property was not exercised")
	}
}

// The fast schedulers make the same decisions as the plain references.
func TestPropertyMatchesReference(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		fast, ref func() Scheduler
	}{
		{"easy", func() Scheduler { return &EASY{} }, func() Scheduler { return &refEASY{} }},
		{"easy-sjbf", func() Scheduler { return &EASY{Order: ShortestFirst} },
			func() Scheduler { return &refEASY{order: ShortestFirst} }},
		{"conservative", func() Scheduler { return &Conservative{} }, func() Scheduler { return &refConservative{} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rapid.Check(t, func(t *rapid.T) {
				jobs, procs := genWorkload(t)
				a, _ := runCounting(t, jobs, procs, c.fast())
				b, _ := runCounting(t, jobs, procs, c.ref())
				for j := range a.Start {
					if a.Start[j] != b.Start[j] {
						t.Fatalf("job %d (%+v): starts at %v, reference %v", j, jobs[j], a.Start[j], b.Start[j])
					}
				}
			})
		})
	}
}

// Jobs submitted while the simulation runs (as a feedback simulation
// does): each user submits its next job when its previous one ends, after
// a think time. The invariants hold and each job arrives where the hook
// put it.
func TestPropertyFeedbackSubmission(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"fcfs", "easy", "conservative"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rapid.Check(t, func(t *rapid.T) {
				jobs, procs := genWorkload(t)
				think := rapid.IntRange(0, 5).Draw(t, "think")
				users := 3
				s, _ := New(name)
				e, _ := NewEngine(procs, s, EngineOptions{})
				next := make([]int, users) // next job of each user (index into jobs)
				var want []float64
				ends := map[int]int{}
				submit := func(u int, at float64) {
					for next[u] < len(jobs) && jobs[next[u]].User != u {
						next[u]++
					}
					if next[u] < len(jobs) {
						j := jobs[next[u]]
						j.Submit = at
						e.Submit(j)
						want = append(want, at)
						next[u]++
					}
				}
				e.OnFinish = func(e *Engine, j int) {
					ends[j]++
					submit(e.User(j), e.Now()+float64(think))
				}
				for u := range users {
					submit(u, 0)
				}
				if err := e.Run(); err != nil {
					t.Fatal(err)
				}
				r := e.Result()
				cnt := make([]int, r.Len())
				for j, c := range ends {
					cnt[j] = c
				}
				checkCommon(t, r, cnt, procs)
				if !slices.Equal(r.Submit, want) {
					t.Fatalf("arrivals %v, want %v", r.Submit, want)
				}
				if r.Len() != len(jobs) {
					t.Fatalf("%d jobs simulated, want %d", r.Len(), len(jobs))
				}
			})
		})
	}
}

// With a machine large enough for any overlap, LogReplay starts every job
// at submit + logged wait.
func TestPropertyLogReplay(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		jobs, _ := genWorkload(t)
		procs := 16 * 61
		s := &LogReplay{}
		r, ends := runCounting(t, jobs, procs, s)
		checkCommon(t, r, ends, procs)
		for j := range r.ID {
			if want := jobs[j].Submit + jobs[j].Wait; r.Start[j] != want {
				t.Fatalf("job %d started at %v, logged start %v", j, r.Start[j], want)
			}
		}
		if s.Delayed != 0 {
			t.Fatalf("%d jobs delayed", s.Delayed)
		}
	})
}

// The profile answers as a plain array of free processors over unit time
// steps does.
func TestPropertyProfile(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		const horizon = 400
		total := rapid.IntRange(1, 20).Draw(t, "total")
		var p profile
		p.reset(total, 0)
		naive := make([]int, horizon+400)
		for i := range naive {
			naive[i] = total
		}
		type iv struct{ s, e, w int }
		var held []iv
		now := 0
		steps := rapid.IntRange(1, 300).Draw(t, "steps")
		for range steps {
			switch op := rapid.IntRange(0, 4).Draw(t, "op"); {
			case op <= 1: // reserve at the earliest fit
				w := rapid.IntRange(1, total).Draw(t, "w")
				d := rapid.IntRange(0, 20).Draw(t, "d")
				from := now + rapid.IntRange(0, 10).Draw(t, "from")
				got := p.earliestFit(float64(from), w, float64(d))
				want := from
				for ; ; want++ {
					ok := naive[want] >= w
					for u := want; u < want+d; u++ {
						ok = ok && naive[u] >= w
					}
					if ok {
						break
					}
				}
				if got != float64(want) {
					t.Fatalf("earliestFit(%d, %d, %d) = %v, want %d", from, w, d, got, want)
				}
				if want+d < horizon && d > 0 {
					p.add(float64(want), float64(want+d), -w)
					for u := want; u < want+d; u++ {
						naive[u] -= w
					}
					held = append(held, iv{want, want + d, w})
				}
			case op == 2 && len(held) > 0: // release part of a reservation
				k := rapid.IntRange(0, len(held)-1).Draw(t, "k")
				h := held[k]
				s := max(h.s, now)
				if s < h.e {
					p.add(float64(s), float64(h.e), h.w)
					for u := s; u < h.e; u++ {
						naive[u] += h.w
					}
				}
				held = slices.Delete(held, k, k+1)
			case op == 3: // time passes
				now = min(now+rapid.IntRange(0, 15).Draw(t, "dt"), 300)
				p.advance(float64(now))
			case op == 4 && len(held) > 0: // move a reservation earlier, as compress does
				k := rapid.IntRange(0, len(held)-1).Draw(t, "k")
				h := held[k]
				if h.s <= now {
					break
				}
				r, d := float64(h.s), float64(h.e-h.s)
				from := float64(now + rapid.IntRange(0, 5).Draw(t, "mfrom")) // not always a breakpoint
				b, i := p.locate(from)
				at, b, i, eb, ei := p.earlierFitEnd(b, i, from, h.w, d, r)
				if at >= r {
					break
				}
				if eb >= 0 && !segmentHolds(&p, eb, ei, min(r, at+d)) {
					t.Fatalf("earlierFitEnd(%v, %d, %v, %v) = %v, end in segment (%d, %d)", from, h.w, d, r, at, eb, ei)
				}
				if !segmentHolds(&p, b, i, at) {
					t.Fatalf("earlierFitEnd(%v, %d, %v, %v) = %v in segment (%d, %d)", from, h.w, d, r, at, b, i)
				}
				bound := p.move(b, i, eb, ei, at, r, d, h.w)
				u0 := int(at)
				for u := h.s; u < h.e; u++ {
					naive[u] += h.w
				}
				for u := u0; u < u0+h.e-h.s; u++ {
					naive[u] -= h.w
				}
				for u := max(h.s, u0+h.e-h.s); u < h.e; u++ {
					if naive[u] > bound {
						t.Fatalf("move [%d, %d) → %d: %d free at %d, bound %d", h.s, h.e, u0, naive[u], u, bound)
					}
				}
				held[k] = iv{u0, u0 + h.e - h.s, h.w}
			}
			checkProfileShape(t, &p)
			for u := now; u < horizon; u += 7 {
				if got := p.at(float64(u)); got != naive[u] {
					t.Fatalf("free at %d = %d, want %d", u, got, naive[u])
				}
			}
			lo := now + rapid.IntRange(0, 30).Draw(t, "lo")
			hi := lo + rapid.IntRange(1, 30).Draw(t, "len")
			want := math.MinInt
			for u := lo; u < hi; u++ {
				want = max(want, naive[u])
			}
			if got := p.maxIn(float64(lo), float64(hi)); got != want {
				t.Fatalf("maxIn(%d, %d) = %d, want %d", lo, hi, got, want)
			}
			// earlierFit: the earliest t in [lo, r) with n free over
			// [t, min(t+d, r)), r if none.
			n := rapid.IntRange(1, total).Draw(t, "n")
			d := rapid.IntRange(1, 30).Draw(t, "fd")
			r := lo + rapid.IntRange(1, 60).Draw(t, "fr")
			fit := r
			for u := lo; u < r && fit == r; u++ {
				ok := true
				for x := u; x < min(u+d, r); x++ {
					ok = ok && naive[x] >= n
				}
				if ok {
					fit = u
				}
			}
			if got := p.earlierFit(float64(lo), n, float64(d), float64(r)); got != float64(fit) {
				t.Fatalf("earlierFit(%d, %d, %d, %d) = %v, want %d", lo, n, d, r, got, fit)
			}
			// The same search from the first time with n free (as
			// compress starts it), in the segment firstAtLeast gives.
			first := lo
			for naive[first] < n {
				first++
			}
			f, fb, fi := p.firstAtLeast(float64(lo), n)
			if f != float64(first) || !segmentHolds(&p, fb, fi, f) {
				t.Fatalf("firstAtLeast(%d, %d) = %v in segment (%d, %d), want %d", lo, n, f, fb, fi, first)
			}
			if first < r {
				if got, _, _ := p.earlierFitFrom(fb, fi, f, n, float64(d), float64(r)); got != float64(fit) {
					t.Fatalf("earlierFitFrom(%v, %d, %d, %d) = %v, want %d", f, n, d, r, got, fit)
				}
			}
		}
	})
}

// Deep queues (hundreds of jobs arriving within a few seconds) exercise
// the block index of the waiting queue and the blocks of the profile.
func TestPropertyDeepQueueMatchesReference(t *testing.T) {
	t.Parallel()
	gen := func(t *rapid.T, nmax int) ([]Job, int) {
		procs := rapid.IntRange(8, 64).Draw(t, "procs")
		n := rapid.IntRange(nmax/2, nmax).Draw(t, "n")
		jobs := make([]Job, n)
		for i := range jobs {
			run := float64(rapid.IntRange(0, 100).Draw(t, "runtime"))
			jobs[i] = Job{ID: i, Submit: float64(rapid.IntRange(0, 20).Draw(t, "submit")), Runtime: run,
				Estimate: run + float64(rapid.IntRange(0, 100).Draw(t, "slack")),
				Procs:    rapid.IntRange(1, procs).Draw(t, "width")}
		}
		return jobs, procs
	}
	cases := []struct {
		name      string
		n         int
		fast, ref func() Scheduler
	}{
		{"easy", 600, func() Scheduler { return &EASY{} }, func() Scheduler { return &refEASY{} }},
		{"conservative", 150, func() Scheduler { return &Conservative{} }, func() Scheduler { return &refConservative{} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rapid.Check(t, func(t *rapid.T) {
				jobs, procs := gen(t, c.n)
				a, ends := runCounting(t, jobs, procs, c.fast())
				checkCommon(t, a, ends, procs)
				b, _ := runCounting(t, jobs, procs, c.ref())
				for j := range a.Start {
					if a.Start[j] != b.Start[j] {
						t.Fatalf("job %d (%+v): starts at %v, reference %v", j, jobs[j], a.Start[j], b.Start[j])
					}
				}
			})
		})
	}
}

// Moving a reservation earlier (profile.move, as compress does) in a
// profile of several blocks gives the profile a plain array of free
// processors gives, in one pass over a block (moveInBlock) or in two adds,
// and its bound holds for the part of the old slot that gained.
func TestPropertyProfileMove(t *testing.T) {
	t.Parallel()
	inFirst, inLater, twoAdds := 0, 0, 0
	rapid.Check(t, func(t *rapid.T) {
		const horizon = 600
		total := rapid.IntRange(2, 40).Draw(t, "total")
		var p profile
		p.reset(total, 0)
		naive := make([]int, 2*horizon)
		for i := range naive {
			naive[i] = total
		}
		type iv struct{ s, e, w int }
		var held []iv
		for range rapid.IntRange(1, 250).Draw(t, "reservations") {
			s := rapid.IntRange(0, horizon-1).Draw(t, "s")
			e := s + rapid.IntRange(1, 40).Draw(t, "len")
			w := rapid.IntRange(1, total).Draw(t, "w")
			p.add(float64(s), float64(e), -w)
			for u := s; u < e; u++ {
				naive[u] -= w
			}
			held = append(held, iv{s, e, w})
		}
		now := 0
		for range rapid.IntRange(1, 100).Draw(t, "moves") {
			if rapid.IntRange(0, 4).Draw(t, "advance") == 0 {
				now += rapid.IntRange(0, 20).Draw(t, "dt")
				p.advance(float64(now))
			}
			k := rapid.IntRange(0, len(held)-1).Draw(t, "k")
			h := held[k]
			if h.s <= now {
				continue
			}
			at := rapid.IntRange(now, h.s-1).Draw(t, "at")
			if c := rapid.IntRange(0, len(p.order)-1).Draw(t, "block"); rapid.Bool().Draw(t, "at block start") &&
				p.first[c] >= float64(now) && p.first[c] < float64(h.s) {
				at = int(p.first[c]) // where a block starts
			}
			r, d := float64(h.s), float64(h.e-h.s)
			b, i := p.locate(float64(at))
			bound, ok := p.moveInBlock(b, i, float64(at), r, d, h.w)
			switch {
			case ok && b == 0:
				inFirst++
			case ok:
				inLater++
			default:
				twoAdds++
				bound = p.move(b, i, -1, -1, float64(at), r, d, h.w)
			}
			for u := h.s; u < h.e; u++ {
				naive[u] += h.w
			}
			e := at + h.e - h.s
			for u := at; u < e; u++ {
				naive[u] -= h.w
			}
			for u := max(h.s, e); u < h.e; u++ {
				if naive[u] > bound {
					t.Fatalf("move [%d, %d) → %d: %d free at %d, bound %d", h.s, h.e, at, naive[u], u, bound)
				}
			}
			held[k] = iv{at, e, h.w}
			checkProfileShape(t, &p)
			for u := now; u < len(naive); u++ {
				if got := p.at(float64(u)); got != naive[u] {
					t.Fatalf("after moving [%d, %d) to %d: free at %d = %d, want %d", h.s, h.e, at, u, got, naive[u])
				}
			}
		}
	})
	if inFirst == 0 || inLater == 0 || twoAdds == 0 {
		t.Errorf("moves in the first block %d, in a later block %d, by two adds %d: not every path was exercised",
			inFirst, inLater, twoAdds)
	}
}

// checkProfileShape checks the invariants of p's representation:
// breakpoints strictly increasing, equal neighbours merged, each block's
// first breakpoint indexed, its minimum and maximum bounds (exact unless
// stale).
func checkProfileShape(t *rapid.T, p *profile) {
	prevT, prevV := math.Inf(-1), math.MinInt
	for k := range p.order {
		blk := p.blk(k)
		if blk.n == 0 || p.first[k] != blk.t[0] {
			t.Fatalf("block %d: %d breakpoints, first %v, indexed %v", k, blk.n, blk.t[0], p.first[k])
		}
		lo, hi := math.MaxInt, math.MinInt
		for i := range blk.n {
			v := blk.v[i] + blk.lazy
			if !(blk.t[i] > prevT) || v == prevV {
				t.Fatalf("block %d, segment %d: (%v, %d) after (%v, %d)", k, i, blk.t[i], v, prevT, prevV)
			}
			prevT, prevV = blk.t[i], v
			lo, hi = min(lo, v), max(hi, v)
		}
		if blk.lo > lo || blk.hi < hi || (!blk.stale && (blk.lo != lo || blk.hi != hi)) {
			t.Fatalf("block %d: bounds [%d, %d] (stale %v), values in [%d, %d]", k, blk.lo, blk.hi, blk.stale, lo, hi)
		}
	}
}

// segmentHolds reports whether segment i of block b of p holds time x.
func segmentHolds(p *profile, b, i int, x float64) bool {
	if b < 0 || b >= len(p.order) || i < 0 || i >= p.blk(b).n {
		return false
	}
	blk := p.blk(b)
	switch {
	case blk.t[i] > x:
		return false
	case i+1 < blk.n:
		return blk.t[i+1] > x
	default:
		return b+1 == len(p.order) || p.first[b+1] > x
	}
}

// drawCrowdedWorkload draws up to 200 short jobs submitted within 40 s on
// 4–32 processors, estimates at or above runtimes: a queue in which
// conservative backfilling's failed searches bound and skip others.
func drawCrowdedWorkload(t *rapid.T) (procs int, jobs []Job) {
	procs = rapid.IntRange(4, 32).Draw(t, "procs")
	jobs = make([]Job, rapid.IntRange(10, 200).Draw(t, "n"))
	for i := range jobs {
		run := float64(rapid.IntRange(0, 50).Draw(t, "runtime"))
		jobs[i] = Job{ID: i, Submit: float64(rapid.IntRange(0, 40).Draw(t, "submit")), Runtime: run,
			Estimate: run + float64(rapid.IntRange(0, 50).Draw(t, "slack")),
			Procs:    rapid.IntRange(1, procs).Draw(t, "width")}
	}
	return procs, jobs
}
