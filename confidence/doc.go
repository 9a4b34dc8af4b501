// Package confidence gives confidence intervals of a mean over replicates
// and of the mean paired difference between two sets of replicates run on
// the same inputs (the same seeds, the same resampled variants), as
// simulation experiments report them.
//
// Two methods:
//
//   - Student's t (MeanT, PairedT): mean ± t(1−(1−level)/2, n−1)·s/√n, the
//     usual interval when the replicates' mean is close to normal (many
//     replicates, or a measure without a heavy tail).
//   - The bootstrap percentile interval (Bootstrap.Mean, Bootstrap.Paired;
//     Efron and Tibshirani 1993, "An Introduction to the Bootstrap",
//     §13.3): the level's central quantiles of the means of Resamples
//     resamples drawn with replacement, reproducible from an explicit seed.
//     It needs no normality but is too narrow for a handful of replicates.
//     Bootstrap.Statistic gives the same interval for any statistic of
//     independent units (a ratio of sums over users, a median, a
//     correlation): resampling users rather than jobs keeps the jobs of one
//     user together (a cluster bootstrap, Davison and Hinkley 1997, §3.8).
//
// A paired comparison (PairedT, Bootstrap.Paired) takes the differences
// a[i] − b[i] replicate by replicate: on common random numbers the
// differences vary far less than a or b, so the interval is much narrower
// than the difference of two independent intervals (Law, "Simulation
// Modeling and Analysis", 5th ed., §10.2.1 and §11.2).
//
// Reference values in the tests come from scipy 1.10
// (scipy.stats.t.interval, scipy.stats.bootstrap with method="percentile").
package confidence
