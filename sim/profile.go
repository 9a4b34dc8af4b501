package sim

import (
	"math"
	"slices"
)

// profile is the number of free processors as a step function of time,
// from the current time on, when every running job runs until its estimate
// and every reservation is kept (Mu'alem and Feitelson 2001 §2). Segment i
// starts at breakpoint t[i] and lasts until the next breakpoint; the last
// segment has every processor free and lasts for ever. Adjacent segments
// with equal values are merged.
//
// The breakpoints are held in blocks of at most pMax (a square-root
// decomposition): adding to a range of time touches the two partial blocks
// and a lazy counter in each block between them, and searches skip whole
// blocks by their minimum or maximum, so a profile of 10⁵ breakpoints (a
// queue of 10⁵ jobs with reservations) costs O(√n) per operation instead of
// O(n). The blocks are fixed-size arrays, each allocated once and kept in
// an arena for reuse across simulations; order points to them in time
// order (a pointer, not an index into the arena: one load less on every
// block a search passes) and first holds their first breakpoints, for the
// binary search of locate. Backfill keeps a profile; Conservative keeps the
// same function as differences (dprofile).
type profile struct {
	total int
	order []*pblock // the k-th block in time order
	first []float64 // first breakpoint of the k-th block
	arena []*pblock // every block allocated
	spare []*pblock // arena blocks not in use
	// bufT and bufV hold the segments moveInBlock rewrites.
	bufT []float64
	bufV []int
}

type pblock struct {
	n      int  // breakpoints held
	lazy   int  // added to every v
	lo, hi int  // minimum and maximum of v[:n] + lazy; bounds of them when stale
	stale  bool // lo and hi are to be recounted (bounds does)
	t      [pMax + 2]float64
	v      [pMax + 2]int // free processors, before adding lazy
}

// pMax is the most breakpoints a block keeps after an operation; an add
// may insert two before rebalance splits the block.
const pMax = 64

// recompute sets b's minimum and maximum.
func (b *pblock) recompute() {
	lo, hi := math.MaxInt, math.MinInt
	for _, x := range b.v[:b.n] {
		lo = min(lo, x)
		hi = max(hi, x)
	}
	b.lo, b.hi, b.stale = lo+b.lazy, hi+b.lazy, false
}

// bounds returns b's minimum and maximum, recounting them if an add left
// them stale.
func (b *pblock) bounds() (lo, hi int) {
	if b.stale {
		b.recompute()
	}
	return b.lo, b.hi
}

// blk returns the k-th block in time order.
func (p *profile) blk(k int) *pblock { return p.order[k] }

// newBlock returns an empty block of the arena.
func (p *profile) newBlock() *pblock {
	if n := len(p.spare); n > 0 {
		b := p.spare[n-1]
		p.spare = p.spare[:n-1]
		b.n, b.lazy, b.stale = 0, 0, false
		return b
	}
	b := new(pblock)
	p.arena = append(p.arena, b)
	return b
}

// reset makes the profile of an idle machine of total processors from
// time origin on.
func (p *profile) reset(total int, origin float64) {
	p.total = total
	if cap(p.bufT) < pMax+8 { // a move rewrites at most a block and 3 cuts
		p.bufT, p.bufV = make([]float64, 0, pMax+8), make([]int, 0, pMax+8)
	}
	p.spare = p.spare[:0]
	for id := range p.arena {
		p.spare = append(p.spare, p.arena[len(p.arena)-1-id])
	}
	b := p.newBlock()
	b.n, b.t[0], b.v[0], b.lo, b.hi = 1, origin, total, total, total
	p.order = append(p.order[:0], b)
	p.first = append(p.first[:0], origin)
}

// locate returns the block and index of the segment containing time t
// (the last breakpoint ≤ t; the first segment for earlier times).
func (p *profile) locate(t float64) (int, int) {
	if f := p.blk(0); f.n >= 2 {
		if t < f.t[1] {
			return 0, 0
		}
	} else if len(p.order) == 1 || t < p.first[1] {
		return 0, 0
	}
	lo, hi := 0, len(p.first)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if p.first[m] <= t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	b := max(lo-1, 0)
	return b, p.inBlock(b, 0, t)
}

// inBlock returns the index of the last breakpoint ≤ t of block b, from
// index i on (i itself when none is).
func (p *profile) inBlock(b, i int, t float64) int {
	blk := p.blk(b)
	lo, hi := i, blk.n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if blk.t[m] <= t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return max(lo-1, i)
}

// at returns the free processors at time t.
func (p *profile) at(t float64) int {
	b, i := p.locate(t)
	blk := p.blk(b)
	return blk.v[i] + blk.lazy
}

// locateFrom is locate for a time t at or after the breakpoint (b, i).
func (p *profile) locateFrom(b, i int, t float64) (int, int) {
	if b+1 < len(p.order) && p.first[b+1] <= t {
		return p.locate(t)
	}
	return b, p.inBlock(b, i, t)
}

// breakAt makes t a breakpoint inside block b, whose segment i contains
// it, and returns its index. The block may grow beyond pMax; rebalance
// splits it.
func (p *profile) breakAt(b, i int, t float64) int {
	blk := p.blk(b)
	if blk.t[i] == t {
		return i
	}
	n := blk.n
	copy(blk.t[i+2:n+1], blk.t[i+1:n])
	copy(blk.v[i+2:n+1], blk.v[i+1:n])
	blk.t[i+1], blk.v[i+1] = t, blk.v[i]
	blk.n++
	return i + 1
}

// addRange adds d to segments [i0, i1) of block b, keeps its minimum and
// maximum (marking them stale when the range held the extreme that moves
// away), and returns an upper bound of the largest value of the range
// after the addition (math.MinInt for an empty range).
func (p *profile) addRange(b, i0, i1, d int) int {
	blk := p.blk(b)
	if i0 == 0 && i1 == blk.n {
		blk.lazy += d
		blk.lo += d
		blk.hi += d
		return blk.hi
	}
	if i0 >= i1 {
		return math.MinInt
	}
	lo, hi := math.MaxInt, math.MinInt
	for i := i0; i < i1; i++ {
		x := blk.v[i]
		lo, hi = min(lo, x), max(hi, x)
		blk.v[i] = x + d
	}
	lo, hi = lo+blk.lazy, hi+blk.lazy
	if d > 0 {
		if lo == blk.lo {
			blk.stale = true
		}
		blk.hi = max(blk.hi, hi+d)
	} else {
		if hi == blk.hi {
			blk.stale = true
		}
		blk.lo = min(blk.lo, lo+d)
	}
	return hi + d
}

// add adds d free processors over [s, e) and returns an upper bound of
// the largest number free over [s, e) afterwards (math.MinInt when
// nothing is added).
func (p *profile) add(s, e float64, d int) int {
	if !(e > s) || d == 0 {
		return math.MinInt
	}
	bs, is := p.locate(s)
	return p.addFrom(bs, is, s, e, d)
}

// addFrom is add for an s in segment is of block bs (as locate finds it),
// e > s and d ≠ 0.
func (p *profile) addFrom(bs, is int, s, e float64, d int) int {
	return p.addSpan(bs, is, -1, -1, s, e, d)
}

// addSpan is addFrom that also knows the segment ie of block be holding e
// (be < 0 when it does not).
func (p *profile) addSpan(bs, is, be, ie int, s, e float64, d int) int {
	if i := p.breakAt(bs, is, s); i != is {
		is = i
		if be == bs {
			ie++ // e lies at or after the new breakpoint
		}
	}
	if be < 0 {
		be, ie = p.locateFrom(bs, is, e)
	}
	ie = p.breakAt(be, ie, e)
	var m int
	if bs == be {
		m = p.addRange(bs, is, ie, d)
	} else {
		m = p.addRange(bs, is, p.blk(bs).n, d)
		for b := bs + 1; b < be; b++ {
			m = max(m, p.addRange(b, 0, p.blk(b).n, d))
		}
		m = max(m, p.addRange(be, 0, ie, d))
	}
	// Merge equal neighbours at e, then at s (e's removal does not move s).
	p.mergeAt(be, ie)
	p.mergeAt(bs, is)
	// Fix the blocks touched, the later one first so indices stay valid.
	if be != bs {
		p.rebalance(be)
	}
	p.rebalance(bs)
	return m
}

// move moves a reservation of n processors from [r, r+d) to [t, t+d),
// now ≤ t < r and d > 0, where segment i of block b (as earlierFitAt
// finds it) holds t: n fewer free over [t, min(r, t+d)) and n more over
// [max(r, t+d), r+d) (where the two slots overlap nothing changes). It
// returns an upper bound of the largest number free, afterwards, over the
// part of [r, r+d) that gained (math.MinInt when none).
func (p *profile) move(b, i, eb, ei int, t, r, d float64, n int) int {
	if m, ok := p.moveInBlock(b, i, t, r, d, n); ok {
		return m
	}
	p.addSpan(b, i, eb, ei, t, min(r, t+d), -n)
	return p.add(max(r, t+d), r+d, n)
}

// moveInBlock is move in one pass over block b, when [t, r+d) lies in it
// and segment i is not its first or b is the first block: the segments
// of the new and the vacated slot are rewritten once (their values
// changed, equal neighbours merged; the breakpoints between the two
// slots, where nothing changes, are passed over by a binary search) and
// the rest of the block shifted once, instead of two adds each inserting
// and removing breakpoints. It reports false,
// leaving the profile unchanged, when it does not apply.
func (p *profile) moveInBlock(b, i int, t, r, d float64, n int) (int, bool) {
	end := r + d
	if b+1 < len(p.order) && p.first[b+1] <= end {
		return 0, false
	}
	blk := p.blk(b)
	ts, vs := blk.t[:blk.n], blk.v[:blk.n]
	// The value before t, with which a new first segment at t merges.
	i0, prev, hasPrev := i+1, vs[i], true // breakpoints from i0 on are rewritten
	if ts[i] == t {
		switch {
		case i > 0:
			i0, prev = i, vs[i-1]
		case b == 0:
			i0, hasPrev = i, false
		default:
			return 0, false
		}
	}
	// From t on the change is −n; after each cut it is 0, +n, 0 (the
	// first two cuts coincide when the new slot ends where the old one
	// starts).
	cut := [3]float64{min(r, t+d), max(r, t+d), end}
	dlt := [3]int{0, n, 0}
	bt, bv := p.bufT[:0], p.bufV[:0]
	oldLo, oldHi := math.MaxInt, math.MinInt
	newLo, newHi := math.MaxInt, math.MinInt
	m := math.MinInt
	cur, delta := vs[i], -n
	x, k, c := t, i+1, 0
	// When the slots do not overlap and breakpoints lie between them,
	// bt[:split] replaces breakpoints [i0, mid0), breakpoints
	// [mid0, mid1) stay, and bt[split:] replaces [mid1, k).
	split, mid0, mid1 := -1, 0, 0
	for {
		if v := cur + delta; !hasPrev || v != prev {
			bt, bv = append(bt, x), append(bv, v)
			prev, hasPrev = v, true
			newLo, newHi = min(newLo, v), max(newHi, v)
		}
		if delta > 0 {
			m = max(m, cur+delta)
		}
		if c == len(cut) {
			break
		}
		if c == 1 && k < len(ts) && ts[k] < cut[1] && split < 0 {
			// Breakpoints k… lie strictly between the two cuts,
			// where nothing changes: they stay as they are (their
			// values and their neighbours' are unchanged), and the
			// walk goes on at the last of them.
			split, mid0 = len(bt), k
			off, _ := slices.BinarySearch(ts[k:], cut[1])
			k += off
			mid1 = k
			cur = vs[k-1]
			prev = cur
		}
		// The breakpoints before the next cut, each as the top of
		// this loop would take it, in a tighter loop (no cut to
		// look for).
		for x = cut[c]; k < len(ts) && ts[k] < x; k++ {
			cur = vs[k]
			oldLo, oldHi = min(oldLo, cur), max(oldHi, cur)
			if v := cur + delta; v != prev {
				bt, bv = append(bt, ts[k]), append(bv, v)
				prev = v
				newLo, newHi = min(newLo, v), max(newHi, v)
			}
			if delta > 0 {
				m = max(m, cur+delta)
			}
		}
		// Then the cut, and a breakpoint at it.
		for k < len(ts) && ts[k] == x {
			cur = vs[k]
			oldLo, oldHi = min(oldLo, cur), max(oldHi, cur)
			k++
		}
		for c < len(cut) && cut[c] == x {
			delta = dlt[c]
			c++
		}
	}
	// bt, bv replace breakpoints [i0, k): the value from end on is the
	// old one (delta 0), and the breakpoint after it differs from it.
	if i0 == i {
		oldLo, oldHi = min(oldLo, vs[i]), max(oldHi, vs[i])
	}
	p.bufT, p.bufV = bt, bv
	nn := i0 + len(bt) + mid1 - mid0 + len(ts) - k
	if nn > len(blk.t) {
		return 0, false
	}
	if split < 0 {
		if i0+len(bt) != k { // the rest of the block shifts
			copy(blk.t[i0+len(bt):nn], ts[k:])
			copy(blk.v[i0+len(bt):nn], vs[k:])
		}
		copy(blk.t[i0:], bt)
		copy(blk.v[i0:], bv)
	} else {
		md := i0 + split                         // where the kept breakpoints go
		rd := md + mid1 - mid0 + len(bt) - split // where the rest goes
		// Whichever of the kept breakpoints and the rest moves
		// right is copied first, so that neither overwrites the
		// other's source.
		if rd >= k {
			copy(blk.t[rd:nn], ts[k:])
			copy(blk.v[rd:nn], vs[k:])
			copy(blk.t[md:], ts[mid0:mid1])
			copy(blk.v[md:], vs[mid0:mid1])
		} else {
			copy(blk.t[md:], ts[mid0:mid1])
			copy(blk.v[md:], vs[mid0:mid1])
			copy(blk.t[rd:nn], ts[k:])
			copy(blk.v[rd:nn], vs[k:])
		}
		copy(blk.t[i0:md], bt[:split])
		copy(blk.v[i0:md], bv[:split])
		copy(blk.t[md+mid1-mid0:rd], bt[split:])
		copy(blk.v[md+mid1-mid0:rd], bv[split:])
	}
	blk.n = nn
	// Keep the block's bounds as addRange does.
	if oldLo+blk.lazy == blk.lo || oldHi+blk.lazy == blk.hi {
		blk.stale = true
	}
	if len(bt) > 0 {
		blk.lo = min(blk.lo, newLo+blk.lazy)
		blk.hi = max(blk.hi, newHi+blk.lazy)
	}
	m += blk.lazy
	p.rebalance(b)
	return m, true
}

// mergeAt removes breakpoint (b, i) if its segment has the same value as
// the one before it. It may leave block b empty; rebalance removes it.
func (p *profile) mergeAt(b, i int) {
	blk := p.blk(b)
	var prev int
	switch {
	case i > 0:
		prev = blk.v[i-1] + blk.lazy
	case b > 0:
		pb := p.blk(b - 1)
		prev = pb.v[pb.n-1] + pb.lazy
	default:
		return
	}
	if blk.v[i]+blk.lazy != prev {
		return
	}
	n := blk.n
	copy(blk.t[i:n-1], blk.t[i+1:n])
	copy(blk.v[i:n-1], blk.v[i+1:n])
	blk.n--
	if i == 0 {
		// The value removed may have been the block's only extreme
		// (its equal lies in the block before).
		blk.stale = true
		if blk.n > 0 {
			p.first[b] = blk.t[0]
		}
	}
}

// rebalance keeps block b's size between pMax/4 (joining a neighbour) and pMax
// (splitting it); an empty block is removed.
func (p *profile) rebalance(b int) {
	blk := p.blk(b)
	switch {
	case blk.n == 0:
		p.spare = append(p.spare, p.order[b])
		p.order = slices.Delete(p.order, b, b+1)
		p.first = slices.Delete(p.first, b, b+1)
	case blk.n > pMax:
		h := blk.n / 2
		nb := p.newBlock()
		nb.n, nb.lazy = blk.n-h, blk.lazy
		copy(nb.t[:nb.n], blk.t[h:blk.n])
		copy(nb.v[:nb.n], blk.v[h:blk.n])
		blk.n = h
		blk.recompute()
		nb.recompute()
		p.order = slices.Insert(p.order, b+1, nb)
		p.first = slices.Insert(p.first, b+1, nb.t[0])
	default:
		if blk.n < pMax/4 {
			if b+1 < len(p.order) && blk.n+p.blk(b+1).n <= pMax {
				p.join(b)
			} else if b > 0 && blk.n+p.blk(b-1).n <= pMax {
				p.join(b - 1)
			}
		}
	}
}

// join merges block b+1 into block b.
func (p *profile) join(b int) {
	x, y := p.blk(b), p.blk(b+1)
	for i := range x.n {
		x.v[i] += x.lazy
	}
	x.lazy = 0
	for i := range y.n {
		x.t[x.n+i] = y.t[i]
		x.v[x.n+i] = y.v[i] + y.lazy
	}
	x.n += y.n
	x.recompute()
	p.spare = append(p.spare, p.order[b+1])
	p.order = slices.Delete(p.order, b+1, b+2)
	p.first = slices.Delete(p.first, b+1, b+2)
}

// advance forgets the profile before time now.
func (p *profile) advance(now float64) {
	k := 0
	for k+1 < len(p.order) && p.first[k+1] <= now {
		k++
	}
	if k > 0 {
		p.spare = append(p.spare, p.order[:k]...)
		p.order = slices.Delete(p.order, 0, k)
		p.first = slices.Delete(p.first, 0, k)
	}
	blk := p.blk(0)
	if i := p.inBlock(0, 0, now); i > 0 {
		n := blk.n - i
		copy(blk.t[:n], blk.t[i:blk.n])
		copy(blk.v[:n], blk.v[i:blk.n])
		blk.n = n
		blk.recompute()
	}
	if blk.t[0] < now {
		blk.t[0] = now
	}
	p.first[0] = blk.t[0]
}

// firstAtLeast returns the earliest time ≥ from at which at least n
// processors are free, and the block and segment that hold it.
func (p *profile) firstAtLeast(from float64, n int) (t float64, b, i int) {
	b, i = p.locate(from)
	if blk := p.blk(b); blk.v[i]+blk.lazy >= n {
		return max(from, blk.t[i]), b, i
	}
	b, i = p.nextAtLeast(b, i, n)
	return p.blk(b).t[i], b, i
}

// nextAtLeast returns the first segment after segment (b, i) with at least
// n processors free.
func (p *profile) nextAtLeast(b, i, n int) (int, int) {
	blk := p.blk(b)
	need := n - blk.lazy
	for i++; i < blk.n; i++ {
		if blk.v[i] >= need {
			return b, i
		}
	}
	for b++; b < len(p.order); b++ {
		blk := p.blk(b)
		if _, hi := blk.bounds(); hi < n {
			continue
		}
		need := n - blk.lazy
		for i, v := range blk.v[:blk.n] {
			if v >= need {
				return b, i
			}
		}
	}
	panic("sim: internal error: the profile never frees enough processors")
}

// nextBelow returns the first segment after segment (b, i) with fewer than
// n processors free, (−1, −1) if none.
func (p *profile) nextBelow(b, i, n int) (int, int) {
	blk := p.blk(b)
	need := n - blk.lazy
	for i++; i < blk.n; i++ {
		if blk.v[i] < need {
			return b, i
		}
	}
	for b++; b < len(p.order); b++ {
		blk := p.blk(b)
		if lo, _ := blk.bounds(); lo >= n {
			continue
		}
		need := n - blk.lazy
		for i, v := range blk.v[:blk.n] {
			if v < need {
				return b, i
			}
		}
	}
	return -1, -1
}

// earliestFit returns the earliest time t ≥ from such that n processors
// are free over [t, t+d) (at the instant t when d = 0).
func (p *profile) earliestFit(from float64, n int, d float64) float64 {
	t, _, _ := p.earlierFitAt(from, n, d, math.Inf(1))
	return t
}

// earlierFit returns the earliest time t ≥ from, t < r, such that n
// processors are free over [t, t+d) once a reservation of the same n
// processors over [r, r+d) (which the profile holds) is given back; r if
// there is none. It leaves the profile unchanged: over [r, r+d) the job
// always fits into its own reservation, so a window starting before r fits
// as soon as nothing blocks it before min(r, t+d).
//
// It walks the segments once, in runs of at least n free processors: a
// run starting at t (no earlier than from) fits when no segment below n
// starts before min(r, t+d). Whole blocks below n outside a run, or at
// least n inside one, are passed by their minimum and maximum.
func (p *profile) earlierFit(from float64, n int, d, r float64) float64 {
	t, _, _ := p.earlierFitAt(from, n, d, r)
	return t
}

// earlierFitAt is earlierFit, and also returns the block and segment that
// hold the time returned when it is before r (for addFrom and move).
func (p *profile) earlierFitAt(from float64, n int, d, r float64) (t float64, tb, ti int) {
	b, i := p.locate(from)
	return p.earlierFitFrom(b, i, from, n, d, r)
}

// earlierFitFrom is earlierFitAt for a from in segment i of block b.
func (p *profile) earlierFitFrom(b, i int, from float64, n int, d, r float64) (t float64, tb, ti int) {
	t, tb, ti, _, _ = p.earlierFitEnd(b, i, from, n, d, r)
	return t, tb, ti
}

// earlierFitEnd is earlierFitFrom, and also returns the block and segment
// that hold min(r, t+d), the end of the window, when it finds them
// (eb < 0 when not).
func (p *profile) earlierFitEnd(b, i int, from float64, n int, d, r float64) (t float64, tb, ti, eb, ei int) {
	in := false // inside a run
	var end float64
	for b0 := b; b < len(p.order); b, i = b+1, 0 {
		blk := p.blk(b)
		ts, vs := blk.t[:blk.n], blk.v[:blk.n]
		need := n - blk.lazy
		if b > b0 {
			lo, hi := blk.bounds()
			switch {
			case !in && hi < n:
				if ts[0] >= r {
					return r, -1, -1, -1, -1
				}
				continue
			case in && lo >= n:
				if ts[len(ts)-1] >= end {
					return t, tb, ti, -1, -1
				}
				continue
			}
		}
		for i < len(ts) {
			if in {
				// The run goes on to the first segment below n.
				for i < len(ts) && vs[i] >= need && ts[i] < end {
					i++
				}
				if i == len(ts) {
					break
				}
				switch {
				case ts[i] == end:
					return t, tb, ti, b, i
				case ts[i] > end && i > 0:
					return t, tb, ti, b, i - 1
				case ts[i] > end:
					return t, tb, ti, -1, -1
				}
				in = false
				i++
				continue
			}
			// A run starts at the first segment with n free (one
			// starting at or after r starts too late).
			for i < len(ts) && vs[i] < need {
				i++
			}
			if i == len(ts) {
				if ts[i-1] >= r {
					return r, -1, -1, -1, -1
				}
				break
			}
			t, tb, ti = max(from, ts[i]), b, i
			if t >= r {
				return r, -1, -1, -1, -1
			}
			in, end = true, min(r, t+d)
			i++
		}
	}
	if !in {
		panic("sim: internal error: the profile never frees enough processors")
	}
	return t, tb, ti, -1, -1
}

// maxIn returns the largest number of free processors over [s, e).
func (p *profile) maxIn(s, e float64) int {
	b, i := p.locate(s)
	blk := p.blk(b)
	m := blk.v[i] + blk.lazy
	for i++; i < blk.n && blk.t[i] < e; i++ {
		m = max(m, blk.v[i]+blk.lazy)
	}
	for b++; b < len(p.order); b++ {
		blk := p.blk(b)
		if blk.t[0] >= e {
			break
		}
		if blk.t[blk.n-1] < e {
			_, hi := blk.bounds()
			m = max(m, hi)
			continue
		}
		for i := 0; i < blk.n && blk.t[i] < e; i++ {
			m = max(m, blk.v[i]+blk.lazy)
		}
	}
	return m
}
