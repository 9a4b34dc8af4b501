package sim

import (
	"math"
	"math/bits"
	"slices"
)

// widthQueue holds waiting jobs in arrival order, each at an absolute
// position that never changes, with an index by width class that lets a
// search jump to the jobs narrow enough: next(p, k) finds the first job
// at or after position p needing at most k processors, nextBackfill the
// first that passes the EASY test, without looking at the wider jobs in
// between, so that a backfilling pass over a deep queue costs what the
// jobs it could start cost.
//
// A job's width class is the bit length of its width (1; 2–3; 4–7; …).
// Positions form blocks of 64 and superblocks of 64 blocks. For each block
// and class the index keeps a 64-bit mask of the positions holding a job
// of that class, and for each superblock and class a mask of the blocks
// holding one; a push or a removal sets or clears a bit or two. A search
// ORs the masks of the classes that can fit and walks their set bits.
//
// With trackEst the index also keeps, per block and class and per
// superblock and class, the least estimate of those jobs, so that the
// EASY test "fits in f processors and either fits in x or ends by the
// shadow time" can pass over a class whose jobs all end too late. A
// least estimate is a lower bound after its job has left, recounted (from
// the class's mask) the next time a search needs it.
//
// Everything lives in flat slices (an arena), which reset keeps for the
// next simulation.
type widthQueue struct {
	trackEst bool
	classes  int // width classes: the bit length of the machine size

	base int     // absolute position of slot 0
	job  []int32 // job at slot, −1 once removed
	w    []int32 // width at slot
	head int     // absolute position of the first live slot (== end when empty)
	live int
	pos  []int32 // job → absolute position, while the job is queued

	slots   []uint64 // [block·classes + c]: positions of the block with a job of class c+1
	blocks  []uint64 // [superblock·classes + c]: blocks of the superblock with a job of class c+1
	bClass  []uint64 // [block]: bit c set when the block has a job of class c+1
	sbClass []uint64 // [superblock]: bit c set when the superblock has a job of class c+1

	// With trackEst.
	est     []float64 // estimate at slot
	bEst    []float64 // [block·classes + c]: least estimate of the class's jobs in the block
	bStale  []uint64  // [block]: bit c set when bEst of class c+1 is a lower bound to recount
	sbEst   []float64 // [superblock·classes + c]: a lower bound of the class's estimates
	sbStale []uint64  // [superblock]: bit c set when sbEst of class c+1 is to be recounted
}

const (
	qBlockBits = 6
	qBlock     = 1 << qBlockBits // slots per block
	qSuper     = qBlock * qBlock // slots per superblock
)

// widthClass returns the class of width w ≥ 1: its bit length.
func widthClass(w int) int { return bits.Len(uint(w)) }

// reset empties the queue for a machine of procs processors, keeping its
// memory.
func (q *widthQueue) reset(procs int, trackEst bool) {
	*q = widthQueue{trackEst: trackEst, classes: widthClass(procs),
		job: q.job[:0], w: q.w[:0], pos: q.pos[:0], slots: q.slots[:0], blocks: q.blocks[:0],
		bClass: q.bClass[:0], sbClass: q.sbClass[:0],
		est: q.est[:0], bEst: q.bEst[:0], bStale: q.bStale[:0], sbEst: q.sbEst[:0], sbStale: q.sbStale[:0]}
}

// reserve makes room for the jobs numbered below n without growing: the
// job → position index for all of them, the slots for as many of them as
// can be queued between two rebases of a short queue (8 superblocks).
func (q *widthQueue) reserve(n int) {
	q.pos = slices.Grow(q.pos, max(n-len(q.pos), 0))
	m := max(min(n, 8*qSuper)-len(q.job), 0)
	q.job, q.w = slices.Grow(q.job, m), slices.Grow(q.w, m)
	if q.trackEst {
		q.est = slices.Grow(q.est, m)
	}
}

func (q *widthQueue) end() int { return q.base + len(q.job) }

// push appends job j of width w (1 ≤ w ≤ the machine size) and, with
// trackEst, estimate est, and returns its position.
func (q *widthQueue) push(j, w int, est float64) int {
	if q.head-q.base >= 4*qSuper && q.head-q.base > len(q.job)/2 {
		q.rebase()
	}
	if j >= len(q.pos) {
		if j >= cap(q.pos) {
			q.pos = append(q.pos[:cap(q.pos)], make([]int32, max(j+1, 2*cap(q.pos))-cap(q.pos))...)
		}
		q.pos = q.pos[:j+1]
	}
	s := len(q.job)
	b, sb := s>>qBlockBits, s>>(2*qBlockBits)
	nc := q.classes
	if s%qBlock == 0 {
		q.bClass = append(q.bClass, 0)
		for range nc {
			q.slots = append(q.slots, 0)
			if q.trackEst {
				q.bEst = append(q.bEst, math.Inf(1))
			}
		}
		if q.trackEst {
			q.bStale = append(q.bStale, 0)
		}
	}
	if s%qSuper == 0 {
		q.sbClass = append(q.sbClass, 0)
		for range nc {
			q.blocks = append(q.blocks, 0)
			if q.trackEst {
				q.sbEst = append(q.sbEst, math.Inf(1))
			}
		}
		if q.trackEst {
			q.sbStale = append(q.sbStale, 0)
		}
	}
	q.job = append(q.job, int32(j))
	q.w = append(q.w, int32(w))
	c := widthClass(w) - 1
	q.slots[b*nc+c] |= 1 << (s & (qBlock - 1))
	q.blocks[sb*nc+c] |= 1 << (b & (qBlock - 1))
	q.bClass[b] |= 1 << c
	q.sbClass[sb] |= 1 << c
	if q.trackEst {
		q.est = append(q.est, est)
		// (Not min, which orders −0 before +0 and NaN: an estimate is
		// not NaN, and the least estimates are only compared.)
		if k := b*nc + c; est < q.bEst[k] {
			q.bEst[k] = est
		}
		if k := sb*nc + c; est < q.sbEst[k] {
			q.sbEst[k] = est
		}
	}
	p := q.base + s
	q.pos[j] = int32(p)
	if q.live == 0 {
		q.head = p
	}
	q.live++
	return p
}

// rebase drops the whole superblocks before the head.
func (q *widthQueue) rebase() {
	n := (q.head - q.base) / qSuper
	if n == 0 {
		return
	}
	cut, nb, nc := n*qSuper, n*qBlock, q.classes
	q.job = q.job[:copy(q.job, q.job[cut:])]
	q.w = q.w[:copy(q.w, q.w[cut:])]
	q.slots = q.slots[:copy(q.slots, q.slots[nb*nc:])]
	q.blocks = q.blocks[:copy(q.blocks, q.blocks[n*nc:])]
	q.bClass = q.bClass[:copy(q.bClass, q.bClass[nb:])]
	q.sbClass = q.sbClass[:copy(q.sbClass, q.sbClass[n:])]
	if q.trackEst {
		q.est = q.est[:copy(q.est, q.est[cut:])]
		q.bEst = q.bEst[:copy(q.bEst, q.bEst[nb*nc:])]
		q.bStale = q.bStale[:copy(q.bStale, q.bStale[nb:])]
		q.sbEst = q.sbEst[:copy(q.sbEst, q.sbEst[n*nc:])]
		q.sbStale = q.sbStale[:copy(q.sbStale, q.sbStale[n:])]
	}
	q.base += cut
}

// first returns the first queued job, −1 if none.
func (q *widthQueue) first() int {
	if q.live == 0 {
		return -1
	}
	return int(q.job[q.head-q.base])
}

// remove takes job j out of the queue.
func (q *widthQueue) remove(j int) {
	p := int(q.pos[j])
	s := p - q.base
	q.job[s] = -1
	b, sb, nc := s>>qBlockBits, s>>(2*qBlockBits), q.classes
	c := widthClass(int(q.w[s])) - 1
	k := b*nc + c
	q.slots[k] &^= 1 << (s & (qBlock - 1))
	empty := q.slots[k] == 0
	if empty {
		q.bClass[b] &^= 1 << c
		if q.blocks[sb*nc+c] &^= 1 << (b & (qBlock - 1)); q.blocks[sb*nc+c] == 0 {
			q.sbClass[sb] &^= 1 << c
		}
	}
	if q.trackEst {
		// Only the job of the least estimate can have set it.
		if e := q.est[s]; empty {
			q.bEst[k] = math.Inf(1)
			q.bStale[b] &^= 1 << c
		} else if e == q.bEst[k] {
			q.bStale[b] |= 1 << c
		}
		if q.est[s] == q.sbEst[sb*nc+c] {
			q.sbStale[sb] |= 1 << c
		}
	}
	q.live--
	if p == q.head {
		end := q.end()
		if q.live == 0 {
			q.head = end
		} else {
			for q.head < end && q.job[q.head-q.base] < 0 {
				q.head++
			}
		}
	}
}

// at returns the job at position p.
func (q *widthQueue) at(p int) int { return int(q.job[p-q.base]) }

// next returns the first position ≥ p holding a job of width ≤ k, −1 if
// none.
func (q *widthQueue) next(p, k int) int {
	it := q.scan(p)
	return it.next(k, k, 0, -1)
}

// recountBlock recounts the least estimate of the jobs of class c+1 in
// block b (trackEst), a lower bound while its bit of bStale is set.
func (q *widthQueue) recountBlock(b, c int) {
	k := b*q.classes + c
	q.bStale[b] &^= 1 << c
	least := math.Inf(1)
	lo := b << qBlockBits
	for m := q.slots[k]; m != 0; m &= m - 1 {
		least = min(least, q.est[lo+bits.TrailingZeros64(m)])
	}
	q.bEst[k] = least
}

// recountSuper recounts the lower bound of the estimates of the jobs of
// class c+1 in superblock sb (trackEst) from its blocks', needed while
// its bit of sbStale is set (the job that set it has left).
func (q *widthQueue) recountSuper(sb, c int) {
	k := sb*q.classes + c
	q.sbStale[sb] &^= 1 << c
	least := math.Inf(1)
	lo := sb << qBlockBits
	for m := q.blocks[k]; m != 0; m &= m - 1 {
		least = min(least, q.bEst[(lo+bits.TrailingZeros64(m))*q.classes+c])
	}
	q.sbEst[k] = least
}

// queueScan walks the queue from a position on, in order, returning the
// jobs that pass a test whose parameters only narrow as the walk goes on
// (the free and extra processors of a backfilling pass shrink with each
// job started): the masks of a superblock and of a block are computed
// once for the widest parameters, and every job is checked with the
// current ones.
type queueScan struct {
	q  *widthQueue
	s  int    // next slot
	sb int    // superblock of bm, −1 before the first
	bm uint64 // blocks of sb still to visit
	lo int    // first slot of the current block
	m  uint64 // slots of the current block still to visit

	f, x      int    // the parameters fit and sure were computed for
	fit, sure uint64 // classes that may fit in f; classes that may fit in x
}

// scan returns a walk of the queue from position p on.
func (q *widthQueue) scan(p int) queueScan {
	return queueScan{q: q, s: max(p, q.head) - q.base, sb: -1, f: -1}
}

// next returns the next position of the walk holding a job of width w
// and (with trackEst) estimate est with w ≤ f and (w ≤ x or now + est ≤
// shadow), −1 if none; next(k, k, 0, −1) asks for w ≤ k. f and x must not
// grow from one call to the next, nor now and shadow change.
func (it *queueScan) next(f, x int, now, shadow float64) int {
	q := it.q
	if f <= 0 {
		return -1
	}
	x = min(x, f)
	nc := q.classes
	if f != it.f || x != it.x {
		it.f, it.x = f, x
		it.fit = uint64(1)<<min(widthClass(f), nc) - 1
		it.sure = uint64(1)<<min(widthClass(max(x, 0)), nc) - 1 // no estimate test
	}
	fit, sure := it.fit, it.sure
	for {
		for it.m != 0 {
			t := it.lo + bits.TrailingZeros64(it.m)
			it.m &= it.m - 1
			if w := int(q.w[t]); w <= f && (w <= x || now+q.est[t] <= shadow) {
				return q.base + t
			}
		}
		if it.bm == 0 {
			// The next superblock with a class that may fit.
			if it.sb >= 0 {
				it.s = (it.sb + 1) << (2 * qBlockBits)
			}
			if it.s >= len(q.w) {
				return -1
			}
			it.sb = it.s >> (2 * qBlockBits)
			k := it.sb * nc
			for cs := q.sbClass[it.sb] & fit; cs != 0; cs &= cs - 1 {
				c := bits.TrailingZeros64(cs)
				if sure&(1<<c) == 0 {
					if q.sbStale[it.sb]&(1<<c) != 0 {
						q.recountSuper(it.sb, c)
					}
					if !(now+q.sbEst[k+c] <= shadow) {
						continue
					}
				}
				it.bm |= q.blocks[k+c]
			}
			it.bm &= ^uint64(0) << ((it.s >> qBlockBits) & (qBlock - 1))
			continue
		}
		b := it.sb<<qBlockBits + bits.TrailingZeros64(it.bm)
		it.bm &= it.bm - 1
		it.lo = b << qBlockBits
		k := b * nc
		var m uint64
		// (The tests of the least estimates are written out here, the
		// rare recounts being calls: a call per class and block was
		// about a fifth of this function's instructions on SDSC-SP2.)
		for cs := q.bClass[b] & fit; cs != 0; cs &= cs - 1 {
			c := bits.TrailingZeros64(cs)
			if sure&(1<<c) == 0 {
				if q.bStale[b]&(1<<c) != 0 {
					q.recountBlock(b, c)
				}
				if !(now+q.bEst[k+c] <= shadow) {
					continue
				}
			}
			m |= q.slots[k+c]
		}
		if it.s > it.lo {
			m &= ^uint64(0) << (it.s - it.lo)
		}
		it.m = m
	}
}
