package sim

import "math"

// widthQueue holds waiting jobs in arrival order, each at an absolute
// position that never changes, with a two-level index of the minimum width
// (blocks of 64 positions, superblocks of 64 blocks). next(p, k) finds the
// first job at or after position p needing at most k processors while
// skipping whole blocks of wider jobs, so that a backfilling pass over a
// deep queue does not rescan jobs that cannot fit.
//
// With trackEst, each block also keeps, lazily, its staircase of
// (width, least estimate among jobs at most that wide), so that the EASY
// test "fits in f processors and either fits in x or ends by the shadow
// time" (nextBackfill) can skip every block that holds no such job.
type widthQueue struct {
	trackEst bool

	base  int     // absolute position of slot 0
	job   []int   // job at slot, −1 once removed
	w     []int32 // width at slot, noWidth once removed
	bmin  []int32 // minimum width per block
	sbmin []int32 // minimum width per superblock
	head  int     // absolute position of the first live slot (== end when empty)
	live  int
	pos   []int // job → absolute position (−1 when not queued)

	// With trackEst.
	est    []float64 // estimate at slot
	sbminE []float64 // lower bound of the estimates per superblock
	stale  []bool    // block staircase out of date
	stW    [][]int32 // block staircase: widths, increasing
	stE    [][]float64
	tmp    []stair
}

type stair struct {
	w int32
	e float64
}

const (
	qBlockBits = 6
	qBlock     = 1 << qBlockBits // slots per block
	qSuper     = qBlock * qBlock // slots per superblock
	noWidth    = math.MaxInt32
)

func (q *widthQueue) end() int { return q.base + len(q.job) }

// push appends job j of width w and returns its position.
func (q *widthQueue) push(j, w int) int {
	if q.head-q.base >= 4*qSuper && q.head-q.base > len(q.job)/2 {
		q.rebase()
	}
	for j >= len(q.pos) {
		q.pos = append(q.pos, -1)
	}
	s := len(q.job)
	q.job = append(q.job, j)
	q.w = append(q.w, int32(w))
	if s%qBlock == 0 {
		q.bmin = append(q.bmin, noWidth)
		if q.trackEst {
			q.stale = append(q.stale, true)
			q.stW = append(q.stW, nil)
			q.stE = append(q.stE, nil)
		}
	}
	if s%qSuper == 0 {
		q.sbmin = append(q.sbmin, noWidth)
		if q.trackEst {
			q.sbminE = append(q.sbminE, math.Inf(1))
		}
	}
	b, sb := s>>qBlockBits, s>>(2*qBlockBits)
	q.bmin[b] = min(q.bmin[b], int32(w))
	q.sbmin[sb] = min(q.sbmin[sb], int32(w))
	p := q.base + s
	q.pos[j] = p
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
	cut := n * qSuper
	q.job = q.job[:copy(q.job, q.job[cut:])]
	q.w = q.w[:copy(q.w, q.w[cut:])]
	q.bmin = q.bmin[:copy(q.bmin, q.bmin[n*qBlock:])]
	q.sbmin = q.sbmin[:copy(q.sbmin, q.sbmin[n:])]
	if q.trackEst {
		q.est = q.est[:copy(q.est, q.est[cut:])]
		q.sbminE = q.sbminE[:copy(q.sbminE, q.sbminE[n:])]
		q.stale = q.stale[:copy(q.stale, q.stale[n*qBlock:])]
		q.stW = q.stW[:copy(q.stW, q.stW[n*qBlock:])]
		q.stE = q.stE[:copy(q.stE, q.stE[n*qBlock:])]
	}
	q.base += cut
}

// first returns the first queued job, −1 if none.
func (q *widthQueue) first() int {
	if q.live == 0 {
		return -1
	}
	return q.job[q.head-q.base]
}

// remove takes job j out of the queue.
func (q *widthQueue) remove(j int) {
	p := q.pos[j]
	q.pos[j] = -1
	s := p - q.base
	q.job[s] = -1
	old := q.w[s]
	q.w[s] = noWidth
	b := s >> qBlockBits
	if q.trackEst {
		q.stale[b] = true
	}
	if old == q.bmin[b] {
		lo := b << qBlockBits
		hi := min(lo+qBlock, len(q.w))
		m := int32(noWidth)
		for _, x := range q.w[lo:hi] {
			m = min(m, x)
		}
		q.bmin[b] = m
		sb := s >> (2 * qBlockBits)
		if old == q.sbmin[sb] && m != old {
			blo := sb << qBlockBits
			bhi := min(blo+qBlock, len(q.bmin))
			m = noWidth
			for _, x := range q.bmin[blo:bhi] {
				m = min(m, x)
			}
			q.sbmin[sb] = m
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

// next returns the first position ≥ p holding a job of width ≤ k, −1 if
// none.
func (q *widthQueue) next(p, k int) int {
	if k <= 0 {
		return -1
	}
	kk := int32(min(k, noWidth-1))
	s := max(p, q.head) - q.base
	n := len(q.w)
	for s < n {
		if sb := s >> (2 * qBlockBits); q.sbmin[sb] > kk {
			s = (sb + 1) << (2 * qBlockBits)
			continue
		}
		b := s >> qBlockBits
		if q.bmin[b] > kk {
			s = (b + 1) << qBlockBits
			continue
		}
		end := min((b+1)<<qBlockBits, n)
		for _, x := range q.w[s:end] {
			if x <= kk {
				return q.base + s
			}
			s++
		}
	}
	return -1
}

// at returns the job at position p.
func (q *widthQueue) at(p int) int { return q.job[p-q.base] }

// pushEst appends job j of width w and estimate est (trackEst).
func (q *widthQueue) pushEst(j, w int, est float64) int {
	p := q.push(j, w)
	s := p - q.base
	q.est = append(q.est, est)
	q.stale[s>>qBlockBits] = true
	sb := s >> (2 * qBlockBits)
	q.sbminE[sb] = min(q.sbminE[sb], est)
	return p
}

// staircase rebuilds block b's staircase if it is out of date.
func (q *widthQueue) staircase(b int) {
	if !q.stale[b] {
		return
	}
	q.stale[b] = false
	lo := b << qBlockBits
	hi := min(lo+qBlock, len(q.w))
	t := q.tmp[:0]
	for s := lo; s < hi; s++ {
		if q.w[s] != noWidth {
			t = append(t, stair{q.w[s], q.est[s]})
		}
	}
	// Insertion sort by width (a block holds at most 64 jobs).
	for i := 1; i < len(t); i++ {
		for k := i; k > 0 && t[k].w < t[k-1].w; k-- {
			t[k], t[k-1] = t[k-1], t[k]
		}
	}
	ws, es := q.stW[b][:0], q.stE[b][:0]
	for _, x := range t {
		if n := len(es); n == 0 || x.e < es[n-1] {
			if n > 0 && ws[n-1] == x.w {
				es[n-1] = x.e
			} else {
				ws = append(ws, x.w)
				es = append(es, x.e)
			}
		}
	}
	q.stW[b], q.stE[b], q.tmp = ws, es, t
}

// nextBackfill returns the first position ≥ p holding a job of width w
// and estimate est with w ≤ f and (w ≤ x or now + est ≤ shadow), −1 if
// none (trackEst).
func (q *widthQueue) nextBackfill(p, f, x int, now, shadow float64) int {
	if f <= 0 {
		return -1
	}
	ff := int32(min(f, noWidth-1))
	xx := int32(min(x, f, noWidth-1))
	ok := func(w int32, est float64) bool { return w <= ff && (w <= xx || now+est <= shadow) }
	s := max(p, q.head) - q.base
	n := len(q.w)
	for s < n {
		sb := s >> (2 * qBlockBits)
		if q.sbmin[sb] > ff || q.sbmin[sb] > xx && now+q.sbminE[sb] > shadow {
			s = (sb + 1) << (2 * qBlockBits)
			continue
		}
		b := s >> qBlockBits
		if q.bmin[b] > ff {
			s = (b + 1) << qBlockBits
			continue
		}
		if q.bmin[b] > xx {
			q.staircase(b)
			ws := q.stW[b]
			k := len(ws)
			for k > 0 && ws[k-1] > ff {
				k--
			}
			if k == 0 || now+q.stE[b][k-1] > shadow {
				s = (b + 1) << qBlockBits
				continue
			}
		}
		end := min((b+1)<<qBlockBits, n)
		for ; s < end; s++ {
			if ok(q.w[s], q.est[s]) {
				return q.base + s
			}
		}
	}
	return -1
}
