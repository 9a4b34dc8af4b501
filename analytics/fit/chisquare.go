package fit

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// Binning chooses how the χ² tests partition the range of values.
type Binning int

const (
	// EqualProbability bins have equal probability under the reference: the
	// bin of x is ⌊k·F(x)⌋ for an analytic CDF F, or the k-quantiles of the
	// reference sample for ChiSquareSample.
	EqualProbability Binning = iota
	// EqualWidth bins split [min, max] of the observations (of both samples
	// for ChiSquareSample) into k equal parts; the outer bins extend to ±∞.
	EqualWidth
)

// ChiOptions controls the χ² tests.
type ChiOptions struct {
	// Bins is the number of bins k; 0 means 10.
	Bins int
	// Binning chooses the bins; the zero value is EqualProbability.
	Binning Binning
	// NParams is the number of parameters estimated from the data, subtracted
	// from the degrees of freedom.
	NParams int
}

// ChiResult is the outcome of a χ² test.
type ChiResult struct {
	// Stat is the χ² statistic.
	Stat float64
	// P is the upper-tail probability of Stat under χ²(DF); NaN if DF < 1.
	P float64
	// DF is the number of degrees of freedom: the number of bins used, minus
	// one, minus the number of estimated parameters.
	DF int
	// N is the number of observations used (NaN values are skipped).
	N int
}

func chiP(stat float64, df int) float64 {
	if df < 1 || math.IsNaN(stat) {
		return math.NaN()
	}
	return distuv.ChiSquared{K: float64(df)}.Survival(stat)
}

// ChiSquare is the χ² goodness-of-fit test of Lublin and Feitelson, section
// 3.3.2, against an analytic CDF with k equal-probability bins:
//
//	χ² = Σ_{i=1}^{k} (O_i − E_i)² / E_i,  E_i = n/k,  DF = k − 1 − nParams.
//
// NaN values of x are skipped. It panics if k < 2.
func ChiSquare(x []float64, k int, cdf func(float64) float64, nParams int) ChiResult {
	return ChiSquareWith(x, cdf, ChiOptions{Bins: k, NParams: nParams})
}

// ChiSquareWith is ChiSquare with a choice of binning. With EqualWidth bins
// the expected counts are n·(F(e_{i+1}) − F(e_i)); bins with zero expected
// count are dropped when they are also empty (and give an infinite statistic
// otherwise). Choose k so that the expected counts are at least about 5.
// It panics if opts.Bins is 1 or negative.
func ChiSquareWith(x []float64, cdf func(float64) float64, opts ChiOptions) ChiResult {
	k := chiBins(opts.Bins)
	xs := dropNaN(x)
	n := len(xs)
	if n == 0 {
		return ChiResult{Stat: math.NaN(), P: math.NaN()}
	}
	obs := make([]float64, k)
	exp := make([]float64, k)
	fn := float64(n)
	switch opts.Binning {
	case EqualProbability:
		for _, v := range xs {
			b := int(math.Floor(float64(k) * cdf(v)))
			obs[min(max(b, 0), k-1)]++
		}
		for i := range exp {
			exp[i] = fn / float64(k)
		}
	case EqualWidth:
		lo, hi := slices.Min(xs), slices.Max(xs)
		edges := widthEdges(lo, hi, k)
		for _, v := range xs {
			obs[widthBin(edges, v)]++
		}
		prev := 0.0
		for i := 0; i < k; i++ {
			next := 1.0
			if i < k-1 {
				next = cdf(edges[i])
			}
			exp[i] = fn * (next - prev)
			prev = next
		}
	default:
		panic("fit: unknown Binning")
	}
	r := ChiSquareCounts(obs, exp, opts.NParams)
	r.N = n
	return r
}

// ChiSquareSample is the χ² test of Lublin and Feitelson, section 3.3.2, for
// a model without a usable CDF: x is compared with a sample ref drawn from
// the model. Because the expected counts are themselves random, the
// two-sample (homogeneity) form is used,
//
//	χ² = Σ_i (√(R/S)·S_i − √(S/R)·R_i)² / (S_i + R_i),  DF = k − 1 − NParams,
//
// where S_i and R_i are the bin counts of x and ref and S, R their totals; for
// samples of equal size (as the paper prescribes) this is
// Σ (S_i − R_i)²/(S_i + R_i), the metric the paper uses in section 7.3.
// EqualProbability bins are the k-quantiles of ref. NaN values are skipped.
// It panics if opts.Bins is 1 or negative.
func ChiSquareSample(x, ref []float64, opts ChiOptions) ChiResult {
	k := chiBins(opts.Bins)
	xs, rs := dropNaN(x), dropNaN(ref)
	if len(xs) == 0 || len(rs) == 0 {
		return ChiResult{Stat: math.NaN(), P: math.NaN(), N: len(xs)}
	}
	var edges []float64
	switch opts.Binning {
	case EqualProbability:
		sorted := slices.Clone(rs)
		slices.Sort(sorted)
		edges = make([]float64, k-1)
		for i := range edges {
			// upper edge of bin i: the (i+1)/k quantile of ref
			pos := float64(i+1) / float64(k) * float64(len(sorted))
			edges[i] = sorted[min(int(math.Ceil(pos))-1, len(sorted)-1)]
		}
		edges = slices.Compact(edges) // ties in ref can merge bins
	case EqualWidth:
		lo := math.Min(slices.Min(xs), slices.Min(rs))
		hi := math.Max(slices.Max(xs), slices.Max(rs))
		edges = widthEdges(lo, hi, k)
	default:
		panic("fit: unknown Binning")
	}
	nb := len(edges) + 1
	s := make([]float64, nb)
	r := make([]float64, nb)
	for _, v := range xs {
		s[widthBin(edges, v)]++
	}
	for _, v := range rs {
		r[widthBin(edges, v)]++
	}
	res := ChiSquareTwoSampleCounts(s, r, opts.NParams)
	res.N = len(xs)
	return res
}

// ChiSquareCounts returns Σ (O_i − E_i)²/E_i for observed and expected
// counts, with DF = k − 1 − nParams where k counts the bins with E_i > 0
// or O_i > 0 (a bin with E_i = 0 < O_i makes the statistic +Inf). It panics
// if the slices differ in length.
func ChiSquareCounts(obs, exp []float64, nParams int) ChiResult {
	if len(obs) != len(exp) {
		panic("fit: ChiSquareCounts slices differ in length")
	}
	var stat float64
	k := 0
	for i, o := range obs {
		e := exp[i]
		if e == 0 && o == 0 {
			continue
		}
		k++
		if e == 0 {
			stat = math.Inf(1)
			continue
		}
		stat += (o - e) * (o - e) / e
	}
	df := k - 1 - nParams
	return ChiResult{Stat: stat, P: chiP(stat, df), DF: df}
}

// ChiSquareTwoSampleCounts compares two histograms a and b over the same
// bins with the two-sample χ² statistic
//
//	Σ_i (√(B/A)·a_i − √(A/B)·b_i)² / (a_i + b_i),  DF = k − 1 − nParams,
//
// (A, B the totals; bins empty in both are skipped and not counted in k).
// For equal totals it is Lublin and Feitelson's daily-cycle metric
// Σ (m_i − d_i)²/(m_i + d_i) of section 7.3. It panics if the slices differ
// in length.
func ChiSquareTwoSampleCounts(a, b []float64, nParams int) ChiResult {
	if len(a) != len(b) {
		panic("fit: ChiSquareTwoSampleCounts slices differ in length")
	}
	var ta, tb float64
	for i := range a {
		ta += a[i]
		tb += b[i]
	}
	if !(ta > 0 && tb > 0) {
		return ChiResult{Stat: math.NaN(), P: math.NaN()}
	}
	ka, kb := math.Sqrt(tb/ta), math.Sqrt(ta/tb)
	var stat float64
	k := 0
	for i := range a {
		if a[i]+b[i] == 0 {
			continue
		}
		k++
		d := ka*a[i] - kb*b[i]
		stat += d * d / (a[i] + b[i])
	}
	df := k - 1 - nParams
	return ChiResult{Stat: stat, P: chiP(stat, df), DF: df}
}

func chiBins(k int) int {
	if k == 0 {
		return 10
	}
	if k < 2 {
		panic("fit: χ² test needs at least 2 bins")
	}
	return k
}

// widthEdges returns the k−1 inner edges of k equal-width bins on [lo, hi].
func widthEdges(lo, hi float64, k int) []float64 {
	edges := make([]float64, k-1)
	for i := range edges {
		edges[i] = lo + (hi-lo)*float64(i+1)/float64(k)
	}
	return edges
}

// widthBin returns the bin of v for sorted inner edges: bin i holds
// edges[i−1] < v ≤ edges[i].
func widthBin(edges []float64, v float64) int {
	i, _ := slices.BinarySearch(edges, v)
	return i
}
