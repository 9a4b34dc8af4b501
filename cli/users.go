package cli

import (
	"fmt"
	"time"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
)

func init() {
	register(&command{name: "users",
		usage:   "[LOG] [--summary] [--long-term-weeks 12] [--edge-weeks 4] [--truncation touches|within] [--gap 1h] [--format table|csv|json]",
		summary: "users by class (long-term, temporary, discarded) with their activity (Zakay & Feitelson 2013 §4, Table V)",
		run:     runUsers})
}

func runUsers(e *env, args []string) error {
	fs := e.newFlags("users")
	format := formatFlag(fs)
	summary := fs.Bool("summary", false, "print users and jobs per class (Table V) instead of one row per user")
	longTerm := floatFlag(fs, "long-term-weeks", 12, floatRange{lo: 0, hi: maxWeeks, openLo: true}, "activity span (weeks) above which a user is long-term")
	edge := floatFlag(fs, "edge-weeks", 4, floatRange{lo: 0, hi: maxWeeks, zero: "discard no one"},
		"temporary users active within this many weeks of the log's start or end are discarded (see --truncation)")
	truncation := fs.String("truncation", "touches", "which temporary users the edge zones discard: touches (activity touches a zone; reproduces Table V) or within (whole activity in a zone; §4's literal wording)")
	gap := durationFlag(fs, "gap", 0, 0, 7*24*time.Hour, "1h", "session break")
	logArg, err := parseLogCommand(fs, format, args)
	if err != nil {
		return err
	}
	opts := users.Options{LongTerm: *longTerm * datasets.Week, Edge: *edge * datasets.Week,
		Session: session.Options{Gap: gap.Seconds()}}
	switch *truncation {
	case "touches":
		opts.Truncation = users.TouchesEdge
	case "within":
		opts.Truncation = users.WithinEdge
	default:
		return usagef("--truncation must be touches or within, not %q", *truncation)
	}
	opts.NoEdge = *edge == 0 // zero weeks: discard no one
	tr, err := loadLog(e, logArg)
	if err != nil {
		return err
	}
	warnUnknownUsers(e.stderr, tr)
	p, err := users.Classify(tr, opts)
	if err != nil {
		return err
	}
	// A log too short for the classes: the counts would be zeros that
	// say nothing about the users.
	if short := p.Shortfall(); short != nil {
		if *summary && short.Degenerate() {
			return fmt.Errorf("users: %s: %w", tr.Name, short)
		}
		fmt.Fprintf(e.stderr, "users: warning: %s: %v\n", tr.Name, short)
	}
	if *summary {
		return writeRecord(e.stdout, *format, usersSummaryRecord(p))
	}
	return writeFrame(e.stdout, *format, p.Frame())
}

// usersSummaryRecord is Table V's row: an object keyed by class, each with
// users and jobs.
func usersSummaryRecord(p users.Population) record {
	var r record
	for _, c := range p.Summary() {
		r = append(r, field{c.Class.String(), record{{"users", c.Users}, {"jobs", c.Jobs}}})
	}
	return r
}
