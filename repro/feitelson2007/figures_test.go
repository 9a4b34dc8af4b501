package feitelson2007

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
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

// TestPrintedRange: a printed range is widened by half a unit of each
// end's last digit. The first case is the bounds fig11InRange had as
// literals (0.0775, 0.0985) before it took them from the shared constants:
// the same float64, so no judgement moves.
func TestPrintedRange(t *testing.T) {
	for _, tt := range []struct {
		lo, hi         string
		wantLo, wantHi float64
	}{
		{fig11Theta25Lo, fig11Theta25Hi, 0.0775, 0.0985},
		{"94", "100", 93.5, 100.5},
		{"0.5", "1.25", 0.45, 1.255},
	} {
		if lo, hi := printedRange(tt.lo, tt.hi); lo != tt.wantLo || hi != tt.wantHi {
			t.Errorf("printedRange(%q, %q) = %v, %v; want %v, %v", tt.lo, tt.hi, lo, hi, tt.wantLo, tt.wantHi)
		}
	}
	if !fig11InRange([]float64{0.0775, 0.0985}) || fig11InRange([]float64{0.0774}) || fig11InRange([]float64{0.0986}) {
		t.Error("fig11InRange: not the range 0.078–0.098 to the printed digit")
	}
}

// TestSharedPaperValuesQuoted: each shared paper value is printed in the
// paper's text as it is written in the constant.
func TestSharedPaperValuesQuoted(t *testing.T) {
	text, err := study.PaperText(File)
	if err != nil {
		t.Skip(err)
	}
	for _, want := range []string{fig5UsableLANL + "% for the LANL CM5", "from " + fig11Theta2 + " down to " + fig11Theta4,
		fig11Theta25Lo + "–" + fig11Theta25Hi} {
		if !strings.Contains(text, want) {
			t.Errorf("%q is not printed in %s", want, File)
		}
	}
}

// TestPaperValuesComparable: a value drawn on a figure as the paper's is
// one the ledger compares with ours. Each mark names the entries that
// compare it, and each of them is in the quick-mode ledger, neither not
// comparable nor on a stand-in; Fig. 11's §4 numbers, whose entries are on
// a stand-in (onStandIn), are therefore not drawn, and its caption says
// why (figureNotes).
func TestPaperValuesComparable(t *testing.T) {
	byID := map[string]ledger.Entry{}
	for _, e := range ledgerOf(t).Entries() {
		byID[e.ID] = e
	}
	for item, pvs := range paperValues {
		for _, pv := range pvs {
			if len(pv.entries) == 0 {
				t.Errorf("%s: paper values %v drawn with no entry comparing them", item, pv.values)
			}
			for _, id := range pv.entries {
				e, ok := byID[id]
				switch {
				case !ok:
					t.Errorf("%s: entry %s not in the ledger", item, id)
				case e.Verdict == ledger.NotComparable || e.StandIn != "":
					t.Errorf("%s: %s is %s (stand-in %q): its paper value must not be drawn as compared", item, id, e.Verdict, e.StandIn)
				}
			}
		}
	}
	for _, id := range []string{"fig11/theta2", "fig11/theta4", "fig11/theta2.5/range"} {
		if e, ok := byID[id]; !ok || e.Verdict != ledger.NotComparable {
			t.Errorf("%s: %+v; want not comparable (then Fig. 11 may draw §4's numbers again)", id, e.Verdict)
		}
	}
	if _, drawn := paperValues["Fig. 11"]; drawn {
		t.Error("Fig. 11 draws §4's numbers, whose entries are not comparable")
	}
	if !strings.Contains(figureNotes["Fig. 11"], "not drawn") {
		t.Errorf("Fig. 11's caption note %q does not say §4's numbers are not drawn", figureNotes["Fig. 11"])
	}
}
