package sim

import (
	"testing"

	"pgregory.net/rapid"
)

// Moving a reservation earlier within one block (moveInBlock) gives the
// profile a plain array of free processors gives, in each of its three
// shapes: the new slot overlapping the old one, the two slots apart with
// breakpoints between them (which moveInBlock passes over, leaving them in
// place), and the two apart with none between. The array is the
// reference; the profile is kept in one block (fewer than pMax
// breakpoints) so that every move takes moveInBlock's path.
func TestPropertyProfileMoveInBlockShapes(t *testing.T) {
	t.Parallel()
	var overlap, apartKept, apartEmpty int
	rapid.Check(t, func(t *rapid.T) {
		const horizon = 200
		total := rapid.IntRange(2, 30).Draw(t, "total")
		var p profile
		p.reset(total, 0)
		naive := newNaiveProfile(total, 2*horizon)
		type iv struct{ s, e, w int }
		var held []iv
		for range rapid.IntRange(1, 12).Draw(t, "reservations") {
			s := rapid.IntRange(1, horizon-1).Draw(t, "s")
			e := s + rapid.IntRange(1, 60).Draw(t, "len")
			w := rapid.IntRange(1, total).Draw(t, "w")
			p.add(float64(s), float64(e), -w)
			naive.take(s, e, w)
			held = append(held, iv{s, e, w})
		}
		for range rapid.IntRange(1, 40).Draw(t, "moves") {
			k := rapid.IntRange(0, len(held)-1).Draw(t, "k")
			h := held[k]
			if h.s == 0 {
				continue
			}
			at := rapid.IntRange(0, h.s-1).Draw(t, "at")
			r, d := float64(h.s), float64(h.e-h.s)
			// The breakpoints strictly between the two slots.
			lo, hi := min(r, float64(at)+d), max(r, float64(at)+d)
			between := 0
			for k := range p.order {
				blk := p.blk(k)
				for _, x := range blk.t[:blk.n] {
					if x > lo && x < hi {
						between++
					}
				}
			}
			b, i := p.locate(float64(at))
			if _, ok := p.moveInBlock(b, i, float64(at), r, d, h.w); !ok {
				t.Fatalf("moveInBlock refused a move in a profile of %d blocks", len(p.order))
			}
			switch {
			case float64(at)+d > r:
				overlap++
			case between > 0:
				apartKept++
			default:
				apartEmpty++
			}
			naive.take(h.s, h.e, -h.w)
			e := at + h.e - h.s
			naive.take(at, e, h.w)
			held[k] = iv{at, e, h.w}
			checkProfileShape(t, &p)
			for u := range naive {
				if got := p.at(float64(u)); got != naive[u] {
					t.Fatalf("after moving [%d, %d) to %d: free at %d = %d, want %d", h.s, h.e, at, u, got, naive[u])
				}
			}
		}
	})
	if overlap == 0 || apartKept == 0 || apartEmpty == 0 {
		t.Errorf("moves overlapping %d, apart with breakpoints between %d, apart with none %d: not every shape was exercised",
			overlap, apartKept, apartEmpty)
	}
}
