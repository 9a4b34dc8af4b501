package feitelson2007

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestNoneIsRandom: fig11/none-is-random is judged over every set of
// sequences without repetitions (ledger.SeedsRule: the mean of the sets,
// its standard error their spread; one set, its sequences' error), and the
// slice sizes (random sampling in the generated sequences' own slices,
// ownGMed) are its reason only when they bring the mean within and every
// set one by one. Worked by hand with the source's M'_g 1 and the own
// slices' 0.98 (no bootstrap error): one set 0.98 (SE 0.002) is 0.98 ±
// 0.004 (differs) and 1.0 against the own slices (within); four sets
// 0.98, 0.99, 0.98, 0.97 (SE 0.001 each) have mean 0.98 and SE
// 0.008165/2 = 0.004082, within against the own slices (1.0 ± 0.0083) but
// 0.99 and 0.97 are not (1.0102 and 0.9898 against ± 0.00204): 2 of 4.
func TestNoneIsRandom(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name      string
		none, se  float64
		sets, ses []float64 // the further sets
		verdict   ledger.Verdict
		reason    bool
		says      []string // in our value or reason
	}{
		{"one set, the slices explain", 0.98, 0.002, nil, nil, ledger.Differs, true, []string{"relative to it the mean without repetitions (0.98000) is 1.0000"}},
		{"four sets, two outside one by one", 0.98, 0.001, []float64{0.99, 0.98, 0.97}, []float64{0.001, 0.001, 0.001}, ledger.Differs, false,
			[]string{"judged over 4 seeds", "within at 2 of 4 sets", "within at 2 of 4 seeds measured, so not a reason"}},
		{"four sets, every one within", 0.98, 0.001, []float64{0.981, 0.979, 0.98}, []float64{0.001, 0.001, 0.001}, ledger.Differs, true,
			[]string{"judged over 4 seeds", "within at 4 of 4 sets"}},
		{"agrees, the slices not within", 1, 0.002, nil, nil, ledger.Agrees, false, []string{"not within"}},
	} {
		r := &Fig11Result{Sequences: 10, gMed: 1, ownGMed: 0.98, noneSets: c.sets, noneSetSE: c.ses, seed: 1}
		l := ledger.New("test")
		r.noneIsRandom(l, c.none, c.se)
		e, ok := l.Lookup("fig11/none-is-random")
		if !ok || e.Verdict != c.verdict {
			t.Fatalf("%s: %+v, want %s", c.name, e, c.verdict)
		}
		if explained := e.Found != nil; explained != c.reason {
			t.Errorf("%s: reason %q (found %+v), want a reason: %v", c.name, e.Reason, e.Found, c.reason)
		}
		if c.reason && (e.Found.Seeds != 1+len(c.sets) || e.Found.Held != e.Found.Seeds) {
			t.Errorf("%s: found %+v, want every one of %d sets", c.name, e.Found, 1+len(c.sets))
		}
		for _, s := range c.says {
			if !strings.Contains(e.OurValue+" "+e.Reason, s) {
				t.Errorf("%s: %q / %q, want %q", c.name, e.OurValue, e.Reason, s)
			}
		}
	}
}
