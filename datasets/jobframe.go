package datasets

import (
	"math"
	"strconv"
)

// The job frame as a file: CSV, JSON and Parquet hold a log as the columns
// of Trace.Frame (JobColumns), one row per job, so that other tools read
// them as they read any frame, and keep the SWF header beside the jobs (see
// the package documentation, "Files that keep the machine").

// columnKind says how a job column is written.
type columnKind int

const (
	kindID      columnKind = iota // an identifier or a status: an integer, −1 unknown
	kindCount                     // procs, req_procs: a whole number, NaN unknown
	kindMeasure                   // a time or an amount: a float64, NaN unknown
)

// jobColumnKinds gives the kind of each column of JobColumns.
var jobColumnKinds = func() [len(FieldNames) + 2]columnKind {
	var k [len(FieldNames) + 2]columnKind
	for i := range k {
		switch {
		case i == fProcs || i == fReqProcs:
			k[i] = kindCount
		case i < len(FieldNames) && integerField[i]:
			k[i] = kindID
		default:
			k[i] = kindMeasure
		}
	}
	return k
}()

// jobRow returns the job's values in the order of JobColumns, as the frame
// holds them: identifiers as written, counts below 0 as NaN, start = submit
// + wait, end = start + runtime.
func jobRow(j *Job) [len(FieldNames) + 2]float64 {
	count := func(c int) float64 {
		if c < 0 {
			return math.NaN()
		}
		return float64(c)
	}
	start := j.Submit + j.Wait
	return [...]float64{float64(j.JobID), j.Submit, j.Wait, j.Runtime, count(j.Procs), j.CPUTime, j.Mem,
		count(j.ReqProcs), j.ReqTime, j.ReqMem, float64(j.Status), float64(j.User), float64(j.Group),
		float64(j.App), float64(j.Queue), float64(j.Partition), float64(j.PrevJob), j.ThinkTime,
		start, start + j.Runtime}
}

// appendCell appends one value of a job column as text: an integer for an
// identifier or a count, the shortest decimal that reads back to the same
// float64 for a measure; unknown (NaN) as nan.
func appendCell(buf []byte, kind columnKind, v float64, nan string) []byte {
	switch {
	case math.IsNaN(v):
		return append(buf, nan...)
	case kind != kindMeasure:
		return strconv.AppendInt(buf, int64(v), 10)
	}
	return strconv.AppendFloat(buf, v, 'f', -1, 64)
}

// frameFields maps the column names of a job frame to SWF field indices:
// fields[c] is the field of column c, −1 for a column that is not a field
// (start, end and any other). It returns an error naming a missing required
// column (job_id, submit).
func frameFields(names []string) ([]int, error) {
	fields := make([]int, len(names))
	var seen [len(FieldNames)]bool
	for c, name := range names {
		fields[c] = -1
		for k, f := range FieldNames {
			if name == f && !seen[k] {
				fields[c], seen[k] = k, true
			}
		}
	}
	for _, k := range []int{fJobID, fSubmit} {
		if !seen[k] {
			return nil, &missingColumnError{FieldNames[k]}
		}
	}
	return fields, nil
}

type missingColumnError struct{ name string }

func (e *missingColumnError) Error() string {
	return "no " + e.name + " column: a log needs at least job_id and submit (the job columns of the frame conventions)"
}

// cellValue checks a value of field k read from a frame file and returns
// it as SWF holds it: NaN (unknown) as −1. An infinite measure is returned
// as it is (addRow makes it unknown and reports it, as in SWF). It refuses
// an infinite submit time or integer, and a value of an integer field that
// is not an integer (ErrNotInteger) below 2^53 in magnitude
// (ErrIntegerRange); the reader makes those unreadable (parser.tolerate).
func cellValue(k int, v float64) (float64, error) {
	switch {
	case math.IsNaN(v):
		return -1, nil
	case math.IsInf(v, 0) && measureLimit[k] > 0:
		return v, nil
	case math.IsInf(v, 0):
		return 0, ErrNotFinite
	case integerField[k] && v != math.Trunc(v):
		return 0, ErrNotInteger
	case integerField[k] && math.Abs(v) >= 1<<53:
		return 0, ErrIntegerRange
	}
	return v, nil
}

// headerLines returns the SWF header lines of h without their ';', as
// CSV, JSON and Parquet keep them.
func headerLines(h Header) []string {
	lines := h.Text()
	for i, l := range lines {
		lines[i] = l[1:]
	}
	return lines
}
