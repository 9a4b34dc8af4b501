// Package findings tests whether the general claims of the five papers hold
// on a log: each Finding is a function of a log returning its statistic,
// a verdict (holds, fails, not applicable) with a one-line measured reason,
// and a 95% confidence interval where the statistic is an estimate.
package findings
