package locality

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"pgregory.net/rapid"
)

// NewRanges sums the weights of equal values in the order its sort leaves
// them: sort.Sort(byValue) must order ties as sort.Slice with the same
// less did (the same pdqsort), so that the ranges stay bit-identical.
func TestByValueOrderMatchesSortSlice(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 5, 12, 13, 50, 1000, 20000} {
		for _, distinct := range []int{1, 3, 50, 1 << 30} {
			pts := make([]vw, n)
			for i := range pts {
				pts[i] = vw{float64(rng.IntN(distinct)), float64(i)}
			}
			a := append([]vw(nil), pts...)
			b := append([]vw(nil), pts...)
			sort.Slice(a, func(x, y int) bool { return a[x].v < a[y].v })
			sort.Sort(byValue(b))
			for i := range a {
				if a[i] != b[i] {
					t.Fatalf("n=%d, %d values: position %d is %v after sort.Slice, %v after sort.Sort", n, distinct, i, a[i], b[i])
				}
			}
		}
	}
}

// TestUnitRangesMatchWeighted checks NewRanges' unit-weight path (one sort
// of the values) against its general path with every weight 1 (the points
// sorted by sort.Sort(byValue), as NewRanges did for nil weights): the
// same Ranges, bit for bit, for values with many ties, NaN, ±Inf and
// either zero or both (both take the general path).
func TestUnitRangesMatchWeighted(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1, 2, 3600}
		v := rapid.SliceOfN(rapid.OneOf(
			rapid.SampledFrom(specials),
			rapid.Float64Range(-10, 10),
			rapid.Map(rapid.IntRange(0, 20), func(i int) float64 { return float64(i) }),
		), 0, 300).Draw(t, "values")
		r := rapid.IntRange(2, 50).Draw(t, "r")
		ties := rapid.SampledFrom([]Ties{TiesSplit, TiesRandom, TiesLower}).Draw(t, "ties")
		ones := make([]float64, len(v))
		for i := range ones {
			ones[i] = 1
		}
		got, gerr := NewRanges(v, nil, r, ties)
		want, werr := NewRanges(v, ones, r, ties)
		if !errors.Is(gerr, werr) && (gerr == nil || werr == nil || gerr.Error() != werr.Error()) {
			t.Fatalf("errors: unit %v, weighted %v", gerr, werr)
		}
		if !sameRanges(got, want) {
			t.Fatalf("unit path %+v\nweighted path %+v", got, want)
		}
	})
}

// sameRanges compares two Ranges bit for bit (NaN-free floats, ±0 apart).
func sameRanges(a, b Ranges) bool {
	bits := func(x, y []float64) bool {
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if math.Float64bits(x[i]) != math.Float64bits(y[i]) {
				return false
			}
		}
		return true
	}
	if a.r != b.r || a.ties != b.ties || !bits(a.value, b.value) || !bits(a.lo, b.lo) || !bits(a.hi, b.hi) ||
		!slices.Equal(a.cell, b.cell) || len(a.cells) != len(b.cells) {
		return false
	}
	for i := range a.cells {
		ca, cb := a.cells[i], b.cells[i]
		if math.Float64bits(ca.prob) != math.Float64bits(cb.prob) || ca.first != cb.first || !bits(ca.w, cb.w) {
			return false
		}
	}
	return true
}

// TestValueIndexCodes checks what Sensitivity takes from one valueIndex
// for its whole grid against NewRanges and Ranges.codes on the values:
// the same Ranges and, from equal random streams (TiesRandom draws), the
// same code for every value, NaN included.
func TestValueIndexCodes(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SliceOfN(rapid.OneOf(
			rapid.SampledFrom([]float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, 1, 2, 3600}),
			rapid.Float64Range(-10, 10),
			rapid.Map(rapid.IntRange(0, 20), func(i int) float64 { return float64(i) }),
		), 0, 300).Draw(t, "values")
		r := rapid.IntRange(2, 50).Draw(t, "r")
		ties := rapid.SampledFrom([]Ties{TiesSplit, TiesRandom, TiesLower}).Draw(t, "ties")
		ix, ok := newValueIndex(v, true)
		if !ok {
			return // both zeros: Sensitivity uses no index
		}
		want, werr := NewRanges(v, nil, r, ties)
		got, gerr := ix.ranges(r, ties)
		if !errors.Is(gerr, werr) {
			t.Fatalf("errors: index %v, NewRanges %v", gerr, werr)
		}
		if werr != nil {
			return
		}
		if !sameRanges(got, want) {
			t.Fatalf("index %+v\nNewRanges %+v", got, want)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		a := want.codes(v, rand.New(rand.NewPCG(seed, 1)))
		b := got.codesAt(ix.at, rand.New(rand.NewPCG(seed, 1)))
		if !slices.Equal(a, b) {
			t.Fatalf("codes %v, from the index %v", a, b)
		}
	})
}
