package resample

import (
	"math"
	"math/rand/v2"
	"sort"
)

// binomial draws from Binomial(n, p) as a sum of n Bernoulli trials (n is
// a pool size, a few hundred at most).
func binomial(rng *rand.Rand, n int, p float64) int {
	if p <= 0 {
		return 0
	}
	if p >= 1 {
		return n
	}
	k := 0
	for range n {
		if rng.Float64() < p {
			k++
		}
	}
	return k
}

// stochasticRound returns floor(x) or floor(x)+1, the latter with
// probability x − floor(x), so that its mean is x.
func stochasticRound(rng *rand.Rand, x float64) int {
	f := math.Floor(x)
	if rng.Float64() < x-f {
		return int(f) + 1
	}
	return int(f)
}

// distinct returns k distinct indices of 0..n−1 chosen uniformly (a partial
// Fisher–Yates shuffle of scratch, which must hold a permutation of
// 0..n−1 and is left holding one). k must be ≤ n.
func distinct(rng *rand.Rand, k int, scratch []int) []int {
	n := len(scratch)
	for i := range k {
		j := i + rng.IntN(n-i)
		scratch[i], scratch[j] = scratch[j], scratch[i]
	}
	return scratch[:k]
}

// weightedDistinct returns k distinct indices of 0..len(w)−1 drawn one
// after the other with probability proportional to w among those not yet
// drawn (the Efraimidis–Spirakis keys u^(1/w), largest first). Indices of
// weight 0 come last, in random order. k must be ≤ len(w).
func weightedDistinct(rng *rand.Rand, w []float64, k int) []int {
	type keyed struct {
		key float64
		i   int
	}
	keys := make([]keyed, len(w))
	for i, wi := range w {
		u := rng.Float64()
		if wi > 0 {
			keys[i] = keyed{math.Log(u) / wi, i}
		} else {
			keys[i] = keyed{math.Inf(-1), i}
		}
	}
	sort.Slice(keys, func(a, b int) bool {
		if keys[a].key != keys[b].key {
			return keys[a].key > keys[b].key
		}
		return keys[a].i < keys[b].i
	})
	out := make([]int, k)
	for j := range out {
		out[j] = keys[j].i
	}
	return out
}

// rounds returns count draws from 0..n−1 that use every index once before
// any is used twice (and so on): ⌊count/n⌋ full rounds plus count mod n
// distinct indices chosen by pick (weighted or not). The result is sorted.
func rounds(count, n int, pick func(k int) []int) []int {
	if n == 0 || count <= 0 {
		return nil
	}
	out := make([]int, 0, count)
	for range count / n {
		for i := range n {
			out = append(out, i)
		}
	}
	out = append(out, pick(count%n)...)
	sort.Ints(out)
	return out
}
