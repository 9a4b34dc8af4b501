// Package estimates describes the users' runtime estimates of a log (SWF
// field 9, requested time): how much of its estimate each job used, and
// the distributions of estimates and runtimes.
//
// Feitelson (2021), "Resampling with feedback", §3.2: estimates are very
// inaccurate (Fig. 2, after Mu'alem and Feitelson 2001: histograms of
// runtime / estimate, flat apart from a peak of jobs killed at their
// estimate) and concentrate on a few round values, often the largest
// allowed (Fig. 3, after Tsafrir, Etsion and Feitelson 2005: CDFs of
// estimates and runtimes).
package estimates
