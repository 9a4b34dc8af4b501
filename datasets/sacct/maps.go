package sacct

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/tracelab/tracelab/internal/outfile"
)

// IDsSuffix and JobsSuffix name the files WriteMaps writes beside a trace.
const (
	IDsSuffix  = ".ids.csv"
	JobsSuffix = ".jobs.csv"
)

// WriteMaps writes what the trace's numbers stand for beside the trace at
// path: path+IDsSuffix (WriteIDs) and path+JobsSuffix (WriteJobs),
// committed together once both are written.
func (im *Import) WriteMaps(path string) error {
	var files outfile.Set
	defer files.Discard()
	if err := files.Write(path+IDsSuffix, 0o644, im.WriteIDs); err != nil {
		return err
	}
	if err := files.Write(path+JobsSuffix, 0o644, im.WriteJobs); err != nil {
		return err
	}
	return files.Commit()
}

// WriteIDs writes the names of the trace's numbers as CSV with columns
// kind (user, group, partition, queue), id and name, sorted by kind, then
// id.
func (im *Import) WriteIDs(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"kind", "id", "name"})
	for _, m := range []struct {
		kind  string
		names []string
	}{{"group", im.Groups}, {"partition", im.Partitions}, {"queue", im.Queues}, {"user", im.Users}} {
		for k, name := range m.names {
			cw.Write([]string{m.kind, strconv.Itoa(k + 1), name})
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteJobs writes the Slurm identity of each job as CSV with columns
// job_id, slurm_job_id, state, exit_code, account and flags (what the
// import made unknown, Import.Flags), one row per job in job_id order.
func (im *Import) WriteJobs(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"job_id", "slurm_job_id", "state", "exit_code", "account", "flags"})
	for i := range im.SlurmID {
		cw.Write([]string{strconv.Itoa(im.Trace.JobID[i]), im.SlurmID[i], im.State[i], im.ExitCode[i], im.Account[i], im.Flags[i]})
	}
	cw.Flush()
	return cw.Error()
}
