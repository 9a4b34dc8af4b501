// Package sim simulates the scheduling of rigid parallel jobs on a machine
// of P identical processors: a discrete-event engine, the FCFS, EASY and
// conservative backfilling schedulers, a pseudo-scheduler that replays the
// logged start times, open replay of a workload log, and the usual
// performance metrics as Gota frames.
//
// The model is the one of Feitelson (2021), "Resampling with feedback: a
// new paradigm of using workload data for performance evaluation", §2–3: a
// job is a rectangle of processors × time; processors are allocated
// exclusively and a job runs to completion on the processors it was given.
// The scheduler sees only the user's runtime estimate (SWF field 9,
// requested time), never the runtime itself.
//
// # Schedulers
//
//   - FCFS starts jobs in the order they were submitted; the first waiting
//     job blocks all the others until it fits (§2, Fig. 1).
//   - EASY (Lifka 1995; Mu'alem and Feitelson 2001, IEEE TPDS 12(6) §2)
//     keeps one reservation, for the first waiting job (the head): the
//     shadow time at which enough processors will be free for it if every
//     running job runs until its estimate, and the extra processors left at
//     that time. A later job is backfilled, that is started now, when it
//     fits in the free processors and either ends by the shadow time
//     (according to its estimate) or uses no more than the extra processors.
//   - Conservative backfilling (Mu'alem and Feitelson 2001 §2) gives every
//     waiting job a reservation at the earliest time it fits into the
//     profile of processors promised to the running jobs and to the jobs
//     before it; when a job ends before its estimate the schedule is
//     compressed: each waiting job, in order of arrival, moves to the
//     earliest time at which it fits, which is never later than its
//     reservation.
//   - Backfill has the variants of backfilling as options, not forks: the
//     order of the queue that decides which jobs hold reservations (arrival,
//     shortest estimate, smallest area, largest first, or a priority
//     function of one's own), the order in which the other jobs are tried
//     for backfilling, and the number of reservations (1 is EASY, all is
//     conservative, k in between). EASY and Conservative are its fast paths
//     for arrival order; the tests check all three start for start.
//   - LogReplay starts each job at its submit time plus its logged wait,
//     for validating the engine and the feedback simulation.
//
// A scheduler is anything with a Schedule(*Engine) method; see Scheduler.
// Register adds one to the registry by name, so that every tool built on
// this package (New, FactoryOf; the tracelab command line through
// cli.Main) can run it, and SchedulerName reports that name. Functions
// that run one simulation take a Scheduler value, a new one each call
// (Run, Replay, NewEngine; Simulate and Reference in sim/resample,
// Simulate and Conventional in sim/feedback); those that run many in
// parallel take a registered name and make one scheduler per simulation
// with its Factory (sim/resample's Experiment and bootstraps, sim/sweep's
// Window, sim/compare, sim/feedback's Compare, CrossSchedulers, LoadSweep
// and SweepExperiment), keeping a Resetter from one simulation to the
// next. A scheduler of one's own gives the same results on every path as
// on Run (the custom_scheduler_test.go files check it for each); it gets
// copies of the engine's lists (Engine.Waiting, Engine.Running), which it
// may sort in place; and a bug
// of it ends every path, Engine.Run and RunUntil included, with a
// *SchedulerError naming it instead of a panic or a run without end (a
// panic of the caller's OnStart or OnFinish hook, with a *HookError); the
// Context variants
// stop a slow one, and a HeapLimit context one that keeps allocating
// (see SchedulerError, Engine.RunContext, Engine.RunUntilContext for a
// program that steps the engine, and
// examples/README.md for what a scheduler of one's own must do and what it
// gets).
//
// # Events
//
// Events at the same time are handled in a fixed order, in rounds: first
// every termination (ties by job number), then every arrival (ties by the
// order of submission, which Prepare makes the log's order), then one call
// of the scheduler. A job that ends at time t therefore frees its
// processors for a job that starts at t, and no processor is ever counted
// twice. A zero-runtime job started at t ends at t, in a further round at
// the same time. A scheduler may also ask for a round at a time of its
// choice (Engine.WakeAt).
//
// Jobs may be submitted while the simulation runs (Engine.Submit from the
// OnFinish or OnStart hooks, or between Engine.RunUntil calls) for any time
// not in the past: this is how a feedback simulation makes arrivals depend
// on when earlier jobs ended. Open replay (Replay, Run) submits a whole
// workload up front.
//
// # Workload conventions (Options)
//
// The defaults are the conventions under which independent simulators agree
// on the archive's logs: allocated processors (field 5), jobs of unknown
// runtime left out and counted, and a runtime estimate raised to the
// runtime when it is smaller. See Options and Prepare for every policy.
//
// # Machine size and saturation
//
// The machine size is Options.Procs, else the log's (datasets.Trace.Machine:
// the header's MaxProcs or MaxNodes, else the peak processors in use in the
// logged schedule); Result.ProcsRule says which. A log with neither a size
// nor start times cannot be replayed without Options.Procs
// (datasets.ErrNoMachineSize). Result.Saturation tests whether the queue
// grew without bound (Zakay and Feitelson 2013 §6.3, DetectSaturation):
// then the machine is too small for the load, and averages such as the
// mean wait grow with the log's length instead of describing the scheduler.
//
// # Cost
//
// The engine keeps its jobs in typed slices and its events in binary heaps
// and allocates nothing per event. FCFS costs O(log r) per job (r running
// jobs). EASY keeps the running jobs by estimated end (Engine.Shadow),
// tries only the new jobs after a round with arrivals only (the shadow
// time, extra and free processors can only have shrunk), and skips blocks
// of 64 waiting jobs none of which could be backfilled. Conservative keeps
// the profile of free processors in blocks (O(√n) per change) and
// compresses only after a job ends before its estimate; a compression may
// move every waiting job, and on a deep queue almost all of them do move
// (n jobs at once: about n²/3.5 moves, each a profile search, measured as
// roughly n³ time — 4,000 jobs take 16 s). That cost is the algorithm's, not
// rescanned work. Conservative{Depth: K} bounds it as production
// schedulers do (Slurm's bf_max_job_test): only the first K waiting jobs
// hold reservations, so each compression moves at most K jobs; 100,000
// jobs at once finish in 107 s with K = 1000, and on the archive's logs
// (queues below 600 jobs) the schedule equals the exact one. See the
// benchmarks.
//
// # Metrics
//
// Wait = start − submit; response = end − submit; slowdown = response /
// runtime; bounded slowdown = max(1, response / max(runtime, τ)) with
// τ = 10 s (Feitelson et al. 1997, "Theory and practice in parallel job
// scheduling", JSSPP, §5.2). See Result and Summary.
package sim
