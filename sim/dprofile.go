package sim

import (
	"math"
	"slices"
)

// dprofile is the profile of free processors that Conservative keeps (see
// profile for the definition; Mu'alem and Feitelson 2001 §2), held as
// differences: at breakpoint k, time t_k, the number of free processors
// changes by d_k, and d_0 is the number free at t_0, the current time. The
// number free in segment k is d_0 + … + d_k. A breakpoint whose change is
// zero is removed, so the breakpoints are exactly those of profile, where
// adjacent segments with equal values are merged, and every search gives
// the same time.
//
// A reservation then changes two breakpoints and a move four, instead of
// rewriting every segment of both slots as profile does: a move walks the
// segments from its new start to its old end once (to find the four
// places and the largest number free where the old slot gained), and
// shifts the breakpoints after each change once. A search walks the
// segments in time order keeping the running sum, from the first time
// with enough processors free (found by a walk from t_0 and cached by
// Conservative while the profile does not change). The array is flat: on
// the logs the profile holds a few dozen breakpoints (51.6 on average at
// each search of compress on SDSC-BLUE), where the blocks of profile save
// nothing. A deep queue (BenchmarkDeepQueue) makes it long, and then the
// walks and shifts are linear in it.
type dprofile struct {
	s    []dseg // breakpoints, in increasing time
	buf  []dseg // moveMerge's scratch: the region it rebuilds
	span int    // mergeSpan (tests change it; see move)
}

// dseg is a breakpoint of dprofile: at time t the number of free
// processors changes by d (for the first, d is the number free).
type dseg struct {
	t float64
	d int
}

// reset makes the profile of an idle machine of total processors from
// time origin on.
func (p *dprofile) reset(total int, origin float64) {
	p.s = append(p.s[:0], dseg{origin, total})
	p.span = mergeSpan
}

// advance forgets the profile before time now (not before t[0]).
func (p *dprofile) advance(now float64) {
	s := p.s
	k, v := 0, s[0].d
	for k+1 < len(s) && s[k+1].t <= now {
		k++
		v += s[k].d
	}
	if k > 0 {
		p.s = s[:1+copy(s[1:], s[k+1:])]
	}
	p.s[0] = dseg{max(s[0].t, now), v}
}

// point adds c to the change at time x ≥ t[0], which lies at or after
// breakpoint lo, inserting a breakpoint at x or removing the one there
// when its change becomes zero.
func (p *dprofile) point(lo int, x float64, c int) {
	s := p.s
	hi := len(s)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s[m].t < x {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(s) && s[lo].t == x {
		s[lo].d += c
		if s[lo].d == 0 && lo > 0 {
			p.s = append(s[:lo], s[lo+1:]...)
		}
		return
	}
	p.s = slices.Insert(s, lo, dseg{x, c})
}

// add adds c free processors over [s, e) (its part from t[0] on).
func (p *dprofile) add(s, e float64, c int) {
	s, e = max(s, p.s[0].t), max(e, p.s[0].t)
	if !(e > s) || c == 0 {
		return
	}
	p.point(0, e, -c)
	p.point(0, s, c)
}

// locate returns the segment holding time x (the first for times before
// t[0]) and the number free in it.
func (p *dprofile) locate(x float64) (k, v int) {
	s := p.s
	v = s[0].d
	for k+1 < len(s) && s[k+1].t <= x {
		k++
		v += s[k].d
	}
	return k, v
}

// tail returns the time from which every processor is free for ever.
func (p *dprofile) tail() float64 { return p.s[len(p.s)-1].t }

// maxIn returns the largest number of free processors over [s, e) (the
// number free at s when e ≤ s).
func (p *dprofile) maxIn(s, e float64) int {
	k, v := p.locate(s)
	m := v
	for k++; k < len(p.s) && p.s[k].t < e; k++ {
		v += p.s[k].d
		m = max(m, v)
	}
	return m
}

// firstAtLeast returns the first time ≥ t[0] with at least n processors
// free, its segment and the number free in it.
func (p *dprofile) firstAtLeast(n int) (t float64, k, v int) {
	s := p.s
	v = s[0].d
	for v < n {
		k++
		v += s[k].d
	}
	return s[k].t, k, v
}

// earlierFit is profile.earlierFit: the earliest time t ≥ from, t < r,
// such that n processors are free over [t, min(r, t+d)); r if there is
// none.
func (p *dprofile) earlierFit(from float64, n int, d, r float64) float64 {
	from = max(from, p.s[0].t) // in the segment locate returns
	k, v := p.locate(from)
	t, _, _ := p.search(k, v, from, n, d, r, r)
	return t
}

// search is earlierFit for a from in segment k, of v free processors. It
// also returns the segment that holds the time found and the number free
// in it when it is before r. When there is none and from < r, it returns
// instead the segment where it stopped and the number free in it: the
// first segment with n free after the last run of n free that starts
// before r. That segment starts at or after r, and every interval within
// [from, its time) over which n are free ends before r and lasts less
// than d (it lies in a run the search found too short).
//
// Only starts before rs ≤ r are tried (a caller that knows that none at
// or after rs fits passes it; r otherwise): when none of them fits,
// search returns r, the segment where it stopped, which starts at or
// after rs, and the number free in it; every interval within
// [from, its time) over which n are free still ends before r and lasts
// less than d.
func (p *dprofile) search(k, v int, from float64, n int, d, r, rs float64) (t float64, tk, tv int) {
	s := p.s
	// A run of at least n free starts at the first segment with n free
	// (one starting at or after r starts too late); the last segment has
	// every processor free. Only the first run can start before from
	// (in segment k, which holds from: then it starts at from); a later
	// one starts at its segment. The start of the first run is chosen by
	// whether the walk left segment k, and the end of each window is
	// compared, not taken with max and min: Go's max and min of floats
	// also order NaNs and signed zeros, which a time never is, at a cost
	// of about 20 instructions each.
	t = from
	if v < n {
		for {
			k++
			v += s[k].d
			if v >= n {
				break
			}
		}
		t = s[k].t
	}
	for t < rs {
		end := t + d
		if r < end {
			end = r
		}
		tk, tv = k, v
		// It fits when no segment below n starts before end.
		for k++; ; k++ {
			if k >= len(s) || s[k].t >= end {
				return t, tk, tv
			}
			v += s[k].d
			if v < n {
				break
			}
		}
		for k++; k < len(s); k++ {
			v += s[k].d
			if v >= n {
				break
			}
		}
		t = s[k].t
	}
	return r, k, v
}

// reserve takes n processors over [t, t+d) for the earliest t ≥ t[0] at
// which they are free, and returns t.
func (p *dprofile) reserve(n int, d float64) float64 {
	inf := math.Inf(1)
	t, tk, _ := p.search(0, p.s[0].d, p.s[0].t, n, d, inf, inf)
	p.point(tk, t+d, n)
	p.point(tk, t, -n)
	return t
}

// mergeSpan is dprofile.span's value: the most breakpoints from t on for
// which move takes moveMerge.
const mergeSpan = 64

// moveMerge is move for a short profile after t. The breakpoints before
// t and after r+d keep their changes: moveMerge rebuilds only the region
// between, of the breakpoints from t to r+d (8.8 on average at a move on
// SDSC-BLUE, of 52.6 in all), into buf, merging in the four changes
// (three when the new slot ends where the old one starts) in one walk,
// then shifts the breakpoints after the region by the number it gained or
// lost (one copy, none when that is zero: 38% of the moves on SDSC-BLUE)
// and copies the region back. O(region), plus O(breakpoints after it)
// when the region's size changed.
func (p *dprofile) moveMerge(tk, tv int, t, r, d float64, n int) int {
	s := p.s
	L := len(s)
	// The changes in time order: −n at t, +n at a and g, −n at e. (The
	// ends are compared, not taken with min and max, which also order
	// NaNs and signed zeros at a cost.)
	a, g, e := t+d, r, r+d
	if r < a {
		a, g = r, t+d
	}
	xs := [4]float64{t, a, g, e}
	cs := [4]int{-n, n, n, -n}
	np := 4
	if a == g {
		xs[1], cs[1], xs[2], cs[2] = a, 2*n, e, -n
		np = 3
	}
	// k: the first breakpoint at or after t, where the region starts;
	// v: the number free just before it.
	k, v := tk, tv
	if s[tk].t < t {
		k++
	} else {
		v -= s[tk].d
	}
	pt := k
	// The region holds at most the breakpoints from pt on and the four
	// changes. (buf and s are stored back only when they grow: a store
	// of a pointer costs a write barrier while the collector runs.)
	if cap(p.buf) < L-pt+4 {
		p.buf = make([]dseg, 2*(L-pt+4))
	}
	buf := p.buf[:L-pt+4]
	b := 0
	// m: the largest number free before the move over the segments
	// walked since g (set at g, raised by every segment: before g the
	// value is dropped at g).
	m := 0
	for i := range np {
		x, c := xs[i], cs[i]
		// The breakpoints before x keep their changes.
		for ; k < L && s[k].t < x; k++ {
			v += s[k].d
			m = max(m, v)
			buf[b] = s[k]
			b++
		}
		// A breakpoint at x takes the change; one whose change becomes
		// zero is dropped (but for the first, which holds the number
		// free at t[0]).
		if k < L && s[k].t == x {
			v += s[k].d
			c += s[k].d
			k++
		}
		if i == np-2 {
			m = v // the segment holding g
		}
		if c != 0 || (i == 0 && pt == 0) {
			buf[b] = dseg{x, c}
			b++
		}
	}
	// The breakpoints from k on shift to the region's new end.
	nl := pt + b + L - k
	if nl > cap(s) {
		s = slices.Grow(s, nl-L)
		p.s = s
	}
	if end := pt + b; end != k {
		copy(s[:max(L, nl)][end:], s[k:L])
	}
	copy(s[:nl][pt:], buf[:b])
	p.s = p.s[:nl]
	return m + n
}

// move moves a reservation of n processors from [r, r+d) to [t, t+d),
// t[0] ≤ t < r, d > 0, where segment tk, of tv free, holds t (as search
// finds them): n fewer free over [t, min(r, t+d)) and n more over
// [max(r, t+d), r+d). It returns the largest number free, afterwards,
// over [max(r, t+d), r+d), the part of the old slot that gained.
//
// When at most p.span breakpoints follow segment tk, it is moveMerge,
// which copies the breakpoints from t to r+d through a scratch array.
// Else the four changes (three when the new slot ends where the old one
// starts) are found in one walk from tk, and only the breakpoints that
// move are shifted, each gap between two changes once, by the number
// inserted minus the number removed before it. Both give the same profile
// (TestPropertyDprofileMoveWays); the first costs least when few
// breakpoints follow t (on SDSC-BLUE 39 on average at a move, 8.8 of them
// up to r+d), the second when many do (on HPC2N 88, 23 up to r+d).
// Callgrind, instructions of conservative backfilling on the whole log:
// SDSC-BLUE 2.87 G with the second way alone, 2.76 G with moveMerge
// alone, 2.78 G with span 64; HPC2N 3.70 G, 3.95 G and 3.69 G.
func (p *dprofile) move(tk, tv int, t, r, d float64, n int) int {
	if len(p.s)-tk <= p.span {
		return p.moveMerge(tk, tv, t, r, d, n)
	}
	s := p.s
	L := len(s)
	a, g, e := min(r, t+d), max(r, t+d), r+d
	// Positions: the first breakpoint at or after each time.
	pt := tk
	if s[tk].t < t {
		pt++
	}
	k, v := tk, tv
	for k+1 < L && s[k+1].t < a {
		k++
		v += s[k].d
	}
	pa := k + 1
	for k+1 < L && s[k+1].t < g {
		k++
		v += s[k].d
	}
	pg := k + 1
	m := math.MinInt
	if !(pg < L && s[pg].t == g) { // segment k holds g
		m = v + n
	}
	for k+1 < L && s[k+1].t < e {
		k++
		v += s[k].d
		m = max(m, v+n)
	}
	pe := k + 1
	var pts [4]mpoint
	pts[0] = mpoint{pos: pt, x: t, c: -n}
	np := 1
	if a == g {
		pts[1] = mpoint{pos: pa, x: a, c: 2 * n}
		np = 2
	} else {
		pts[1] = mpoint{pos: pa, x: a, c: n}
		pts[2] = mpoint{pos: pg, x: g, c: n}
		np = 3
	}
	pts[np] = mpoint{pos: pe, x: e, c: -n}
	np++
	// What each change consumes (a breakpoint there) and produces (a
	// breakpoint with a non-zero change, or the first), and the offset
	// of the breakpoints after it.
	off := 0
	for i := range np {
		q := &pts[i]
		if q.pos < L && s[q.pos].t == q.x {
			q.cons = 1
			q.c += s[q.pos].d
		}
		if q.c != 0 || q.pos == 0 {
			q.prod = 1
		}
		q.dst = q.pos + off
		off += q.prod - q.cons
		q.off = off
	}
	if off > 0 {
		s = slices.Grow(s, off)[:L+off]
	}
	// Shift the breakpoints after each change: those moving left in
	// time order, then those moving right in reverse. A short gap is
	// shifted in a loop: a call of copy (memmove) cost about 60
	// instructions on SDSC-BLUE, most gaps being short.
	for i := range np {
		if q := &pts[i]; q.off < 0 {
			lo, hi := q.pos+q.cons, gapEnd(pts[:np], i, L)
			if hi-lo > shortGap {
				copy(s[lo+q.off:], s[lo:hi])
				continue
			}
			for x, dst := lo, s[lo+q.off:]; x < hi; x++ {
				dst[x-lo] = s[x]
			}
		}
	}
	for i := np - 1; i >= 0; i-- {
		if q := &pts[i]; q.off > 0 {
			lo, hi := q.pos+q.cons, gapEnd(pts[:np], i, L)
			if hi-lo > shortGap {
				copy(s[lo+q.off:], s[lo:hi])
				continue
			}
			for x := hi - 1; x >= lo; x-- {
				s[x+q.off] = s[x]
			}
		}
	}
	for i := range np {
		if q := &pts[i]; q.prod == 1 {
			s[q.dst] = dseg{q.x, q.c}
		}
	}
	p.s = s[:L+off]
	return m
}

// mpoint is one change of a move: c added to the change at time x, whose
// first breakpoint at or after x is pos; cons and prod are the
// breakpoints it removes and leaves (0 or 1), dst its place afterwards and
// off the shift of the breakpoints after it.
type mpoint struct {
	pos, cons, prod, dst, off int
	x                         float64
	c                         int
}

// shortGap is the most breakpoints move shifts in a loop rather than by
// copy.
const shortGap = 8

// gapEnd returns the end of the breakpoints after change i of a move: the
// position of the next change, or L.
func gapEnd(pts []mpoint, i, L int) int {
	if i+1 < len(pts) {
		return pts[i+1].pos
	}
	return L
}
