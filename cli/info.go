package cli

import (
	"math"

	"github.com/tracelab/tracelab/datasets"
)

func init() {
	register(&command{name: "info", usage: "[LOG] [--format table|csv|json]",
		summary: "summary of a log: jobs, users, machine size, span, time zone, what the reader skipped",
		run:     runInfo})
}

func runInfo(e *env, args []string) error {
	fs := e.newFlags("info")
	format := formatFlag(fs)
	arg, err := parseLogCommand(fs, format, args)
	if err != nil {
		return err
	}
	t, err := loadLog(e, arg)
	if err != nil {
		return err
	}
	return writeRecord(e.stdout, *format, infoRecord(t))
}

// infoRecord summarises a trace.
func infoRecord(t *datasets.Trace) record {
	skipped, warnings := 0, []string{}
	if t.Report != nil {
		skipped = t.Report.PlaceholdersSkipped
		for _, w := range t.Report.Warnings {
			warnings = append(warnings, w.String())
		}
	}
	first, last := math.Inf(1), math.Inf(-1)
	for _, s := range t.Submit {
		if !math.IsNaN(s) {
			first, last = min(first, s), max(last, s)
		}
	}
	if t.Len() == 0 {
		first, last = 0, 0
	}
	zone := t.Location().String()
	var unknownRuntime, unknownReq int
	for i := range t.Runtime {
		if math.IsNaN(t.Runtime[i]) {
			unknownRuntime++
		}
		if math.IsNaN(t.ReqTime[i]) {
			unknownReq++
		}
	}
	m := t.Machine()
	return record{
		{"name", t.Name},
		{"jobs", t.Len()},
		{"users", t.NumUsers()},
		{"max_procs", m.Procs},
		{"max_procs_rule", m.Rule.String()},
		{"start_unix", t.Header.UnixStartTime},
		{"first_submit_unix", t.Header.UnixStartTime + int64(first)},
		{"span_seconds", last - first},
		{"span_days", (last - first) / datasets.Day},
		{"time_zone", zone},
		{"placeholders_skipped", skipped},
		{"unknown_runtime", unknownRuntime},
		{"unknown_req_time", unknownReq},
		{"computer", t.Header.Computer},
		{"installation", t.Header.Installation},
		{"warnings", warnings},
	}
}
