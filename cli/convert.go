package cli

import (
	"fmt"
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
	t, err := loadLog(e, arg)
	if err != nil {
		return err
	}
	if err := out.writeTrace(t); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "wrote %d jobs to %s\n", t.Len(), out.path)
	return nil
}
