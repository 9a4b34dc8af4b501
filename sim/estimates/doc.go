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
//
// Model is a model of the estimates fitted to a log (Fit), after Tsafrir,
// Etsion and Feitelson (2005), "Modeling user runtime estimates", JSSPP:
// the log's popular round values and, per runtime class, how often each is
// chosen; Rand gives a job of a known runtime an estimate at least its
// runtime. sim/lublin uses it to add estimates to generated workloads
// (lublin.Params.Estimates, tracelab generate lublin --estimates-from LOG)
// and measures their effect on EASY (lublin.RunEstimateEffect).
package estimates
