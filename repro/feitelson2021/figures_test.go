package feitelson2021

import (
	"context"
	"testing"

	"github.com/tracelab/tracelab/plots/plottest"
)

// TestFigureLint lints every figure of the quick-mode study, as a reader
// would look at them (plottest.Lint).
func TestFigureLint(t *testing.T) {
	ledgerOf(t)
	// Fig. 12 and Table 1 are drawn from Fig. 17's sweep, not memoised.
	f12, err := quick.Fig12(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	plottest.LintReachable(t, "feitelson2021", struct {
		*Study
		*Fig12Result
	}{quick, f12})
}
