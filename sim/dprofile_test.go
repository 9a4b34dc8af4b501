package sim

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestPropertyDprofile checks dprofile, operation by operation, against a
// plain array of the free processors at each integer time: reservations
// at the earliest fit (reserve), releases (add), time passing (advance),
// searches for an earlier fit before a reservation (search, from the
// first time with enough free, as compress starts them), moves to an
// arbitrary earlier time (move, with the largest number free it reports
// over the part of the old slot that gained) and maxIn. After every
// operation the profile must equal the array from now on, hold no
// breakpoint whose change is zero, and keep its breakpoints in increasing
// time. Moves of all three shapes (new slot overlapping the old one,
// ending where it starts, apart) and with the breakpoints after them
// shifted both ways must have been exercised.
func TestPropertyDprofile(t *testing.T) {
	t.Parallel()
	var overlap, adjacent, apart, left, right, stops, cut int
	rapid.Check(t, func(t *rapid.T) {
		const horizon = 300
		total := rapid.IntRange(1, 30).Draw(t, "total")
		var p dprofile
		p.reset(total, 0)
		naive := newNaiveProfile(total, 3*horizon)
		type iv struct{ s, e, w int }
		var held []iv
		now := 0
		check := func(op string) {
			if p.s[0].t != float64(now) {
				t.Fatalf("after %s: profile starts at %v, now %d", op, p.s[0].t, now)
			}
			for k := 1; k < len(p.s); k++ {
				if p.s[k].d == 0 || !(p.s[k].t > p.s[k-1].t) {
					t.Fatalf("after %s: breakpoint %d %+v after %+v", op, k, p.s[k], p.s[k-1])
				}
			}
			for u := now; u < len(naive); u++ {
				_, v := p.locate(float64(u))
				if v != naive[u] {
					t.Fatalf("after %s: %d free at %d, want %d (profile %v)", op, v, u, naive[u], p.s)
				}
			}
		}
		for range rapid.IntRange(1, 200).Draw(t, "steps") {
			switch op := rapid.IntRange(0, 5).Draw(t, "op"); op {
			case 0, 1: // reserve at the earliest fit from now
				w := rapid.IntRange(1, total).Draw(t, "w")
				d := rapid.IntRange(1, 30).Draw(t, "d")
				want := now
				for !naive.fits(want, want+d, w) {
					want++
				}
				if want+d >= 2*horizon {
					break
				}
				if got := p.reserve(w, float64(d)); got != float64(want) {
					t.Fatalf("reserve(%d, %d) = %v, want %d", w, d, got, want)
				}
				naive.take(want, want+d, w)
				held = append(held, iv{want, want + d, w})
				check("reserve")
			case 2: // release the rest of a reservation
				if len(held) == 0 {
					break
				}
				k := rapid.IntRange(0, len(held)-1).Draw(t, "k")
				h := held[k]
				p.add(float64(h.s), float64(h.e), h.w)
				naive.take(max(h.s, now), h.e, -h.w)
				held = slices.Delete(held, k, k+1)
				check("add")
			case 3: // time passes
				now = min(now+rapid.IntRange(0, 20).Draw(t, "dt"), horizon)
				p.advance(float64(now))
				check("advance")
			case 4: // search before a reservation, as compress does
				if len(held) == 0 {
					break
				}
				h := held[rapid.IntRange(0, len(held)-1).Draw(t, "k")]
				if h.s <= now {
					break
				}
				ft, fk, fv := p.firstAtLeast(h.w)
				wantF := now
				for naive[wantF] < h.w {
					wantF++
				}
				if ft != float64(wantF) || fv != naive[wantF] {
					t.Fatalf("firstAtLeast(%d) = %v (%d free), want %d (%d)", h.w, ft, fv, wantF, naive[wantF])
				}
				// The reservation given back, the job fits from its
				// own start on: the search stops there. Only starts
				// before rs ≤ h.s are tried.
				rs := h.s
				if wantF < h.s {
					rs = rapid.IntRange(wantF, h.s).Draw(t, "rs")
				}
				want := h.s
				for u := wantF; u < rs; u++ {
					if naive.fits(u, min(h.s, u+h.e-h.s), h.w) {
						want = u
						break
					}
				}
				got, tk, tv := p.search(fk, fv, ft, h.w, float64(h.e-h.s), float64(h.s), float64(rs))
				if got != float64(want) {
					t.Fatalf("search for %+v from %v before %d = %v, want %d", h, ft, rs, got, want)
				}
				if got < float64(h.s) {
					if k, v := p.locate(got); k != tk || v != tv {
						t.Fatalf("search found segment %d (%d free), locate %d (%d)", tk, tv, k, v)
					}
				} else {
					// Where it stopped: a segment at or after rs
					// with h.w free, before which every interval
					// from ft with h.w free ends before the
					// reservation and lasts less than the job.
					stop := p.s[tk].t
					if k, v := p.locate(stop); k != tk || v != tv || tv < h.w || stop < float64(rs) {
						t.Fatalf("failed search for %+v before %d stopped in segment %d at %v (%d free), locate %d (%d)",
							h, rs, tk, stop, tv, k, v)
					}
					if stop < float64(h.s) {
						cut++
					}
					for a := wantF; a < int(stop); a++ {
						b := a
						for b < int(stop) && naive[b] >= h.w {
							b++
						}
						if b > a && (b >= h.s || b-a >= h.e-h.s) {
							t.Fatalf("failed search for %+v stopped at %v, but %d are free over [%d, %d)",
								h, stop, h.w, a, b)
						}
						a = b
					}
					stops++
				}
				if got, want := p.maxIn(float64(now), p.tail()), slices.Max(naive[now:max(now+1, int(p.tail()))]); got != want {
					t.Fatalf("maxIn(now, tail) = %d, want %d", got, want)
				}
			case 5: // move a reservation to an earlier time
				if len(held) == 0 {
					break
				}
				k := rapid.IntRange(0, len(held)-1).Draw(t, "k")
				h := held[k]
				if h.s <= now {
					break
				}
				at := rapid.IntRange(now, h.s-1).Draw(t, "at")
				d := h.e - h.s
				switch {
				case at+d > h.s:
					overlap++
				case at+d == h.s:
					adjacent++
				default:
					apart++
				}
				n0 := len(p.s)
				tk, tv := p.locate(float64(at))
				m := p.move(tk, tv, float64(at), float64(h.s), float64(d), h.w)
				switch n := len(p.s); {
				case n < n0:
					left++
				case n > n0:
					right++
				}
				naive.take(h.s, h.e, -h.w)
				naive.take(at, at+d, h.w)
				held[k] = iv{at, at + d, h.w}
				if want := slices.Max(naive[max(h.s, at+d):h.e]); m != want {
					t.Fatalf("move of %+v to %d: largest free over the gain %d, want %d", h, at, m, want)
				}
				check("move")
			}
		}
	})
	t.Logf("moves: %d overlapping, %d adjacent, %d apart; %d shrank the profile, %d grew it; %d failed searches",
		overlap, adjacent, apart, left, right, stops)
	if testing.Short() {
		return // rapid runs too few cases under -short to meet every shape
	}
	if overlap == 0 || adjacent == 0 || apart == 0 || left == 0 || right == 0 {
		t.Errorf("a shape of move was not exercised")
	}
	if cut == 0 {
		t.Errorf("no failed search stopped before the reservation: a search cut short by rs was not checked")
	}
	if stops == 0 {
		t.Errorf("no search failed: where one stops was not checked")
	}
}

// TestDprofileEarlierFit checks earlierFit from an arbitrary time on a
// hand-made profile: 4 free over [0, 10), 1 over [10, 20), 3 over
// [20, 25), 4 from 25 on.
func TestDprofileEarlierFit(t *testing.T) {
	var p dprofile
	p.reset(4, 0)
	p.add(10, 20, -3)
	p.add(20, 25, -1)
	for _, c := range []struct {
		from    float64
		n       int
		d, r, w float64
	}{
		{0, 2, 5, math.Inf(1), 0},
		{7, 2, 5, math.Inf(1), 20}, // [7, 12) meets the 1 free at 10
		{7, 2, 3, math.Inf(1), 7},
		{12, 2, 30, math.Inf(1), 20},
		{12, 4, 1, math.Inf(1), 25},
		{12, 4, 1, 22, 22}, // none before the reservation at 22
		{12, 3, 10, 22, 20},
	} {
		if got := p.earlierFit(c.from, c.n, c.d, c.r); got != c.w {
			t.Errorf("earlierFit(%v, %d, %v, %v) = %v, want %v", c.from, c.n, c.d, c.r, got, c.w)
		}
	}
	if got := p.maxIn(12, 22); got != 3 {
		t.Errorf("maxIn(12, 22) = %d, want 3", got)
	}
}

// TestPropertyDprofileMoveWays checks that move's two ways (moveMerge,
// and the shift of the gaps between the changes; see move) give the same
// profile and the same largest number free over the gain, on profiles
// long enough after the new start for either, built by reservations of
// random widths and lengths with time passing: each move is made on two
// copies, one with span above every profile's length, one with span −1.
// Moves that shrink and grow the profile, and of all three shapes, must
// have been exercised.
func TestPropertyDprofileMoveWays(t *testing.T) {
	t.Parallel()
	var left, right, overlap, adjacent, apart int
	rapid.Check(t, func(t *rapid.T) {
		total := rapid.IntRange(1, 40).Draw(t, "total")
		var p dprofile
		p.reset(total, 0)
		type iv struct{ s, e, w int }
		var held []iv
		now := 0
		for range rapid.IntRange(1, 300).Draw(t, "steps") {
			switch rapid.IntRange(0, 3).Draw(t, "op") {
			case 0, 1: // reserve at the earliest fit
				w := rapid.IntRange(1, total).Draw(t, "w")
				d := rapid.IntRange(1, 40).Draw(t, "d")
				at := int(p.reserve(w, float64(d)))
				held = append(held, iv{at, at + d, w})
			case 2: // time passes
				now += rapid.IntRange(0, 5).Draw(t, "dt")
				p.advance(float64(now))
			case 3: // move a reservation to an earlier time, both ways
				if len(held) == 0 {
					break
				}
				k := rapid.IntRange(0, len(held)-1).Draw(t, "k")
				h := held[k]
				if h.s <= max(now, int(p.s[0].t)) {
					break
				}
				at := rapid.IntRange(max(now, int(p.s[0].t)), h.s-1).Draw(t, "at")
				d := h.e - h.s
				tk, tv := p.locate(float64(at))
				merge := dprofile{s: slices.Clone(p.s), span: math.MaxInt}
				gaps := dprofile{s: slices.Clone(p.s), span: -1}
				mm := merge.move(tk, tv, float64(at), float64(h.s), float64(d), h.w)
				mg := gaps.move(tk, tv, float64(at), float64(h.s), float64(d), h.w)
				if mm != mg || !slices.Equal(merge.s, gaps.s) {
					t.Fatalf("move of %+v to %d on %v: merge gives %v (largest free %d), gaps %v (%d)",
						h, at, p.s, merge.s, mm, gaps.s, mg)
				}
				for i := 1; i < len(merge.s); i++ {
					if merge.s[i].d == 0 || !(merge.s[i].t > merge.s[i-1].t) {
						t.Fatalf("move of %+v to %d: breakpoint %d %+v after %+v", h, at, i, merge.s[i], merge.s[i-1])
					}
				}
				switch n, n0 := len(merge.s), len(p.s); {
				case n < n0:
					left++
				case n > n0:
					right++
				}
				switch {
				case at+d > h.s:
					overlap++
				case at+d == h.s:
					adjacent++
				default:
					apart++
				}
				p.s = merge.s
				held[k] = iv{at, at + d, h.w}
			}
		}
	})
	if testing.Short() {
		return // rapid runs too few cases under -short to meet every shape
	}
	if left == 0 || right == 0 || overlap == 0 || adjacent == 0 || apart == 0 {
		t.Errorf("moves: %d shrank the profile, %d grew it; %d overlapping, %d adjacent, %d apart: a case was not exercised",
			left, right, overlap, adjacent, apart)
	}
}
