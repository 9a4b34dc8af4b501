package feitelson2007

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestFig10SourceText: fig10/autocorrelation's statement with every source
// measured, each judged by the entry's rule (acWant: the mean over the
// seeds within the real logs' range widened by twice that source's standard
// error). Hand-worked, real logs at r 0.02 and 0.06: ours at 0.006 and 0.010,
// mean 0.008, SE 0.002 (band 0.016–0.064: not); A at 0.019 and 0.021, mean
// 0.020, SE 0.001 (within); B at 0.010 and 0.014, mean 0.012, SE 0.002 (band
// from 0.016: not); C at 0.013 and 0.019, mean 0.016, SE 0.003 (band from
// 0.014: within only by the widening): 2 of 4 sources.
func TestFig10SourceText(t *testing.T) {
	t.Parallel()
	real := []logRatio{{"R1", 0.02}, {"R2", 0.06}}
	for _, c := range []struct {
		name    string
		sources []sourceLag
		says    []string // "" for no text
		notSays []string
	}{
		{"three other sources", []sourceLag{
			{"A", ledger.MeanOverSeeds([]float64{0.019, 0.021})},
			{"B", ledger.MeanOverSeeds([]float64{0.010, 0.014})},
			{"C", ledger.MeanOverSeeds([]float64{0.013, 0.019})}},
			[]string{"A 0.0200 (SE 0.0010), within", "B 0.0120 (SE 0.0020)", "C 0.0160 (SE 0.0030), within", "within with 2 of 4 sources", "the same 2 seeds"},
			[]string{"B 0.0120 (SE 0.0020), within"}},
		{"none measured", nil, []string{""}, nil},
	} {
		r := &Fig10Result{seedLag50R: []float64{0.006, 0.010}, sourceLag50: c.sources, realLag50: real}
		got := r.sourceText()
		for _, s := range c.says {
			if s == "" && got != "" || !strings.Contains(got, s) {
				t.Errorf("%s: %q, want it to say %q", c.name, got, s)
			}
		}
		for _, s := range c.notSays {
			if strings.Contains(got, s) {
				t.Errorf("%s: %q says %q", c.name, got, s)
			}
		}
	}
}

// TestACWant: fig10/autocorrelation's band is the real logs' range of r
// at lag 50 widened by twice our standard error on each side (hand-worked:
// logs at 0.06, 0.02 and 0.04 span 0.02–0.06; SE 0.001 widens it to
// 0.018–0.062; SE 0 leaves the range).
func TestACWant(t *testing.T) {
	t.Parallel()
	real := []logRatio{{"A", 0.06}, {"B", 0.02}, {"C", 0.04}}
	for _, c := range []struct {
		se, v float64
		want  bool
	}{
		{0.001, 0.0181, true}, {0.001, 0.0179, false}, {0.001, 0.0619, true}, {0.001, 0.0621, false},
		{0, 0.02, true}, {0, 0.0199, false}, {0, 0.06, true}, {0, 0.0601, false},
		{0.001, 0.0076, false}, // the model's 8-seed mean on SDSC-Par-1996 (SE 0.0019 there) lies below every log
	} {
		if got := acWant(real, c.se).Accepts(c.v); got != c.want {
			t.Errorf("acWant(SE %g).Accepts(%g) = %v, want %v", c.se, c.v, got, c.want)
		}
	}
}
