package zakay2013

import (
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
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

// TestGroupByQuantity: the panels of Figs 8 and 9 come a log at a time;
// the figure groups them by quantity, as §6.1 describes Fig. 8 ("The top
// two rows show that the throughput ..."), with a row break before each
// quantity after the first, so a log keeps its column.
func TestGroupByQuantity(t *testing.T) {
	for _, tt := range []struct {
		name       string
		in         []string // log:quantity, in the builder's order
		want       string
		wantBreaks []int
	}{
		{"two logs", []string{"A:thr", "A:util", "B:thr", "B:util"}, "A:thr B:thr A:util B:util", []int{2}},
		{"seven logs", []string{"1:t", "1:u", "2:t", "2:u", "3:t", "3:u", "4:t", "4:u", "5:t", "5:u", "6:t", "6:u", "7:t", "7:u"},
			"1:t 2:t 3:t 4:t 5:t 6:t 7:t 1:u 2:u 3:u 4:u 5:u 6:u 7:u", []int{7}},
		{"one quantity", []string{"A:thr", "B:thr"}, "A:thr B:thr", nil},
		{"none", nil, "", nil},
	} {
		var panels []*plot.Plot
		for _, s := range tt.in {
			log, q, _ := strings.Cut(s, ":")
			panels = append(panels, plots.New(plots.Axes{Title: log, XLabel: q, YLabel: "resampled logs"}))
		}
		got, breaks := groupByQuantity(panels)
		var names []string
		for _, p := range got {
			names = append(names, p.Title.Text+":"+p.X.Label.Text)
		}
		if s := strings.Join(names, " "); s != tt.want || !slices.Equal(breaks, tt.wantBreaks) {
			t.Errorf("%s: %q, breaks %v; want %q, %v", tt.name, s, breaks, tt.want, tt.wantBreaks)
		}
	}
	if !byQuantity["Fig. 8"] || !byQuantity["Fig. 9"] {
		t.Error("Figs 8 and 9 are not grouped by quantity")
	}
}
