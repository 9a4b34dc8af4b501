package batsim

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"

	"github.com/tracelab/tracelab/sim"
)

// JobsColumns are the columns of Batsim's jobs output, in Batsim's order
// (v4.2.1 src/export.cpp, JobsTracer::initialize).
var JobsColumns = []string{"job_id", "workload_name", "profile", "submission_time", "requested_number_of_resources",
	"requested_time", "success", "final_state", "starting_time", "execution_time", "finish_time", "waiting_time",
	"turnaround_time", "stretch", "allocated_resources", "consumed_energy", "metadata"}

// DefaultWorkload is the workload_name of WriteJobs by default: the name
// Batsim gives the first workload of its command line.
const DefaultWorkload = "w0"

// JobsReport says what WriteJobs wrote.
type JobsReport struct {
	Jobs       int // rows written: the jobs that ended
	Unfinished int // jobs left out: not started or not ended when the simulation stopped
}

// WriteJobs writes the jobs of a simulated schedule that ended as Batsim's
// jobs output CSV (see the package documentation), workload_name workload
// ("" means DefaultWorkload), in the result's job order. It returns an
// error when the schedule needs more processors than the machine has
// (sim.Allocate) or writing fails.
func WriteJobs(w io.Writer, r *sim.Result, workload string) (JobsReport, error) {
	var rep JobsReport
	if workload == "" {
		workload = DefaultWorkload
	}
	alloc, err := sim.Allocate(r)
	if err != nil {
		return rep, err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(JobsColumns); err != nil {
		return rep, err
	}
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	row := make([]string, len(JobsColumns))
	for j := range r.ID {
		s, e := r.Start[j], r.End[j]
		if math.IsNaN(s) || math.IsNaN(e) {
			rep.Unfinished++
			continue
		}
		exec, turn := e-s, e-r.Submit[j]
		stretch := ""
		if exec > 0 {
			stretch = num(turn / exec)
		}
		row = append(row[:0], strconv.Itoa(r.ID[j]), workload, ProfileName(r.Runtime[j]), num(r.Submit[j]),
			strconv.Itoa(r.Width[j]), num(r.Estimate[j]), "1", "COMPLETED_SUCCESSFULLY", num(s), num(exec), num(e),
			num(s-r.Submit[j]), num(turn), stretch, alloc[j].String(), "-1", "")
		if err := cw.Write(row); err != nil {
			return rep, err
		}
		rep.Jobs++
	}
	cw.Flush()
	return rep, cw.Error()
}
