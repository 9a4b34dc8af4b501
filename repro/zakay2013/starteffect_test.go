package zakay2013

import (
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestStartEffectSameAsOriginal: §6.2's "in each of these we see the same
// end effects as in the original shorter trace" holds for a part whose
// share of users first seen in its first 4 weeks is the original's within
// twice the standard error of the difference; a part at twice the
// original's share (the full ledger's 33% against 15%) does not show "the
// same" effect, however far above a constant arrival rate it is. The
// expectation is our original's value, not the paper's: untested.
func TestStartEffectSameAsOriginal(t *testing.T) {
	for _, tt := range []struct {
		early float64
		n     int
		want  ledger.Verdict
	}{
		{0.33, 460, ledger.Differs}, // 0.18 above; 2 SE of the difference ≈ 0.054
		{0.16, 460, ledger.Agrees},  // 0.01 above, within ≈ 0.048
		{0.19, 460, ledger.Agrees},  // 0.04 above, within ≈ 0.049
		{0.12, 460, ledger.Agrees},  // 0.03 below, within ≈ 0.045
		{0.05, 460, ledger.Differs}, // 0.10 below, 2 SE ≈ 0.040
	} {
		r := &Fig10Result{reps: 1, early: map[int]float64{1: tt.early}, earlyN: map[int]int{1: tt.n},
			origEarly: 0.15, origN: 460, uniform: 0.08}
		l := ledger.New("zakay2013")
		r.startEffect(l, 1)
		es := l.Entries()
		e, ok := l.Lookup("fig10/part1/start_effect")
		if !ok || e.Verdict != tt.want || e.Want == nil || e.Want.Relative == "" || len(es) != 1 || (e.Verdict == ledger.Agrees && !es[0].Untested) {
			t.Errorf("early %v: %+v, want %s relative to the original, untested", tt.early, e, tt.want)
		}
	}
}
