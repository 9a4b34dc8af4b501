package datasets

import (
	"bufio"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzip"

	"github.com/tracelab/tracelab/internal/outfile"
)

// WriteSWF writes the trace as SWF: its header (verbatim when unchanged
// since it was read, see Header.Text), then one line of 18 fields per job.
// NaN and −1 are written as −1; values are written in the shortest form that
// reads back to the same float64, so Read(WriteSWF(t)) equals t.
func WriteSWF(w io.Writer, t *Trace) error {
	if err := t.Validate(); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	for _, l := range t.Header.Text() {
		bw.WriteString(l)
		bw.WriteByte('\n')
	}
	buf := make([]byte, 0, 256)
	for i := range t.JobID {
		buf = buf[:0]
		buf = strconv.AppendInt(buf, int64(t.JobID[i]), 10)
		for _, v := range [...]float64{t.Submit[i], t.Wait[i], t.Runtime[i], float64(t.Procs[i]),
			t.CPUTime[i], t.Mem[i], float64(t.ReqProcs[i]), t.ReqTime[i], t.ReqMem[i]} {
			buf = appendField(buf, v)
		}
		for _, v := range [...]int{t.Status[i], t.User[i], t.Group[i], t.App[i], t.Queue[i], t.Partition[i], t.PrevJob[i]} {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(v), 10)
		}
		buf = appendField(buf, t.ThinkTime[i])
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func appendField(buf []byte, v float64) []byte {
	buf = append(buf, ' ')
	if math.IsNaN(v) {
		return append(buf, '-', '1')
	}
	return strconv.AppendFloat(buf, v, 'f', -1, 64)
}

// WriteSWFFile writes the trace to path as SWF, gzipped when path ends in
// ".gz". A regular file is written to a temporary name and renamed, so a
// failure leaves no partial file; a link is followed and a device or pipe
// written through (internal/outfile).
func WriteSWFFile(path string, t *Trace) error {
	return outfile.Write(path, 0o644, func(w io.Writer) error {
		if strings.HasSuffix(path, ".gz") {
			zw := gzip.NewWriter(w)
			if err := WriteSWF(zw, t); err != nil {
				return err
			}
			return zw.Close()
		}
		return WriteSWF(w, t)
	})
}
