// Package findings asks whether the papers' general findings hold on a
// log: the claims of the five papers that are statements about workloads
// in general, not about one log's numbers, each measured on any log.
//
// A Finding is a function of a log (a *datasets.Trace) that returns its
// statistic, a 95% confidence interval where the statistic is an estimate,
// and a verdict with a one-line reason that says what was measured against
// which condition:
//
//   - Holds: the log bears the claim out. Where the claim compares a
//     statistic with a bound, the whole interval must lie on the claimed
//     side (a claim we sign, not a point estimate that happens to fall
//     there).
//   - Fails: the log was measured and does not bear it out; the reason
//     says whether the interval lies on the other side or only reaches the
//     bound.
//   - NotApplicable: the log lacks what the claim is about — user ids,
//     runtime estimates (for at least half of the jobs), a machine size in
//     its header (for simulations), a start time (for the hours of the
//     day), more than 12 weeks (for long-term users), application numbers,
//     enough units for an interval — and the reason says which. A finding
//     never passes on a log that lacks its data.
//   - Error: a measurement failed for another reason (a bug, or a log no
//     analysis foresaw); the command line fails on it.
//
// Intervals: shares and ratios over the jobs are bootstrapped over users,
// whose jobs are not independent (a cluster bootstrap, with
// confidence.Bootstrap.Statistic; over jobs for logs without user ids);
// comparisons with random permutations, shuffles or resampled logs use
// Student's t over the replicates; the Hurst parameter uses fractional
// Gaussian noise of the same H and length (a parametric bootstrap). A
// statistic that is a distance between fits has no interval.
//
// The computations are the library's (analytics/*, sim/*) and the
// readings of the papers' words are their repro packages' (e.g.
// zakay2013.VastMajority, feitelson2021.FlatFactor): this package only
// turns them into verdicts. Every random procedure draws from a seed
// derived from Options.Seed and the finding's ID, so results do not depend
// on which findings run, in what order, or on how many workers.
//
// The findings, by paper (ID, section, what is claimed):
//
//	Zakay and Feitelson 2013, workload resampling (repro/zakay2013)
//	similarity-procs                §3, Table II       a user's jobs in one session are more alike in processors than one session apart
//	similarity-runtime              §3, Table IV       … in runtime
//	similarity-req_time             §3, Table III      … in estimated runtime
//	similarity-shuffled             §3, Fig. 2         within-session similarity far above shuffling jobs among sessions
//	long-term-jobs                  §4, Table V        long-term users submit the vast majority of the jobs
//	long-term-users                 §4, Table V        more long-term users than temporary ones
//	long-term-spans-uniform         §4                 long-term users' activity spans uniform from 12 weeks to the log's length
//	session-length-classes          §4                 session lengths alike for long-term and temporary users
//	resampling-keeps-activity       §5.1, Fig. 4       resampled logs keep the per-user jobs, sessions, session length, work and weekly cycle
//	resampling-keeps-positions      §5.1, Fig. 4       … and the first arrivals, last departures and activity periods
//	stack-depth-locality            §5.2, Table VI     runtimes recur nearer the top of the stack than in a random permutation
//	daily-bins-locality             §5.2, Fig. 5       each day's jobs concentrate in one of 16 runtime bins beyond random
//	self-similar-arrivals           §5.3, Table VII    arrivals self-similar, H between 0.6 and 0.9
//	bootstrap-brackets-wait         §6.1, Fig. 9       EASY's average wait on the log within its resampled variants' range (§4 literal reading)
//	bootstrap-brackets-wait-common  §6.1, Fig. 9       … with every long-term user started in one common week (the library's default)
//
//	Zakay and Feitelson 2014, preserving user behaviour (repro/zakay2014)
//	feedback-shorter-wait           §VII-C, Table I    fluid feedback simulation: shorter EASY waits than the conventional replay
//	feedback-shorter-queue          §VIII, Fig. 10     … and shorter EASY queues
//	feedback-bounds-fcfs            §VIII, Fig. 10     FCFS's queue stays bounded under feedback
//
//	Lublin and Feitelson 2003, the rigid-jobs model (repro/lublin2003)
//	sizes-powers-of-two             §4.1, Table 1      parallel job sizes dominated by powers of two
//	serial-share                    §4.2, Table 1      a high fraction (at least a fifth) of serial jobs
//	sizes-two-stage-uniform         §4.3, Table 1      a two-stage uniform fits log2 sizes at least as well as a Gamma
//	runtime-hyper-gamma             §5.1, Table 2      a hyper-Gamma of ln runtime passes KS on 1000 random jobs
//	runtime-grows-with-size         §6.1, Fig. 4       runtime positively correlated with size
//	p-falls-with-size               §6.3, Table 5      the short-runtime Gamma's weight p falls with size
//	daily-cycle                     §7.2, Fig. 8       more arrivals in working hours than their share of the week
//
//	Feitelson 2021, resampling with feedback (repro/feitelson2021)
//	estimates-flat                  §3.2, Fig. 2       estimates inaccurate: runtime / estimate flat apart from the shortest jobs
//	estimates-killed-peak           §3.2, Fig. 2       a peak of jobs at 100% of their estimate
//	estimates-overestimate          §3.2, Fig. 3       the median job's estimate at least twice its runtime
//	estimates-round                 §3.2, Fig. 3       estimates are round figures (modal)
//	continuation-falls              §4.3, Fig. 18      the longer a job's response, the less the session continues
//	weekly-cycle                    §3.2               fewer arrivals per day at weekends
//
//	Feitelson 2007, locality of sampling (repro/feitelson2007)
//	locality-of-sampling-runtime    §3.2, Tables 2–3   M'_med of 3-day slices above the random samplings' (M = M' − M'_g > 0)
//	locality-of-sampling-procs      §2–3, Fig. 2       … of the processors
//	autocorrelation-runtime         §2, Fig. 1         successive runtimes correlated
//	repeated-runs                   §4, Fig. 9         most runs of equivalent jobs single, some very long
//
// Every finding has its statistic, rule and needs in its Finding (and in
// `tracelab findings list`). Evaluate measures the findings on one log;
// Run on many log files in parallel, with a Cache of each log's results by
// its content and the version of the code (resumable); Matrix holds the
// results as findings × logs (frames, the rows read in words), Stored
// saves it with its commit and code hash for REPRODUCTION.md, and
// sub-package findingsplot draws it. Options.Quick runs every finding with
// fewer replicates, for tests.
package findings
