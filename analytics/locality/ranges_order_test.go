package locality

import (
	"math/rand/v2"
	"sort"
	"testing"
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
