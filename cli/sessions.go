package cli

import (
	"slices"
	"time"

	"github.com/go-gota/gota/dataframe"

	"github.com/tracelab/tracelab/analytics/session"
)

func init() {
	register(&command{name: "sessions",
		usage:   "[LOG] [--gap 1h] [--summary] [--rows sessions|batches|edges|jobs] [--unknown-end submit|error] [--touching] [--all-deps] [--format table|csv|json]",
		summary: "users' sessions and batches, follows and depends-on relations (Zakay & Feitelson 2014 §IV, §VI)",
		run:     runSessions})
}

func runSessions(e *env, args []string) error {
	fs := e.newFlags("sessions")
	format := formatFlag(fs)
	gap := durationFlag(fs, "gap", time.Hour, time.Second, 7*24*time.Hour, "", "session break: a longer inter-arrival time starts a new session")
	summary := fs.Bool("summary", false, "print counts and medians instead of rows")
	rows := fs.String("rows", "sessions", "rows to print: sessions, batches, edges (follows and depends-on) or jobs")
	unknownEnd := fs.String("unknown-end", "submit", "jobs with an unknown end: 'submit' (end at submit time) or 'error'")
	touching := fs.Bool("touching", false, "a job arriving exactly at the latest end joins the batch")
	allDeps := fs.Bool("all-deps", false, "list every rule-2 dependency (Definition 12 literally) instead of the transitive reduction")
	logArg, err := parseLogCommand(fs, format, args)
	if err != nil {
		return err
	}
	opts := session.Options{Gap: gap.Seconds(), TouchingOverlap: *touching}
	switch *unknownEnd {
	case "submit":
	case "error":
		opts.UnknownEnd = session.UnknownEndError
	default:
		return usagef("--unknown-end must be submit or error, not %q", *unknownEnd)
	}
	if *allDeps {
		opts.Dependencies = session.AllDependencies
	}
	if !slices.Contains([]string{"sessions", "batches", "edges", "jobs"}, *rows) {
		return usagef("--rows must be sessions, batches, edges or jobs, not %q", *rows)
	}
	if *summary && visited(fs)["rows"] {
		// It was ignored: the summary prints no rows.
		return usagef("--summary and --rows exclude each other (the summary prints counts and medians, no rows)")
	}
	tr, err := loadLog(e, logArg)
	if err != nil {
		return err
	}
	warnUnknownUsers(e.stderr, tr)
	st, err := session.Analyze(tr, opts)
	if err != nil {
		return err
	}
	if *summary {
		return writeRecord(e.stdout, *format, sessionSummaryRecord(st.Summarize()))
	}
	var df dataframe.DataFrame
	switch *rows {
	case "sessions":
		df = st.SessionsFrame()
	case "batches":
		df = st.BatchesFrame()
	case "edges":
		df = st.EdgesFrame()
	default:
		df = st.JobsFrame(tr)
	}
	return writeFrame(e.stdout, *format, df)
}

func sessionSummaryRecord(s session.Summary) record {
	return record{
		{"gap_seconds", s.Gap},
		{"jobs", s.Jobs},
		{"users", s.Users},
		{"sessions", s.Sessions},
		{"batches", s.Batches},
		{"unknown_ends", s.UnknownEnds},
		{"dependency_edges", s.DependencyEdges},
		{"rule2_edges", s.Rule2Edges},
		{"jobs_per_session", s.JobsPerSession},
		{"batches_per_session", s.BatchesPerSession},
		{"jobs_per_batch", s.JobsPerBatch},
		{"mean_session_length", s.MeanSessionLength},
		{"median_session_length", s.MedianSessionLength},
		{"median_think_time", s.MedianThinkTime},
		{"think_times", s.ThinkTimes},
		{"median_inter_arrival", s.MedianInterArrival},
		{"inter_arrivals", s.InterArrivals},
	}
}
