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
// other pools (§6.4 steps 1–2). Temporary users whose activity touches the
// first or the last 4 weeks of the log are discarded (users.TouchesEdge, the
// reading that reproduces Table V; PoolOptions.Users.Truncation selects §4's
// literal one). The classes are those of package analytics/users.
//
// # Generation (§4)
//
// Generate builds one resampled log over a window that starts at the
// original log's first job and lasts, by default, as long as the original:
//
//   - initialisation: the long-term users and an average week's number of
//     temporary users (chosen with probability proportional to their weeks
//     of activity) are started, each in a random week: of its activity for
//     a temporary user; of its cycle (its activity and the gap after it)
//     for a long-term user, so that the log is stationary (the paper's
//     literal "a week of his traced activity" is Options.LongTermStart =
//     StartInActivity);
//   - every following week a binomial number of new temporary users arrive
//     (around the original weekly arrival rate), never the same user twice
//     in one week, each started from its first job; on average RB_NPW of
//     them are rare-behaviour pseudo-users (§6.4 step 3);
//   - a long-term user whose activity ends is regenerated after the gap it
//     had in the log: its stream repeats with the period of the log's
//     length in weeks.
//
// A user's stream is never changed: its jobs, their order and the intervals
// between them are those of the log, and every job keeps its day of the
// week and time of day, because streams move only by whole weeks. With
// Options.Load the numbers of long-term users, initial temporary users and
// arriving temporary users are scaled (§6.3): every long-term user is used
// before any is replicated, and replicas start evenly spread over their
// cycle, as far apart as possible.
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
// outcome without the rare-behaviour jobs (§6.4 step 4). sim.DetectSaturation
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
// Plot builders for Figs. 4 and 8–16 are in the sub-package resampleplot.
package resample
