package sim

import (
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// blockTreeCase pushes and removes jobs at random in a widthQueue with a
// blockTree, asking both searches, queueScan's and blockTree's, for the
// first position ≥ p passing the EASY test after every step: they must
// agree (the tree only skips blocks that cannot pass).
type blockTreeCase struct {
	procs int
	q     widthQueue
	t     blockTree
	live  []int // queued jobs
	next  int   // next job number
}

// newBlockTreeCase returns an empty case; always: the tree is kept
// whatever the queue's span.
func newBlockTreeCase(procs int, always bool) *blockTreeCase {
	c := &blockTreeCase{procs: procs}
	c.q.reset(procs, true)
	c.t.reset(c.q.classes)
	if always {
		c.t.spanOn, c.t.spanOff = -1, -1
	}
	return c
}

func (c *blockTreeCase) push(w int, est float64) {
	p := c.q.push(c.next, w, est)
	c.t.push(&c.q, p)
	c.live = append(c.live, c.next)
	c.next++
}

func (c *blockTreeCase) remove(i int) {
	j := c.live[i]
	p := int(c.q.pos[j])
	w := int(c.q.w[p-c.q.base])
	c.q.remove(j)
	c.t.remove(&c.q, p, w)
	c.live[i] = c.live[len(c.live)-1]
	c.live = c.live[:len(c.live)-1]
}

// fataler is what check needs of a *testing.T or *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

func (c *blockTreeCase) check(tb fataler, p, f, x int, now, shadow float64) {
	tb.Helper()
	if !c.t.on {
		return
	}
	it := c.q.scan(p)
	want := it.next(f, x, now, shadow)
	if got := c.t.next(&c.q, p, f, x, now, shadow); got != want {
		tb.Fatalf("next(p=%d, f=%d, x=%d, now=%v, shadow=%v) = %d, queueScan: %d", p, f, x, now, shadow, got, want)
	}
}

func TestBlockTreeProperty(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		procs := rapid.IntRange(1, 600).Draw(rt, "procs")
		c := newBlockTreeCase(procs, true)
		ests := []float64{1, 10, 100, 1000, 1e4}
		steps := rapid.IntRange(1, 400).Draw(rt, "steps")
		for range steps {
			if len(c.live) > 0 && rapid.IntRange(0, 2).Draw(rt, "op") == 0 {
				c.remove(rapid.IntRange(0, len(c.live)-1).Draw(rt, "i"))
			} else {
				c.push(rapid.IntRange(1, procs).Draw(rt, "w"), rapid.SampledFrom(ests).Draw(rt, "est"))
			}
			p := rapid.IntRange(0, c.q.end()).Draw(rt, "p")
			f := rapid.IntRange(0, procs).Draw(rt, "f")
			x := rapid.IntRange(-1, procs).Draw(rt, "x")
			c.check(rt, p, f, x, 5, rapid.SampledFrom([]float64{0, 6, 15, 105, 1005, 2e4}).Draw(rt, "shadow"))
		}
	})
}

// TestBlockTreeLong runs a queue through many superblocks (the queue's
// rebases and the tree's rebuilds), most removals near its head, as a
// simulation's are, the tree built and dropped as the queue's span
// crosses treeOn and treeOff.
func TestBlockTreeLong(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, procs := range []int{128, 1152} {
		c := newBlockTreeCase(procs, false)
		flips, on := 0, false
		for step := range 150000 {
			// Phases of 5,000 steps: the queue grows, then drains.
			n, grow := len(c.live), step/5000%2 == 0
			if n > 0 && (n > 3000 || rng.IntN(10) < map[bool]int{true: 4, false: 6}[grow]) {
				c.remove(min(rng.IntN(n), rng.IntN(n), rng.IntN(n)))
			} else {
				w := 1 << rng.IntN(c.q.classes)
				w = min(procs, w+rng.IntN(w))
				c.push(w, float64(1+rng.IntN(1e5)))
			}
			if c.t.on != on {
				on = c.t.on
				flips++
			}
			if step%7 == 0 {
				f := rng.IntN(procs + 1)
				c.check(t, c.q.head+rng.IntN(64), f, rng.IntN(f+2)-1, 1e4, 1e4+float64(rng.IntN(2e5)))
			}
		}
		if flips < 4 {
			t.Errorf("procs %d: the tree was built or dropped %d times, want ≥ 4", procs, flips)
		}
		if c.q.base == 0 || c.t.base == 0 {
			t.Errorf("procs %d: the queue was not rebased (base %d) or the tree not rebuilt after (base %d)", procs, c.q.base, c.t.base)
		}
	}
}
