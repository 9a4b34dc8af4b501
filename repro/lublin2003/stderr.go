package lublin2003

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/sim/lublin"
)

// The standard errors of our estimates, which set the tolerances of the
// table cells with the paper's printed digits (ledger.Printed). Each entry's
// statement names its method:
//
//   - "binomial": a fraction q of n jobs, √(q(1−q)/n) (confidence.ShareSE;
//     n ≥ 1: a size model is fitted only to at least fit.MinPoints parallel
//     jobs);
//   - "Fisher information": a Gamma fitted by maximum likelihood to n
//     values, fit.GammaCovariance;
//   - "observed information": a hyper-Gamma fitted by EM, the inverse of the
//     negated Hessian of the log-likelihood at the fit,
//     fit.HyperGammaCovariance; a Gamma's mean α·β by the delta method;
//   - "bootstrap": the standard deviation of the estimate over resamples of
//     the values with replacement, seeded (the two-stage uniform's m and p,
//     whose likelihood has kinks; correlation coefficients);
//   - "least squares": the line p = a·size + b over its 8 groups, the
//     usual standard errors of a weighted least-squares line with the
//     residual variance;
//   - "at most 1/(2√n)" for a KS distance D_n: the largest binomial SE of
//     an empirical CDF value (at F = ½), a bound that ignores the error of
//     the fitted parameters;
//   - "a rule": a value the paper's model rules fix (l, h), no sampling
//     error.
//
// The samples are large (15,000 to 37,000 jobs), so most SEs are smaller
// than the printed digit; a parameter the likelihood barely determines
// (a hyper-Gamma's α2 and β2 along their ridge) has a large one.

// dnSE is the bound 1/(2√n) on the standard error of a KS distance of n
// values.
func dnSE(n int) float64 {
	if n <= 0 {
		return 0
	}
	return 0.5 / math.Sqrt(float64(n))
}

// gammaSE returns the SEs of (α, β) of a Gamma fitted to n values.
func gammaSE(g fit.Gamma, n int) []float64 {
	if n <= 0 || !(g.Alpha > 0) || !(g.Beta > 0) {
		return []float64{math.NaN(), math.NaN()}
	}
	return fit.StdErrors(fit.GammaCovariance(g, float64(n)))
}

// hyperGammaSE returns the SEs of α1, β1, α2, β2, p of h fitted to x, and
// of the means α1·β1 and α2·β2; NaNs when the observed information is not
// positive definite (fit.ErrNotIdentified) or h is degenerate.
func hyperGammaSE(h fit.HyperGamma, x []float64) (params, means []float64, err error) {
	params = []float64{math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()}
	means = []float64{math.NaN(), math.NaN()}
	if !(h.P > 0 && h.P < 1) {
		return params, means, fit.ErrNotIdentified
	}
	cov, err := fit.HyperGammaCovariance(h, x, nil)
	if err != nil {
		return params, means, err
	}
	params = fit.StdErrors(cov)
	means = []float64{
		fit.ProductStdError(h.Alpha1, h.Beta1, cov.At(0, 0), cov.At(1, 1), cov.At(0, 1)),
		fit.ProductStdError(h.Alpha2, h.Beta2, cov.At(2, 2), cov.At(3, 3), cov.At(2, 3)),
	}
	return params, means, nil
}

// twoStageSE returns the bootstrap SEs of the two-stage uniform's m and p
// fitted to lg (log2 parallel sizes) with l and h fixed: b resamples,
// seeded. Resamples that cannot be fitted are skipped.
func twoStageSE(lg []float64, low, high float64, b int, seed uint64) (seM, seP float64) {
	rng := rand.New(rand.NewPCG(seed, 0x7ab1e1))
	var ms, ps []float64
	x := make([]float64, len(lg))
	for range b {
		for i := range x {
			x[i] = lg[rng.IntN(len(lg))]
		}
		ts, _, err := fit.FitTwoStageUniformRange(x, nil, low, high)
		if err != nil {
			continue
		}
		ms, ps = append(ms, ts.Med), append(ps, ts.P)
	}
	return stat.StdDev(ms, nil), stat.StdDev(ps, nil)
}

// correlationSE returns the bootstrap SE of the Pearson correlation of x
// and y over b resamples of the pairs, seeded.
func correlationSE(x, y []float64, b int, seed uint64) float64 {
	rng := rand.New(rand.NewPCG(seed, 0xc0))
	n := len(x)
	rs := make([]float64, 0, b)
	xs, ys := make([]float64, n), make([]float64, n)
	for range b {
		for i := range n {
			k := rng.IntN(n)
			xs[i], ys[i] = x[k], y[k]
		}
		if r := stat.Correlation(xs, ys, nil); !math.IsNaN(r) {
			rs = append(rs, r)
		}
	}
	return stat.StdDev(rs, nil)
}

// lineSE returns the standard errors of the slope a and intercept b of
// the p line (lublin.PLineFit): the weighted least-squares line of the
// groups' p on their mean size, weights the groups' job counts
// normalised to the number of groups k, with the residual variance
// Σ w r² / (k − 2).
func lineSE(pl lublin.PLineFit) (seA, seB float64) {
	k := len(pl.Groups)
	if k < 3 {
		return math.NaN(), math.NaN()
	}
	var total float64
	for _, g := range pl.Groups {
		total += float64(g.Jobs)
	}
	var sw, sx, sxx, rss float64
	for _, g := range pl.Groups {
		w := float64(g.Jobs) * float64(k) / total
		r := g.P - (pl.Slope*g.MeanSize + pl.Intercept)
		sw += w
		sx += w * g.MeanSize
		sxx += w * g.MeanSize * g.MeanSize
		rss += w * r * r
	}
	s2 := rss / float64(k-2)
	den := sw*sxx - sx*sx
	return math.Sqrt(s2 * sw / den), math.Sqrt(s2 * sxx / den)
}

// seOrZero returns se, or 0 when it is not a number (a fit whose error is
// unknown: the tolerance is then the printed digit alone, and the entry's
// statement says so).
func seOrZero(se float64) float64 {
	if math.IsNaN(se) || math.IsInf(se, 0) {
		return 0
	}
	return se
}
