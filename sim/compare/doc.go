// Package compare runs several schedulers on the same workloads — the
// variants of a resampled log (sim/resample Pools.Variants), periods of a
// log, shaken copies — and compares them metric by metric with paired
// confidence intervals.
//
// On the same variant every scheduler sees the same jobs (common random
// numbers), so the difference of a metric between two schedulers varies
// much less from variant to variant than the metric itself: the paired
// interval of the difference (confidence.PairedT, or the percentile
// bootstrap of confidence.Bootstrap.Paired) can tell two schedulers apart
// when their own intervals overlap (Law, "Simulation Modeling and
// Analysis", 5th ed., §11.2). Every metric of sim.Summary is compared:
// the means, the tails (p50, p90, p99, max of wait, response and bounded
// slowdown) and the fairness among users.
package compare
