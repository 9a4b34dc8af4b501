package cli

import (
	"io"
	"os"
	"strings"

	"github.com/go-gota/gota/dataframe"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/outfile"
)

// Output formats, named by their file extension.
const (
	fmtSWF      = "swf"
	fmtSWFGz    = "swf.gz"
	fmtCSV      = "csv"
	fmtJSON     = "json"
	fmtParquet  = "parquet"
	fmtHTML     = "html"
	fmtMarkdown = "md"
	fmtSVG      = "svg"
	fmtPNG      = "png"
)

var (
	// traceFormats are the formats a trace can be written in.
	traceFormats = []string{fmtSWF, fmtSWFGz, fmtCSV, fmtJSON, fmtParquet}
	// frameFormats are the formats a frame can be written in.
	frameFormats = []string{fmtCSV, fmtJSON, fmtParquet}
	// swfFormats are SWF, plain or gzipped.
	swfFormats = []string{fmtSWF, fmtSWFGz}
)

// output is a file a command writes: the flag that named it, its path and
// its format. Every file a command writes goes through internal/outfile: a
// regular file is replaced atomically, a link is followed, a stream (a
// device, a FIFO, /dev/stdout) is written through. A command with several
// outputs puts them in one group, committed together once all are written.
type output struct {
	flag, path, format string
	group              *outfile.Set // nil: written and committed alone
}

// formatOf returns the format a path's extension names, "" if none.
func formatOf(path string) string {
	lower := strings.ToLower(path)
	for _, f := range []string{fmtSWFGz, fmtSWF, fmtCSV, fmtJSON, fmtParquet, fmtHTML, "htm", fmtMarkdown, fmtSVG, fmtPNG} {
		if strings.HasSuffix(lower, "."+f) {
			if f == "htm" {
				return fmtHTML
			}
			return f
		}
	}
	return ""
}

// newOutput checks the output path given to flag for a command that can
// write formats (the first is the default for a stream, a device, a FIFO
// or /dev/stdout, whose name says no format), and that it can be written
// (its folder exists): a command checks its outputs before any work. An
// empty path gives a zero output (none).
func newOutput(flag, path string, formats ...string) (output, error) {
	if path == "" {
		return output{}, nil
	}
	f := formatOf(path)
	if f == "" && outfile.IsStream(path) {
		f = formats[0]
	}
	for _, ok := range formats {
		if f == ok {
			if err := outfile.Check(path); err != nil {
				return output{}, err
			}
			return output{flag: flag, path: path, format: f}, nil
		}
	}
	want := "." + strings.Join(formats, ", .")
	if i := strings.LastIndex(want, ", "); i >= 0 {
		want = want[:i] + " or " + want[i+2:]
	}
	if f == "" {
		return output{}, usagef("%s %s: unknown output format (want %s)", flag, path, want)
	}
	return output{}, usagef("%s %s: this command cannot write .%s (want %s)", flag, path, f, want)
}

// set reports whether an output was asked for.
func (o output) set() bool { return o.path != "" }

// write writes the file with w: in its group, or alone.
func (o output) write(w func(io.Writer) error) error {
	if o.group != nil {
		return o.group.Write(o.path, 0o644, w)
	}
	return outfile.Write(o.path, 0o644, w)
}

// isStream reports whether the output is a stream (written through).
func (o output) isStream() bool { return o.path == "-" || outfile.IsStream(o.path) }

// writeTrace writes t as SWF (gzipped for swf.gz), or as its job frame in
// CSV, JSON or Parquet with the header kept (datasets.NewWriter).
func (o output) writeTrace(t *datasets.Trace) error {
	return o.writeJobs(func(w datasets.JobWriter) error { return datasets.WriteTrace(w, t) })
}

// writeJobs writes the log that fill hands to a writer of the output's
// format, job by job.
func (o output) writeJobs(fill func(datasets.JobWriter) error) error {
	f := datasets.FormatSWF
	switch o.format {
	case fmtSWF, fmtSWFGz:
	case fmtCSV:
		f = datasets.FormatCSV
	case fmtJSON:
		f = datasets.FormatJSON
	case fmtParquet:
		f = datasets.FormatParquet
	default:
		panic("tracelab: writeJobs to a ." + o.format + " output") // newOutput allowed a format it cannot write
	}
	return o.write(func(w io.Writer) error { return datasets.WriteLog(w, f, o.format == fmtSWFGz, fill) })
}

// writeFrame writes df as CSV, JSON or Parquet.
func (o output) writeFrame(df dataframe.DataFrame) error {
	if df.Err != nil {
		return df.Err
	}
	write := map[string]func(io.Writer, dataframe.DataFrame) error{
		fmtCSV: datasets.WriteCSV, fmtJSON: datasets.WriteJSON, fmtParquet: datasets.WriteParquet,
	}[o.format]
	if write == nil {
		panic("tracelab: writeFrame to a ." + o.format + " output") // newOutput allowed a format it cannot write
	}
	return o.write(func(w io.Writer) error { return write(w, df) })
}

// inputFile is the file a LOG argument is read from: a path, standard
// input for "-", or for a catalog name the file the loader finds (or
// downloads to); "" when there is none (the embedded sample).
func inputFile(in string) string {
	if in == "-" || in == "" {
		return logPath(in)
	}
	p, _ := datasets.DefaultLoader().LocalPath(in)
	return p
}

// distinctFiles refuses a command line whose outputs name one of its input
// files (a log named by catalog name too: the file the loader reads), or
// name the same file twice: "sweep merge a.parquet b.parquet -o
// a.parquet" would destroy a shard, "--jobs-out x.csv --weekly-out x.csv"
// would keep only the last. Inputs that are not files (catalog names, the
// embedded sample) are ignored, and so are outputs that are devices or
// pipes (two outputs to /dev/null lose nothing). A descriptor written
// through (/dev/stdout, /dev/fd/N) that is open on an input file is
// refused too: "convert LOG -o /dev/stdout >> LOG" read its own output
// and grew LOG without end, as "cat f >> f" would if cat did not refuse.
func distinctFiles(inputs []string, outs ...output) error {
	files := make([]string, len(inputs))
	for k, in := range inputs {
		files[k] = inputFile(in)
	}
	var seen []output
	for _, o := range outs {
		if !o.set() {
			continue
		}
		if o.isStream() {
			ost, err := os.Stat(o.path) // through the descriptor: the file it is open on
			if err != nil || !ost.Mode().IsRegular() {
				continue
			}
			for k, in := range inputs {
				if st, err := os.Stat(files[k]); err == nil && os.SameFile(st, ost) {
					return usagef("%s %s is open on the input %s: the command would read what it writes", o.flag, o.path, in)
				}
			}
			continue
		}
		for k, in := range inputs {
			if st, err := os.Stat(files[k]); err == nil && st.Mode().IsRegular() && outfile.SameFile(files[k], o.path) {
				if files[k] != logPath(in) {
					return usagef("%s %s would overwrite the input %s (its file %s)", o.flag, o.path, in, files[k])
				}
				return usagef("%s %s would overwrite the input %s", o.flag, o.path, in)
			}
			if files[k] != logPath(in) && outfile.SameFile(files[k], o.path) {
				// Not there yet: the log is downloaded there before it is read.
				return usagef("%s %s is where the input %s is downloaded to", o.flag, o.path, in)
			}
		}
		for _, p := range seen {
			if outfile.SameFile(p.path, o.path) {
				return usagef("%s %s and %s %s name the same file", p.flag, p.path, o.flag, o.path)
			}
		}
		seen = append(seen, o)
	}
	return nil
}
