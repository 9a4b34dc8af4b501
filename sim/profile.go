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
// O(n).
type profile struct {
	total  int32
	blocks []pblock
}

type pblock struct {
	t      []float64
	v      []int32 // free processors, before adding lazy
	lazy   int32
	lo, hi int32 // minimum and maximum of v + lazy
}

const pMax = 64

func (b *pblock) recompute() {
	lo, hi := int32(math.MaxInt32), int32(math.MinInt32)
	for _, x := range b.v {
		lo = min(lo, x)
		hi = max(hi, x)
	}
	b.lo, b.hi = lo+b.lazy, hi+b.lazy
}

// reset makes the profile of an idle machine of total processors from
// time origin on.
func (p *profile) reset(total int, origin float64) {
	p.total = int32(total)
	p.blocks = append(p.blocks[:0], pblock{t: []float64{origin}, v: []int32{int32(total)},
		lo: int32(total), hi: int32(total)})
}

// locate returns the block and index of the segment containing time t
// (the last breakpoint ≤ t; the first segment for earlier times).
func (p *profile) locate(t float64) (int, int) {
	if f := &p.blocks[0]; len(f.t) >= 2 {
		if t < f.t[1] {
			return 0, 0
		}
	} else if len(p.blocks) == 1 || t < p.blocks[1].t[0] {
		return 0, 0
	}
	lo, hi := 0, len(p.blocks)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if p.blocks[m].t[0] <= t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	b := max(lo-1, 0)
	ts := p.blocks[b].t
	lo, hi = 0, len(ts)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ts[m] <= t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return b, max(lo-1, 0)
}

// at returns the free processors at time t.
func (p *profile) at(t float64) int {
	b, i := p.locate(t)
	return int(p.blocks[b].v[i] + p.blocks[b].lazy)
}

// locateFrom is locate for a time t at or after the breakpoint (b, i).
func (p *profile) locateFrom(b, i int, t float64) (int, int) {
	if b+1 < len(p.blocks) && p.blocks[b+1].t[0] <= t {
		return p.locate(t)
	}
	ts := p.blocks[b].t
	lo, hi := i, len(ts)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ts[m] <= t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return b, max(lo-1, 0)
}

// breakAt makes t a breakpoint inside block b, whose segment i contains
// it, and returns its index. The block may grow beyond pMax; rebalance
// splits it.
func (p *profile) breakAt(b, i int, t float64) int {
	blk := &p.blocks[b]
	if blk.t[i] == t {
		return i
	}
	blk.t = slices.Insert(blk.t, i+1, t)
	blk.v = slices.Insert(blk.v, i+1, blk.v[i])
	return i + 1
}

// add adds d free processors over [s, e).
func (p *profile) add(s, e float64, d int) {
	if !(e > s) || d == 0 {
		return
	}
	dd := int32(d)
	bs, is := p.locate(s)
	is = p.breakAt(bs, is, s)
	be, ie := p.locateFrom(bs, is, e)
	ie = p.breakAt(be, ie, e)
	if bs == be {
		blk := &p.blocks[bs]
		for i := is; i < ie; i++ {
			blk.v[i] += dd
		}
	} else {
		blk := &p.blocks[bs]
		for i := is; i < len(blk.v); i++ {
			blk.v[i] += dd
		}
		for b := bs + 1; b < be; b++ {
			blk := &p.blocks[b]
			blk.lazy += dd
			blk.lo += dd
			blk.hi += dd
		}
		blk = &p.blocks[be]
		for i := 0; i < ie; i++ {
			blk.v[i] += dd
		}
	}
	// Merge equal neighbours at e, then at s (e's removal does not move s).
	p.mergeAt(be, ie)
	p.mergeAt(bs, is)
	// Fix the blocks touched, the later one first so indices stay valid.
	if be != bs {
		p.rebalance(be)
	}
	p.rebalance(bs)
}

// mergeAt removes breakpoint (b, i) if its segment has the same value as
// the one before it. It may leave block b empty; rebalance removes it.
func (p *profile) mergeAt(b, i int) {
	blk := &p.blocks[b]
	var prev int32
	switch {
	case i > 0:
		prev = blk.v[i-1] + blk.lazy
	case b > 0:
		pb := &p.blocks[b-1]
		prev = pb.v[len(pb.v)-1] + pb.lazy
	default:
		return
	}
	if blk.v[i]+blk.lazy == prev {
		blk.t = slices.Delete(blk.t, i, i+1)
		blk.v = slices.Delete(blk.v, i, i+1)
	}
}

// rebalance recomputes block b's minimum and maximum and keeps its size
// between pMax/4 (joining a neighbour) and pMax (splitting it); an empty
// block is removed.
func (p *profile) rebalance(b int) {
	blk := &p.blocks[b]
	switch {
	case len(blk.t) == 0:
		p.blocks = slices.Delete(p.blocks, b, b+1)
	case len(blk.t) > pMax:
		h := len(blk.t) / 2
		nb := pblock{t: slices.Clone(blk.t[h:]), v: slices.Clone(blk.v[h:]), lazy: blk.lazy}
		blk.t = blk.t[:h:h]
		blk.v = blk.v[:h:h]
		blk.recompute()
		nb.recompute()
		p.blocks = slices.Insert(p.blocks, b+1, nb)
	default:
		blk.recompute()
		if len(blk.t) < pMax/4 {
			if b+1 < len(p.blocks) && len(blk.t)+len(p.blocks[b+1].t) <= pMax {
				p.join(b)
			} else if b > 0 && len(blk.t)+len(p.blocks[b-1].t) <= pMax {
				p.join(b - 1)
			}
		}
	}
}

// join merges block b+1 into block b.
func (p *profile) join(b int) {
	x, y := &p.blocks[b], &p.blocks[b+1]
	for i := range x.v {
		x.v[i] += x.lazy
	}
	x.lazy = 0
	for _, v := range y.v {
		x.v = append(x.v, v+y.lazy)
	}
	x.t = append(x.t, y.t...)
	x.recompute()
	p.blocks = slices.Delete(p.blocks, b+1, b+2)
}

// advance forgets the profile before time now.
func (p *profile) advance(now float64) {
	k := 0
	for k+1 < len(p.blocks) && p.blocks[k+1].t[0] <= now {
		k++
	}
	if k > 0 {
		p.blocks = slices.Delete(p.blocks, 0, k)
	}
	blk := &p.blocks[0]
	_, i := p.locate(now)
	if i > 0 {
		blk.t = blk.t[i:]
		blk.v = blk.v[i:]
		blk.recompute()
	}
	if blk.t[0] < now {
		blk.t[0] = now
	}
}

// firstAtLeast returns the earliest time ≥ from at which at least n
// processors are free.
func (p *profile) firstAtLeast(from float64, n int) float64 {
	b, i := p.locate(from)
	if p.blocks[b].v[i]+p.blocks[b].lazy >= int32(n) {
		return max(from, p.blocks[b].t[i])
	}
	b, i = p.nextAtLeast(b, i, n)
	return p.blocks[b].t[i]
}

// nextAtLeast returns the first segment after segment (b, i) with at least
// n processors free.
func (p *profile) nextAtLeast(b, i, n int) (int, int) {
	nn := int32(n)
	blk := &p.blocks[b]
	need := nn - blk.lazy
	for i++; i < len(blk.v); i++ {
		if blk.v[i] >= need {
			return b, i
		}
	}
	for b++; b < len(p.blocks); b++ {
		blk := &p.blocks[b]
		if blk.hi < nn {
			continue
		}
		need := nn - blk.lazy
		for i, v := range blk.v {
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
	nn := int32(n)
	blk := &p.blocks[b]
	need := nn - blk.lazy
	for i++; i < len(blk.v); i++ {
		if blk.v[i] < need {
			return b, i
		}
	}
	for b++; b < len(p.blocks); b++ {
		blk := &p.blocks[b]
		if blk.lo >= nn {
			continue
		}
		need := nn - blk.lazy
		for i, v := range blk.v {
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
	b, i := p.locate(from)
	if p.blocks[b].v[i]+p.blocks[b].lazy < int32(n) {
		b, i = p.nextAtLeast(b, i, n)
	}
	for {
		t := max(from, p.blocks[b].t[i])
		ub, ui := p.nextBelow(b, i, n)
		if ub < 0 || p.blocks[ub].t[ui] >= t+d {
			return t
		}
		b, i = p.nextAtLeast(ub, ui, n)
	}
}

// earlierFit returns the earliest time t ≥ from, t < r, such that n
// processors are free over [t, t+d) once a reservation of the same n
// processors over [r, r+d) (which the profile holds) is given back; r if
// there is none. It leaves the profile unchanged: over [r, r+d) the job
// always fits into its own reservation, so a window starting before r fits
// as soon as nothing blocks it before min(r, t+d).
func (p *profile) earlierFit(from float64, n int, d, r float64) float64 {
	b, i := p.locate(from)
	if p.blocks[b].v[i]+p.blocks[b].lazy < int32(n) {
		b, i = p.nextAtLeast(b, i, n)
	}
	for {
		t := max(from, p.blocks[b].t[i])
		if t >= r {
			return r
		}
		ub, ui := p.nextBelow(b, i, n)
		if ub < 0 || p.blocks[ub].t[ui] >= min(r, t+d) {
			return t
		}
		b, i = p.nextAtLeast(ub, ui, n)
	}
}

// maxIn returns the largest number of free processors over [s, e).
func (p *profile) maxIn(s, e float64) int {
	b, i := p.locate(s)
	blk := &p.blocks[b]
	m := blk.v[i] + blk.lazy
	for i++; i < len(blk.v) && blk.t[i] < e; i++ {
		m = max(m, blk.v[i]+blk.lazy)
	}
	for b++; b < len(p.blocks); b++ {
		blk := &p.blocks[b]
		if blk.t[0] >= e {
			break
		}
		if blk.t[len(blk.t)-1] < e {
			m = max(m, blk.hi)
			continue
		}
		for i := 0; i < len(blk.t) && blk.t[i] < e; i++ {
			m = max(m, blk.v[i]+blk.lazy)
		}
	}
	return int(m)
}

// tail returns the time from which every processor is free for ever.
func (p *profile) tail() float64 {
	blk := &p.blocks[len(p.blocks)-1]
	return blk.t[len(blk.t)-1]
}
