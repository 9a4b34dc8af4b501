package cli

import (
	"fmt"

	"github.com/tracelab/tracelab/analytics/stationarity"
)

func init() {
	register(&command{name: "stationarity",
		usage:   "[LOG] [--windows 3] [--tests] [--format table|csv|json]",
		summary: "drift of a log between equal windows: load, weekly load, size mix, runtimes, with KS tests (Zakay & Feitelson 2013 §6.5.2)",
		run:     runStationarity})
}

func runStationarity(e *env, args []string) error {
	fs := e.newFlags("stationarity")
	format := formatFlag(fs)
	windows := intFlag(fs, "windows", 3, 2, stationarity.MaxWindows, "", "number of equal windows of the span")
	tests := fs.Bool("tests", false, "print the KS tests between windows instead of the windows")
	log, err := parseLogCommand(fs, format, args)
	if err != nil {
		return err
	}
	tr, err := loadLog(e, log)
	if err != nil {
		return err
	}
	r, err := stationarity.Measure(tr, stationarity.Options{Windows: *windows})
	if err != nil {
		return err
	}
	jobs, known := 0, 0
	for _, w := range r.Windows {
		jobs, known = jobs+w.Jobs, known+w.LoadJobs
	}
	if known < jobs {
		fmt.Fprintf(e.stderr, "stationarity: warning: %s: %d of %d jobs have an unknown runtime or processor count: left out of the load (load_jobs counts the others)\n",
			tr.Name, jobs-known, jobs)
	}
	if *tests {
		return writeFrame(e.stdout, *format, r.TestFrame())
	}
	return writeFrame(e.stdout, *format, r.WindowFrame())
}
