package sim

import (
	"slices"
	"testing"
	"unsafe"

	"pgregory.net/rapid"
)

// TestPropertyByEstOps drives insertEst and removeEst directly with random
// sequences of starts and ends (ties of estimated end, jobs that end
// first, last or anywhere, windows that have room before them or not) and
// compares byEst after each operation with a reference slice kept by
// binary search and slices.Insert / slices.Delete: (estimated end, job)
// is unique, so the order insertEst and removeEst keep (whichever side of
// the window they move) is the one sorted order the reference holds.
// It also checks that byEst is the window of estBuf starting estOff
// entries in.
func TestPropertyByEstOps(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 300).Draw(t, "jobs")
		e := &Engine{start: make([]float64, n), estimate: make([]float64, n), width: make([]int, n)}
		if rapid.Bool().Draw(t, "preallocated") {
			e.estBuf = make([]estEntry, rapid.IntRange(0, n).Draw(t, "cap"))
			e.byEst = e.estBuf[:0]
		}
		running := make([]bool, n)
		var ref []estEntry
		cmp := func(a, b estEntry) int {
			if estLess(a, b) {
				return -1
			}
			if estLess(b, a) {
				return 1
			}
			return 0
		}
		ops := rapid.IntRange(0, 3*n).Draw(t, "ops")
		now := 0.0
		for range ops {
			j := rapid.IntRange(0, n-1).Draw(t, "job")
			if !running[j] {
				now += float64(rapid.IntRange(0, 3).Draw(t, "dt"))
				e.start[j] = now
				e.estimate[j] = float64(rapid.SampledFrom([]int{0, 1, 5, 50, 1000}).Draw(t, "estimate") +
					rapid.IntRange(0, 3).Draw(t, "slack"))
				e.width[j] = rapid.IntRange(1, 8).Draw(t, "width")
				x := estEntry{timeKey(e.estEnd(j)), int32(j), int32(e.width[j])}
				e.insertEst(j)
				at, found := slices.BinarySearchFunc(ref, x, cmp)
				if found {
					t.Fatalf("job %d already in the reference", j)
				}
				ref = slices.Insert(ref, at, x)
			} else {
				// Mostly the front (jobs end before their estimate), else
				// the drawn job.
				if len(ref) > 0 && rapid.IntRange(0, 2).Draw(t, "front") > 0 {
					j = int(ref[rapid.IntRange(0, min(len(ref), 6)-1).Draw(t, "at")].j)
				}
				x := estEntry{timeKey(e.estEnd(j)), int32(j), 0}
				at, found := slices.BinarySearchFunc(ref, x, func(a, b estEntry) int { return cmp(estEntry{a.k, a.j, 0}, b) })
				if !found {
					t.Fatalf("running job %d not in the reference", j)
				}
				e.removeEst(j)
				ref = slices.Delete(ref, at, at+1)
			}
			running[j] = !running[j]
			if !slices.Equal(e.byEst, ref) {
				t.Fatalf("byEst %v, reference %v", e.byEst, ref)
			}
			if e.estOff+len(e.byEst) > len(e.estBuf) || len(e.estBuf) != cap(e.estBuf) {
				t.Fatalf("window at %d of %d entries in a buffer of %d (cap %d)", e.estOff, len(e.byEst), len(e.estBuf), cap(e.estBuf))
			}
			if len(e.byEst) > 0 && unsafe.SliceData(e.byEst) != &e.estBuf[e.estOff] {
				t.Fatalf("byEst is not estBuf[%d:]", e.estOff)
			}
		}
	})
}
