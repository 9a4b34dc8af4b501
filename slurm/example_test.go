package slurm_test

import (
	"fmt"

	"github.com/tracelab/tracelab/slurm"
)

// ArraySpec writes the tasks as sbatch's --array ranges, with the
// throttle after %.
func ExampleArraySpec() {
	fmt.Println(slurm.ArraySpec([]int{9, 0, 1, 2, 3, 7}, 4))
	// Output:
	// 0-3,7,9%4
}

// The batch script of a 10-shard sweep: the #SBATCH options, then the
// command with {task} replaced by the array task index.
func ExampleArray_Script() {
	a := &slurm.Array{Plan: slurm.Plan{
		Dir: "/shared/sweep", Key: "sweep KTH-SP2 10 shards", Tasks: 10,
		Command: []string{"/usr/local/bin/tracelab", "sweep", "--shard", "{task}/10", "-o", "/shared/sweep/shard-{task}.parquet"},
		Output:  "shard-{task}.parquet",
		Options: slurm.Options{Time: "30:00", Throttle: 4},
	}}
	fmt.Print(a.Script([]int{0, 1, 2, 3, 7}))
	// Output:
	// #!/bin/bash
	// # Written by tracelab (package slurm): a job array of 10 tasks; task k leaves
	// # /shared/sweep/shard-${task}.parquet when it succeeds.
	// # Computation: sweep KTH-SP2 10 shards
	// #SBATCH --job-name=tracelab
	// #SBATCH --array=0-3,7%4
	// #SBATCH --output=/shared/sweep/logs/%A_%a.log
	// #SBATCH --cpus-per-task=1
	// #SBATCH --ntasks=1
	// #SBATCH --time=30:00
	// set -eu
	// task=${SLURM_ARRAY_TASK_ID:?this script runs as a Slurm array task}
	// echo "tracelab: task ${task} of job ${SLURM_ARRAY_JOB_ID:-?} on $(hostname) at $(date -u +%FT%TZ)"
	// exec '/usr/local/bin/tracelab' 'sweep' '--shard' "${task}"'/10' '-o' '/shared/sweep/shard-'"${task}"'.parquet'
}
