package zakay2013

import (
	"testing"

	"github.com/tracelab/tracelab/plots/plottest"
)

// TestFigureLint lints every figure of the quick-mode study, as a reader
// would look at them (plottest.Lint): legends beside the data, at most six
// entries, labels in words, every axis labelled, no two series alike,
// titles that fit.
func TestFigureLint(t *testing.T) {
	ledgerOf(t)
	plottest.LintReachable(t, "zakay2013", quick)
}
