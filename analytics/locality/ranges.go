package locality

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
)

// Ties says how the jobs of a value are placed when the value's share of the
// global distribution (its step in the CDF) straddles the boundary between
// two equal-probability ranges. This happens in every discrete attribute
// (processors: 1-processor jobs may be a third of a log; runtimes in whole
// seconds) and the 2007 paper does not say what it did.
type Ties int

const (
	// TiesSplit, the default, splits every job of a tied value between the
	// ranges its CDF step [F(v−), F(v)] overlaps, in proportion to the
	// overlap. Every range then holds exactly 1/r of the global mass, so the
	// expected count e = N_i/r of §3.1 is exact; observed counts o_j may be
	// fractional. The measure cannot see inside a tied value: a slice made
	// only of 1-processor jobs spreads over all the ranges those jobs span.
	TiesSplit Ties = iota
	// TiesRandom places each job at a uniform random position inside its
	// value's CDF step (the randomised probability integral transform) and
	// counts it in the range of that position. In expectation it equals
	// TiesSplit; it adds sampling noise but keeps integer counts. Seeded.
	TiesRandom
	// TiesLower is the literal histogram reading: range boundaries are
	// the order statistics b_k = F⁻¹(k/r) and a job with value v ≤ b_k goes
	// to the lower range, so a tied value goes whole to the range where its
	// CDF step begins. Ranges then hold unequal shares of the global mass,
	// while m_i still uses e = N_i/r, so m_i is biased upwards; the
	// bootstrap of LocalityOfSampling reproduces the same bias in M'_g.
	TiesLower
)

var tiesNames = [...]string{"split", "random", "lower"}

// String returns "split", "random" or "lower".
func (t Ties) String() string {
	if t < 0 || int(t) >= len(tiesNames) {
		return fmt.Sprintf("Ties(%d)", int(t))
	}
	return tiesNames[t]
}

// ParseTies returns the tie rule called s ("split", "random" or "lower").
func ParseTies(s string) (Ties, error) {
	for i, n := range tiesNames {
		if s == n {
			return Ties(i), nil
		}
	}
	return 0, fmt.Errorf("locality: unknown tie rule %q (want split, random or lower)", s)
}

// Ranges partitions a global distribution into r ranges of equal
// probability (2007 §3.1 step 1). Build it with NewRanges.
type Ranges struct {
	r     int
	ties  Ties
	value []float64 // distinct values, ascending
	lo    []float64 // CDF step of value[k] in range units: [lo, hi] ⊂ [0, r]
	hi    []float64
	cell  []int32 // the cell of each distinct value (not used by TiesRandom)
	cells []cell
}

// cell is a group of values that fall in ranges the same way: all values
// wholly inside one range form that range's cell; a value whose CDF step
// straddles boundaries (TiesSplit) is a cell of its own.
type cell struct {
	prob  float64   // share of the global mass
	first int       // first range
	w     []float64 // share of a job in ranges first, first+1, ...
}

// NewRanges divides the distribution of values into r ranges of equal
// probability. weights gives each value's weight (nil: all 1); Diversity
// uses weights for an equal-weighted mixture of logs. NaN values are
// ignored. It returns ErrNoData when no value is left, ErrConstant when all
// are equal, and an error for r outside 2..MaxRanges or a negative or
// infinite weight.
func NewRanges(values, weights []float64, r int, ties Ties) (Ranges, error) {
	if err := checkRanges(r, ties); err != nil {
		return Ranges{}, err
	}
	if weights != nil && len(weights) != len(values) {
		panic("locality: values and weights lengths differ")
	}
	if weights == nil {
		if ix, ok := newValueIndex(values, false); ok {
			return ix.ranges(r, ties)
		}
	}
	g := Ranges{r: r, ties: ties}
	pts, err := weightedPoints(values, weights)
	if err != nil {
		return Ranges{}, err
	}
	if len(pts) == 0 {
		return Ranges{}, ErrNoData
	}
	sort.Sort(byValue(pts)) // the order of sort.Slice with this less, without its reflection
	if pts[0].v == pts[len(pts)-1].v {
		return Ranges{}, ErrConstant
	}
	var total float64
	for _, p := range pts {
		total += p.w
	}
	// Cumulative mass in range units. Unit weights are summed as integers
	// in float64 (exact), so an atom ending exactly on a boundary k/r gives
	// exactly k here.
	var cum float64
	for i := 0; i < len(pts); {
		j := i
		var w float64
		for j < len(pts) && pts[j].v == pts[i].v {
			w += pts[j].w
			j++
		}
		lo := cum
		cum += w
		g.addStep(pts[i].v, lo, cum, total)
		i = j
	}
	g.buildCells()
	return g, nil
}

// checkRanges returns NewRanges' error for r outside 2..MaxRanges or an
// unknown tie rule.
func checkRanges(r int, ties Ties) error {
	if r < 2 || r > MaxRanges {
		return fmt.Errorf("locality: need 2 to %d ranges, got %d", MaxRanges, r)
	}
	if ties < TiesSplit || ties > TiesLower {
		return fmt.Errorf("locality: unknown tie rule %d", ties)
	}
	return nil
}

// addStep appends value v whose cumulative mass goes from lo to hi, of
// total, as its CDF step in range units.
func (g *Ranges) addStep(v, lo, hi, total float64) {
	rf := float64(g.r)
	g.value = append(g.value, v)
	g.lo = append(g.lo, snap(lo*rf/total))
	g.hi = append(g.hi, min(snap(hi*rf/total), rf))
}

// sortedKnown returns the values other than NaN in increasing order, and
// true, when that order is unique: no +0 beside a −0. Equal values are then
// the same bits, so any sort gives the slice that sort.Sort(byValue) gives
// NewRanges' unit-weight points, and a float64 sort moves half the bytes
// without an interface call per comparison. With both zeros it returns
// false: which zero stands for the group would depend on the order the
// sort leaves ties in.
func sortedKnown(values []float64) ([]float64, bool) {
	vals := make([]float64, 0, len(values))
	for _, v := range values {
		if !math.IsNaN(v) {
			vals = append(vals, v)
		}
	}
	slices.Sort(vals)
	i, _ := slices.BinarySearch(vals, 0)
	var neg, pos bool
	for ; i < len(vals) && vals[i] == 0; i++ {
		if math.Signbit(vals[i]) {
			neg = true
		} else {
			pos = true
		}
	}
	return vals, !(neg && pos)
}

// valueIndex is what NewRanges and Ranges.codes take from unit-weight
// values whatever the number of ranges: the distinct known values in
// increasing order, how many of each, and (when asked for) the position
// of each value among them. Sensitivity builds it once for its whole grid.
type valueIndex struct {
	value []float64 // distinct known values, increasing
	count []int     // how many values equal each
	at    []int32   // position in value of each value given; −1 for NaN
}

// newValueIndex returns the index of values (with at when withAt), and
// false when sortedKnown does (both zeros): then NewRanges' general path
// applies.
func newValueIndex(values []float64, withAt bool) (valueIndex, bool) {
	vals, ok := sortedKnown(values)
	if !ok {
		return valueIndex{}, false
	}
	var ix valueIndex
	for i := 0; i < len(vals); {
		j := i + 1
		for j < len(vals) && vals[j] == vals[i] {
			j++
		}
		ix.value = append(ix.value, vals[i])
		ix.count = append(ix.count, j-i)
		i = j
	}
	if withAt {
		ix.at = make([]int32, len(values))
		for i, v := range values {
			ix.at[i] = -1
			if !math.IsNaN(v) {
				ix.at[i] = int32(sort.SearchFloat64s(ix.value, v))
			}
		}
	}
	return ix, true
}

// ranges returns NewRanges(values, nil, r, ties) for the values ix was
// made of (r and ties already checked). Every weight is 1: a value's mass
// is its count, summed exactly, as the general path sums the ones.
func (ix valueIndex) ranges(r int, ties Ties) (Ranges, error) {
	switch len(ix.value) {
	case 0:
		return Ranges{}, ErrNoData
	case 1:
		return Ranges{}, ErrConstant
	}
	g := Ranges{r: r, ties: ties}
	var total int
	for _, c := range ix.count {
		total += c
	}
	cum := 0
	for k, v := range ix.value {
		g.addStep(v, float64(cum), float64(cum+ix.count[k]), float64(total))
		cum += ix.count[k]
	}
	g.buildCells()
	return g, nil
}

// codesAt returns g.codes(values, rng) for the values an index with
// positions at was made of, g being that index's Ranges: a known value is
// found at its position, a NaN is not found (its position is past the
// last value, as Ranges.step's search gives).
func (g Ranges) codesAt(at []int32, rng *rand.Rand) []int32 {
	out := make([]int32, len(at))
	for i, k := range at {
		switch {
		case k < 0:
			out[i] = int32(rangeAt(float64(g.r), g.r))
		case g.ties == TiesRandom:
			lo, hi := g.lo[k], g.hi[k]
			out[i] = int32(rangeAt(lo+rng.Float64()*(hi-lo), g.r))
		default:
			out[i] = g.cell[k]
		}
	}
	return out
}

// vw is a value and its weight.
type vw struct{ v, w float64 }

// byValue sorts points by value.
type byValue []vw

func (p byValue) Len() int           { return len(p) }
func (p byValue) Less(a, b int) bool { return p[a].v < p[b].v }
func (p byValue) Swap(a, b int)      { p[a], p[b] = p[b], p[a] }

// weightedPoints pairs the known values with their weights (nil: 1),
// leaving out NaN values and zero weights; a negative or non-finite weight
// is an error.
func weightedPoints(values, weights []float64) ([]vw, error) {
	pts := make([]vw, 0, len(values))
	for i, v := range values {
		if math.IsNaN(v) {
			continue
		}
		w := 1.0
		if weights != nil {
			w = weights[i]
			if w < 0 || math.IsNaN(w) || math.IsInf(w, 0) {
				return nil, fmt.Errorf("locality: bad weight %v", w)
			}
			if w == 0 {
				continue
			}
		}
		pts = append(pts, vw{v, w})
	}
	return pts, nil
}

// snap rounds u to the nearest integer when within rounding error of it.
func snap(u float64) float64 {
	if n := math.Round(u); math.Abs(u-n) < 1e-9 {
		return n
	}
	return u
}

func (g *Ranges) buildCells() {
	r := g.r
	g.cells = make([]cell, r)
	for j := range g.cells {
		g.cells[j] = cell{first: j, w: []float64{1}}
	}
	g.cell = make([]int32, len(g.value))
	for k := range g.value {
		lo, hi := g.lo[k], g.hi[k]
		first := rangeAt(lo, r)
		last := first
		if hi > lo {
			last = int(math.Ceil(hi)) - 1
			last = min(max(last, first), r-1)
		}
		mass := (hi - lo) / float64(r)
		switch {
		case g.ties == TiesLower || g.ties == TiesRandom || first == last:
			// TiesRandom's cells are only used for the global shares:
			// jittering makes every range exactly 1/r (see cellProbs).
			g.cell[k] = int32(first)
			g.cells[first].prob += mass
		default:
			w := make([]float64, last-first+1)
			for j := first; j <= last; j++ {
				w[j-first] = (min(hi, float64(j+1)) - max(lo, float64(j))) / (hi - lo)
			}
			g.cell[k] = int32(len(g.cells))
			g.cells = append(g.cells, cell{prob: mass, first: first, w: w})
		}
	}
	if g.ties == TiesRandom {
		for j := range r {
			g.cells[j].prob = 1 / float64(r)
		}
	}
}

// rangeAt returns the range holding position u ∈ [0, r] (r itself is in the
// last range).
func rangeAt(u float64, r int) int {
	return min(max(int(math.Floor(u)), 0), r-1)
}

// R returns the number of ranges.
func (g Ranges) R() int { return g.r }

// Ties returns the tie rule.
func (g Ranges) Ties() Ties { return g.ties }

// Bounds returns the r−1 boundary values b_k = F⁻¹(k/r), k = 1…r−1: the
// smallest value whose CDF reaches k/r.
func (g Ranges) Bounds() []float64 {
	b := make([]float64, g.r-1)
	k := 0
	for j := 1; j < g.r; j++ {
		for k < len(g.value)-1 && g.hi[k] < float64(j) {
			k++
		}
		b[j-1] = g.value[k]
	}
	return b
}

// Shares returns the share of the global mass in each range: 1/r for
// TiesSplit and TiesRandom, the actual (unequal) shares for TiesLower.
func (g Ranges) Shares() []float64 {
	s := make([]float64, g.r)
	for _, c := range g.cells {
		for k, w := range c.w {
			s[c.first+k] += c.prob * w
		}
	}
	return s
}

// step returns the CDF step [lo, hi] (range units) of value v. A value that
// is not in the global distribution is a point at F(v).
func (g Ranges) step(v float64) (k int, lo, hi float64, found bool) {
	k = sort.SearchFloat64s(g.value, v)
	if k < len(g.value) && g.value[k] == v {
		return k, g.lo[k], g.hi[k], true
	}
	u := float64(g.r)
	if k < len(g.value) {
		u = g.lo[k]
	}
	return k, u, u, false
}

// codes returns the cell of each value. TiesRandom draws each job's
// position inside its CDF step from rng (a point's position is fixed).
func (g Ranges) codes(values []float64, rng *rand.Rand) []int32 {
	out := make([]int32, len(values))
	for i, v := range values {
		k, lo, hi, found := g.step(v)
		switch {
		case !found:
			out[i] = int32(rangeAt(lo, g.r))
		case g.ties == TiesRandom:
			out[i] = int32(rangeAt(lo+rng.Float64()*(hi-lo), g.r))
		default:
			out[i] = g.cell[k]
		}
	}
	return out
}

// Counts returns the observed counts o_j of values in each range, under the
// tie rule (fractional for TiesSplit). rng is used by TiesRandom only and
// may be nil otherwise.
func (g Ranges) Counts(values []float64, rng *rand.Rand) []float64 {
	if g.ties == TiesRandom && rng == nil {
		panic("locality: TiesRandom needs a random source")
	}
	n := make([]int, len(g.cells))
	for _, c := range g.codes(values, rng) {
		n[c]++
	}
	o := make([]float64, g.r)
	g.spread(n, o)
	return o
}

// spread turns cell counts n into range counts o (overwritten).
func (g Ranges) spread(n []int, o []float64) {
	clear(o)
	for c, k := range n {
		if k == 0 {
			continue
		}
		cl := &g.cells[c]
		if len(cl.w) == 1 {
			o[cl.first] += float64(k)
			continue
		}
		for j, w := range cl.w {
			o[cl.first+j] += float64(k) * w
		}
	}
}

// MaxDeviation returns the metric m of 2007 §3.1 step 3(c) for counts o
// summing to N:
//
//	m = max_j |o_j − e| / (N − e),  e = N/r
//
// It lies in [0, 1]: 0 when every range holds e, 1 when one range holds
// all. It returns NaN for N = 0.
func MaxDeviation(o []float64) float64 {
	var n float64
	for _, x := range o {
		n += x
	}
	if n == 0 {
		return math.NaN()
	}
	e := n / float64(len(o))
	var d float64
	for _, x := range o {
		d = max(d, math.Abs(x-e))
	}
	return d / (n - e)
}
