package zakay2014

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/repro/study/studytest"
	"github.com/tracelab/tracelab/sim/feedback"
)

// TestItems: every numbered figure and table of the paper is listed, and
// an item not fully reproduced says why.
func TestItems(t *testing.T) {
	studytest.Items(t, New(study.Options{}).Paper())
}

// quick is the quick-mode study whose ledger (and figures) the tests share.
var quick = New(study.Options{Quick: true})

func ledgerOf(t *testing.T) *ledger.Ledger {
	t.Helper()
	return studytest.QuickLedger(t, "zakay2014", func() (*ledger.Ledger, error) {
		return quick.Ledger(context.Background())
	})
}

// logWorkload is s.workload(log) for a test: the test is skipped where
// the log is not in TRACELAB_DATA and fails on any other error.
func logWorkload(t *testing.T, s *Study, log string) *feedback.Workload {
	t.Helper()
	w, err := s.workload(log)
	skipMissing(t, err)
	return w
}

// rawLog is study.Log(name) for a test, skipped or failed as logWorkload.
func rawLog(t *testing.T, name string) *datasets.Trace {
	t.Helper()
	tr, err := study.Log(name)
	skipMissing(t, err)
	return tr
}

func skipMissing(t *testing.T, err error) {
	t.Helper()
	if missing(err) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// TestQuotes: every quote of the ledger is in the paper's text.
func TestQuotes(t *testing.T) {
	studytest.Quotes(t, New(study.Options{}).Paper(), ledgerOf(t).Entries())
}

// TestLedger: entries whose verdict follows from the definitions or from
// the toy log worked by hand, and the entries of the log we do not have.
func TestLedger(t *testing.T) {
	l := ledgerOf(t)
	for _, tt := range []struct {
		id      string
		verdict ledger.Verdict
		kind    ledger.Kind
	}{
		// Definitional identities and invariants are checks.
		{"obs5/KTH", ledger.Agrees, ledger.SelfCheck},  // batches are split where a job arrives after every earlier job ended
		{"obs7/KTH", ledger.Agrees, ledger.SelfCheck},  // batches are built in arrival order
		{"obs11/KTH", ledger.Agrees, ledger.SelfCheck}, // every edge points to an earlier batch
		// The toy schedule of Fig. 3, worked by hand (TestFig3): it follows
		// from §V's definitions, so it is a check.
		{"fig3/conventional/red-waits-for-cyan", ledger.Agrees, ledger.SelfCheck},
		{"fig3/feedback/red-paced-by-ends", ledger.Agrees, ledger.SelfCheck},
		{"fig3/feedback/red-finishes-later", ledger.Agrees, ledger.SelfCheck},
		{"invariant/KTH-SP2/arrivals-equal", ledger.Agrees, ledger.SelfCheck}, // tested in sim/feedback too
		// The two daily slots follow from the model's design (0.7
		// daytime users from 7:30, 0.3 night-time from 17:30).
		{"fig6/KTH-SP2/morning-evening", ledger.Agrees, ledger.SelfCheck},
		{"table1/KTH/fluid", ledger.NotComparable, ledger.PaperClaim},      // blanked in our copy
		{"table1/Intrepid/fluid", ledger.NotComparable, ledger.PaperClaim}, // not in the archive copy
		{"fig10/Intrepid/fcfs-huge-queues", ledger.NotComparable, ledger.PaperClaim},
		// Possibilities the definitions allow, shown by an example or a
		// conceptual drawing, are checks (ledger.PossibilityRule).
		{"obs6/KTH", ledger.Agrees, ledger.SelfCheck},
		{"fig2/KTH/follows-only", ledger.Agrees, ledger.SelfCheck},
		{"fig4/KTH/depends-only", ledger.Agrees, ledger.SelfCheck},
		// The other reading of the fluid model's sessions is ours. Its
		// ratio, 1.50 in quick mode, is above 1.25: not "a bit longer"
		// (ledger.ABit).
		{"fig10/KTH/sessions-to-end/feedback-fcfs-vs-easy", ledger.Differs, ledger.Ours},
		// So are the distributions over the arriving jobs ("of the time"
		// gives the paper's reading); 1.33 in quick mode.
		{"fig10/KTH/per-arrival/feedback-fcfs-vs-easy", ledger.Differs, ledger.Ours},
	} {
		e, ok := l.Lookup(tt.id)
		if !ok || e.Verdict != tt.verdict || e.Kind != tt.kind {
			t.Errorf("%s: %+v, want %s, %s", tt.id, e, tt.verdict, tt.kind)
		}
	}
	// A claim that differs says why (a convention justified for its whole
	// item, tally), or it is one of these, unexplained in quick mode: no
	// justified convention brings it within, and our value shows what each
	// gives.
	// (table1/SDSC-SP2/adjusted-improves: its one justifying convention
	// gains it alone, a net gain of one; ledger.Tally.Justified.)
	// (fig9/KTH-SP2/few-long: 64 of 214 users much longer than their
	// logged activity, the rule's "much" (longUsers); Figs 7 and 9 count
	// the user models' runs against the log and have no conventions whose
	// values could be shown.)
	unexplained := map[string]bool{"table1/KTH/adjusted-improves": true, "fig10/KTH/feedback-fcfs-vs-easy": true, "table1/SDSC-SP2/adjusted-improves": true,
		"fig9/KTH-SP2/few-long": true}
	noConventions := map[string]bool{"fig9/KTH-SP2/few-long": true}
	for _, e := range l.Entries() {
		if e.Kind != ledger.PaperClaim || e.Verdict != ledger.Differs {
			continue
		}
		if (e.Reason == "") != unexplained[e.ID] {
			t.Errorf("%s: reason %q; want unexplained: %t", e.ID, e.Reason, unexplained[e.ID])
		}
		if e.Reason == "" && !noConventions[e.ID] && !strings.Contains(e.OurValue, "with ") {
			t.Errorf("%s is unexplained without the conventions' values: %q", e.ID, e.OurValue)
		}
	}
	// Every item of the paper has entries, in its notebook section.
	items := map[string]bool{}
	for _, e := range l.Entries() {
		items[e.Item] = true
	}
	for _, it := range New(study.Options{}).Paper().Items {
		if !items[it.Name] {
			t.Errorf("%s has no ledger entry", it.Name)
		}
	}
}

// TestFig3 works the toy log of Fig. 3 by hand (see ToyTrace): under FCFS
// conventionally red's jobs arrive at 15, 30, 45 and all start with cyan's
// at 60; with feedback they arrive at 15, 75, 90 and start at 60, 75, 90.
func TestFig3(t *testing.T) {
	r, err := New(study.Options{}).Fig3(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	col := func(name string) []float64 { return r.Frame.Col(name).Float() }
	reds := r.redJobs()
	pick := func(v []float64) []float64 {
		var out []float64
		for _, k := range reds {
			out = append(out, v[k])
		}
		return out
	}
	for _, tt := range []struct {
		col  string
		want []float64
	}{
		{"conventional_submit", []float64{15, 30, 45}},
		{"conventional_start", []float64{60, 60, 60}},
		{"feedback_submit", []float64{15, 75, 90}},
		{"feedback_start", []float64{60, 75, 90}},
		{"log_start", []float64{15, 30, 45}},
	} {
		if got := pick(col(tt.col)); !slices.Equal(got, tt.want) {
			t.Errorf("red's %s = %v, want %v", tt.col, got, tt.want)
		}
	}
	if r.Figure == nil || len(r.Figure.Panels) != 3 {
		t.Error("missing schedules")
	}
}

// TestMovedText: the conventions' values, those within the claim marked,
// and a convention that leaves the log as it is (no cancelled job, no
// partitions) left out of the text.
func TestMovedText(t *testing.T) {
	ok := func(v float64) bool { return v <= 0.8 }
	for _, tt := range []struct {
		vs   []moved
		want string
	}{
		{[]moved{{c: killAtEstimate, value: 0.79}, {c: noCancelled, value: 0.87, note: " (10 jobs)"}},
			"with runtimes cut at the estimate 0.79 (within the claim); with cancelled jobs left out (10 jobs) 0.87"},
		{[]moved{{c: killAtEstimate, value: 0.87}, {c: noCancelled, value: 0.91, same: true}},
			"with runtimes cut at the estimate 0.87: none brings it within the claim"},
		{[]moved{{c: killAtEstimate, value: 0.87}, {c: partitions, value: 0.87, same: true}},
			"with runtimes cut at the estimate 0.87: none brings it within the claim"},
		{[]moved{{c: partitions, value: 0.79}},
			"with each partition's nodes a machine of its own 0.79 (within the claim)"},
		// Within at the ledger's seed only: shown, not counted.
		{[]moved{{c: partitions, value: 0.79, seeds: []float64{0.85, 0.81}}},
			"with each partition's nodes a machine of its own 0.79 (within the claim at this seed, not at every other: 0.81 to 0.85 at 2 other seeds): none brings it within the claim"},
		{[]moved{{c: sessionsToEnd, value: 0.5, cost: "x fails (2.000)"}},
			"with fluid sessions ending at their jobs' last end 0.50 (within the claim, but then x fails (2.000))"},
	} {
		if got := movedText(tt.vs, ok, 2); got != tt.want {
			t.Errorf("movedText = %q, want %q", got, tt.want)
		}
	}
}

// TestFew: "a few" of n users, a magnitude word (ledger.WordRule),
// accepts at least one user and at most a tenth, with no allowance for
// noise (it accepted up to 0.1 + 2·√(0.09/100) = 0.16 over 100 users);
// "most", a direction, needs more than ½ + 2·√(¼/100) = 0.6.
func TestFew(t *testing.T) {
	e := few(100)
	for _, tt := range []struct {
		share float64
		want  bool
	}{{0, false}, {0.01, true}, {0.1, true}, {0.101, false}, {0.16, false}} {
		if got := e.Accepts(tt.share); got != tt.want {
			t.Errorf("few(100).Accepts(%v) = %v, want %v", tt.share, got, tt.want)
		}
	}
	m := most(100)
	for _, tt := range []struct {
		share float64
		want  bool
	}{{0.5, false}, {0.6, false}, {0.601, true}} {
		if got := m.Accepts(tt.share); got != tt.want {
			t.Errorf("most(100).Accepts(%v) = %v, want %v", tt.share, got, tt.want)
		}
	}
}

// TestConventionPrepare: leaving out cancelled jobs drops exactly the
// jobs of status 5; the other conventions keep the trace.
func TestConventionPrepare(t *testing.T) {
	tr := datasets.NewTrace("toy", 5)
	for i, st := range []int{1, 5, 0, 5, 1} {
		tr.Append(datasets.Job{JobID: i + 1, Submit: float64(i), Runtime: 10, Procs: 1, Status: st, User: 1})
	}
	kept, dropped := noCancelled.prepare(tr)
	if dropped != 2 || kept.Len() != 3 || slices.Contains(kept.Status, datasets.StatusCancelled) {
		t.Errorf("noCancelled: kept %v, dropped %d", kept.Status, dropped)
	}
	if same, n := killAtEstimate.prepare(tr); same != tr || n != 0 {
		t.Errorf("killAtEstimate changed the trace")
	}
}

// TestBaseline: the quick-mode ledger against its baseline
// (repro/testdata/quick, see repro/doc.go): no entry gone, no verdict
// changed, no value moved beyond its tolerance.
func TestBaseline(t *testing.T) {
	studytest.Baseline(t, "../testdata/quick/zakay2014.json", ledgerOf(t).Entries())
}

// TestExactEstimatesPrepare: exactEstimates gives every job its runtime as
// its estimate on a copy (runtimes 10, 20 and unknown; estimates 30, 5, 40
// become 10, 20 and unknown), the input left as it was.
func TestExactEstimatesPrepare(t *testing.T) {
	tr := datasets.NewTrace("toy", 3)
	for i, c := range []struct{ runtime, estimate float64 }{{10, 30}, {20, 5}, {math.NaN(), 40}} {
		tr.Append(datasets.Job{JobID: i + 1, Submit: float64(i), Runtime: c.runtime, ReqTime: c.estimate, Procs: 1, Status: 1, User: 1})
	}
	got, n := exactEstimates.prepare(tr)
	if n != 0 || got.ReqTime[0] != 10 || got.ReqTime[1] != 20 || !math.IsNaN(got.ReqTime[2]) {
		t.Errorf("exactEstimates: estimates %v, dropped %d; want [10 20 NaN], 0", got.ReqTime, n)
	}
	if tr.ReqTime[0] != 30 || tr.ReqTime[1] != 5 {
		t.Errorf("exactEstimates changed its input: %v", tr.ReqTime)
	}
}
