package resample

import (
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// Frame returns the new log's jobs (the job columns of datasets'
// Trace.Frame) with three more columns: kind (long_term, temporary, rare),
// source_user and source_job (the user and job number in the original
// log).
func (r *Resampled) Frame() dataframe.DataFrame {
	df := r.Trace.Frame()
	n := r.Trace.Len()
	kind := make([]string, n)
	su, sj := make([]int, n), make([]int, n)
	src := r.pools.Trace
	for i, j := range r.Source {
		kind[i] = r.Kind[i].String()
		su[i], sj[i] = src.User[j], src.JobID[j]
	}
	return df.CBind(dataframe.New(
		series.New(kind, series.String, "kind"),
		series.New(su, series.Int, "source_user"),
		series.New(sj, series.Int, "source_job"),
	))
}

// InstancesFrame returns one row per user of the new log: user, kind,
// source_user, copy, arrival_week, phase_week, shift_weeks and jobs (see
// Instance), in user order.
func (r *Resampled) InstancesFrame() dataframe.DataFrame {
	n := len(r.Instances)
	kind := make([]string, n)
	id, su, cp, arr, ph, sh, jobs := make([]int, n), make([]int, n), make([]int, n), make([]int, n), make([]int, n), make([]int, n), make([]int, n)
	for k, in := range r.Instances {
		kind[k] = in.Kind.String()
		id[k], su[k], cp[k], arr[k], ph[k], sh[k], jobs[k] = in.ID, in.User, in.Copy, in.Arrival, in.Phase, in.Shift, in.Jobs
	}
	return dataframe.New(
		series.New(id, series.Int, "user"),
		series.New(kind, series.String, "kind"),
		series.New(su, series.Int, "source_user"),
		series.New(cp, series.Int, "copy"),
		series.New(arr, series.Int, "arrival_week"),
		series.New(ph, series.Int, "phase_week"),
		series.New(sh, series.Int, "shift_weeks"),
		series.New(jobs, series.Int, "jobs"),
	)
}
