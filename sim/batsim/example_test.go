package batsim_test

import (
	"math"
	"os"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/batsim"
)

// A log of three jobs on 4 processors as a Batsim workload: the two jobs
// of 100 s share a profile.
func ExampleWrite() {
	tr := datasets.NewTrace("tiny", 3)
	tr.Header.MaxProcs = 4
	for i, j := range []struct {
		submit, runtime, req float64
		procs, user          int
	}{{0, 100, 3600, 4, 1}, {30, 100, 120, 2, 2}, {60, 7.5, math.NaN(), 1, 1}} {
		job := datasets.UnknownJob()
		job.JobID, job.Submit, job.Runtime, job.ReqTime, job.Procs, job.User = i+1, j.submit, j.runtime, j.req, j.procs, j.user
		tr.Append(job)
	}
	if _, err := batsim.Write(os.Stdout, tr, batsim.Options{}); err != nil {
		panic(err)
	}
	// Output:
	// {"nb_res": 4,
	// "jobs": [
	// {"id":"1","subtime":0,"walltime":3600,"res":4,"profile":"delay_100","extra_data":"{\"user\":1}"},
	// {"id":"2","subtime":30,"walltime":120,"res":2,"profile":"delay_100","extra_data":"{\"user\":2}"},
	// {"id":"3","subtime":60,"walltime":7.5,"res":1,"profile":"delay_7.5","extra_data":"{\"user\":1}"}
	// ],
	// "profiles": {
	// "delay_7.5": {"type":"delay","delay":7.5},
	// "delay_100": {"type":"delay","delay":100}
	// }}
}

// The schedule of that log under EASY, as Batsim's jobs output for evalys.
func ExampleWriteJobs() {
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Runtime: 100, Estimate: 3600, Procs: 4},
		{ID: 2, Submit: 30, Runtime: 100, Estimate: 120, Procs: 2},
		{ID: 3, Submit: 60, Runtime: 7.5, Estimate: 7.5, Procs: 1},
	}
	r, err := sim.Run(jobs, 4, &sim.EASY{}, sim.EngineOptions{})
	if err != nil {
		panic(err)
	}
	if _, err := batsim.WriteJobs(os.Stdout, r, ""); err != nil {
		panic(err)
	}
	// Output:
	// job_id,workload_name,profile,submission_time,requested_number_of_resources,requested_time,success,final_state,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,allocated_resources,consumed_energy,metadata
	// 1,w0,delay_100,0,4,3600,1,COMPLETED_SUCCESSFULLY,0,100,100,0,100,1,0-3,-1,
	// 2,w0,delay_100,30,2,120,1,COMPLETED_SUCCESSFULLY,100,100,200,70,170,1.7,0-1,-1,
	// 3,w0,delay_7.5,60,1,7.5,1,COMPLETED_SUCCESSFULLY,100,7.5,107.5,40,47.5,6.333333333333333,2,-1,
}
