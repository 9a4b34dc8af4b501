// Package batsim reads and writes the formats of Batsim, the
// infrastructure simulator of Dutot, Mercier, Poquet and Richard ("Batsim:
// a realistic language-independent resources and jobs management systems
// simulator", JSSPP 2015, LNCS 10353), and of evalys, its analysis and
// plotting library, so that a tracelab workload runs in Batsim and a
// tracelab schedule opens in evalys.
//
// # Workloads (JSON)
//
// Batsim v4.2.1, docs/input-workload.rst, with the checks Batsim makes in
// src/workload.cpp, src/jobs.cpp (Job::from_json) and src/profiles.cpp:
//
//		{"nb_res": 128,
//		 "jobs": [{"id": "1", "subtime": 0, "walltime": 3600, "res": 4, "profile": "delay_1834"}, …],
//		 "profiles": {"delay_1834": {"type": "delay", "delay": 1834}, …}}
//
//	  - nb_res: the machine's processors, an integer > 0 (required);
//	  - jobs: id (a string, or an integer), subtime (submission time, s,
//	    absolute), res (processors, an integer ≥ 0) and profile (the name of
//	    a profile) are required; walltime (s, relative to the start; −1 or
//	    > 0) is optional, and Batsim kills a job when it reaches it;
//	  - profiles: "delay" profiles, {"type": "delay", "delay": d}, d > 0 s:
//	    the job holds its processors for d seconds. Batsim v5 (5.0.0-rc)
//	    names the type "DelayProfile"; Read accepts both, Write writes
//	    Options.ProfileType.
//
// Write exports the jobs a simulation would run (sim.Prepare: allocated
// processors, known runtimes, estimates raised to the runtime), one delay
// profile per distinct runtime, shared by the jobs of that runtime, and
// the walltime the runtime estimate. Batsim requires a delay above 0: jobs
// of runtime 0 are left out and counted. Batsim ends a delay job whose
// delay equals its walltime at the walltime with the state
// COMPLETED_WALLTIME_REACHED (src/jobs_execution.cpp, do_delay_task): the
// same end time as tracelab's, another state. The job's user travels in
// extra_data, {"user":U}, a string field that Batsim forwards to the
// scheduler unread (v5 requires it to be a string; v4 ignores fields it
// does not know). Read turns a workload back into a trace.
//
// # Schedules (the jobs CSV)
//
// WriteJobs writes a simulated schedule as Batsim's jobs output
// (docs/output-jobs.rst; the column order of src/export.cpp,
// JobsTracer::initialize, v4.2.1), which evalys reads
// (evalys/jobset.py, JobSet.columns): job_id, workload_name, profile,
// submission_time, requested_number_of_resources, requested_time,
// success, final_state, starting_time, execution_time, finish_time,
// waiting_time, turnaround_time, stretch, allocated_resources,
// consumed_energy, metadata. The engine counts processors and names none:
// allocated_resources are those of sim.Allocate (first fit at each start),
// written as an interval set ("0-3 8"). Every job that ended completed
// successfully (tracelab kills no job at its walltime beyond
// sim.Options.Overrun); consumed_energy is −1 (no energy model); the
// stretch of a job of runtime 0 is empty (undefined).
package batsim
