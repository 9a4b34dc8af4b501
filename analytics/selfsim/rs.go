package selfsim

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"
)

// ErrTooFewPoints: the series gives fewer than two subset sizes with a
// defined R/S, so no slope can be fitted.
var ErrTooFewPoints = errors.New("selfsim: too few R/S points for a slope")

// RescaledRange returns R(n)/S(n) of the block x of n values (2013 §5.3):
// with z_i = x_i − x̄ and y_j = Σ_{i≤j} z_i,
//
//	R = max_{1≤j≤n} y_j − min_{1≤j≤n} y_j,   S = √(Σ z_i² / n)
//
// ok is false when S = 0 (a constant block, e.g. no arrivals at all), where
// R/S is undefined, and when x holds NaN or ±Inf or Σ z_i² overflows.
func RescaledRange(x []float64) (rs float64, ok bool) {
	n := float64(len(x))
	if len(x) < 2 {
		return 0, false
	}
	var mean float64
	for _, v := range x {
		mean += v
	}
	mean /= n
	var y, lo, hi, ss float64
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range x {
		z := v - mean
		y += z
		ss += z * z
		lo = min(lo, y)
		hi = max(hi, y)
	}
	if ss == 0 || math.IsNaN(ss) || math.IsInf(ss, 0) {
		return 0, false
	}
	return (hi - lo) / math.Sqrt(ss/n), true
}

// ExpectedRS returns the expected R/S of n independent Gaussian values,
// after Anis and Lloyd (1976) with the correction of Peters (1994), as used
// for the small-sample correction of the Hurst exponent (Weron 2002, eq. 4):
//
//	E[R/S]_n = (n−½)/n · Γ((n−1)/2)/(√π Γ(n/2)) · Σ_{i=1}^{n−1} √((n−i)/i)   n ≤ 340
//	E[R/S]_n = (n−½)/n · 1/√(nπ/2)            · Σ_{i=1}^{n−1} √((n−i)/i)   n > 340
//
// It panics for n < 2.
func ExpectedRS(n int) float64 {
	if n < 2 {
		panic("selfsim: ExpectedRS needs n ≥ 2")
	}
	nf := float64(n)
	var s float64
	for i := 1; i < n; i++ {
		s += math.Sqrt((nf - float64(i)) / float64(i))
	}
	var g float64
	if n <= 340 {
		a, _ := math.Lgamma((nf - 1) / 2)
		b, _ := math.Lgamma(nf / 2)
		g = math.Exp(a-b) / math.Sqrt(math.Pi)
	} else {
		g = 1 / math.Sqrt(nf*math.Pi/2)
	}
	return (nf - 0.5) / nf * g * s
}

// PoxOptions are the parameters of PoxPlot; the zero value is the 2013
// paper's procedure with this package's documented choices.
type PoxOptions struct {
	// Factor is the ratio between successive subset sizes n; 0 means 1.2
	// (2013 §5.3).
	Factor float64
	// Subsets is the number of subsets per size: their starting points are
	// spread evenly over [0, L−n], so they do not overlap while n ≤ L/K
	// and overlap for larger n ("for large n these subsets may overlap").
	// 0 means 20; at most MaxSubsets.
	Subsets int
	// MinN is the smallest subset size; 0 means automatic: the smallest n
	// ≥ 10 for which at least half of the subsets have a defined R/S
	// (for arrival counts: "where there are enough samples so that most
	// intervals are not empty").
	MinN int
	// MaxN is the largest subset size; 0 means L, the whole series.
	MaxN int
}

// Point is one point of a pox plot: the R/S of the subset of N values
// starting at Start.
type Point struct {
	N, Start int
	RS       float64
}

// Pox is a pox plot and its regression line.
type Pox struct {
	// Length is the length of the series; Options the options used, with
	// defaults filled in and MinN the smallest size that gave points.
	Length  int
	Options PoxOptions
	Points  []Point
	// Undefined counts the subsets left out because their S was 0.
	Undefined int
	// H and Intercept are the least-squares fit of log10 R/S =
	// Intercept + H·log10 n over all points: the raw Hurst estimate.
	H, Intercept float64
	// HCorrected is 0.5 plus the slope of log10(R/S) − log10 E[R/S]_n
	// (ExpectedRS) against log10 n over the same points: the
	// Anis–Lloyd–Peters small-sample correction.
	HCorrected float64
}

// Bounds of PoxPlot's work, so that no option makes it run without end.
const (
	// MaxSubsets bounds PoxOptions.Subsets.
	MaxSubsets = 10_000
	// MaxWork bounds the values a pox plot reads: the sum over subset
	// sizes n of n times the number of subsets of that size. The default
	// options on a series of MaxUnits values read about 1.2·10^9.
	MaxWork = 2_000_000_000
)

func (o PoxOptions) withDefaults(l int) PoxOptions {
	if o.Factor == 0 {
		o.Factor = 1.2
	}
	if o.Subsets == 0 {
		o.Subsets = 20
	}
	if o.MaxN == 0 || o.MaxN > l {
		o.MaxN = l
	}
	return o
}

// Sizes returns the logarithmically spaced subset sizes from lo to hi with
// ratio factor: round(lo·factor^k), duplicates removed, hi included. It
// panics unless 2 ≤ lo ≤ hi and factor > 1 (a programmer error).
func Sizes(lo, hi int, factor float64) []int {
	if lo < 2 || hi < lo || !(factor > 1) {
		panic("selfsim: bad size range")
	}
	var out []int
	stuck := 0 // jumps in a row that did not reach a larger size
	for k := 0.0; ; k++ {
		nf := float64(lo) * math.Pow(factor, k)
		// Compared before rounding to an int: lo·factor^k beyond int's
		// range (factor +Inf or 1e300) made int() −2^63, and the loop
		// never ended.
		if !(nf < float64(hi)+0.5) || nf >= 1<<62 {
			break
		}
		n := int(math.Round(nf))
		if len(out) > 0 && n <= out[len(out)-1] {
			// A factor close to 1 repeats sizes: skip to the first k
			// whose size is larger, so the loop runs at most once per
			// distinct size.
			k = math.Max(k+1, math.Ceil(math.Log((float64(out[len(out)-1])+0.5)/float64(lo))/math.Log(factor))) - 1
			if stuck++; stuck <= 8 {
				continue
			}
			// For a factor within ~1e-10 of 1, math.Pow's error at
			// k ~ 10^10 exceeds a step, and the jump falls short by
			// thousands of steps per size: take the next integer.
			n = out[len(out)-1] + 1
			if n > hi {
				break
			}
		}
		stuck = 0
		out = append(out, n)
	}
	if out[len(out)-1] != hi {
		out = append(out, hi)
	}
	return out
}

// starts returns the starting points of k subsets of size n in a series of
// length l, spread evenly over [0, l−n], duplicates removed.
func starts(l, n, k int) []int {
	if k == 1 || n == l {
		return []int{0}
	}
	out := make([]int, 0, k)
	for i := range k {
		s := int(math.Round(float64(i) * float64(l-n) / float64(k-1)))
		if len(out) == 0 || s > out[len(out)-1] {
			out = append(out, s)
		}
	}
	return out
}

// PoxPlot computes the pox plot of series x (2013 §5.3): for subset sizes
// n = MinN … MaxN spaced by Factor, the R/S of Subsets subsets of each
// size, and the regression of log R/S on log n, raw (H) and corrected
// (HCorrected). Subsets whose R/S is undefined are counted in Undefined.
// It returns ErrTooFewPoints when fewer than two sizes give points, and an
// error for invalid options or NaN values.
func PoxPlot(x []float64, opts PoxOptions) (Pox, error) {
	for _, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return Pox{}, fmt.Errorf("selfsim: series holds %v", v)
		}
	}
	opts = opts.withDefaults(len(x))
	sizes, err := opts.sizes(len(x))
	if err != nil {
		return Pox{}, err
	}
	p := Pox{Length: len(x), Options: opts}
	if n := p.collect(x, sizes); n < 2 {
		return p, fmt.Errorf("%w: %d sizes with points", ErrTooFewPoints, n)
	}
	p.fit()
	return p, nil
}

// sizes checks the options for a series of l values and returns the
// subset sizes, refusing a plot that would read more than MaxWork values.
func (o PoxOptions) sizes(l int) ([]int, error) {
	if !(o.Factor > 1) || math.IsInf(o.Factor, 0) {
		return nil, fmt.Errorf("selfsim: size factor must be > 1, got %v", o.Factor)
	}
	if o.Subsets < 1 || o.Subsets > MaxSubsets {
		return nil, fmt.Errorf("selfsim: subsets must be from 1 to %d, got %d", MaxSubsets, o.Subsets)
	}
	if o.MinN < 0 || (o.MinN > 0 && o.MinN < 2) {
		return nil, fmt.Errorf("selfsim: MinN must be ≥ 2, got %d", o.MinN)
	}
	lo := o.MinN
	if lo == 0 {
		lo = 10
	}
	if l < 2*lo || o.MaxN < lo {
		return nil, fmt.Errorf("%w: series of %d values, sizes %d…%d", ErrTooFewPoints, l, lo, o.MaxN)
	}
	sizes := Sizes(lo, o.MaxN, o.Factor)
	var work float64
	for _, n := range sizes {
		work += float64(min(o.Subsets, l-n+1)) * float64(n)
	}
	if work > MaxWork {
		return nil, fmt.Errorf("selfsim: the pox plot would read %.3g values (%d sizes from %d to %d, %d subsets each), more than %d: raise the size factor (%g) or lower the subsets or the largest size",
			work, len(sizes), lo, o.MaxN, o.Subsets, int64(MaxWork), o.Factor)
	}
	return sizes, nil
}

// collect computes the R/S points of x for each size and returns the
// number of sizes that gave points. With an automatic MinN it starts at
// the first size where at least half of the subsets have a defined R/S.
func (p *Pox) collect(x []float64, sizes []int) int {
	auto := p.Options.MinN == 0
	started := false
	withPoints := 0
	for _, n := range sizes {
		st := starts(len(x), n, p.Options.Subsets)
		var pts []Point
		for _, s := range st {
			if rs, ok := RescaledRange(x[s : s+n]); ok {
				pts = append(pts, Point{N: n, Start: s, RS: rs})
			}
		}
		if auto && !started && 2*len(pts) < len(st) {
			continue // most subsets still undefined: start later
		}
		if !started {
			p.Options.MinN = n
		}
		started = true
		p.Undefined += len(st) - len(pts)
		p.Points = append(p.Points, pts...)
		if len(pts) > 0 {
			withPoints++
		}
	}
	return withPoints
}

// fit sets H, Intercept and HCorrected from the points.
func (p *Pox) fit() {
	lx := make([]float64, len(p.Points))
	ly := make([]float64, len(p.Points))
	lc := make([]float64, len(p.Points))
	expected := make(map[int]float64)
	for i, q := range p.Points {
		e, ok := expected[q.N]
		if !ok {
			e = math.Log10(ExpectedRS(q.N))
			expected[q.N] = e
		}
		lx[i] = math.Log10(float64(q.N))
		ly[i] = math.Log10(q.RS)
		lc[i] = ly[i] - e
	}
	p.Intercept, p.H = stat.LinearRegression(lx, ly, nil, false)
	_, b := stat.LinearRegression(lx, lc, nil, false)
	p.HCorrected = 0.5 + b
}

// Frame returns the points of the pox plot: columns n, start, rs,
// expected_rs (ExpectedRS(n)), sorted by n then start.
func (p Pox) Frame() dataframe.DataFrame {
	pts := append([]Point(nil), p.Points...)
	sort.SliceStable(pts, func(a, b int) bool {
		if pts[a].N != pts[b].N {
			return pts[a].N < pts[b].N
		}
		return pts[a].Start < pts[b].Start
	})
	n, st := make([]int, len(pts)), make([]int, len(pts))
	rs, ers := make([]float64, len(pts)), make([]float64, len(pts))
	for i, q := range pts {
		n[i], st[i], rs[i], ers[i] = q.N, q.Start, q.RS, ExpectedRS(q.N)
	}
	return dataframe.New(
		series.New(n, series.Int, "n"),
		series.New(st, series.Int, "start"),
		series.New(rs, series.Float, "rs"),
		series.New(ers, series.Float, "expected_rs"),
	)
}
