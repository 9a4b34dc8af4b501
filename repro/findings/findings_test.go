package findings

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/datasets/datasetstest"
)

// year is a logged wait longer than any synthetic log: no job ends
// before another of its user begins, so no batch depends on another
// (Zakay and Feitelson 2014, Definition 12) and feedback changes nothing.
const year = 365 * 86400

// findingCases are, for every finding, a synthetic log where it must hold
// and one where it must fail (the knob that differs says why).
var findingCases = []struct {
	id           string
	holds, fails synth
}{
	{"similarity-procs", synth{}, synth{antiSession: true}},
	{"similarity-runtime", synth{}, synth{antiSession: true}},
	{"similarity-req_time", synth{}, synth{antiSession: true}},
	{"similarity-shuffled", synth{}, synth{antiSession: true}},
	{"long-term-jobs", synth{}, synth{longTerm: 0.1}},
	{"long-term-users", synth{longTerm: 0.8}, synth{longTerm: 0.2}},
	{"long-term-spans-uniform", synth{uniformSpans: true, users: 100}, synth{}},
	{"session-length-classes", synth{}, synth{tempShort: true}},
	{"stack-depth-locality", synth{}, synth{antiLocal: true}},
	{"daily-bins-locality", synth{}, synth{antiLocal: true}},
	{"self-similar-arrivals", synth{onOff: true, users: 20, weeks: 16}, synth{regular: true}},
	{"resampling-keeps-activity", synth{users: 200}, synth{users: 200, edgeHeavy: true}},
	{"resampling-keeps-positions", synth{users: 200, longTerm: -1, tempWeeks: 1}, synth{users: 200, tempsEarly: true, longTerm: 0.2}},
	{"bootstrap-brackets-wait", synth{}, synth{deadline: true}},
	{"bootstrap-brackets-wait-common", synth{deadline: true}, synth{tempBurst: true}},
	{"feedback-shorter-wait", synth{runtime: 1800}, synth{runtime: 1800, overlap: true, wait: year}},
	{"feedback-shorter-queue", synth{runtime: 1800}, synth{runtime: 1800, overlap: true, wait: year}},
	{"feedback-bounds-fcfs", synth{}, synth{overlap: true, wait: year, perWeek: 10, runtime: 7200, sigma: 0.5}},
	{"sizes-powers-of-two", synth{}, synth{pow2: -1}},
	{"serial-share", synth{serial: 0.45}, synth{serial: -1}},
	{"sizes-two-stage-uniform", synth{twoStage: true}, synth{gammaSizes: true}},
	{"runtime-hyper-gamma", synth{hyperGamma: true}, synth{trimodal: true}},
	{"runtime-grows-with-size", synth{sizeGrows: true}, synth{sizeFalls: true}},
	{"p-falls-with-size", synth{pBySize: 1}, synth{pBySize: -1}},
	{"daily-cycle", synth{}, synth{nights: true}},
	{"estimates-flat", synth{flatEst: true}, synth{}},
	{"estimates-killed-peak", synth{killed: 0.3}, synth{}},
	{"estimates-overestimate", synth{}, synth{exactEst: true}},
	{"estimates-round", synth{}, synth{exactEst: true}},
	{"continuation-falls", synth{sigma: 2.5, leaveLong: true}, synth{sigma: 2.5}},
	{"weekly-cycle", synth{}, synth{weekends: true}},
	{"locality-of-sampling-runtime", synth{}, synth{antiLocal: true}},
	{"locality-of-sampling-procs", synth{}, synth{antiLocal: true}},
	{"autocorrelation-runtime", synth{}, synth{antiLocal: true}},
	{"repeated-runs", synth{apps: true, noLocality: true, longRun: 150}, synth{apps: true, noLocality: true}},
}

// TestFindingsSynthetic: every finding holds on its synthetic log that has
// the property and fails on the one that lacks it (quick mode).
func TestFindingsSynthetic(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, c := range findingCases {
		seen[c.id] = true
		t.Run(c.id, func(t *testing.T) {
			t.Parallel()
			f, err := Lookup(c.id)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []struct {
				v Verdict
				s synth
			}{{Holds, c.holds}, {Fails, c.fails}} {
				r := f.Evaluate(want.s.trace(), Options{Quick: true})
				if r.Verdict != want.v {
					t.Errorf("on the log where it must %s: %s (%s)", map[Verdict]string{Holds: "hold", Fails: "fail"}[want.v], r.Verdict, r.Reason)
				} else if testing.Verbose() {
					t.Logf("%s: %s", r.Verdict, r.Reason)
				}
			}
		})
	}
	for _, f := range All() {
		if !seen[f.ID] {
			t.Errorf("finding %s has no synthetic test", f.ID)
		}
	}
}

// TestNotApplicable: a log that lacks what a finding is about makes it
// not applicable, with the reason; it never passes silently.
func TestNotApplicable(t *testing.T) {
	t.Parallel()
	userFindings := []string{"similarity-procs", "similarity-runtime", "similarity-req_time", "similarity-shuffled",
		"long-term-jobs", "long-term-users", "long-term-spans-uniform", "session-length-classes",
		"resampling-keeps-activity", "resampling-keeps-positions", "bootstrap-brackets-wait", "bootstrap-brackets-wait-common",
		"feedback-shorter-wait", "feedback-shorter-queue", "feedback-bounds-fcfs", "continuation-falls", "repeated-runs"}
	for _, c := range []struct {
		name   string
		log    synth
		ids    []string
		reason string
	}{
		{"no user ids", synth{noUsers: true, apps: true}, userFindings, "no user ids"},
		{"no estimates", synth{noEstimates: true}, []string{"similarity-req_time", "bootstrap-brackets-wait", "bootstrap-brackets-wait-common",
			"feedback-shorter-wait", "feedback-shorter-queue", "estimates-flat", "estimates-killed-peak", "estimates-overestimate",
			"estimates-round"}, "no estimates recorded"},
		{"no machine size", synth{noMachine: true}, []string{"bootstrap-brackets-wait", "bootstrap-brackets-wait-common",
			"feedback-shorter-wait", "feedback-shorter-queue", "feedback-bounds-fcfs", "sizes-two-stage-uniform"}, "no machine size in the header"},
		{"no clock", synth{noClock: true}, []string{"daily-cycle", "weekly-cycle"}, "no UnixStartTime"},
		{"eight weeks", synth{weeks: 8}, []string{"long-term-jobs", "long-term-users", "long-term-spans-uniform", "session-length-classes"},
			"shorter than 12 weeks"},
		{"no application numbers", synth{}, []string{"repeated-runs"}, "no application numbers"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tr := c.log.trace()
			rs, err := Evaluate(context.Background(), tr, c.ids, Options{Quick: true, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs {
				if r.Verdict != NotApplicable || !strings.Contains(r.Reason, c.reason) || !math.IsNaN(r.Value) {
					t.Errorf("%s: %s %v (%s), want not applicable: %s", r.Finding, r.Verdict, r.Value, r.Reason, c.reason)
				}
			}
		})
	}
}

// TestOddLogs: logs as small or odd as the archive's worst give every
// finding a verdict, never an error: one job, a week of one user, jobs
// all at one second, zero runtimes, one processor everywhere.
func TestOddLogs(t *testing.T) {
	t.Parallel()
	one := synth{users: 1, weeks: 1}.trace()
	for _, c := range []struct {
		name string
		tr   *datasets.Trace
	}{
		{"one job", one.Select([]int{0})},
		{"one user, one week", one},
		{"one second", func() *datasets.Trace {
			tr := synth{users: 5, weeks: 2}.trace()
			for i := range tr.Submit {
				tr.Submit[i] = 1000
			}
			return tr
		}()},
		{"zero runtimes", func() *datasets.Trace {
			tr := synth{users: 20, weeks: 14}.trace()
			for i := range tr.Runtime {
				tr.Runtime[i], tr.CPUTime[i] = 0, 0
			}
			return tr
		}()},
		{"serial only", synth{users: 20, weeks: 14, serial: 1}.trace()},
		{"no header", func() *datasets.Trace {
			tr := synth{users: 20, weeks: 14}.trace()
			tr.Header = datasets.Header{}
			return tr
		}()},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rs, err := Evaluate(context.Background(), c.tr, nil, Options{Quick: true, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs {
				if r.Verdict == Error || r.Verdict == 0 || r.Reason == "" {
					t.Errorf("%s: %s: %s", r.Finding, r.Verdict, r.Reason)
				}
			}
		})
	}
}

// TestRealLogs: on archive logs (TRACELAB_DATA) every finding gives a
// verdict and none fails to measure; the synthetic lublin_256 has no user
// ids, so no finding about users applies to it.
func TestRealLogs(t *testing.T) {
	if testing.Short() {
		t.Skip("real logs in quick mode take a few seconds each")
	}
	t.Parallel()
	for _, name := range []string{"KTH-SP2", "lublin_256"} {
		tr := datasetstest.Load(t, name)
		rs, err := Evaluate(context.Background(), tr, nil, Options{Quick: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			if r.Verdict == Error || r.Verdict == 0 {
				t.Errorf("%s on %s: %s: %s", r.Finding, name, r.Verdict, r.Reason)
			}
			if name == "lublin_256" && r.Finding == "similarity-runtime" && r.Verdict != NotApplicable {
				t.Errorf("%s on lublin_256: %s", r.Finding, r.Verdict)
			}
		}
	}
}

// TestLongTermUsersLedgerReading: long-term-users counts the discarded users
// as temporary, the zakay2013 ledger's Table V leaves them out; each
// outcome gives the counts under the ledger's reading, which the two
// readings' different verdicts need (the counts sum to the users, less the
// discarded).
func TestLongTermUsersLedgerReading(t *testing.T) {
	t.Parallel()
	f, err := Lookup("long-term-users")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(f.Rule, "table5/more_long_term_users") {
		t.Errorf("rule %q does not name the ledger's entry", f.Rule)
	}
	r := f.Evaluate(synth{longTerm: 0.2}.trace(), Options{Quick: true})
	var lt, tm, d, lt2, tm2 int
	var more string
	i := strings.Index(r.Reason, "(")
	if i < 0 {
		t.Fatalf("reason %q", r.Reason)
	}
	if _, err := fmt.Sscanf(r.Reason[i:], "(%d long-term, %d temporary of which %d discarded; with the discarded left out, as the zakay2013 ledger's Table V counts them, %d long-term against %d temporary: %s",
		&lt, &tm, &d, &lt2, &tm2, &more); err != nil {
		t.Fatalf("reason %q: %v", r.Reason, err)
	}
	if lt2 != lt || tm2 != tm-d || (more == "more)") != (lt > tm-d) {
		t.Errorf("reason %q: the ledger's reading is %d long-term against %d temporary", r.Reason, lt, tm-d)
	}
}
