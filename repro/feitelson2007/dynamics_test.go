package feitelson2007

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// TestQuarterStepRatio: Fig. 6's dynamics in one number, worked by hand.
// m_max 1, 3, 1, 3: steps 2, 2, 2 over mean 2 = 1; m_med 1, 1.5, 1, 1.5:
// steps 0.5 over mean 1.25 = 0.4; ratio 2.5.
func TestQuarterStepRatio(t *testing.T) {
	t.Parallel()
	q := dataframe.New(series.New([]float64{1, 3, 1, 3}, series.Float, "m_max"), series.New([]float64{1, 1.5, 1, 1.5}, series.Float, "m_med"))
	if got := quarterStepRatio(q); math.Abs(got-2.5) > 1e-12 {
		t.Errorf("quarterStepRatio = %v, want 2.5", got)
	}
}

// TestDynamicsWant: "similar to that of real workloads" is the range of
// the real logs' values, bounds included, whatever their order, widened by
// 2 SE of the model's mean (the rule acWant uses): range 1.1–3.9, SE 0.1 →
// 0.9–4.1; SE 0 → the range itself.
func TestDynamicsWant(t *testing.T) {
	t.Parallel()
	real := []logRatio{{"A", 2.2}, {"B", 1.1}, {"C", 3.9}}
	for _, c := range []struct {
		se   float64
		v    float64
		want bool
	}{
		{0, 1.1, true}, {0, 2.0, true}, {0, 3.9, true}, {0, 1.09, false}, {0, 3.91, false}, {0, math.NaN(), false},
		{0.1, 1.09, true}, {0.1, 3.91, true}, {0.1, 0.91, true}, {0.1, 4.09, true},
		{0.1, 0.89, false}, {0.1, 4.11, false}, {0.1, math.NaN(), false},
	} {
		if got := dynamicsWant(real, c.se).Accepts(c.v); got != c.want {
			t.Errorf("dynamicsWant(SE %g).Accepts(%v) = %v, want %v", c.se, c.v, got, c.want)
		}
	}
	w := dynamicsWant(real, 0.1)
	for _, want := range []string{"1.100–3.900", "within 2 SE = 0.200"} {
		if !strings.Contains(w.Value(), want) {
			t.Errorf("paper value %q does not say %q", w.Value(), want)
		}
	}
}

// TestLikeText: the logs the model is alike to (factor 1.25: 2.0 is alike
// to 1.7 (2.0/1.7 = 1.18) and 2.4 (2.4/2.0 = 1.2), not to 1.1 or 3.9) and
// the logs whose median is much steadier (ratio beyond 1.25: 1.7, 2.4, 3.9).
func TestLikeText(t *testing.T) {
	t.Parallel()
	real := []logRatio{{"A", 1.1}, {"B", 1.7}, {"C", 2.4}, {"D", 3.9}}
	got := likeText(real, 2.0)
	for _, want := range []string{"alike (within the likeness factor 1.25, ledger.Like) to 2 of 4 (B, C)", "on 3 of 4 real logs"} {
		if !strings.Contains(got, want) {
			t.Errorf("likeText: %q, want it to say %q", got, want)
		}
	}
	if got := likeText(real, 10); !strings.Contains(got, "to 0 of 4 (none)") {
		t.Errorf("likeText(10): %q, want it to say to 0 of 4 (none)", got)
	}
}

// TestDynamicsSeedText: how many of the model's seeds, and of the runs
// without repetitions, lie within the real logs' range (1–3 here).
func TestDynamicsSeedText(t *testing.T) {
	t.Parallel()
	r := &Fig10Result{real: []logRatio{{"A", 1}, {"B", 3}}, seedDynamics: []float64{2, 2.5, 4}, plainDynamics: []float64{0.5, 5, 1.5}}
	got := r.dynamicsSeedText()
	// The plain runs' mean 2.333, SE 1.364 (sd 2.363/√3): within 1–3
	// widened by 2.728.
	for _, want := range []string{"2 of 3 within the real logs' range", "1 of 3 within the range (the model: 2 of 3)", "mean 2.333 (standard error 1.364: within", "weak evidence"} {
		if !strings.Contains(got, want) {
			t.Errorf("dynamicsSeedText: %q, want it to say %q", got, want)
		}
	}
	// No run without repetitions within the range, and their mean 9.667
	// (SE 0.333) beyond 3 + 0.667: the rule tells them apart.
	apart := &Fig10Result{real: r.real, seedDynamics: r.seedDynamics, plainDynamics: []float64{9, 10, 10}}
	if got := apart.dynamicsSeedText(); strings.Contains(got, "weak evidence") || !strings.Contains(got, "0.333: outside") {
		t.Errorf("dynamicsSeedText, plain runs all outside: %q, want no weak-evidence remark and the mean outside", got)
	}
	if got := (&Fig10Result{}).dynamicsSeedText(); got != "" {
		t.Errorf("no seeds: %q, want empty", got)
	}
}
