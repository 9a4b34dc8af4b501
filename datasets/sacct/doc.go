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
// when present and unknown (SWF −1) when absent. sacct prints local times
// of the zone it runs in (TZ): Options.Location must be that zone.
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
//     task, at most MaxArrayTasks per line.
//   - The components of a heterogeneous job ("1234+0", "1234+1") are one
//     job: the earliest submit and start, the latest end, the sum of
//     processors, requested processors and CPU time, the longest time
//     limit, the first component's user, group, partition and QOS; its state
//     is the first component's that is not COMPLETED, else COMPLETED.
//   - Step lines ("1234.batch", "1234.0"), printed without --allocations,
//     are left out and counted (warning sacct-step).
//
// Rows that cannot be read (a wrong number of fields, a time that is not
// a time) are errors naming the file and line; a state the table does not
// know becomes status −1 with a warning (sacct-unknown-state). Nothing is
// left out without being counted in Trace.Report.
package sacct
