// Package sacct imports Slurm accounting records into a datasets.Trace, so
// that every analysis, simulation and notebook of tracelab runs on a user's
// own cluster.
//
// The input is the output of
//
//	TZ=UTC sacct --allocations --parsable2 --allusers --starttime 2024-01-01 --endtime now \
//	    --format JobID,JobIDRaw,User,Group,Account,Partition,QOS,Submit,Start,End,TimelimitRaw,NCPUS,NNodes,ReqCPUS,ReqMem,TotalCPU,State,ExitCode,NodeList
//
// (Format is that list): one line per job allocation, fields separated by
// '|', a header line naming them. Columns are found by name, in any order;
// JobID, Submit, Start, End and State are required, the others are read
// when present and unknown (SWF −1) when absent. The export may be gzipped
// and may start with a byte-order mark; another compression or binary data
// is an error that says so. sacct prints local times of the zone it runs in
// (TZ): Options.Location must be that zone, by its IANA name (the header's
// TimeZoneString names it): Go's "Local" is resolved to the system's name
// for it (TZ, else the target of /etc/localtime), or refused.
//
// # From sacct to SWF
//
//	sacct                      Trace (SWF field)
//	Submit                     submit: seconds since UnixStartTime, the local midnight before the first submit
//	Start − Submit             wait
//	End − Start                runtime
//	NCPUS                      procs (or NNodes × Options.CoresPerNode with NodesTimesCores)
//	ReqCPUS                    req_procs
//	TotalCPU / NCPUS           cpu_time (average per processor)
//	ReqMem                     req_mem, KB per processor: a per-node value ("4G", "4Gn") × NNodes / NCPUS,
//	                           a per-CPU one ("4Gc") as is; K, M, G, T are powers of 1024
//	TimelimitRaw (minutes)     req_time (× 60); blank, UNLIMITED, Partition_Limit: unknown. Without
//	                           TimelimitRaw, Timelimit ([D-]HH:MM:SS) is read
//	State                      status: COMPLETED 1; FAILED, TIMEOUT, NODE_FAIL, BOOT_FAIL, OUT_OF_MEMORY,
//	                           DEADLINE, PREEMPTED 0; CANCELLED (by anyone), REVOKED 5; the raw state is
//	                           kept (Import.State)
//	User, Group                user, group: 1, 2, … in order of first submit; names in Import.Users, Groups
//	Partition                  partition: likewise (Import.Partitions)
//	QOS                        queue: likewise (Import.Queues)
//	JobID                      job number 1, 2, … in submit order; the Slurm id kept (Import.SlurmID)
//	Account, ExitCode          kept (Import.Account, Import.ExitCode); no SWF field
//
// Memory used (MaxRSS) is recorded per step, not per allocation: mem is
// unknown. The header has Version, Computer (Options.Cluster), Conversion,
// UnixStartTime, TimeZoneString, MaxJobs and MaxRecords, and MaxProcs when
// Options.MachineProcs is set; without it, analyses infer the machine size
// from the logged schedule (datasets.Trace.Machine).
//
// # Jobs that did not run to an end
//
//   - Running, pending, suspended and requeued jobs (State RUNNING, PENDING,
//     SUSPENDED, REQUEUED, RESIZING, …) have not ended: they are left out
//     and counted (warning sacct-unfinished).
//   - A job that never started (Start "None" or "Unknown", or NodeList "None
//     assigned": Slurm prints Start = End for a job cancelled while held)
//     has an unknown wait and runtime and no allocated processors (procs
//     −1; ReqCPUS, else NCPUS, gives req_procs); its status is its state's
//     (5 when cancelled).
//
// # Arrays, heterogeneous jobs, steps
//
//   - Array tasks ("1234_7") are separate jobs: each is its own allocation.
//     A line standing for several tasks that never started ("1234_[8-15%2]",
//     printed for pending or cancelled pending tasks) becomes one job per
//     task, at most MaxArrayTasks per line, counted against MaxJobs before
//     any is held.
//   - The components of a heterogeneous job ("1234+0", "1234+1") are one
//     job: the earliest submit and start, the latest end, the sum of
//     processors, requested processors and CPU time, the longest time
//     limit, the first component's user, group, partition and QOS; its state
//     is the first component's that is not COMPLETED, else COMPLETED.
//   - Step lines ("1234.batch", "1234.0"), printed without --allocations,
//     are left out and counted (warning sacct-step).
//
// # What the reader accepts, and means the same
//
// Everything the import writes, datasets.Read accepts and reads back as
// written (FuzzRead checks it). A value no log holds is not written as
// something else: it becomes unknown, the job is flagged (Import.Flags,
// the flags column of OUT.jobs.csv) and each kind is counted in a warning
// with the line of its first job:
//
//	what the export says                           the job                          warning (field), flag
//	Start before Submit                            wait unknown                     sacct-start-before-submit, start-before-submit
//	End before Start                               run time unknown                 sacct-end-before-start, end-before-start
//	processors beyond MaxProcs (2^24): NCPUS,      procs or req_procs unknown       sacct-out-of-range (procs, req_procs),
//	  ReqCPUS, a heterogeneous job's sum (2×2e9),                                     FIELD-out-of-range
//	  NNodes × CoresPerNode
//	ReqMem beyond 2^53 KB (1e308T)                 req_mem unknown                  sacct-out-of-range (req_mem), req_mem-out-of-range
//	a wait, run time, time limit or CPU time       unknown                          sacct-out-of-range (FIELD), FIELD-out-of-range
//	  beyond 100 years (End in year 9999)
//	Submit before 1970 or beyond 2169 (one job in  left out (a log's times count    sacct-submit-out-of-range
//	  year 1 would put every other job more than     from its first submit)
//	  200 years from the log's start)
//	a value no time, count, duration or size       that value unknown, as if empty  unreadable (the column: Start, End,
//	  reads ("4.5" CPUs, "1h" in TimelimitRaw,       (Start: wait and run time; an      NCPUS, NNodes, ReqCPUS, TimelimitRaw or
//	  "3-25:61:61", 31 February)                     unknown ReqCPUS is NCPUS)          Timelimit, ReqMem, TotalCPU),
//	                                                                                  COLUMN-unreadable
//	a Submit that is no time (or Unknown, None)    left out: it cannot be placed    unreadable (Submit); counted in
//	                                                 in time                          Trace.Report.UnreadableSkipped
//
// The tokens as written are kept in Trace.Report.Unreadable (the first
// datasets.MaxUnreadablePerField of each column, each cut to
// datasets.MaxUnreadableText bytes; the others counted in
// UnreadableNotListed), with the job's row, or for a line left out the
// whole line; the reasons are ErrNotTime, ErrNotCount, ErrNotMinutes,
// ErrNotDuration and ErrNotMemory. One odd field no longer refuses the
// export, as datasets.Read does for SWF (datasets.WarnUnreadable).
//
// A duration must be one of Slurm's forms ([D-]HH:MM:SS, MM:SS[.fff],
// D-HH, D-HH:MM) with minutes and seconds below 60 after the leading field
// and hours below 24 after days: "3-25:61:61" is an error.
//
// # Limits
//
// An import holds at most Options.MaxJobs jobs (DefaultMaxJobs, 10
// million): an array line's tasks are counted before any is held (kept as
// ranges until the trace is built), so 1.5 KB of lines of 4 million tasks
// each stop at the line that exceeds the bound, in a few MB. At its peak an
// import takes about 650–700 bytes per job (2 million jobs of distinct
// users: 1.29 GB; TestImportMemory bounds 300,000 jobs at 800 B/job).
//
// Rows that cannot be read (a wrong number of fields, an array range that
// is not one) are errors naming the file and line; a state the table does not
// know becomes status −1 with a warning (sacct-unknown-state). Nothing is
// left out without being counted in Trace.Report.
package sacct
