package resample

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestSortEntries: the radix sort (order, ordered) gives the order of the reference
// comparison sort (submit, instance, emission index) for entries emitted
// as Generate emits them — instance after instance, each instance's
// submit times non-decreasing — with ties across instances, negative and
// fractional times, and times far apart.
func TestSortEntries(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := &generator{}
		insts := rapid.IntRange(1, 20).Draw(t, "instances")
		base := rapid.SampledFrom([]float64{0, -5000, 1e9, 0.1, 1e15 + 0.125}).Draw(t, "base")
		for in := range insts {
			n := rapid.IntRange(0, 30).Draw(t, "jobs")
			tm := base + float64(rapid.IntRange(0, 100).Draw(t, "first"))
			for range n {
				tm += float64(rapid.SampledFrom([]float64{0, 0.5, 1, 7, 86400, 3e7}).Draw(t, "gap"))
				g.entries = append(g.entries, entry{t: tm, inst: int32(in), row: int32(len(g.entries)), prev: -1, slot: int32(len(g.entries))}) // row, slot: the emission index
			}
		}
		want := slices.Clone(g.entries)
		slices.SortFunc(want, func(a, b entry) int {
			if c := cmp.Compare(a.t, b.t); c != 0 {
				return c
			}
			if c := cmp.Compare(a.inst, b.inst); c != 0 {
				return c
			}
			return cmp.Compare(a.row, b.row)
		})
		var got []entry
		for _, k := range g.order() {
			got = append(got, g.entries[k])
		}
		if !slices.Equal(got, want) {
			t.Fatalf("got %v\nwant %v", got, want)
		}
		// ordered gives the same order: each sort key back to the exact
		// submit time, with the slot and instance of the entry.
		keys, slotInst := g.ordered()
		for i, w := range want {
			if tm, slot, inst := g.keyTime(keys[i]), int32(uint32(slotInst[i])), int32(slotInst[i]>>32); tm != w.t || slot != w.slot || inst != w.inst {
				t.Fatalf("ordered %d: time %v slot %d instance %d, want %v %d %d", i, tm, slot, inst, w.t, w.slot, w.inst)
			}
		}
	})
}

// TestLeanGeneration: a lean generation (a replicate's) gives ordered the
// jobs a full one (Generate's) does, each with its exact submit time, slot
// and instance, in the same order, and the same users and window; the
// generator reused from one generation to the next, lean or not, as a
// worker reuses it.
func TestLeanGeneration(t *testing.T) {
	t.Parallel()
	var lean, full generator
	rapid.Check(t, func(rt *rapid.T) {
		tr := synthetic(rt)
		clock := rapid.SampledFrom([]Clock{WallClock, Elapsed}).Draw(rt, "clock")
		p, err := NewPools(tr, PoolOptions{Clock: clock})
		if err != nil {
			rt.Fatal(err)
		}
		o := Options{Seed: rapid.Uint64().Draw(rt, "seed"), Load: rapid.SampledFrom([]float64{0, 0.5, 2.5}).Draw(rt, "load"),
			Extend: rapid.SampledFrom([]float64{0.5, 1, 3}).Draw(rt, "extend")}
		if o.Load*float64(len(p.Temporary))/float64(p.Weeks) > float64(len(p.Temporary)) {
			o.NoArrivals = true
		}
		if rapid.Bool().Draw(rt, "full first") {
			// The generator's last generation was full: lean must not read
			// what it left.
			if _, err := p.generate(&lean, o, false); err != nil {
				rt.Fatal(err)
			}
		}
		if _, err := p.generate(&lean, o, true); err != nil {
			rt.Fatal(err)
		}
		if _, err := p.generate(&full, o, false); err != nil {
			rt.Fatal(err)
		}
		if len(lean.entries) != 0 {
			rt.Fatalf("lean generation emitted %d entries", len(lean.entries))
		}
		if !slices.Equal(lean.inst, full.inst) || lean.start != full.start || lean.end != full.end || lean.weeks != full.weeks || lean.report != full.report {
			rt.Fatalf("lean and full generations differ in users, window or report")
		}
		want := slices.Clone(full.order())
		keys, slotInst := lean.ordered()
		if len(keys) != len(want) || len(slotInst) != len(want) {
			rt.Fatalf("lean: %d keys, %d slots; full: %d jobs", len(keys), len(slotInst), len(want))
		}
		for i, k := range want {
			e := full.entries[k]
			if tm, slot, inst := lean.keyTime(keys[i]), int32(uint32(slotInst[i])), int32(slotInst[i]>>32); tm != e.t || slot != e.slot || inst != e.inst {
				rt.Fatalf("job %d: lean time %v slot %d instance %d, full %v %d %d", i, tm, slot, inst, e.t, e.slot, e.inst)
			}
		}
	})
}

func TestOrderedBits(t *testing.T) {
	xs := []float64{math.Inf(-1), -1e300, -2.5, -1, -math.SmallestNonzeroFloat64, 0, math.SmallestNonzeroFloat64, 1, 1.5, 2, 1e300, math.Inf(1)}
	for i := 1; i < len(xs); i++ {
		if !(orderedBits(xs[i-1]) < orderedBits(xs[i])) {
			t.Errorf("orderedBits(%v) ≥ orderedBits(%v)", xs[i-1], xs[i])
		}
	}
}

// TestRadixSort: radixSort orders keys as a stable comparison sort does,
// carrying each key's index alongside, on both of its paths: the block
// sort (at least blockMin keys spanning more than a block, 64 keys a block
// on average) and lsdSort (fewer keys, a narrow span, or too many blocks),
// with ties, empty blocks and blocks of one key.
func TestRadixSort(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.SampledFrom([]int{0, 1, 5, blockMin - 1, blockMin, 3*blockMin + 7}).Draw(t, "n")
		bits := rapid.SampledFrom([]uint{8, 16, blockBits, blockBits + 1, 27, 30, 37, 53, 64}).Draw(t, "bits")
		ties := rapid.IntRange(1, 1000).Draw(t, "ties") // distinct values ≈ n/ties
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 0))
		distinct := make([]uint64, max(1, n/ties))
		for i := range distinct {
			distinct[i] = rng.Uint64() >> (64 - bits)
		}
		key := make([]uint64, n)
		var top uint64
		for i := range key {
			key[i] = distinct[rng.IntN(len(distinct))]
			top = max(top, key[i])
		}
		pay := make([]int32, n)
		for i := range pay {
			pay[i] = int32(i)
		}
		var count []int32
		gotKey, _, got, _ := radixSort(slices.Clone(key), make([]uint64, n), pay, make([]int32, n), &count, top)
		// The stable order, checked in one pass: pay is a permutation of
		// the indices, the keys are theirs and ascending, and equal keys
		// keep their indices' order.
		seen := make([]bool, n)
		for i, j := range got {
			if seen[j] || gotKey[i] != key[j] {
				t.Fatalf("n %d, %d bits: position %d holds index %d (key %d) again or with another key", n, bits, i, j, gotKey[i])
			}
			seen[j] = true
			if i > 0 && (gotKey[i] < gotKey[i-1] || gotKey[i] == gotKey[i-1] && j < got[i-1]) {
				t.Fatalf("n %d, %d bits: positions %d, %d out of the stable order", n, bits, i-1, i)
			}
		}
	})
}

// TestSortKeysWhole: sortKeys makes whole-second keys exactly when every
// time lies a whole number of seconds below 2^53 from the earliest and
// gives itself back (lo + d == t): the definition, checked here with
// math.Trunc on times drawn from whole and fractional seconds, offsets
// near 2^53, huge values, infinities, NaN and both zeros; and keyTime
// gives back every time (NaN as NaN, a zero as a zero).
func TestSortKeysWhole(t *testing.T) {
	special := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 86400, 1e15 + 0.125, 1 << 53, 1<<53 - 1, 1<<53 + 2,
		-(1 << 53), 1e300, -1e300, math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 8).Draw(t, "n")
		base := rapid.SampledFrom(special).Draw(t, "base")
		g := &generator{}
		for range n {
			x := base
			if rapid.Bool().Draw(t, "special") {
				x = rapid.SampledFrom(special).Draw(t, "time")
			} else {
				x += float64(rapid.IntRange(0, 1<<20).Draw(t, "whole offset"))
			}
			g.times = append(g.times, x)
		}
		lo := g.times[0]
		for _, x := range g.times[1:] {
			if x < lo {
				lo = x
			}
		}
		want := true
		for _, x := range g.times {
			d := x - lo
			want = want && d == math.Trunc(d) && d < 1<<53 && lo+d == x
		}
		g.sortKeys()
		if g.keyWhole != want {
			t.Fatalf("times %v: whole keys %v, want %v", g.times, g.keyWhole, want)
		}
		for i, x := range g.times {
			if got := g.keyTime(g.key[i]); got != x && !(math.IsNaN(got) && math.IsNaN(x)) {
				t.Fatalf("times %v: key %d gives back %v, want %v", g.times, i, got, x)
			}
		}
	})
}
