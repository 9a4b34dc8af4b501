package resample

import (
	"cmp"
	"math"
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

func TestOrderedBits(t *testing.T) {
	xs := []float64{math.Inf(-1), -1e300, -2.5, -1, -math.SmallestNonzeroFloat64, 0, math.SmallestNonzeroFloat64, 1, 1.5, 2, 1e300, math.Inf(1)}
	for i := 1; i < len(xs); i++ {
		if !(orderedBits(xs[i-1]) < orderedBits(xs[i])) {
			t.Errorf("orderedBits(%v) ≥ orderedBits(%v)", xs[i-1], xs[i])
		}
	}
}
