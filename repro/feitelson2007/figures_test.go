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
// printed in the paper's text, a single value as "0.180", a range as
// "0.078–0.098" (three decimals, as §4 prints them).
func TestPaperValuesQuoted(t *testing.T) {
	text, err := study.PaperText(File)
	if err != nil {
		t.Skip(err)
	}
	for item, pv := range paperValues {
		for _, v := range pv.values {
			want := fmt.Sprintf("%.3f", v.Lo)
			if v.Hi != v.Lo {
				want += fmt.Sprintf("–%.3f", v.Hi)
			}
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q drawn as the paper's, not in %s", item, want, File)
			}
		}
	}
}
