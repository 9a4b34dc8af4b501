package feitelson2007

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/study"

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

// TestPaperValuesQuoted: every value drawn as the paper's (paperValues) is
// printed in the paper's text as the paper prints it: "0.180" (three
// decimals, §4), a range "0.078–0.098", or a percentage "94%" (§3.1).
func TestPaperValuesQuoted(t *testing.T) {
	text, err := study.PaperText(File)
	if err != nil {
		t.Skip(err)
	}
	for item, pvs := range paperValues {
		for _, pv := range pvs {
			for _, v := range pv.values {
				decimals, percent := fmt.Sprintf("%.3f", v.Lo), fmt.Sprintf("%g%%", 100*v.Lo)
				if v.Hi != v.Lo {
					decimals += fmt.Sprintf("–%.3f", v.Hi)
					percent = ""
				}
				if !strings.Contains(text, decimals) && (percent == "" || !strings.Contains(text, percent)) {
					t.Errorf("%s: %v drawn as the paper's, printed neither as %q nor as %q in %s", item, v, decimals, percent, File)
				}
			}
		}
	}
}
