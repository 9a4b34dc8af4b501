package fit

import (
	"math"
	"math/rand/v2"
	"slices"
)

// KSResult is the outcome of a Kolmogorov–Smirnov test.
type KSResult struct {
	// D is the statistic D_n = sup |F(x) − F_n(x)| (Lublin and Feitelson,
	// section 3.3.1).
	D float64
	// P is the p-value P(D_n ≥ D) under the null hypothesis.
	P float64
	// N is the number of observations used (NaN values are skipped).
	N int
	// At is the observation where D is attained (two samples: the
	// smallest value of either at which their empirical CDFs differ by D).
	At float64
}

// KS performs the one-sample two-sided Kolmogorov–Smirnov test of x against
// the continuous CDF cdf (Lublin and Feitelson, section 3.3.1):
//
//	D_n = max_i max( i/n − F(X_i), F(X_i) − (i−1)/n )
//
// over the sorted sample X_1 ≤ … ≤ X_n. The p-value is the exact
// distribution of D_n (KolmogorovSF), which is what scipy.stats.kstest uses
// by default (method 'auto' selects 'exact' for one-sample tests in scipy
// 1.10); the two agree to about 1e-12. NaN values of x are skipped and not
// counted in N; with no value left D and P are NaN.
func KS(x []float64, cdf func(float64) float64) KSResult {
	xs := make([]float64, 0, len(x))
	for _, v := range x {
		if !math.IsNaN(v) {
			xs = append(xs, v)
		}
	}
	return ksSorted(xs, cdf)
}

// ksSorted sorts xs in place and runs the test.
func ksSorted(xs []float64, cdf func(float64) float64) KSResult {
	n := len(xs)
	if n == 0 {
		return KSResult{D: math.NaN(), P: math.NaN(), At: math.NaN()}
	}
	slices.Sort(xs)
	fn := float64(n)
	d, at := math.Inf(-1), math.NaN()
	for i, v := range xs {
		f := cdf(v)
		if dp := float64(i+1)/fn - f; dp > d {
			d, at = dp, v
		}
		if dm := f - float64(i)/fn; dm > d {
			d, at = dm, v
		}
	}
	return KSResult{D: d, P: KolmogorovSF(n, d), N: n, At: at}
}

// KSSubsample performs KS on a simple random sample of n of the non-NaN
// values of x, drawn without replacement with rand.NewPCG(seed, 0x6b73). This
// is the check of Lublin and Feitelson, section 5.1: with tens of thousands
// of jobs every model fails the test, so they re-tested on random
// subsamples of 500 to 1000 jobs. If n ≥ the number of values, all are used.
// It panics if n < 1.
func KSSubsample(x []float64, cdf func(float64) float64, n int, seed uint64) KSResult {
	if n < 1 {
		panic("fit: KSSubsample needs n ≥ 1")
	}
	xs := make([]float64, 0, len(x))
	for _, v := range x {
		if !math.IsNaN(v) {
			xs = append(xs, v)
		}
	}
	if n < len(xs) {
		rng := rand.New(rand.NewPCG(seed, 0x6b73))
		for i := 0; i < n; i++ { // partial Fisher–Yates
			j := i + rng.IntN(len(xs)-i)
			xs[i], xs[j] = xs[j], xs[i]
		}
		xs = xs[:n]
	}
	return ksSorted(xs, cdf)
}

// KSTwoSample returns the two-sample Kolmogorov–Smirnov distance
// sup_x |F_a(x) − F_b(x)| between the empirical CDFs of a and b (the
// statistic of scipy.stats.ks_2samp; ties are handled exactly). It sorts
// copies, O((n_a + n_b) log(n_a + n_b)). NaN values are skipped; if either
// sample has no other value the result is NaN.
func KSTwoSample(a, b []float64) float64 {
	d, _, _, _ := ksTwo(a, b)
	return d
}

// KSTwoSampleCritical returns the two-sample Kolmogorov–Smirnov distance
// above which the hypothesis that samples of n and m values come from one
// distribution is rejected at 5%, by the asymptotic formula
//
//	1.36 · √((n + m) / (n·m))
//
// (1.36 is the 95% quantile of the Kolmogorov distribution, √(−ln(0.025)/2)
// = 1.358, as the usual tables print it). It is +Inf when either sample is
// empty.
func KSTwoSampleCritical(n, m int) float64 {
	if n < 1 || m < 1 {
		return math.Inf(1)
	}
	return 1.36 * math.Sqrt(float64(n+m)/(float64(n)*float64(m)))
}

// KSTwoSampleTest returns KSTwoSample's D with the p-value of
// scipy.stats.ks_2samp(a, b, method='asymp'): KolmogorovSF(round(m·n/(m+n)), D).
// (scipy's default switches to this asymptotic method when the larger sample
// has more than 10,000 values and uses an exact permutation count below.)
// N is the effective size round(m·n/(m+n)); At is where D is attained.
func KSTwoSampleTest(a, b []float64) KSResult {
	d, at, na, nb := ksTwo(a, b)
	if math.IsNaN(d) {
		return KSResult{D: d, P: math.NaN(), At: math.NaN()}
	}
	m, n := float64(max(na, nb)), float64(min(na, nb))
	en := int(math.RoundToEven(m * n / (m + n)))
	if en < 1 {
		en = 1
	}
	return KSResult{D: d, P: KolmogorovSF(en, d), N: en, At: at}
}

// ksTwo returns the two-sample distance, the smallest value at which it is
// attained, and the numbers of non-NaN values.
func ksTwo(a, b []float64) (d, at float64, na, nb int) {
	as := dropNaN(a)
	bs := dropNaN(b)
	if len(as) == 0 || len(bs) == 0 {
		return math.NaN(), math.NaN(), len(as), len(bs)
	}
	slices.Sort(as)
	slices.Sort(bs)
	fa, fb := float64(len(as)), float64(len(bs))
	i, j := 0, 0
	at, widest := math.NaN(), -1 // widest: the largest gap so far, exactly, as |i·n_b − j·n_a|
	for i < len(as) && j < len(bs) {
		v := min(as[i], bs[j])
		for i < len(as) && as[i] == v {
			i++
		}
		for j < len(bs) && bs[j] == v {
			j++
		}
		d = math.Max(d, math.Abs(float64(i)/fa-float64(j)/fb))
		if g := abs(i*len(bs) - j*len(as)); g > widest {
			widest, at = g, v
		}
	}
	return d, at, len(as), len(bs)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func dropNaN(x []float64) []float64 {
	out := make([]float64, 0, len(x))
	for _, v := range x {
		if !math.IsNaN(v) {
			out = append(out, v)
		}
	}
	return out
}
