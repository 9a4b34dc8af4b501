package datasets

import (
	"bufio"
	"io"
	"math"
	"strconv"
)

// WriteSWF writes the trace as SWF: its header (verbatim when unchanged
// since it was read, see Header.Text), then one line of 18 fields per job.
// NaN and −1 are written as −1; values are written in the shortest form that
// reads back to the same float64, so Read(WriteSWF(t)) equals t.
func WriteSWF(w io.Writer, t *Trace) error {
	sw := NewSWFWriter(w)
	if err := WriteTrace(sw, t); err != nil {
		return err
	}
	return sw.Close()
}

// SWFWriter writes a log as SWF, job by job (see WriteSWF).
type SWFWriter struct {
	bw  *bufio.Writer
	buf []byte
}

// NewSWFWriter returns a writer of SWF to w.
func NewSWFWriter(w io.Writer) *SWFWriter {
	return &SWFWriter{bw: bufio.NewWriterSize(w, 1<<16), buf: make([]byte, 0, 256)}
}

// WriteHeader writes the header's comment lines (Header.Text).
func (s *SWFWriter) WriteHeader(h Header) error {
	for _, l := range h.Text() {
		s.bw.WriteString(l)
		if err := s.bw.WriteByte('\n'); err != nil {
			return err
		}
	}
	return nil
}

// WriteJob writes one job line.
func (s *SWFWriter) WriteJob(j *Job) error {
	buf := s.buf[:0]
	buf = strconv.AppendInt(buf, int64(j.JobID), 10)
	for _, v := range [...]float64{j.Submit, j.Wait, j.Runtime, float64(j.Procs),
		j.CPUTime, j.Mem, float64(j.ReqProcs), j.ReqTime, j.ReqMem} {
		buf = appendField(buf, v)
	}
	for _, v := range [...]int{j.Status, j.User, j.Group, j.App, j.Queue, j.Partition, j.PrevJob} {
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(v), 10)
	}
	buf = appendField(buf, j.ThinkTime)
	buf = append(buf, '\n')
	s.buf = buf
	_, err := s.bw.Write(buf)
	return err
}

// Close flushes the buffered lines.
func (s *SWFWriter) Close() error { return s.bw.Flush() }

func appendField(buf []byte, v float64) []byte {
	buf = append(buf, ' ')
	if math.IsNaN(v) {
		return append(buf, '-', '1')
	}
	return strconv.AppendFloat(buf, v, 'f', -1, 64)
}

// WriteSWFFile writes the trace to path as SWF, gzipped when path ends in
// ".gz" (WriteTraceFile: a regular file is written to a temporary name and
// renamed, so a failure leaves no partial file; a link is followed and a
// device or pipe written through).
func WriteSWFFile(path string, t *Trace) error {
	return writeLogFile(path, FormatSWF, isGzipPath(path), func(w JobWriter) error { return WriteTrace(w, t) })
}
