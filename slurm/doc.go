// Package slurm runs a sharded computation as a Slurm job array: one array
// task per shard, each leaving one output file when it succeeds. It writes
// the batch script, submits it with sbatch, follows the tasks through
// squeue and their output files, reports failed tasks with their log
// files, and resubmits only the tasks whose output is missing. It is how
// `tracelab sweep --slurm` runs the replicate sweeps of package sim/sweep
// (Zakay and Feitelson 2013, §6: a study is thousands of simulations) on a
// cluster; the merge of the outputs is the caller's (sweep.Merge).
//
// # The array folder
//
// Everything lives in one folder (Plan.Dir): the manifest array.json (the
// plan and every submission: job id, tasks, script), the scripts
// submit-N.sh as submitted, the task logs logs/JOBID_TASK.log and, by
// convention, the output files. A folder belongs to one computation
// (Plan.Key): Create refuses to reuse it for another, and reopening it for
// the same one resumes it — the tasks already done are never run again.
//
// # Task states
//
// A task is Done when its output file exists (tasks write it atomically,
// so an existing file is a complete one), else Pending or Running while
// squeue lists it, else Failed if it was submitted (it ended without its
// output: non-zero exit, time limit, node failure, cancellation), else
// Unsubmitted. squeue is read before the files are looked at, so a task
// that ends between the two reads is never taken for failed. The failure
// of a task is reported with its log file and the log's last line; Slurm's
// exit codes are not read (without an accounting database, finished jobs
// leave the controller after MinJobAge).
//
// # Requirements
//
// sbatch, squeue and scancel on PATH (or given in Client), a Slurm that
// exports the submitting environment to the tasks (sbatch's default
// --export=ALL), and a folder and program visible from the compute nodes
// (a shared file system).
package slurm
