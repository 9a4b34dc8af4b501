package cli

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/similarity"
	"github.com/tracelab/tracelab/datasets"
)

func init() {
	register(&command{name: "similarity",
		usage:   "[LOG] --attr procs|runtime|req_time [--rows table|distances|users] [--bootstrap N --seed S] [--gap 1h] [--format table|csv|json]",
		summary: "similarity of users' jobs vs distance in sessions (Zakay & Feitelson 2013 §3, Tables II–IV, Figs 1–2)",
		run:     runSimilarity})
}

func runSimilarity(e *env, args []string) error {
	fs := e.newFlags("similarity")
	format := formatFlag(fs)
	attrName := fs.String("attr", "procs", "attribute: procs, runtime or req_time")
	rows := fs.String("rows", "table", "what to print: table (the Tables II–IV row), distances (Fig. 1) or users")
	maxDist := intFlag(fs, "max-distance", 0, 0, similarity.MaxMaxDistance, "10", "largest session distance")
	pooling := fs.String("pooling", "jobs", "per-user average over job pairs ('jobs') or over session pairs ('sessions')")
	boot := intFlag(fs, "bootstrap", 0, 0, similarity.MaxReps, "none", "instead, run this many randomised replicates (Fig. 2) and print their summary")
	seed := seedFlag(fs, "seed", 1, "random seed of --bootstrap")
	gap := durationFlag(fs, "gap", 0, 0, 7*24*time.Hour, "1h", "session break")
	resolution := durationFlag(fs, "time-resolution", 0, 0, 24*time.Hour, "keep seconds",
		"truncate runtimes and requested times to whole multiples of this (e.g. 1m) before comparing")
	logArg, err := parseLogCommand(fs, format, args)
	if err != nil {
		return err
	}
	attr, err := datasets.ParseAttribute(*attrName, similarity.Attributes...)
	if err != nil {
		return usagef("--attr: %v", err)
	}
	if *boot == 0 {
		warnSeedUnused(e.stderr, "similarity", fs, "seed", "without --bootstrap (it seeds the randomised replicates)")
	}
	sopts := session.Options{Gap: gap.Seconds()}
	opts := similarity.Options{Session: sopts, MaxDistance: *maxDist, TimeResolution: resolution.Seconds()}
	switch *pooling {
	case "jobs":
	case "sessions":
		opts.Pooling = similarity.SessionPairs
	default:
		return usagef("--pooling must be jobs or sessions, not %q", *pooling)
	}
	if !slices.Contains([]string{"table", "distances", "users"}, *rows) {
		return usagef("--rows must be table, distances or users, not %q", *rows)
	}
	tr, err := loadLog(e, logArg)
	if err != nil {
		return err
	}
	warnUnknownUsers(e.stderr, tr)
	if *boot > 0 {
		b, err := similarity.Randomize(tr, attr, similarity.BootstrapOptions{Session: sopts, Reps: *boot, Seed: *seed,
			Progress: newProgressBar(e.stderr, "similarity: bootstrap replicates", progressDelay).update})
		if err != nil {
			return err
		}
		return writeRecord(e.stdout, *format, bootstrapRecord(b))
	}
	r, err := similarity.Analyze(tr, attr, opts)
	if err != nil {
		return err
	}
	switch *rows {
	case "distances":
		return writeFrame(e.stdout, *format, r.DistancesFrame())
	case "users":
		return writeFrame(e.stdout, *format, r.UsersFrame())
	}
	// A fraction over no user is undefined: say why rather than print NaN.
	// (Both halves compare the same users: similarity.AllDistances.)
	if r.Table.Users == 0 {
		return fmt.Errorf("similarity: no user of %s has a %s similarity defined at every session distance the comparison needs "+
			"(a session with two known values and sessions at each distance after it, up to 5; sessions split at gaps over %v): "+
			"the fractions of Tables II–IV are undefined", tr.Name, attr, sessionGap(*gap))
	}
	return writeRecord(e.stdout, *format, similarityRecord(r))
}

// similarityRecord is the Tables II–IV row of one attribute.
func similarityRecord(r similarity.Result) record {
	cmp := func(c similarity.Comparison) record {
		return record{{"shorter", c.Shorter}, {"equal", c.Equal}, {"longer", c.Longer}}
	}
	return record{
		{"attribute", r.Attribute.String()},
		{"d0_vs_d1", cmp(r.Table.D0vsD1)},
		{"d1_vs_d2", cmp(r.Table.D1vsD2)},
		{"users", r.Table.Users},
	}
}

func bootstrapRecord(b similarity.Bootstrap) record {
	m, sd, lo, hi := 0.0, 0.0, math.Inf(1), math.Inf(-1)
	for _, v := range b.Mean {
		m += v
		lo, hi = min(lo, v), max(hi, v)
	}
	m /= float64(len(b.Mean))
	for _, v := range b.Mean {
		sd += (v - m) * (v - m)
	}
	if len(b.Mean) > 1 {
		sd = math.Sqrt(sd / float64(len(b.Mean)-1))
	} else {
		sd = math.NaN()
	}
	return record{
		{"attribute", b.Attribute.String()},
		{"replicates", len(b.Mean)},
		{"observed", b.Observed.Mean},
		{"replicate_mean", m},
		{"replicate_sd", sd},
		{"replicate_min", lo},
		{"replicate_max", hi},
		{"fraction_at_least_observed", b.FractionAtLeastObserved()},
	}
}

// sessionGap is the session break a zero --gap stands for.
func sessionGap(gap time.Duration) time.Duration {
	if gap == 0 {
		return time.Duration(session.DefaultGap) * time.Second
	}
	return gap
}
