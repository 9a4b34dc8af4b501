package sim

import (
	"math"
	"math/bits"
)

// blockTree is a segment tree over the 64-slot blocks of an EASY
// scheduler's widthQueue (in arrival order, trackEst) that lets a
// backfilling pass jump straight to the next block holding a job that may
// pass the EASY test, instead of visiting every block of a deep queue: a
// pass over a queue of n waiting jobs costs O(log n) per block it looks
// into rather than O(n/64).
//
// Each node keeps, for each width class c+1 (as in widthQueue), whether
// its blocks hold a job of that class, and the least width and the least
// estimate of those jobs. A node may hold a job of width w and estimate
// est with w ≤ f and (w ≤ x or now + est ≤ shadow) only if, for some
// class c that may fit in f, the least width is ≤ x, or the least width
// is ≤ f and now + least estimate ≤ shadow (a floating-point sum is
// monotone in each term, so the least estimate bounds every job's test).
// The test is necessary, not sufficient: a node may pass while neither
// child does (its least width and least estimate coming from different
// children), and the search then moves on to the subtrees to its right;
// it never skips a block that may hold a candidate. The jobs of the block
// it finds are checked one by one, in order, with the EASY test itself,
// so the candidates are found in the queue's order, as with queueScan.
//
// Leaves are absolute block numbers minus base; the values are exact
// (a removal recounts its block's class from the queue's masks).
//
// A short queue is searched as fast by queueScan, and keeping the tree
// costs O(log n) per arrival and start: the tree is kept only while the
// queue spans more than treeOn positions (built then from the queue), and
// dropped when an arrival finds it spanning fewer than treeOff.
type blockTree struct {
	on bool // the tree is kept (and next may be called)
	nc int  // width classes

	spanOn, spanOff int // treeOn and treeOff (tests change them)
	base            int // absolute block number of leaf 0
	L               int // leaves (a power of 2), 0 before the first push
	mask            []uint64
	leastW          []int32
	leastE          []float64
}

// reset empties the tree for nc width classes, keeping its memory.
func (t *blockTree) reset(nc int) {
	t.on, t.nc, t.base, t.L = false, nc, 0, 0
	t.spanOn, t.spanOff = treeOn, treeOff
}

// Queue spans (positions from the head to the end) above which the tree
// is built and below which it is dropped.
const (
	treeOn  = 32 * qBlock
	treeOff = 8 * qBlock
)

// pass reports whether node n may hold a job of width ≤ f and either
// width ≤ x or now + estimate ≤ shadow; fit is the classes that may fit
// in f; x ≤ f.
func (t *blockTree) pass(n int, fit uint64, f, x int32, now, shadow float64) bool {
	k0 := n * t.nc
	for cs := t.mask[n] & fit; cs != 0; cs &= cs - 1 {
		k := k0 + bits.TrailingZeros64(cs)
		if w := t.leastW[k]; w <= x || (w <= f && now+t.leastE[k] <= shadow) {
			return true
		}
	}
	return false
}

// leaf recounts node n (a leaf) for class c from block qb of q.
func (t *blockTree) leaf(q *widthQueue, n, qb, c int) {
	k := n*t.nc + c
	t.mask[n] &^= 1 << c
	t.leastW[k], t.leastE[k] = math.MaxInt32, math.Inf(1)
	if qb < 0 || qb >= len(q.bClass) {
		return
	}
	m := q.slots[qb*q.classes+c]
	if m == 0 {
		return
	}
	t.mask[n] |= 1 << c
	lo := qb << qBlockBits
	ws, es := q.w[lo:], q.est[lo:]
	lw, le := int32(math.MaxInt32), math.Inf(1)
	for ; m != 0; m &= m - 1 {
		// (< rather than min: an estimate is not NaN, and which zero is
		// kept cannot change a test now + estimate ≤ shadow.)
		s := bits.TrailingZeros64(m)
		lw = min(lw, ws[s])
		if e := es[s]; e < le {
			le = e
		}
	}
	t.leastW[k], t.leastE[k] = lw, le
}

// combine recomputes class c of internal node n from its children and
// reports whether it changed.
func (t *blockTree) combine(n, c int) bool {
	k, a, b := n*t.nc+c, 2*n*t.nc+c, (2*n+1)*t.nc+c
	m := t.mask[n]&^(1<<c) | (t.mask[2*n]|t.mask[2*n+1])&(1<<c)
	lw, le := min(t.leastW[a], t.leastW[b]), min(t.leastE[a], t.leastE[b])
	if m == t.mask[n] && lw == t.leastW[k] && le == t.leastE[k] {
		return false
	}
	t.mask[n], t.leastW[k], t.leastE[k] = m, lw, le
	return true
}

// rebuild sizes the tree for the blocks of q and recounts every node.
func (t *blockTree) rebuild(q *widthQueue) {
	nb := len(q.bClass)
	t.base = q.base >> qBlockBits
	t.L = 64
	for t.L < 2*nb {
		t.L *= 2
	}
	nodes := 2 * t.L
	t.mask = append(t.mask[:0], make([]uint64, nodes)...)
	t.leastW = t.leastW[:0]
	t.leastE = t.leastE[:0]
	for range nodes * t.nc {
		t.leastW = append(t.leastW, math.MaxInt32)
		t.leastE = append(t.leastE, math.Inf(1))
	}
	for qb := range nb {
		for cs := q.bClass[qb]; cs != 0; cs &= cs - 1 {
			t.leaf(q, t.L+qb, qb, bits.TrailingZeros64(cs))
		}
	}
	for n := t.L - 1; n >= 1; n-- {
		for c := range t.nc {
			t.combine(n, c)
		}
	}
}

// push notes the job just pushed at absolute position p of q.
func (t *blockTree) push(q *widthQueue, p int) {
	if span := q.end() - q.head; !t.on || span < t.spanOff {
		if t.on = span > t.spanOn; t.on {
			t.rebuild(q)
		}
		return
	}
	i := p>>qBlockBits - t.base
	if i >= t.L || i < 0 {
		t.rebuild(q)
		return
	}
	s := p - q.base
	w, est := q.w[s], q.est[s]
	c := widthClass(int(w)) - 1
	for n := t.L + i; n >= 1; n >>= 1 {
		k := n*t.nc + c
		if t.mask[n]&(1<<c) != 0 && t.leastW[k] <= w && t.leastE[k] <= est {
			return
		}
		t.mask[n] |= 1 << c
		t.leastW[k], t.leastE[k] = min(t.leastW[k], w), min(t.leastE[k], est)
	}
}

// remove notes that the job of width w at absolute position p has left q.
func (t *blockTree) remove(q *widthQueue, p, w int) {
	if !t.on {
		return
	}
	i := p>>qBlockBits - t.base
	c := widthClass(w) - 1
	n := t.L + i
	t.leaf(q, n, (p-q.base)>>qBlockBits, c)
	for n >>= 1; n >= 1 && t.combine(n, c); n >>= 1 {
	}
}

// next returns the first absolute position ≥ p of q holding a job of
// width w and estimate est with w ≤ f and (w ≤ x or now + est ≤ shadow),
// −1 if none. The tree must be on.
func (t *blockTree) next(q *widthQueue, p, f, x int, now, shadow float64) int {
	if f <= 0 || t.L == 0 {
		return -1
	}
	x = min(x, f)
	fit := uint64(1)<<min(widthClass(f), t.nc) - 1
	f32, x32 := int32(f), int32(max(x, 0))
	// No job of the queue passes when the root does not (its test is
	// necessary for all of them): so ends at once the last search of most
	// backfilling passes over a saturated queue, which would otherwise
	// climb the whole tree. (On HPC2N's variants under the 2013 §6.1
	// bootstrap's "immediate" reading, 95% of the searches that find
	// nothing.)
	if !t.pass(1, fit, f32, x32, now, shadow) {
		return -1
	}
	p = max(p, q.head)
	for {
		i := p>>qBlockBits - t.base
		if i >= t.L {
			return -1
		}
		// The first leaf ≥ i that passes. A node's test may pass while
		// neither child's does (its least width and least estimate may
		// come from different children): the search then moves on to the
		// subtrees to the right of that node.
		n := t.L + i
		for {
			for !t.pass(n, fit, f32, x32, now, shadow) {
				if n = t.right(n); n == 0 {
					return -1
				}
			}
			for n < t.L {
				if l := 2 * n; t.pass(l, fit, f32, x32, now, shadow) {
					n = l
				} else if t.pass(l+1, fit, f32, x32, now, shadow) {
					n = l + 1
				} else {
					break
				}
			}
			if n >= t.L {
				break
			}
			if n = t.right(n); n == 0 {
				return -1
			}
		}
		b := n - t.L + t.base // absolute block
		if b > p>>qBlockBits {
			p = b << qBlockBits
		}
		qb := b - q.base>>qBlockBits
		lo := qb << qBlockBits
		var m uint64
		for cs := q.bClass[qb] & fit; cs != 0; cs &= cs - 1 {
			m |= q.slots[qb*q.classes+bits.TrailingZeros64(cs)]
		}
		m &= ^uint64(0) << (p - q.base - lo)
		ws, es := q.w[lo:], q.est[lo:]
		for ; m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			if w := ws[s]; w <= f32 && (w <= x32 || now+es[s] <= shadow) {
				return q.base + lo + s
			}
		}
		p = (b + 1) << qBlockBits
	}
}

// right returns the first node to the right of node n's subtree at the
// lowest level possible (the right sibling of n or of its nearest
// ancestor that is a left child), 0 if n's subtree ends the tree.
func (t *blockTree) right(n int) int {
	for n&1 == 1 {
		n >>= 1
	}
	if n == 0 {
		return 0
	}
	return n + 1
}
