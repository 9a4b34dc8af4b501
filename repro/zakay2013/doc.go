// Package zakay2013 reproduces N. Zakay and D. G. Feitelson, "Workload
// resampling for performance evaluation of parallel job schedulers",
// Concurrency and Computation: Practice and Experience, 2013 (the journal
// version of the ICPE 2013 paper), papers/zakay-feitelson-2013-workload-resampling.txt,
// in notebook notebooks/01-workload-resampling.ipynb.
//
// Every numbered figure and table of the paper (Tables I–VII, Figs 1–16) is
// an item of Paper, computed by a method of Study:
//
//	§1   Table I        the logs (TableI)
//	§3   Fig. 1         similarity vs. distance in sessions
//	§3   Fig. 2         within-session similarity against randomised jobs
//	§3   Tables II–IV   users more similar at the shorter distance
//	§4   Fig. 3, Table V long-term, temporary and discarded users
//	§5.1 Fig. 4         per-user marginals, original and resampled
//	§5.2 Table VI, Fig. 5 locality: stack depth, daily bins
//	§5.3 Figs 6–7, Table VII self-similarity: pox plots, Hurst parameter
//	§6.1 Figs 8–9       bootstrap of EASY's performance (bootstrap.go)
//	§6.2 Fig. 10        extending a trace five times
//	§6.3 Figs 11–12     load scaling and saturation
//	§6.4 Figs 13–16     over-sampling rare behaviours (flurries)
//
// "Very similar" (§5.1, Fig. 4; "agree to a high degree", Fig. 10; Fig.
// 11) has one rule wherever a KS distance is judged by it: the statistic
// lies within what the resampling itself gives when a resampled log of the
// original's size stands in the original's place — mean + 3 SD of those
// draws (NullK), a 5% test for a resampled log with the 16 draws full mode
// takes (nullVariants, twice the paper's eight: with 8, 3 SD still told a
// resampled log apart in up to 6.9% of cases). nullKS is the rule for a
// mean distance over resampled logs (the ledger's entries, the swaps of
// one class of users, attribution, and repro/findings' resampling-marginal
// findings, ResampledNull); pairNull for one distance (the log's
// rotations, rotationsOf). The ledger's quick
// mode draws too few resampled logs (fewer than 3) to measure that spread
// and keeps the former bound, max(0.1, the 5% critical distance)
// (VerySimilarLimit), there also for the rotations and swaps; each quick
// entry says so in its expectation. (The findings draw 4 resampled logs
// in quick mode: they measure the spread from 4 draws, where 3 SD tells a
// resampled log apart in about 11% of cases, not 5%; full mode draws 16.)
//
// A convention the paper leaves open (a generation reading, or a way of
// comparing the two logs: fig4readings.go) explains a difference of Figs 4
// and 10 only by bringing our distance within the entry's own bound, the
// null of the paper's reading: it is never judged against a null of its
// own (a reading whose resampled logs are noisier widens its own bound and
// explains nothing), and the tallies over the item's claims count every
// cell against its entry's bound alike.
//
// Each method returns a result with frames and plots for display and the
// result's ledger entries (Claims); Ledger collects them all. The analyses
// themselves are the library's (analytics/similarity, analytics/users,
// analytics/locality, analytics/selfsim, sim/resample): this package holds
// only what is specific to the paper — its logs, its published numbers, its
// table layouts and its claims.
package zakay2013
