// Package stationarity measures how much a workload log drifts over its
// span, the question Zakay and Feitelson (2013), §6.5.2, raise: a log is
// cut into consecutive windows of equal length (thirds by default) and the
// windows are compared — their utilisation (offered load), their weekly
// load, their job-size mix and their runtime distribution — with
// two-sample Kolmogorov–Smirnov tests between every pair of windows
// (analytics/fit.KSTwoSampleTest: the asymptotic p-value; for the
// discrete sizes it is conservative).
//
// Resampling (sim/resample) draws users from pools regardless of when they
// were active, so a resampled log should be closer to stationary than its
// source: the same measure on both says by how much.
package stationarity
