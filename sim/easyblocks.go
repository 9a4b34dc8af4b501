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
// The tree has fan (4) children per node, stored as an implicit heap:
// node 0 is the root, node n's children are fan·n+1 … fan·n+fan, and
// leaf i is node I+i. A wider node makes the tree half as deep as a
// binary one, so a search climbs and descends half as many levels and
// an update recomputes half as many nodes, each from four children.
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
	L               int // leaves (a power of fan, ≥ 64), 0 before the first push
	I               int // internal nodes, (L−1)/(fan−1): leaf i is node I+i
	mask            []uint64
	least           []least // per node and class
}

// reset empties the tree for nc width classes, keeping its memory.
func (t *blockTree) reset(nc int) {
	t.on, t.nc, t.base, t.L = false, nc, 0, 0
	t.spanOn, t.spanOff = treeOn, treeOff
}

// least is a node's least width and least estimate of one class (kept
// together: a test reads both).
type least struct {
	w int32
	e float64
}

// Children per node of the tree (fan = 1 << fanBits).
const (
	fanBits = 2
	fan     = 1 << fanBits
)

// combine reads the fan children unrolled: these fail to compile unless
// fan is 4.
const (
	_ uint = fan - 4
	_ uint = 4 - fan
)

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
		if l := &t.least[k]; l.w <= x || (l.w <= f && now+l.e <= shadow) {
			return true
		}
	}
	return false
}

// leaf recounts node n (a leaf) for class c from block qb of q.
func (t *blockTree) leaf(q *widthQueue, n, qb, c int) {
	k := n*t.nc + c
	t.mask[n] &^= 1 << c
	t.least[k] = least{math.MaxInt32, math.Inf(1)}
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
	t.least[k] = least{lw, le}
}

// combine recomputes class c of internal node n from its children and
// reports whether it changed.
func (t *blockTree) combine(n, c int) bool {
	nc := t.nc
	ch := n<<fanBits + 1
	k, a := n*nc+c, ch*nc+c
	cm := t.mask[ch : ch+fan : ch+fan]
	ls := t.least[a : a+(fan-1)*nc+1]
	m := t.mask[n]&^(1<<c) | (cm[0]|cm[1]|cm[2]|cm[3])&(1<<c)
	lw := min(ls[0].w, ls[nc].w, ls[2*nc].w, ls[3*nc].w)
	le := min(ls[0].e, ls[nc].e, ls[2*nc].e, ls[3*nc].e)
	if l := t.least[k]; m == t.mask[n] && lw == l.w && le == l.e {
		return false
	}
	t.mask[n], t.least[k] = m, least{lw, le}
	return true
}

// rebuild sizes the tree for the blocks of q and recounts every node.
func (t *blockTree) rebuild(q *widthQueue) {
	nb := len(q.bClass)
	t.base = q.base >> qBlockBits
	t.L = 64
	for t.L < 2*nb {
		t.L *= fan
	}
	t.I = (t.L - 1) / (fan - 1)
	nodes := t.I + t.L
	t.mask = append(t.mask[:0], make([]uint64, nodes)...)
	t.least = t.least[:0]
	for range nodes * t.nc {
		t.least = append(t.least, least{math.MaxInt32, math.Inf(1)})
	}
	for qb := range nb {
		for cs := q.bClass[qb]; cs != 0; cs &= cs - 1 {
			t.leaf(q, t.I+qb, qb, bits.TrailingZeros64(cs))
		}
	}
	for n := t.I - 1; n >= 0; n-- {
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
	for n := t.I + i; ; n = (n - 1) >> fanBits {
		k := n*t.nc + c
		l := &t.least[k]
		if t.mask[n]&(1<<c) != 0 && l.w <= w && l.e <= est {
			return
		}
		t.mask[n] |= 1 << c
		l.w, l.e = min(l.w, w), min(l.e, est)
		if n == 0 {
			return
		}
	}
}

// remove notes that the job of width w at absolute position p has left q.
func (t *blockTree) remove(q *widthQueue, p, w int) {
	if !t.on {
		return
	}
	i := p>>qBlockBits - t.base
	c := widthClass(w) - 1
	n := t.I + i
	t.leaf(q, n, (p-q.base)>>qBlockBits, c)
	for n > 0 {
		if n = (n - 1) >> fanBits; !t.combine(n, c) {
			return
		}
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
	if !t.pass(0, fit, f32, x32, now, shadow) {
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
		n := t.I + i
		for {
			for !t.pass(n, fit, f32, x32, now, shadow) {
				if n = t.right(n); n < 0 {
					return -1
				}
			}
			for n < t.I {
				ch := n<<fanBits + 1
				e := ch + fan
				for ch < e && !t.pass(ch, fit, f32, x32, now, shadow) {
					ch++
				}
				if ch == e {
					break
				}
				n = ch
			}
			if n >= t.I {
				break
			}
			if n = t.right(n); n < 0 {
				return -1
			}
		}
		b := n - t.I + t.base // absolute block
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
// lowest level possible (the next sibling of n or of its nearest
// ancestor that is not a last child), −1 if n's subtree ends the tree.
func (t *blockTree) right(n int) int {
	for n > 0 && n&(fan-1) == 0 { // a last child: fan·parent + fan
		n = (n - 1) >> fanBits
	}
	if n == 0 {
		return -1
	}
	return n + 1
}
