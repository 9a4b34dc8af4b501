package feitelson2007

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestFig8EveryLog: the paper names no log for Fig. 8 and words its
// findings as properties of the metrics, so each claim is judged on every
// log measured, by the least favourable one, and agrees only when it holds
// on all. Values worked by hand on two-cell grids (1 and 3 days at 24
// ranges, sensitivityFrame): M_max 0.7 and 0.3, M_med 0.08 and 0.05 give a
// range ratio 0.4/0.03 = 13.3, an M_med range 0.03 and the largest M_max
// at 1 day; M_med 0.2 and 0.1 give ratio 4 and range 0.1; M_max 0.3 and
// 0.7 put the largest at 3 days.
func TestFig8EveryLog(t *testing.T) {
	t.Parallel()
	stable := sensitivityFrame([2]float64{0.7, 0.3}, [2]float64{0.08, 0.05})
	noisy := logSpread{log: "noisy", claims: fig8Values(sensitivityFrame([2]float64{0.7, 0.3}, [2]float64{0.2, 0.1}))}
	long := logSpread{log: "long", claims: fig8Values(sensitivityFrame([2]float64{0.3, 0.7}, [2]float64{0.08, 0.05}))}
	for _, c := range []struct {
		name      string
		others    []logSpread
		want      [3]ledger.Verdict // max-sensitive, med-stable, max-short-slices
		ratio     float64           // the smallest ratio over the logs
		spread    float64           // the largest M_med range over the logs
		holdsText string            // in med-stable's note or value
	}{
		{"one log, every claim holds", nil, [3]ledger.Verdict{ledger.Agrees, ledger.Agrees, ledger.Agrees}, 0.4 / 0.03, 0.03, "holds on 1 of 1 logs"},
		{"a second log not stable", []logSpread{noisy}, [3]ledger.Verdict{ledger.Agrees, ledger.Differs, ledger.Agrees}, 4, 0.1, "holds on 1 of 2 logs"},
		{"a second log peaking at 3 days", []logSpread{long}, [3]ledger.Verdict{ledger.Agrees, ledger.Agrees, ledger.Differs}, 0.4 / 0.03, 0.03, "holds on 2 of 2 logs"},
	} {
		r := &Fig8Result{Log: "ours", Frame: stable, reps: 1000, others: c.others, otherReps: 100}
		l := ledger.New("test")
		r.Claims(l)
		for i, id := range []string{"fig8/max-sensitive", "fig8/med-stable", "fig8/max-short-slices"} {
			e, ok := l.Lookup(id)
			if !ok {
				t.Fatalf("%s: no entry %s", c.name, id)
			}
			if e.Verdict != c.want[i] {
				t.Errorf("%s: %s %s, want %s (%s)", c.name, id, e.Verdict, c.want[i], e.OurValue)
			}
			if e.Found != nil {
				t.Errorf("%s: %s has a reason found (%s): no log is chosen as Fig. 8's", c.name, id, e.Reason)
			}
		}
		sens, _ := l.Lookup("fig8/max-sensitive")
		stab, _ := l.Lookup("fig8/med-stable")
		if d := sens.Number() - c.ratio; d > 1e-9 || d < -1e-9 {
			t.Errorf("%s: max-sensitive %g, want the smallest ratio %g", c.name, sens.Number(), c.ratio)
		}
		if d := stab.Number() - c.spread; d > 1e-9 || d < -1e-9 {
			t.Errorf("%s: med-stable %g, want the largest range %g", c.name, stab.Number(), c.spread)
		}
		if !strings.Contains(stab.OurValue+stab.Reason, c.holdsText) {
			t.Errorf("%s: med-stable says %q / %q, want %q", c.name, stab.OurValue, stab.Reason, c.holdsText)
		}
	}
}
