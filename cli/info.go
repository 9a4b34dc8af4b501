package cli

import (
	"cmp"
	"fmt"
	"math"
	"strings"

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
	s, err := summarizeLog(e, arg)
	if err != nil {
		return err
	}
	return writeRecord(e.stdout, *format, infoRecord(s))
}

// summarizeLog summarises LOG (see loadLog) without holding its jobs.
func summarizeLog(e *env, arg string) (*datasets.Summary, error) {
	arg = logPath(arg)
	if e.load != nil {
		t, err := e.load(arg)
		if err != nil {
			return nil, err
		}
		return datasets.Summarize(t)
	}
	l, err := logLoader(e)
	if err != nil {
		return nil, err
	}
	return l.Summarize(arg)
}

// infoRecord prints a log's summary. A warning of unreadable values
// (WarnUnreadable) is followed, after "; ", by its values as written, as
// import prints them: at most maxUnreadableShown with their lines and
// jobs, then how many more rows.
func infoRecord(s *datasets.Summary) record {
	skipped, warnings := 0, []string{}
	if s.Report != nil {
		skipped = s.Report.PlaceholdersSkipped
		for _, w := range s.Report.Warnings {
			text := w.String()
			if w.Kind == datasets.WarnUnreadable {
				text += "; " + strings.TrimSpace(unreadableLine(s.Report, w, maxUnreadableShown))
			}
			warnings = append(warnings, text)
		}
	}
	var users any = s.Users
	if s.Users < 0 { // more distinct ids than a trace can hold: not counted (Summary.Users)
		users = fmt.Sprintf("not counted: more than %d distinct ids of 2^27 or more (%s raises the bound)", cmp.Or(s.Bound, datasets.DefaultMaxRows), maxJobsEnv)
	}
	rule := s.SizeReason()
	if s.SizeOverBound {
		rule += "; " + maxJobsEnv + " raises the bound"
	}
	return record{
		{"name", s.Name},
		{"jobs", s.Jobs},
		{"users", users},
		{"max_procs", s.Machine.Procs},
		{"max_procs_rule", rule},
		{"start_unix", s.Header.UnixStartTime},
		{"first_submit_unix", s.Header.UnixStartTime + int64(math.Floor(s.FirstSubmit))},
		{"span_seconds", s.LastSubmit - s.FirstSubmit},
		{"span_days", (s.LastSubmit - s.FirstSubmit) / datasets.Day},
		{"time_zone", s.Location().String()},
		{"placeholders_skipped", skipped},
		{"unknown_runtime", s.UnknownRuntime},
		{"unknown_req_time", s.UnknownReqTime},
		{"computer", s.Header.Computer},
		{"installation", s.Header.Installation},
		{"warnings", warnings},
	}
}
