// Package resample generates new workloads by user-level resampling of a
// log, following Zakay and Feitelson, "Workload resampling for performance
// evaluation of parallel job schedulers" (Concurrency and Computation:
// Practice and Experience, 2013), §4 and §6, and Feitelson (2021),
// "Resampling with feedback", §4.2 and §4.4.
//
// # Pools (§4, §6.4)
//
// NewPools dissects a log into the job streams of its users and keeps them
// in pools: long-term users (activity above 12 weeks), temporary users, and
// a rare-behaviour pool of (user, begin, end) periods whose jobs leave the
// other pools (§6.4 steps 1–2). Temporary users whose whole activity lies
// within 4 weeks of the log's start or end are discarded (§4's words,
// PoolOptions.Discard = DiscardWithinEdge); DiscardTouchingEdge, the
// classification that reproduces Table V's counts (users.TouchesEdge),
// also leaves out the users whose activity merely touches those weeks, and
// with them load the resampled logs then lack (see Readings below). The
// classes are those of package analytics/users.
//
// # Generation (§4)
//
// Generate builds one resampled log over a window that starts at the
// original log's first job and lasts, by default, as long as the original:
//
//   - initialisation: the long-term users and an average week's number of
//     temporary users (chosen with probability proportional to their weeks
//     of presence, each started in a random one of them) are started; the
//     long-term users all in one random week of the log, as if the same
//     users had been "recorded over an arbitrary timespan";
//   - every following week a binomial number of new temporary users arrive
//     (around the original weekly arrival rate), never the same user twice
//     in one week, each started from its first job; on average RB_NPW of
//     them are rare-behaviour pseudo-users (§6.4 step 3);
//   - a long-term user whose activity ends is regenerated after the gap it
//     had in the log ("the sum of the intervals between the user's period
//     of activity and the full logging period"), counted in time: its
//     stream repeats every Pools.SpanWeeks weeks, the log's span rounded
//     to whole weeks.
//
// With the default start the long-term users, who submit most of the jobs,
// keep their alignment with each other: the long-term part of a resampled
// log is the log's own, rotated by a random number of weeks, and only the
// temporary users are drawn anew. A user's stream is never changed: its
// jobs, their order and the intervals between them are those of the log,
// and every job keeps its day of the week and time of day, because streams
// move only by whole weeks. With Options.Load the numbers of long-term
// users, initial temporary users and arriving temporary users are scaled
// (§6.3): every long-term user is used before any is replicated, and
// replicas start evenly spread over their cycle, as far apart as possible.
//
// A caller that keeps many resampled logs between uses packs them
// (Resampled.Pack): a Packed keeps what Generate chose, 20 bytes a job
// against 160, and Unpack gives the log back field for field.
//
// # Readings of §4, and why the defaults
//
// Where §4 allows more than one reading, each is an option (Options,
// PoolOptions.Discard, SimOptions), and Readings lists them for the
// bootstrap of §6.1 (RunBootstrap): resampled variants of a log, each
// simulated under EASY, and the original simulated under the same
// conventions (Reference; a variant that is the log itself gives exactly
// the original's metrics, see the tests). A default is what a user of
// resampling should get: variants that keep the log's load — its level
// and how it varies from week to week — and differ from it where the
// method means to draw anew. Whether a reading puts the original among
// its variants, as the paper reports ("in all cases at least some of our
// 1000 repetitions produced results like the original log"), is not the
// criterion: package repro/zakay2013 checks the paper's claims under the
// paper's literal reading, and ours beside them.
//
//   - LongTermStart: a common random week (StartInCommonWeek). §4's words,
//     "each user is started in some arbitrary week of his traced
//     activity", read literally give each long-term user its own week of
//     its activity (StartInActivity); StartInCycle draws it over the
//     user's whole cycle. Both make the long-term users independent of
//     each other, and in a log they are not: on KTH-SP2, SDSC-SP2,
//     SDSC-BLUE and HPC2N their weekly loads are negatively correlated
//     (Feitelson 2021 §4.2 reads such a pattern as users backing off while
//     others load the machine; its entries fig11/*/others-back-off do not
//     find that in the weekly job counts of our logs, and find it on two of
//     four, CTC-SP2 and HPC2N, only with the load as processor-time and the
//     others' work in the following week, the best of four readings
//     measured: so the cause is open):
//     the variance of their total weekly load is 0.31–0.55 of the sum of
//     their own variances (KTH-SP2: 0.0137 against 0.0367), below every
//     one of 100 variants with independent starts. Started independently,
//     the variance of the variants' weekly long-term load is 1.8–3.4 times
//     the log's on those logs; started in a week of their activity, every
//     long-term user is moreover active at once at the start (the first 4
//     weeks carry 1.2–2.1 times the mean long-term load on the seven logs
//     measured), and the variance is 2.4–7.7 times the log's. On three of
//     those four logs (SDSC-SP2, SDSC-BLUE, HPC2N) the original's average
//     wait then lies below every one of 1000 variants (the paper's "never
//     completely separated" does not hold); on KTH-SP2 it lies just inside
//     their range; on CTC-SP2 (ratio 0.73) and SDSC-DS (1.35, positively
//     correlated) it stays among them; and on CEA-Curie, whose users'
//     loads are not negatively correlated (1.13), it lies below every
//     variant too: the covariance is a mechanism measured, not the whole
//     reason (the ledger gives the common week as the reason of such a
//     difference only where it meets the ledger's rule for a reason at every
//     seed measured, and says that the paper's claim then would hold had
//     its implementation kept the users' common calendar). With the common
//     week the long-term part of a variant is
//     the log's own, rotated by a random number of weeks, so the variance
//     stays the log's (0.97–1.17 times it on the seven logs), and only the
//     temporary users and the rotation are drawn anew. Its price: the
//     spread of the variants measures those, not a new mix of long-term
//     users. It is still wider than the paper reports: the most extreme
//     variant's wait is more than 20% from the original's on every log.
//   - Discard: DiscardWithinEdge. DiscardTouchingEdge loses the load of
//     the users it leaves out, 1.5–5% of the work, and every variant of
//     KTH-SP2 waits less than the original.
//   - Regeneration after the gap (RegenerateImmediately loads the machine
//     far beyond the log: median waits 12–900 times the original's);
//     every long-term user once (LongTermWithReplacement spreads the
//     results over two orders of magnitude); the initial temporary users
//     by presence; binomial arrivals chosen uniformly (ByWeeks arrivals
//     favour long projects and overload SDSC-SP2); rates over the log's
//     weeks (RatesOverObservable); and the simulation counting every job
//     until the last ends, estimates raised to the runtime, cancelled jobs
//     kept: the alternatives move the results little.
//
// The covariance table and the per-reading table of notebook 01 (§6.1)
// and package repro/zakay2013 give the measurements: 1000 variants for
// each of the two readings of Figs. 8–9 (the default and the activity
// start), 100 per reading for the covariance, and every reading at 100
// variants in the per-reading table (for those two, the first 100 of
// their 1000: Bootstrap.First).
//
// # Wall clock and daylight saving time
//
// Weeks are calendar weeks of the log's own time zone (Monday 00:00). By
// default (WallClock) a stream moves by whole civil weeks, so every job
// keeps its local day and time exactly, and the intervals between a user's
// jobs are kept exactly in wall-clock time; across a daylight-saving change
// an interval in elapsed seconds may differ by the change (an hour). The
// Elapsed clock moves streams by multiples of 604,800 s instead: elapsed
// intervals are exact, and local times are exact in zones without daylight
// saving. See Clock for the two hours a year where wall-clock times do not
// map one to one.
//
// # Simulation and saturation (§5, §6.1, §6.3, §6.4)
//
// Resampled.Simulate feeds the new log to a scheduler of package sim (open
// replay: each job arrives at its resampled submit time) and summarises the
// outcome without the rare-behaviour jobs (§6.4 step 4); Reference
// simulates the original under the same conventions (SimOptions: warm-up,
// cool-down, stopping at the window's end, cancelled jobs, estimates).
// sim.DetectSaturation
// applies the four steps of §6.3 to the weekly numbers of outstanding jobs.
// Experiment is the resample-and-simulate experiment of package sweep: one
// row of a bootstrap, load or RB_NPW sweep per replicate, a pure function
// of (configuration, seed, index).
//
// # Validation helpers (§5)
//
// MarginalKS compares the per-user marginals of Fig. 4 (package users) of
// two logs; CompareStructure the stack-depth locality and Hurst parameter
// of a log and its variants (Tables VI–VII); Periods cuts an extended log
// into periods (Fig. 10); HeaviestBursts finds candidate rare behaviours
// in a log whose flurries were cleaned away; OfferedLoad measures the load
// submitted per period.
//
// # Diagnostic of §6.1
//
// LoadProfile (of Pools: the original; of Resampled: a variant) gives the
// work submitted and the users active per week or day, in total and per
// user class; Stats and Describe give its mean, CV and autocorrelations,
// ProfileFrame and ProfileStatsFrame the frames. RunBootstrap places the
// original among its variants (Position: share at or below, median ratio,
// strictly inside the range) and BootstrapFrame tabulates readings.
// RunBootstraps runs the bootstraps of several readings at once, with the
// same results: readings that resample alike (Reading.SharesVariants)
// generate each variant once, and those that differ only in what they
// count (warm-up, cool-down, stop at the window's end) simulate it once.
//
// Plot builders for Figs. 4 and 8–16 are in the sub-package resampleplot.
package resample
