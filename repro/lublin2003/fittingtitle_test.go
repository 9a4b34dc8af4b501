package lublin2003

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/fit"
)

// TestFittingTitle: the interactive fit's title says what is drawn on its
// first line, and on the second the five parameters, the scales' unit (ln
// seconds, the unit of ln runtime) and D_n (notebook 03's title was the
// parameters alone).
func TestFittingTitle(t *testing.T) {
	t.Parallel()
	h := fit.HyperGamma{Alpha1: 4.9, Beta1: 0.907, Alpha2: 70.51, Beta2: 0.127, P: 0.599}
	got := FittingTitle("KTH-SP2", h, 0.043)
	lines := strings.Split(got, "\n")
	if len(lines) != 2 {
		t.Fatalf("title %q: %d lines, want 2", got, len(lines))
	}
	if want := "hyper-Gamma density (line) over the histogram of KTH-SP2's ln runtimes"; lines[0] != want {
		t.Errorf("first line %q, want %q", lines[0], want)
	}
	if want := "α1 4.9, β1 0.907 ln s; α2 70.51, β2 0.127 ln s; weight p 0.599; D_n 0.0430"; lines[1] != want {
		t.Errorf("second line %q, want %q", lines[1], want)
	}
}
