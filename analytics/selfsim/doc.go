// Package selfsim measures the self-similarity of a workload's arrival
// process by rescaled-range (R/S) analysis, as in Zakay and Feitelson,
// "Workload resampling for performance evaluation of parallel job
// schedulers" (2013), §5.3 (Figs 6–7, Table VII).
//
// The arrival process is the series of job counts per time unit
// (ArrivalCounts; the unit is an option, 10 minutes by default). For
// logarithmically spaced subset sizes n (factor 1.2) and several subsets
// of each size, RescaledRange computes R(n)/S(n); PoxPlot collects these
// points, the pox plot of Mandelbrot and Wallis, and fits
// log R/S = log c + H·log n by least squares. The raw slope is biased for
// short subsets; HCorrected applies the usual small-sample correction,
// subtracting the expected R/S of independent Gaussian noise (Anis and
// Lloyd 1976 with Peters' 1994 factor, ExpectedRS) and adding 0.5. That
// correction is exact for independent noise only: R/S still underestimates
// strong long-range dependence (fGn of 2^16 values with H = 0.9 gives
// HCorrected ≈ 0.84), which Pox.Debias removes by a parametric bootstrap
// under fGn.
//
// FGN generates fractional Gaussian noise with a known Hurst parameter
// (Davies and Harte 1987, by circulant embedding with gonum's FFT), to
// validate the estimator.
//
// Plot builders are in the sub-package selfsimplot.
package selfsim
