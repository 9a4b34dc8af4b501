package datasets

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// JobColumns are the columns of a job frame, in order: the 18 SWF fields
// (FieldNames) and the derived start and end times.
var JobColumns = append(FieldNames[:], "start", "end")

// Frame returns the trace as a Gota data frame with the design's job
// columns (JobColumns). Times and measures are float64 seconds (or KB) with
// NaN for unknown, processor counts included; identifiers (job_id, status,
// user, group, app, queue, partition, prev_job) are ints with −1 for
// unknown. start = submit + wait, end = start + runtime.
func (t *Trace) Frame() dataframe.DataFrame {
	n := t.Len()
	start := make([]float64, n)
	end := make([]float64, n)
	for i := range n {
		start[i] = t.Start(i)
		end[i] = t.End(i)
	}
	return dataframe.New(
		series.New(t.JobID, series.Int, "job_id"),
		series.New(t.Submit, series.Float, "submit"),
		series.New(t.Wait, series.Float, "wait"),
		series.New(t.Runtime, series.Float, "runtime"),
		series.New(countsAsMeasure(t.Procs), series.Float, "procs"),
		series.New(t.CPUTime, series.Float, "cpu_time"),
		series.New(t.Mem, series.Float, "mem"),
		series.New(countsAsMeasure(t.ReqProcs), series.Float, "req_procs"),
		series.New(t.ReqTime, series.Float, "req_time"),
		series.New(t.ReqMem, series.Float, "req_mem"),
		series.New(t.Status, series.Int, "status"),
		series.New(t.User, series.Int, "user"),
		series.New(t.Group, series.Int, "group"),
		series.New(t.App, series.Int, "app"),
		series.New(t.Queue, series.Int, "queue"),
		series.New(t.Partition, series.Int, "partition"),
		series.New(t.PrevJob, series.Int, "prev_job"),
		series.New(t.ThinkTime, series.Float, "think_time"),
		series.New(start, series.Float, "start"),
		series.New(end, series.Float, "end"),
	)
}

// countsAsMeasure turns a count column (−1 unknown) into float64 with NaN.
func countsAsMeasure(c []int) []float64 {
	f := make([]float64, len(c))
	for i, v := range c {
		if v < 0 {
			f[i] = math.NaN()
		} else {
			f[i] = float64(v)
		}
	}
	return f
}

// FromFrame builds a trace from a job frame (the columns of Frame; start and
// end are ignored, being derived). job_id and submit are required; any other
// missing column is unknown for every job. Every column read must hold
// numbers or unknowns (NaN; in a column of text also NA and ""), not other
// text or booleans; identifiers and counts must be whole numbers of at most
// 2^53 in magnitude, or NaN (unknown, −1). The header is empty, since a frame holds no metadata:
// set it (ReadHeaderFile reads a log file's) to keep the machine size, the
// start time and the time zone. Without it, simulations infer the machine
// size from the logged schedule and say so (Trace.Machine's rule), and
// wall-clock analyses use UTC. ReadFile reads a log file with its header.
func FromFrame(name string, df dataframe.DataFrame) (*Trace, error) {
	if df.Err != nil {
		return nil, fmt.Errorf("datasets: frame: %w", df.Err)
	}
	has := make(map[string]bool)
	for _, c := range df.Names() {
		has[c] = true
	}
	for _, c := range []string{"job_id", "submit"} {
		if !has[c] {
			return nil, fmt.Errorf("datasets: frame has no %q column", c)
		}
	}
	n := df.Nrow()
	// numeric returns column col, refusing text that is not a number: a
	// column of text (e.g. a CSV column with no known value, which Gota
	// reads as strings) may hold only numbers and unknowns (NaN, NA, "").
	numeric := func(col string) (series.Series, error) {
		s := df.Col(col)
		switch s.Type() {
		case series.Float, series.Int:
			return s, nil
		case series.String:
			nan := s.IsNaN()
			for i, v := range s.Float() {
				if math.IsNaN(v) && !nan[i] {
					if text := s.Elem(i).String(); text != "" && !strings.EqualFold(text, "nan") {
						return s, fmt.Errorf("datasets: frame column %s row %d: %q is not a number", col, i, text)
					}
				}
			}
			return s, nil
		}
		return s, fmt.Errorf("datasets: frame column %s is of type %s, want numbers", col, s.Type())
	}
	floats := func(col string) ([]float64, error) {
		if !has[col] {
			f := make([]float64, n)
			for i := range f {
				f[i] = math.NaN()
			}
			return f, nil
		}
		s, err := numeric(col)
		if err != nil {
			return nil, err
		}
		return s.Float(), nil
	}
	ints := func(col string) ([]int, error) {
		out := make([]int, n)
		if !has[col] {
			for i := range out {
				out[i] = -1
			}
			return out, nil
		}
		s, err := numeric(col)
		if err != nil {
			return nil, err
		}
		if s.Type() == series.Int {
			if v, err := s.Int(); err == nil { // exact, when no value is NaN
				return v, nil
			}
		}
		for i, v := range s.Float() {
			switch {
			case math.IsNaN(v):
				out[i] = -1
			case v != math.Trunc(v):
				return nil, fmt.Errorf("datasets: frame column %s row %d: %g is not a whole number", col, i, v)
			case math.Abs(v) > 1<<53: // beyond exact integers, +Inf, and int's range
				return nil, fmt.Errorf("datasets: frame column %s row %d: %g is out of range (want at most 2^53 in magnitude)", col, i, v)
			default:
				out[i] = int(v)
			}
		}
		return out, nil
	}
	t := &Trace{Name: name}
	var err error
	set := func(dst *[]float64, col string) {
		if err == nil {
			*dst, err = floats(col)
		}
	}
	seti := func(dst *[]int, col string) {
		if err == nil {
			*dst, err = ints(col)
		}
	}
	seti(&t.JobID, "job_id")
	set(&t.Submit, "submit")
	set(&t.Wait, "wait")
	set(&t.Runtime, "runtime")
	seti(&t.Procs, "procs")
	set(&t.CPUTime, "cpu_time")
	set(&t.Mem, "mem")
	seti(&t.ReqProcs, "req_procs")
	set(&t.ReqTime, "req_time")
	set(&t.ReqMem, "req_mem")
	seti(&t.Status, "status")
	seti(&t.User, "user")
	seti(&t.Group, "group")
	seti(&t.App, "app")
	seti(&t.Queue, "queue")
	seti(&t.Partition, "partition")
	seti(&t.PrevJob, "prev_job")
	set(&t.ThinkTime, "think_time")
	if err != nil {
		return nil, err
	}
	return t, nil
}
