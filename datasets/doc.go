// Package datasets reads and writes workload logs in the Standard Workload
// Format (SWF) of the Parallel Workloads Archive (PWA), holds them as typed
// traces (a struct of column slices), converts them to and from Gota data
// frames, exports CSV, JSON and Parquet, and finds logs by name in a catalog
// (explicit path, TRACELAB_DATA, a user cache, or a download from the
// archive).
//
// SWF is defined at https://www.cs.huji.ac.il/labs/parallel/workload/swf.html
// (Chapin et al., "Benchmarks and standards for the evaluation of parallel
// job schedulers", JSSPP 1999). Each job is one line of 18 whitespace-separated
// fields; −1 means unknown. In a Trace, unknown measures are NaN and unknown
// identifiers stay −1, so no statistic averages a −1.
package datasets
