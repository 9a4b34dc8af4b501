package feitelson2007

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/plots/plottest"
)

// TestFigureLint lints every figure of the quick-mode study, as a reader
// would look at them (plottest.Lint).
func TestFigureLint(t *testing.T) {
	ledgerOf(t)
	plottest.LintReachable(t, "feitelson2007", quick)
}

// TestShownPeriod: every period of Table 6 is shown as every table shows
// periods (tables.MonthSpan), the paper's and ours alike.
func TestShownPeriod(t *testing.T) {
	for _, l := range table6 {
		if got := shownPeriod(l.period); !strings.Contains(got, "–") || strings.Contains(got, "/") {
			t.Errorf("%s: period %q shown as %q", l.file, l.period, got)
		}
	}
	if got := shownPeriod("1/1995–12/1995"); got != "Jan 1995–Dec 1995" {
		t.Errorf("SDSC-Par-1995's period shown as %q, want Jan 1995–Dec 1995", got)
	}
}
