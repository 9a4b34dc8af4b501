// Package zakay2014 reproduces N. Zakay and D. G. Feitelson, "Preserving
// user behavior characteristics in trace-based simulation of parallel job
// scheduling", MASCOTS 2014,
// papers/zakay-feitelson-2014-preserving-user-behavior.txt, in notebook
// notebooks/02-preserving-user-behavior.ipynb.
//
// Every numbered figure and table of the paper (Figs 1–10, Table I) is an
// item of Paper, computed by a method of Study:
//
//	§IV   Figs 1, 2, 4  sessions and batches, the follows and depends-on relations (Structure)
//	§V    Fig. 3        the toy schedule: log, conventional FCFS, FCFS with feedback (Fig3)
//	§VII  —             the adjusted model under the logged schedule reproduces every arrival (Invariant)
//	§VII  Figs 5–9      arrivals per hour of the week, activity per user, each user model (Models)
//	§VII  Table I       average wait, conventional and each user model (TableI)
//	§VIII Fig. 10       queue lengths, conventional and feedback, EASY and FCFS (Fig10)
//
// The simulations are the library's (sim/feedback: the mechanism of §VI and
// the user models of §VII; analytics/session: Definitions 1–12): this
// package holds only what is specific to the paper — its logs, its toy
// example, its table layout and its claims. Table I's values are blanked in
// our copy of the text (bullets), so its cells are recorded as ours, and the
// paper's statements about them are checked as claims.
//
// CEA-Curie's header describes thin, fat and hybrid nodes and 33
// partitions, SDSC-DS's three partitions on p655 and p690 nodes; the paper
// does not say how it simulated either. Their entries simulate each as one
// machine of the header's processors (93,312 and 1,664); the convention
// partitions, measured beside them, simulates each pool of nodes as a
// machine of its own (logPools gives the mapping and why).
//
// Which machine the entries simulate is decided by evidence apart from the
// paper's claims: how well the conventional EASY simulation reproduces the
// log's own mean wait (simulated/logged, the jobs of known wait; session
// 24). As one machine: SDSC-SP2 0.83, KTH-SP2 0.45, SDSC-BLUE 0.25, HPC2N
// 0.21, SDSC-DS 0.20, CEA-Curie 0.19, LANL-CM5 4.48, each at the logged
// utilisation (the same jobs over the same span). Only SDSC-DS's header
// gives partitions with their processors (CEA-Curie's names node types and
// partitions, not which runs on which; the other five name none). On its
// partitions SDSC-DS's mean wait comes to 0.93 of the logged one, but as
// the sum of errors of opposite sign: p655 0.26 (0.17 as one machine), p690
// 5.9 (0.41), interactive 0.06 (64). Its utilisation falls to 0.655 from
// the logged 0.669 (the simulation runs 2% longer than the log), and the
// log's own schedule holds more than partition 3's 224 processors for 22%
// of its span (TestLoggedOverCapacity): its jobs did not run on the
// header's partitions as machines of their own. The evidence is mixed, so
// the entries keep one machine. (CEA-Curie on our pools: 0.53 overall, thin
// 0.72, fat 0.32, hybrid 0.55, every pool closer than as one machine, and
// its logged schedule fits them; but the mapping is ours, not the
// header's.)
//
// Why the simulated waits are short (session 25, idleWait): most of the
// logged wait passed with the waiting job's processors free in the logged
// schedule — HPC2N 0.987, CEA-Curie 0.975, SDSC-DS 0.881, SDSC-BLUE 0.677,
// KTH-SP2 0.532, LANL-CM5 0.494, SDSC-SP2 0.239 —, and on the pools too
// (CEA-Curie thin 0.92, fat 0.82, hybrid 0.76; SDSC-DS interactive 0.95,
// p655 0.79, p690 0.49; TestIdleWaitPools). The simulated schedules of
// the same jobs leave far less of their wait so: EASY 0.06–0.31 on every
// log, and on HPC2N, CEA-Curie and SDSC-DS even strict FCFS less than the
// log (0.391, 0.929, 0.785; TestFIFOMuchWorse). Their original schedulers
// held jobs with processors free for reasons (limits, holds, queues) the
// logs do not record, which a simulation of processors cannot reproduce,
// on one machine or on pools. On HPC2N 0.835
// of the logged wait passed while the job's user had a job running
// (userBusyWait; the other logs 0.18–0.49), and of its 127,700 jobs that
// waited more than a minute 5,078 arrived with their user running exactly
// 60 jobs, 83 with 61, none with more (a limit of its Maui scheduler;
// session 25 scratch); FCFS
// with a limit of 60 running jobs per user moves its simulated wait only
// from 0.309 to 0.323 of the logged one (scratch), so that limit is not
// what the simulation lacks.
//
// The policies the headers document (session 26, waitcauses.go): none
// that the logged schedules obey holds jobs. SDSC-DS's queue rules are
// not kept by its log: the "weekdays" express queues started 16.9% of
// their jobs on weekends, as many as were submitted then (17.1%), and read
// as limits on the queues' jobs together the node counts were exceeded
// (express above 8 nodes 7.0% of the span, high and normal above 164
// nodes 10.2%; TestSDSCDSQueueRules). HPC2N ("uses MAUI scheduler") and
// CEA-Curie (Slurm) document no user limit: a limit of 60 running jobs
// per user could have held at most 1.2% of HPC2N's logged wait, a limit on
// a user's processors the log obeys at most 0.1% (CEA-Curie 0.3%, 0.9%;
// userLimitWait). What the logs show instead is their users' sequencing:
// jobs that started within 10 s after one of their user's jobs ended hold
// 20.8% of HPC2N's wait, 15.8% of CEA-Curie's, 11.9% of LANL-CM5's and
// 0.6% of SDSC-DS's (sequencedWait; 0.06–0.6% by chance). Released at
// that end (releaseSequenced), the conventional FCFS simulation's wait
// moves only from 0.309 to 0.347 of HPC2N's logged one, and the idle
// share stays 0.985 (CEA-Curie 2.116 to 2.289, 0.972; TestReleasedFIFO).
// So the holds remain unexplained, measured; no option of package
// feedback or sim would model them from a documented rule.
//
// Why the adjusted model's waits do not improve on CEA-Curie, SDSC-SP2 and
// KTH-SP2 (Table I, session 25, adjustedcause.go): §VII-A names as the
// cause that the jobs spread evenly over the day and the week. That
// flattening alone — each session of the log moved by a uniform random
// shift within ±half a week, simulated conventionally under EASY (cycles
// about as flat as the adjusted model's) — gives, relative to the
// conventional waits at seeds 2015–2017: SDSC-DS 0.71–0.76, LANL-CM5
// 0.83–0.89, SDSC-BLUE 0.86–0.91, KTH-SP2 0.93–0.96, SDSC-SP2 0.99–1.10,
// HPC2N 0.98–1.18, CEA-Curie 1.47–1.66. It is "much" (< 0.8) only on
// SDSC-DS; on CEA-Curie it lengthens the waits as the adjusted model does
// (1.45). Where the adjusted model improves much (SDSC-DS 0.55, SDSC-BLUE
// 0.70, HPC2N 0.68, LANL-CM5 0.20) most of the gain is thus not the
// flattening. The other reading of its delays the words allow (each
// batch's own delay as logged, whatever released it in the simulation;
// 2–5% of the releases differ in reason) raises every log's ratio:
// KTH-SP2 1.03, SDSC-SP2 0.90, CEA-Curie 1.48 (SDSC-DS 0.58, SDSC-BLUE
// 0.76, HPC2N 0.76, LANL-CM5 0.20). Neither is a convention that brings
// an entry within; the entries show both where they differ.
package zakay2014
