// Package locality measures how the jobs of a workload log concentrate on a
// part of their attribute's distribution over short stretches of time.
//
// It implements two papers:
//
// Feitelson, "Locality of sampling and diversity in parallel system
// workloads" (ICS 2007):
//   - §2 views: Autocorrelation of runtimes against a Scramble of the log
//     (Fig 1), the time/attribute Scatter with disks sized by count (Fig 2),
//     SliceCDFs against the global distribution (Fig 4);
//   - §3 the metric: NewRanges (r equal-probability ranges of the global
//     distribution), LocalityOfSampling (m_i per slice of t days, M'_max,
//     M'_med, the bootstrap M'_g and M = M' − M'_g; Tables 1–3, Figs 6–7),
//     Quarterly (Fig 6), UsableFraction (Fig 5) and Sensitivity (Fig 8);
//   - §4 RunLengths of repeated jobs per user (Fig 9);
//   - §5 Diversity between logs with job-weighted or equal-weighted global
//     distributions (Tables 4–5).
//
// Zakay and Feitelson, "Workload resampling for performance evaluation of
// parallel job schedulers" (2013), §5.2: StackDepth (Table VI; depth
// counted from 0 at the top of the stack, as the paper's table does, or
// from 1 with StackOptions.TopDepth) and DailyBins (Fig 5).
//
// All functions work on Observations: one attribute of a log's jobs
// (runtime, requested time or processors) with their submit times, in submit
// order, unknown values dropped (Observe says how many). Ties of a discrete
// attribute at the boundaries of equal-probability ranges are handled as Ties
// documents (by default a tied value is split between the ranges its CDF step
// spans, in proportion to the overlap).
//
// Plot builders are in the sub-package localityplot.
package locality
