// Package fit provides the statistical machinery of Lublin and Feitelson,
// "The workload on parallel supercomputers: modeling the characteristics of
// rigid jobs" (J. Parallel Distrib. Comput. 63, 2003), section 3:
//
//   - the candidate distributions of section 3.1 as gonum-style value structs
//     with Prob, LogProb, CDF, Survival, Rand, Mean and Quantile methods:
//     TwoStageUniform (the "two-phase/two-stage uniform" l, m, h, p),
//     HyperExponential, Gamma (shape α, SCALE β, the paper's and Matlab's
//     parameterisation — gonum's distuv.Gamma uses a rate), HyperGamma and
//     HyperErlang; the exponential is gonum's distuv.Exponential;
//   - maximum-likelihood estimation (section 3.2.2): FitExponential, FitGamma
//     (Newton on log α − ψ(α) = log mean − mean log), FitTwoStageUniform;
//   - the EM algorithm for two-component mixtures (section 3.2.3) with the
//     paper's "medium minimum" (middle-minimum) initialisation: the sample is
//     split at the minimum of its histogram between the two modes and each side
//     is fitted by maximum likelihood: FitHyperGamma, FitHyperExponential,
//     FitHyperErlang and MiddleMinimum (EM is accelerated by SQUAREM unless
//     EMOptions.NoAcceleration is set; the fixed points are EM's);
//   - goodness of fit (section 3.3): the one-sample Kolmogorov–Smirnov statistic
//     D_n of section 3.3.1 with the exact p-value of scipy.stats.kstest (KS), the
//     subsample check of section 5.1 (KSSubsample, 500–1000 jobs), the two-sample
//     distance (KSTwoSample), and the χ² tests of section 3.3.2 against an
//     analytic CDF (ChiSquare) or a sampled reference (ChiSquareSample), plus the
//     two-histogram metric Σ (m_i − d_i)² / (m_i + d_i) of section 7.3
//     (ChiSquareTwoSampleCounts).
//
// The paper fits most attributes after a logarithmic transformation (section
// 5.1: natural log of runtimes and inter-arrival times, log2 of sizes in
// section 4.3). The fitting functions work on whatever values they are given;
// Log and Log2 perform the transformation and reject non-positive values.
// Note that a runtime of one second has log 0, which a Gamma (support x > 0)
// cannot fit: callers must decide how to treat such values before fitting.
//
// Weights are optional everywhere (nil means 1 for every observation);
// observations with zero weight are ignored entirely. Fitting functions
// return errors for NaN or infinite values, while the goodness-of-fit
// functions skip NaN values and report how many they used.
//
// Mixture components are ordered by their mean: component 1 (P, Alpha1, Beta1)
// is the one with the smaller mean, as in Table 2 of the paper where p is the
// weight of the short-runtime Gamma.
//
// Randomness follows gonum: every distribution has a Src rand.Source
// (math/rand/v2); a nil Src uses the global source. Random restarts of EM and
// subsampling take an explicit seed and use rand.NewPCG.
package fit
