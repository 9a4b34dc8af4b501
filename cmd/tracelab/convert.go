package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tracelab/tracelab/datasets"
)

func init() {
	register(&command{name: "convert", usage: "[LOG] -o FILE (.swf, .swf.gz, .csv, .json, .parquet)",
		summary: "convert a log to SWF, CSV, JSON or Parquet (job columns of the frame conventions)",
		run:     runConvert})
}

func runConvert(e *env, args []string) error {
	fs := e.newFlags("convert")
	out := fs.String("o", "", "output file; its extension picks the format")
	arg, err := parseLogCommand(fs, nil, args)
	if err != nil {
		return err
	}
	if *out == "" {
		return fmt.Errorf("%w: -o FILE is required", errUsage)
	}
	t, err := loadLog(e, arg)
	if err != nil {
		return err
	}
	lower := strings.ToLower(*out)
	switch {
	case strings.HasSuffix(lower, ".swf"), strings.HasSuffix(lower, ".swf.gz"):
		err = datasets.WriteSWFFile(*out, t)
	case filepath.Ext(lower) == ".csv", filepath.Ext(lower) == ".json", filepath.Ext(lower) == ".parquet":
		err = datasets.WriteFrameFile(*out, t.Frame())
	default:
		return fmt.Errorf("%w: %s: unknown output format (want .swf, .swf.gz, .csv, .json or .parquet)", errUsage, *out)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "wrote %d jobs to %s\n", t.Len(), *out)
	return nil
}
