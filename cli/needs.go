package cli

import (
	"fmt"
	"io"
	"math"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// What a simulation's output says about what the log lacked: the rule that
// gave the machine size (a headerless log's size is inferred) and whether
// the simulation saturated (the machine too small for the load).

// saturationRecord is the saturation test of a simulation (sim.ReplaySaturation:
// Zakay & Feitelson 2013 §6.3, threshold raised to 0.5% of the weekly
// arrivals).
// A log whose arrivals span fewer than two weekly samples cannot be tested:
// its slope is undefined (NaN) and the test says so.
func saturationRecord(s sim.Saturation) record {
	test := "weekly outstanding jobs, suffix minimum, last 20% dropped, least-squares slope (Zakay and Feitelson 2013 §6.3)"
	if math.IsNaN(s.Slope) {
		test = fmt.Sprintf("not applicable: the arrivals span %d weekly sample(s), %d used; the slope needs 2 (Zakay and Feitelson 2013 §6.3)",
			len(s.Weekly), s.Used)
	}
	return record{{"saturated", s.Saturated}, {"outstanding_slope_per_week", s.Slope},
		{"threshold_per_week", s.Threshold}, {"test", test}}
}

// warnMachine prints to w what a reader of the summary must not miss: a
// machine size inferred from the log, a saturated simulation.
func warnMachine(w io.Writer, procs int, rule datasets.SizeRule, s sim.Saturation) {
	warnInferredMachine(w, datasets.Machine{Procs: procs, Rule: rule}, "give --procs to set it")
	if s.Saturated {
		fmt.Fprintf(w, "warning: the simulation saturated: outstanding jobs grow by %.1f a week (threshold %.1f); "+
			"the machine (%d processors) is too small for the load and the averages depend on the log's length\n",
			s.Slope, s.Threshold, procs)
	}
}

// noProcsFlag is the advice of warnInferredMachine for a command without
// --procs.
const noProcsFlag = "the results depend on it: give the log a header with MaxProcs (tracelab's CSV, JSON and Parquet keep it)"

// warnInferredMachine prints a warning when a simulation's machine size
// is inferred from the log because its header gives none (a frame written
// without the header, a headerless log): advice says how to set it.
func warnInferredMachine(w io.Writer, m datasets.Machine, advice string) {
	if m.Rule == datasets.SizePeakInUse {
		fmt.Fprintf(w, "warning: machine of %d processors %s; %s\n", m.Procs, m.Rule, advice)
	}
}

// warnUnknownUsers prints a warning when some, not all, of the log's jobs
// have no user id (−1; a log with none is refused, datasets.ErrNoUsers):
// the per-user analyses (session.Analyze, users.Classify, the resampling's
// pools) take those jobs as one user, −1, whom their counts of users
// include, while info counts the known users only.
func warnUnknownUsers(w io.Writer, t *datasets.Trace) {
	n := 0
	for _, u := range t.User {
		if u == -1 {
			n++
		}
	}
	if n > 0 && n < t.Len() {
		fmt.Fprintf(w, "warning: %s: %d of %d jobs have no user id (−1): the per-user analyses take them as one user, −1, counted among the users\n",
			t.Name, n, t.Len())
	}
}
