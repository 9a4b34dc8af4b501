package zakay2013

import (
	"strings"
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

// TestShownPeriod: every period of Table I is shown as every table shows
// periods (tables.MonthSpan), the paper's and ours alike.
func TestShownPeriod(t *testing.T) {
	for _, l := range TableILogs {
		if got := shownPeriod(l.Period); !strings.Contains(got, "–") || strings.Contains(got, "/") {
			t.Errorf("%s: period %q shown as %q", l.Name, l.Period, got)
		}
	}
	if got := shownPeriod("12/94-12/95"); got != "Dec 1994–Dec 1995" {
		t.Errorf("SDSC-Par's period shown as %q, want Dec 1994–Dec 1995", got)
	}
}
