package cli

import (
	"fmt"

	"github.com/tracelab/tracelab/datasets"
)

func init() {
	register(&command{name: "convert", usage: "[LOG] -o FILE (.swf, .swf.gz, .csv, .json, .parquet)",
		summary: "convert a log to SWF, CSV, JSON or Parquet (job columns of the frame conventions)",
		run:     runConvert})
}

func runConvert(e *env, args []string) error {
	fs := e.newFlags("convert")
	outPath := fs.String("o", "", "output file; its extension picks the format")
	arg, err := parseLogCommand(fs, nil, args)
	if err != nil {
		return err
	}
	if *outPath == "" {
		return usagef("-o FILE is required")
	}
	out, err := newOutput("-o", *outPath, traceFormats...)
	if err != nil {
		return err
	}
	if err := distinctFiles([]string{arg}, out); err != nil {
		return err
	}
	arg = logPath(arg)
	w := &jobCounter{}
	err = out.writeJobs(func(jw datasets.JobWriter) error {
		w.JobWriter = jw
		if e.load != nil {
			t, err := e.load(arg)
			if err != nil {
				return err
			}
			return datasets.WriteTrace(w, t)
		}
		l := datasets.DefaultLoader()
		l.Progress = e.stderr
		_, err := l.Scan(arg, w)
		return err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "wrote %d jobs to %s\n", w.jobs, out.path)
	return nil
}

// jobCounter counts the jobs it passes on.
type jobCounter struct {
	datasets.JobWriter
	jobs int
}

func (c *jobCounter) WriteJob(j *datasets.Job) error {
	c.jobs++
	return c.JobWriter.WriteJob(j)
}
