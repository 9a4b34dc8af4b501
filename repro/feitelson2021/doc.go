// Package feitelson2021 reproduces D. G. Feitelson, "Resampling with
// feedback: a new paradigm of using workload data for performance
// evaluation" (keynote paper, Job Scheduling Strategies for Parallel
// Processing, JSSPP 2021; an extended version of a Euro-Par 2016 keynote),
// papers/feitelson-2021-resampling-with-feedback.txt, in notebook
// notebooks/04-resampling-with-feedback.ipynb.
//
// New(o) returns a Study with one method per figure and table of the
// paper (Fig1 … Fig21, Table1; related figures share a method and a
// result: Fig12 and Fig17 come from one load sweep, Fig20 and Fig21 from one
// user-aware study), each returning frames and plots and adding the
// paper's claims to a ledger (ledger.Claimer). Ledger assembles them all.
// Results are memoised in the Study.
//
// The experiments are made of the library's generic parts — package sim
// (FCFS, EASY, open replay), sim/estimates, sim/resample (user pools,
// resampled logs), sim/feedback (feedback simulation, user models, the
// user-aware scheduler, load sweeps, cross-simulation, validation) and
// analytics/session (sessions, batches, dependencies, continuation) —
// with the paper's choices: which logs, which loads and values of α, how
// many replicates (the paper's counts in full mode, fewer in quick mode).
//
// Two things the paper used are not in the project's data, and the study
// says how it stands in for them: the flurries of Figs 5–7, which the
// cleaned logs of the archive no longer hold (their jobs' weeks are
// reconstructed from the cleaning filters listed in each log's header,
// see Removed), and the citation counts of Fig. 4.
package feitelson2021
