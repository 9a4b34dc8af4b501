package beyond

import (
	"testing"

	"github.com/tracelab/tracelab/plots/plottest"
)

// TestFigureLint lints every figure of the quick-mode study, as a reader
// would look at them (plottest.Lint): a figure per experiment.
func TestFigureLint(t *testing.T) {
	ledgerOf(t)
	figs, _ := plottest.Reachable(quick)
	if len(figs) < 5 {
		t.Errorf("%d figures, want one per experiment (at least 5)", len(figs))
	}
	plottest.LintReachable(t, "beyond", quick)
}
