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
// path: path+IDsSuffix with columns kind (user, group, partition, queue),
// id and name, and path+JobsSuffix with columns job_id, slurm_job_id,
// state, exit_code and account, one row per job. Both are sorted (kind,
// then id; job_id).
func (im *Import) WriteMaps(path string) error {
	err := outfile.Write(path+IDsSuffix, 0o644, func(w io.Writer) error {
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
	})
	if err != nil {
		return err
	}
	return outfile.Write(path+JobsSuffix, 0o644, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		cw.Write([]string{"job_id", "slurm_job_id", "state", "exit_code", "account"})
		for i := range im.SlurmID {
			cw.Write([]string{strconv.Itoa(im.Trace.JobID[i]), im.SlurmID[i], im.State[i], im.ExitCode[i], im.Account[i]})
		}
		cw.Flush()
		return cw.Error()
	})
}
