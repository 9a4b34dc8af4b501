package cli

import "github.com/tracelab/tracelab/analytics/stationarity"

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
	if *tests {
		return writeFrame(e.stdout, *format, r.TestFrame())
	}
	return writeFrame(e.stdout, *format, r.WindowFrame())
}
