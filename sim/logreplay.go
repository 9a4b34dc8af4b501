package sim

import "math"

// LogReplay is the pseudo-scheduler that starts each job after its logged
// wait: at submit + wait, which is the logged start time in an open replay
// of the log. It validates the engine and the feedback simulation (where a
// job's submit time moves but its wait is kept).
//
// A job whose wait is unknown (NaN) starts at its arrival. A job whose
// logged start comes when too few processors are free (a logged schedule
// that uses more processors than the simulated machine has, or a machine
// size smaller than the log's) starts as soon as it fits; due jobs are
// tried in order of logged start, and a due job that does not fit does not
// block later ones. Both cases are counted.
//
// Jobs due at the same second start in the order of their job ids (the
// log's order), not of their arrival in the engine: a log records starts
// to the second only, and its jobs' order within a second decides whether
// they fit (a job of runtime 0 that started first frees its processors in
// the same second). In a feedback simulation jobs of equal submit times may
// reach the engine in another order than the log's.
type LogReplay struct {
	// UnknownWait counts the jobs whose logged wait was unknown.
	UnknownWait int
	// Delayed counts the jobs that started after their logged start.
	Delayed int

	due   []dueEntry // heap of (logged start, job id, job)
	ready readySet   // due jobs that did not fit yet, by logged start
}

type dueEntry struct {
	t     float64
	id, j int
}

func dueLess(a, b dueEntry) bool {
	if a.t != b.t {
		return a.t < b.t
	}
	if a.id != b.id {
		return a.id < b.id
	}
	return a.j < b.j
}

// Reset makes the scheduler ready for another simulation, keeping its
// memory (see Resetter).
func (s *LogReplay) Reset() {
	s.UnknownWait, s.Delayed = 0, 0
	s.due = s.due[:0]
	s.ready = readySet{nodes: s.ready.nodes[:0], spare: s.ready.spare[:0]}
}

func (s *LogReplay) loggedStart(e *Engine, j int) float64 {
	w := e.lwait[j]
	if math.IsNaN(w) || w < 0 {
		w = 0
	}
	return e.submit[j] + w
}

// Arrive records job j's logged start.
func (s *LogReplay) Arrive(e *Engine, j int) {
	if math.IsNaN(e.lwait[j]) {
		s.UnknownWait++
	}
	x := dueEntry{s.loggedStart(e, j), e.id[j], j}
	s.due = append(s.due, x)
	h := s.due
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !dueLess(x, h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = x
}

// Schedule starts the jobs whose logged start has come: in order of
// logged start, each due job that fits in the free processors. The due
// jobs that do not fit wait in a search tree (readySet), so that finding
// the next one that fits costs O(log n) however many wait: a logged
// schedule much wider than the machine once made each pass scan every
// waiting job (quadratic: CEA-Curie on 9,000 processors did not finish).
func (s *LogReplay) Schedule(e *Engine) {
	for len(s.due) > 0 && s.due[0].t <= e.now {
		x := s.pop()
		if s.ready.empty() && e.width[x.j] <= e.free {
			// First in order (nothing due waits before it) and fits: the
			// usual case, without the tree.
			s.start(e, x)
			continue
		}
		s.ready.insert(x, e.width[x.j])
	}
	for {
		x, ok := s.ready.takeFirst(e.free)
		if !ok {
			break
		}
		s.start(e, x)
	}
	if len(s.due) > 0 {
		e.wakeAt(s.due[0].t)
	}
}

func (s *LogReplay) start(e *Engine, x dueEntry) {
	if e.now > x.t {
		s.Delayed++
	}
	e.Start(x.j)
}

func (s *LogReplay) pop() dueEntry {
	h := s.due
	top := h[0]
	n := len(h) - 1
	x := h[n]
	h = h[:n]
	s.due = h
	if n == 0 {
		return top
	}
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && dueLess(h[r], h[l]) {
			m = r
		}
		if !dueLess(h[m], x) {
			break
		}
		h[i] = h[m]
		i = m
	}
	h[i] = x
	return top
}

// readySet holds due jobs in order of dueLess, each with its width: a
// treap (a binary search tree balanced by random priorities) whose nodes
// also keep the narrowest width of their subtree, so that the first job
// in order that fits in a given number of processors is found, and
// removed, in O(log n) expected time.
type readySet struct {
	nodes []readyNode
	spare []int32 // indices of removed nodes, for reuse
	root  int32
	seq   uint64 // priority generator state
}

type readyNode struct {
	x           dueEntry
	width, minW int
	pri         uint64
	left, right int32 // −1 for none
}

const noNode = -1

// empty reports whether the set holds no entry.
func (r *readySet) empty() bool { return len(r.nodes) == 0 || r.root == noNode }

// minWidth returns the narrowest width in subtree t.
func (r *readySet) minWidth(t int32) int {
	if t == noNode {
		return math.MaxInt
	}
	return r.nodes[t].minW
}

func (r *readySet) update(t int32) {
	n := &r.nodes[t]
	n.minW = min(n.width, r.minWidth(n.left), r.minWidth(n.right))
}

// split cuts subtree t into the entries before x and the others.
func (r *readySet) split(t int32, x dueEntry) (int32, int32) {
	if t == noNode {
		return noNode, noNode
	}
	if dueLess(r.nodes[t].x, x) {
		a, b := r.split(r.nodes[t].right, x)
		r.nodes[t].right = a
		r.update(t)
		return t, b
	}
	a, b := r.split(r.nodes[t].left, x)
	r.nodes[t].left = b
	r.update(t)
	return a, t
}

// merge joins subtrees a and b, every entry of a before every entry of b.
func (r *readySet) merge(a, b int32) int32 {
	switch {
	case a == noNode:
		return b
	case b == noNode:
		return a
	case r.nodes[a].pri > r.nodes[b].pri:
		r.nodes[a].right = r.merge(r.nodes[a].right, b)
		r.update(a)
		return a
	}
	r.nodes[b].left = r.merge(a, r.nodes[b].left)
	r.update(b)
	return b
}

// insert adds entry x of the given width.
func (r *readySet) insert(x dueEntry, width int) {
	if len(r.nodes) == 0 {
		r.root = noNode
	}
	r.seq += 0x9e3779b97f4a7c15 // splitmix64: reproducible priorities
	z := r.seq
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	n := readyNode{x: x, width: width, minW: width, pri: z ^ z>>31, left: noNode, right: noNode}
	var t int32
	if k := len(r.spare); k > 0 {
		t = r.spare[k-1]
		r.spare = r.spare[:k-1]
		r.nodes[t] = n
	} else {
		t = int32(len(r.nodes))
		r.nodes = append(r.nodes, n)
	}
	a, b := r.split(r.root, x)
	r.root = r.merge(r.merge(a, t), b)
}

// takeFirst removes and returns the first entry in order whose width is
// at most free; ok is false when none fits.
func (r *readySet) takeFirst(free int) (x dueEntry, ok bool) {
	if r.empty() || r.minWidth(r.root) > free {
		return dueEntry{}, false
	}
	t := r.root
	for {
		n := r.nodes[t]
		switch {
		case r.minWidth(n.left) <= free:
			t = n.left
			continue
		case n.width <= free:
		default:
			t = n.right
			continue
		}
		break
	}
	x = r.nodes[t].x
	r.root = r.remove(r.root, x)
	r.spare = append(r.spare, t)
	return x, true
}

// remove deletes entry x from subtree t and returns the subtree.
func (r *readySet) remove(t int32, x dueEntry) int32 {
	n := &r.nodes[t]
	switch {
	case dueLess(x, n.x):
		n.left = r.remove(n.left, x)
	case dueLess(n.x, x):
		n.right = r.remove(n.right, x)
	default:
		return r.merge(n.left, n.right)
	}
	r.update(t)
	return t
}
