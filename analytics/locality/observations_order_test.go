package locality

import (
	"slices"
	"sort"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/internal/rapidtest"
)

// TestSortStableByTime checks sortStableByTime against sort.SliceStable on
// random times with many ties (±0 among them), sorted or not, over rows
// given in any order.
func TestSortStableByTime(t *testing.T) {
	rapidtest.Check(t, func(rt *rapid.T) {
		at := rapid.SliceOf(rapid.SampledFrom([]float64{-1, 0, negZero(), 1, 2.5, 7})).Draw(rt, "at")
		if rapid.Bool().Draw(rt, "sorted") {
			slices.Sort(at)
		}
		idx := rapid.Permutation(seq(len(at))).Draw(rt, "idx")
		want := slices.Clone(idx)
		sort.SliceStable(want, func(x, y int) bool { return at[want[x]] < at[want[y]] })
		got := slices.Clone(idx)
		sortStableByTime(got, at)
		if !slices.Equal(got, want) {
			rt.Fatalf("rows %v at %v: %v, a stable sort gives %v", idx, at, got, want)
		}
	})
}

func negZero() float64 {
	z := 0.0
	return -z
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}
