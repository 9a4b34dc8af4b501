// Package feedback simulates parallel job scheduling with user feedback:
// each user's jobs arrive not at their logged times but when the jobs they
// depend on have ended in the simulation, paced by a model of the user.
// It follows Zakay and Feitelson, "Preserving user behavior characteristics
// in trace-based simulation of parallel job scheduling" (MASCOTS 2014,
// §V–VIII), and runs the experiments of Feitelson, "Resampling with
// feedback: a new paradigm of using workload data for performance
// evaluation" (Euro-Par 2021, §3.4 and §4.3–4.4).
//
// # Workload and mechanism (2014 §IV, §VI)
//
// NewWorkload prepares a log: the jobs as package sim simulates them
// (sim.Prepare) and their sessions, batches, follows order and depends-on
// lists (package analytics/session, Definitions 1–12), computed from those
// same jobs so that the LogReplay scheduler reproduces every job's end.
// Simulate then runs the next-batch mechanism on top of any sim.Scheduler
// (it wraps the scheduler to hear of arrivals and terminations):
//
//   - each user's first batch arrives at its original time;
//   - a batch becomes available when the batch it follows has had its last
//     arrival and every batch it depends on has ended (Definition 14), so
//     batches are released in the follows order and never before what they
//     may depend on;
//   - the reason that was met last (Reason: Dependency or Follows) selects
//     a think time or an inter-arrival time (§VII); a Model decides the
//     delay; the batch's other jobs keep their original offsets.
//
// A resampled log (package sim/resample) is a log like any other: its user
// instances' streams are simulated with feedback — population from
// resampling, timing from feedback (2021 §4.3). Simulate with Options.Until
// stops at the end of a window, for throughput measurements.
//
// # User models (2014 §VII)
//
//   - Adjusted: the original think time or inter-arrival time. Under the
//     LogReplay scheduler (logged start times) it reproduces every logged
//     arrival exactly — tested on KTH-SP2 and SDSC-SP2 on a machine of the
//     logged schedule's peak size (LoggedPeak: the logs exceed their
//     header's size at a few instants).
//   - Distribution: activity patterns (daytime/night-time 0.7/0.3 with
//     ±1 h jitter, weekdays/weekends 0.8/0.2), continuation probability
//     0.8/(0.05·response + 1) with the response in minutes (see
//     DefaultResponseUnit: it matches the continuation measured on the
//     logs), delays drawn from the user's within-session and
//     between-session (< 8 h) think and inter-arrival times.
//   - Fluid: the user's original session windows; a batch released inside a
//     window continues after a random within-session delay, otherwise waits
//     for the next window; windows are recycled weekly when they run out.
//     Fluid.Continuation adds the distribution-based model's continuation
//     probability (2014 §VII-B says the fluid model uses it; §VII-C's steps
//     and 2021 §4.3 do not): off by default.
//
// # Schedulers
//
// UserAware is a user-aware backfilling scheduler with parameter α
// (α = 0 is EASY exactly), after CREASY (2021 §4.4, Figs. 19–21).
// This package registers it in sim's scheduler registry as "useraware"
// (α = 0.5) and "useraware:α", so sim.New and sim.FactoryOf know it.
//
// A scheduler of one's own runs wherever ours do: Simulate and
// Conventional take any sim.Scheduler value (a fresh one per call), and
// the experiments that run many simulations in parallel (Compare,
// CrossSchedulers, LoadSweep, SweepExperiment) take scheduler names and
// make a scheduler per simulation through sim.FactoryOf, so a program
// registers its own with sim.Register and passes its name.
//
// # Experiments and frames
//
//   - Compare: conventional vs each model on one log (2014 Figs. 5–10,
//     Table I): SummaryFrame, HourOfWeekFrame, ActivityFrame, QueueFrame.
//   - CrossSimulation: 2021 Fig. 8 (EASY and FCFS); CrossSchedulers: the
//     same between any schedulers, a program's own included.
//   - LoadSweep: throughput, utilisation and session length vs the number
//     of users, per scheduler, feedback and open (2021 Figs. 12, 17, 19).
//   - SweepExperiment: one resampled log simulated with feedback, a
//     replicate of package sweep (2021 Fig. 15's validation with feedback).
//   - ByClass, Workload.QueueByHour: response time per job class and queue
//     length per hour of the day (2021 Figs. 20, 21).
//   - WeeklyActivity, StateTimes: 2021 Figs. 11 and 13.
//
// Plot builders are in the sub-package feedbackplot.
package feedback
