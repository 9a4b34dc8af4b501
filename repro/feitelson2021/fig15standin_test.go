package feitelson2021

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestFig15LeftLogStandIn: §4.4 names only the Blue log of Fig. 15 ("the
// Blue log on the right"); the left log is unnamed and "in most cases" is
// said of logs in general, so the in-body claim on a log of ours other
// than SDSC-BLUE is on a stand-in: not comparable whether the original
// lies in the body or not, with its evidence shown; the Blue entry and
// the common-week entries of ours keep their verdicts. Worked by hand:
// replicates 1..20 (the body, 5th–95th percentile, holds 1 ≤ x ≤ 19 by
// shareBelow); an original of 10 has 45% below it (in the body), one of
// 100 has 100% (outside).
func TestFig15LeftLogStandIn(t *testing.T) {
	t.Parallel()
	reps := make([]float64, 20)
	for i := range reps {
		reps[i] = float64(i + 1)
	}
	for _, c := range []struct {
		name     string
		original float64
		blue     ledger.Verdict // SDSC-BLUE/shifted: the same waits
	}{
		{"in the body", 10, ledger.Differs},
		{"outside the body", 100, ledger.Agrees},
	} {
		r := &Fig15Result{Logs: []string{"KTH-SP2", "SDSC-BLUE"}, Replicates: len(reps),
			Waits:       map[string][]float64{"KTH-SP2": reps, "SDSC-BLUE": reps},
			CommonWaits: map[string][]float64{"KTH-SP2": reps, "SDSC-BLUE": reps},
			Original:    map[string]float64{"KTH-SP2": c.original, "SDSC-BLUE": c.original}}
		l := ledger.New(Key)
		r.Claims(l)
		e, ok := l.Lookup("fig15/KTH-SP2/in-body")
		if !ok || e.Verdict != ledger.NotComparable || e.StandIn == "" || e.Found != nil || !strings.Contains(e.Reason, "KTH-SP2 stands in") {
			t.Errorf("%s: %+v, want not comparable on a stand-in for the unnamed left log", c.name, e)
		}
		if !strings.Contains(e.OurValue, "replicates below it") {
			t.Errorf("%s: our value %q, want the evidence shown", c.name, e.OurValue)
		}
		if b, _ := l.Lookup("fig15/SDSC-BLUE/shifted"); b.Verdict != c.blue || b.StandIn != "" {
			t.Errorf("%s: the Blue log, named by the paper: %s (stand-in %q), want %s", c.name, b.Verdict, b.StandIn, c.blue)
		}
		if o, _ := l.Lookup("fig15/KTH-SP2/in-body/common-week"); o.Kind != ledger.Ours || o.Verdict == ledger.NotComparable {
			t.Errorf("%s: our common-week entry %s %s, want ours, judged", c.name, o.Kind, o.Verdict)
		}
		if errs := ledger.Consistency(l.Entries()); len(errs) > 0 {
			t.Errorf("%s: %v", c.name, errs)
		}
	}
}
